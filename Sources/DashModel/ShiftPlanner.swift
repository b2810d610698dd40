/// Which shifts the evidence makes: a pure, deterministic function of the SET of evidence, the
/// driver's shifts and the made shifts that exist now (docs/shifts-from-evidence.md implements
/// docs/record.md, "Evidence and shifts"). O(n log n) in the pieces: one sort, then sweeps.
public enum ShiftPlanner {
    /// A cluster of the sweep with what it holds (indices into the sorted pieces and drivers).
    struct Group {
        let cluster: SweepCluster
        var solid: [Int]
        var drivers: [Int]
        var money: [Int] = []
    }

    public static func plan(_ input: ShiftPlanInput) -> ShiftPlan {
        let (pieces, conflicts) = uniquePieces(input.evidence)
        var refusals = conflicts
        let drivers = Set(input.driverShifts.map(DriverSpan.init)).sorted { $0.start != $1.start ? $0.start < $1.start : $0.id < $1.id }
        let strays = StrayEvidence.strays(among: pieces)
        var excluded = strays
        for piece in pieces where piece.kind == .shiftRow {
            let over = DriverShiftPlacement.overlapped(by: piece.start.millisecondsSinceEpoch, piece.end.millisecondsSinceEpoch, in: drivers)
            guard over.count == 2 else { continue }
            let ids = over.map { drivers[$0].id }.sorted()
            refusals.append(ShiftPlanRefusal(reason: .shiftRowOverlapsTwoDriverShifts(ids[0], ids[1]), evidence: [piece.id]))
            excluded.insert(piece.id)
        }
        var groups = solidGroups(pieces, drivers, excluded: excluded)
        var leftover: [Int] = []
        for (index, piece) in pieces.enumerated() where piece.kind == .moneyLine && !excluded.contains(piece.id) {
            if let target = nearestGroup(to: piece, in: groups) { groups[target].money.append(index) } else { leftover.append(index) }
        }
        let paymentNodes = leftover.map {
            SweepNode(
                start: pieces[$0].start.millisecondsSinceEpoch, end: pieces[$0].end.millisecondsSinceEpoch, gap: pieces[$0].splitGapMilliseconds,
                ref: $0)
        }
        for cluster in EvidenceSweep.clusters(paymentNodes) {
            groups.append(Group(cluster: cluster, solid: [], drivers: [], money: paymentNodes[cluster.first...cluster.last].map(\.ref)))
        }
        var onDriver: [Int: [Int]] = [:]  // driver index -> piece indices
        var candidates: [MadeCandidate] = []
        for group in groups {
            if group.drivers.isEmpty {
                let made = MadeCandidate(group: group, pieces: pieces)
                if made.rawLength > ShiftRules.maximumMadeShiftMilliseconds {
                    refusals.append(
                        ShiftPlanRefusal(reason: .longerThanMaximum(span: made.rawSpan), evidence: made.members.map { pieces[$0].id }.sorted()))
                } else {
                    candidates.append(made)
                }
                continue
            }
            for index in group.solid + group.money {
                let piece = pieces[index]
                let s = piece.start.millisecondsSinceEpoch
                let e = piece.kind == .moneyLine ? s : piece.end.millisecondsSinceEpoch  // a payment goes by its first line
                if let driver = DriverShiftPlacement.nearest(to: s, e, among: group.drivers, of: drivers) {
                    onDriver[driver, default: []].append(index)
                }
            }
        }
        let driverResults = onDriver.keys.sorted().map { index in
            driverEvidence(drivers[index], pieces: onDriver[index, default: []].sorted().map { pieces[$0] })
        }
        var location: [EvidenceID: MadeShiftIdentity.Place] = [:]
        for (index, pieceIndices) in onDriver { for p in pieceIndices { location[pieces[p].id] = .driver(drivers[index].id) } }
        for (index, made) in candidates.enumerated() { for p in made.members { location[pieces[p].id] = .made(index) } }
        let rank = Dictionary(uniqueKeysWithValues: pieces.enumerated().map { ($1.id, $0) })
        let identity = MadeShiftIdentity.assign(
            candidateCount: candidates.count, location: location, rank: rank, holdings: input.madeShifts, pinned: input.pinned,
            joined: input.joinedShifts)
        refusals += identity.refusals
        let made = candidates.enumerated().map { index, candidate in
            PlannedShift(
                id: identity.ids[index], span: candidate.span,
                evidence: candidate.members.map {
                    DriverShiftPlacement.placed(
                        pieces[$0], on: candidate.span.start.millisecondsSinceEpoch, candidate.span.end.millisecondsSinceEpoch)
                },
                formerIDs: identity.formerIDs[index])
        }.sorted { $0.span.start < $1.span.start }
        return ShiftPlan(
            madeShifts: made, driverShifts: driverResults, strays: strays.sorted(), retired: identity.retired,
            refusals: refusals.sorted(by: ShiftPlanRefusal.precedes))
    }

    /// The pieces as a set, sorted by the evidence order; an id given for two different pieces
    /// is refused and left out entirely (which copy to keep would depend on the order).
    static func uniquePieces(_ evidence: [EvidencePiece]) -> ([EvidencePiece], [ShiftPlanRefusal]) {
        // Each id's first piece, by index; an id seen again with another piece is conflicted.
        // (A set of pieces per id cost an allocation and a hash of the whole piece each: a
        // twentieth of a 100,000-row statement import.)
        var first: [EvidenceID: Int] = [:]
        first.reserveCapacity(evidence.count)
        var conflicted: [EvidenceID] = []
        var pieces: [EvidencePiece] = []
        pieces.reserveCapacity(evidence.count)
        for piece in evidence {
            if let index = first[piece.id] {
                if pieces[index] != piece, !conflicted.contains(piece.id) { conflicted.append(piece.id) }
            } else {
                first[piece.id] = pieces.count
                pieces.append(piece)
            }
        }
        if !conflicted.isEmpty {
            let refused = Set(conflicted)
            pieces.removeAll { refused.contains($0.id) }
        }
        let refusals = conflicted.map { ShiftPlanRefusal(reason: .conflictingEvidence, evidence: [$0]) }
        return (pieces.sorted(by: EvidencePiece.precedes), refusals)
    }

    /// The sweep over everything but money lines, strays and refused rows, with the driver's
    /// shifts as nodes of gap 0. Groups come out by start, their hulls disjoint.
    private static func solidGroups(_ pieces: [EvidencePiece], _ drivers: [DriverSpan], excluded: Set<EvidenceID>) -> [Group] {
        var nodes: [SweepNode] = []
        for (index, piece) in pieces.enumerated() where piece.kind != .moneyLine && !excluded.contains(piece.id) {
            nodes.append(
                SweepNode(
                    start: piece.start.millisecondsSinceEpoch, end: piece.end.millisecondsSinceEpoch, gap: piece.splitGapMilliseconds, ref: index))
        }
        for (index, driver) in drivers.enumerated() {
            nodes.append(SweepNode(start: driver.start, end: driver.end, gap: 0, ref: pieces.count + index))
        }
        nodes.sort { $0.start != $1.start ? $0.start < $1.start : $0.ref < $1.ref }
        return EvidenceSweep.clusters(nodes).map { cluster in
            let refs = nodes[cluster.first...cluster.last].map(\.ref).sorted()
            return Group(
                cluster: cluster, solid: refs.filter { $0 < pieces.count }, drivers: refs.filter { $0 >= pieces.count }.map { $0 - pieces.count })
        }
    }

    /// The group (of the sweep's, sorted by start, hulls disjoint) nearest a money line's first
    /// instant within the gap; ties go to the earlier group (a payment comes after the drop-off).
    private static func nearestGroup(to piece: EvidencePiece, in groups: [Group]) -> Int? {
        let t = piece.start.millisecondsSinceEpoch
        var low = 0, high = groups.count
        while low < high {
            let mid = (low + high) / 2
            if groups[mid].cluster.start <= t { low = mid + 1 } else { high = mid }
        }
        var best: (index: Int, distance: Int64)?
        for index in [low - 1, low] where index >= 0 && index < groups.count {
            guard let distance = groups[index].cluster.distance(toPoint: t, gap: piece.splitGapMilliseconds) else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (index, distance) }
        }
        return best?.index
    }

    private static func driverEvidence(_ driver: DriverSpan, pieces: [EvidencePiece]) -> DriverShiftEvidence {
        let placed = pieces.map { DriverShiftPlacement.placed($0, on: driver.start, driver.end) }
        return DriverShiftEvidence(
            id: driver.id, evidence: placed,
            outsideMilliseconds: DriverShiftPlacement.outsideUnion(of: pieces, outside: driver.start, driver.end),
            beyondMilliseconds: placed.map(\.beyondMilliseconds).max() ?? 0)
    }
}

/// A made shift before its id is chosen: its span (the solid evidence's hull, or the payments'
/// when it has none, padded to the minimum span) and its members in the evidence order.
struct MadeCandidate {
    let rawSpan: Interval
    let span: Interval
    let members: [Int]

    var rawLength: Int64 { rawSpan.durationMilliseconds }

    init(group: ShiftPlanner.Group, pieces: [EvidencePiece]) {
        let start = group.cluster.start, end = group.cluster.end
        rawSpan = Interval.unchecked(start, end)
        span = Interval.unchecked(start, max(end, start.plusSaturating(ShiftRules.minimumSpanMilliseconds)))
        members = (group.solid + group.money).sorted()
    }
}

extension Interval {
    /// For spans the planner built itself (start <= end by construction).
    static func unchecked(_ start: Int64, _ end: Int64) -> Interval {
        let s = Instant(millisecondsSinceEpoch: start)
        return (try? Interval(start: s, end: Instant(millisecondsSinceEpoch: max(start, end)))) ?? Interval.empty(at: s)
    }
}
