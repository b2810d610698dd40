import DashModel
import Testing

/// Minutes after 2026-11-02T09:00Z, for readable timelines.
func minute(_ m: Int64) -> Instant { Instant(millisecondsSinceEpoch: 1_793_610_000_000 + m * 60_000) }

func money(_ text: String) throws -> Money { try Money(parsing: text) }

@Suite("PaidAmount and FuelAssumption")
struct AmountInvariantTests {
    @Test("an amount is never negative, its tips never negative nor more than it")
    func paidAmountRules() throws {
        #expect(throws: ModelError.negativeAmount(field: "earnings")) { try PaidAmount(money("-0.01")) }
        #expect(throws: ModelError.negativeAmount(field: "a delivery's own amount")) {
            try PaidAmount(money("-5"), field: "a delivery's own amount")
        }
        #expect(throws: ModelError.negativeAmount(field: "tips")) { try PaidAmount(money("10"), tips: money("-1")) }
        #expect(throws: ModelError.tipsExceedAmount(field: "earnings")) { try PaidAmount(money("10"), tips: money("10.0001")) }
        #expect(throws: ModelError.tipsExceedAmount(field: "earnings")) { try PaidAmount(.zero, tips: money("0.01")) }
    }

    @Test("the boundaries are allowed: zero, and tips equal to the amount")
    func paidAmountBoundaries() throws {
        let zero = try PaidAmount(.zero)
        #expect(zero.amount == .zero)
        #expect(zero.tips == nil)
        let zeroTips = try PaidAmount(money("12.5"), tips: .zero)
        #expect(zeroTips.tips == .zero)
        #expect(zeroTips != (try PaidAmount(money("12.5"))))  // tips 0 is not tips unknown
        #expect(try PaidAmount(money("12.5"), tips: money("12.5")).tips == (try money("12.5")))
    }

    @Test("fuel economy must be positive; price may be zero but not negative")
    func fuelRules() throws {
        #expect(throws: ModelError.fuelEconomyNotPositive) { try FuelAssumption(milesPerGallon: .zero, pricePerGallon: money("3.459")) }
        #expect(throws: ModelError.fuelEconomyNotPositive) { try FuelAssumption(milesPerGallon: money("-27.5"), pricePerGallon: money("3.459")) }
        #expect(throws: ModelError.fuelPriceNegative) { try FuelAssumption(milesPerGallon: money("27.5"), pricePerGallon: money("-0.0001")) }
        let free = try FuelAssumption(milesPerGallon: money("0.0001"), pricePerGallon: .zero)
        #expect(free.pricePerGallon == .zero)
        let usual = try FuelAssumption(milesPerGallon: money("27.5"), pricePerGallon: money("3.459"))
        #expect(usual.milesPerGallon.units == 275_000)
        #expect(usual.pricePerGallon.units == 34_590)
    }
}

@Suite("Shift")
struct ShiftInvariantTests {
    private func fuel() throws -> FuelAssumption { try FuelAssumption(milesPerGallon: money("27.5"), pricePerGallon: money("3.459")) }

    @Test("a shift ends after it starts")
    func endAfterStart() throws {
        #expect(throws: ModelError.endsBeforeStart(start: minute(10), end: minute(10))) { try Shift(id: 1, start: minute(10), end: minute(10)) }
        #expect(throws: ModelError.endsBeforeStart(start: minute(10), end: minute(5))) { try Shift(id: 1, start: minute(10), end: minute(5)) }
        var active = try Shift(id: 1, start: minute(10), end: nil)
        #expect(throws: ModelError.endsBeforeStart(start: minute(10), end: minute(10))) { try active.end(at: minute(10)) }
        #expect(active.end == nil)
        try active.end(at: minute(70))
        #expect(active.end == minute(70))
        #expect(throws: ModelError.shiftAlreadyEnded) { try active.end(at: minute(80)) }
        #expect(active.end == minute(70))
    }

    @Test("earnings and fuel only on a completed shift")
    func onlyOnCompleted() throws {
        #expect(throws: ModelError.earningsOnActiveShift) { try Shift(id: 1, start: minute(0), end: nil, earnings: PaidAmount(money("80"))) }
        #expect(throws: ModelError.fuelOnActiveShift) { try Shift(id: 1, start: minute(0), end: nil, fuel: fuel()) }
        var active = try Shift(id: 1, start: minute(0), end: nil)
        #expect(throws: ModelError.earningsOnActiveShift) { try active.setEarnings(PaidAmount(money("80"))) }
        #expect(throws: ModelError.fuelOnActiveShift) { try active.setFuel(fuel()) }
        #expect(active.earnings == nil)
        #expect(active.fuel == nil)
        try active.end(at: minute(60))
        try active.setEarnings(PaidAmount(.zero))
        #expect(active.earnings?.amount == .zero)  // zero is recorded, not nil
        active.clearEarnings()
        #expect(active.earnings == nil)
        try active.setFuel(fuel())
        #expect(active.fuel == (try fuel()))
        active.clearFuel()
        #expect(active.fuel == nil)
    }

    @Test("pauses lie within their shift")
    func pausesWithin() throws {
        let completed = try Shift(id: 1, start: minute(0), end: minute(60))
        try completed.checkWithin(from: minute(0), to: minute(60), what: "a pause")
        try completed.checkWithin(from: minute(10), to: minute(10), what: "a pause")
        #expect(throws: ModelError.outsideShift(what: "a pause")) { try completed.checkWithin(from: minute(-1), to: minute(10), what: "a pause") }
        #expect(throws: ModelError.outsideShift(what: "a pause")) { try completed.checkWithin(from: minute(50), to: minute(61), what: "a pause") }
        #expect(throws: ModelError.outsideShift(what: "a pause")) { try completed.checkWithin(from: minute(50), to: nil, what: "a pause") }
        #expect(throws: ModelError.endsBeforeStart(start: minute(20), end: minute(10))) {
            try completed.checkWithin(from: minute(20), to: minute(10), what: "a pause")
        }
        let active = try Shift(id: 2, start: minute(0), end: nil)
        try active.checkWithin(from: minute(5), to: nil, what: "a pause")
        #expect(throws: ModelError.outsideShift(what: "a pause")) { try active.checkWithin(from: minute(-5), to: nil, what: "a pause") }
    }

    @Test("an active shift's span reaches to now; a clock behind the start gives an empty span")
    func spans() throws {
        let active = try Shift(id: 1, start: minute(10), end: nil)
        #expect(active.span(now: minute(30)).durationMilliseconds == 20 * 60_000)
        #expect(active.span(now: minute(0)).durationMilliseconds == 0)
        let completed = try Shift(id: 1, start: minute(10), end: minute(40))
        #expect(completed.span(now: minute(500)).end == minute(40))
    }
}

@Suite("Delivery")
struct DeliveryInvariantTests {
    private func accepted() throws -> Delivery { try Delivery(id: 1, shiftID: 1, offerID: 1, acceptedAt: minute(0)) }

    @Test("the usual path: accepted, at pickup, picked up, delivered")
    func usualPath() throws {
        var delivery = try accepted()
        #expect(delivery.state == .accepted)
        try delivery.arrive(at: minute(5))
        #expect(delivery.state == .arrivedAtPickup)
        try delivery.pickUp(at: minute(9))
        #expect(delivery.state == .pickedUp)
        try delivery.deliver(at: minute(25))
        #expect(delivery.state == .delivered)
        #expect(!delivery.state.isActive)
        #expect(delivery.lastEventAt == minute(25))
    }

    @Test("pickup without a recorded arrival is allowed; cancel from any active state")
    func shortcuts() throws {
        var direct = try accepted()
        try direct.pickUp(at: minute(3))
        #expect(direct.state == .pickedUp)
        for steps in 0...2 {
            var delivery = try accepted()
            if steps >= 1 { try delivery.arrive(at: minute(1)) }
            if steps >= 2 { try delivery.pickUp(at: minute(2)) }
            try delivery.cancel(at: minute(3))
            #expect(delivery.state == .cancelled)
        }
    }

    @Test("deliver before pickup is refused")
    func deliverBeforePickup() throws {
        var delivery = try accepted()
        #expect(throws: ModelError.impossibleTransition(from: .accepted, action: "delivered")) { try delivery.deliver(at: minute(5)) }
        try delivery.arrive(at: minute(5))
        #expect(throws: ModelError.impossibleTransition(from: .arrivedAtPickup, action: "delivered")) { try delivery.deliver(at: minute(6)) }
        #expect(delivery.deliveredAt == nil)
        #expect(delivery.state == .arrivedAtPickup)
    }

    @Test("arriving twice is refused, and arriving after pickup")
    func arriveTwice() throws {
        var delivery = try accepted()
        try delivery.arrive(at: minute(5))
        #expect(throws: ModelError.impossibleTransition(from: .arrivedAtPickup, action: "marked arrived at pickup")) {
            try delivery.arrive(at: minute(6))
        }
        #expect(delivery.arrivedAtPickupAt == minute(5))
        try delivery.pickUp(at: minute(7))
        #expect(throws: ModelError.impossibleTransition(from: .pickedUp, action: "marked arrived at pickup")) { try delivery.arrive(at: minute(8)) }
        #expect(throws: ModelError.impossibleTransition(from: .pickedUp, action: "picked up")) { try delivery.pickUp(at: minute(8)) }
    }

    @Test("nothing happens to a delivery once it is delivered or cancelled", arguments: [true, false])
    func nothingAfterFinished(delivered: Bool) throws {
        var delivery = try accepted()
        try delivery.pickUp(at: minute(2))
        if delivered { try delivery.deliver(at: minute(3)) } else { try delivery.cancel(at: minute(3)) }
        let finished = delivery
        let from: DeliveryState = delivered ? .delivered : .cancelled
        #expect(throws: ModelError.impossibleTransition(from: from, action: "marked arrived at pickup")) { try delivery.arrive(at: minute(9)) }
        #expect(throws: ModelError.impossibleTransition(from: from, action: "picked up")) { try delivery.pickUp(at: minute(9)) }
        #expect(throws: ModelError.impossibleTransition(from: from, action: "delivered")) { try delivery.deliver(at: minute(9)) }
        #expect(throws: ModelError.impossibleTransition(from: from, action: "cancelled")) { try delivery.cancel(at: minute(9)) }
        #expect(delivery == finished)
    }

    @Test("an event before the last one is refused")
    func timeGoesForward() throws {
        var delivery = try accepted()
        try delivery.arrive(at: minute(10))
        #expect(throws: ModelError.endsBeforeStart(start: minute(10), end: minute(9))) { try delivery.pickUp(at: minute(9)) }
        #expect(throws: ModelError.endsBeforeStart(start: minute(10), end: minute(9))) { try delivery.cancel(at: minute(9)) }
        #expect(delivery.state == .arrivedAtPickup)
        var fresh = try accepted()
        #expect(throws: ModelError.endsBeforeStart(start: minute(0), end: minute(-1))) { try fresh.arrive(at: minute(-1)) }
    }

    @Test("a stored delivery with timestamps out of order, or both delivered and cancelled, is refused")
    func storedShapes() throws {
        #expect(throws: ModelError.impossibleTransition(from: .delivered, action: "cancelled")) {
            try Delivery(id: 1, shiftID: 1, offerID: 1, acceptedAt: minute(0), pickedUpAt: minute(1), deliveredAt: minute(2), cancelledAt: minute(3))
        }
        #expect(throws: ModelError.endsBeforeStart(start: minute(5), end: minute(4))) {
            try Delivery(id: 1, shiftID: 1, offerID: 1, acceptedAt: minute(0), arrivedAtPickupAt: minute(5), pickedUpAt: minute(4))
        }
        #expect(throws: ModelError.endsBeforeStart(start: minute(0), end: minute(-1))) {
            try Delivery(id: 1, shiftID: 1, offerID: 1, acceptedAt: minute(0), cancelledAt: minute(-1))
        }
        #expect(throws: ModelError.endsBeforeStart(start: minute(6), end: minute(5))) {
            try Delivery(id: 1, shiftID: 1, offerID: 1, acceptedAt: minute(0), pickedUpAt: minute(6), deliveredAt: minute(5))
        }
        let imported = try Delivery(id: 1, shiftID: 1, offerID: 1, acceptedAt: minute(0), deliveredAt: minute(20))
        #expect(imported.state == .delivered)  // a statement may give only some timestamps
    }

    @Test("an outside tip must be more than zero; an unknown method reads as other")
    func tips() throws {
        #expect(throws: ModelError.tipNotPositive) { try DeliveryTip(id: 1, deliveryID: 1, amount: .zero, method: .cash, recordedAt: minute(0)) }
        #expect(throws: ModelError.tipNotPositive) {
            try DeliveryTip(id: 1, deliveryID: 1, amount: money("-1"), method: .cash, recordedAt: minute(0))
        }
        #expect(try DeliveryTip(id: 1, deliveryID: 1, amount: money("0.01"), method: .cash, recordedAt: minute(0)).amount.units == 100)
        #expect(TipMethod(stored: "venmo") == .other)
        #expect(TipMethod(stored: "cash") == .cash)
    }
}

@Suite("Position")
struct PositionInvariantTests {
    @Test("coordinates out of range, not finite, or a negative accuracy are refused", arguments: [
        (90.0001, 0.0, nil as Double?), (-90.0001, 0, nil), (0, 180, nil), (0, -180.0001, nil), (.nan, 0, nil), (0, .infinity, nil),
        (0, 0, -1), (0, 0, .nan), (0, 0, .infinity),
    ])
    func refused(latitude: Double, longitude: Double, accuracy: Double?) {
        #expect(throws: ModelError.self) {
            try Position(at: minute(0), latitude: latitude, longitude: longitude, horizontalAccuracy: accuracy)
        }
    }

    @Test("the edges are allowed")
    func edges() throws {
        _ = try Position(at: minute(0), latitude: 90, longitude: -180, horizontalAccuracy: 0)
        _ = try Position(at: minute(0), latitude: -90, longitude: 179.999999, horizontalAccuracy: nil)
    }
}
