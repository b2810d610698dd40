import HeldFiles

#if canImport(Glibc)
import Glibc
#endif

/// The database files this process has open through ``Connection``, by resolved path (kept in
/// the lowest target, HeldFiles, so that the file readers above can ask too).
///
/// A process must never open and close a descriptor of a file SQLite holds open in it: closing
/// any descriptor drops every POSIX lock the process holds on the file (sqlite.org/howtocorrupt.html
/// section 2.2). Code that reads a store's files before SQLite does asks here first.
public enum OpenFiles {
    /// Whether a connection of this process has `path` (or the file it links to, or another
    /// name of the same file) open, or `path` is one of such a database's sidecars.
    public static func contains(_ path: String) -> Bool {
        guard let real = resolved(path) else { return false }
        return HeldFiles.contains(real) || holds(fileAt: real)
    }

    /// Whether the file at `path` (by device and inode, links followed) is a database this
    /// process has open, or its `-wal`, `-shm` or `-journal`: asked with `stat`, no descriptor.
    public static func holds(fileAt path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return HeldFiles.holds(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether the file with this device and inode is a database this process has open, or its
    /// `-wal`, `-shm` or `-journal`.
    public static func holds(device: UInt64, inode: UInt64) -> Bool { HeldFiles.holds(device: device, inode: inode) }

    static func opened(_ path: String) -> String? {
        guard let real = resolved(path) else { return nil }
        HeldFiles.add(real)
        return real
    }

    static func closed(_ real: String) { HeldFiles.remove(real) }

    /// The file `path` names, links resolved (as SQLite resolves them); nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard path != ":memory:", !path.isEmpty, let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
