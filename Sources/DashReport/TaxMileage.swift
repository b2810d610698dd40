import DashModel

/// The business miles of a tax summary, as the mileage log prints them (each completed shift's
/// miles to the hundredth; the total their exact sum), valued at the standard rate in force on
/// each shift's start date: per rate, the rate times the miles of its shifts, rounded once to
/// the cent (docs/tax.md, "Standard mileage").
public struct TaxMileage: Sendable, Equatable {
    public struct RateRow: Sendable, Equatable {
        public let rate: MileageRateTable.Rate
        public let hundredths: Int64
        public let shifts: Int
        public let value: Money
        /// Of `hundredths`, those of shifts whose miles are their trips' platform-reported
        /// distance (issue 27): on-trip miles only.
        public var platformHundredths: Int64 = 0
        public var miles: Double { Double(hundredths) / 100 }
    }

    /// Per rate in force during the span, in date order.
    public let rows: [RateRow]
    /// Over every completed shift with miles (valued or not).
    public let businessHundredths: Int64
    public let shiftsWithMiles: Int
    public let shiftsWithoutMiles: Int
    /// Shifts with miles on dates the table lacks, and their miles (not valued).
    public let shiftsWithoutRate: Int
    public let unvaluedHundredths: Int64
    /// The rate table's name; nil: none given.
    public let tableName: String?
    /// The completed shifts whose miles are their trips' platform-reported distance (no route,
    /// no recorded miles: docs/mileage.md), their miles, and who reported them (`Uber`).
    public private(set) var platformShifts = 0
    public private(set) var platformHundredths: Int64 = 0
    public private(set) var platformReporters = ""

    public var businessMiles: Double { Double(businessHundredths) / 100 }

    /// The standard-mileage deduction: the rows' values; nil without a rate table or a valued mile.
    public let deduction: Money?

    /// A shift's miles to the hundredth, as the mileage log prints them.
    public static func hundredths(_ shift: ShiftFigures) -> Int64? { shift.hundredthsOfMile }

    init(shifts: [ShiftFigures], rates: MileageRateTable?) throws(MoneyError) {
        var byRate: [Day: (rate: MileageRateTable.Rate, hundredths: Int64, shifts: Int, platform: Int64)] = [:]
        var business: Int64 = 0, withMiles = 0, without = 0, withoutRate = 0, unvalued: Int64 = 0
        var platformShifts = 0, platformHundredths: Int64 = 0, reporters: [String] = []
        for shift in shifts where shift.isCompleted {
            guard let hundredths = Self.hundredths(shift) else {
                without += 1
                continue
            }
            business += hundredths
            withMiles += 1
            let reported = shift.facts.platformDistanceCounted
            if let reported {
                platformShifts += 1
                platformHundredths += hundredths
                reporters += reported.names.values
            }
            guard let rate = rates?.rate(on: shift.startDay) else {
                if rates != nil {
                    withoutRate += 1
                    unvalued += hundredths
                }
                continue
            }
            let sum = byRate[rate.from] ?? (rate, 0, 0, 0)
            byRate[rate.from] = (rate, sum.hundredths + hundredths, sum.shifts + 1, sum.platform + (reported == nil ? 0 : hundredths))
        }
        var rows: [RateRow] = []
        var total = Money.zero
        for key in byRate.keys.sorted() {
            guard let sum = byRate[key] else { continue }
            guard let value = TaxArithmetic.cents(hundredthsOfMile: sum.hundredths, at: sum.rate.perMile) else { throw .overflow }
            rows.append(RateRow(rate: sum.rate, hundredths: sum.hundredths, shifts: sum.shifts, value: value, platformHundredths: sum.platform))
            total = try total.adding(value)
        }
        self.platformShifts = platformShifts
        self.platformHundredths = platformHundredths
        platformReporters = PlatformDistance.reporters(reporters)
        self.rows = rows
        businessHundredths = business
        shiftsWithMiles = withMiles
        shiftsWithoutMiles = without
        shiftsWithoutRate = withoutRate
        unvaluedHundredths = unvalued
        tableName = rates?.name
        deduction = rows.isEmpty ? (rates == nil ? nil : (withMiles == 0 ? Money.zero : nil)) : total
    }
}
