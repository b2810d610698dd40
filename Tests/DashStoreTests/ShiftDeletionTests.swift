import DashModel
import DashStore
import SQLiteKit
import Testing
import TestSupport

@Suite("deleting a completed shift")
struct ShiftDeletionTests {
    /// The rows of `record` that do not describe shift A: what must be left, unchanged, after A
    /// is deleted (offers are kept when a delivery of another shift, or none at all, names them).
    private func everythingButA(_ record: Record) throws -> [String] {
        let a = record.a
        return try dumpRecord(record.store, only: [
            "shift": "id <> \(a)",
            "shiftPause": "shiftId <> \(a)",
            "routeSuspension": "shiftId <> \(a)",
            "delivery": "shiftId <> \(a)",
            "deliveryTip": "deliveryId IN (SELECT id FROM delivery WHERE shiftId <> \(a))",
            "offer": "id NOT IN (SELECT offerId FROM delivery WHERE shiftId = \(a))",
            "routeSample": "shiftId <> \(a)",
            "captureSession": "shiftId <> \(a)",
        ])
    }

    @Test("the shift's route, capture sessions, pauses, parked stretches, deliveries, tips and offers go; nothing else changes")
    func deletesExactlyTheShift() throws {
        let record = try Record(store: try Store.inMemory(), withActiveShift: true)
        let store = record.store
        let expectedAfter = try everythingButA(record)
        let before = try dumpRecord(store)
        #expect(expectedAfter.count < before.count)

        let removed = try store.deleteCompletedShift(record.a)

        #expect(try dumpRecord(store) == expectedAfter)
        #expect(try store.shift(record.a) == nil)
        #expect(try store.routeSampleCount(shiftID: record.a) == 0)
        #expect(try store.captureSessions(of: record.a).isEmpty)
        #expect(try store.pauses(of: record.a).isEmpty)
        #expect(try store.suspensions(of: record.a).isEmpty)
        #expect(try store.deliveries(of: record.a).isEmpty)
        for delivery in record.deliveriesOfA {
            #expect(try store.tips(of: delivery).isEmpty)
            #expect(throws: ModelError.notFound(what: "delivery", id: delivery)) { try store.requireDelivery(delivery) }
        }
        for offer in record.offersOfA { #expect(try store.offer(offer) == nil) }

        // What was removed is reported, with every amount recorded on the shift.
        #expect(removed.shift.earnings == (try paid("64.25", tips: "20")))
        #expect(removed.routeSamples == 600)
        #expect(removed.captureSessions == 2)
        #expect(removed.pauses == 1)
        #expect(removed.suspensions == 1)
        #expect(removed.offers == 2)
        #expect(removed.deliveries.map(\.deliveryID) == record.deliveriesOfA)
        #expect(removed.deliveries.map(\.ownAmount) == [try paid("8.50", tips: "3.00"), nil, nil])
        #expect(removed.deliveries.map { $0.outsideTips.map(\.amount) } == [[try money("5")], [try money("2.25")], []])
    }

    @Test("another shift's rows and recorded amounts are untouched")
    func otherShiftUntouched() throws {
        let record = try Record(store: try Store.inMemory())
        let store = record.store
        let shiftB = try store.shift(record.b)
        let deliveriesB = try store.deliveries(of: record.b)
        let tipsB = try store.tips(of: record.deliveryOfB)
        let routeB = try store.routeSamples(shiftID: record.b)
        let sessionsB = try store.captureSessions(of: record.b)
        let pausesB = try store.pauses(of: record.b)
        let offerB = try store.offer(record.offerOfB)

        try store.deleteCompletedShift(record.a)

        #expect(try store.shift(record.b) == shiftB)
        #expect(shiftB?.earnings == (try paid("99.99")))
        #expect(try store.deliveries(of: record.b) == deliveriesB)
        #expect(deliveriesB.first?.ownAmount == (try paid("12")))
        #expect(try store.tips(of: record.deliveryOfB) == tipsB)
        #expect(tipsB.map(\.amount) == [try money("4")])
        #expect(try store.routeSamples(shiftID: record.b) == routeB)
        #expect(routeB.count == 120)
        #expect(try store.captureSessions(of: record.b) == sessionsB)
        #expect(try store.pauses(of: record.b) == pausesB)
        #expect(try store.offer(record.offerOfB) == offerB)
        #expect(offerB != nil)
    }

    @Test("no delivery, tip, sample or session is left without its shift, and check finds nothing")
    func noOrphans() throws {
        let record = try Record(store: try Store.inMemory())
        let store = record.store
        try store.deleteCompletedShift(record.a)
        let c = store.connection
        #expect(try c.scalar("SELECT count(*) FROM delivery WHERE shiftId NOT IN (SELECT id FROM shift)") == .integer(0))
        #expect(try c.scalar("SELECT count(*) FROM deliveryTip WHERE deliveryId NOT IN (SELECT id FROM delivery)") == .integer(0))
        #expect(try c.scalar("SELECT count(*) FROM routeSample WHERE shiftId NOT IN (SELECT id FROM shift)") == .integer(0))
        #expect(try c.scalar("SELECT count(*) FROM captureSession WHERE shiftId NOT IN (SELECT id FROM shift)") == .integer(0))
        #expect(try c.scalar("SELECT count(*) FROM delivery") == .integer(1))
        #expect(try c.query("PRAGMA foreign_key_check").isEmpty)
        #expect(try store.structuralFaults() == [])
    }

    @Test("pickup places stay: the one another delivery names keeps its link, the other stays unnamed")
    func pickupPlacesSurvive() throws {
        let record = try Record(store: try Store.inMemory())
        let store = record.store
        try store.deleteCompletedShift(record.a)
        let places = try store.connection.query("SELECT id, name FROM pickupPlace ORDER BY id")
        #expect(places.map { $0["name"] } == [.text("Café Rosa"), .text("Burger Barn")])
        #expect(try store.requireDelivery(record.deliveryOfB).pickupPlaceID == record.sharedPlace)
        #expect(try store.pickupPlace(named: "burger barn").id == record.placeOfA)
    }

    @Test("an expense is untouched")
    func expenseUntouched() throws {
        let record = try Record(store: try Store.inMemory())
        let store = record.store
        let before = try store.expenses()
        try store.deleteCompletedShift(record.a)
        #expect(try store.expenses() == before)
        #expect(before.map(\.amount) == [try money("45.10")])
    }

    @Test("offers left empty are removed; an offer of another shift is not")
    func offers() throws {
        let record = try Record(store: try Store.inMemory(), withActiveShift: true)
        let store = record.store
        let preview = try store.deletionPreview(record.a)
        #expect(preview.offers == 2)
        try store.deleteCompletedShift(record.a)
        for offer in record.offersOfA { #expect(try store.offer(offer) == nil) }
        #expect(try store.offer(record.offerOfB)?.platform == "Grubhub")
        #expect(try store.connection.scalar("SELECT count(*) FROM offer") == .integer(2))  // B's and the active shift's
        #expect(try store.structuralFaults() == [])  // no offer was left empty
    }

    @Test("the preview removes nothing")
    func previewChangesNothing() throws {
        let record = try Record(store: try Store.inMemory())
        let before = try dumpRecord(record.store)
        let preview = try record.store.deletionPreview(record.a)
        #expect(preview.routeSamples == 600)
        #expect(try dumpRecord(record.store) == before)
    }

    @Test("a deletion whose transaction fails leaves the shift and its whole route")
    func failedDeletionLeavesEverything() throws {
        let record = try Record(store: try Store.inMemory())
        let store = record.store
        // The route's rows are deleted before the shift's; the injected failure comes after them.
        try store.connection.execute("CREATE TEMP TRIGGER failDelete BEFORE DELETE ON main.shift BEGIN SELECT RAISE(ABORT, 'injected'); END")
        let before = try dumpRecord(store)
        let routeBefore = try store.routeSamples(shiftID: record.a)
        #expect(routeBefore.count == 600)

        let error = try #require(throws: SQLiteError.self) { try store.deleteCompletedShift(record.a) }
        #expect(error.message == "injected")

        #expect(try store.routeSampleCount(shiftID: record.a) == 600)
        #expect(try store.routeSamples(shiftID: record.a) == routeBefore)
        #expect(try store.captureSessions(of: record.a).count == 2)
        #expect(try store.shift(record.a) != nil)
        #expect(try dumpRecord(store) == before)
        #expect(store.connection.isAutocommit)

        // Without the failure the same deletion goes through.
        try store.connection.execute("DROP TRIGGER temp.failDelete")
        try store.deleteCompletedShift(record.a)
        #expect(try store.routeSampleCount(shiftID: record.a) == 0)
    }

    @Test("a failed deletion inside a caller's write rolls back only itself")
    func failedDeletionInsideWrite() throws {
        let record = try Record(store: try Store.inMemory())
        let store = record.store
        try store.connection.execute("CREATE TEMP TRIGGER failDelete BEFORE DELETE ON main.shift BEGIN SELECT RAISE(ABORT, 'injected'); END")
        let before = try dumpRecord(store)
        let added = try store.write { () throws -> Int64 in
            let id = try store.addExpense(at: minute(500), amount: money("1"), category: "parking")
            #expect(throws: SQLiteError.self) { try store.deleteCompletedShift(record.a) }
            return id
        }
        let after = try dumpRecord(store)
        #expect(after.count == before.count + 1)
        #expect(try store.routeSampleCount(shiftID: record.a) == 600)
        #expect(try store.expenses().map(\.id).contains(added))
    }

    @Test("deleting an active shift is refused and changes nothing")
    func activeRefused() throws {
        let record = try Record(store: try Store.inMemory(), withActiveShift: true)
        let active = try #require(record.active)
        try expectRefused(ModelError.deleteActiveShift, in: record.store) { try record.store.deleteCompletedShift(active) }
        try expectRefused(ModelError.deleteActiveShift, in: record.store) { _ = try record.store.deletionPreview(active) }
    }

    @Test("deleting a shift that does not exist is refused and changes nothing")
    func missingRefused() throws {
        let record = try Record(store: try Store.inMemory())
        try expectRefused(ModelError.notFound(what: "shift", id: 999), in: record.store) { try record.store.deleteCompletedShift(999) }
    }

    @Test("a shift deleted twice: the second is refused")
    func deletedTwice() throws {
        let record = try Record(store: try Store.inMemory())
        try record.store.deleteCompletedShift(record.a)
        try expectRefused(ModelError.notFound(what: "shift", id: record.a), in: record.store) { try record.store.deleteCompletedShift(record.a) }
    }
}
