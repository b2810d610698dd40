import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Money lines on deliveries (schema v6): the triggers keep a delivery's own amount and platform
/// tips the sums of its lines; lines are never changed; undo removes an import's lines first.
@Suite struct DeliveryLineTests {
    /// A store with one completed shift (minutes 0-120) and helpers to add imports, deliveries
    /// and lines.
    struct Fixture {
        let store: Store
        let shift: Int64

        init() throws {
            store = try Store.inMemory()
            shift = try store.createCompletedShift(start: minute(0), end: minute(120))
        }

        /// A record key made from `n` (64 hex digits ending in `n` in hex).
        static func key(_ n: Int) -> RecordKey {
            RecordKey(words: (0, 0, 0, 0, 0, 0, UInt32(truncatingIfNeeded: n >> 32), UInt32(truncatingIfNeeded: n)))
        }

        /// The name's bytes in hex, padded to a SHA-256's length: a distinct digest per file name.
        static func hex(_ name: String) -> String {
            let digits = name.utf8.map { String($0, radix: 16) }.joined()
            return String(repeating: "0", count: 64 - digits.count) + digits
        }

        func newImport(_ name: String) throws -> Int64 {
            try store.beginImport(kind: .statement, fileName: name, sha256: Self.hex(name),
                                  template: "uber-payments", at: minute(200))
        }

        /// A delivered delivery accepted at minute `at`, added by `importID` (nil: by hand).
        func delivery(at: Int64, importID: Int64?) throws -> Int64 {
            let added = try store.acceptOffer(shiftID: shift, at: minute(at), platform: "Uber",
                                              deliveries: [NewDelivery(deliveredAt: minute(at + 10), recordKey: Self.key(10_000 + Int(at)).hex)],
                                              importID: importID)
            return try #require(added.deliveries.first)
        }

        /// Adds lines `(amount, tips)` with fresh keys.
        @discardableResult
        func lines(_ amounts: [(String, String?)], to delivery: Int64, importID: Int64, firstKey: Int) throws -> PaidAmount? {
            var lines: [(recordKey: RecordKey, at: Instant, amount: Money, tips: Money?)] = []
            for (index, (amount, tips)) in amounts.enumerated() {
                lines.append((Self.key(firstKey + index), minute(30), try money(amount), try tips.map(money)))
            }
            return try store.addDeliveryLines(lines, to: delivery, importID: importID)
        }

        /// The delivery's stored own amount and tips, as SQLite holds them.
        func sums(_ delivery: Int64) throws -> [SQLValue] {
            try #require(try store.connection.query("SELECT ownAmountE4, platformTipsE4 FROM delivery WHERE id = ?1",
                                                    [.integer(delivery)]).first).values
        }

        func lineCount() throws -> Int64? { try store.connection.scalar("SELECT count(*) FROM deliveryLine")?.int64 }
    }

    // MARK: - The sums

    /// The sums are written by the store's line functions, once per change; a line written in
    /// raw SQL changes no sum, and `check` reports the delivery that disagrees with its lines.
    @Test func aDeliveryThatDisagreesWithItsLinesIsAStructuralFault() throws {
        let f = try Fixture()
        let importID = try f.newImport("p.csv")
        let d = try f.delivery(at: 10, importID: importID)
        #expect(try f.store.structuralFaults() == [])
        try f.lines([("5.00", nil), ("3.00", "1.00")], to: d, importID: importID, firstKey: 1)
        #expect(try f.sums(d) == [.integer(80_000), .integer(10_000)])
        #expect(try f.store.structuralFaults() == [])
        try f.store.connection.run("""
            INSERT INTO deliveryLine (deliveryId, importId, recordKey, occurredAtMs, amountE4, tipsE4) VALUES (?1, ?2, ?3, ?4, 20000, NULL)
            """, [.integer(d), .integer(importID), .text(Fixture.key(9).hex), .integer(minute(12).millisecondsSinceEpoch)])
        #expect(try f.sums(d) == [.integer(80_000), .integer(10_000)], "raw SQL changes no sum")
        #expect(try f.store.structuralFaults() == [.deliveryLinesDisagree(delivery: d)])
        #expect(StructuralFault.deliveryLinesDisagree(delivery: d).description == "delivery \(d)'s pay is not the sum of its statement lines")
    }

    @Test func addDeliveryLinesReturnsAndStoresTheSums() throws {
        let f = try Fixture()
        let first = try f.newImport("a.csv"), second = try f.newImport("b.csv")
        let d = try f.delivery(at: 10, importID: first)
        #expect(try f.lines([("9.87", nil)], to: d, importID: first, firstKey: 1) == (try paid("9.87")))
        #expect(try f.store.requireDelivery(d).ownAmount == (try paid("9.87")))
        let afterTip = try f.lines([("2.00", "2.00"), ("0.50", nil)], to: d, importID: second, firstKey: 2)
        #expect(afterTip == (try paid("12.37", tips: "2.00")))
        #expect(try f.sums(d) == [.integer(123_700), .integer(20_000)])
        let afterFee = try f.lines([("-1.37", nil)], to: d, importID: second, firstKey: 4)
        #expect(afterFee == (try paid("11.00", tips: "2.00")))
        #expect(try f.store.deliveryLineCount(deliveryID: d) == 4)
        #expect(try f.store.deliveryLineCount(recordKey: Fixture.key(2)) == 1)
        #expect(try f.store.delivery(recordKey: Fixture.key(10_010))?.id == d)
    }

    /// A sum below zero, or tips above the pay, is kept as the lines say (docs/record.md: a
    /// reversal may be imported before its fare); the fare imported later brings it back up,
    /// and the schema still refuses such a figure on a delivery without lines.
    @Test func aSumBelowZeroIsKeptAsTheLinesSay() throws {
        let f = try Fixture()
        let importID = try f.newImport("a.csv")
        let d = try f.delivery(at: 10, importID: importID)
        try f.lines([("1.00", nil), ("-3.50", nil)], to: d, importID: importID, firstKey: 2)
        #expect(try f.sums(d) == [.integer(-25_000), .null])
        #expect(try f.store.delivery(recordKey: Fixture.key(10_010))?.ownAmount?.amount == Money(units: -25_000))
        try f.lines([("1.00", "3.50")], to: d, importID: importID, firstKey: 4)
        #expect(try f.sums(d) == [.integer(-15_000), .integer(35_000)])
        try f.lines([("6.00", nil)], to: d, importID: importID, firstKey: 5)
        #expect(try f.sums(d) == [.integer(45_000), .integer(35_000)])
        #expect(try f.store.structuralFaults().isEmpty)
        // Without lines, the delivery's own amount is never negative nor short of its tips.
        let plain = try f.delivery(at: 20, importID: importID)
        for figures: [SQLValue] in [[.integer(-1), .null], [.integer(10_000), .integer(20_000)], [.integer(10_000), .integer(-1)]] {
            #expect(throws: (any Error).self) {
                try f.store.connection.run("UPDATE delivery SET ownAmountE4 = ?2, platformTipsE4 = ?3 WHERE id = ?1", [.integer(plain)] + figures)
            }
        }
    }

    /// Lines in file order, a fee before the fare: the sum (6.00) is valid, so the lines should
    /// be taken. The insert trigger updates the delivery after each line, and the delivery's
    /// CHECK (ownAmountE4 >= 0) fails on the running sum (-1.50) after the first.
    @Test func aNegativeLineBeforeThePositiveOnesIsTaken() throws {
        let f = try Fixture()
        let importID = try f.newImport("a.csv")
        let d = try f.delivery(at: 10, importID: importID)
        do {
            let result = try f.lines([("-1.50", nil), ("7.50", nil)], to: d, importID: importID, firstKey: 1)
            #expect(result == (try paid("6.00")))
            #expect(try f.sums(d) == [.integer(60_000), .null])
        }
    }

    @Test func aLineIsNeverUpdated() throws {
        let f = try Fixture()
        let importID = try f.newImport("a.csv")
        let d = try f.delivery(at: 10, importID: importID)
        try f.lines([("5.00", "1.00")], to: d, importID: importID, firstKey: 1)
        let error = try expectConstraint(in: f.store) {
            try f.store.connection.run("UPDATE deliveryLine SET amountE4 = 90000")
        }
        #expect(error?.message.contains("a money line is never changed: undo its import") == true, "\(String(describing: error))")
        try expectConstraint(in: f.store) { try f.store.connection.run("UPDATE deliveryLine SET tipsE4 = NULL") }
        #expect(try f.sums(d) == [.integer(50_000), .integer(10_000)])
    }

    // MARK: - Undo

    /// Undoing a payments file takes its lines off trips it did not create (the late tip comes
    /// off) and removes the trips it did create.
    @Test func undoRecomputesTheSumsOfDeliveriesItDidNotCreate() throws {
        let f = try Fixture()
        let trips = try f.newImport("trips.csv")
        let fromTrips = try f.delivery(at: 10, importID: trips)
        let week1 = try f.newImport("week1.csv")
        try f.lines([("9.87", nil)], to: fromTrips, importID: week1, firstKey: 1)
        let ownTrip = try f.delivery(at: 40, importID: week1)
        try f.lines([("12.40", "3.00")], to: ownTrip, importID: week1, firstKey: 2)
        let week2 = try f.newImport("week2.csv")
        try f.lines([("2.00", "2.00")], to: fromTrips, importID: week2, firstKey: 3)
        #expect(try f.sums(fromTrips) == [.integer(118_700), .integer(20_000)])

        let undo2 = try f.store.undoImport(week2)
        #expect(undo2.deliveries == 0)
        #expect(try f.sums(fromTrips) == [.integer(98_700), .null])
        let undo1 = try f.store.undoImport(week1)
        #expect(undo1.deliveries == 1 && undo1.offers == 1)
        #expect(try f.sums(fromTrips) == [.null, .null])
        #expect(try f.store.deliveries(of: f.shift).map(\.id) == [fromTrips])
        #expect(try f.lineCount() == 0)
    }

    /// A trip a file created that another file has since added lines to: undoing the first
    /// leaves the trip with the other's lines, as that file alone would have made it (it
    /// passes to that import); undone in the other order, both go.
    @Test func undoingTheTripsFirstFileLeavesItWithTheOthersLines() throws {
        let f = try Fixture()
        let week1 = try f.newImport("week1.csv")
        let d = try f.delivery(at: 10, importID: week1)
        try f.lines([("9.87", nil)], to: d, importID: week1, firstKey: 1)
        let week2 = try f.newImport("week2.csv")
        try f.lines([("2.00", "2.00")], to: d, importID: week2, firstKey: 2)
        let undone = try f.store.undoImport(week1)
        #expect(undone.deliveries == 0 && undone.rowsKept == 1 && undone.moneyLines == 1)
        #expect(try f.sums(d) == [.integer(20_000), .integer(20_000)])
        #expect(try f.store.connection.scalar("SELECT importId FROM delivery WHERE id = ?1", [.integer(d)])?.int64 == week2)
        #expect(try f.store.structuralFaults().isEmpty)
        try f.store.undoImport(week2)
        #expect(try f.store.deliveries(of: f.shift).isEmpty)
        #expect(try f.store.imports().isEmpty)
    }

    /// Undo deletes an import's lines one by one, each delete firing the trigger: a fare and a
    /// fee of one file (10.00, -2.00) beside another file's 1.00 should undo to 1.00, but the
    /// running sum after deleting the fare (-1.00) fails the delivery's CHECK.
    @Test func undoOfAFareAndAFeeLeavesTheOtherLines() throws {
        let f = try Fixture()
        let trips = try f.newImport("trips.csv")
        let d = try f.delivery(at: 10, importID: trips)
        let withFee = try f.newImport("fee.csv")
        try f.lines([("10.00", nil), ("-2.00", nil)], to: d, importID: withFee, firstKey: 1)
        let other = try f.newImport("other.csv")
        try f.lines([("1.00", nil)], to: d, importID: other, firstKey: 3)
        #expect(try f.sums(d) == [.integer(90_000), .null])
        do {
            try f.store.undoImport(withFee)
            #expect(try f.sums(d) == [.integer(10_000), .null])
        }
    }

    /// Undoing the fare of a trip whose fee came from another file leaves the fee alone: the
    /// trip sums below zero, as importing the fee file alone would have made it.
    @Test func undoLeavingANegativeSumKeepsTheOtherLines() throws {
        let f = try Fixture()
        let trips = try f.newImport("trips.csv")
        let d = try f.delivery(at: 10, importID: trips)
        let fare = try f.newImport("fare.csv")
        try f.lines([("10.00", nil)], to: d, importID: fare, firstKey: 1)
        let fee = try f.newImport("fee.csv")
        try f.lines([("-2.00", nil)], to: d, importID: fee, firstKey: 2)
        try f.store.undoImport(fare)
        #expect(try f.sums(d) == [.integer(-20_000), .null])
        #expect(try f.lineCount() == 1)
        #expect(try f.store.structuralFaults().isEmpty)
    }

    // MARK: - Deletion and migration

    @Test func deletingTheShiftCascadesToItsLines() throws {
        let f = try Fixture()
        let importID = try f.newImport("a.csv")
        let d = try f.delivery(at: 10, importID: importID)
        try f.lines([("9.87", nil), ("2.00", "2.00")], to: d, importID: importID, firstKey: 1)
        let other = try f.store.createCompletedShift(start: minute(300), end: minute(360))
        let otherImport = try f.newImport("b.csv")
        let kept = try f.store.acceptOffer(shiftID: other, at: minute(310), deliveries: [NewDelivery(deliveredAt: minute(320))], importID: otherImport)
        let keptID = try #require(kept.deliveries.first)
        try f.store.addDeliveryLines([(Fixture.key(50), minute(315), try money("4.00"), nil)], to: keptID, importID: otherImport)
        let deleted = try f.store.deleteCompletedShift(f.shift)
        #expect(deleted.deliveries.map(\.deliveryID) == [d])
        #expect(deleted.deliveries.map(\.ownAmount) == [try paid("11.87", tips: "2.00")], "the preview names the sum of the lines")
        #expect(try f.store.deliveryLineCount(recordKey: Fixture.key(1)) == 0)
        #expect(try f.store.deliveryLineCount(recordKey: Fixture.key(2)) == 0)
        #expect(try f.lineCount() == 1)
        #expect(try f.sums(keptID) == [.integer(40_000), .null])
        #expect(try f.store.imports().map(\.fileName) == ["b.csv"], "the import left with nothing is forgotten")
    }

    /// A v5 store (no deliveryLine) with an imported delivery and its pay keeps both through the
    /// plan, and the delivery then has no lines.
    @Test func aV5StoreKeepsItsDeliveries() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("v5.sqlite")
        let key = Fixture.key(77)
        do {
            let old = try Store.openHistorical(at: path, version: 5)
            #expect(old.version == 5)
            #expect(try old.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'deliveryLine'") == .integer(0))
            try old.connection.run("INSERT INTO shift (startedAtMs, endedAtMs) VALUES (?1, ?2)",
                                   [.integer(minute(0).millisecondsSinceEpoch), .integer(minute(120).millisecondsSinceEpoch)])
            try old.connection.run("INSERT INTO offer (acceptedAtMs, platform) VALUES (?1, 'Uber')", [.integer(minute(10).millisecondsSinceEpoch)])
            try old.connection.run("""
                INSERT INTO delivery (shiftId, offerId, acceptedAtMs, deliveredAtMs, ownAmountE4, platformTipsE4, recordKey)
                VALUES (1, 1, ?1, ?2, 85000, 30000, ?3)
                """, [.integer(minute(10).millisecondsSinceEpoch), .integer(minute(25).millisecondsSinceEpoch), .text(key.hex)])
        }
        let store = try Store.open(at: path, create: false)
        #expect(store.version == Schema.currentVersion)
        #expect(store.migration.appliedSteps.contains("0006 deliveryLine"))
        let delivery = try #require(try store.delivery(recordKey: key))
        #expect(delivery.ownAmount == (try paid("8.50", tips: "3.00")))
        #expect(delivery.acceptedAt == minute(10) && delivery.deliveredAt == minute(25))
        #expect(try store.deliveryLineCount(deliveryID: delivery.id) == 0)
        #expect(try store.connection.scalar("SELECT count(*) FROM deliveryLine") == .integer(0))
    }
}
