import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Schema v7 (docs/record.md, "Money" and "Any order, exact undo"): a statement's shift total
/// keeps its platform; the driver's figure per platform; a row two imports hold stays until
/// both are undone; a figure a later import replaced counts again when that one is undone.
@Suite struct ShiftEarningTests {
    static func key(_ n: Int) -> RecordKey {
        RecordKey(words: (0, 0, 0, 0, 0, 0, UInt32(truncatingIfNeeded: n >> 32), UInt32(truncatingIfNeeded: n)))
    }

    static func newImport(_ store: Store, _ name: String) throws -> Int64 {
        let digits = name.utf8.map { String($0, radix: 16) }.joined()
        return try store.beginImport(kind: .statement, fileName: name, sha256: String(repeating: "0", count: 64 - digits.count) + digits,
                                     template: "shift-log", at: minute(900))
    }

    static func span(_ from: Int64, _ to: Int64) throws -> Interval { try Interval(start: minute(from), end: minute(to)) }

    @Test("a statement total keeps its platform; names differing in case are one platform, shown as the first spelling")
    func platformsKept() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(240))
        let a = try Self.newImport(store, "a.csv")
        try store.addImportedShiftEarning(shiftID: shift, platform: "doordash", span: try Self.span(0, 120), gross: try money("40.00"),
                                          tips: try money("10.00"), fees: nil, recordKey: Self.key(1), importID: a)
        try store.addImportedShiftEarning(shiftID: shift, platform: "DoorDash", span: try Self.span(120, 240), gross: try money("2.50"),
                                          tips: nil, fees: try money("1.00"), recordKey: Self.key(2), importID: a)
        try store.addImportedShiftEarning(shiftID: shift, platform: "Uber", span: try Self.span(0, 240), gross: try money("7.25"),
                                          tips: nil, fees: nil, recordKey: Self.key(3), importID: a)
        let money = try store.platformMoney(of: try store.requireShift(shift))
        #expect(money == [
            PlatformMoney(platform: "DoorDash", source: .statementTotal, gross: try DashStoreTests.money("42.50"), tips: try DashStoreTests.money("10.00"),
                          fees: try DashStoreTests.money("1.00")),
            PlatformMoney(platform: "Uber", source: .statementTotal, gross: try DashStoreTests.money("7.25")),
        ])
    }

    @Test("the driver's figure for one platform: set, replaced (the old figure returned), cleared; active shifts refused")
    func typedPerPlatform() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(60))
        #expect(try store.setTypedEarnings(shift, platform: "Uber", try paid("20.00")) == nil)
        #expect(try store.setTypedEarnings(shift, platform: "uber", try paid("22.00", tips: "2.00")) == (try paid("20.00")))
        #expect(try store.platformMoney(of: try store.requireShift(shift))
                == [PlatformMoney(platform: "uber", source: .typed, gross: try money("22.00"), tips: try money("2.00"))])
        #expect(try store.setTypedEarnings(shift, platform: "UBER", nil) == (try paid("22.00", tips: "2.00")))
        #expect(try store.platformMoney(of: try store.requireShift(shift)).isEmpty)
        let active = try store.startShift(at: minute(100))
        #expect(throws: ModelError.earningsOnActiveShift) { try store.setTypedEarnings(active, platform: "Uber", try paid("1.00")) }
    }

    @Test("an expense two imports hold stays until both are undone, whichever goes first")
    func heldExpense() throws {
        for firstUndone in 0..<2 {
            let store = try Store.inMemory()
            let a = try Self.newImport(store, "a.csv"), b = try Self.newImport(store, "b.csv")
            let expense = try store.addExpense(at: minute(10), amount: try money("4.00"), category: "parking", importID: a,
                                               recordKey: Self.key(7).hex)
            try store.hold(.expense, rowID: expense, importID: b)
            try store.hold(.expense, rowID: expense, importID: a)  // its own import: nothing
            #expect(try store.heldRowCount(importID: b) == 1 && store.heldRowCount(importID: a) == 0)
            let undone = try store.undoImport(firstUndone == 0 ? a : b)
            #expect(undone.rowsKept == (firstUndone == 0 ? 1 : 0))
            #expect(try store.expenses().count == 1)
            try store.undoImport(firstUndone == 0 ? b : a)
            #expect(try store.expenses().isEmpty)
            #expect(try store.connection.scalar("SELECT count(*) FROM importHolding")?.int64 == 0)
        }
    }

    @Test("a shift one import made and another's figure holds stays when the first is undone, fitted to what remains")
    func shiftHandedOver() throws {
        let store = try Store.inMemory()
        let a = try Self.newImport(store, "week1.csv"), b = try Self.newImport(store, "week2.csv")
        // Week 1's log made the shift (minutes 0-300) from its row; week 2's log states the same row.
        let shift = try store.createCompletedShift(start: minute(0), end: minute(300), importID: a)
        let figure = try store.addImportedShiftEarning(shiftID: shift, platform: "DoorDash", span: try Self.span(0, 300), gross: try money("88.20"),
                                                       tips: nil, fees: nil, recordKey: Self.key(1), importID: a)
        try store.hold(.shiftEarning, rowID: figure, importID: b)
        let undone = try store.undoImport(a)
        #expect(undone.shiftsKept == 1 && undone.shifts == 0 && undone.rowsKept == 1)
        let kept = try store.requireShift(shift)
        #expect(kept.start == minute(0) && kept.end == minute(300))
        #expect(try store.platformMoney(of: kept) == [PlatformMoney(platform: "DoorDash", source: .statementTotal, gross: try money("88.20"))])
        let last = try store.undoImport(b)
        #expect(last.shifts == 1)
        #expect(try store.shifts().isEmpty)
    }

    @Test("a figure a later statement replaced counts again once that statement is undone")
    func replacedComesBack() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(60))
        let a = try Self.newImport(store, "a.csv"), b = try Self.newImport(store, "b.csv")
        let old = try store.addImportedShiftEarning(shiftID: shift, platform: "Uber", span: try Self.span(0, 60), gross: try money("30.00"),
                                                    tips: nil, fees: nil, recordKey: Self.key(1), importID: a)
        let new = try store.addImportedShiftEarning(shiftID: shift, platform: "Uber", span: try Self.span(0, 60), gross: try money("31.00"),
                                                    tips: nil, fees: nil, recordKey: Self.key(2), importID: b)
        try store.markShiftEarning(old, replacedBy: new)
        #expect(try store.platformMoney(of: try store.requireShift(shift)).map(\.gross) == [try money("31.00")])
        #expect(try store.undoImport(b).figuresRestored == 1)
        #expect(try store.platformMoney(of: try store.requireShift(shift)).map(\.gross) == [try money("30.00")])
    }

    @Test("fee lines are the platform's fees, apart from the trip's gross; the sum of lines is unchanged")
    func feeLines() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(60))
        let a = try Self.newImport(store, "pay.csv")
        let added = try store.acceptOffer(shiftID: shift, at: minute(5), platform: "Uber",
                                          deliveries: [NewDelivery(deliveredAt: minute(20), recordKey: Self.key(50).hex)], importID: a)
        let delivery = try #require(added.deliveries.first)
        try store.addDeliveryLines([(Self.key(51), minute(21), try money("10.00"), nil, MoneyKind.pay),
                                    (Self.key(52), minute(21), try money("3.00"), try money("3.00"), MoneyKind.tip),
                                    (Self.key(53), minute(21), try money("-1.50"), nil, MoneyKind.fee)], to: delivery, importID: a)
        #expect(try store.requireDelivery(delivery).ownAmount == (try paid("11.50", tips: "3.00")))
        #expect(try store.platformMoney(of: try store.requireShift(shift)) == [
            PlatformMoney(platform: "Uber", source: .trips, gross: try money("13.00"), tips: try money("3.00"), fees: try money("1.50"), trips: 1),
        ])
    }
}

/// Schema v7's record identity: the currency and each platform's driver, kept on the imports.
@Suite struct RecordIdentityTests {
    @Test("the currency and a platform's driver come from the oldest import naming them, and go with the last")
    func identityFollowsTheImports() throws {
        let store = try Store.inMemory()
        #expect(try store.recordCurrency() == nil)
        let a = try ShiftEarningTests.newImport(store, "a.csv"), b = try ShiftEarningTests.newImport(store, "b.csv")
        let digest = String(repeating: "ab", count: 32)
        try store.setImportIdentity(b, currency: "USD", driver: ("uber", digest))
        try store.setImportIdentity(a, currency: "USD", driver: nil)
        #expect(try store.recordCurrency()?.importID == a)
        #expect(try store.recordDriver(platformKey: "uber")?.digest == digest)
        #expect(try store.recordDriver(platformKey: "doordash") == nil)
        try store.undoImport(b)
        #expect(try store.recordDriver(platformKey: "uber") == nil)
        #expect(try store.recordCurrency()?.code == "USD")
        // A lower-case code or a driver without its platform is refused by the schema.
        #expect(throws: (any Error).self) { try store.setImportIdentity(a, currency: "usd", driver: nil) }
        #expect(throws: (any Error).self) {
            try store.connection.run("UPDATE importRecord SET driverDigest = ?2 WHERE id = ?1", [.integer(a), .text(digest)])
        }
    }
}
