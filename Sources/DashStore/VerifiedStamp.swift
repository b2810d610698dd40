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

    /// The store file's state now, or nil when it is not a regular file or a write-ahead log
    /// beside it holds anything (its frames are not described by the main file's state). Read
    /// with `lstat` alone: the header comes from the caller, who reads it through the descriptor
    /// SQLite holds (``Store``), since this process must never open and close a descriptor of a
    /// file SQLite has open in it (closing one drops every lock the process holds on the file;
    /// issue 26, docs/reliability.md).
    public static func currentState(ofStore store: String, header: [UInt8]) -> FileState? {
        var log = stat()
        if lstat(store + "-wal", &log) == 0, log.st_size != 0 { return nil }
        guard header.count == 100, let file = FileStat(store) else { return nil }
        return FileState(device: file.device, inode: file.inode, size: file.size, modified: file.modified, changed: file.changed,
                         header: header.map { String(format: "%02x", $0) }.joined())
    }

    /// The stamp beside `store` when it describes the file as it is now and has not expired at
    /// `now`: the first write may then skip the full checks. Nil otherwise (no stamp, an
    /// unreadable or altered one, another file state, a clock before its full check).
    public static func trusted(store: String, header: [UInt8], now: Int64) -> VerifiedStamp? {
        guard let stamp = read(store: store), let state = currentState(ofStore: store, header: header), stamp.file == state else { return nil }
        guard now >= stamp.fullCheckAt, now - stamp.fullCheckAt < maximumAge, stamp.sessionsSince < maximumSessions else { return nil }
        return stamp
    }

    // MARK: - The file

    /// Version 2 since issue 26: a version-1 stamp was written by a seal that could drop the
    /// process's locks, so none is trusted.
    static let magic = "dashpilot verified store 2"
    /// What every version's first line starts with: a file that does not is not a stamp, and is
    /// never replaced or removed.
    static let magicPrefix = "dashpilot verified store "

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
        StampFile.read(path(forStore: store)).flatMap(parse)
    }

    /// Writes the stamp (0600) under a name of this process's own, created exclusively, and
    /// renames it into place: a reader sees the old stamp or the new one. Never over a file that
    /// is not a stamp (a user's own file at that name stays, and no stamp is written). Best
    /// effort: without a stamp the next write checks in full. A name left by a process killed
    /// before its rename is removed by the next seal (``StampFile/removeLeftovers(beside:)``).
    public func write(store: String) {
        StampFile.write(Array(text.utf8), to: Self.path(forStore: store))
    }

    /// Removes the stamp (a store found damaged, a session whose final state could not be
    /// described), or an empty file at its name; a file at that name that is not a stamp is
    /// left alone.
    public static func remove(store: String) {
        let target = path(forStore: store)
        guard StampFile.isStampOrEmpty(target) else { return }
        _ = unlink(target)
    }
}
