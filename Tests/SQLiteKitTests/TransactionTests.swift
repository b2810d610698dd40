import SQLiteKit
import Testing

@Suite("transaction: all or nothing")
struct TransactionTests {
    struct Refusal: Error, Equatable { let reason: String }

    private func ledger() throws -> Connection {
        let connection = try Connection()
        try connection.execute("CREATE TABLE entry (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL CHECK (amount >= 0)) STRICT")
        try connection.run("INSERT INTO entry (amount) VALUES (10)")
        return connection
    }

    private func amounts(_ connection: Connection) throws -> [Int64] {
        try connection.query("SELECT amount FROM entry ORDER BY id").map { $0[0].int64 ?? -1 }
    }

    @Test("a body that returns commits and hands back its value")
    func commitsAndReturns() throws {
        let connection = try ledger()
        let id = try connection.transaction { () throws -> Int64 in
            try connection.run("INSERT INTO entry (amount) VALUES (20)")
            return connection.lastInsertRowID
        }
        #expect(id == 2)
        #expect(try amounts(connection) == [10, 20])
        #expect(connection.isAutocommit)
    }

    @Test("a body that throws rolls back every write and rethrows its own error")
    func rollsBackAndRethrows() throws {
        let connection = try ledger()
        #expect(throws: Refusal(reason: "second thoughts")) {
            try connection.transaction {
                try connection.run("INSERT INTO entry (amount) VALUES (20)")
                try connection.run("UPDATE entry SET amount = 11 WHERE id = 1")
                #expect(!connection.isAutocommit)
                throw Refusal(reason: "second thoughts")
            }
        }
        #expect(try amounts(connection) == [10])
        #expect(connection.isAutocommit)
    }

    @Test("a failing statement rolls back the earlier ones and its SQLite error is the one rethrown")
    func firstSQLiteErrorRethrown() throws {
        let connection = try ledger()
        let error = try #require(throws: SQLiteError.self) {
            try connection.transaction {
                try connection.run("INSERT INTO entry (amount) VALUES (30)")
                try connection.run("INSERT INTO entry (amount) VALUES (-1)")
                try connection.run("INSERT INTO nowhere VALUES (1)")  // never reached
            }
        }
        #expect(error.code == 275)  // the CHECK failure, not a later or ROLLBACK error
        #expect(error.sql == "INSERT INTO entry (amount) VALUES (-1)")
        #expect(try amounts(connection) == [10])
        #expect(connection.isAutocommit)
    }

    @Test("a body that already rolled back still gets its own error rethrown")
    func bodyRolledBackItself() throws {
        let connection = try ledger()
        #expect(throws: Refusal(reason: "gave up")) {
            try connection.transaction {
                try connection.run("INSERT INTO entry (amount) VALUES (40)")
                try connection.execute("ROLLBACK")
                throw Refusal(reason: "gave up")
            }
        }
        #expect(try amounts(connection) == [10])
        #expect(connection.isAutocommit)
    }

    @Test("a COMMIT refused by a deferred foreign key rolls back and rethrows that error")
    func commitFailureRollsBack() throws {
        let connection = try Connection()
        try connection.execute("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY) STRICT;
            CREATE TABLE child (id INTEGER PRIMARY KEY,
                                parentId INTEGER NOT NULL REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED) STRICT;
            """)
        let error = try #require(throws: SQLiteError.self) {
            try connection.transaction {
                try connection.run("INSERT INTO parent (id) VALUES (1)")
                try connection.run("INSERT INTO child (parentId) VALUES (2)")  // accepted until COMMIT
            }
        }
        #expect(error.code == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(error.sql == "COMMIT")
        #expect(connection.isAutocommit)
        #expect(try connection.scalar("SELECT count(*) FROM parent") == .integer(0))
        #expect(try connection.scalar("SELECT count(*) FROM child") == .integer(0))
    }

    @Test("a transaction inside a transaction is refused, and the outer one still rolls back")
    func nestedTransactionRefused() throws {
        let connection = try ledger()
        let error = try #require(throws: SQLiteError.self) {
            try connection.transaction {
                try connection.run("INSERT INTO entry (amount) VALUES (50)")
                _ = try connection.transaction { try connection.run("INSERT INTO entry (amount) VALUES (60)") }
            }
        }
        #expect(error.sql == "BEGIN IMMEDIATE")
        #expect(try amounts(connection) == [10])
        #expect(connection.isAutocommit)
    }

    @Test("after a rolled back transaction the connection works normally")
    func usableAfterRollback() throws {
        let connection = try ledger()
        _ = try? connection.transaction { () throws -> Void in throw Refusal(reason: "no") }
        _ = try connection.transaction { try connection.run("INSERT INTO entry (amount) VALUES (70)") }
        #expect(try amounts(connection) == [10, 70])
    }
}
