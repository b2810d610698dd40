import CSQLite
@testable import SQLiteKit
import Testing

/// SQLite's memory statistics take a global mutex on every allocation; the project turns them
/// off before SQLite initializes (Connection.swift). 0.19.0's path check (DatabasePath.swift)
/// initialized SQLite first and left them on: an import of Uber's payments file took 16% more
/// CPU (docs/performance.md, "Issue 27"). Every entry point now sets them off first, so in this
/// process, whichever test touched SQLite first, nothing is counted. (Run alone, this test's
/// first call is `DatabasePath.verdict`: it failed so before the fix.)
@Suite struct MemoryStatisticsTests {
    @Test func noAllocationIsCountedWhicheverCallInitializesSQLite() throws {
        _ = DatabasePath.verdict("/tmp/dashpilot-memory-statistics.sqlite")
        _ = DatabasePath.longest
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (x TEXT); INSERT INTO t VALUES (hex(randomblob(4096)))")
        var current: sqlite3_int64 = -1, highest: sqlite3_int64 = -1
        #expect(sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0) == SQLITE_OK)
        #expect(current == 0 && highest == 0, "memory statistics are on: \(current) bytes counted")
        // SQLite is initialized: configuring it now is refused, so the setup must come first.
        #expect(csqlite_disable_memory_statistics() == SQLITE_MISUSE)
    }
}
