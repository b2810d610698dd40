/// The kinds of money a statement names (docs/record.md, "Money"): gross is pay, tips,
/// incentives and adjustments; fees and commissions a platform kept are shown apart and taken
/// off in the net.
public enum MoneyKind: String, Sendable, CaseIterable, Hashable {
    case pay, tip, incentive, fee, adjustment

    /// Whether amounts of this kind are part of gross (a fee is not: the platform kept it).
    public var isGross: Bool { self != .fee }
}

/// What one source records for one platform on one shift. A shift's facts carry every source
/// (docs/report.md says which one counts); nothing here is divided among deliveries.
public struct PlatformMoney: Hashable, Sendable {
    /// Where a figure comes from, in the order one wins over the next.
    public enum Source: String, Sendable, CaseIterable, Hashable, Comparable {
        /// The driver's own figure (`shift earnings`): their word.
        case typed
        /// A statement's shift total (a shift-log row).
        case statementTotal = "statement total"
        /// The sum of the shift's trips' own pay and money lines.
        case trips

        private var rank: Int { Source.allCases.firstIndex(of: self) ?? 0 }
        public static func < (lhs: Source, rhs: Source) -> Bool { lhs.rank < rhs.rank }
    }

    /// The platform as shown (the spelling that sorts first among those that differ only in
    /// letter case); nil when the source names none (a figure typed for the whole shift, or
    /// recorded by a build that did not keep platforms).
    public var platform: String?
    public var source: Source
    /// Pay, tips, incentives and adjustments; may be below zero (a reversal).
    public var gross: Money
    /// The platform tips within ``gross``; nil when the source gives none.
    public var tips: Money?
    /// Fees and commissions the platform kept, as a positive amount, apart from gross; nil when
    /// the source gives none (a file of amounts after fees has none to show).
    public var fees: Money?
    /// The trips (deliveries) this figure covers; 0 for a typed figure or a shift total.
    public var trips: Int
    /// False for a platform's trips none of which has pay: they count as trips, and ``gross``
    /// (0) is no figure (nil is not zero).
    public var hasGross: Bool

    public init(platform: String?, source: Source, gross: Money, tips: Money? = nil, fees: Money? = nil, trips: Int = 0, hasGross: Bool = true) {
        self.hasGross = hasGross
        self.platform = platform
        self.source = source
        self.gross = gross
        self.tips = tips
        self.fees = fees
        self.trips = trips
    }

    /// The key platforms are matched by: letter case and surrounding blanks ignored.
    public var platformKey: String? { platform.map(PlatformMoney.key) }

    public static func key(_ name: String) -> String { PickupPlace.matchKey(name) }
}
