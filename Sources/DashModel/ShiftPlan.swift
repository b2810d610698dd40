/// What the shift planner decided (`ShiftPlanner.plan`, docs/shifts-from-evidence.md). Every list
/// is sorted, so equal plans are equal values whatever order the inputs came in.
public struct ShiftPlan: Hashable, Sendable {
    /// The made shifts that should exist, by start.
    public var madeShifts: [PlannedShift]
    /// The driver's shifts that hold evidence, by start (then id).
    public var driverShifts: [DriverShiftEvidence]
    /// Single-point track sessions more than the gap from all other evidence of their import.
    public var strays: [EvidenceID]
    /// Existing made shifts that no longer exist, by id: joined into another or emptied.
    public var retired: [RetiredShift]
    /// What may not be done. A plan with refusals must not be applied (docs/shifts-from-evidence.md).
    public var refusals: [ShiftPlanRefusal]

    public var isRefused: Bool { !refusals.isEmpty }
}

/// A made shift's id in a plan: one that exists now (kept), one a shift joined into another
/// had and takes back (its evidence parted again), or one the store is to assign.
public enum PlannedShiftID: Hashable, Sendable, Comparable {
    case existing(Int64)
    case revived(Int64)
    case new
}

/// One piece placed on a shift, with how much of it lies outside the shift's span and how far its
/// farthest instant is from that span (both 0 when it lies within).
public struct PlacedEvidence: Hashable, Sendable {
    public let id: EvidenceID
    public let kind: EvidenceKind
    public let outsideMilliseconds: Int64
    public let beyondMilliseconds: Int64
}

/// A made shift the plan keeps or creates.
public struct PlannedShift: Hashable, Sendable {
    public let id: PlannedShiftID
    /// First evidence to last (money lines never stretch it); at least `ShiftRules.minimumSpanMilliseconds`.
    public let span: Interval
    /// By the evidence order (start, end, kind, id).
    public let evidence: [PlacedEvidence]
    /// Existing made shifts whose evidence this one now holds, by id (the caller moves their entries here).
    public let formerIDs: [Int64]
}

/// A driver's shift and the evidence the plan puts on it; its times are the driver's.
public struct DriverShiftEvidence: Hashable, Sendable {
    public let id: Int64
    public let evidence: [PlacedEvidence]
    /// The length of the union of the evidence lying outside the driver's times.
    public let outsideMilliseconds: Int64
    /// How far the farthest evidence lies from the driver's times.
    public let beyondMilliseconds: Int64
}

/// An existing made shift the plan does not keep.
public struct RetiredShift: Hashable, Sendable {
    public enum Fate: Hashable, Sendable {
        /// Its evidence joined a shift that keeps an older (smaller) id.
        case joined(into: Int64)
        /// None of its evidence is on a made shift any more (undone, or moved to a driver's shift).
        case emptied
    }
    public let id: Int64
    public let fate: Fate
    public init(id: Int64, fate: Fate) {
        self.id = id
        self.fate = fate
    }
}

/// Something the evidence asks for that the record's rules refuse, naming the evidence.
public struct ShiftPlanRefusal: Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// A made shift would last longer than 16 hours: its span.
        case longerThanMaximum(span: Interval)
        /// A shift row overlaps two of the driver's shifts (their ids, smaller first).
        case shiftRowOverlapsTwoDriverShifts(Int64, Int64)
        /// One id was given for two different pieces.
        case conflictingEvidence
        /// Made shifts carrying the driver's entries would be joined (their ids).
        case joinsPinned([Int64])
        /// A made shift carrying the driver's entries would be split.
        case splitsPinned(Int64)
        /// A made shift carrying the driver's entries would be removed.
        case removesPinned(Int64)
    }
    public let reason: Reason
    /// The evidence concerned, sorted by id.
    public let evidence: [EvidenceID]

    /// At most this many pieces are named in a refusal; the rest are counted.
    public static let namedAtMost = 8

    public var description: String { describe(\.key) }

    /// The refusal with each piece of evidence named by `name` (the first ``namedAtMost``, then
    /// how many more: a day of one-point tracks is hundreds of pieces).
    public func describe(_ name: (EvidenceID) -> String) -> String {
        var named = evidence.prefix(Self.namedAtMost).map(name).joined(separator: ", ")
        if evidence.count > Self.namedAtMost { named += " and \(evidence.count - Self.namedAtMost) more" }
        switch reason {
        case let .longerThanMaximum(span):
            return "a made shift from \(span.start) to \(span.end) would last "
                + "\(Durations.hoursText(span.durationMilliseconds)) h, more than 16 h (evidence \(named))"
        case let .shiftRowOverlapsTwoDriverShifts(a, b):
            return "shift row \(named) overlaps your shifts \(a) and \(b)"
        case .conflictingEvidence:
            return "evidence \(named) is given twice with different contents"
        case let .joinsPinned(ids):
            return "shifts \(ids.map(String.init).joined(separator: " and ")) both carry your entries and would be joined (evidence \(named))"
        case let .splitsPinned(id):
            return "shift \(id) carries your entries and would be split (evidence \(named))"
        case let .removesPinned(id):
            return "shift \(id) carries your entries and would be removed (evidence \(named))"
        }
    }

    static func precedes(_ a: ShiftPlanRefusal, _ b: ShiftPlanRefusal) -> Bool {
        let ka = a.sortKey, kb = b.sortKey
        if ka.0 != kb.0 { return ka.0 < kb.0 }
        if ka.1 != kb.1 { return ka.1 < kb.1 }
        return a.evidence.lexicographicallyPrecedes(b.evidence)
    }

    private var sortKey: (Int, Int64) {
        switch reason {
        case .conflictingEvidence: (0, 0)
        case let .shiftRowOverlapsTwoDriverShifts(a, _): (1, a)
        case let .longerThanMaximum(span): (2, span.start.millisecondsSinceEpoch)
        case let .joinsPinned(ids): (3, ids.first ?? 0)
        case let .splitsPinned(id): (4, id)
        case let .removesPinned(id): (5, id)
        }
    }
}
