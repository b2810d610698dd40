import DashModel
import DashStore
import SQLiteKit
import Testing

@Suite("structural faults")
struct HealthTests {
    @Test("a clean store has none")
    func cleanStore() throws {
        let empty = try Store.inMemory()
        #expect(try empty.structuralFaults() == [])
        let record = try Record(store: try Store.inMemory(), withActiveShift: true)
        #expect(try record.store.structuralFaults() == [])
    }

    @Test("an active delivery and an open pause on an ended shift are found")
    func activeDeliveryAndOpenPause() throws {
        let store = try Store.inMemory()
        let shift = try store.startShift(at: minute(0))
        try store.pause(shift, at: minute(30))
        let offer = try store.acceptOffer(shiftID: shift, at: minute(10))
        // Something other than DashPilot ends the shift without finishing either.
        try store.connection.run("UPDATE shift SET endedAtMs = ?1 WHERE id = ?2", [.integer(minute(60).millisecondsSinceEpoch), .integer(shift)])
        let pause = try #require(try store.pauses(of: shift).first)
        let faults = try store.structuralFaults()
        #expect(faults == [
            .activeDeliveryOnEndedShift(delivery: offer.deliveries[0], shift: shift),
            .openPauseOnEndedShift(pause: pause.id, shift: shift),
        ])
        #expect(faults.map(\.description) == [
            "delivery \(offer.deliveries[0]) is still active but its shift \(shift) has ended",
            "pause \(pause.id) has no end but its shift \(shift) has ended",
        ])
    }

    @Test("an open parked stretch, samples outside the shift, an early delivery and an empty offer are found")
    func otherFaults() throws {
        let store = try Store.inMemory()
        let shift = try store.startShift(at: minute(0))
        try store.park(shift, at: minute(5))
        let offer = try store.acceptOffer(shiftID: shift, at: minute(10), deliveries: [NewDelivery(pickedUpAt: minute(12), deliveredAt: minute(20))])
        try record(store, shiftID: shift, source: "t", positions(from: minute(-1), count: 5, everyMs: 30_000))  // 2 before the start
        try store.connection.execute("""
            UPDATE shift SET endedAtMs = \(minute(60).millisecondsSinceEpoch) WHERE id = \(shift);
            UPDATE delivery SET acceptedAtMs = \(minute(-5).millisecondsSinceEpoch) WHERE id = \(offer.deliveries[0]);
            INSERT INTO offer (id, acceptedAtMs) VALUES (77, \(minute(30).millisecondsSinceEpoch));
            """)
        let suspension = try #require(try store.suspensions(of: shift).first)
        let faults = Set(try store.structuralFaults())
        #expect(faults == [
            .openSuspensionOnEndedShift(suspension: suspension.id, shift: shift),
            .samplesOutsideShift(shift: shift, count: 2),
            .deliveryOutsideShift(delivery: offer.deliveries[0], shift: shift),
            .emptyOffer(offer: 77),
        ])
    }

    @Test("the route of an active shift is not outside it")
    func activeShiftRoute() throws {
        let store = try Store.inMemory()
        let shift = try store.startShift(at: minute(0))
        try record(store, shiftID: shift, source: "t", positions(from: minute(0), count: 100, everyMs: 60_000))
        #expect(try store.structuralFaults() == [])
    }

    @Test("counts list every table in design order")
    func counts() throws {
        let record = try Record(store: try Store.inMemory())
        let counts = try record.store.counts()
        #expect(counts.tables.map(\.name) == Store.tableNames)
        let byName = Dictionary(uniqueKeysWithValues: counts.tables.map { ($0.name, $0.rows) })
        #expect(byName["shift"] == 2)
        #expect(byName["routeSample"] == 720)
        #expect(byName["delivery"] == 4)
        #expect(byName["deliveryTip"] == 3)
        #expect(byName["importRecord"] == 0)
    }
}

@Suite("pickup places")
struct PickupPlaceTests {
    @Test("a place is found case-insensitively: Café is CAFÉ, shown as the spelling that sorts first, in any order")
    func caseInsensitive() throws {
        for order in [["Café", "CAFÉ", "  café "], ["  café ", "Café", "CAFÉ"], ["CAFÉ", "café", "Café"]] {
            let store = try Store.inMemory()
            let places = try order.map { try store.pickupPlace(named: $0) }
            #expect(Set(places.map(\.id)).count == 1)
            #expect(try store.connection.scalar("SELECT name FROM pickupPlace") == .text("CAFÉ"), "\(order)")
        }
        let store = try Store.inMemory()
        let cafe = try store.pickupPlace(named: "Café")
        let other = try store.pickupPlace(named: "Cafe")  // no accent: another place
        #expect(other.id != cafe.id)
        #expect(try store.connection.scalar("SELECT count(*) FROM pickupPlace") == .integer(2))
    }

    @Test("canonically equivalent spellings are one place")
    func canonicalEquivalence() throws {
        let store = try Store.inMemory()
        let precomposed = try store.pickupPlace(named: "Caf\u{00E9}")
        let decomposed = try store.pickupPlace(named: "Cafe\u{0301}")
        #expect("Caf\u{00E9}" == "Cafe\u{0301}")  // equal Swift strings
        #expect(decomposed.id == precomposed.id)
    }

    @Test("a bad name is refused and changes nothing")
    func badName() throws {
        let store = try Store.inMemory()
        try store.pickupPlace(named: "Taco Stand")
        try expectRefused(ModelError.badText(field: "a pickup place's name", reason: "contains a control character"), in: store) {
            try store.pickupPlace(named: "Taco\u{0007}Stand")
        }
        try expectRefused(ModelError.badText(field: "a pickup place's name", reason: "cannot be empty"), in: store) {
            try store.pickupPlace(named: "")
        }
    }

    @Test("a delivery's place is set, cleared, and cleared by deleting the place")
    func naming() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(60))
        let offer = try store.acceptOffer(shiftID: shift, at: minute(5), deliveries: [NewDelivery(pickedUpAt: minute(6), deliveredAt: minute(9))])
        let delivery = offer.deliveries[0]
        let place = try store.pickupPlace(named: "Noodle Bar")
        try store.setPickupPlace(delivery, placeID: place.id)
        #expect(try store.requireDelivery(delivery).pickupPlaceID == place.id)
        try store.setPickupPlace(delivery, placeID: nil)
        #expect(try store.requireDelivery(delivery).pickupPlaceID == nil)
        try store.setPickupPlace(delivery, placeID: place.id)
        try store.deletePickupPlace(place.id)
        #expect(try store.requireDelivery(delivery).pickupPlaceID == nil)
        #expect(try store.requireDelivery(delivery).state == .delivered)
        #expect(throws: ModelError.notFound(what: "pickup place", id: 999)) { try store.setPickupPlace(delivery, placeID: 999) }
    }
}
