import DashImport
import DashModel
import DashStore
import Foundation

/// What importing one GPX file did (or, in a dry run, would do).
public struct GPXImportOutcome {
    public var fileName: String
    public var read = GPXReadSummary()
    public var accepted = 0
    public var rejected: [AcceptanceFilter.Rejection: Int] = [:]
    public var captureSessions = 0
    public var shiftsCreated: [Int64] = []
    public var shiftsUsed: [Int64] = []
    public var importID: Int64?
    /// Set when the file (or its content) was imported before: nothing was added.
    public var duplicateOf: ImportRecord?
    /// Set when the file has no track point: nothing to add, nothing recorded.
    public var empty = false
    /// Points of segments skipped with `--shift`: the shift's route already holds their first instant.
    public var alreadyRecorded = 0
    /// Positions kept aside: at their instants the route keeps another import's (the better by
    /// docs/gpx.md's rule); they come back if that import is undone.
    public var setAside = 0
    /// Other imports' positions this file's better ones replaced (kept aside for them).
    public var displaced = 0
    /// Points rejected as stray fixes: more than the split gap from every other point of the file.
    public var strays = 0
    /// The driver's shifts whose times some of the file lies outside: how much and how far (ms).
    public var outsideDriverShifts: [(shift: Int64, outside: Int64, beyond: Int64)] = []
    public var outsideShift = 0
    public var written = 0

    /// Every timed point of the file was rejected (by the filter or as a stray fix): nothing was
    /// kept, and not because the store already had it. The command refuses such a file (exit 65).
    public var allRejected: Bool {
        !empty && duplicateOf == nil && written <= 0 && alreadyRecorded == 0 && outsideShift == 0
            && rejected.values.reduce(0, +) + strays > 0
    }
}

/// A track that does not fit the shift it must go to.
public struct TrackPlacementError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Writes a GPX file's accepted points into the store as the reading thread hands them over,
/// inside the caller's transaction: memory stays flat whatever the file's size, and a problem
/// anywhere rolls back everything the file wrote.
///
/// Each `trkseg` is a capture session. Each `trk` goes to `forcedShift`, else to the shift that
/// covers its first accepted point (the whole track must then lie within it), else to a new
/// completed shift that starts at its first accepted point and, once the track is read, ends at
/// its last. Segments and tracks with no accepted point add nothing.
final class GPXImportJob {
    private let store: Store
    private let importID: Int64
    private let fileName: String
    private let forcedShift: Int64?
    private(set) var captureSessions = 0
    private(set) var shiftsCreated: [Int64] = []
    private(set) var shiftsUsed: [Int64] = []
    private var shiftsSeen: Set<Int64> = []
    private(set) var written = 0
    /// Points of segments the shift's route already holds (imported before, from this or
    /// another file): skipped.
    private(set) var alreadyRecorded = 0
    /// Points outside the `--shift` shift's span: left out.
    private(set) var outsideShift = 0

    // The track being read.
    private var trackIndex = 0
    private var trackShift: Shift?
    private var trackCreatedShift = false
    private var trackFirst: Instant?
    private var trackLast: Instant?
    // The segment being read.
    private var segmentLabel = ""
    private var segmentStarted = false
    private var segmentSkipped = false
    private var writer: RouteWriter?
    private var pending: [Position] = []
    private var segmentLast: Instant?

    /// The zone messages print times in; nil: UTC.
    private let displayZone: TimeZone?

    /// Each capture session's parts as its points arrive (a part ends at a break longer than
    /// `splitGap`), while every session's points arrive in time order: what
    /// ``Store/prepareImportedRoute(_:splitGap:known:)`` would find by reading the route back.
    /// Nil once a session's points go back in time (the store then reads them in order).
    var sessionParts: [Int64: [(start: Int64, end: Int64)]]? {
        guard partsInOrder else { return nil }
        var all = closedParts
        if let open = openPart { all[open.session, default: []].append((open.start, open.end)) }
        return all
    }
    private var closedParts: [Int64: [(start: Int64, end: Int64)]] = [:]
    private var openPart: (session: Int64, start: Int64, end: Int64)?
    private var partsInOrder = true
    private var splitGap: Int64 = ShiftRules.defaultSplitGapMilliseconds

    init(store: Store, importID: Int64, fileName: String, forcedShift: Int64?, displayZone: TimeZone? = nil, splitGap: Int64? = nil) {
        self.displayZone = displayZone
        if let splitGap { self.splitGap = splitGap }
        self.store = store
        self.importID = importID
        self.fileName = fileName
        self.forcedShift = forcedShift
        pending.reserveCapacity(1024)
    }

    func apply(_ event: GPXEvent) throws {
        switch event {
        case .trackBegan(let index):
            trackIndex = index
            trackShift = nil
            trackCreatedShift = false
            trackFirst = nil
            trackLast = nil
        case let .segmentBegan(track, segment):
            writer = nil
            segmentLast = nil
            segmentStarted = false
            segmentSkipped = false
            segmentLabel = "\(fileName) track \(track + 1) segment \(segment + 1)"
        case .accepted(let point):
            try write(point)
        case .segmentEnded:
            try flush()
            if let writer, let segmentLast { try store.endCapture(writer.captureSessionID, at: segmentLast) }
            writer?.finish()
            writer = nil
        case .trackEnded:
            try endTrack()
        }
    }

    private func write(_ point: GPXPoint) throws {
        let shift = try placeTrack(at: point)
        if let forcedShift = forcedShift, forcedShift == shift.id,
           point.at < shift.start || (shift.end.map { point.at > $0 } ?? false) {
            outsideShift += 1
            return
        }
        if !segmentStarted, forcedShift != nil {
            segmentStarted = true
            // A segment whose first point the shift's route already has was imported before
            // (the same file re-saved, or a longer export holding it): adding it again would
            // count its miles twice.
            segmentSkipped = try store.routeHasSample(shiftID: shift.id, at: point.at)
        }
        if segmentSkipped {
            alreadyRecorded += 1
            return
        }
        if writer == nil {
            writer = try store.beginCapture(shiftID: shift.id, startedAt: point.at, source: segmentLabel, importID: importID)
            captureSessions += 1
            if forcedShift != nil, shiftsSeen.insert(shift.id).inserted { shiftsUsed.append(shift.id) }
        }
        pending.append(try Position(at: point.at, latitude: point.latitude, longitude: point.longitude,
                                    horizontalAccuracy: point.horizontalAccuracy))
        if let session = writer?.captureSessionID { notePart(session, point.at.millisecondsSinceEpoch) }
        if pending.count >= 1024 { try flush() }
        trackFirst = min(trackFirst ?? point.at, point.at)
        trackLast = max(trackLast ?? point.at, point.at)
        segmentLast = point.at
        written += 1
    }

    private func notePart(_ session: Int64, _ at: Int64) {
        guard partsInOrder else { return }
        if let open = openPart, open.session == session {
            if at < open.end {
                partsInOrder = false
                return
            }
            if at - open.end <= splitGap {
                openPart = (session, open.start, at)
                return
            }
            closedParts[session, default: []].append((open.start, open.end))
        } else {
            if let open = openPart { closedParts[open.session, default: []].append((open.start, open.end)) }
            // A session's points arrive together (one segment): one seen again is read from the store.
            if closedParts[session] != nil {
                partsInOrder = false
                return
            }
        }
        openPart = (session, at, at)
    }

    /// An instant as the person reads it: local with its offset in the command's zone, else UTC.
    private func shown(_ instant: Instant) -> String { displayZone.map { TimeText.local(instant, zone: $0) } ?? instant.description }

    private func endTrack() throws {
        guard forcedShift != nil, let shift = trackShift, let first = trackFirst, let last = trackLast else { return }
        if first < shift.start || (shift.end.map { last > $0 } ?? false) {
            throw TrackPlacementError(message: """
                track \(trackIndex + 1) (\(shown(first)) to \(shown(last))) does not lie within shift \(shift.id), which covers its first point \
                (\(shown(shift.start)) to \(shift.end.map(shown) ?? "now")); use --shift \(shift.id) to put it there, leaving out \
                the points outside the shift
                """)
        }
    }

    private func flush() throws {
        guard !pending.isEmpty, let writer else { return }
        try writer.append(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// The shift the current track goes to, decided at its first accepted point.
    private func placeTrack(at point: GPXPoint) throws -> Shift {
        if let trackShift { return trackShift }
        let shift: Shift
        if let forcedShift {
            shift = try store.requireShift(forcedShift)
        } else if let covering = try store.shiftCovering(point.at) {
            // Where it most likely belongs: the planner moves it only if the whole file says
            // otherwise (moving a route rewrites it, so the common case must not move).
            shift = covering
        } else {
            // A made shift of one millisecond at the first point: the planner gives it its span
            // once the file is in (docs/shifts-from-evidence.md).
            shift = try store.requireShift(try store.createImportedShift(start: point.at, importID: importID))
            shiftsCreated.append(shift.id)
        }
        trackShift = shift
        return shift
    }
}
