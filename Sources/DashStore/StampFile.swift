import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// The stamp's own file beside a store (VerifiedStamp.swift), read and written so that this
/// process never closes a descriptor of a file SQLite holds open in it: closing any descriptor of
/// a file drops every POSIX lock the process holds on that file, and a store whose locks are gone
/// is checkpointed and its log deleted under the writer (issue 26; docs/reliability.md, "No
/// descriptor on the store"). Names are created exclusively and never replace a file that is not
/// a stamp.
enum StampFile {
    /// A stamp is about 400 bytes; anything larger at its name is not one.
    static let limit = 4096

    /// The text of the file at `path` when it is a small regular file that is none of the files
    /// SQLite holds open in this process (a hard link to the store at this name is its inode);
    /// nil otherwise.
    static func read(_ path: String) -> String? {
        var named = stat()
        guard lstat(path, &named) == 0, named.st_mode & S_IFMT == S_IFREG, named.st_size < limit,
              !OpenFiles.holds(device: UInt64(named.st_dev), inode: UInt64(named.st_ino)) else { return nil }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_dev == named.st_dev, opened.st_ino == named.st_ino else {
            // Another file was put at the name between the two looks, and it may be one SQLite
            // holds: its descriptor is kept open until the process ends rather than closed.
            return nil
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(fd, $0 + filled, limit - filled, off_t(filled)) } ?? 0
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        guard filled < limit else { return nil }
        return String(decoding: bytes.prefix(filled), as: UTF8.self)
    }

    /// Whether the file at `path` is a stamp of any version, or empty (what a crash can leave of
    /// a stamp renamed into place before its bytes reached the disk).
    static func isStampOrEmpty(_ path: String) -> Bool {
        read(path).map { $0.isEmpty || $0.hasPrefix(VerifiedStamp.magicPrefix) } ?? false
    }

    /// Whether nothing is at `path`, or a stamp (or an empty file): only then may a stamp take
    /// the name. A file that cannot be read (another user's) is left, and no stamp is written.
    static func isAbsentOrStamp(_ path: String) -> Bool {
        var info = stat()
        if lstat(path, &info) != 0 { return errno == ENOENT }
        return isStampOrEmpty(path)
    }

    /// The name this process writes a stamp under before renaming it into place.
    static func temporaryName(_ target: String, pid: pid_t = getpid()) -> String { "\(target).\(pid).tmp" }

    /// Writes `bytes` to `target` through this process's own name, created with `O_EXCL`,
    /// flushed, then renamed into place when nothing but a stamp is at `target` (checked just
    /// before the rename: a file put there in between is replaced, a window of microseconds). A
    /// name of this process's own already there is taken for a dead process's with the same
    /// number (another PID namespace sharing the folder could hold it: removing its name costs
    /// that process only its stamp).
    static func write(_ bytes: [UInt8], to target: String) {
        let temporary = temporaryName(target)
        var fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if fd < 0, errno == EEXIST, unlink(temporary) == 0 {
            fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else { return }
        var written = 0
        while written < bytes.count {
            let got = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(fd, $0 + written, bytes.count - written) } ?? 0
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            written += got
        }
        let synced = written == bytes.count && fdatasync(fd) == 0
        let closed = close(fd)
        if !synced || closed != 0 || !isAbsentOrStamp(target) || rename(temporary, target) != 0 {
            _ = unlink(temporary)
        }
    }

    /// Removes the names that processes killed while writing a stamp left beside `store`: this
    /// build's `STORE-verified.PID.tmp` of a process that no longer runs, and 0.18.0's single
    /// `STORE-verified.new` when it holds a stamp or nothing.
    static func removeLeftovers(beside store: String) {
        let target = VerifiedStamp.path(forStore: store)
        let folder = (target as NSString).deletingLastPathComponent
        let prefix = (target as NSString).lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let path = (folder as NSString).appendingPathComponent(name)
            let rest = name.dropFirst(prefix.count)
            if rest.hasSuffix(".tmp"), let pid = pid_t(rest.dropLast(4)), pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                _ = unlink(path)
            } else if rest == "new", isStampOrEmpty(path) {
                _ = unlink(path)
            }
        }
    }
}

/// A file's identity, size and times as `lstat` gives them: no descriptor is opened.
struct FileStat: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: String  // seconds.nanoseconds
    var changed: String

    /// Nil when nothing is at `path` or it is not a regular file.
    init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        changed = "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
    }
}
