import DashImport
import DashModel
import DashStore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What importing one GPX file did (or, in a dry run, would do).
struct GPXImportOutcome {
    var fileName: String
    var read = GPXReadSummary()
    var accepted = 0
    var rejected: [AcceptanceFilter.Rejection: Int] = [:]
    var captureSessions = 0
    var shiftsCreated: [Int64] = []
    var shiftsUsed: [Int64] = []
    var importID: Int64?
    /// Set when the file (or its content) was imported before: nothing was added.
    var duplicateOf: ImportRecord?
    /// Set when the file has no track point: nothing to add, nothing recorded.
    var empty = false
}

/// A track that does not fit the shift it must go to.
struct TrackPlacementError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
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
    private(set) var written = 0

    // The track being read.
    private var trackIndex = 0
    private var trackShift: Shift?
    private var trackCreatedShift = false
    private var trackFirst: Instant?
    private var trackLast: Instant?
    // The segment being read.
    private var segmentLabel = ""
    private var writer: RouteWriter?
    private var pending: [Position] = []
    private var segmentLast: Instant?

    init(store: Store, importID: Int64, fileName: String, forcedShift: Int64?) {
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
        if writer == nil {
            writer = try store.beginCapture(shiftID: shift.id, startedAt: point.at, source: segmentLabel, importID: importID)
            captureSessions += 1
        }
        pending.append(try Position(at: point.at, latitude: point.latitude, longitude: point.longitude,
                                    horizontalAccuracy: point.horizontalAccuracy))
        if pending.count >= 1024 { try flush() }
        trackLast = point.at
        segmentLast = point.at
        written += 1
    }

    private func endTrack() throws {
        guard let shift = trackShift, let first = trackFirst, let last = trackLast else { return }
        if trackCreatedShift {
            // A track of one accepted point still makes a shift of positive length.
            try store.setImportedShiftEnd(shift.id, to: last > first ? last : first.adding(milliseconds: 1000))
        } else if let end = shift.end, last > end {
            throw TrackPlacementError(message: "track \(trackIndex + 1) runs past the end of shift \(shift.id) (\(last) is after \(end))")
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
            guard point.at >= shift.start else {
                throw TrackPlacementError(message: "track \(trackIndex + 1) starts at \(point.at), before shift \(shift.id) starts (\(shift.start))")
            }
        } else if let covering = try store.shiftCovering(point.at) {
            shift = covering
        } else {
            shift = try store.requireShift(try store.createImportedShift(start: point.at, importID: importID))
            trackCreatedShift = true
            shiftsCreated.append(shift.id)
        }
        if !trackCreatedShift, !shiftsUsed.contains(shift.id) { shiftsUsed.append(shift.id) }
        trackShift = shift
        trackFirst = point.at
        return shift
    }
}

enum FileChunks {
    /// The file's size, for progress, or nil.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
