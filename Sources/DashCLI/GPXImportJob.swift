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
}

/// A track that does not fit the shift it must go to.
struct TrackPlacementError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Reads one GPX file and writes its accepted points into the store as they are read, inside
/// the caller's transaction: memory stays flat whatever the file's size, and a problem anywhere
/// rolls back everything the file wrote.
///
/// Each `trkseg` is a capture session. Each `trk` goes to `forcedShift`, else to the shift that
/// covers its first accepted point (the whole track must then lie within it), else to a new
/// completed shift that starts at its first accepted point and, once the track is read, ends at
/// its last. Segments and tracks with no accepted point add nothing.
final class GPXImportJob: GPXReceiver {
    private let store: Store
    private let importID: Int64
    private let forcedShift: Int64?
    private var filter: AcceptanceFilter
    private(set) var outcome: GPXImportOutcome
    private var content = SHA256()
    private var contentBuffer: [UInt8] = []

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

    init(store: Store, importID: Int64, fileName: String, forcedShift: Int64?, thresholds: AcceptanceFilter.Thresholds) {
        self.store = store
        self.importID = importID
        self.forcedShift = forcedShift
        filter = AcceptanceFilter(thresholds: thresholds)
        outcome = GPXImportOutcome(fileName: fileName)
        pending.reserveCapacity(1024)
        contentBuffer.reserveCapacity(1 << 16)
    }

    /// The content fingerprint: every point handed on (time, coordinates, accuracy as read) with
    /// track and segment boundaries, independent of whitespace, offsets and attribute order.
    func contentDigest() -> String {
        flushContent()
        return content.finalizeHex()
    }

    private func flushContent() {
        contentBuffer.withUnsafeBytes { content.update($0) }
        contentBuffer.removeAll(keepingCapacity: true)
    }

    private func appendContent<T>(_ value: T) {
        withUnsafeBytes(of: value) { contentBuffer.append(contentsOf: $0) }
        if contentBuffer.count >= 1 << 16 { flushContent() }
    }

    // MARK: - GPXReceiver

    func gpxTrackBegan(index: Int) throws {
        trackIndex = index
        trackShift = nil
        trackCreatedShift = false
        trackFirst = nil
        trackLast = nil
        appendContent(UInt8(ascii: "T"))
    }

    func gpxSegmentBegan(track: Int, segment: Int) throws {
        filter.startSegment()
        writer = nil
        segmentLast = nil
        segmentLabel = "\(outcome.fileName) track \(track + 1) segment \(segment + 1)"
        appendContent(UInt8(ascii: "S"))
    }

    func gpxPoint(_ point: GPXPoint) throws {
        appendContent(point.at.millisecondsSinceEpoch)
        appendContent(point.latitude.bitPattern)
        appendContent(point.longitude.bitPattern)
        appendContent(point.horizontalAccuracy?.bitPattern ?? UInt64.max)
        if let reason = filter.judge(at: point.at, latitude: point.latitude, longitude: point.longitude,
                                     horizontalAccuracy: point.horizontalAccuracy) {
            outcome.rejected[reason, default: 0] += 1
            return
        }
        let shift = try placeTrack(at: point)
        if writer == nil {
            writer = try store.beginCapture(shiftID: shift.id, startedAt: point.at, source: segmentLabel, importID: importID)
            outcome.captureSessions += 1
        }
        pending.append(try Position(at: point.at, latitude: point.latitude, longitude: point.longitude,
                                    horizontalAccuracy: point.horizontalAccuracy))
        if pending.count >= 1024 { try flush() }
        trackLast = point.at
        segmentLast = point.at
        outcome.accepted += 1
    }

    func gpxSegmentEnded() throws {
        try flush()
        if let writer, let segmentLast { try store.endCapture(writer.captureSessionID, at: segmentLast) }
        writer?.finish()
        writer = nil
    }

    func gpxTrackEnded() throws {
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
            outcome.shiftsCreated.append(shift.id)
        }
        if !trackCreatedShift, !outcome.shiftsUsed.contains(shift.id) { outcome.shiftsUsed.append(shift.id) }
        trackShift = shift
        trackFirst = point.at
        return shift
    }
}

/// Reads a file in chunks into `body`; the only file dashpilot opens besides the store.
enum FileChunks {
    static let chunkSize = 1 << 18

    /// Calls `body` with each chunk and the bytes read so far. Throws `CommandFailure` with exit
    /// 66 when the file cannot be opened or read.
    static func read(_ path: String, _ body: (UnsafeRawBufferPointer, Int64) throws -> Void) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandFailure(message: "\(path): \(String(cString: strerror(errno)))", status: .noInput) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure(message: "\(path): is a folder", status: .noInput)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure(message: "\(path): \(String(cString: strerror(errno)))", status: .noInput)
            }
            if count == 0 { return }
            total += Int64(count)
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), total)
        }
    }

    /// The file's size, for progress, or nil.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
