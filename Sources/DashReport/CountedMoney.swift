import DashModel

/// Which of a shift's recorded money counts (docs/report.md, "Which figure counts"): pure, from
/// `ShiftFacts.money` alone. Per platform the driver's typed figure, else the statements' shift
/// totals, else the trips' pay; never a total and its trips both; nothing divided among deliveries.
///
/// A typed figure or a statement total naming no platform is for the whole shift. It counts,
/// alone, for all of the shift's money unless some platform's own figure outranks it (a figure
/// typed for one platform outranks a whole-shift statement total): then every platform's own
/// figure counts and the whole-shift one is noted, not counted. Trips naming no platform are an
/// unnamed platform of their own. Every figure not counted that differs from the one counted is
/// an ``EarningsNote``.
public struct CountedMoney: Sendable, Equatable {
    /// One platform's money on the shift: the figure that counts (if any) and its trips.
    public struct Share: Sendable, Equatable {
        /// The spelling shown (the one that sorts first); nil: no platform named.
        public let platform: String?
        /// `PlatformMoney.key` of it; nil for no platform.
        public let key: String?
        /// Where the counted figure comes from; nil when this platform's money is not counted
        /// on its own (a whole-shift figure counts instead) and only its trips are shown.
        public let source: PlatformMoney.Source?
        public let gross: Money?
        public let tips: Money?
        public let fees: Money?
        /// The trips of the platform's `.trips` figure, counted even when a total counts.
        public let trips: Int
    }

    /// Sorted by platform key, the unnamed share last.
    public let shares: [Share]
    /// Sum of the counted shares' gross; nil when none counts (the shift is without earnings).
    public let gross: Money?
    /// Tips within gross, summed over the counted figures that give them; nil when none does.
    public let tips: Money?
    /// Fees kept by the platforms, summed likewise; nil when no counted figure gives them.
    public let fees: Money?
    public let notes: [EarningsNote]

    /// The shares a platform-less figure of this source stands for: the whole shift.
    static func isWholeShift(_ source: PlatformMoney.Source) -> Bool { source != .trips }

    public init(shiftID: Int64, money: [PlatformMoney]) throws(MoneyError) {
        let buckets = try Bucket.group(money)
        let whole = buckets.first { $0.key == nil }.flatMap { bucket in bucket.best.flatMap { Self.isWholeShift($0.source) ? $0 : nil } }
        // The whole-shift figure counts unless a named platform's best figure strictly outranks it.
        let wholeCounts = whole.map { whole in !buckets.contains { $0.key != nil && ($0.best?.source ?? .trips) < whole.source } } ?? false
        var shares: [Share] = []
        var notes: [EarningsNote] = []
        for bucket in buckets {
            let trips = (bucket.figures[.trips]?.trips ?? 0) + bucket.unpaidTrips
            var counted: Bucket.Figure?
            if wholeCounts {
                counted = bucket.key == nil ? whole : nil
            } else if bucket.key == nil {
                counted = bucket.figures[.trips]
            } else {
                counted = bucket.best
            }
            shares.append(Share(platform: bucket.name, key: bucket.key, source: counted?.source, gross: counted?.gross,
                                tips: counted?.tips, fees: counted?.fees, trips: trips))
            guard let counted else { continue }
            for other in bucket.figures.values.sorted(by: { $0.source < $1.source }) where other.source != counted.source {
                // With the whole shift counting, its unnamed trips are compared with it below, among all trips.
                if wholeCounts, other.source == .trips { continue }
                if other.gross != counted.gross {
                    notes.append(EarningsNote(shiftID: shiftID, platform: bucket.name, counted: .init(counted, platform: bucket.name),
                                              other: .init(other, platform: bucket.name)))
                }
            }
        }
        if let whole {
            // The platforms' own figures, as they would count without the whole-shift one.
            let own = buckets.compactMap { bucket -> (String?, Bucket.Figure)? in
                let figure = bucket.key == nil ? bucket.figures[.trips] : bucket.best
                return figure.map { (bucket.name, $0) }
            }
            if !own.isEmpty {
                let sum = try Bucket.sum(own.map(\.1.gross))
                if sum != whole.gross {
                    let parts = own.map { EarningsNote.Side($0.1, platform: $0.0) }
                    let platforms = EarningsNote.Side(label: "the platforms' own figures", source: nil, platform: nil, gross: sum, parts: parts)
                    let wholeSide = EarningsNote.Side(whole, platform: nil)
                    notes.append(wholeCounts
                        ? EarningsNote(shiftID: shiftID, platform: nil, counted: wholeSide, other: platforms)
                        : EarningsNote(shiftID: shiftID, platform: nil, counted: platforms, other: wholeSide))
                }
            }
        }
        self.shares = shares
        self.notes = notes
        let counted = shares.filter { $0.source != nil }
        gross = counted.isEmpty ? nil : try Bucket.sum(counted.compactMap(\.gross))
        tips = try Bucket.sumOrNil(counted.map(\.tips))
        fees = try Bucket.sumOrNil(counted.map(\.fees))
    }
}

/// One platform's figures on one shift, each source's summed (two shift rows of one platform
/// on one shift are two totals that add up).
struct Bucket {
    struct Figure: Equatable {
        var source: PlatformMoney.Source
        var gross: Money
        var tips: Money?
        var fees: Money?
        var trips: Int
    }

    var key: String?
    var name: String?
    var figures: [PlatformMoney.Source: Figure] = [:]
    /// Trips of a platform none of which has pay: counted, no money.
    var unpaidTrips = 0

    var best: Figure? { figures.values.min { $0.source < $1.source } }

    static func group(_ money: [PlatformMoney]) throws(MoneyError) -> [Bucket] {
        var buckets: [String?: Bucket] = [:]
        for figure in money {
            let key = figure.platformKey
            var bucket = buckets[key] ?? Bucket(key: key, name: figure.platform)
            if let name = figure.platform, let shown = bucket.name, name < shown { bucket.name = name }
            if !figure.hasGross {
                bucket.unpaidTrips += figure.trips
                buckets[key] = bucket
                continue
            }
            if var existing = bucket.figures[figure.source] {
                existing.gross = try existing.gross.adding(figure.gross)
                existing.tips = try sumOrNil([existing.tips, figure.tips])
                existing.fees = try sumOrNil([existing.fees, figure.fees])
                existing.trips += figure.trips
                bucket.figures[figure.source] = existing
            } else {
                bucket.figures[figure.source] = Figure(source: figure.source, gross: figure.gross, tips: figure.tips, fees: figure.fees,
                                                       trips: figure.trips)
            }
            buckets[key] = bucket
        }
        // Named platforms by key, the unnamed one last: the same order whatever order the figures came in.
        return buckets.values.sorted { lhs, rhs in
            switch (lhs.key, rhs.key) {
            case let (l?, r?): return l < r
            case (.some, nil): return true
            default: return false
            }
        }
    }

    static func sum(_ amounts: [Money]) throws(MoneyError) -> Money {
        var total = Money.zero
        for amount in amounts { total = try total.adding(amount) }
        return total
    }

    /// The sum of the amounts given; nil when none is (nil is not zero).
    static func sumOrNil(_ amounts: [Money?]) throws(MoneyError) -> Money? {
        let given = amounts.compactMap { $0 }
        return given.isEmpty ? nil : try sum(given)
    }
}
