import CSQLite

/// What a connection calls after each of its commits once it has taken SQLite's automatic
/// checkpoints over (``Connection/takeOverCheckpoints(_:)``): the log's frames after the commit.
final class LogHook {
    let afterCommit: (Int) -> Void

    init(_ afterCommit: @escaping (Int) -> Void) { self.afterCommit = afterCommit }
}

/// A connection that knows every time it changes its main database file: in WAL mode the file
/// changes only when the log is checkpointed into it, and SQLite's automatic checkpoint is a wal
/// hook that checkpoints after a commit leaving 1,000 frames or more in the log
/// (sqlite.org/c3ref/wal_hook.html). ``takeOverCheckpoints(_:)`` puts the caller's hook in its
/// place, called after every commit of this connection, which checkpoints where SQLite would
/// have and can note the file's state before and after (DashStore's seal: a change it did not
/// make means another program wrote the file).
extension Connection {
    /// SQLite's threshold for an automatic checkpoint (`wal_autocheckpoint`'s default).
    public static let automaticCheckpointFrames = 1_000

    /// Replaces SQLite's automatic checkpoints with `afterCommit`, called with the log's frames
    /// after every commit of this connection (it may call ``checkpointPassive()``, as SQLite's
    /// own hook does). Once per connection; later calls change nothing.
    public func takeOverCheckpoints(_ afterCommit: @escaping (Int) -> Void) {
        guard logHook == nil else { return }
        let hook = LogHook(afterCommit)
        logHook = hook
        _ = sqlite3_wal_hook(handle, { context, _, _, frames in
            if let context { Unmanaged<LogHook>.fromOpaque(context).takeUnretainedValue().afterCommit(Int(frames)) }
            return SQLITE_OK
        }, Unmanaged.passUnretained(hook).toOpaque())
    }

    /// Copies what it can of the log into the file without waiting for readers or writers, as
    /// SQLite's automatic checkpoint does. Best effort, like it: a busy log is left for later.
    public func checkpointPassive() {
        var log: Int32 = 0
        var copied: Int32 = 0
        _ = sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_PASSIVE, &log, &copied)
    }

    /// The first `count` bytes of the main database file, read through the descriptor SQLite
    /// holds for it (its VFS's `xRead`): no descriptor is opened here, so none is closed, and
    /// the process keeps its locks (``OpenFiles``). Nil in memory or when the read fails.
    public func mainFilePrefix(count: Int) -> [UInt8]? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK, let file,
              let methods = file.pointee.pMethods, let read = methods.pointee.xRead else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let rc = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, Int32(count), 0) }
        return rc == SQLITE_OK ? bytes : nil
    }
}
