/// What a report needs to know of one shift, read from the store in one pass: the shift as
/// stored, its pauses, counts of its work, the tips paid outside the platform, and the distance
/// its route recorded. Nothing here is derived yet; ``DashReport`` derives.
public struct ShiftFacts: Hashable, Sendable {
    public let shift: Shift
    /// Paused now (an open pause on an active shift).
    public let isPaused: Bool
    /// The shift's pauses; an open one as reaching to the shift's end (or, active, to nothing).
    public let pauses: [ShiftPause]
    public let offers: Int
    public let deliveries: Int
    public let cancelledDeliveries: Int
    /// The sum of the tips recorded outside the platform's pay (cash, say) on its deliveries;
    /// 0.00 when none is recorded.
    public let outsideTips: Money
    /// Metres the route recorded (docs/mileage.md); nil when the shift has no route at all.
    public let meters: Double?
    /// The sum of its deliveries' own pay (each a statement's figure for that trip, or the sum
    /// of its money lines); nil when no delivery of the shift has one.
    public let deliveriesPay: Money?
    /// The sum of the platform tips within those deliveries' pay; nil when none reports tips.
    public let deliveriesPlatformTips: Money?
    /// Every figure recorded for the shift's money, per platform and source (typed, statement
    /// totals, trips); which counts is the report's rule (docs/report.md). Empty: none recorded.
    public let money: [PlatformMoney]
    /// A shift an import made whose only evidence is money lines (no track, shift row, or trip
    /// times): its span is that of the payments, often a second, not the time worked.
    public var timedByPaymentsOnly = false
    /// Milliseconds between its route's segments that no segment covers (``LoggingGaps``): the
    /// logger was off; still working time. Nil when it has no route.
    public var unlogged: Int64? = nil
    /// Its route's distance by the platforms whose trips were active (``PlatformMilesSplit``);
    /// nil when it has no route or no trip with times.
    public var platformMiles: PlatformMilesSplit? = nil
    /// The miles the driver recorded (odometer or a figure; RecordedMiles.swift); nil: none.
    public var recordedMiles: RecordedMiles?
    /// The distance the platforms' trips files report for its trips; nil: no trip has one. Its
    /// miles only without a route and recorded miles (``milesSource``).
    public var platformDistance: PlatformDistance?
    /// The methods its capture sessions record (``MeasureMethod``), sorted by name, each once;
    /// empty without a route. The mileage log's `measured_by` (issue 16).
    public var measureMethods: [MeasureMethod] = []

    public init(shift: Shift, isPaused: Bool, pauses: [ShiftPause], offers: Int, deliveries: Int, cancelledDeliveries: Int,
                outsideTips: Money, meters: Double?, deliveriesPay: Money? = nil, deliveriesPlatformTips: Money? = nil,
                money: [PlatformMoney] = []) {
        self.shift = shift
        self.isPaused = isPaused
        self.pauses = pauses
        self.offers = offers
        self.deliveries = deliveries
        self.cancelledDeliveries = cancelledDeliveries
        self.outsideTips = outsideTips
        self.meters = meters
        self.deliveriesPay = deliveriesPay
        self.deliveriesPlatformTips = deliveriesPlatformTips
        self.money = money
    }
}
