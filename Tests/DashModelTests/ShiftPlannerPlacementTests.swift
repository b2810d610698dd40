import DashModel
import Testing

/// The driver's shifts, money lines and ids (docs/record.md, "Evidence and shifts").
@Suite("ShiftPlanner placement and ids")
struct ShiftPlannerPlacementTests {
    typealias F = PlanFixture
    private let minutes: Int64 = 60_000

    @Test("evidence within the gap of a driver's shift, directly or through other evidence, goes on it; its times never move")
    func onDriverShift() throws {
        let track = try F.piece("track", .trackSession, 880, 960, from: "gpx")
        let trip = try F.piece("trip", .trip, 1000, 1010, from: "trips")
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [trip, track], driverShifts: [F.driver(101, 600, 900)]))
        #expect(plan.madeShifts.isEmpty)
        let on = try #require(plan.driverShifts.first)
        #expect(on.id == 101)
        #expect(on.evidence.map(\.id.key) == ["track", "trip"])
        #expect(on.evidence.map(\.outsideMilliseconds) == [60 * minutes, 10 * minutes])
        #expect(on.evidence.map(\.beyondMilliseconds) == [60 * minutes, 110 * minutes])
        #expect(on.outsideMilliseconds == 70 * minutes)
        #expect(on.beyondMilliseconds == 110 * minutes)
        // More than the gap from it and its evidence: a made shift of its own.
        let far = try F.piece("far", .trip, 1100, 1110, from: "trips")
        let apart = ShiftPlanner.plan(ShiftPlanInput(evidence: [track, far], driverShifts: [F.driver(101, 600, 900)]))
        #expect(apart.madeShifts.map(\.evidence).map { $0.map(\.id.key) } == [["far"]])
    }

    @Test("near two of the driver's shifts evidence goes to the nearer; a shift row overlapping two is refused")
    func nearTwo() throws {
        let drivers = [F.driver(101, 600, 900), F.driver(102, 1000, 1200)]
        let early = try F.piece("early", .trip, 930, 940, from: "trips")
        let late = try F.piece("late", .trip, 965, 975, from: "trips")
        let row = try F.piece("row", .shiftRow, 850, 1050, from: "log")
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [late, row, early], driverShifts: drivers))
        #expect(plan.driverShifts.map(\.id) == [101, 102])
        #expect(plan.driverShifts.map { $0.evidence.map(\.id.key) } == [["early"], ["late"]])
        #expect(plan.refusals.map(\.reason) == [.shiftRowOverlapsTwoDriverShifts(101, 102)])
        #expect(plan.refusals.first?.evidence == [EvidenceID("row")])
        #expect(plan.refusals.first?.description == "shift row row overlaps your shifts 101 and 102")
    }

    @Test("an active driver's shift reaches on: later evidence lies within it")
    func activeDriverShift() throws {
        let track = try F.piece("track", .trackSession, 2000, 2100, from: "gpx")
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [track], driverShifts: [F.driver(101, 600, nil)]))
        #expect(plan.madeShifts.isEmpty)
        #expect(plan.driverShifts.first?.outsideMilliseconds == 0)
        #expect(plan.driverShifts.first?.evidence.map(\.id.key) == ["track"])
    }

    @Test("a trip known only from money lines goes on the nearest shift within the gap without stretching it")
    func moneyLinesDoNotStretch() throws {
        let track = try F.piece("track", .trackSession, 600, 700, from: "gpx")
        let pay = try F.piece("pay", .moneyLine, 730, from: "statement")
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [pay, track]))
        #expect(plan.madeShifts.count == 1)
        let shift = try #require(plan.madeShifts.first)
        #expect(shift.span == (try Interval(start: F.at(600), end: F.at(700))))
        #expect(shift.evidence.map(\.id.key) == ["track", "pay"])
        #expect(shift.evidence.last?.beyondMilliseconds == 30 * minutes)
        // Equally near two shifts: the earlier (a payment is recorded after the drop-off).
        let other = try F.piece("other", .trackSession, 820, 900, from: "gpx")
        let between = try F.piece("between", .moneyLine, 760, from: "statement")
        let tie = ShiftPlanner.plan(ShiftPlanInput(evidence: [other, between, track]))
        #expect(tie.madeShifts.map { $0.evidence.map(\.id.key) } == [["track", "between"], ["other"]])
        // Near a driver's shift: on it.
        let onDriver = ShiftPlanner.plan(ShiftPlanInput(evidence: [pay], driverShifts: [F.driver(101, 600, 700)]))
        #expect(onDriver.madeShifts.isEmpty)
        #expect(onDriver.driverShifts.first?.evidence.map(\.id.key) == ["pay"])
    }

    @Test("with no shift near, payments make a shift of their own, joined by the gap")
    func paymentsMakeAShift() throws {
        let track = try F.piece("track", .trackSession, 600, 700, from: "gpx")
        let first = try F.piece("first", .moneyLine, 900, from: "statement")
        let second = try F.piece("second", .moneyLine, 940, from: "statement")
        let alone = try F.piece("alone", .moneyLine, 2000, from: "statement")
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [alone, second, track, first]))
        #expect(plan.madeShifts.map { $0.evidence.map(\.id.key) } == [["track"], ["first", "second"], ["alone"]])
        #expect(plan.madeShifts.map(\.span.durationMilliseconds) == [100 * minutes, 40 * minutes, ShiftRules.minimumSpanMilliseconds])
    }

    @Test("joined shifts keep the older id; the others are retired as joined into it")
    func joinKeepsOlderID() throws {
        let a = try F.piece("a", .trackSession, 600, 660, from: "gpx-1")
        let b = try F.piece("b", .trackSession, 740, 800, from: "gpx-2")
        let bridge = try F.piece("bridge", .trip, 680, 720, from: "trips")
        let held = [MadeShiftHolding(id: 5, evidence: [a.id]), MadeShiftHolding(id: 3, evidence: [b.id])]
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b, bridge], madeShifts: held))
        #expect(plan.madeShifts.map(\.id) == [.existing(3)])
        #expect(plan.madeShifts.first?.formerIDs == [3, 5])
        #expect(plan.retired == [RetiredShift(id: 5, fate: .joined(into: 3))])
        #expect(plan.refusals.isEmpty)
        // One of them carrying the driver's entries may join; both may not.
        #expect(ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b, bridge], madeShifts: held, pinned: [5])).refusals.isEmpty)
        let both = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b, bridge], madeShifts: held, pinned: [3, 5]))
        #expect(both.refusals.map(\.reason) == [.joinsPinned([3, 5])])
        #expect(both.refusals.first?.evidence.map(\.key) == ["a", "b"])
    }

    @Test("a split keeps the id on the part holding the most of the old shift's evidence, as much: the earliest; pinned, it is refused")
    func splitKeepsTheLargerPart() throws {
        let a = try F.piece("z-first", .trackSession, 600, 660, from: "gpx-1")
        let b = try F.piece("a-second", .trackSession, 800, 860, from: "gpx-2")
        let held = [MadeShiftHolding(id: 4, evidence: [a.id, b.id, EvidenceID("undone-trip")])]
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [b, a], madeShifts: held))
        #expect(plan.madeShifts.map(\.id) == [.existing(4), .new])
        #expect(plan.madeShifts.map(\.formerIDs) == [[4], [4]])
        #expect(plan.retired.isEmpty)
        // Two of its pieces later on, one earlier: the later part is the most of it.
        let c = try F.piece("c-third", .trip, 820, 840, from: "trips")
        let larger = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b, c], madeShifts: [MadeShiftHolding(id: 4, evidence: [a.id, b.id, c.id])]))
        #expect(larger.madeShifts.map(\.id) == [.new, .existing(4)])
        let pinned = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b], madeShifts: held, pinned: [4]))
        #expect(pinned.refusals.map(\.reason) == [.splitsPinned(4)])
        #expect(pinned.refusals.first?.evidence.map(\.key) == ["a-second", "z-first"])
        // Moving part of it onto a driver's shift is a split as well.
        let moved = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b], driverShifts: [F.driver(101, 850, 900)], madeShifts: held, pinned: [4]))
        #expect(moved.refusals.map(\.reason) == [.splitsPinned(4)])
    }

    @Test("a shift joined into another takes its id back when a split parts its evidence again; the other keeps its own part")
    func joinedShiftIsRevived() throws {
        let a = try F.piece("a", .trackSession, 600, 660, from: "gpx-1")
        let b1 = try F.piece("b1", .trip, 740, 760, from: "trips")
        let b2 = try F.piece("b2", .trip, 770, 800, from: "trips")
        let bridge = try F.piece("bridge", .trip, 680, 720, from: "log")
        // Shift 5 (b1, b2) was joined into 3 (a) by the bridge: 3 holds all four.
        let held = [MadeShiftHolding(id: 3, evidence: [a.id, b1.id, b2.id, bridge.id])]
        let joined = [MadeShiftHolding(id: 5, evidence: [b1.id, b2.id])]
        let together = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b1, b2, bridge], madeShifts: held, joinedShifts: joined))
        #expect(together.madeShifts.map(\.id) == [.existing(3)])
        #expect(together.retired.isEmpty)
        // The bridge undone: 3 keeps its own part though the other is larger, and 5 comes back.
        let parted = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b1, b2], madeShifts: held, joinedShifts: joined))
        #expect(parted.madeShifts.map(\.id) == [.existing(3), .revived(5)])
        #expect(parted.retired.isEmpty)
        // An id that exists is never revived (its memory is ignored), and a joined shift whose
        // evidence is gone revives nothing: 3, holding no other's then, keeps the most of its evidence.
        let live = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b1, b2], madeShifts: held + [MadeShiftHolding(id: 5, evidence: [])],
                                                    joinedShifts: joined))
        #expect(live.madeShifts.map(\.id) == [.new, .existing(3)])
        let gone = ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b1, b2], madeShifts: held, joinedShifts: [MadeShiftHolding(id: 5, evidence: [bridge.id])]))
        #expect(gone.madeShifts.map(\.id) == [.new, .existing(3)])
    }

    @Test("a made shift whose evidence is all gone is retired as emptied; pinned, that is refused")
    func removal() throws {
        let held = [MadeShiftHolding(id: 9, evidence: [EvidenceID("gone")])]
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [], madeShifts: held))
        #expect(plan.retired == [RetiredShift(id: 9, fate: .emptied)])
        #expect(plan.refusals.isEmpty)
        let pinned = ShiftPlanner.plan(ShiftPlanInput(evidence: [], madeShifts: held, pinned: [9]))
        #expect(pinned.refusals.map(\.reason) == [.removesPinned(9)])
        #expect(pinned.refusals.first?.description == "shift 9 carries your entries and would be removed (evidence gone)")
    }
}
