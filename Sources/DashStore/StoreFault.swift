import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// A fault of the database under the store, in the store's own words: what the command line
/// says about it is chosen from `kind`, so no layer above DashStore reads SQLite's codes (or
/// imports SQLiteKit). Every write is one transaction: whatever failed, it rolled back.
public struct StoreFault: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A read-only file or folder (SQLITE_READONLY).
        case readOnly
        /// The disk is full (SQLITE_FULL).
        case diskFull
        /// The file is damaged or not a database (SQLITE_CORRUPT, SQLITE_NOTADB).
        case damaged
        /// Another connection holds a lock (SQLITE_BUSY, SQLITE_LOCKED).
        case busy
        /// A disk error (SQLITE_IOERR).
        case ioError
        /// The file cannot be opened (SQLITE_CANTOPEN).
        case cannotOpen
        /// SQLite refused the operation for another reason.
        case refused
        /// The schema plan could not migrate the store (a newer store, a failed step).
        case migration
    }

    public var kind: Kind
    /// SQLite's extended result code, or 0 for a migration fault.
    public var code: Int32
    /// SQLite's message, or the migration's.
    public var message: String
    /// The system's errno behind a disk error (SQLiteError's), else 0.
    public var systemErrno: Int32 = 0

    public var description: String { kind == .migration ? message : "SQLite error \(code): \(message)" }

    /// The fault `error` is, when it came from the database (SQLiteKit's errors); else nil.
    public init?(translating error: any Error) {
        switch error {
        case let error as SQLiteError:
            code = error.code
            message = error.message
            systemErrno = error.systemErrno
            switch error.primaryCode {
            case 8: kind = .readOnly
            case 13: kind = .diskFull
            // A full disk (or quota, or file size limit) met outside a write of pages: SQLite
            // says only "disk I/O error" (growing the -shm at open: SQLITE_IOERR_SHMSIZE).
            case 10 where [ENOSPC, EDQUOT, EFBIG].contains(error.systemErrno): kind = .diskFull
            case 11, 26: kind = .damaged
            case 5, 6: kind = .busy
            case 10: kind = .ioError
            case 14: kind = .cannotOpen
            default: kind = .refused
            }
        case let error as MigrationError:
            kind = .migration
            code = 0
            message = "\(error)"
        default:
            return nil
        }
    }
}
