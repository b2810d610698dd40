import DashModel
import DashStore
import SQLiteKit
import TestSupport
import Testing

@Suite("amounts and times through the store")
struct RoundTripTests {
    @Test("earnings: nil (not recorded) and 0.00 (recorded as nothing) stay distinct, tips too")
    func earningsNilAndZero() throws {
        let store = try Store.inMemory()
        let unrecorded = try store.createCompletedShift(start: minute(0), end: minute(60))
        let zero = try store.createCompletedShift(start: minute(60), end: minute(120))
        let zeroTips = try store.createCompletedShift(start: minute(120), end: minute(180))
        try store.setEarnings(zero, PaidAmount(.zero))
        try store.setEarnings(zeroTips, PaidAmount(money("50"), tips: .zero))

        #expect(try store.shift(unrecorded)?.earnings == nil)
        let zeroEarnings = try #require(try store.shift(zero)?.earnings)
        #expect(zeroEarnings.amount == .zero)
        #expect(zeroEarnings.tips == nil)
        #expect(try store.shift(zeroTips)?.earnings?.tips == .zero)

        let raw = try store.connection.query("SELECT id, grossEarningsE4, platformTipsE4 FROM shift ORDER BY id")
        #expect(raw.map { $0.values } == [
            [.integer(unrecorded), .null, .null],
            [.integer(zero), .integer(0), .null],
            [.integer(zeroTips), .integer(500_000), .integer(0)],
        ])

        // Clearing is its own operation, and goes back to "not recorded", not to zero.
        try store.clearEarnings(zero)
        #expect(try store.shift(zero)?.earnings == nil)
        #expect(try store.connection.scalar("SELECT grossEarningsE4 FROM shift WHERE id = ?1", [.integer(zero)]) == .null)
    }

    @Test("a delivery's own amount: nil and 0 stay distinct")
    func deliveryAmountNilAndZero() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(60))
        let ids = try store.acceptOffer(shiftID: shift, at: minute(5), deliveries: [
            NewDelivery(pickedUpAt: minute(6), deliveredAt: minute(10)),
            NewDelivery(pickedUpAt: minute(6), deliveredAt: minute(11), ownAmount: PaidAmount(.zero, field: "a delivery's own amount")),
            NewDelivery(pickedUpAt: minute(6), deliveredAt: minute(12), ownAmount: PaidAmount(money("7.25"), tips: .zero)),
        ]).deliveries
        let deliveries = try store.deliveries(of: shift)
        #expect(deliveries.map(\.id) == ids)
        #expect(deliveries[0].ownAmount == nil)
        #expect(deliveries[1].ownAmount?.amount == .zero)
        #expect(deliveries[1].ownAmount?.tips == nil)
        #expect(deliveries[2].ownAmount?.tips == .zero)
        let raw = try store.connection.query("SELECT ownAmountE4, platformTipsE4 FROM delivery ORDER BY id").map(\.values)
        #expect(raw == [[.null, .null], [.integer(0), .null], [.integer(72_500), .integer(0)]])
    }

    @Test("an expense of 0.00 is a recorded amount")
    func zeroExpense() throws {
        let store = try Store.inMemory()
        let id = try store.addExpense(at: minute(0), amount: .zero, category: "parking", note: "free lot")
        let expense = try #require(try store.expenses().first)
        #expect(expense.id == id)
        #expect(expense.amount == .zero)
        #expect(expense.note == "free lot")
        #expect(try store.deleteExpense(id) == expense)
        #expect(try store.expenses().isEmpty)
    }

    @Test("3.459 and 27.5 are exact after a round trip through a store closed and reopened")
    func exactOnDisk() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("exact.sqlite")
        let shiftID: Int64
        let start = Instant(millisecondsSinceEpoch: 1_793_610_000_123)  // with milliseconds
        let end = Instant(millisecondsSinceEpoch: 1_793_638_800_999)
        do {
            let store = try Store.open(at: path, create: true)
            shiftID = try store.startShift(at: start)
            try store.endShift(shiftID, at: end)
            try store.setFuel(shiftID, FuelAssumption(milesPerGallon: money("27.5"), pricePerGallon: money("3.459")))
            try store.setEarnings(shiftID, PaidAmount(money("123.4567"), tips: money("0.0001")))
            try store.addExpense(at: end, amount: money("0.1"), category: "tolls")
        }
        let store = try Store.open(at: path, create: false)
        #expect(store.migration.appliedSteps.isEmpty)
        let shift = try store.requireShift(shiftID)
        let fuel = try #require(shift.fuel)
        #expect(fuel.milesPerGallon == (try money("27.5")))
        #expect(fuel.pricePerGallon == (try money("3.459")))
        #expect(fuel.milesPerGallon.description == "27.50")
        #expect(fuel.pricePerGallon.description == "3.459")
        #expect(shift.earnings?.amount.description == "123.4567")
        #expect(shift.earnings?.tips?.units == 1)
        #expect(shift.start == start)
        #expect(shift.end == end)
        #expect(try store.expenses().map(\.amount.description) == ["0.10"])
        // Stored as integers: no binary floating point on the way.
        let sql = "SELECT fuelMpgE4, fuelPricePerGallonE4, typeof(fuelPricePerGallonE4) AS t FROM shift"
        let raw = try #require(try store.connection.query(sql).first)
        #expect(raw.values == [.integer(275_000), .integer(34_590), .text("integer")])
    }

    @Test("route positions and accuracy round-trip; nil accuracy stays nil")
    func positionsRoundTrip() throws {
        let store = try Store.inMemory()
        let shift = try store.startShift(at: minute(0))
        let written = try positions(from: minute(0), count: 50)
        let session = try record(store, shiftID: shift, source: "test", written)
        let read = try store.routeSamples(shiftID: shift)
        #expect(read.map(\.position) == written)
        #expect(read.allSatisfy { $0.captureSessionID == session && $0.shiftID == shift })
        #expect(read.filter { $0.position.horizontalAccuracy == nil }.count == 8)  // i % 7 == 0 for i in 0..<50
        let sessions = try store.captureSessions(of: shift)
        #expect(sessions.map(\.source) == ["test"])
        #expect(sessions.first?.endedAt == written.last?.at)
    }
}
