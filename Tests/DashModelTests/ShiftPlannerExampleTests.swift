import DashModel
import Testing

/// The issue's cases (issue 13, items 3, 4, 10) and each rule of docs/record.md, "Evidence and
/// shifts", as the planner decides them.
@Suite("ShiftPlanner examples")
struct ShiftPlannerExampleTests {
    typealias F = PlanFixture

    /// A shift's span as minutes after the fixture's origin.
    private func span(_ shift: PlannedShift) -> [Int64] {
        [F.at(0).milliseconds(to: shift.span.start) / 60_000, F.at(0).milliseconds(to: shift.span.end) / 60_000]
    }

    @Test("item 3: a track then a shift row for the same afternoon is the shift row then the track: one 12-hour shift")
    func trackThenRow() throws {
        let track = try F.piece("track", .trackSession, 600, 604, from: "gpx")
        let row = try F.piece("row", .shiftRow, 600, 1320, from: "log")
        let one = ShiftPlanner.plan(ShiftPlanInput(evidence: [track, row]))
        let other = ShiftPlanner.plan(ShiftPlanInput(evidence: [row, track]))
        #expect(one == other)
        #expect(one.madeShifts.count == 1)
        #expect(one.madeShifts.first?.span.durationMilliseconds == F.hours(12))
        #expect(one.madeShifts.first?.evidence.map(\.id.key) == ["track", "row"])
        // The track made first and then the row arriving: the made shift keeps its id and grows.
        let first = ShiftPlanner.plan(ShiftPlanInput(evidence: [track]))
        #expect(first.madeShifts.map { span($0) } == [[600, 604]])
        let grown = ShiftPlanner.plan(ShiftPlanInput(evidence: [row, track], madeShifts: [MadeShiftHolding(id: 7, evidence: [track.id])]))
        #expect(grown.madeShifts.map(\.id) == [.existing(7)])
        #expect(grown.madeShifts.map { span($0) } == [[600, 1320]])
    }

    @Test("item 4: single-point segments a week apart (a 504-hour track) are strays, never one shift")
    func weekApartPoints() throws {
        let points = try (0...3).map { week in try F.piece("p\(week)", .trackSession, Int64(week) * 7 * 1440, from: "gpx") }
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: points))
        #expect(plan.madeShifts.isEmpty)
        #expect(plan.strays.map(\.key) == ["p0", "p1", "p2", "p3"])
        // Segments of a few points each, a week apart: one shift per segment, never a 504-hour one.
        let segments = try (0...3).map { week in
            try F.piece("s\(week)", .trackSession, Int64(week) * 7 * 1440, Int64(week) * 7 * 1440 + 20, from: "gpx")
        }
        let several = ShiftPlanner.plan(ShiftPlanInput(evidence: segments))
        #expect(several.madeShifts.count == 4)
        #expect(several.madeShifts.allSatisfy { $0.span.durationMilliseconds == 20 * 60_000 })
        #expect(several.strays.isEmpty)
    }

    @Test("item 4: a day's phone log with a lunch and a dinner drive is two shifts")
    func lunchAndDinner() throws {
        let lunch = try F.piece("lunch", .trackSession, 690, 780, from: "phone")
        let dinner = try F.piece("dinner", .trackSession, 1080, 1230, from: "phone")
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [dinner, lunch]))
        #expect(plan.madeShifts.map { span($0) } == [[690, 780], [1080, 1230]])
    }

    @Test("item 10: one fix dated a year late on a 1.35-hour track is a stray; the year's later tracks make their own shifts")
    func yearLateFix() throws {
        let track = try F.piece("track", .trackSession, 600, 681, from: "gpx")
        let late = try F.piece("late", .trackSession, 600 + 365 * 1440, from: "gpx")
        let later = try F.piece("later", .trackSession, 600 + 200 * 1440, 600 + 200 * 1440 + 90, from: "gpx-2")
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [track, late, later]))
        #expect(plan.strays.map(\.key) == ["late"])
        #expect(plan.madeShifts.map(\.span.durationMilliseconds) == [81 * 60_000, 90 * 60_000])
        #expect(plan.refusals.isEmpty)
        // Another import's evidence near the stray does not rescue it: strays are per file.
        let near = try F.piece("near", .trip, 600 + 365 * 1440 + 5, 600 + 365 * 1440 + 30, from: "log")
        #expect(ShiftPlanner.plan(ShiftPlanInput(evidence: [track, late, near])).strays.map(\.key) == ["late"])
    }

    @Test("a made shift longer than 16 hours is refused, naming its span and evidence")
    func longerThanSixteenHours() throws {
        let pieces = try (0..<9).map { n in try F.piece("t\(n)", .trackSession, Int64(n) * 120, Int64(n) * 120 + 90, from: "phone") }
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: pieces))
        #expect(plan.madeShifts.isEmpty)
        #expect(plan.refusals.count == 1)
        let refusal = try #require(plan.refusals.first)
        #expect(refusal.reason == .longerThanMaximum(span: try Interval(start: F.at(0), end: F.at(8 * 120 + 90))))
        #expect(refusal.evidence.count == 9)
        #expect(refusal.description.contains("17.50 h, more than 16 h"))
        // Exactly 16 hours is allowed.
        let sixteen = try F.piece("row", .shiftRow, 0, 960)
        #expect(ShiftPlanner.plan(ShiftPlanInput(evidence: [sixteen])).madeShifts.count == 1)
    }

    @Test("between two imports' evidence the larger gap applies")
    func largerGapApplies() throws {
        let a = try F.piece("a", .trackSession, 0, 60, from: "gpx", gapMinutes: 60)
        let b = try F.piece("b", .shiftRow, 150, 300, from: "log", gapMinutes: 90)
        #expect(ShiftPlanner.plan(ShiftPlanInput(evidence: [a, b])).madeShifts.count == 1)
        let c = try F.piece("c", .shiftRow, 150, 300, from: "log", gapMinutes: 60)
        #expect(ShiftPlanner.plan(ShiftPlanInput(evidence: [a, c])).madeShifts.count == 2)
        // A wide-gap piece reaching back over a narrow-gap one joins all three.
        let d = try F.piece("d", .trackSession, 130, 140, from: "gpx-2", gapMinutes: 60)
        let e = try F.piece("e", .trip, 145, 150, from: "trips", gapMinutes: 120)
        #expect(ShiftPlanner.plan(ShiftPlanInput(evidence: [a, d])).madeShifts.count == 2)
        #expect(ShiftPlanner.plan(ShiftPlanInput(evidence: [a, d, e])).madeShifts.count == 1)
    }

    @Test("a zero-length made shift lasts the documented minimum, 1 s")
    func minimumSpan() throws {
        let trip = try F.piece("trip", .trip, 600)
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [trip]))
        #expect(plan.madeShifts.map(\.span.durationMilliseconds) == [ShiftRules.minimumSpanMilliseconds])
    }

    @Test("one id given for two different pieces is refused and left out")
    func conflictingEvidence() throws {
        let one = try F.piece("x", .trip, 600, 620)
        let other = try F.piece("x", .trip, 700, 720)
        let plan = ShiftPlanner.plan(ShiftPlanInput(evidence: [one, other, one]))
        #expect(plan.madeShifts.isEmpty)
        #expect(plan.refusals.map(\.reason) == [.conflictingEvidence])
        #expect(plan.refusals.first?.evidence == [EvidenceID("x")])
    }

    @Test("a piece is refused at construction when it ends before it starts or its gap is out of range")
    func badPieces() throws {
        #expect(throws: EvidenceError.endsBeforeStart(id: "x")) { try F.piece("x", .trip, 10, 9) }
        #expect(throws: EvidenceError.splitGapOutOfRange(milliseconds: 0)) { try F.piece("x", .trip, 10, 10, gapMinutes: 0) }
        #expect(throws: EvidenceError.splitGapOutOfRange(milliseconds: 17 * 3_600_000)) { try F.piece("x", .trip, 10, 10, gapMinutes: 17 * 60) }
    }
}
