/// Which id each planned made shift carries, and what the driver's entries forbid
/// (docs/shifts-from-evidence.md, "Ids"). Set-based throughout: only which evidence each existing
/// shift holds matters, never the order it was given in.
///
/// - Joined shifts keep the older id: the smallest existing id that chose the new shift.
/// - An existing shift chooses the planned shift holding its earliest evidence (by the evidence
///   order: start, end, kind, id) among its evidence still on made shifts; so the part of a split
///   holding the old shift's earliest evidence keeps the id, and the other parts are new.
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
        candidateCount: Int, location: [EvidenceID: Place], rank: [EvidenceID: Int], holdings: [MadeShiftHolding], pinned: Set<Int64>
    ) -> Result {
        var held: [Int64: Set<EvidenceID>] = [:]
        for holding in holdings { held[holding.id, default: []].formUnion(holding.evidence) }
        var claims = [[Int64]](repeating: [], count: candidateCount)
        var former = [Set<Int64>](repeating: [], count: candidateCount)
        var refusals: [ShiftPlanRefusal] = []
        var emptied: [Int64] = []
        for id in held.keys.sorted() {
            let evidence = held[id, default: []]
            var places: Set<Place> = []
            var earliest: (rank: Int, candidate: Int)?
            for piece in evidence {
                guard let place = location[piece] else { continue }
                places.insert(place)
                if case let .made(candidate) = place {
                    former[candidate].insert(id)
                    let r = rank[piece] ?? .max
                    if earliest.map({ r < $0.rank }) ?? true { earliest = (r, candidate) }
                }
            }
            if let earliest { claims[earliest.candidate].append(id) } else { emptied.append(id) }
            guard pinned.contains(id) else { continue }
            if places.count > 1 {
                refusals.append(ShiftPlanRefusal(reason: .splitsPinned(id), evidence: evidence.filter { location[$0] != nil }.sorted()))
            } else if earliest == nil {
                refusals.append(ShiftPlanRefusal(reason: .removesPinned(id), evidence: evidence.sorted()))
            }
        }
        var ids: [PlannedShiftID] = []
        var retired = emptied.map { RetiredShift(id: $0, fate: .emptied) }
        for candidate in 0..<candidateCount {
            let claimants = claims[candidate]  // ascending: held.keys were visited sorted
            guard let keeper = claimants.first else {
                ids.append(.new)
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
}
