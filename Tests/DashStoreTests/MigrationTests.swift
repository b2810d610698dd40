import DashModel
import DashStore
import Foundation
import SQLiteKit
import TestSupport
import Testing

@Suite("schema versions and migration")
struct MigrationTests {
    /// The shipping plan plus one test-only step, as the next real schema change will look.
    /// The shipped v1 and a test-only second step: the framework tested apart from the real steps.
    static let nextPlan = Migrator(Array(Schema.steps.prefix(1)) + [Migration("0002 test", "ALTER TABLE expense ADD COLUMN testColumn TEXT")])

    private func columns(_ store: Store, _ table: String) throws -> [String] {
        try store.connection.query("SELECT name FROM pragma_table_info(?1)", [.text(table)]).compactMap { $0[0].string }
    }

    @Test("an empty store is brought to the current version")
    func emptyToCurrent() throws {
        let folder = try TemporaryDirectory()
        let store = try Store.open(at: folder.path("s.sqlite"), create: true)
        #expect(store.migration.fromVersion == 0)
        #expect(store.migration.toVersion == Schema.currentVersion)
        #expect(store.migration.appliedSteps == Schema.steps.map(\.id))
        #expect(store.migration.backupPath == nil)  // nothing to back up in an empty store
        #expect(try store.counts().tables.map(\.name) == Store.tableNames)
        #expect(Schema.currentVersion == Schema.steps.count)
    }

    @Test("opening a current store twice migrates nothing and writes no backup")
    func twiceIsNoOp() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        let schema: [Row]
        do {
            let store = try Store.open(at: path, create: true)
            try store.addExpense(at: minute(0), amount: money("9.99"), category: "phone")
            schema = try store.connection.query("SELECT type, name, sql FROM sqlite_schema ORDER BY name")
        }
        let again = try Store.open(at: path, create: false)
        #expect(again.migration.appliedSteps.isEmpty)
        #expect(again.migration.fromVersion == Schema.currentVersion)
        #expect(again.migration.backupPath == nil)
        #expect(!again.migration.createdStore)
        #expect(try again.connection.query("SELECT type, name, sql FROM sqlite_schema ORDER BY name") == schema)
        #expect(try again.expenses().count == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!files.contains { $0.hasSuffix(".bak") })
    }

    @Test("a failing step rolls back and the store keeps its version and its rows")
    func failingStepRollsBack() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        do {
            let store = try Store.open(at: path, create: true)
            try store.addExpense(at: minute(0), amount: money("3.459"), category: "fuel")
        }
        let broken = Migrator(Schema.steps + [Migration("0002 broken", """
            ALTER TABLE expense ADD COLUMN testColumn TEXT;
            CREATE TABLE extra (id INTEGER PRIMARY KEY) STRICT;
            INSERT INTO nosuchtable VALUES (1);
            """)])
        let error = try #require(throws: SQLiteError.self) { try Store.open(at: path, create: false, plan: broken) }
        #expect(error.message.contains("nosuchtable"))

        let store = try Store.open(at: path, create: false)
        #expect(store.version == Schema.currentVersion)
        #expect(try !columns(store, "expense").contains("testColumn"))
        #expect(try store.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") == .integer(0))
        #expect(try store.expenses().map(\.amount) == [try money("3.459")])
    }

    @Test("a store from a newer build is refused, naming both versions, and left at its version")
    func newerRefused() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        do {
            let store = try Store.open(at: path, create: true)
            try store.connection.execute("PRAGMA user_version = 99")
        }
        let error = try #require(throws: MigrationError.self) { try Store.open(at: path, create: false) }
        #expect(error == .storeIsNewer(storeVersion: 99, supportedVersion: Schema.currentVersion))
        #expect(error.description.contains("99"))
        #expect(error.description.contains("(\(Schema.currentVersion))"))
        let connection = try Connection(path: path, mode: .readOnly)
        #expect(try Migrator.version(of: connection) == 99)
    }

    @Test("a v1 store written by the historical opener is migrated by the next plan, keeping its rows, after a 0600 backup beside it")
    func historicalStoreMigrated() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        let expenseID: Int64
        do {
            let old = try Store.openHistorical(at: path, version: 1, plan: Self.nextPlan)
            #expect(old.version == 1)
            #expect(try !columns(old, "expense").contains("testColumn"))
            // As the v1 build wrote it: raw SQL, since today's services write today's columns.
            try old.connection.run("""
                INSERT INTO expense (occurredAtMs, amountE4, category, note) VALUES (?1, 275000, 'maintenance', 'oil')
                """, [.integer(minute(0).millisecondsSinceEpoch)])
            expenseID = old.connection.lastInsertRowID
        }

        let store = try Store.open(at: path, create: false, plan: Self.nextPlan)
        #expect(store.version == 2)
        #expect(store.migration.fromVersion == 1)
        #expect(store.migration.toVersion == 2)
        #expect(store.migration.appliedSteps == ["0002 test"])
        #expect(try columns(store, "expense").contains("testColumn"))
        let expense = try #require(try store.expenses().first)
        #expect(expense.id == expenseID)
        #expect(expense.amount == (try money("27.5")))
        #expect(expense.note == "oil")
        #expect(try store.connection.scalar("SELECT testColumn FROM expense") == .null)

        // The backup sits beside the store, private, and holds the store as it was (v1, with the row).
        let backup = try #require(store.migration.backupPath)
        #expect((backup as NSString).deletingLastPathComponent == folder.path)
        #expect(backup == path + ".v1.bak")
        #expect(permissions(backup) == 0o600)
        let copy = try Connection(path: backup, mode: .readOnly)
        #expect(try Migrator.version(of: copy) == 1)
        #expect(try copy.scalar("SELECT amountE4 FROM expense") == .integer(275_000))
        #expect(try copy.scalar("SELECT count(*) FROM pragma_table_info('expense') WHERE name = 'testColumn'") == .integer(0))
        #expect(try copy.query("PRAGMA integrity_check").first?[0] == .text("ok"))
    }

    @Test("a second migration of an older store writes its backup under a new name")
    func backupNotOverwritten() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        let existing = path + ".v1.bak"
        #expect(FileManager.default.createFile(atPath: existing, contents: Data("keep me".utf8)))
        do { _ = try Store.openHistorical(at: path, version: 1, plan: Self.nextPlan) }
        let store = try Store.open(at: path, create: false, plan: Self.nextPlan)
        #expect(store.migration.backupPath == path + ".v1.2.bak")
        #expect(FileManager.default.contents(atPath: existing) == Data("keep me".utf8))
    }

    @Test("the historical opener creates an empty store at version 0 when asked, and migrates no further")
    func historicalVersionZero() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        let store = try Store.openHistorical(at: path, version: 0)
        #expect(store.version == 0)
        #expect(try store.connection.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0))
        #expect(permissions(path) == 0o600)
    }

    /// One golden dump per version, each written by the historical opener at that version: a
    /// new step adds `schema-vN.sql` and leaves every earlier file as it is, so an edit to a
    /// shipped step fails here even in the commit that regenerates the newest dump.
    @Test("the schema at every version matches its golden dump: a shipped step was not edited",
          arguments: 1...Schema.currentVersion)
    func goldenSchema(version: Int) throws {
        let folder = try TemporaryDirectory()
        let store = try Store.openHistorical(at: folder.path("v\(version).sqlite"), version: version)
        var text = "-- The schema at version \(version). Written once, when the step is added; never regenerated.\n"
        for row in try store.connection.query("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY type, name") {
            let type = row["type"].string ?? "?"
            let name = row["name"].string ?? "?"
            let sql = row["sql"].string ?? ""
            text += "\n-- \(type) \(name)\n\(sql);\n"
        }
        expectGolden(text, "schema-v\(version).sql")
    }

    /// The real step 2 (issue 3): a v1 store with an import record, written by the historical
    /// opener, gains importRecord.contentSha256 and keeps its rows, after a backup.
    @Test("a v1 store is migrated to the current version by the shipped plan, keeping its import records")
    func shippedV2Migration() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        do {
            let old = try Store.openHistorical(at: path, version: 1)
            #expect(try !columns(old, "importRecord").contains("contentSha256"))
            try old.connection.run("""
                INSERT INTO importRecord (kind, fileName, sha256, importedAtMs, summary) VALUES ('gpx', 'a.gpx', ?1, 0, 'old')
                """, [.text(String(repeating: "ab", count: 32))])
        }
        let store = try Store.open(at: path, create: false)
        #expect(store.migration.fromVersion == 1)
        #expect(store.migration.appliedSteps == Schema.steps.dropFirst().map(\.id))
        #expect(try columns(store, "importRecord").contains("contentSha256"))
        let records = try store.imports()
        #expect(records.map(\.summary) == ["old"])
        #expect(records.first?.contentSha256 == nil)
        #expect(store.migration.backupPath == path + ".v1.bak")
    }

    /// Every shipped step, from the version before it: a store written by the historical opener
    /// at that version keeps its rows through the plan.
    @Test("each shipped step keeps the rows of the version before it", arguments: 1..<Schema.currentVersion)
    func eachShippedStepKeepsRows(from version: Int) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        do {
            let old = try Store.openHistorical(at: path, version: version)
            try old.connection.run("INSERT INTO shift (startedAtMs, endedAtMs, grossEarningsE4) VALUES (0, 3600000, 125000)")
            try old.connection.run("INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (0, 34590, 'fuel')")
        }
        let store = try Store.open(at: path, create: false)
        #expect(store.version == Schema.currentVersion)
        #expect(try store.shifts().map { $0.earnings?.amount.description } == ["12.50"])
        #expect(try store.expenses().map(\.amount.description) == ["3.459"])
        #expect(try store.structuralFaults().isEmpty)
    }

    /// v8 rebuilds the delivery table (a trip's lines may sum below zero): every delivery keeps
    /// its id, times, amounts, place, import and key; its tips and lines stay on it; the
    /// triggers that came with the table are there again.
    @Test func theDeliveryTableRebuildKeepsEveryDelivery() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        let key = String(repeating: "ab", count: 32)
        var before: [[SQLValue]] = []
        do {
            let old = try Store.openHistorical(at: path, version: 7)
            try old.connection.execute("""
                INSERT INTO shift (id, startedAtMs, endedAtMs) VALUES (1, 0, 3600000);
                INSERT INTO importRecord (id, kind, fileName, sha256, importedAtMs, summary)
                    VALUES (1, 'statement', 'a.csv', '\(String(repeating: "0123456789abcdef", count: 4))', 1, 'x');
                INSERT INTO pickupPlace (id, name, matchKey) VALUES (1, 'Café', 'café');
                INSERT INTO offer (id, acceptedAtMs, platform, importId) VALUES (1, 1000, 'Uber', 1), (2, 2000, 'DoorDash', NULL);
                INSERT INTO delivery (id, shiftId, offerId, acceptedAtMs, pickedUpAtMs, deliveredAtMs, ownAmountE4, platformTipsE4, pickupPlaceId, importId, recordKey)
                    VALUES (5, 1, 1, 1000, 1100, 1200, 98700, NULL, NULL, 1, '\(key)'), (9, 1, 2, 2000, NULL, 2500, 80000, 30000, 1, NULL, NULL);
                INSERT INTO deliveryLine (deliveryId, importId, recordKey, occurredAtMs, amountE4, tipsE4) VALUES (5, 1, '\(key)', 1000, 98700, NULL);
                INSERT INTO deliveryTip (deliveryId, amountE4, method, recordedAtMs) VALUES (9, 50000, 'cash', 3000);
                INSERT INTO delivery (id, shiftId, offerId, acceptedAtMs, deliveredAtMs) VALUES (12, 1, 2, 2000, 2600);
                DELETE FROM delivery WHERE id = 12;
                """)
            before = try old.connection.query("SELECT * FROM delivery ORDER BY id").map(\.values)
        }
        let store = try Store.open(at: path, create: false)
        let after = try store.connection.query("SELECT * FROM delivery ORDER BY id").map(\.values)
        #expect(after.map { Array($0.prefix(13)) } == before)
        #expect(after.map(\.last) == [.null, .null])
        #expect(try store.connection.scalar("SELECT count(*) FROM deliveryTip WHERE deliveryId = 9")?.int64 == 1)
        #expect(try store.connection.scalar("SELECT count(*) FROM deliveryLine WHERE deliveryId = 5")?.int64 == 1)
        #expect(try store.structuralFaults().isEmpty)
        // v8's own (v14's routeFigure* triggers mark route figures stale: RouteFigureSchema.swift).
        let triggers = try store.connection.query("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'delivery' AND name NOT LIKE 'routeFigure%' ORDER BY name")
            .compactMap { $0[0].string }
        #expect(triggers == ["deliveryAmountInsert", "deliveryAmountUpdate", "deliveryOfferOnOneShiftInsert", "deliveryOfferOnOneShiftUpdate"])
        // A new id is never an old one's (AUTOINCREMENT's sequence came along).
        let added = try store.acceptOffer(shiftID: 1, at: Instant(millisecondsSinceEpoch: 3000),
                                          deliveries: [NewDelivery(deliveredAt: Instant(millisecondsSinceEpoch: 3100))])
        #expect(added.deliveries == [13])
    }
}
