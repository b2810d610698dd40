/// An amount with the part of it that was tips, as a platform reports it: a shift's gross
/// earnings, or a delivery's own amount. Never negative; the tips never more than the amount.
/// nil tips means the statement did not say, which is not the same as 0.00.
public struct PaidAmount: Hashable, Sendable {
    public let amount: Money
    public let tips: Money?

    public init(_ amount: Money, tips: Money? = nil, field: String = "earnings") throws(ModelError) {
        guard !amount.isNegative else { throw .negativeAmount(field: field) }
        if let tips {
            guard !tips.isNegative else { throw .negativeAmount(field: "tips") }
            guard tips <= amount else { throw .tipsExceedAmount(field: field) }
        }
        self.amount = amount
        self.tips = tips
    }

    /// The sum of one trip's statement lines (docs/record.md): it may be below zero (a reversal
    /// imported before its fare, a fee above the fare) and its tips may be anything, as the
    /// lines say; only a trip made of lines holds such a figure (the store's triggers keep every
    /// other delivery's amount at zero or more, holding its tips).
    public init(sumOfLines amount: Money, tips: Money?) {
        self.amount = amount
        self.tips = tips
    }
}

/// The fuel economy and price a driver assumed for one shift: a snapshot stored on that shift, so
/// a new default re-costs no old shift. Both halves are validated before either is kept.
public struct FuelAssumption: Hashable, Sendable {
    /// Miles per gallon; greater than zero (it is the divisor).
    public let milesPerGallon: Money
    /// Price of a gallon; zero allowed (fuel recorded as costing nothing).
    public let pricePerGallon: Money

    public init(milesPerGallon: Money, pricePerGallon: Money) throws(ModelError) {
        guard milesPerGallon > .zero else { throw .fuelEconomyNotPositive }
        guard !pricePerGallon.isNegative else { throw .fuelPriceNegative }
        self.milesPerGallon = milesPerGallon
        self.pricePerGallon = pricePerGallon
    }
}

/// Where a shift is in its life, derived from its end and its open pause.
public enum ShiftState: String, Sendable {
    case active, paused, completed
}

/// A shift of work. Stored: start, optional end, optional earnings, optional fuel assumption.
/// Everything else (state, durations, distance, rates, estimates) is derived when asked for.
public struct Shift: Hashable, Sendable {
    public let id: Int64
    public let start: Instant
    public private(set) var end: Instant?
    public private(set) var earnings: PaidAmount?
    public private(set) var fuel: FuelAssumption?

    /// A shift as stored; refuses a shape the record forbids.
    public init(id: Int64, start: Instant, end: Instant?, earnings: PaidAmount? = nil, fuel: FuelAssumption? = nil) throws(ModelError) {
        if let end, end <= start { throw .endsBeforeStart(start: start, end: end) }
        if earnings != nil, end == nil { throw .earningsOnActiveShift }
        if fuel != nil, end == nil { throw .fuelOnActiveShift }
        self.id = id
        self.start = start
        self.end = end
        self.earnings = earnings
        self.fuel = fuel
    }

    public var isCompleted: Bool { end != nil }

    /// The shift's span; an active one is open-ended (it reaches to `now`).
    public func span(now: Instant) -> Interval {
        // end > start is an invariant; a clock behind the start gives an empty span.
        (try? Interval(start: start, end: end ?? max(now, start))) ?? Interval.empty(at: start)
    }

    /// Ends an active shift at `instant`, which must be after its start.
    public mutating func end(at instant: Instant) throws(ModelError) {
        guard end == nil else { throw .shiftAlreadyEnded }
        guard instant > start else { throw .endsBeforeStart(start: start, end: instant) }
        end = instant
    }

    /// Records gross earnings (and the platform-reported tips within them) on a completed shift.
    public mutating func setEarnings(_ paid: PaidAmount) throws(ModelError) {
        guard isCompleted else { throw .earningsOnActiveShift }
        earnings = paid
    }

    /// Forgets the recorded earnings: back to "not recorded", not to zero.
    public mutating func clearEarnings() { earnings = nil }

    /// Records the fuel assumption on a completed shift.
    public mutating func setFuel(_ assumption: FuelAssumption) throws(ModelError) {
        guard isCompleted else { throw .fuelOnActiveShift }
        fuel = assumption
    }

    public mutating func clearFuel() { fuel = nil }

    /// Refuses a pause or suspension [from, to) that does not lie within the shift.
    public func checkWithin(from: Instant, to: Instant?, what: String) throws(ModelError) {
        if let to, to < from { throw .endsBeforeStart(start: from, end: to) }
        guard from >= start else { throw .outsideShift(what: what) }
        if let end {
            guard from <= end, let to, to <= end else { throw .outsideShift(what: what) }
        }
    }
}

extension Interval {
    /// The empty interval [at, at).
    static func empty(at instant: Instant) -> Interval {
        // start == end always satisfies the initializer's rule.
        (try? Interval(start: instant, end: instant)) ?? Interval(unchecked: instant)
    }

    private init(unchecked instant: Instant) {
        start = instant
        end = instant
    }
}

/// A span during which the driver recorded the shift as paused; no end means paused now.
/// Paused time is the union of a shift's pauses.
public struct ShiftPause: Hashable, Sendable {
    public let id: Int64
    public let shiftID: Int64
    public let start: Instant
    public let end: Instant?

    public init(id: Int64, shiftID: Int64, start: Instant, end: Instant?) {
        self.id = id
        self.shiftID = shiftID
        self.start = start
        self.end = end
    }
}

/// A span during which the vehicle was recorded as parked; subtracted from no time, but the
/// route recorded inside it is not mileage. No end means parked now.
public struct RouteSuspension: Hashable, Sendable {
    public let id: Int64
    public let shiftID: Int64
    public let start: Instant
    public let end: Instant?

    public init(id: Int64, shiftID: Int64, start: Instant, end: Instant?) {
        self.id = id
        self.shiftID = shiftID
        self.start = start
        self.end = end
    }
}
