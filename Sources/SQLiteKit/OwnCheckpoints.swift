import CSQLite

/// A connection that knows every time it changes its main database file: in WAL mode the file
/// changes only when the log is checkpointed into it, and SQLite checkpoints on its own after a
/// commit that leaves 1,000 frames or more in the log. ``holdCheckpoints()`` stops that and
/// counts the frames instead; the caller checkpoints (``checkpointPassive()``) when
/// ``framesInLog`` says, and can note the file's state before and after (DashStore's seal:
/// a change it did not make means another program wrote the file).
extension Connection {
    /// SQLite's own threshold for an automatic checkpoint (`wal_autocheckpoint`'s default).
    public static let automaticCheckpointFrames = 1_000

    /// Replaces SQLite's automatic checkpoints with a count of the log's frames after each
    /// commit. Once per connection; later calls change nothing.
    public func holdCheckpoints() {
        guard logFrames == nil else { return }
        let frames = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        frames.initialize(to: 0)
        logFrames = frames
        // The wal hook replaces the automatic checkpoint (sqlite.org/c3ref/wal_hook.html).
        _ = sqlite3_wal_hook(handle, { context, _, _, frames in
            context?.assumingMemoryBound(to: Int32.self).pointee = frames
            return SQLITE_OK
        }, frames)
    }

    /// Frames in the write-ahead log after this connection's last commit (0 until
    /// ``holdCheckpoints()`` and after each ``checkpointPassive()``).
    public var framesInLog: Int { Int(logFrames?.pointee ?? 0) }

    /// Copies what it can of the log into the file without waiting for readers or writers, as
    /// SQLite's automatic checkpoint does. Best effort, like it: a busy log is left for later.
    public func checkpointPassive() {
        var log: Int32 = 0
        var copied: Int32 = 0
        _ = sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_PASSIVE, &log, &copied)
        logFrames?.pointee = 0
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
