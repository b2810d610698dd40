/// Why the store could not be opened or used.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No store at the path, and the command does not create one.
    case missing(path: String)
    /// The file exists but is not a DashPilot store (another SQLite database, or not SQLite).
    case notAStore(path: String, detail: String)
    /// The store exists but cannot be read and written (permissions, a path through a file).
    case unreadable(path: String, reason: String)
    /// Creating the folder or file failed.
    case cannotCreate(path: String, reason: String)
    /// A path SQLite would not open, or a new store whose name leaves no room for the files
    /// kept beside it: refused before any folder or file is made (``Store/checkPath(_:)``).
    case pathTooLong(path: String, detail: String)
    /// The backup before a migration could not be written; nothing was migrated.
    case backupFailed(path: String, reason: String)
    /// Another process holds the store's write lock past the busy timeout.
    case busy(path: String)
    /// The user may read the store but not write it (issue 7: exit 1, not "missing").
    case readOnly(path: String, reason: String)
    /// SQLite's quick_check found damage before a write.
    case damaged(path: String, detail: String)
    /// A `-wal` or `-journal` beside the store does not belong to it (``StoreSidecars``): the
    /// store is not opened, so SQLite never applies it.
    case foreignSidecar(path: String, file: String, detail: String)
    /// A `-wal` beside a store of an earlier build (no identity): it cannot be proven to be the
    /// store's, so it is not applied; the message says how to apply it if it is.
    case unprovenSidecar(path: String, file: String)

    public var description: String {
        switch self {
        case .missing(let path): "no store at \(path) (a command that records something creates it)"
        case let .notAStore(path, detail): "\(path) is not a DashPilot store (\(detail))"
        case let .cannotCreate(path, reason): "cannot create \(path): \(reason)"
        case let .pathTooLong(path, detail): "\(path): \(detail)"
        case let .unreadable(path, reason): "cannot open the store \(path): \(reason)"
        case let .backupFailed(path, reason): "could not write the backup \(path) before migrating (\(reason)); nothing was changed"
        case .busy(let path): "the store \(path) is busy: another dashpilot has been writing to it for over 10 s; nothing was written; try again"
        case let .readOnly(path, reason): "the store \(path) is read-only (\(reason)); nothing was written"
        case let .foreignSidecar(path, file, detail):
            "\(file) does not belong to the store \(path) (\(detail)); nothing was read or written. "
                + "If you restored the store from a copy, or copied this file there, move \(file) away and run the command again"
        case let .unprovenSidecar(path, file):
            "\(file) cannot be proven to belong to the store \(path), which an earlier dashpilot last wrote; nothing was read or written. "
                + "If an earlier dashpilot was stopped while writing this store, apply the log with "
                + "'sqlite3 \(path) \"PRAGMA wal_checkpoint\"'; if the file came from elsewhere, move it away; then run the command again"
        case let .damaged(path, detail): "the store \(path) is damaged (\(detail)); nothing was written. 'dashpilot check' lists the damage; restore a backup"
        }
    }
}
