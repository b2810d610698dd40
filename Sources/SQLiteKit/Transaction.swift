import CSQLite

extension Connection {
    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`: all of it or none of it.
    ///
    /// IMMEDIATE takes the write lock at BEGIN, so a second process waits its busy timeout here
    /// rather than failing later with SQLITE_BUSY_SNAPSHOT (docs/facts.md, "SQLite"). If `body` or the
    /// COMMIT throws, the transaction is rolled back (SQLite may already have done so after
    /// FULL, IOERR, BUSY or NOMEM; then the ROLLBACK is skipped) and the first error is rethrown.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }
}
