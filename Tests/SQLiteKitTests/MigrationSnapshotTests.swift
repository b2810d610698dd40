import SQLiteKit
import Testing

/// The snapshot mechanism on test-only steps that do what DashPilot's do and more: seed rows,
/// rebuild and rename a table, leave AUTOINCREMENT counters above the last id, keep rows in a
/// table WITHOUT ROWID and in one whose rowid is no column, add a trigger after a seed.
@Suite("Migrator: a new database made from a snapshot")
struct MigrationSnapshotTests {
    static let steps = [
        Migration("0001 kinds and a log", """
            CREATE TABLE kind (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE) STRICT;
            INSERT INTO kind (name) VALUES ('fuel'), ('phone'), ('gone');
            DELETE FROM kind WHERE name = 'gone';
            CREATE TABLE note (text TEXT NOT NULL) STRICT;
            INSERT INTO note (rowid, text) VALUES (5, 'it''s five'), (9, 'nine');
            CREATE TABLE setting (key TEXT PRIMARY KEY, value REAL) STRICT, WITHOUT ROWID;
            INSERT INTO setting VALUES ('ratio', 0.1), ('big', 1e300), ('blob', NULL);
            CREATE TABLE log (kindId INTEGER) STRICT;
            """),
        Migration("0002 a trigger after the seed; a rebuilt table", """
            CREATE TRIGGER kindLogged AFTER INSERT ON kind BEGIN INSERT INTO log VALUES (NEW.id); END;
            INSERT INTO kind (name) VALUES ('toll'), ('spare');
            DELETE FROM kind WHERE name = 'spare';
            CREATE TABLE expense (id INTEGER PRIMARY KEY AUTOINCREMENT, kindId INTEGER NOT NULL REFERENCES kind (id)) STRICT;
            INSERT INTO expense (kindId) VALUES (1), (4);
            CREATE TABLE expenseNew (id INTEGER PRIMARY KEY AUTOINCREMENT, kindId INTEGER NOT NULL REFERENCES kind (id),
                                     amountE4 INTEGER NOT NULL DEFAULT 0) STRICT;
            INSERT INTO expenseNew (id, kindId) SELECT id, kindId FROM expense;
            DROP TABLE expense;
            ALTER TABLE expenseNew RENAME TO expense;
            CREATE INDEX expenseByKind ON expense (kindId);
            CREATE VIEW expenseKind AS SELECT e.id, k.name FROM expense e JOIN kind k ON k.id = e.kindId;
            """),
    ]

    /// The objects in sqlite_schema's order, every row with its rowid where it has one, the counters.
    private func dump(_ connection: Connection) throws -> [String] {
        var lines = try connection.query("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid").map { "\($0.values)" }
        lines += try connection.query("SELECT rowid, * FROM kind").map { "kind \($0.values)" }
        lines += try connection.query("SELECT rowid, * FROM note").map { "note \($0.values)" }
        lines += try connection.query("SELECT * FROM setting").map { "setting \($0.values)" }
        lines += try connection.query("SELECT rowid, * FROM log").map { "log \($0.values)" }
        lines += try connection.query("SELECT rowid, * FROM expense").map { "expense \($0.values)" }
        lines += try connection.query("SELECT * FROM expenseKind").map { "view \($0.values)" }
        lines += try connection.query("SELECT name, seq FROM sqlite_sequence ORDER BY name").map { "sequence \($0.values)" }
        lines.append("version \(try Migrator.version(of: connection))")
        return lines
    }

    private func snapshot(of steps: [Migration]) throws -> MigrationSnapshot {
        let replayed = try Connection()
        try Migrator(steps).migrate(replayed)
        return MigrationSnapshot(version: steps.count, stepsDigest: MigrationSnapshot.digest(of: steps),
                                 sql: try MigrationSnapshot.script(of: replayed))
    }

    @Test("a database made from the snapshot is the one the steps make: objects, order, rows, rowids, counters")
    func snapshotEqualsReplay() throws {
        let replayed = try Connection()
        try Migrator(Self.steps).migrate(replayed)
        let made = try Connection()
        let migrator = Migrator(Self.steps, snapshot: try snapshot(of: Self.steps))
        #expect(migrator.snapshotIsCurrent)
        #expect(try migrator.migrate(made) == Self.steps.map(\.id))
        #expect(try dump(made) == dump(replayed))
        // The trigger fired in the steps (for 'toll' and 'spare'), and not again for the snapshot's rows.
        #expect(try made.query("SELECT kindId FROM log").map { $0[0] } == [.integer(4), .integer(5)])
        #expect(try made.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'kind'") == .integer(5))
        #expect(try made.query("PRAGMA integrity_check").map { $0[0] } == [.text("ok")])
        #expect(try made.query("PRAGMA foreign_key_check").isEmpty)
        #expect(try made.scalar("PRAGMA foreign_keys") == .integer(1))
        // The next id is the steps' next, not one freed by the deleted row.
        try made.run("INSERT INTO kind (name) VALUES ('parking')")
        #expect(made.lastInsertRowID == 6)
    }

    /// A marker in the script shows which way the database was made.
    private func marked(_ snapshot: MigrationSnapshot, version: Int? = nil, digest: String? = nil) -> MigrationSnapshot {
        MigrationSnapshot(version: version ?? snapshot.version, stepsDigest: digest ?? snapshot.stepsDigest,
                          sql: snapshot.sql + "CREATE TABLE marker (id INTEGER PRIMARY KEY) STRICT;")
    }

    private func hasMarker(_ connection: Connection) throws -> Bool {
        try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'marker'") == .integer(1)
    }

    @Test("the snapshot is used only for an empty database at version 0 brought to the plan's last version")
    func usedOnlyWhenEmptyAndToTheEnd() throws {
        let snapshot = marked(try snapshot(of: Self.steps))
        let migrator = Migrator(Self.steps, snapshot: snapshot)
        let fresh = try Connection()
        try migrator.migrate(fresh)
        #expect(try hasMarker(fresh))
        // Part of the way: steps, then the rest by steps.
        let partway = try Connection()
        #expect(try migrator.migrate(partway, upTo: 1) == [Self.steps[0].id])
        #expect(try migrator.migrate(partway) == [Self.steps[1].id])
        #expect(try !hasMarker(partway))
        // Version 0 but an object already there: not made over; the steps run (and here fail on it).
        let occupied = try Connection()
        try occupied.execute("CREATE TABLE note (text TEXT) STRICT")
        #expect(throws: SQLiteError.self) { try migrator.migrate(occupied) }
        #expect(try !hasMarker(occupied))
        #expect(try Migrator.version(of: occupied) == 0)
    }

    @Test("a snapshot of other steps (a step added or edited since) is not used: the steps run")
    func staleSnapshotNotUsed() throws {
        let current = try snapshot(of: Self.steps)
        let grown = Self.steps + [Migration("0003 more", "ALTER TABLE note ADD COLUMN extra TEXT;")]
        var edited = Self.steps
        edited[1] = Migration(edited[1].id, edited[1].sql + "\nCREATE INDEX noteByText ON note (text);")
        for steps in [grown, edited] {
            let migrator = Migrator(steps, snapshot: marked(current))
            #expect(!migrator.snapshotIsCurrent)
            let connection = try Connection()
            #expect(try migrator.migrate(connection) == steps.map(\.id))
            #expect(try !hasMarker(connection))
        }
        // The count alone is not enough, nor the digest alone.
        #expect(!Migrator(grown, snapshot: marked(current, version: grown.count)).snapshotIsCurrent)
        #expect(!Migrator(Self.steps, snapshot: marked(current, version: 1)).snapshotIsCurrent)
        #expect(MigrationSnapshot.digest(of: edited) != current.stepsDigest)
        #expect(MigrationSnapshot.digest(of: Self.steps) == current.stepsDigest)
    }

    @Test("a snapshot leaving a broken reference is rolled back, naming the snapshot and the table")
    func brokenSnapshotRolledBack() throws {
        let broken = MigrationSnapshot(version: 1, stepsDigest: MigrationSnapshot.digest(of: Array(Self.steps.prefix(1))), sql: """
            CREATE TABLE kind (id INTEGER PRIMARY KEY) STRICT;
            CREATE TABLE log (kindId INTEGER REFERENCES kind (id)) STRICT;
            INSERT INTO log VALUES (42);
            """)
        let connection = try Connection()
        #expect(throws: MigrationError.foreignKeyViolation(step: "snapshot v1", table: "log")) {
            try Migrator(Array(Self.steps.prefix(1)), snapshot: broken).migrate(connection)
        }
        #expect(try Migrator.version(of: connection) == 0)
        #expect(try connection.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0))
        #expect(try connection.scalar("PRAGMA foreign_keys") == .integer(1))
    }

    @Test("a database holding ANALYZE's statistics cannot be written as a snapshot")
    func statisticsRefused() throws {
        let connection = try Connection()
        try Migrator(Self.steps).migrate(connection)
        try connection.execute("ANALYZE")
        let error = try #require(throws: SQLiteError.self) { try MigrationSnapshot.script(of: connection) }
        #expect(error.message.contains("sqlite_stat1"))
    }
}
