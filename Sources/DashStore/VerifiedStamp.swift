import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The cheaper guard before a store's first write (issue 18, "Scale"; docs/reliability.md, "The
/// first write"): a sidecar `STORE-verified` describing the store file as DashPilot last left it,
/// after a session that was verified (SQLite's full checks, or this stamp) and then wrote. The next
/// session's first write skips the full checks when the file is still exactly that file: the same
/// device and inode, size, modification and change times to the nanosecond, the same 100-byte
/// SQLite header (file change counter, page count, identity), and no write-ahead log with
/// anything in it. Anything else, and the full checks run: another program's write changes the
/// times (the change time cannot be set back), a copy or a restore is another inode, a
/// DashPilot process killed mid-write leaves its log.
///
/// Damage that no file metadata shows (a disk returning other bytes) is why the stamp also
/// expires: a full check at least every ``maximumAge`` seconds and every ``maximumSessions``
/// writing sessions. The stamp holds no record data (sizes, times, the header's counters).
public struct VerifiedStamp: Equatable, Sendable {
    /// The file's state, as `stat` and its first 100 bytes give it.
    public struct FileState: Equatable, Sendable {
        public var device: UInt64
        public var inode: UInt64
        public var size: Int64
        public var modified: String  // seconds.nanoseconds
        public var changed: String
        public var header: String  // the SQLite header, hex
    }

    public var file: FileState
    /// When SQLite's full checks last found the store clean (Unix seconds).
    public var fullCheckAt: Int64
    /// Writing sessions trusted on a stamp since that full check.
    public var sessionsSince: Int

    /// Thirty days: a driver importing weekly pays the full check about one week in four.
    public static let maximumAge: Int64 = 30 * 86_400
    /// A hundred writing commands (a day of hand entries is a few): the same bound for a store
    /// written often.
    public static let maximumSessions = 100

    public init(file: FileState, fullCheckAt: Int64, sessionsSince: Int) {
        self.file = file
        self.fullCheckAt = fullCheckAt
        self.sessionsSince = sessionsSince
    }

    public static func path(forStore store: String) -> String { store + "-verified" }

    /// The store file's state now, or nil when it cannot be read or a write-ahead log beside it
    /// holds anything (its frames are not described by the main file's state).
    public static func currentState(ofStore store: String) -> FileState? {
        var log = stat()
        if lstat(store + "-wal", &log) == 0, log.st_size != 0 { return nil }
        var info = stat()
        guard lstat(store, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let fd = open(store, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 100)
        guard pread(fd, &header, 100, 0) == 100 else { return nil }
        return FileState(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                         modified: "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)", changed: "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)",
                         header: header.map { String(format: "%02x", $0) }.joined())
    }

    /// The stamp beside `store` when it describes the file as it is now and has not expired at
    /// `now`: the first write may then skip the full checks. Nil otherwise (no stamp, an
    /// unreadable or altered one, another file state, a clock before its full check).
    public static func trusted(store: String, now: Int64) -> VerifiedStamp? {
        guard let stamp = read(store: store), let state = currentState(ofStore: store), stamp.file == state else { return nil }
        guard now >= stamp.fullCheckAt, now - stamp.fullCheckAt < maximumAge, stamp.sessionsSince < maximumSessions else { return nil }
        return stamp
    }

    // MARK: - The file

    static let magic = "dashpilot verified store 1"

    var text: String {
        let body = [Self.magic,
                    "file \(file.device) \(file.inode) \(file.size) \(file.modified) \(file.changed)",
                    "header \(file.header)",
                    "full-check \(fullCheckAt)",
                    "sessions-since \(sessionsSince)"].joined(separator: "\n") + "\n"
        return body + "sum \(Self.checksum(body))\n"
    }

    /// FNV-1a, 64 bits: a torn or edited stamp reads as none (not a defence against a forger: a
    /// process that can write the stamp can write the store).
    static func checksum(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    static func parse(_ text: String) -> VerifiedStamp? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count == 7, lines[6].isEmpty, lines[0] == magic,
              lines[5] == "sum " + checksum(lines[0..<5].joined(separator: "\n") + "\n") else { return nil }
        let file = lines[1].split(separator: " ").map(String.init)
        guard file.count == 6, file[0] == "file", let device = UInt64(file[1]), let inode = UInt64(file[2]), let size = Int64(file[3]),
              lines[2].hasPrefix("header "), lines[3].hasPrefix("full-check "), lines[4].hasPrefix("sessions-since "),
              let at = Int64(lines[3].dropFirst("full-check ".count)), let since = Int(lines[4].dropFirst("sessions-since ".count))
        else { return nil }
        let state = FileState(device: device, inode: inode, size: size, modified: file[4], changed: file[5],
                              header: String(lines[2].dropFirst("header ".count)))
        return VerifiedStamp(file: state, fullCheckAt: at, sessionsSince: since)
    }

    public static func read(store: String) -> VerifiedStamp? {
        var info = stat()
        // A small regular file only: never a device or a FIFO at that name.
        guard lstat(path(forStore: store), &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 4096,
              let data = FileManager.default.contents(atPath: path(forStore: store)) else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// Writes the stamp (0600) under a temporary name and renames it into place: a reader sees
    /// the old stamp or the new one. Best effort: without a stamp the next write checks in full.
    /// One temporary name for every process: a writer killed before the rename leaves one file
    /// that the next stamp reuses, and two sessions ending at once can at worst rename a torn
    /// stamp, which reads as none.
    public func write(store: String) {
        let target = Self.path(forStore: store)
        let temporary = target + ".new"
        let fd = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written != bytes.count || rename(temporary, target) != 0 { _ = unlink(temporary) }
    }

    /// Removes the stamp (a store found damaged, a session whose final state could not be described).
    public static func remove(store: String) {
        var info = stat()
        if lstat(path(forStore: store), &info) == 0, info.st_mode & S_IFMT == S_IFREG { _ = unlink(path(forStore: store)) }
    }
}
