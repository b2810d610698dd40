/// Which id each planned made shift carries, and what the driver's entries forbid
/// (docs/shifts-from-evidence.md, "Ids"). Set-based throughout: only which evidence each existing
/// shift holds matters, never the order it was given in.
///
/// - An existing shift *chooses* the planned shift holding the most of its evidence (among its
///   evidence still on made shifts; as much in two: the one holding the earliest of it, by the
///   evidence order). What shifts joined into it brought is not its own and does not count,
///   unless it has nothing else on a made shift.
/// - A planned shift takes the smallest existing id that chose it: a shift that grows, shrinks,
///   is re-timed or joins others keeps the oldest id, and in a split the part holding the most of
///   the old shift's evidence keeps it. The other choosers are retired as joined.
/// - A shift joined into another earlier chooses the same way by the evidence it held then; a
///   planned shift no existing shift chose takes the smallest such id that chose it (revived), so
///   undoing the import that joined two shifts gives both their ids back. Else it is new.
/// - Pinned shifts (carrying the driver's entries): two of them in one planned shift, one whose
///   evidence now lies on two shifts (made or the driver's), or one the plan retires as emptied,
///   is refused.
enum MadeShiftIdentity {
    enum Place: Hashable {
        case made(Int)
        case driver(Int64)
    }

    struct Result {
        var ids: [PlannedShiftID]
        var formerIDs: [[Int64]]
        var retired: [RetiredShift]
        var refusals: [ShiftPlanRefusal]
    }

    static func assign(
        candidateCount: Int, location: [EvidenceID: Place], rank: [EvidenceID: Int], holdings: [MadeShiftHolding], pinned: Set<Int64>,
        joined: [MadeShiftHolding] = []
    ) -> Result {
        var held: [Int64: Set<EvidenceID>] = [:]
        for holding in holdings { held[holding.id, default: []].formUnion(holding.evidence) }
        var dormant: [Int64: Set<EvidenceID>] = [:]
        for holding in joined where held[holding.id] == nil { dormant[holding.id, default: []].formUnion(holding.evidence) }
        // What joined shifts brought to the shift they joined: not that shift's own.
        let brought = dormant.values.reduce(into: Set<EvidenceID>()) { $0.formUnion($1) }
        let chooser = Chooser(location: location, rank: rank)
        var claims = [[Int64]](repeating: [], count: candidateCount)
        var former = [Set<Int64>](repeating: [], count: candidateCount)
        var refusals: [ShiftPlanRefusal] = []
        var emptied: [Int64] = []
        for id in held.keys.sorted() {
            let evidence = held[id, default: []]
            var places: Set<Place> = []
            for piece in evidence {
                guard let place = location[piece] else { continue }
                places.insert(place)
                if case let .made(candidate) = place { former[candidate].insert(id) }
            }
            let chosen = brought.isEmpty ? chooser.choice(evidence) : chooser.choice(evidence.subtracting(brought)) ?? chooser.choice(evidence)
            if let chosen { claims[chosen].append(id) } else { emptied.append(id) }
            guard pinned.contains(id) else { continue }
            if places.count > 1 {
                refusals.append(ShiftPlanRefusal(reason: .splitsPinned(id), evidence: evidence.filter { location[$0] != nil }.sorted()))
            } else if chosen == nil {
                refusals.append(ShiftPlanRefusal(reason: .removesPinned(id), evidence: evidence.sorted()))
            }
        }
        var revivals = [[Int64]](repeating: [], count: candidateCount)
        for id in dormant.keys.sorted() {
            if let chosen = chooser.choice(dormant[id, default: []]) { revivals[chosen].append(id) }
        }
        var ids: [PlannedShiftID] = []
        var retired = emptied.map { RetiredShift(id: $0, fate: .emptied) }
        for candidate in 0..<candidateCount {
            let claimants = claims[candidate]  // ascending: held.keys were visited sorted
            guard let keeper = claimants.first else {
                ids.append(revivals[candidate].first.map(PlannedShiftID.revived) ?? .new)
                continue
            }
            ids.append(.existing(keeper))
            retired += claimants.dropFirst().map { RetiredShift(id: $0, fate: .joined(into: keeper)) }
        }
        for candidate in 0..<candidateCount {
            let pinnedHere = former[candidate].filter(pinned.contains).sorted()
            guard pinnedHere.count > 1 else { continue }
            let evidence = pinnedHere.flatMap { id in held[id, default: []].filter { location[$0] == .made(candidate) } }
            refusals.append(ShiftPlanRefusal(reason: .joinsPinned(pinnedHere), evidence: Set(evidence).sorted()))
        }
        return Result(
            ids: ids, formerIDs: former.map { $0.sorted() }, retired: retired.sorted { $0.id < $1.id }, refusals: refusals)
    }

    /// The planned shift holding the most of some evidence, as much in two: the earliest of it.
    struct Chooser {
        let location: [EvidenceID: Place]
        let rank: [EvidenceID: Int]

        func choice(_ evidence: Set<EvidenceID>) -> Int? {
            var tally: [Int: (count: Int, earliest: Int)] = [:]
            for piece in evidence {
                guard case let .made(candidate)? = location[piece] else { continue }
                let r = rank[piece] ?? .max
                let before = tally[candidate] ?? (0, .max)
                tally[candidate] = (before.count + 1, min(before.earliest, r))
            }
            var best: (candidate: Int, count: Int, earliest: Int)?
            for (candidate, mark) in tally {
                // Each piece has its own rank, so no two candidates tie on both.
                if best.map({ mark.count > $0.count || (mark.count == $0.count && mark.earliest < $0.earliest) }) ?? true {
                    best = (candidate, mark.count, mark.earliest)
                }
            }
            return best?.candidate
        }
    }
}
