import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// The `-wal` and `-shm` a failed open created beside the store, removed again. SQLite creates
/// both when it first reads a store in WAL mode, then grows the `-shm` to 32 KiB; on a full disk
/// that fails (SQLITE_IOERR_SHMSIZE) and the command used to leave an empty `-wal` and a `-shm`
/// of a few bytes behind it.
///
/// Removed only when all of this holds, so no connection can lose its log or index:
/// - the file was not there before this process's open began;
/// - no connection of this process has the store open (``OpenFiles``: opening and closing a
///   descriptor of a file SQLite holds open here would drop that connection's POSIX locks,
///   sqlite.org/howtocorrupt.html section 2.2);
/// - this process holds SQLite's EXCLUSIVE lock on the store (a write lock on its lock bytes
///   from 0x40000000), as SQLite's own close takes before it deletes a log (sqlite3WalClose):
///   every other connection to a store in WAL mode holds a SHARED lock on those bytes for as
///   long as it is open, taken before it opens the `-wal` or `-shm`;
/// - the `-wal` is empty (no frame, nothing of the store's in it); the `-shm` is removed only
///   when no `-wal` is left beside it, since with no log the index holds nothing (the next
///   connection rebuilds it).
struct OpenLeftovers {
    static let suffixes = ["-wal", "-shm"]
    /// The path SQLite names the sidecars after: the store with links resolved.
    let base: String
    /// The sidecars that were there before the open.
    let found: Set<String>

    /// Notes what is beside `storePath` before it is opened.
    init(storePath: String) {
        let base = Self.base(of: storePath)
        var info = stat()
        self.base = base
        found = Set(Self.suffixes.filter { lstat(base + $0, &info) == 0 })
    }

    /// The store's path with links resolved; a store not made yet, its folder's.
    static func base(of path: String) -> String {
        if let real = OpenFiles.resolved(path) { return real }
        let folder = (path as NSString).deletingLastPathComponent
        guard let real = OpenFiles.resolved(folder.isEmpty ? "." : folder) else { return path }
        return real + "/" + (path as NSString).lastPathComponent
    }

    /// Removes what the failed open created, when it is safe (see the type's comment). Call
    /// only once the open's connection is gone.
    func removeCreated() {
        let created = Self.suffixes.filter { !found.contains($0) }
        guard !created.isEmpty, Self.base(of: base) == base, !OpenFiles.contains(base) else { return }
        let fd = open(base, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        // Closing releases the lock taken below; no connection of this process has the file open.
        defer { close(fd) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0x4000_0000
        lock.l_len = 512
        guard fcntl(fd, F_SETLK, &lock) == 0 else { return }
        var info = stat()
        if created.contains("-wal"), lstat(base + "-wal", &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 {
            _ = unlink(base + "-wal")
        }
        if created.contains("-shm"), lstat(base + "-wal", &info) != 0, lstat(base + "-shm", &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            _ = unlink(base + "-shm")
        }
    }
}

extension Store {
    /// ``open(at:create:plan:)``, and when it fails, the `-wal` and `-shm` it created removed as
    /// ``OpenLeftovers`` says (a full disk met at open). The command line opens its store here.
    public static func openLeavingNothing(at path: String, create: Bool, plan: Migrator = Schema.plan) throws -> Store {
        let leftovers = OpenLeftovers(storePath: literalPath(path))
        do {
            return try open(at: path, create: create, plan: plan)
        } catch {
            // The failed open's connection was released when `open` threw.
            leftovers.removeCreated()
            throw error
        }
    }
}
