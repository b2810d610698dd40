import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Minutes after 2026-11-02T09:00Z, for readable timelines.
func minute(_ m: Int64) -> Instant { Instant(millisecondsSinceEpoch: 1_793_610_000_000 + m * 60_000) }

func money(_ text: String) throws -> Money { try Money(parsing: text) }

func paid(_ amount: String, tips: String? = nil) throws -> PaidAmount {
    try PaidAmount(money(amount), tips: tips.map(money))
}

/// Expects `body` to throw `expected`, and the store to hold exactly what it held before.
func expectRefused<E: Error & Equatable>(_ expected: E, in store: Store, sourceLocation: SourceLocation = #_sourceLocation,
                                         _ body: () throws -> Void) throws {
    let before = try dumpRecord(store)
    #expect(throws: expected, sourceLocation: sourceLocation) { try body() }
    #expect(try dumpRecord(store) == before, "the refused write changed the store", sourceLocation: sourceLocation)
    #expect(store.connection.isAutocommit, "a transaction was left open", sourceLocation: sourceLocation)
}

/// Expects `body` to fail with an SQLite constraint error, and the store to be unchanged.
@discardableResult
func expectConstraint(in store: Store, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) throws -> SQLiteError? {
    let before = try dumpRecord(store)
    var caught: SQLiteError?
    do {
        try body()
        Issue.record("expected a constraint error, but the write succeeded", sourceLocation: sourceLocation)
    } catch let error as SQLiteError {
        #expect(error.isConstraintViolation, "\(error)", sourceLocation: sourceLocation)
        caught = error
    }
    #expect(try dumpRecord(store) == before, "the refused write changed the store", sourceLocation: sourceLocation)
    return caught
}

// MARK: - Positions

/// `count` positions one every `everyMs` from `start`, moving north-east from central Chicago.
func positions(from start: Instant, count: Int, everyMs: Int64 = 1000, offset: Int = 0) throws -> [Position] {
    var result: [Position] = []
    result.reserveCapacity(count)
    for i in offset..<(offset + count) {
        let step = Double(i) * 0.00001
        let accuracy: Double? = i % 7 == 0 ? nil : 5 + Double(i % 5)
        let at = start.adding(milliseconds: Int64(i - offset) * everyMs)
        result.append(try Position(at: at, latitude: 41.8781 + step, longitude: -87.6298 + step, horizontalAccuracy: accuracy))
    }
    return result
}

/// Writes `positions` through a new capture session on `shiftID`, in one write, and ends it.
@discardableResult
func record(_ store: Store, shiftID: Int64, source: String, _ positions: [Position]) throws -> Int64 {
    let first = try #require(positions.first)
    let last = try #require(positions.last)
    let writer = try store.beginCapture(shiftID: shiftID, startedAt: first.at, source: source)
    try store.write { try writer.append(positions) }
    writer.finish()
    try store.endCapture(writer.captureSessionID, at: last.at)
    return writer.captureSessionID
}

// MARK: - A realistic record

/// Two completed shifts with everything a shift can have, a pickup place both name, one only the
/// first names, an expense, and (optionally) an active third shift.
struct Record {
    let store: Store
    /// Completed 09:00-11:00 with a parked stretch, a pause, two offers (three deliveries: one
    /// delivered with an amount and tips, one delivered with none, one cancelled), two outside
    /// tips, two capture sessions (600 samples), earnings and a fuel assumption.
    let a: Int64
    /// Completed 12:00-14:00 with a pause, one offer, one delivery with an amount and a tip, one
    /// capture session (120 samples) and earnings.
    let b: Int64
    let offersOfA: [Int64]
    let offerOfB: Int64
    let deliveriesOfA: [Int64]
    let deliveryOfB: Int64
    /// Named by a delivery of each shift.
    let sharedPlace: Int64
    /// Named only by a delivery of shift A.
    let placeOfA: Int64
    let expense: Int64
    /// Started 15:00, still active: an open pause and an active delivery.
    let active: Int64?
    let activeDelivery: Int64?

    init(store: Store, withActiveShift: Bool = false) throws {
        self.store = store
        let shared = try store.pickupPlace(named: "Café Rosa").id
        let onlyA = try store.pickupPlace(named: "Burger Barn").id

        let a = try store.startShift(at: minute(0))
        try store.park(a, at: minute(10))
        try store.drive(a, at: minute(15))
        try store.pause(a, at: minute(30))
        try store.resume(a, at: minute(40))
        let first = try store.acceptOffer(shiftID: a, at: minute(50), platform: "DoorDash", deliveries: [
            NewDelivery(ownAmount: try paid("8.50", tips: "3.00"), pickupPlaceID: shared),
            NewDelivery(pickupPlaceID: onlyA),
        ])
        try store.arriveAtPickup(first.deliveries[0], at: minute(52))
        try store.pickUp(first.deliveries[0], at: minute(55))
        try store.pickUp(first.deliveries[1], at: minute(56))
        try store.deliver(first.deliveries[0], at: minute(70))
        try store.deliver(first.deliveries[1], at: minute(80))
        try store.addTip(deliveryID: first.deliveries[0], amount: money("5"), method: .cash, at: minute(71))
        try store.addTip(deliveryID: first.deliveries[1], amount: money("2.25"), method: .other, at: minute(81))
        let second = try store.acceptOffer(shiftID: a, at: minute(90), platform: "Uber Eats")
        try store.cancel(second.deliveries[0], at: minute(95))
        try record(store, shiftID: a, source: "a.gpx track 1 segment 1", positions(from: minute(0), count: 300, everyMs: 10_000))
        try record(store, shiftID: a, source: "a.gpx track 1 segment 2", positions(from: minute(60), count: 300, everyMs: 10_000, offset: 300))
        try store.endShift(a, at: minute(120))
        try store.setEarnings(a, try paid("64.25", tips: "20"))
        try store.setFuel(a, FuelAssumption(milesPerGallon: money("27.5"), pricePerGallon: money("3.459")))

        let b = try store.createCompletedShift(start: minute(180), end: minute(300), pauses: [Interval(start: minute(200), end: minute(210))])
        let third = try store.acceptOffer(shiftID: b, at: minute(190), platform: "Grubhub", deliveries: [
            NewDelivery(pickedUpAt: minute(215), deliveredAt: minute(230), ownAmount: try paid("12"), pickupPlaceID: shared),
        ])
        try store.addTip(deliveryID: third.deliveries[0], amount: money("4"), method: .cash, at: minute(231))
        try record(store, shiftID: b, source: "b.gpx track 1 segment 1", positions(from: minute(180), count: 120, everyMs: 60_000, offset: 1000))
        try store.setEarnings(b, try paid("99.99"))

        expense = try store.addExpense(at: minute(100), amount: money("45.10"), category: "fuel", note: "top up")

        if withActiveShift {
            let c = try store.startShift(at: minute(360))
            try store.pause(c, at: minute(370))
            let offer = try store.acceptOffer(shiftID: c, at: minute(365), platform: "Spark")
            active = c
            activeDelivery = offer.deliveries[0]
        } else {
            active = nil
            activeDelivery = nil
        }
        self.a = a
        self.b = b
        offersOfA = [first.offer, second.offer]
        offerOfB = third.offer
        deliveriesOfA = first.deliveries + second.deliveries
        deliveryOfB = third.deliveries[0]
        sharedPlace = shared
        placeOfA = onlyA
    }
}

// MARK: - Files

/// The permission bits of `path` (`st_mode & 0o777`), or nil when it does not exist.
func permissions(_ path: String) -> UInt32? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt32(info.st_mode) & 0o777
}
