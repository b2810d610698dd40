import DashImport
import DashModel
import DashStore
import Foundation

/// What to do with a GPX file's tracks (the command's options).
public struct GPXOptions: Sendable {
    /// Put every track on this shift instead of the one that covers it.
    public var forcedShift: Int64?
    /// A break in a track longer than this starts another shift (`--split-gap`; nil: 60 minutes).
    public var splitGapMilliseconds: Int64?
    public var thresholds: AcceptanceFilter.Thresholds
    /// Judge everything, roll it back, keep the outcome.
    public var dryRun: Bool
    /// When the import is recorded.
    public var now: Instant
    /// The zone messages print times in (the command's, when it has one; else UTC).
    public var displayZone: TimeZone?

    public init(now: Instant, forcedShift: Int64? = nil, thresholds: AcceptanceFilter.Thresholds = .init(), dryRun: Bool = false) {
        self.now = now
        self.forcedShift = forcedShift
        self.thresholds = thresholds
        self.dryRun = dryRun
    }
}

/// A GPX file's tracks put into the record (``GPXImportJob``: each track on the shift that
/// covers it, or a new one), as one transaction. Moved here from the command line
/// (Sources/DashCLI/ImportCommands.swift, `importOne`) unchanged in its rules.
public enum GPXIngest {
    /// Imports `path` into `store`. `progress` is told the bytes read so far. Throws
    /// `GPXReadError` (the file's problems, with lines), `GPXFileError`, `TrackPlacementError`
    /// and the store's errors; nothing is written then.
    public static func run(_ path: String, store: Store, options: GPXOptions,
                           progress: (Int64) -> Void = { _ in }) throws -> ImportEnd<GPXImportOutcome> {
        let name = (path as NSString).lastPathComponent
        return try ImportSession.run(store: store, kind: .gpx, fileName: name, sha256: nil, template: nil, at: options.now,
                                     dryRun: options.dryRun) { session in
            let importID = session.importID
            let gap = options.splitGapMilliseconds ?? ShiftRules.defaultSplitGapMilliseconds
            let job = GPXImportJob(store: store, importID: importID, fileName: name, forcedShift: options.forcedShift, displayZone: options.displayZone,
                                   splitGap: gap)
            // The file is read and judged on another thread while this one writes.
            let stream = GPXStream(path: path, thresholds: options.thresholds)
            while let batch = stream.next() {
                do {
                    for event in batch.events { try job.apply(event) }
                } catch {
                    stream.cancel()
                    throw error
                }
                progress(batch.bytesRead)
            }
            let result = try stream.result()
            var outcome = GPXImportOutcome(fileName: name)
            outcome.read = result.summary
            outcome.accepted = result.accepted
            outcome.rejected = result.rejected
            outcome.captureSessions = job.captureSessions
            outcome.shiftsCreated = job.shiftsCreated
            outcome.shiftsUsed = job.shiftsUsed
            outcome.importID = importID
            outcome.alreadyRecorded = job.alreadyRecorded
            outcome.outsideShift = job.outsideShift
            outcome.written = job.written
            // A file with no track point adds nothing and is not recorded (its content
            // fingerprint would match every other such file).
            if result.summary.points == 0 {
                outcome.empty = true
                return .nothingAdded(outcome)
            }
            // Known before anything else is decided: the same file adds nothing.
            if let earlier = try session.earlierImport(sha256: result.sha256, contentSha256: result.contentSha256) {
                outcome.duplicateOf = earlier
                return .duplicate(of: earlier, outcome)
            }
            if options.forcedShift == nil, job.written > 0 {
                // The route parked: each segment is cut at breaks longer than the gap, the
                // planner places it all, then each instant another import's route shares keeps
                // the better position, the other kept aside (docs/gpx.md, "Into the record").
                if let chosen = options.splitGapMilliseconds { try store.setImportSplitGap(importID, milliseconds: chosen) }
                let route = try store.prepareImportedRoute(importID, splitGap: gap, known: job.sessionParts)
                outcome.captureSessions += route.sessionsCut
                do {
                    if let hull = try store.importedRouteHull(importID) {
                        let settled = try store.settleShifts(from: hull.start, to: hull.end)
                        outcome.strays = settled.strayPoints
                        outcome.written -= settled.strayPoints
                        outcome.outsideDriverShifts = settled.outsideDriverShifts
                        let holding = try store.shiftsHolding(captureSessionsOf: importID)
                        let made = Set(settled.created).union(job.shiftsCreated)
                        outcome.shiftsCreated = holding.filter(made.contains)
                        outcome.shiftsUsed = holding.filter { !made.contains($0) }
                        outcome.captureSessions = try store.captureSessionCount(importID: importID)
                    }
                } catch let refused as SettleRefused {
                    throw TrackPlacementError(message: refused.description)
                }
                let instants = try store.resolveImportedRoute(importID, tieKey: result.contentSha256)
                outcome.setAside = instants.setAside
                outcome.displaced = instants.displaced
                outcome.written -= instants.setAside
            }
            // Nothing to add (every point left out, rejected or a stray): no import is recorded.
            // A file whose positions are all kept aside is recorded: it holds them.
            if outcome.written <= 0, outcome.setAside == 0 { return .nothingAdded(outcome) }
            return .record(outcome, sha256: result.sha256, contentSha256: result.contentSha256, summary: addedText(outcome))
        }
    }

    /// What the file added, as the import's summary and the command's "added" line.
    public static func addedText(_ outcome: GPXImportOutcome) -> String {
        var parts: [String] = []
        if !outcome.shiftsCreated.isEmpty {
            parts.append((outcome.shiftsCreated.count == 1 ? "new shift " : "new shifts ") + outcome.shiftsCreated.map(String.init).joined(separator: ", "))
        }
        if !outcome.shiftsUsed.isEmpty {
            parts.append((outcome.shiftsUsed.count == 1 ? "on shift " : "on shifts ") + outcome.shiftsUsed.map(String.init).joined(separator: ", "))
        }
        parts.append(plural(outcome.captureSessions, "capture session"))
        parts.append(plural(outcome.written, "route sample"))
        if outcome.setAside > 0 { parts.append(plural(outcome.setAside, "position") + " held aside") }
        let rejected = outcome.rejected.values.reduce(0, +)
        if rejected > 0 { parts.append(plural(rejected, "point") + " rejected") }
        return parts.joined(separator: "; ")
    }

    public static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
