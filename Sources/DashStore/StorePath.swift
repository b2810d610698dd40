import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// What a store path must be before anything is made for it (``Store/prepareFile(at:create:)``
/// asks; so does the command line, to refuse it as a usage error): a path SQLite opens, a name
/// with room for the files kept beside it.
extension Store {
    /// The longest name a new store may have: a name is at most NAME_MAX (255) bytes, and the
    /// files kept beside the store add at most 32 to it: a migration's backup while it is
    /// written, `NAME.v12.bak.partial-4194304-journal` (StoreBackup.swift), `NAME-verified.new`
    /// (VerifiedStamp.swift), SQLite's `NAME-journal` while the store is created.
    public static let maxNewNameBytes = Int(NAME_MAX) - 32

    /// Refuses, before any folder or file is made for it, a path SQLite would not open (its full
    /// path longer than `DatabasePath.longest`, 504 bytes: SQLite would fail only after the
    /// folders and an empty store were made), and a new store whose name leaves no room for its
    /// sidecars.
    public static func checkPath(_ path: String) throws(StoreError) {
        if case .tooLong(let full) = DatabasePath.verdict(path) {
            throw StoreError.pathTooLong(path: path, detail: "the store's full path\(full == path ? "" : " (with the working folder, links followed)") "
                                             + "is \(full.utf8.count) bytes; SQLite opens a database path of at most \(DatabasePath.longest)")
        }
        var info = stat()
        guard lstat(path, &info) != 0, errno == ENOENT else { return }
        let name = path.utf8.split(separator: UInt8(ascii: "/")).last?.count ?? 0
        if name > maxNewNameBytes {
            throw StoreError.pathTooLong(path: path, detail: "a new store's file name is \(name) bytes; dashpilot takes at most \(maxNewNameBytes), "
                                             + "so the files it and SQLite keep beside the store (NAME-journal, NAME.v12.bak) fit the system's \(NAME_MAX)")
        }
    }
}
