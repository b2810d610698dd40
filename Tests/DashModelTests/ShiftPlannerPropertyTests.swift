import DashModel
import TestSupport
import Testing

/// The planner is a function of the SET of its inputs, checked on seeded random evidence sets
/// (overlapping tracks, shift rows, trips, money lines from imports with different gaps, driver's
/// shifts, made shifts that exist and pinned ones). A failure names its seed, to replay.
@Suite("ShiftPlanner properties")
struct ShiftPlannerPropertyTests {
    typealias F = PlanFixture
    private static let seeds: ClosedRange<UInt64> = 1...300

    /// A scenario with made shifts already in play: those a random subset of its evidence made.
    private func scenarioWithHistory(_ rng: inout SplitMix64) throws -> ShiftPlanInput {
        var input = try F.scenario(&rng)
        let earlier = input.evidence.filter { _ in Bool.random(using: &rng) }
        let before = ShiftPlanner.plan(ShiftPlanInput(evidence: earlier, driverShifts: input.driverShifts))
        input.madeShifts = F.holdings(after: before)
        input.pinned = Set(input.madeShifts.map(\.id).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 })
        // Shifts joined into others earlier, remembering some of the evidence (and an id that exists).
        input.joinedShifts = (0..<Int.random(in: 0...3, using: &rng)).map { index in
            MadeShiftHolding(id: 1000 + Int64(index), evidence: Set(input.evidence.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 }.map(\.id)))
        } + input.madeShifts.prefix(1).map { MadeShiftHolding(id: $0.id, evidence: $0.evidence) }
        return input
    }

    @Test("the generator reaches every rule: made and payment shifts, the driver's shifts, strays, refusals, joins and splits")
    func generatorCoverage() throws {
        var seen: [String: Int] = [:]
        for seed in Self.seeds {
            var rng = SplitMix64(state: seed)
            let plan = ShiftPlanner.plan(try scenarioWithHistory(&rng))
            func count(_ key: String, _ n: Int) { seen[key, default: 0] += n }
            count("made", plan.madeShifts.count)
            count("payments", plan.madeShifts.filter { $0.evidence.allSatisfy { $0.kind == .moneyLine } }.count)
            count(
                "money on a shift",
                plan.madeShifts.filter { $0.evidence.contains { $0.kind == .moneyLine } && $0.evidence.contains { $0.kind != .moneyLine } }.count)
            count("driver", plan.driverShifts.count)
            count("outside driver", plan.driverShifts.filter { $0.outsideMilliseconds > 0 }.count)
            count("strays", plan.strays.count)
            count("kept ids", plan.madeShifts.filter { if case .existing = $0.id { true } else { false } }.count)
            count("revived", plan.madeShifts.filter { if case .revived = $0.id { true } else { false } }.count)
            count("joined", plan.retired.filter { $0.fate != .emptied }.count)
            count(
                "split",
                plan.madeShifts.filter { shift in plan.madeShifts.contains { $0 != shift && !Set($0.formerIDs).isDisjoint(with: shift.formerIDs) } }
                    .count)
            for refusal in plan.refusals {
                switch refusal.reason {
                case .longerThanMaximum: count("over 16 h", 1)
                case .shiftRowOverlapsTwoDriverShifts: count("row over two", 1)
                case .joinsPinned, .splitsPinned, .removesPinned: count("pinned", 1)
                case .conflictingEvidence: count("conflict", 1)
                }
            }
        }
        for key in [
            "made", "payments", "money on a shift", "driver", "outside driver", "strays", "kept ids", "revived", "joined", "split", "over 16 h", "row over two",
            "pinned",
        ] {
            #expect(seen[key, default: 0] > 0, "the generator never produced: \(key)")
        }
    }

    @Test("every permutation of the inputs, with repeats, gives the same plan")
    func permutations() throws {
        for seed in Self.seeds {
            var rng = SplitMix64(state: seed)
            let input = try scenarioWithHistory(&rng)
            let plan = ShiftPlanner.plan(input)
            for _ in 0..<4 {
                var shuffled = input
                shuffled.evidence = (input.evidence + input.evidence.filter { _ in Bool.random(using: &rng) }).shuffled(using: &rng)
                shuffled.driverShifts = (input.driverShifts + input.driverShifts.prefix(1)).shuffled(using: &rng)
                shuffled.madeShifts = input.madeShifts.shuffled(using: &rng)
                shuffled.joinedShifts = (input.joinedShifts + input.joinedShifts.prefix(1)).shuffled(using: &rng)
                #expect(ShiftPlanner.plan(shuffled) == plan, "seed \(seed)")
            }
        }
    }

    @Test("adding a piece and planning without it again gives the original spans and grouping (ids aside)")
    func addThenRemove() throws {
        for seed in Self.seeds {
            var rng = SplitMix64(state: seed)
            let input = try F.scenario(&rng)
            guard let extra = input.evidence.randomElement(using: &rng) else { continue }
            let without = ShiftPlanInput(evidence: input.evidence.filter { $0.id != extra.id }, driverShifts: input.driverShifts)
            let original = ShiftPlanner.plan(without)
            let added = ShiftPlanner.plan(input)
            var undone = without
            undone.madeShifts = F.holdings(after: added)
            #expect(F.grouping(ShiftPlanner.plan(undone)) == F.grouping(original), "seed \(seed)")
        }
    }

    @Test("duplicating a piece (another id, same import and span) changes no span")
    func duplicates() throws {
        for seed in Self.seeds {
            var rng = SplitMix64(state: seed)
            let input = try F.scenario(&rng)
            guard let copied = input.evidence.randomElement(using: &rng) else { continue }
            let copy = try EvidencePiece(
                id: EvidenceID("copy"), kind: copied.kind, start: copied.start, end: copied.end, importKey: copied.importKey,
                splitGapMilliseconds: copied.splitGapMilliseconds)
            var doubled = input
            doubled.evidence.append(copy)
            let spans = { (plan: ShiftPlan) in plan.madeShifts.map(\.span) }
            #expect(spans(ShiftPlanner.plan(doubled)) == spans(ShiftPlanner.plan(input)), "seed \(seed)")
        }
    }

    @Test("made shifts overlap no other shift, last at most 16 hours, and every piece is placed exactly once")
    func shapeOfThePlan() throws {
        for seed in Self.seeds {
            var rng = SplitMix64(state: seed)
            let input = try scenarioWithHistory(&rng)
            let plan = ShiftPlanner.plan(input)
            let driverSpans = try input.driverShifts.map { try Interval(start: $0.start, end: $0.end ?? Instant(millisecondsSinceEpoch: .max)) }
            let made = plan.madeShifts.map(\.span)
            for (i, a) in made.enumerated() {
                #expect(a.durationMilliseconds <= ShiftRules.maximumMadeShiftMilliseconds, "seed \(seed)")
                #expect(!made[(i + 1)...].contains { $0.overlaps(a) } && !driverSpans.contains { $0.overlaps(a) }, "seed \(seed)")
            }
            var placed = plan.madeShifts.flatMap { $0.evidence.map(\.id) } + plan.driverShifts.flatMap { $0.evidence.map(\.id) } + plan.strays
            placed += plan.refusals.filter {
                if case .conflictingEvidence = $0.reason {
                    true
                } else if case .shiftRowOverlapsTwoDriverShifts = $0.reason {
                    true
                } else if case .longerThanMaximum = $0.reason {
                    true
                } else {
                    false
                }
            }.flatMap(\.evidence)
            #expect(placed.sorted() == input.evidence.map(\.id).sorted(), "seed \(seed)")
        }
    }

    @Test("pieces in one made shift are chained by gaps within the split gap, pieces in different shifts are not (against a brute-force reference)")
    func chainsMatchReference() throws {
        for seed in Self.seeds {
            var rng = SplitMix64(state: seed)
            let input = try F.scenario(&rng)
            let plan = ShiftPlanner.plan(input)
            #expect(Set(plan.strays) == ReferencePlanner.strays(input.evidence), "seed \(seed)")
            let rowRefused = Set(
                plan.refusals.filter { if case .shiftRowOverlapsTwoDriverShifts = $0.reason { true } else { false } }.flatMap(\.evidence))
            let solid = input.evidence.filter { $0.kind != .moneyLine && !plan.strays.contains($0.id) && !rowRefused.contains($0.id) }
            let components = ReferencePlanner.components(solid, input.driverShifts)
            let expectedMade = components.filter { !$0.hasDriver }.map(\.pieces)
            let overlong = Set(plan.refusals.filter { if case .longerThanMaximum = $0.reason { true } else { false } }.flatMap(\.evidence))
            let madeSolid = plan.madeShifts.map { shift in Set(shift.evidence.filter { $0.kind != .moneyLine }.map(\.id)) }.filter { !$0.isEmpty }
            #expect(Set(madeSolid) == Set(expectedMade.filter { $0.isDisjoint(with: overlong) }), "seed \(seed)")
            let onDrivers = Set(plan.driverShifts.flatMap { $0.evidence.filter { $0.kind != .moneyLine }.map(\.id) })
            #expect(onDrivers == Set(components.filter(\.hasDriver).flatMap(\.pieces)), "seed \(seed)")
        }
    }
}

/// The rules written the slow, obvious way (every pair compared), for the property tests.
enum ReferencePlanner {
    struct Component {
        var pieces: Set<EvidenceID>
        var hasDriver: Bool
    }

    static func strays(_ pieces: [EvidencePiece]) -> Set<EvidenceID> {
        Set(
            pieces.filter { p in
                p.kind == .trackSession && p.start == p.end
                    && !pieces.contains { q in
                        q.importKey == p.importKey && !(q.kind == p.kind && q.start == p.start && q.end == p.end)
                            && distance(p.start, p.end, q.start, q.end) <= p.splitGapMilliseconds
                    }
            }.map(\.id))
    }

    static func distance(_ s1: Instant, _ e1: Instant, _ s2: Instant, _ e2: Instant) -> Int64 {
        max(0, e1.milliseconds(to: s2), e2.milliseconds(to: s1))
    }

    /// Connected sets of pieces and driver's shifts, linked when at most the larger gap apart
    /// (a driver's shift links by the piece's gap).
    static func components(_ pieces: [EvidencePiece], _ drivers: [DriverShiftSpan]) -> [Component] {
        let far = Instant(millisecondsSinceEpoch: Int64.max / 2)
        let nodes = pieces.map { ($0.start, $0.end, $0.splitGapMilliseconds) } + drivers.map { ($0.start, $0.end ?? far, Int64(0)) }
        var parent = Array(nodes.indices)
        func root(_ i: Int) -> Int { parent[i] == i ? i : root(parent[i]) }
        for i in nodes.indices {
            for j in nodes.indices where j > i && distance(nodes[i].0, nodes[i].1, nodes[j].0, nodes[j].1) <= max(nodes[i].2, nodes[j].2) {
                parent[root(i)] = root(j)
            }
        }
        var byRoot: [Int: Component] = [:]
        for i in nodes.indices {
            var component = byRoot[root(i), default: Component(pieces: [], hasDriver: false)]
            if i < pieces.count { component.pieces.insert(pieces[i].id) } else { component.hasDriver = true }
            byRoot[root(i)] = component
        }
        return Array(byRoot.values)
    }
}
