import DashImport
import DashModel
import DashStore
import Foundation

enum ImportCommands {
    static let gpx = CommandSpec(
        path: ["import", "gpx"], abstract: "Import GPX tracks as route samples of the right shifts.",
        usage: "import gpx FILE... [--shift ID] [--dry-run] [--max-accuracy M]",
        arguments: [("FILE", "GPX 1.0 or 1.1 files, as tracking apps write them.")],
        options: [
            OptionHelp(name: "shift", value: "ID", help: "Put every track on this shift instead of the one that covers it."),
            OptionHelp(name: "dry-run", value: nil, help: "Read and judge everything, print the summary, write nothing."),
            OptionHelp(name: "max-accuracy", value: "M", help: "Reject points less accurate than M metres (default 50)."),
        ],
        discussion: """
            Each track segment becomes a capture session. A track goes to the shift that covers
            its time (or --shift), else to a new completed shift spanning its accepted points.
            Points are judged as the capture path judges them: a point not later than the one
            before, less accurate than --max-accuracy, or implying a speed above 70 m/s is
            rejected and counted. With --shift, points outside that shift are left out. A
            segment whose first point the shift already has is skipped (imported before). Only time, latitude, longitude and accuracy are kept. Each file
            is one transaction: a file with any problem adds nothing, and every problem is listed
            with its line. A file already imported, or another holding the same points, adds
            nothing. Waypoints and routes are ignored.
            """,
        store: .create,
        run: { run in
            let files = run.arguments.positionals
            guard !files.isEmpty else { throw UsageError(message: "missing FILE") }
            let forced = try run.arguments.value("shift").map { try run.id($0, what: "--shift") }
            var thresholds = AcceptanceFilter.Thresholds()
            if let text = try run.arguments.value("max-accuracy") {
                guard let metres = Double(text), metres.isFinite, metres > 0 else {
                    throw UsageError(message: "--max-accuracy must be a number of metres above 0, not '\(text)'")
                }
                thresholds.maxAccuracyMetres = metres
            }
            let store = try run.importStore()
            return run.importEach(files) { importOne($0, store: store, forced: forced, thresholds: thresholds, run: run) }
        })

    /// Imports one file in its own transaction; prints its summary or its problems.
    static func importOne(_ path: String, store: Store, forced: Int64?, thresholds: AcceptanceFilter.Thresholds, run: Invocation) -> ExitCode {
        let name = (path as NSString).lastPathComponent
        let dryRun = run.arguments.has("dry-run")
        let progress = Progress(name: name, total: FileChunks.size(path), run: run)
        defer { progress.clear() }
        do {
            let outcome: GPXImportOutcome = try store.write {
                let importID = try store.beginImport(kind: .gpx, fileName: name, sha256: String(repeating: "0", count: 64),
                                                     template: nil, at: run.now)
                let job = GPXImportJob(store: store, importID: importID, fileName: name, forcedShift: forced)
                // The file is read and judged on another thread while this one writes.
                let stream = GPXStream(path: path, thresholds: thresholds)
                while let batch = stream.next() {
                    do {
                        for event in batch.events { try job.apply(event) }
                    } catch {
                        stream.cancel()
                        throw error
                    }
                    progress.update(batch.bytesRead)
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
                    throw Rollback(outcome: outcome)
                }
                if let earlier = try store.earlierImport(kind: .gpx, sha256: result.sha256, contentSha256: result.contentSha256,
                                                         except: importID) {
                    outcome.duplicateOf = earlier
                    throw Rollback(outcome: outcome)
                }
                // Nothing to add (every point already on its shift, left out, or rejected): no
                // import is recorded.
                if job.written == 0 { throw Rollback(outcome: outcome) }
                try store.finishImport(importID, sha256: result.sha256, contentSha256: result.contentSha256, summary: addedText(outcome))
                if dryRun { throw Rollback(outcome: outcome) }
                return outcome
            }
            progress.clear()
            report(outcome, written: true, run: run)
            return .success
        } catch let rollback as Rollback {
            progress.clear()
            report(rollback.outcome, written: false, run: run)
            return .success
        } catch let error as GPXReadError {
            progress.clear()
            for problem in error.problems {
                run.context.console.err("dashpilot: error: \(path):\(problem.line > 0 ? "\(problem.line):" : "") \(problem.message)\n")
            }
            if error.problems.count >= GPXReader.maxProblems {
                run.context.console.err("dashpilot: \(path): more problems not listed\n")
            }
            run.context.console.err("dashpilot: \(path): nothing imported\n")
            return .dataError
        } catch let error as GPXFileError {
            progress.clear()
            run.context.console.err("dashpilot: error: \(path): \(error.message)\ndashpilot: \(path): nothing imported\n")
            return .noInput
        } catch let error as TrackPlacementError {
            progress.clear()
            run.context.console.err("dashpilot: error: \(path): \(error.message)\ndashpilot: \(path): nothing imported\n")
            return .dataError
        } catch let error as ModelError {
            progress.clear()
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            if case .notFound = error { return .failure }
            return .dataError
        } catch {
            progress.clear()
            return DashPilotCLI.report(error, console: run.context.console, storePath: run.storePath, file: path)
        }
    }

    /// Thrown to roll back a dry run or a duplicate while keeping what was learned.
    struct Rollback: Error {
        let outcome: GPXImportOutcome
    }

    static func addedText(_ outcome: GPXImportOutcome) -> String {
        var parts: [String] = []
        if !outcome.shiftsCreated.isEmpty {
            parts.append((outcome.shiftsCreated.count == 1 ? "new shift " : "new shifts ") + outcome.shiftsCreated.map(String.init).joined(separator: ", "))
        }
        if !outcome.shiftsUsed.isEmpty {
            parts.append((outcome.shiftsUsed.count == 1 ? "on shift " : "on shifts ") + outcome.shiftsUsed.map(String.init).joined(separator: ", "))
        }
        parts.append(plural(outcome.captureSessions, "capture session"))
        parts.append(plural(outcome.written, "route sample"))
        let rejected = outcome.rejected.values.reduce(0, +)
        if rejected > 0 { parts.append(plural(rejected, "point") + " rejected") }
        return parts.joined(separator: "; ")
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static func report(_ outcome: GPXImportOutcome, written: Bool, run: Invocation) {
        guard !run.quiet else { return }
        let read = outcome.read
        if outcome.empty {
            run.print("\(outcome.fileName): no track points; nothing imported"
                      + (read.waypointsIgnored + read.routesIgnored > 0
                         ? " (\(plural(read.waypointsIgnored, "waypoint")) and \(plural(read.routesIgnored, "route")) are not driven miles)" : ""))
            return
        }
        if let earlier = outcome.duplicateOf {
            run.print("\(outcome.fileName): already imported as import \(earlier.id) (\(earlier.fileName)); nothing added")
            return
        }
        if outcome.written == 0, outcome.alreadyRecorded > 0, outcome.outsideShift == 0 {
            run.print("\(outcome.fileName): all of its segments are already in the store; nothing added")
            return
        }
        if outcome.written == 0 {
            let reasons = [outcome.alreadyRecorded > 0 ? "\(plural(outcome.alreadyRecorded, "point")) already in the store" : nil,
                           outcome.outsideShift > 0 ? "\(plural(outcome.outsideShift, "point")) outside the shift" : nil,
                           outcome.rejected.isEmpty ? nil : "\(plural(outcome.rejected.values.reduce(0, +), "point")) rejected"]
                .compactMap { $0 }
            run.print("\(outcome.fileName): nothing to add (\(reasons.joined(separator: ", "))); nothing imported")
            return
        }
        let creator = read.creator.isEmpty ? "" : " by \(read.creator)"
        let head = written ? "imported as import \(outcome.importID ?? 0)" : "dry run, nothing written"
        run.print("\(outcome.fileName): \(head): GPX \(read.version)\(creator), \(plural(read.tracks, "track")), "
                  + "\(plural(read.segments, "segment")), \(plural(read.points, "point"))")
        run.print("  \(written ? "added" : "would add"): " + addedText(outcome))
        let rejected = outcome.rejected.values.reduce(0, +)
        if rejected > 0 {
            let reasons = AcceptanceFilter.Rejection.allCases.compactMap { reason in
                outcome.rejected[reason].map { "\(reason.rawValue): \($0)" }
            }
            run.print("  rejected: \(rejected) (\(reasons.joined(separator: ", ")))")
        }
        if outcome.alreadyRecorded > 0 {
            run.print("  skipped: \(plural(outcome.alreadyRecorded, "point")) of segments already in the store")
        }
        if outcome.outsideShift > 0 {
            run.print("  left out: \(plural(outcome.outsideShift, "point")) outside the shift")
        }
        if read.waypointsIgnored + read.routesIgnored > 0 {
            run.print("  ignored: \(plural(read.waypointsIgnored, "waypoint")), \(plural(read.routesIgnored, "route"))")
        }
        if read.timesWithoutZone > 0 {
            run.print("  note: \(plural(read.timesWithoutZone, "time")) had no zone and were read as UTC, as the GPX schema says")
        }
    }

    static let list = CommandSpec(
        path: ["imports"], abstract: "List imported files.", usage: "imports [list]", store: .existing,
        run: { run in try listImports(run) })

    static let listAlias = CommandSpec(
        path: ["imports", "list"], abstract: "List imported files (the same as 'imports').", usage: "imports list", store: .existing,
        run: { run in try listImports(run) })

    static func listImports(_ run: Invocation) throws -> ExitCode {
        _ = try run.arguments.positionals([])
        let records = try run.store.imports()
        if records.isEmpty {
            if !run.quiet { run.print("no imports") }
            return .success
        }
        var table = TextTable(headers: ["ID", "IMPORTED", "KIND", "FILE", "ADDED"], rightAligned: [0])
        for record in records {
            table.rows.append([String(record.id), run.local(record.importedAt), record.kind.rawValue, record.fileName, record.summary])
        }
        run.context.console.out(table.render())
        return .success
    }

    static let undo = CommandSpec(
        path: ["imports", "undo"], abstract: "Remove exactly what one import added.",
        usage: "imports undo ID [--dry-run]", arguments: [("ID", "The import, as 'dashpilot imports' lists it.")],
        options: [OptionHelp(name: "dry-run", value: nil, help: "Say what the undo would remove and keep; change nothing.")],
        discussion: """
            Removes what the import added, in one transaction, as if it had never been
            imported: a row another import also holds stays (held by that one), a shift it
            made that another import's rows are on stays (fitted to them), and a figure it
            replaced counts again. Refused when a shift it created has since had something
            you entered recorded on it.
            """,
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            let dryRun = run.arguments.has("dry-run")
            let undone = try run.store.undoImport(id, dryRun: dryRun)
            if !run.quiet {
                run.print("\(dryRun ? "dry run, nothing changed: undoing" : "undid") import \(id) (\(undone.record.fileName))"
                          + (dryRun ? " would have " : ": ") + undoSummary(undone))
            }
            return .success
        })
}

/// What an undo removed, every kind it touched and only those (issue 13, item 5: undoing a
/// delivery log said "removed 0 shifts, 0 capture sessions, 0 route samples").
func undoSummary(_ undone: ImportUndo) -> String {
    func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
    let parts = [(undone.shifts, "shift", "shifts"), (undone.captureSessions, "capture session", "capture sessions"),
                 (undone.routeSamples, "route sample", "route samples"), (undone.deliveries, "delivery", "deliveries"),
                 (undone.moneyLines, "money line", "money lines"), (undone.expenses, "expense", "expenses")]
        .filter { $0.0 > 0 }.map { count($0.0, $0.1, $0.2) }
    var text = parts.isEmpty ? "removed nothing" : "removed " + parts.joined(separator: ", ")
    if undone.earningsCleared > 0 { text += "; earnings back to not recorded on \(count(undone.earningsCleared, "shift", "shifts"))" }
    if undone.rowsKept > 0 { text += "; kept \(count(undone.rowsKept, "record", "records")) another import also holds" }
    if undone.shiftsKept > 0 { text += "; kept \(count(undone.shiftsKept, "shift", "shifts")) another import's records are on" }
    if undone.figuresRestored > 0 { text += "; \(count(undone.figuresRestored, "figure", "figures")) it had replaced count again" }
    return text
}

/// A progress bar on stderr for long imports, only when stderr is a terminal and not --quiet.
final class Progress {
    private let name: String
    private let total: Int64?
    private let console: Console
    private let enabled: Bool
    private var shown = -1
    private var drawn = false

    /// Files smaller than this import too fast for a bar to help.
    static let threshold: Int64 = 8 << 20

    init(name: String, total: Int64?, run: Invocation) {
        self.name = name
        self.total = total
        console = run.context.console
        enabled = !run.quiet && run.context.console.stderrIsTerminal && (total ?? 0) >= Progress.threshold
    }

    func update(_ done: Int64) {
        guard enabled, let total, total > 0 else { return }
        let percent = Int(min(100, done * 100 / total))
        guard percent != shown else { return }
        shown = percent
        drawn = true
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        console.err("\r\(name.prefix(30)) [\(bar)] \(percent)% of \(total >> 20) MB")
    }

    func clear() {
        guard drawn else { return }
        drawn = false
        console.err("\r\u{1B}[K")
    }
}
