/// The inputs of the shift planner (`ShiftPlanner`, docs/shifts-from-evidence.md): evidence of
/// work, the driver's own shifts, and the made shifts that exist now. Plain values, so a plan is a
/// function of them alone.

/// A stable, opaque key for one piece of evidence (the importer chooses it, e.g. a row's record
/// key); two pieces with one key are one piece.
public struct EvidenceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let key: String
    public init(_ key: String) { self.key = key }
    public static func < (lhs: EvidenceID, rhs: EvidenceID) -> Bool { lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8) }
    public var description: String { key }
}

/// The import a piece came from, as an opaque key (never a store-assigned number's order: the
/// planner only asks whether two pieces share an import).
public struct ImportKey: Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public init(_ key: String) { self.key = key }
    public var description: String { key }
}

/// What a piece of evidence is. Money lines are weak evidence: they choose a shift but never
/// stretch one (docs/record.md, "Evidence and shifts").
public enum EvidenceKind: Int, Hashable, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    case trackSession = 0, shiftRow, trip, moneyLine
    public static func < (lhs: EvidenceKind, rhs: EvidenceKind) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String {
        switch self {
        case .trackSession: "track session"
        case .shiftRow: "shift row"
        case .trip: "trip"
        case .moneyLine: "money line"
        }
    }
}

/// Why an input value is refused before any planning.
public enum EvidenceError: Error, Equatable, Sendable, CustomStringConvertible {
    case endsBeforeStart(id: String)
    case splitGapOutOfRange(milliseconds: Int64)

    public var description: String {
        switch self {
        case let .endsBeforeStart(id): "evidence \(id) ends before it starts"
        case let .splitGapOutOfRange(ms):
            "a split gap of \(ms) ms is outside \(ShiftRules.minimumSplitGapMilliseconds) ms to \(ShiftRules.maximumSplitGapMilliseconds) ms"
        }
    }
}

/// The decided numbers (docs/record.md, "Evidence and shifts"; docs/shifts-from-evidence.md).
public enum ShiftRules {
    /// The default split gap: 60 minutes.
    public static let defaultSplitGapMilliseconds: Int64 = 60 * 60_000
    /// A made shift lasts at most 16 hours; a longer one is refused.
    public static let maximumMadeShiftMilliseconds: Int64 = 16 * 3_600_000
    /// A made shift whose evidence is one instant still lasts this long (1 s), so it is a span.
    public static let minimumSpanMilliseconds: Int64 = 1_000
    /// The smallest split gap: the minimum span, so a padded point never reaches the next shift.
    public static let minimumSplitGapMilliseconds: Int64 = minimumSpanMilliseconds
    /// The largest split gap: the longest made shift (a wider gap could only join what is refused).
    public static let maximumSplitGapMilliseconds: Int64 = maximumMadeShiftMilliseconds
}

/// One piece of evidence of work: a track session, a shift-log row, a trip or a money line, with
/// its span [start, end] (a point or a money line has start == end), its import, and that
/// import's split gap.
public struct EvidencePiece: Hashable, Sendable {
    public let id: EvidenceID
    public let kind: EvidenceKind
    public let start: Instant
    public let end: Instant
    public let importKey: ImportKey
    public let splitGapMilliseconds: Int64

    public init(
        id: EvidenceID, kind: EvidenceKind, start: Instant, end: Instant, importKey: ImportKey,
        splitGapMilliseconds: Int64 = ShiftRules.defaultSplitGapMilliseconds
    ) throws(EvidenceError) {
        guard end >= start else { throw .endsBeforeStart(id: id.key) }
        guard splitGapMilliseconds >= ShiftRules.minimumSplitGapMilliseconds,
            splitGapMilliseconds <= ShiftRules.maximumSplitGapMilliseconds
        else { throw .splitGapOutOfRange(milliseconds: splitGapMilliseconds) }
        self.id = id
        self.kind = kind
        self.start = start
        self.end = end
        self.importKey = importKey
        self.splitGapMilliseconds = splitGapMilliseconds
    }

    /// The order every step sorts by: start, end, kind, id (ids are unique once planning starts,
    /// so the order is total and no input order can show through).
    static func precedes(_ a: EvidencePiece, _ b: EvidencePiece) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end < b.end }
        if a.kind != b.kind { return a.kind < b.kind }
        if a.id != b.id { return a.id < b.id }
        if a.importKey.key != b.importKey.key { return a.importKey.key.utf8.lexicographicallyPrecedes(b.importKey.key.utf8) }
        return a.splitGapMilliseconds < b.splitGapMilliseconds
    }
}

/// A shift the driver entered (`shift add`, `shift start`): its times never move. An active one
/// has no end and reaches on (as the store's overlap rule treats it).
public struct DriverShiftSpan: Hashable, Sendable {
    public let id: Int64
    public let start: Instant
    public let end: Instant?
    public init(id: Int64, start: Instant, end: Instant?) {
        self.id = id
        self.start = start
        self.end = end
    }
}

/// A made shift as it exists now: its id and the evidence it holds, so ids can be kept.
public struct MadeShiftHolding: Hashable, Sendable {
    public let id: Int64
    public let evidence: Set<EvidenceID>
    public init(id: Int64, evidence: Set<EvidenceID>) {
        self.id = id
        self.evidence = evidence
    }
}

/// Everything a plan is computed from. Only the sets matter: arrays in any order, with
/// repeats, give the same plan.
public struct ShiftPlanInput: Hashable, Sendable {
    public var evidence: [EvidencePiece]
    public var driverShifts: [DriverShiftSpan]
    public var madeShifts: [MadeShiftHolding]
    /// Made shifts carrying the driver's entries (earnings, fuel, a pause, a cash tip): joining two
    /// of them, splitting or removing one is refused.
    public var pinned: Set<Int64>
    /// Made shifts joined into another earlier, each with the evidence it held when it was: a
    /// split that parts that evidence from the shift it joined gives it its id back
    /// (docs/shifts-from-evidence.md, "Ids"). An id here that is also in `madeShifts` is ignored.
    public var joinedShifts: [MadeShiftHolding]

    public init(
        evidence: [EvidencePiece], driverShifts: [DriverShiftSpan] = [], madeShifts: [MadeShiftHolding] = [],
        pinned: Set<Int64> = [], joinedShifts: [MadeShiftHolding] = []
    ) {
        self.evidence = evidence
        self.driverShifts = driverShifts
        self.madeShifts = madeShifts
        self.pinned = pinned
        self.joinedShifts = joinedShifts
    }
}
