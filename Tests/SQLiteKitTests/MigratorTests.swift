import Foundation
import SQLiteKit
import TestSupport
import Testing

/// Migrator tests on test-only step lists, so they exercise the mechanism, not DashPilot's schema.
@Suite("Migrator: versioned steps")
struct MigratorTests {
    static let steps = [
        Migration("0001 create shift", "CREATE TABLE shift (id INTEGER PRIMARY KEY, startedAtMs INTEGER NOT NULL) STRICT;"),
        Migration("0002 create expense", """
            CREATE TABLE expense (id INTEGER PRIMARY KEY, amountE4 INTEGER NOT NULL) STRICT;
            CREATE INDEX expenseByAmount ON expense (amountE4);
            """),
    ]

    private func tables(_ connection: Connection) throws -> [String] {
        try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").compactMap { $0[0].string }
    }

    @Test("an empty database is brought to the current version, one step at a time")
    func emptyToCurrent() throws {
        let connection = try Connection()
        let migrator = Migrator(Self.steps)
        #expect(try Migrator.version(of: connection) == 0)
        #expect(try migrator.pendingSteps(for: connection).map(\.id) == ["0001 create shift", "0002 create expense"])
        let applied = try migrator.migrate(connection)
        #expect(applied == ["0001 create shift", "0002 create expense"])
        #expect(try Migrator.version(of: connection) == 2)
        #expect(migrator.currentVersion == 2)
        #expect(try tables(connection) == ["expense", "shift"])
        #expect(try migrator.pendingSteps(for: connection).isEmpty)
        #expect(connection.isAutocommit)
    }

    @Test("migrating twice is a no-op")
    func twiceIsNoOp() throws {
        let connection = try Connection()
        let migrator = Migrator(Self.steps)
        try migrator.migrate(connection)
        try connection.run("INSERT INTO expense (amountE4) VALUES (125000)")
        let schemaBefore = try connection.query("SELECT type, name, sql FROM sqlite_schema ORDER BY name")
        #expect(try migrator.migrate(connection) == [])
        #expect(try Migrator.version(of: connection) == 2)
        #expect(try connection.query("SELECT type, name, sql FROM sqlite_schema ORDER BY name") == schemaBefore)
        #expect(try connection.scalar("SELECT amountE4 FROM expense") == .integer(125_000))
    }

    @Test("upTo stops at a version, and a later migrate continues from it")
    func upToThenContinue() throws {
        let connection = try Connection()
        let migrator = Migrator(Self.steps)
        #expect(try migrator.migrate(connection, upTo: 1) == ["0001 create shift"])
        #expect(try Migrator.version(of: connection) == 1)
        #expect(try tables(connection) == ["shift"])
        #expect(try migrator.migrate(connection) == ["0002 create expense"])
        #expect(try Migrator.version(of: connection) == 2)
    }

    @Test("a failing step rolls back every pending step with it, keeps the version the store had, and rethrows")
    func failingStepRollsBack() throws {
        let connection = try Connection()
        let broken = Migrator(Self.steps + [Migration("0003 broken", """
            CREATE TABLE route (id INTEGER PRIMARY KEY) STRICT;
            ALTER TABLE expense ADD COLUMN note TEXT;
            INSERT INTO nosuchtable VALUES (1);
            """)])
        #expect(try broken.migrate(connection, upTo: 1) == ["0001 create shift"])
        let error = try #require(throws: SQLiteError.self) { try broken.migrate(connection) }
        #expect(error.message.contains("nosuchtable"))
        // Steps 2 and 3 ran in one transaction: both rolled back, the store is at 1 as before.
        #expect(try Migrator.version(of: connection) == 1)
        #expect(try tables(connection) == ["shift"])  // no expense, no route table
        #expect(connection.isAutocommit)
        // Without the broken step, the rest applies.
        #expect(try Migrator(Self.steps).migrate(connection) == ["0002 create expense"])
        let columns = try connection.query("SELECT name FROM pragma_table_info('expense')").compactMap { $0[0].string }
        #expect(columns == ["id", "amountE4"])  // no note column
    }

    @Test("a failing first step leaves an empty database at version 0")
    func failingFirstStep() throws {
        let connection = try Connection()
        let broken = Migrator([Migration("0001 half", "CREATE TABLE a (x INTEGER) STRICT; CREATE TABLE a (y INTEGER) STRICT;")])
        #expect(throws: SQLiteError.self) { try broken.migrate(connection) }
        #expect(try Migrator.version(of: connection) == 0)
        #expect(try tables(connection).isEmpty)
    }

    @Test("a step leaving a broken reference is rolled back with a foreignKeyViolation naming step and table")
    func foreignKeyViolation() throws {
        let connection = try Connection()
        let migrator = Migrator([
            Migration("0001 parents", "CREATE TABLE parent (id INTEGER PRIMARY KEY) STRICT;"),
            Migration("0002 orphan", """
                CREATE TABLE child (id INTEGER PRIMARY KEY,
                                    parentId INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED) STRICT;
                INSERT INTO child (parentId) VALUES (42);
                """),
        ])
        #expect(throws: MigrationError.foreignKeyViolation(step: "0002 orphan", table: "child")) {
            try migrator.migrate(connection)
        }
        // Both steps in one transaction: neither is kept.
        #expect(try Migrator.version(of: connection) == 0)
        #expect(try tables(connection).isEmpty)
    }

    @Test("a database newer than the step list is refused, naming both versions, and left untouched")
    func newerIsRefused() throws {
        let connection = try Connection()
        let migrator = Migrator(Self.steps)
        try migrator.migrate(connection)
        try connection.execute("PRAGMA user_version = 7")
        let expected = MigrationError.storeIsNewer(storeVersion: 7, supportedVersion: 2)
        #expect(throws: expected) { try migrator.migrate(connection) }
        #expect(throws: expected) { try migrator.pendingSteps(for: connection) }
        #expect(expected.description.contains("7"))
        #expect(expected.description.contains("(2)"))
        #expect(try Migrator.version(of: connection) == 7)
    }

    @Test("a damaged on-disk database is not migrated")
    func damagedNotMigrated() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("damaged.sqlite")
        do {
            let connection = try Connection(path: path)
            try Migrator(Array(Self.steps.prefix(1))).migrate(connection)
            try connection.transaction {
                for i in 0..<2000 { try connection.run("INSERT INTO shift (startedAtMs) VALUES (?1)", [.integer(Int64(i) * 1000)]) }
            }
        }
        // Overwrite the b-tree header of page 3 (a leaf of the shift table): quick_check must notice.
        let pageSize = 4096
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        #expect(size > UInt64(4 * pageSize))
        try handle.seek(toOffset: UInt64(2 * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 16))
        try handle.close()
        let connection = try Connection(path: path, mode: .readWrite)
        let error = try #require(throws: (any Error).self) { try Migrator(Self.steps).migrate(connection) }
        if let migration = error as? MigrationError, case .damaged = migration {
            // quick_check reported the damage before anything changed.
        } else {
            // quick_check itself may fail with SQLITE_CORRUPT (docs/facts.md, "SQLite"): also a refusal.
            let sqlite = try #require(error as? SQLiteError)
            #expect(sqlite.primaryCode == 11)
        }
        #expect(try Migrator.version(of: connection) == 1)
    }
}
