import DashStore
import Foundation
import SQLiteKit
import TestSupport
import Testing

/// A new store is made from `Schema.snapshot` (Sources/DashStore/SchemaSnapshot.swift) instead of
/// replaying every step: these prove the two make the same store, and that a snapshot left behind
/// by a new step is caught here and never used.
@Suite("schema snapshot: a new store made in one script")
struct SchemaSnapshotTests {
    /// The shipped steps with no snapshot: every new store replays them, as before the snapshot.
    static let replay = Migrator(Schema.steps)

    /// Everything a store is, as rows to compare: its objects in sqlite_schema's order (the order
    /// they were made in; triggers on one table fire in it), the temp schema, every table's rows
    /// (sqlite_sequence too), and the pragmas a step could set in the file.
    private func dump(_ connection: Connection) throws -> [String] {
        var lines = try connection.query("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid").map { "\($0.values)" }
        lines += try connection.query("SELECT type, name, sql FROM temp.sqlite_schema ORDER BY rowid").map { "temp \($0.values)" }
        let tables = try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").compactMap { $0[0].string }
        for table in tables {
            lines.append("rows of \(table)")
            lines += try connection.query("SELECT * FROM \"\(table)\"").map { "\($0.values)" }.sorted()
        }
        for pragma in ["user_version", "auto_vacuum", "encoding", "page_size"] {
            lines.append("\(pragma) \(try connection.scalar("PRAGMA \(pragma)").map { "\($0)" } ?? "none")")
        }
        return lines
    }

    private func expectClean(_ connection: Connection, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try connection.query("PRAGMA integrity_check").map { $0[0].string } == ["ok"], sourceLocation: sourceLocation)
        #expect(try connection.query("PRAGMA foreign_key_check").isEmpty, sourceLocation: sourceLocation)
        #expect(try connection.scalar("PRAGMA foreign_keys") == .integer(1), sourceLocation: sourceLocation)
    }

    /// The frozen text is what a replayed store gives now, byte for byte; `UPDATE_GOLDEN=1`
    /// (`make golden`) writes the file again after a step is added.
    @Test("the frozen snapshot is the script of a store made by replaying every step")
    func snapshotIsTheStepsScript() throws {
        let replayed = try Store.inMemory(plan: Self.replay)
        let script = try MigrationSnapshot.script(of: replayed.connection)
        let fresh = MigrationSnapshot(version: Schema.steps.count, stepsDigest: MigrationSnapshot.digest(of: Schema.steps), sql: script)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Self.source(of: fresh).write(toFile: "\(Fixtures.packageRoot)/Sources/DashStore/SchemaSnapshot.swift", atomically: true, encoding: .utf8)
            return
        }
        let regenerate = "after adding a step run UPDATE_GOLDEN=1 swift test --skip-build --filter SchemaSnapshotTests (or make golden) and review the diff"
        #expect(Schema.snapshot.version == fresh.version, "Sources/DashStore/SchemaSnapshot.swift is of another version; \(regenerate)")
        #expect(Schema.snapshot.stepsDigest == fresh.stepsDigest, "Sources/DashStore/SchemaSnapshot.swift was taken from other steps; \(regenerate)")
        if let difference = Self.firstDifference(Schema.snapshot.sql, fresh.sql) {
            Issue.record("Sources/DashStore/SchemaSnapshot.swift is not the schema the steps make (\(difference)); \(regenerate)")
        }
    }

    /// The first line where the frozen script and the steps' differ, for a readable failure.
    static func firstDifference(_ frozen: String, _ fresh: String) -> String? {
        let old = frozen.split(separator: "\n", omittingEmptySubsequences: false)
        let new = fresh.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) where old.indices.contains(index) != new.indices.contains(index)
            || (old.indices.contains(index) && old[index] != new[index]) {
            let had = old.indices.contains(index) ? String(old[index]) : "(end)"
            let has = new.indices.contains(index) ? String(new[index]) : "(end)"
            return "line \(index + 1): frozen \(had.debugDescription), the steps make \(has.debugDescription)"
        }
        return nil
    }

    /// Caught loudly here; at run time a stale snapshot is only not used (the next test).
    @Test("the snapshot is taken from the plan's steps as they are now: their count and digest")
    func snapshotIsCurrent() {
        #expect(Schema.snapshot.version == Schema.currentVersion)
        #expect(Schema.snapshot.stepsDigest == MigrationSnapshot.digest(of: Schema.steps))
        let current = Schema.plan.snapshotIsCurrent
        #expect(current, "a stale snapshot: every new store replays the steps")
    }

    @Test("a new store in memory made from the snapshot is the store the steps make")
    func inMemoryEqualsReplay() throws {
        let made = try Store.inMemory()
        let replayed = try Store.inMemory(plan: Self.replay)
        #expect(try dump(made.connection) == dump(replayed.connection))
        #expect(made.version == Schema.currentVersion)
        #expect(made.migration.appliedSteps == replayed.migration.appliedSteps)
        try expectClean(made.connection)
        try expectClean(replayed.connection)
    }

    @Test("a new store on disk made from the snapshot is the store the steps make, with its identity and log")
    func onDiskEqualsReplay() throws {
        let folder = try TemporaryDirectory()
        let madePath = folder.path("made.sqlite"), replayedPath = folder.path("replayed.sqlite")
        do {
            let made = try Store.open(at: madePath, create: true)
            let replayed = try Store.open(at: replayedPath, create: true, plan: Self.replay)
            #expect(try dump(made.connection) == dump(replayed.connection))
            #expect(made.migration == replayed.migration)
            #expect(made.migration.appliedSteps == Schema.steps.map(\.id))
            for store in [made, replayed] {
                try expectClean(store.connection)
                #expect(try store.connection.scalar("PRAGMA application_id")?.int64 != 0)
                #expect(try store.connection.scalar("PRAGMA journal_mode") == .text("wal"))
            }
        }
        // Opened again, the snapshot's store is current: nothing migrates, nothing is backed up.
        let again = try Store.open(at: madePath, create: false)
        #expect(again.migration.appliedSteps.isEmpty)
        #expect(again.migration.backupPath == nil)
        let other = try Store.open(at: replayedPath, create: false)
        #expect(try dump(again.connection) == dump(other.connection))
        #expect(try again.connection.scalar("PRAGMA application_id") != other.connection.scalar("PRAGMA application_id"))
    }

    /// The script is what made the store: a marker table added to it shows up. Without this, the
    /// tests above would pass just as well if the snapshot were never used.
    @Test("a current snapshot is what makes a new store, in memory and on disk")
    func snapshotIsUsed() throws {
        let marked = MigrationSnapshot(version: Schema.snapshot.version, stepsDigest: Schema.snapshot.stepsDigest,
                                       sql: Schema.snapshot.sql + "CREATE TABLE snapshotMarker (id INTEGER PRIMARY KEY) STRICT;\n")
        let plan = Migrator(Schema.steps, snapshot: marked)
        let folder = try TemporaryDirectory()
        for store in try [Store.inMemory(plan: plan), Store.open(at: folder.path("s.sqlite"), create: true, plan: plan)] {
            #expect(try store.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'snapshotMarker'") == .integer(1))
            #expect(store.version == Schema.currentVersion)
        }
    }

    /// A step appended (or one edited) without the snapshot regenerated: the snapshot no longer
    /// describes the plan, so a new store replays the steps and has the new step's change.
    @Test("a stale snapshot is not used: a new store replays the steps", arguments: [false, true])
    func staleSnapshotNotUsed(onDisk: Bool) throws {
        let grown = Migrator(Schema.steps + [Migration("0099 test", "ALTER TABLE expense ADD COLUMN testColumn TEXT")], snapshot: Schema.snapshot)
        var edited = Schema.steps
        edited[0] = Migration(edited[0].id, edited[0].sql + "\nCREATE TABLE editedMarker (id INTEGER PRIMARY KEY) STRICT;")
        let changed = Migrator(edited, snapshot: Schema.snapshot)
        #expect(!grown.snapshotIsCurrent)
        #expect(!changed.snapshotIsCurrent)
        let folder = try TemporaryDirectory()
        func make(_ plan: Migrator, _ name: String) throws -> Store {
            if onDisk { return try Store.open(at: folder.path(name), create: true, plan: plan) }
            return try Store.inMemory(plan: plan)
        }
        let fromGrown = try make(grown, "grown.sqlite")
        #expect(fromGrown.version == Schema.currentVersion + 1)
        #expect(try fromGrown.connection.scalar("SELECT count(*) FROM pragma_table_info('expense') WHERE name = 'testColumn'") == .integer(1))
        let fromChanged = try make(changed, "changed.sqlite")
        #expect(try fromChanged.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'editedMarker'") == .integer(1))
    }

    @Test("the historical opener still replays the steps up to an earlier version")
    func historicalReplays() throws {
        let folder = try TemporaryDirectory()
        let old = try Store.openHistorical(at: folder.path("v14.sqlite"), version: Schema.currentVersion - 1)
        #expect(old.version == Schema.currentVersion - 1)
        #expect(old.migration.appliedSteps == Schema.steps.dropLast().map(\.id))
        let replayed = try Store.openHistorical(at: folder.path("r14.sqlite"), version: Schema.currentVersion - 1, plan: Self.replay)
        #expect(try dump(old.connection) == dump(replayed.connection))
    }

    /// The generated source file: the script as a raw string literal, unindented, so its text is
    /// exactly what SQLite stored (comments and indentation of every step kept).
    static func source(of snapshot: MigrationSnapshot) -> String {
        """
        // Written by Tests/DashStoreTests/SchemaSnapshotTests.swift (`UPDATE_GOLDEN=1 swift test --skip-build
        // --filter SchemaSnapshotTests`, or `make golden`) from a store made by replaying every step: never edit by hand.
        import SQLiteKit

        extension Schema {
            /// The current schema as one script: how a new store is made (docs/store.md "Migrations").
            /// Used only while its version and digest are the plan's (Migrator.swift).
            public static let snapshot = MigrationSnapshot(version: \(snapshot.version), stepsDigest: "\(snapshot.stepsDigest)", sql: #\"\"\"
        \(snapshot.sql)
        \"\"\"#)
        }

        """
    }
}
