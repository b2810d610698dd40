import DashModel
import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

extension Store {
    /// Removes the store file when it holds nothing: an import that created the store and then
    /// recorded nothing (refused, a duplicate, nothing new) leaves no store behind. Checked and
    /// removed, with its `-wal` and `-shm`, inside a write transaction, so no other process is
    /// writing to it meanwhile (one that opened it already is refused its next write by SQLite,
    /// the file being gone). Closing then neither checkpoints nor deletes anything by name (a
    /// store another process creates at the path meanwhile is its own). Returns whether the
    /// file was removed; the store must not be used afterwards.
    public func removeIfEmpty() throws -> Bool {
        guard let path else { return false }
        return try connection.transaction {
            let tables = try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                .compactMap { $0[0].string }
            for table in tables where (try connection.scalar("SELECT count(*) FROM \"\(table)\"")?.int64 ?? 1) != 0 { return false }
            try connection.setCheckpointOnClose(false)
            guard unlink(path) == 0 else {
                try connection.setCheckpointOnClose(true)
                return false
            }
            for suffix in ["-wal", "-shm"] { _ = unlink(path + suffix) }
            return true
        }
    }
}
