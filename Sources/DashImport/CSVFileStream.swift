import Foundation
import HeldFiles

#if canImport(Glibc)
import Glibc
#endif

/// A file that cannot be opened or read, or is not a regular file. `message` follows the path.
public struct CSVFileError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Reads a CSV file in chunks, never whole: memory holds one chunk (and a few copies queued for
/// the digest), whatever the file's size, as GPX imports do (Sources/DashImport/GPXPipeline.swift).
/// The SHA-256 of the file's bytes, which an import record keeps to recognise a file imported
/// twice, is computed on a thread of its own from copies of the same chunks, so the reading
/// thread pays a copy, not a hash, and the value is the same as hashing the whole file at once.
///
/// Only a regular file is read: a FIFO or a terminal named as a statement could block the import
/// for ever (it is opened without blocking, then checked).
public enum CSVFileStream {
    /// The bytes read at a time: 256 KiB, enough records at once for two-core decoding
    /// (``ShiftRowReader``) and small beside the rows an import keeps.
    public static let chunkSize = 1 << 18

    /// Hands `feed` the file's bytes in order, chunk by chunk, until the end or until `feed`
    /// returns false (the reader stopped: the file is refused and the rest is not read). The
    /// SHA-256 of the file's bytes in lower-case hex, or nil when reading stopped early.
    public static func read(_ path: String, chunkSize: Int = chunkSize,
                            _ feed: (UnsafeRawBufferPointer) -> Bool) throws(CSVFileError) -> String? {
        let fd = try openRegular(path)
        defer { close(fd) }
        // The digest on the reading thread: in hardware (SHA256.swift) a chunk costs a tenth of a
        // millisecond, less than the copy a digest thread took of it (issue 18).
        var sha = SHA256()
        let size = max(1, chunkSize)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, size)
            if count < 0 {
                if errno == EINTR { continue }
                throw CSVFileError(message: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            sha.update(chunk)
            guard feed(chunk) else { return nil }
        }
        return sha.finalizeHex()
    }

    /// A small file's bytes whole (a template), refused past `limit` bytes: only a regular file.
    public static func contents(_ path: String, limit: Int) throws(CSVFileError) -> [UInt8] {
        let fd = try openRegular(path)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CSVFileError(message: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw CSVFileError(message: "is longer than \(CSVReader.byteCount(limit)); a template is a small JSON file")
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// The file opened for reading, after checking that it is a regular file.
    private static func openRegular(_ path: String) throws(CSVFileError) -> Int32 {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw CSVFileError(message: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw CSVFileError(message: message)
        }
        // The store itself, or its log: the descriptor is never closed (closing it would drop
        // this process's locks on the store; HeldFiles.swift). It ends with the process.
        if HeldFiles.holds(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) { throw CSVFileError(message: HeldFiles.refusal) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw CSVFileError(message: info.st_mode & S_IFMT == S_IFDIR ? "is a folder" : "is not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }
}
