import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The database files this process holds open through SQLite, by resolved path, for every layer
/// that opens files: closing any descriptor of a file drops every POSIX lock the process holds on
/// it (sqlite.org/howtocorrupt.html, section 2.2), so a reader of outside files must never close
/// a descriptor that turns out to be the store's, its log's or its shared memory's (issue 26;
/// docs/reliability.md, "No descriptor on the store"). The lowest target: SQLiteKit registers
/// (its `OpenFiles`), the file readers of DashImport ask.
public enum HeldFiles {
    private static let counts = Mutex<[String: Int]>([:])

    /// The files SQLite keeps beside a database in this project's modes.
    public static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

    /// Counts one more connection to `real` (a resolved path).
    public static func add(_ real: String) { counts.withLock { $0[real, default: 0] += 1 } }

    /// Counts one connection to `real` fewer.
    public static func remove(_ real: String) {
        counts.withLock {
            let left = $0[real, default: 1] - 1
            $0[real] = left > 0 ? left : nil
        }
    }

    /// What a reader says of an input file that is one of these: never read as input.
    public static let refusal = "is the store itself or one of its files (its log or shared memory): never read as input"

    /// Whether a connection of this process has the resolved path `real` open.
    public static func contains(_ real: String) -> Bool { counts.withLock { $0[real, default: 0] > 0 } }

    /// Whether the file with this device and inode is a database this process holds open, or one
    /// of its sidecars: compared by `stat` of their names, with no descriptor opened.
    public static func holds(device: UInt64, inode: UInt64) -> Bool {
        let paths = counts.withLock { Array($0.keys) }
        for path in paths {
            for name in [path] + sidecarSuffixes.map({ path + $0 }) {
                var info = stat()
                if stat(name, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode { return true }
            }
        }
        return false
    }
}
