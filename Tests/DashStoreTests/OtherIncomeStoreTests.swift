import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Income on no shift in the store (issue 27; OtherIncomeService.swift): typed rows, an
/// import's rows by record key (the union of files, held by several imports), exact undo.
@Suite("other income: the store")
struct OtherIncomeStoreTests {
    static func key(_ n: Int) -> RecordKey { RecordKey(words: (0, 0, 0, 0, 0, 0, 0x0171, UInt32(n))) }

    static func row(_ amount: String, at m: Int64 = 30, kind: OtherIncomeKind = .quest, platform: String = "Uber", note: String? = nil,
                    key n: Int) throws -> OtherIncomeInput {
        OtherIncomeInput(occurredAt: minute(m), amount: try money(amount), platform: platform, kind: kind, note: note, recordKey: key(n))
    }

    static func newImport(_ store: Store, _ name: String) throws -> Int64 {
        let digits = name.utf8.map { String($0, radix: 16) }.joined()
        return try store.write {
            try store.beginImport(kind: .statement, fileName: name, sha256: String(repeating: "0", count: 64 - digits.count) + digits,
                                  template: "uber-payments", at: minute(500))
        }
    }

    /// An import of `rows` in one write, as the statement import will call it.
    static func importRows(_ store: Store, _ name: String, _ rows: [OtherIncomeInput]) throws -> (id: Int64, added: Int, held: Int) {
        let id = try newImport(store, name)
        let outcome = try store.write { try store.addOtherIncome(rows, importID: id) }
        return (id, outcome.added, outcome.alreadyHeld)
    }

    @Test("a typed row is kept exactly, listed by its instant half-open, and deleted as it was")
    func typed() throws {
        let store = try Store.inMemory()
        let quest = try store.addOtherIncome(at: minute(10), amount: try money("51.47"), platform: " Uber ", kind: .quest, note: "weekend quest")
        let back = try store.addOtherIncome(at: minute(20), amount: try money("-12.345"), platform: "uber", kind: .adjustment)
        let all = try store.otherIncome()
        #expect(all.map(\.id) == [quest, back])
        #expect(all.map(\.amount) == [Money(units: 514_700), Money(units: -123_450)])
        #expect(all[0].platform == "Uber")
        #expect(all[0].note == "weekend quest")
        #expect(all.allSatisfy { $0.importID == nil })
        #expect(try store.otherIncome(from: minute(10), to: minute(20)).map(\.id) == [quest])
        #expect(try store.otherIncome(from: minute(11)).map(\.id) == [back])
        #expect(try store.connection.scalar("SELECT platformKey FROM otherIncome WHERE id = ?1", [.integer(back)]) == .text("uber"))
        let deleted = try store.deleteOtherIncome(quest)
        #expect(deleted.amount == Money(units: 514_700))
        #expect(try store.otherIncome().map(\.id) == [back])
        #expect(throws: ModelError.notFound(what: "other income", id: quest)) { try store.deleteOtherIncome(quest) }
    }

    @Test("a row the record refuses writes nothing, typed or in an import's batch")
    func refusals() throws {
        let store = try Store.inMemory()
        try expectRefused(ModelError.badText(field: "other income", reason: "cannot be 0.00 (it would record nothing)"), in: store) {
            try store.addOtherIncome(at: minute(1), amount: .zero, platform: "Uber", kind: .other)
        }
        try expectRefused(ModelError.badText(field: "the platform", reason: "cannot be empty"), in: store) {
            try store.addOtherIncome(at: minute(1), amount: try money("5"), platform: "", kind: .other)
        }
        let id = try Self.newImport(store, "a.csv")
        // The bad row is the last: the good rows before it are not written either.
        try expectRefused(ModelError.badText(field: "other income", reason: "cannot be 0.00 (it would record nothing)"), in: store) {
            _ = try store.write { try store.addOtherIncome([try Self.row("5", key: 1), try Self.row("0", key: 2)], importID: id) }
        }
    }

    @Test("an import adds the rows whose keys the store lacks and holds the rest, n of a key the store holds k times admitting n - k")
    func unionByKey() throws {
        let store = try Store.inMemory()
        let first = try Self.importRows(store, "week1.csv", [try Self.row("100", key: 1), try Self.row("20", key: 2), try Self.row("20", key: 2)])
        #expect((first.added, first.held) == (3, 0))
        // Overlapping: key 1 again, key 2 three times (one more than stored), a new key 3.
        let second = try Self.importRows(store, "week1-again.csv", [try Self.row("100", key: 1), try Self.row("20", key: 2), try Self.row("20", key: 2),
                                                                     try Self.row("20", key: 2), try Self.row("7.5", key: 3)])
        #expect((second.added, second.held) == (2, 3))
        #expect(try store.otherIncome().map(\.amount.units).sorted() == [75_000, 200_000, 200_000, 200_000, 1_000_000])
        #expect(try store.heldRowCount(importID: second.id) == 3)
        // A third file stating exactly the first's rows is that import.
        let third = try Self.importRows(store, "week1-copy.csv", [try Self.row("100", key: 1), try Self.row("20", key: 2), try Self.row("20", key: 2)])
        #expect((third.added, third.held) == (0, 3))
        #expect(try store.soleImportHeld(by: third.id)?.id == first.id)
    }

    @Test("a row two imports hold survives the undo of either and goes with the undo of both")
    func heldByTwo() throws {
        let store = try Store.inMemory()
        let a = try Self.importRows(store, "a.csv", [try Self.row("51.47", key: 1), try Self.row("300", key: 2)])
        let b = try Self.importRows(store, "b.csv", [try Self.row("51.47", key: 1)])
        #expect((b.added, b.held) == (0, 1))
        let undoA = try store.undoImport(a.id)
        // Its own row goes; the row b also states stays, now b's.
        #expect(undoA.otherIncome == 1)
        #expect(undoA.rowsKept == 1)
        let left = try store.otherIncome()
        #expect(left.map(\.amount) == [try money("51.47")])
        #expect(left.map(\.importID) == [b.id])
        #expect(try store.connection.scalar("SELECT count(*) FROM importHolding") == .integer(0))
        let undoB = try store.undoImport(b.id)
        #expect(undoB.otherIncome == 1)
        #expect(try store.otherIncome().isEmpty)
        #expect(try dumpRecord(store).allSatisfy { !$0.hasPrefix("otherIncome") && !$0.hasPrefix("importHolding") })
    }

    @Test("undoing in the other order keeps the same row, and a typed row stays through every undo")
    func otherOrder() throws {
        let store = try Store.inMemory()
        let typed = try store.addOtherIncome(at: minute(5), amount: try money("25"), platform: "DoorDash", kind: .referral)
        let a = try Self.importRows(store, "a.csv", [try Self.row("51.47", key: 1)])
        let b = try Self.importRows(store, "b.csv", [try Self.row("51.47", key: 1), try Self.row("9.99", kind: .incentive, key: 3)])
        #expect((b.added, b.held) == (1, 1))
        let undoB = try store.undoImport(b.id)
        #expect(undoB.otherIncome == 1)
        #expect(undoB.rowsKept == 0)
        #expect(try store.otherIncome().map(\.importID) == [nil, a.id])
        _ = try store.undoImport(a.id)
        #expect(try store.otherIncome().map(\.id) == [typed])
    }

    @Test("a dry-run undo says what it would take and changes nothing")
    func dryRunUndo() throws {
        let store = try Store.inMemory()
        let a = try Self.importRows(store, "a.csv", [try Self.row("51.47", key: 1), try Self.row("-3", kind: .adjustment, key: 2)])
        let before = try dumpRecord(store)
        let preview = try store.undoImport(a.id, dryRun: true)
        #expect(preview.otherIncome == 2)
        #expect(try dumpRecord(store) == before)
    }

    @Test("deleting an imported row drops the imports' holdings of it")
    func deleteImported() throws {
        let store = try Store.inMemory()
        let a = try Self.importRows(store, "a.csv", [try Self.row("51.47", key: 1)])
        let b = try Self.importRows(store, "b.csv", [try Self.row("51.47", key: 1)])
        let row = try #require(try store.otherIncome().first)
        #expect(row.importID == a.id)
        _ = try store.deleteOtherIncome(row.id)
        #expect(try store.heldRowCount(importID: b.id) == 0)
        // Both undo cleanly, removing nothing of it.
        #expect(try store.undoImport(b.id).otherIncome == 0)
        #expect(try store.undoImport(a.id).otherIncome == 0)
    }

    @Test("a v15 store gains the table and keeps the rows several imports hold")
    func migration() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        do {
            let old = try Store.openHistorical(at: path, version: 15)
            try old.connection.execute("""
                INSERT INTO importRecord (id, kind, fileName, sha256, importedAtMs, summary) VALUES (1, 'expenses', 'a.csv', '\(String(repeating: "a", count: 64))', 1, 'a');
                INSERT INTO importRecord (id, kind, fileName, sha256, importedAtMs, summary) VALUES (2, 'expenses', 'b.csv', '\(String(repeating: "b", count: 64))', 2, 'b');
                INSERT INTO expense (id, occurredAtMs, amountE4, category, importId, recordKey) VALUES (1, 1000, 50000, 'fuel', 1, '\(String(repeating: "c", count: 64))');
                INSERT INTO importHolding (entity, rowId, importId) VALUES ('expense', 1, 2);
                """)
        }
        let store = try Store.open(at: path, create: false)
        // Every step after v15 (issue 27's steps, in order), other income among them.
        #expect(store.migration.appliedSteps.contains("0017 other income") && store.migration.appliedSteps == Schema.steps.dropFirst(15).map(\.id))
        #expect(try store.connection.query("SELECT entity, rowId, importId FROM importHolding").map(\.values)
            == [[.text("expense"), .integer(1), .integer(2)]])
        #expect(try store.heldRowCount(importID: 2) == 1)
        // The widened CHECK admits the new entity, and still refuses others.
        let id = try Self.importRows(store, "c.csv", [try Self.row("5", key: 9)]).id
        let d = try Self.importRows(store, "d.csv", [try Self.row("5", key: 9)])
        #expect(d.held == 1 && id != d.id)
        #expect(throws: SQLiteError.self) { try store.connection.run("INSERT INTO importHolding (entity, rowId, importId) VALUES ('shift', 1, 1)") }
        #expect(try store.structuralFaults() == [])
    }
}
