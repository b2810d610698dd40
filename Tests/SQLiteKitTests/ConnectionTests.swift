import CSQLite
import Foundation
import SQLiteKit
import TestSupport
import Testing

@Suite("Connection: opening, settings, errors")
struct ConnectionTests {
    @Test("every connection sets the pragmas docs/store.md asks for", arguments: [false, true])
    func pragmasSetOnOpen(onDisk: Bool) throws {
        let folder = try TemporaryDirectory()
        let connection = try Connection(path: onDisk ? folder.path("p.sqlite") : ":memory:")
        #expect(try connection.scalar("PRAGMA foreign_keys") == .integer(1))
        #expect(try connection.scalar("PRAGMA busy_timeout") == .integer(10_000))
        #expect(try connection.scalar("PRAGMA synchronous") == .integer(2))
        #expect(try connection.scalar("PRAGMA secure_delete") == .integer(1))
        #expect(try connection.scalar("PRAGMA trusted_schema") == .integer(0))
    }

    @Test("a custom busy timeout is applied")
    func customBusyTimeout() throws {
        let connection = try Connection(busyTimeoutMilliseconds: 250)
        #expect(try connection.scalar("PRAGMA busy_timeout") == .integer(250))
    }

    @Test("a failing statement's error carries its SQL and code but never the bound values")
    func errorsCarrySQLNotValues() throws {
        let connection = try Connection()
        try connection.execute("CREATE TABLE payment (amount INTEGER NOT NULL CHECK (amount < 1000)) STRICT")
        let sql = "INSERT INTO payment (amount) VALUES (?1)"
        let error = try #require(throws: SQLiteError.self) {
            try connection.run(sql, [.integer(98_765)])
        }
        #expect(error.code == 275)  // SQLITE_CONSTRAINT_CHECK
        #expect(error.isConstraintViolation)
        #expect(error.sql == sql)
        #expect(error.description.contains(sql))
        #expect(!error.description.contains("98765"))
        #expect(!error.message.contains("98765"))
        #expect(!String(reflecting: error).contains("98765"))
        #expect(try connection.scalar("SELECT count(*) FROM payment") == .integer(0))
    }

    @Test("a prepared statement's step error lacks the bound text too")
    func preparedStatementErrorLacksValues() throws {
        let connection = try Connection()
        try connection.execute("CREATE TABLE place (name TEXT NOT NULL UNIQUE) STRICT")
        let insert = try connection.prepare("INSERT INTO place (name) VALUES (?1)")
        try insert.bind([.text("Secret Street 98765")])
        try insert.execute()
        let error = try #require(throws: SQLiteError.self) { try insert.execute() }
        #expect(error.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error.description.contains("INSERT INTO place"))
        #expect(!error.description.contains("Secret Street"))
        #expect(!error.description.contains("98765"))
    }

    @Test("a multi-line statement is described on one line")
    func multiLineSQLDescribedOnOneLine() throws {
        let connection = try Connection()
        let error = try #require(throws: SQLiteError.self) {
            try connection.query("SELECT *\n    FROM nowhere\n    WHERE 1")
        }
        #expect(error.description.contains("(while executing: SELECT * FROM nowhere WHERE 1)"))
        #expect(error.message.contains("no such table"))
    }

    @Test("opening a text file fails with SQLITE_NOTADB, not a trap, and leaves the file as it was")
    func textFileIsRefused() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("notes.txt")
        let text = String(repeating: "This is a shopping list, not a database.\n", count: 40)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: SQLiteError.self) {
            try Connection(path: path, mode: .readWrite)
        }
        #expect(error.primaryCode == 26)  // SQLITE_NOTADB
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test("a missing file opened without create fails with SQLITE_CANTOPEN and is not created")
    func missingFileWithoutCreate() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("missing.sqlite")
        let error = try #require(throws: SQLiteError.self) {
            try Connection(path: path, mode: .readWrite)
        }
        #expect(error.primaryCode == 14)  // SQLITE_CANTOPEN
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a read-only connection refuses writes")
    func readOnlyRefusesWrites() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ro.sqlite")
        do {
            let writer = try Connection(path: path)
            try writer.execute("CREATE TABLE t (x INTEGER) STRICT")
        }
        let reader = try Connection(path: path, mode: .readOnly)
        #expect(try reader.scalar("SELECT count(*) FROM t") == .integer(0))
        let error = try #require(throws: SQLiteError.self) { try reader.run("INSERT INTO t VALUES (1)") }
        #expect(error.primaryCode == 8)  // SQLITE_READONLY
    }

    @Test("double-quoted strings are identifiers only: a misspelt column is an error, not a string")
    func doubleQuotedStringsRefused() throws {
        let connection = try Connection()
        try connection.execute("CREATE TABLE t (x INTEGER) STRICT")
        #expect(throws: SQLiteError.self) { try connection.query("SELECT \"nosuchcolumn\" FROM t") }
        #expect(throws: SQLiteError.self) { try connection.execute("CREATE TABLE u (y TEXT CHECK (y <> \"z\"))") }
        #expect(throws: SQLiteError.self) { try connection.execute("CREATE INDEX tx ON t (x) WHERE x <> \"z\"") }
    }

    @Test("foreign keys are enforced")
    func foreignKeysEnforced() throws {
        let connection = try Connection()
        try connection.execute("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY) STRICT;
            CREATE TABLE child (parentId INTEGER NOT NULL REFERENCES parent (id)) STRICT;
            """)
        let error = try #require(throws: SQLiteError.self) { try connection.run("INSERT INTO child VALUES (7)") }
        #expect(error.code == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
    }

    @Test("every value kind round-trips exactly")
    func valuesRoundTrip() throws {
        let connection = try Connection()
        try connection.execute("CREATE TABLE v (i INTEGER, r REAL, t TEXT, b BLOB, n ANY) STRICT")
        let values: [SQLValue] = [.integer(Int64.min), .real(0.1), .text("Café ☕️ \u{1F600}"), .blob([0, 1, 255, 0]), .null]
        try connection.run("INSERT INTO v VALUES (?1, ?2, ?3, ?4, ?5)", values)
        let row = try #require(try connection.query("SELECT i, r, t, b, n FROM v").first)
        #expect(row.values == values)
        #expect(row.columns == ["i", "r", "t", "b", "n"])
        #expect(row["t"] == .text("Café ☕️ \u{1F600}"))
        #expect(row["nope"] == .null)
        #expect(row[99] == .null)
        let noRow = try connection.scalar("SELECT i FROM v WHERE 0")
        #expect(noRow == Optional<SQLValue>.none)
    }

    @Test("an empty blob reads back as an empty blob, an empty text as empty text")
    func emptyBlobAndText() throws {
        let connection = try Connection()
        let row = try #require(try connection.query("SELECT ?1, ?2", [.blob([]), .text("")]).first)
        #expect(row[1] == .text(""))
        // An empty blob is a blob, not NULL: nil and empty are different facts.
        #expect(row[0] == .blob([]))
    }

    @Test("binding the wrong number of arguments is an error naming both counts")
    func wrongArgumentCount() throws {
        let connection = try Connection()
        let error = try #require(throws: SQLiteError.self) { try connection.query("SELECT ?1 + ?2", [.integer(1)]) }
        #expect(error.primaryCode == 25)  // SQLITE_RANGE
        #expect(error.message.contains("2"))
        #expect(error.message.contains("1 given"))
    }

    @Test("run returns the number of changed rows; lastInsertRowID follows inserts")
    func changesAndRowIDs() throws {
        let connection = try Connection()
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER NOT NULL) STRICT")
        #expect(try connection.run("INSERT INTO t (x) VALUES (1), (2), (3)") == 3)
        #expect(connection.lastInsertRowID == 3)
        #expect(try connection.run("UPDATE t SET x = x + 1 WHERE x >= 2") == 2)
        #expect(try connection.run("DELETE FROM t WHERE x = 99") == 0)
    }

    @Test("forEachRow streams rows in order and stops at the first thrown error")
    func forEachRowStreams() throws {
        struct Stop: Error {}
        let connection = try Connection()
        var seen: [Int64] = []
        try connection.forEachRow("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n") {
            seen.append($0[0].int64 ?? -1)
        }
        #expect(seen == [1, 2, 3, 4, 5])
        var count = 0
        #expect(throws: Stop.self) {
            try connection.forEachRow("SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3") { _ in
                count += 1
                if count == 2 { throw Stop() }
            }
        }
        #expect(count == 2)
    }

    @Test("a prepared statement reused for many rows, then finalized, refuses further use")
    func preparedStatementLifecycle() throws {
        let connection = try Connection()
        try connection.execute("CREATE TABLE p (t INTEGER NOT NULL, lat REAL) STRICT")
        let insert = try connection.prepare("INSERT INTO p (t, lat) VALUES (?1, ?2)")
        for i in 0..<10 {
            try insert.bind(Int64(i), at: 1)
            try insert.bind(i % 2 == 0 ? Double(i) / 4 : nil, at: 2)
            try insert.execute()
        }
        #expect(try connection.scalar("SELECT count(*) FROM p") == .integer(10))
        #expect(try connection.scalar("SELECT count(*) FROM p WHERE lat IS NULL") == .integer(5))
        #expect(try connection.scalar("SELECT lat FROM p WHERE t = 6") == .real(1.5))
        insert.finalize()
        insert.finalize()  // safe twice
        let error = try #require(throws: SQLiteError.self) { try insert.execute() }
        #expect(error.primaryCode == 21)  // SQLITE_MISUSE
    }

    @Test("invalid SQL fails at prepare with the SQL in the error")
    func invalidSQLFailsAtPrepare() throws {
        let connection = try Connection()
        let error = try #require(throws: SQLiteError.self) { try connection.prepare("SELEKT 1") }
        #expect(error.primaryCode == 1)  // SQLITE_ERROR
        #expect(error.sql == "SELEKT 1")
        let empty = try #require(throws: SQLiteError.self) { try connection.prepare("   ") }
        #expect(empty.primaryCode == 21)  // no statement in the text
    }

    @Test("a second writer with a short busy timeout fails busy while another holds the write lock")
    func secondWriterBusy() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("busy.sqlite")
        let first = try Connection(path: path)
        try first.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER) STRICT")
        let second = try Connection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 50)
        try first.execute("BEGIN IMMEDIATE")
        try first.run("INSERT INTO t VALUES (1)")
        let error = try #require(throws: SQLiteError.self) {
            _ = try second.transaction { try second.run("INSERT INTO t VALUES (2)") }
        }
        #expect(error.isBusy)
        #expect(second.isAutocommit)
        // A reader is not blocked by the writer (WAL) and sees the last commit.
        #expect(try second.scalar("SELECT count(*) FROM t") == .integer(0))
        try first.execute("COMMIT")
        _ = try second.transaction { try second.run("INSERT INTO t VALUES (2)") }
        #expect(try first.scalar("SELECT count(*) FROM t") == .integer(2))
    }
}
