import CSQLite

/// The file name SQLite opens for a path, asked of SQLite's own default VFS before any file is
/// made: a path it cannot open is refused before a folder or an empty file is created for it.
///
/// SQLite turns every database path into a full one (the working folder in front, `.` and `..`
/// removed, symbolic links followed) in a buffer of `mxPathname` + 1 bytes, and then refuses a
/// full path whose journal's name (`PATH-journal`) would not fit `mxPathname` (the pager's
/// `sqlite3PagerOpen`), both with SQLITE_CANTOPEN ("unable to open database file"). The unix
/// VFS's `mxPathname` is MAX_PATHNAME, 512: a full path of at most 504 bytes opens, far below the
/// system's PATH_MAX (4,096).
public enum DatabasePath {
    /// What SQLite makes of a path.
    public enum Verdict: Equatable, Sendable {
        /// It opens this file.
        case opens(String)
        /// The full path (given here) is longer than `longest`: SQLite refuses it.
        case tooLong(String)
        /// SQLite cannot form it for another reason (a part it may not look at); opening says why.
        case unresolved
    }

    /// The longest full path SQLite opens: `mxPathname` less the 8 bytes of `-journal`.
    public static var longest: Int {
        _ = Connection.processSetup
        guard let vfs = sqlite3_vfs_find(nil) else { return 504 }
        return Int(vfs.pointee.mxPathname) - 8
    }

    /// Asks the VFS as `sqlite3_open_v2` does, then, when that fails, with room for any path (to
    /// tell a path too long from one it cannot look at). Only looks (lstat, readlink, getcwd):
    /// nothing is created.
    public static func verdict(_ path: String) -> Verdict {
        _ = Connection.processSetup
        guard let vfs = sqlite3_vfs_find(nil) else { return .unresolved }
        let size = Int(vfs.pointee.mxPathname) + 1
        if let full = fullPathname(path, vfs: vfs, size: size) { return full.utf8.count > size - 1 - 8 ? .tooLong(full) : .opens(full) }
        return fullPathname(path, vfs: vfs, size: 16 * 4096).map { .tooLong($0) } ?? .unresolved
    }

    private static func fullPathname(_ path: String, vfs: UnsafeMutablePointer<sqlite3_vfs>, size: Int) -> String? {
        guard let fullPathname = vfs.pointee.xFullPathname else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        let rc = fullPathname(vfs, path, Int32(size), &buffer)
        // SQLITE_OK_SYMLINK (SQLITE_OK with 2 << 8) when a link was followed: still a success.
        guard rc & 0xFF == SQLITE_OK else { return nil }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
