import DashModel

/// A period's figures (the `periods.csv` columns and what the text and JSON add). Only
/// completed shifts are counted; active ones are counted apart and listed. A figure no shift
/// recorded is nil (an empty cell), never 0.00; a period with no shifts at all earned 0.00.
public struct PeriodFigures: Sendable {
    public var shifts = 0
    public var activeShifts = 0
    public var offers = 0
    public var deliveries = 0
    public var cancelledDeliveries = 0
    public var elapsed: Int64 = 0
    public var paused: Int64 = 0
    public var worked: Int64 = 0
    /// Metres over the shifts that have a route.
    public var meters = 0.0
    public var shiftsWithoutRoute = 0
    /// Shifts timed only by their payment lines (``ShiftFacts/timedByPaymentsOnly``), and the
    /// worked time they add (the span of the payments, not time worked).
    public var shiftsTimedByPayments = 0
    public var workedTimedByPayments: Int64 = 0
    public var grossSum = Money.zero
    public var shiftsWithoutEarnings = 0
    public var platformTipsSum = Money.zero
    public var shiftsReportingTips = 0
    /// Fees the platforms kept, over the shifts whose counted money gives them.
    public var feesSum = Money.zero
    public var shiftsReportingFees = 0
    /// Per platform (`PlatformMoney.key`; nil: money naming no platform); see ``platformRows``.
    public var platforms: [String?: PlatformFigures] = [:]
    /// Route metres counted while no trip was active, and while trips of several platforms were
    /// (shared equally among them), over the shifts with platform miles.
    public var metersBetweenTrips = 0.0
    public var metersSharedByPlatforms = 0.0
    public var shiftsWithPlatformMiles = 0
    /// Shifts whose miles are their trips' platform-reported distance (no route, no recorded
    /// miles; docs/mileage.md), and the platforms that reported them (names as spelled).
    public var shiftsOnPlatformDistance = 0
    public var platformDistanceReporters: Set<String> = []
    /// The shifts' earnings notes (a total and its trips, or two figures, that differ).
    public var earningsNotes: [EarningsNote] = []
    public var outsideTips = Money.zero
    public var expenses = Money.zero
    /// Income on no shift at instants in the period (``OtherIncome``, OtherIncomeFigures.swift),
    /// and how many rows: in the net and in gross receipts, never in ``gross`` or the rates.
    public var otherIncomeSum = Money.zero
    public var otherIncomeRows = 0
    /// Expense totals by category: the report's category map's (``ReportRequest/category(of:)``),
    /// else as this build reads them (an unknown word is `other`).
    public var expensesByCategory: [String: Money] = [:]
    public var estimatedFuelSum = Money.zero
    public var shiftsWithFuelEstimate = 0
    public var shiftsWithoutFuelAssumption = 0
    /// Gross minus fuel over the shifts that have both, and how many.
    public var netAfterFuelSum = Money.zero
    public var shiftsWithNetAfterFuel = 0
    /// Gross and worked time over the shifts that have both (worked > 0).
    public var hourlyGross = Money.zero
    public var hourlyWorked: Int64 = 0
    /// Gross and metres over the shifts that have both (some distance).
    public var distanceGross = Money.zero
    public var distanceMeters = 0.0
    /// The miles (hundredths) the deduction values, by the rate in force (keyed by its first
    /// day): each rate times its miles, rounded once to the cent (docs/tax.md).
    public var mileageByRate: [Day: (perMile: Money, hundredths: Int64)] = [:]
    /// The hundredths of a mile the deduction values (the shifts with miles on a date the table covers).
    public var mileageDeductionHundredths: Int64 = 0
    public var shiftsWithMileageDeduction = 0
    public var shiftsWithoutMileageRate = 0

    public init() {}

    /// Adds a shift that belongs to the period.
    public mutating func add(_ shift: ShiftFigures) throws(MoneyError) {
        guard shift.isCompleted, let elapsed = shift.elapsed, let paused = shift.paused else {
            activeShifts += 1
            return
        }
        // Figures of one shift too large to add up: the report refuses, naming the records.
        guard let counted = shift.counted else { throw .overflow }
        shifts += 1
        offers += shift.facts.offers
        deliveries += shift.facts.deliveries
        cancelledDeliveries += shift.facts.cancelledDeliveries
        self.elapsed += elapsed
        self.paused += paused
        worked += elapsed - paused
        if shift.facts.timedByPaymentsOnly {
            shiftsTimedByPayments += 1
            workedTimedByPayments += elapsed - paused
        }
        if let shiftMeters = shift.facts.distanceMeters { meters += shiftMeters } else { shiftsWithoutRoute += 1 }
        if let reported = shift.facts.platformDistanceCounted {
            shiftsOnPlatformDistance += 1
            platformDistanceReporters.formUnion(reported.names.values)
        }
        if let gross = shift.gross {
            grossSum = try grossSum.adding(gross)
            if let tips = shift.platformTips {
                platformTipsSum = try platformTipsSum.adding(tips)
                shiftsReportingTips += 1
            }
            if let fees = shift.fees {
                feesSum = try feesSum.adding(fees)
                shiftsReportingFees += 1
            }
            if elapsed - paused > 0 {
                hourlyGross = try hourlyGross.adding(gross)
                hourlyWorked += elapsed - paused
            }
            if let shiftMeters = shift.facts.distanceMeters, shiftMeters > 0 {
                distanceGross = try distanceGross.adding(gross)
                distanceMeters += shiftMeters
            }
        } else {
            shiftsWithoutEarnings += 1
        }
        try addPlatforms(of: counted)
        addPlatformMiles(of: shift.facts)
        earningsNotes += counted.notes
        outsideTips = try outsideTips.adding(shift.facts.outsideTips)
        if shift.facts.shift.fuel == nil { shiftsWithoutFuelAssumption += 1 }
        if let fuel = shift.estimatedFuel {
            estimatedFuelSum = try estimatedFuelSum.adding(fuel)
            shiftsWithFuelEstimate += 1
        }
        if let net = shift.estimatedNetAfterFuel {
            netAfterFuelSum = try netAfterFuelSum.adding(net)
            shiftsWithNetAfterFuel += 1
        }
        if let rate = shift.mileageRate, let hundredths = shift.hundredthsOfMile {
            let sum = mileageByRate[rate.from] ?? (rate.perMile, 0)
            mileageByRate[rate.from] = (rate.perMile, sum.hundredths + hundredths)
            mileageDeductionHundredths += hundredths
            shiftsWithMileageDeduction += 1
        }
        if shift.lacksMileageRate { shiftsWithoutMileageRate += 1 }
    }

    /// Adds an expense incurred in the period.
    public mutating func add(_ expense: Expense, category: String? = nil) throws(MoneyError) {
        expenses = try expenses.adding(expense.amount)
        let category = category ?? expense.knownCategory.rawValue
        expensesByCategory[category] = try (expensesByCategory[category] ?? .zero).adding(expense.amount)
    }

    // MARK: - The figures as reported

    /// Whether a figure some shifts may lack is reported: with no shifts at all, the sum of
    /// nothing is 0.00; with shifts, none of which has it, it is not recorded.
    private func recorded(_ sum: Money, count: Int) -> Money? { shifts == 0 || count > 0 ? sum : nil }

    public var gross: Money? { recorded(grossSum, count: shifts - shiftsWithoutEarnings) }
    public var platformTips: Money? { recorded(platformTipsSum, count: shiftsReportingTips) }
    /// Fees the platforms kept; nil when no shift's counted money gives them (a file of amounts
    /// after fees has none), 0.00 with no shifts at all.
    public var fees: Money? { recorded(feesSum, count: shiftsReportingFees) }
    public var estimatedFuel: Money? { recorded(estimatedFuelSum, count: shiftsWithFuelEstimate) }
    public var estimatedNetAfterFuel: Money? { recorded(netAfterFuelSum, count: shiftsWithNetAfterFuel) }
    public var mileageDeduction: Money? { recorded(mileageDeductionSum, count: shiftsWithMileageDeduction) }

    /// Each rate times its miles, to the cent, summed (rates are few: 1 or 2 a year). ``Report``
    /// checks it fits (``checkedMileageDeduction()``) before any report is made.
    public var mileageDeductionSum: Money { (try? checkedMileageDeduction()) ?? .zero }

    /// The same, throwing when a value does not fit: the report then refuses, naming why.
    public func checkedMileageDeduction() throws(MoneyError) -> Money {
        var sum = Money.zero
        for key in mileageByRate.keys.sorted() {
            guard let entry = mileageByRate[key], let value = TaxArithmetic.cents(hundredthsOfMile: entry.hundredths, at: entry.perMile)
            else { throw .overflow }
            sum = try sum.adding(value)
        }
        return sum
    }

    /// Recorded miles (or km), the exact sum of the routes' (machine outputs keep four places:
    /// docs/report.md); nil when every shift lacks a route. The mileage log prints each shift
    /// to the hundredth and totals those; every amount made from miles uses the log's figures.
    public func distance(_ unit: DistanceUnit) -> Double? { shifts == 0 || shiftsWithoutRoute < shifts ? unit.amount(meters: meters) : nil }

    /// Gross minus fees (where recorded) plus outside tips plus other income minus expenses;
    /// nil when no shift has earnings recorded.
    public var netAfterExpenses: Money? { try? checkedNetAfterExpenses() }

    /// The same, throwing when it does not fit (``Report`` refuses such a report, naming why).
    public func checkedNetAfterExpenses() throws(MoneyError) -> Money? {
        guard let gross else { return nil }
        return try gross.subtracting(feesSum).adding(outsideTips).adding(otherIncomeSum).subtracting(expenses)
    }

    public var earningsPerWorkedHour: Money? { Rates.perHour(hourlyGross, milliseconds: hourlyWorked) }
    public func earningsPerDistance(_ unit: DistanceUnit) -> Money? {
        Rates.perDistance(distanceGross, distance: unit.amount(meters: distanceMeters))
    }
}
