import DashModel
import Foundation

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
    /// SHA-256 of what the file says: every valid point (time, coordinates, accuracy as read)
    /// with its track and segment boundaries. Whitespace, offsets and attribute order do not
    /// change it.
    public let contentSha256: String
}

/// The file could not be opened or read.
public struct GPXFileError: Error, Sendable {
    public let path: String
    public let message: String
}

/// Reads a GPX file on a thread of its own and hands the accepted points over in batches, so
/// parsing (libxml2, the acceptance filter, both digests) runs beside the store's inserts on the
/// other core. The queue between them is bounded: memory stays flat whatever the file's size.
///
/// Usage: `let stream = GPXStream(path:thresholds:)`, then `while let batch = try stream.next()`
/// until nil, then `try stream.result()`. ``cancel()`` stops the reader early (the consumer
/// failed); the reader also stops when the stream is released.
public final class GPXStream: @unchecked Sendable {
    /// One hand-over: some events and how many bytes of the file have been read.
    public struct Batch: Sendable {
        public let events: [GPXEvent]
        public let bytesRead: Int64
    }

    private let condition = NSCondition()
    private var queue: [Batch] = []
    private var ended: Result<GPXStreamResult, any Error>?
    private var cancelled = false
    private static let capacity = 8
    private static let batchSize = 4096

    public init(path: String, thresholds: AcceptanceFilter.Thresholds) {
        let thread = Thread { [self] in
            let outcome = Result { () throws -> GPXStreamResult in try self.produce(path: path, thresholds: thresholds) }
            condition.lock()
            ended = outcome
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { cancel() }

    /// The next batch, waiting for it; nil when the reader is done (then call ``result()``).
    public func next() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, ended == nil { condition.wait() }
        guard !queue.isEmpty else { return nil }
        let batch = queue.removeFirst()
        condition.broadcast()
        return batch
    }

    /// How the reading ended: the summary and digests, or why the file is refused.
    public func result() throws -> GPXStreamResult {
        condition.lock()
        defer { condition.unlock() }
        while ended == nil { condition.wait() }
        switch ended {
        case .success(let value)?: return value
        case .failure(let error)?: throw error
        case nil: throw GPXFileError(path: "", message: "the reader did not finish")
        }
    }

    /// Stops the reader at its next hand-over and waits for it to finish.
    public func cancel() {
        condition.lock()
        cancelled = true
        queue.removeAll()
        condition.broadcast()
        while ended == nil { condition.wait() }
        condition.unlock()
    }

    /// Queues a batch, waiting while the queue is full. False when cancelled.
    private func hand(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= GPXStream.capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        queue.append(batch)
        condition.broadcast()
        return true
    }

    private struct Cancelled: Error {}

    // MARK: - The reading thread

    private func produce(path: String, thresholds: AcceptanceFilter.Thresholds) throws -> GPXStreamResult {
        let collector = Collector(thresholds: thresholds) { [self] events, bytes in
            guard hand(Batch(events: events, bytesRead: bytes)) else { throw Cancelled() }
        }
        let reader = GPXReader(receiver: collector)
        // The file's own digest is computed on a third thread from copies of the same chunks,
        // so it costs the reading thread a copy, not a hash.
        let bytes = ChunkHasher()
        defer { bytes.close() }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw GPXFileError(path: path, message: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw GPXFileError(path: path, message: "is a folder") }
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
            bytes.add(Array(chunk))
            collector.bytesRead += Int64(count)
            try reader.feed(chunk)
            // Hand over what this chunk gave, even nothing: the byte count moves the progress bar.
            try collector.flush(evenIfEmpty: true)
        }
        let summary = try reader.finish()
        try collector.flush()
        return GPXStreamResult(summary: summary, accepted: collector.accepted, rejected: collector.rejected,
                               sha256: bytes.close(), contentSha256: collector.contentDigest())
    }

    /// Judges each point, fingerprints the content, and batches the events.
    private final class Collector: GPXReceiver {
        private var filter: AcceptanceFilter
        private let send: ([GPXEvent], Int64) throws -> Void
        private var events: [GPXEvent] = []
        private var content = SHA256()
        private var contentBuffer: [UInt8] = []
        var bytesRead: Int64 = 0
        private(set) var accepted = 0
        private(set) var rejected: [AcceptanceFilter.Rejection: Int] = [:]

        init(thresholds: AcceptanceFilter.Thresholds, send: @escaping ([GPXEvent], Int64) throws -> Void) {
            filter = AcceptanceFilter(thresholds: thresholds)
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
            filter.startSegment()
            try emit(.segmentBegan(track: track, segment: segment))
        }

        func gpxPoint(_ point: GPXPoint) throws {
            fingerprint(point.at.millisecondsSinceEpoch)
            fingerprint(point.latitude.bitPattern)
            fingerprint(point.longitude.bitPattern)
            fingerprint(point.horizontalAccuracy?.bitPattern ?? UInt64.max)
            if let reason = filter.judge(at: point.at, latitude: point.latitude, longitude: point.longitude,
                                         horizontalAccuracy: point.horizontalAccuracy) {
                rejected[reason, default: 0] += 1
                return
            }
            accepted += 1
            try emit(.accepted(point))
        }

        func gpxSegmentEnded() throws { try emit(.segmentEnded) }

        func gpxTrackEnded() throws { try emit(.trackEnded) }
    }
}

/// SHA-256 of a stream of chunks, computed on a thread of its own behind a bounded queue.
final class ChunkHasher: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var closed = false
    private var digest: String?

    init() {
        let thread = Thread { [self] in
            var hasher = SHA256()
            while let chunk = take() { chunk.withUnsafeBytes { hasher.update($0) } }
            condition.lock()
            digest = hasher.finalizeHex()
            condition.broadcast()
            condition.unlock()
        }
        thread.start()
    }

    /// Queues a chunk, waiting while eight are already queued.
    func add(_ chunk: [UInt8]) {
        condition.lock()
        while queue.count >= 8 { condition.wait() }
        queue.append(chunk)
        condition.broadcast()
        condition.unlock()
    }

    private func take() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !closed { condition.wait() }
        guard !queue.isEmpty else { return nil }
        let chunk = queue.removeFirst()
        condition.broadcast()
        return chunk
    }

    /// Ends the stream and returns the digest once every chunk is hashed. Safe to call twice.
    @discardableResult
    func close() -> String {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while digest == nil { condition.wait() }
        return digest ?? ""
    }
}
