import DashModel
import Foundation
import HeldFiles

#if canImport(Glibc)
import Glibc
#endif

/// What the reading thread hands the writing thread, in document order: only accepted points;
/// rejected ones are counted where they are judged.
public enum GPXEvent: Sendable {
    case trackBegan(index: Int)
    case segmentBegan(track: Int, segment: Int)
    case accepted(GPXPoint)
    case segmentEnded
    case trackEnded
}

/// How a file's reading ended.
public struct GPXStreamResult: Sendable {
    public let summary: GPXReadSummary
    public let accepted: Int
    public let rejected: [AcceptanceFilter.Rejection: Int]
    /// SHA-256 of the file's bytes.
    public let sha256: String
    /// SHA-256 of what the file says: every valid point's time and coordinates with its track
    /// and segment boundaries. Whitespace, offsets, attribute order and the writer's accuracy
    /// fields do not change it.
    public let contentSha256: String
}

/// The file could not be opened or read.
public struct GPXFileError: Error, Sendable {
    public let path: String
    public let message: String
}

/// Reads a GPX file on a thread of its own and hands the accepted points over in batches, so
/// parsing (libxml2, the acceptance filter, the content digest) runs beside the store's inserts
/// on the other core, and the file's own SHA-256 on a third thread. The queues between them are
/// bounded: memory stays flat whatever the file's size.
///
/// Usage: `let stream = GPXStream(path:thresholds:)`, then `while let batch = stream.next()`,
/// then `try stream.result()`. ``cancel()`` stops the reader early (the consumer failed), and so
/// does releasing the stream; `result()` before the batches are drained drops them.
public final class GPXStream: @unchecked Sendable {
    /// One hand-over: some events and how many bytes of the file have been read.
    public struct Batch: Sendable {
        public let events: [GPXEvent]
        public let bytesRead: Int64
    }

    private let batches = BoundedQueue<Batch>(capacity: 8)
    private let outcome = Outcome<Result<GPXStreamResult, any Error>>()
    private static let batchSize = 4096

    public init(path: String, thresholds: AcceptanceFilter.Thresholds) {
        // The thread holds the queue and the outcome, not the stream, so releasing the stream
        // cancels a reader that is still running.
        let batches = batches
        let outcome = outcome
        let thread = Thread {
            let result = Result { () throws -> GPXStreamResult in
                try GPXStream.produce(path: path, thresholds: thresholds, batches: batches)
            }
            batches.close()
            outcome.set(result)
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit {
        if !outcome.isSet { cancel() }
    }

    /// The next batch, waiting for it; nil when the reader is done (then call ``result()``).
    public func next() -> Batch? { batches.take() }

    /// How the reading ended: the summary and digests, or why the file is refused.
    public func result() throws -> GPXStreamResult {
        if !outcome.isSet { batches.cancel() }
        return try outcome.wait().get()
    }

    /// Stops the reader at its next hand-over and waits for it to finish.
    public func cancel() {
        batches.cancel()
        _ = outcome.wait()
    }

    private struct Cancelled: Error {}

    // MARK: - The reading thread

    private static func produce(path: String, thresholds: AcceptanceFilter.Thresholds, batches: BoundedQueue<Batch>) throws -> GPXStreamResult {
        let collector = Collector(thresholds: thresholds) { events, bytes in
            guard batches.put(Batch(events: events, bytesRead: bytes)) else { throw Cancelled() }
        }
        let reader = GPXReader(receiver: collector)
        // Only a regular file: a FIFO or a terminal could block the import for ever.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw GPXFileError(path: path, message: String(cString: strerror(errno))) }
        var info = stat()
        let described = fstat(fd, &info) == 0
        let failure = errno
        // The store itself, or its log: the descriptor is never closed (closing it would drop
        // this process's locks on the store; HeldFiles.swift). It ends with the process.
        if described, HeldFiles.holds(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) {
            throw GPXFileError(path: path, message: HeldFiles.refusal)
        }
        defer { close(fd) }
        guard described else { throw GPXFileError(path: path, message: String(cString: strerror(failure))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw GPXFileError(path: path, message: info.st_mode & S_IFMT == S_IFDIR ? "is a folder" : "is not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        // The file's own digest, on the reading thread: in hardware (SHA256.swift) it costs
        // about 1 ms for an 8-hour file, less than the copies a digest thread took (issue 18).
        var sha = SHA256()
        let size = 1 << 18
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer.baseAddress, size)
            if count < 0 {
                if errno == EINTR { continue }
                throw GPXFileError(path: path, message: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            sha.update(chunk)
            collector.bytesRead += Int64(count)
            try reader.feed(chunk)
            // Hand over what this chunk gave, even nothing: the byte count moves the progress bar.
            try collector.flush(evenIfEmpty: true)
        }
        let summary = try reader.finish()
        try collector.flush()
        return GPXStreamResult(summary: summary, accepted: collector.accepted, rejected: collector.rejected,
                               sha256: sha.finalizeHex(), contentSha256: collector.contentDigest())
    }

    /// Judges each point, fingerprints the content, and batches the events.
    private final class Collector: GPXReceiver {
        private var filter: SegmentFilter
        private let send: ([GPXEvent], Int64) throws -> Void
        private var events: [GPXEvent] = []
        private var content = SHA256()
        private var contentBuffer: [UInt8] = []
        var bytesRead: Int64 = 0
        var accepted: Int { filter.accepted }
        var rejected: [AcceptanceFilter.Rejection: Int] { filter.rejected }

        init(thresholds: AcceptanceFilter.Thresholds, send: @escaping ([GPXEvent], Int64) throws -> Void) {
            filter = SegmentFilter(thresholds: thresholds)
            self.send = send
            events.reserveCapacity(GPXStream.batchSize)
            contentBuffer.reserveCapacity(1 << 16)
        }

        func flush(evenIfEmpty: Bool = false) throws {
            guard !events.isEmpty || evenIfEmpty else { return }
            try send(events, bytesRead)
            events.removeAll(keepingCapacity: true)
        }

        private func emit(_ event: GPXEvent) throws {
            events.append(event)
            if events.count >= GPXStream.batchSize { try flush() }
        }

        private func fingerprint<T>(_ value: T) {
            withUnsafeBytes(of: value) { contentBuffer.append(contentsOf: $0) }
            if contentBuffer.count >= 1 << 16 {
                contentBuffer.withUnsafeBytes { content.update($0) }
                contentBuffer.removeAll(keepingCapacity: true)
            }
        }

        func contentDigest() -> String {
            contentBuffer.withUnsafeBytes { content.update($0) }
            contentBuffer.removeAll()
            return content.finalizeHex()
        }

        func gpxTrackBegan(index: Int) throws {
            fingerprint(UInt8(ascii: "T"))
            try emit(.trackBegan(index: index))
        }

        func gpxSegmentBegan(track: Int, segment: Int) throws {
            fingerprint(UInt8(ascii: "S"))
            try emit(.segmentBegan(track: track, segment: segment))
        }

        func gpxPoint(_ point: GPXPoint) throws {
            // Time and position only: accuracy depends on how the writer is read (hdop as DOP or
            // metres), and a re-save by another program must still be recognised.
            fingerprint(point.at.millisecondsSinceEpoch)
            fingerprint(point.latitude.bitPattern)
            fingerprint(point.longitude.bitPattern)
            // Handed on once confirmed (SegmentFilter: a stale anchor can still be dropped).
            try filter.add(point) { try emit(.accepted($0)) }
        }

        func gpxSegmentEnded() throws {
            try filter.endSegment { try emit(.accepted($0)) }
            try emit(.segmentEnded)
        }

        func gpxTrackEnded() throws { try emit(.trackEnded) }
    }
}
