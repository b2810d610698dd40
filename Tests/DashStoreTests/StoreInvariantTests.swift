import DashModel
import DashStore
import SQLiteKit
import Testing

/// Every rule of the record refused at the store, with the store left exactly as it was.
@Suite("the record's rules, refused at the store")
struct StoreInvariantTests {
    private func record() throws -> Record { try Record(store: try Store.inMemory(), withActiveShift: true) }

    @Test("earnings are refused on an active shift, when negative, and when tips exceed them")
    func earnings() throws {
        let r = try record()
        let active = try #require(r.active)
        try expectRefused(ModelError.earningsOnActiveShift, in: r.store) { try r.store.setEarnings(active, paid("10")) }
        try expectRefused(ModelError.earningsOnActiveShift, in: r.store) { try r.store.setEarnings(active, paid("0")) }
        try expectRefused(ModelError.negativeAmount(field: "earnings"), in: r.store) { try r.store.setEarnings(r.b, paid("-0.01")) }
        try expectRefused(ModelError.tipsExceedAmount(field: "earnings"), in: r.store) { try r.store.setEarnings(r.b, paid("10", tips: "10.01")) }
        try expectRefused(ModelError.negativeAmount(field: "tips"), in: r.store) { try r.store.setEarnings(r.b, paid("10", tips: "-1")) }
        try expectRefused(ModelError.notFound(what: "shift", id: 999), in: r.store) { try r.store.setEarnings(999, paid("10")) }
        #expect(try r.store.shift(r.b)?.earnings == (try paid("99.99")))
    }

    @Test("fuel: economy 0 refused, price 0 allowed, a refused half leaves the earlier pair")
    func fuel() throws {
        let r = try record()
        let active = try #require(r.active)
        let earlier = try FuelAssumption(milesPerGallon: money("27.5"), pricePerGallon: money("3.459"))
        #expect(try r.store.shift(r.a)?.fuel == earlier)

        try expectRefused(ModelError.fuelEconomyNotPositive, in: r.store) {
            try r.store.setFuel(r.a, FuelAssumption(milesPerGallon: .zero, pricePerGallon: money("4.10")))
        }
        try expectRefused(ModelError.fuelPriceNegative, in: r.store) {
            try r.store.setFuel(r.a, FuelAssumption(milesPerGallon: money("31"), pricePerGallon: money("-0.01")))
        }
        try expectRefused(ModelError.fuelOnActiveShift, in: r.store) {
            try r.store.setFuel(active, FuelAssumption(milesPerGallon: money("31"), pricePerGallon: money("4.10")))
        }
        #expect(try r.store.shift(r.a)?.fuel == earlier)

        let free = try FuelAssumption(milesPerGallon: money("31"), pricePerGallon: .zero)
        try r.store.setFuel(r.a, free)
        #expect(try r.store.shift(r.a)?.fuel == free)
        #expect(try r.store.connection.scalar("SELECT fuelPricePerGallonE4 FROM shift WHERE id = ?1", [.integer(r.a)]) == .integer(0))
        try r.store.clearFuel(r.a)
        #expect(try r.store.shift(r.a)?.fuel == nil)
    }

    @Test("ending a shift: not before its start, not twice, not before its last pause, not with an active delivery")
    func ending() throws {
        let r = try record()
        let active = try #require(r.active)
        let delivery = try #require(r.activeDelivery)
        try expectRefused(ModelError.endsBeforeStart(start: minute(360), end: minute(360)), in: r.store) {
            try r.store.endShift(active, at: minute(360))
        }
        try expectRefused(ModelError.shiftAlreadyEnded, in: r.store) { try r.store.endShift(r.a, at: minute(500)) }
        try expectRefused(ModelError.outsideShift(what: "a pause or parked stretch"), in: r.store) { try r.store.endShift(active, at: minute(369)) }
        try expectRefused(ModelError.activeDelivery(delivery), in: r.store) { try r.store.endShift(active, at: minute(400)) }

        // Once the delivery is finished the shift ends, and its open pause ends with it.
        try r.store.pickUp(delivery, at: minute(380))
        try r.store.deliver(delivery, at: minute(390))
        try r.store.endShift(active, at: minute(400))
        #expect(try r.store.pauses(of: active).map(\.end) == [minute(400)])
        #expect(try r.store.structuralFaults() == [])
    }

    @Test("overlapping shifts are refused; touching ones are not")
    func overlaps() throws {
        let r = try record()
        let active = try #require(r.active)
        try expectRefused(ModelError.overlappingShift(existing: r.a), in: r.store) {
            try r.store.createCompletedShift(start: minute(100), end: minute(150))
        }
        try expectRefused(ModelError.overlappingShift(existing: r.a), in: r.store) {
            try r.store.createCompletedShift(start: minute(-30), end: minute(1))
        }
        try expectRefused(ModelError.overlappingShift(existing: r.b), in: r.store) {
            try r.store.createCompletedShift(start: minute(170), end: minute(400))  // encloses B
        }
        try expectRefused(ModelError.overlappingShift(existing: active), in: r.store) { try r.store.startShift(at: minute(1000)) }
        try expectRefused(ModelError.overlappingShift(existing: r.b), in: r.store) { try r.store.startShift(at: minute(299)) }
        // [120, 180) touches A's end and B's start without sharing an instant.
        let between = try r.store.createCompletedShift(start: minute(120), end: minute(180))
        #expect(try r.store.shift(between)?.end == minute(180))
    }

    @Test("a completed shift recorded by hand: end after start, pauses within it")
    func createCompleted() throws {
        let store = try Store.inMemory()
        try expectRefused(ModelError.endsBeforeStart(start: minute(10), end: minute(10)), in: store) {
            try store.createCompletedShift(start: minute(10), end: minute(10))
        }
        try expectRefused(ModelError.outsideShift(what: "a pause"), in: store) {
            try store.createCompletedShift(start: minute(0), end: minute(60), pauses: [Interval(start: minute(50), end: minute(61))])
        }
        try expectRefused(ModelError.outsideShift(what: "a pause"), in: store) {
            try store.createCompletedShift(start: minute(0), end: minute(60), pauses: [Interval(start: minute(-1), end: minute(5))])
        }
        #expect(throws: ModelError.endsBeforeStart(start: minute(5), end: minute(4))) { try Interval(start: minute(5), end: minute(4)) }
        #expect(try store.counts().tables.allSatisfy { $0.rows == 0 })
    }

    @Test("pauses and parked stretches: one open at a time, only on an active shift, within it")
    func pausesAndParking() throws {
        let r = try record()
        let active = try #require(r.active)
        try expectRefused(ModelError.alreadyPaused, in: r.store) { try r.store.pause(active, at: minute(375)) }
        try expectRefused(ModelError.endsBeforeStart(start: minute(370), end: minute(369)), in: r.store) {
            try r.store.resume(active, at: minute(369))
        }
        try expectRefused(ModelError.shiftNotActive, in: r.store) { try r.store.pause(r.a, at: minute(100)) }
        try expectRefused(ModelError.shiftNotActive, in: r.store) { try r.store.park(r.b, at: minute(200)) }
        try expectRefused(ModelError.notParked, in: r.store) { try r.store.drive(active, at: minute(380)) }
        try r.store.resume(active, at: minute(375))
        try expectRefused(ModelError.notPaused, in: r.store) { try r.store.resume(active, at: minute(376)) }
        try expectRefused(ModelError.endsBeforeStart(start: minute(375), end: minute(374)), in: r.store) {
            try r.store.pause(active, at: minute(374))
        }
        try expectRefused(ModelError.outsideShift(what: "a parked stretch"), in: r.store) { try r.store.park(active, at: minute(359)) }
        try r.store.park(active, at: minute(380))
        try expectRefused(ModelError.alreadyParked, in: r.store) { try r.store.park(active, at: minute(381)) }
        #expect(try r.store.state(of: r.store.requireShift(active)) == .active)
        try r.store.pause(active, at: minute(382))
        #expect(try r.store.state(of: r.store.requireShift(active)) == .paused)
        #expect(try r.store.state(of: r.store.requireShift(r.a)) == .completed)
    }

    @Test("offers: within the shift, at least one delivery, a clean platform name, valid deliveries")
    func offers() throws {
        let r = try record()
        let active = try #require(r.active)
        try expectRefused(ModelError.outsideShift(what: "an offer's acceptance"), in: r.store) {
            try r.store.acceptOffer(shiftID: r.a, at: minute(120))  // the end is not in [start, end)
        }
        try expectRefused(ModelError.outsideShift(what: "an offer's acceptance"), in: r.store) {
            try r.store.acceptOffer(shiftID: active, at: minute(359))
        }
        try expectRefused(ModelError.emptyOffer, in: r.store) { try r.store.acceptOffer(shiftID: r.a, at: minute(60), deliveries: []) }
        try expectRefused(ModelError.badText(field: "the platform name", reason: "contains a control character"), in: r.store) {
            try r.store.acceptOffer(shiftID: r.a, at: minute(60), platform: "Door\u{202E}Dash")
        }
        try expectRefused(ModelError.tipsExceedAmount(field: "a delivery's own amount"), in: r.store) {
            try r.store.acceptOffer(shiftID: r.a, at: minute(60), deliveries: [
                NewDelivery(ownAmount: try PaidAmount(money("5"), tips: money("6"), field: "a delivery's own amount")),
            ])
        }
        // One bad delivery refuses the whole offer: the good one before it is not written either.
        try expectRefused(ModelError.impossibleTransition(from: .delivered, action: "cancelled"), in: r.store) {
            try r.store.acceptOffer(shiftID: r.a, at: minute(60), deliveries: [
                NewDelivery(pickedUpAt: minute(61), deliveredAt: minute(70)),
                NewDelivery(pickedUpAt: minute(61), deliveredAt: minute(70), cancelledAt: minute(71)),
            ])
        }
        try expectRefused(ModelError.notFound(what: "shift", id: 999), in: r.store) { try r.store.acceptOffer(shiftID: 999, at: minute(60)) }
    }

    @Test("delivery transitions: deliver before pickup, arrive twice, anything after delivered or cancelled")
    func transitions() throws {
        let r = try record()
        let active = try #require(r.active)
        let offer = try r.store.acceptOffer(shiftID: active, at: minute(366), deliveries: [NewDelivery(), NewDelivery()])
        let (d, e) = (offer.deliveries[0], offer.deliveries[1])
        try expectRefused(ModelError.impossibleTransition(from: .accepted, action: "delivered"), in: r.store) {
            try r.store.deliver(d, at: minute(367))
        }
        try r.store.arriveAtPickup(d, at: minute(367))
        try expectRefused(ModelError.impossibleTransition(from: .arrivedAtPickup, action: "marked arrived at pickup"), in: r.store) {
            try r.store.arriveAtPickup(d, at: minute(368))
        }
        try expectRefused(ModelError.endsBeforeStart(start: minute(367), end: minute(366)), in: r.store) { try r.store.pickUp(d, at: minute(366)) }
        try r.store.pickUp(d, at: minute(368))
        try r.store.deliver(d, at: minute(380))
        try expectRefused(ModelError.impossibleTransition(from: .delivered, action: "cancelled"), in: r.store) {
            try r.store.cancel(d, at: minute(381))
        }
        try expectRefused(ModelError.impossibleTransition(from: .delivered, action: "delivered"), in: r.store) {
            try r.store.deliver(d, at: minute(381))
        }
        try r.store.cancel(e, at: minute(369))
        try expectRefused(ModelError.impossibleTransition(from: .cancelled, action: "picked up"), in: r.store) {
            try r.store.pickUp(e, at: minute(370))
        }
        try expectRefused(ModelError.impossibleTransition(from: .cancelled, action: "marked arrived at pickup"), in: r.store) {
            try r.store.arriveAtPickup(e, at: minute(370))
        }
        #expect(try r.store.requireDelivery(d).state == .delivered)
        #expect(try r.store.requireDelivery(e).state == .cancelled)
        try expectRefused(ModelError.notFound(what: "delivery", id: 999), in: r.store) { try r.store.deliver(999, at: minute(400)) }
    }

    @Test("a delivery on a completed shift is finished, and within the shift")
    func deliveriesOnACompletedShift() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(60))
        try expectRefused(ModelError.outsideShift(what: "a delivery's events"), in: store) {
            try store.acceptOffer(shiftID: shift, at: minute(10), deliveries: [NewDelivery(pickedUpAt: minute(20), deliveredAt: minute(61))])
        }
        try expectRefused(ModelError.activeDeliveryOnCompletedShift, in: store) {
            try store.acceptOffer(shiftID: shift, at: minute(10), deliveries: [NewDelivery(pickedUpAt: minute(20))])
        }
        let offer = try store.acceptOffer(shiftID: shift, at: minute(10), deliveries: [NewDelivery(pickedUpAt: minute(20), deliveredAt: minute(60))])
        #expect(try store.requireDelivery(offer.deliveries[0]).deliveredAt == minute(60))
    }

    @Test("a delivery event after its shift ended is refused")
    func eventAfterShiftEnd() throws {
        let store = try Store.inMemory()
        let shift = try store.startShift(at: minute(0))
        let offer = try store.acceptOffer(shiftID: shift, at: minute(10), deliveries: [NewDelivery(pickedUpAt: minute(20))])
        let delivery = offer.deliveries[0]
        try expectRefused(ModelError.activeDelivery(delivery), in: store) { try store.endShift(shift, at: minute(60)) }
        try store.deliver(delivery, at: minute(60))
        try store.endShift(shift, at: minute(60))
        #expect(try store.requireDelivery(delivery).deliveredAt == minute(60))
        try expectRefused(ModelError.impossibleTransition(from: .delivered, action: "cancelled"), in: store) {
            try store.cancel(delivery, at: minute(61))
        }
    }

    @Test("outside tips must be more than zero and belong to a delivery")
    func tips() throws {
        let r = try record()
        try expectRefused(ModelError.tipNotPositive, in: r.store) {
            try r.store.addTip(deliveryID: r.deliveryOfB, amount: .zero, method: .cash, at: minute(240))
        }
        try expectRefused(ModelError.tipNotPositive, in: r.store) {
            try r.store.addTip(deliveryID: r.deliveryOfB, amount: money("-1"), method: .cash, at: minute(240))
        }
        try expectRefused(ModelError.notFound(what: "delivery", id: 999), in: r.store) {
            try r.store.addTip(deliveryID: 999, amount: money("1"), method: .cash, at: minute(240))
        }
    }

    @Test("expenses: never negative, clean category and note")
    func expenses() throws {
        let r = try record()
        try expectRefused(ModelError.negativeAmount(field: "an expense"), in: r.store) {
            try r.store.addExpense(at: minute(10), amount: money("-0.01"), category: "fuel")
        }
        try expectRefused(ModelError.badText(field: "the category", reason: "contains a control character"), in: r.store) {
            try r.store.addExpense(at: minute(10), amount: money("1"), category: "fuel\u{202E}")
        }
        try expectRefused(ModelError.badText(field: "the note", reason: "contains a control character"), in: r.store) {
            try r.store.addExpense(at: minute(10), amount: money("1"), category: "fuel", note: "line\nbreak")
        }
        try expectRefused(ModelError.badText(field: "the category", reason: "cannot be empty"), in: r.store) {
            try r.store.addExpense(at: minute(10), amount: money("1"), category: "  ")
        }
        try expectRefused(ModelError.notFound(what: "expense", id: 999), in: r.store) { try r.store.deleteExpense(999) }
    }

    /// Text the model accepts must be stored, or refused with the model's own error: never a raw
    /// CHECK failure. The model counts characters (grapheme clusters); SQLite's length() counts
    /// code points, so a 40-character category of decomposed letters is 80 to SQLite.
    @Test("text the model accepts is storable")
    func modelAndSchemaAgreeOnLength() throws {
        let store = try Store.inMemory()
        let decomposed = String(repeating: "e\u{0301}", count: 40)  // 40 Characters, 80 code points
        #expect(decomposed.count == 40)
        do {
            try store.addExpense(at: minute(0), amount: .zero, category: decomposed)
        } catch let error as SQLiteError {
            Issue.record("the model accepted the category but the store refused it: \(error)")
        } catch is ModelError {
            // Refused by the model's own rule: acceptable.
        }
        do {
            try store.pickupPlace(named: String(repeating: "👩‍👩‍👧", count: 30))
        } catch let error as SQLiteError {
            Issue.record("the model accepted the name but the store refused it: \(error)")
        } catch is ModelError {}
    }
}
