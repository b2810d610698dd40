import DashModel

/// One platform's figures over a period (docs/report.md, "Per platform"): the gross, tips and
/// fees of the shifts whose money for it counts, its trips, and how many such shifts. Names that
/// differ only in letter case are one platform (`PlatformMoney.key`), shown as the spelling that
/// sorts first; money counted for a whole shift, naming no platform, is a row with no name.
public struct PlatformFigures: Sendable, Equatable {
    /// The spelling shown; nil: money that names no platform.
    public var platform: String?
    /// Completed shifts on which this platform's money counts.
    public var shifts = 0
    /// The trips of its trips' figures, counted even when a shift total counts instead.
    public var trips = 0
    public var grossSum = Money.zero
    public var tipsSum = Money.zero
    public var shiftsReportingTips = 0
    public var feesSum = Money.zero
    public var shiftsReportingFees = 0
    /// Metres driven while its trips were active (docs/mileage.md, "Miles per platform"), over
    /// the shifts whose route counts and has trips with times.
    public var meters = 0.0
    public var shiftsWithMiles = 0
    /// Its income on no shift in the period (OtherIncomeFigures.swift), apart from ``gross``.
    public var otherIncomeSum = Money.zero
    public var otherIncomeRows = 0

    public init(platform: String?) { self.platform = platform }

    /// Nil when no shift gave this platform's trips a distance.
    public var distanceMeters: Double? { shiftsWithMiles > 0 ? meters : nil }

    /// Nil when no shift's money for this platform counts (trips only): never 0.00.
    public var gross: Money? { shifts > 0 ? grossSum : nil }
    public var tips: Money? { shiftsReportingTips > 0 ? tipsSum : nil }
    public var fees: Money? { shiftsReportingFees > 0 ? feesSum : nil }
    /// Nil when it has no row of other income in the period: never 0.00.
    public var otherIncome: Money? { otherIncomeRows > 0 ? otherIncomeSum : nil }

    mutating func add(_ share: CountedMoney.Share) throws(MoneyError) {
        if let name = share.platform, platform.map({ name < $0 }) ?? true { platform = name }
        trips += share.trips
        guard share.source != nil, let gross = share.gross else { return }
        shifts += 1
        grossSum = try grossSum.adding(gross)
        if let tips = share.tips {
            tipsSum = try tipsSum.adding(tips)
            shiftsReportingTips += 1
        }
        if let fees = share.fees {
            feesSum = try feesSum.adding(fees)
            shiftsReportingFees += 1
        }
    }
}

extension PeriodFigures {
    /// The platforms in the order they are shown: by key, the unnamed last.
    public var platformRows: [PlatformFigures] {
        platforms.keys.sorted(by: Report.keyOrder).compactMap { platforms[$0] }
    }

    /// A shift's route distance by platform (its route's miles count: no figure the driver
    /// recorded); the rest, counted while no trip was active, goes between trips. A shift whose
    /// miles are its trips' platform-reported distance gives each platform its trips' (nothing
    /// is known of the miles between trips: nothing goes there).
    mutating func addPlatformMiles(of facts: ShiftFacts) {
        if let reported = facts.platformDistanceCounted {
            for (key, millimetres) in reported.byPlatform {
                let platformKey: String? = key.isEmpty ? nil : key
                var figures = platforms[platformKey] ?? PlatformFigures(platform: reported.names[key])
                if let name = reported.names[key], figures.platform.map({ name < $0 }) ?? true { figures.platform = name }
                figures.meters += Double(millimetres) / 1000
                figures.shiftsWithMiles += 1
                platforms[platformKey] = figures
            }
            return
        }
        guard facts.recordedMiles == nil, let split = facts.platformMiles else { return }
        for (key, meters) in split.meters {
            let platformKey: String? = key.isEmpty ? nil : key
            var figures = platforms[platformKey] ?? PlatformFigures(platform: split.names[key])
            if let name = split.names[key], figures.platform.map({ name < $0 }) ?? true { figures.platform = name }
            figures.meters += meters
            figures.shiftsWithMiles += 1
            platforms[platformKey] = figures
        }
        metersBetweenTrips += split.betweenTrips
        metersSharedByPlatforms += split.shared
        shiftsWithPlatformMiles += 1
    }

    mutating func addPlatforms(of counted: CountedMoney) throws(MoneyError) {
        for share in counted.shares {
            var figures = platforms[share.key] ?? PlatformFigures(platform: share.platform)
            try figures.add(share)
            platforms[share.key] = figures
        }
    }
}
