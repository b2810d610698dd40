import DashModel
import Foundation

/// What the driver asked a report for.
public struct ReportRequest: Sendable {
    /// Local dates [from, to).
    public let from: Day
    public let to: Day
    public let unit: PeriodUnit
    public let weekStart: WeekStart
    public let zone: TimeZone
    public let distanceUnit: DistanceUnit
    public let rates: MileageRateTable?
    /// The category map expenses are grouped by (docs/tax.md): the report's "by category" and the
    /// tax summary's lines then agree (`gas` is fuel in both). Nil: the store's own list
    /// (``ExpenseCategory``: an unknown word is `other`).
    public var categories: ExpenseCategoryMap? = nil

    public init(from: Day, to: Day, unit: PeriodUnit, weekStart: WeekStart = .monday, zone: TimeZone,
                distanceUnit: DistanceUnit = .mi, rates: MileageRateTable?) {
        self.from = from
        self.to = to
        self.unit = unit
        self.weekStart = weekStart
        self.zone = zone
        self.distanceUnit = distanceUnit
        self.rates = rates
    }

    /// The most rows (periods) a report has: 20,000, 54 years by day (issue 12, item 6b: a
    /// report of the years 1 to 9999 by day, 3.65 million rows, took 87 s and 3.4 GB). A
    /// request for more is refused before anything is read (docs/report.md).
    public static let maxPeriods = 20_000

    /// The word an expense is grouped under: its map entry's category, or the words the map does
    /// not know grouped as one.
    public func category(of expense: Expense) -> String {
        categories?.group(of: expense.category) ?? expense.knownCategory.rawValue
    }

    /// How many rows it asks for.
    public var periodCount: Int { Period.count(from: from, to: to, unit: unit, weekStart: weekStart) }

    /// The first instant of `from` and of `to` in the report's zone: what the store is asked for.
    public var instants: (from: Instant, to: Instant) { (from.start(in: zone), to.start(in: zone)) }
}

/// A computed report: a row per period, the totals over all of them, and the shifts behind it.
/// Pure: the same facts and request give the same report under any `TZ`.
public struct Report: Sendable {
    public let request: ReportRequest
    public let rows: [(period: Period, figures: PeriodFigures)]
    public let total: PeriodFigures
    /// Every shift that started in the report's span (active ones included), in the order the facts came (the store gives start order).
    public let shifts: [ShiftFigures]

    /// Buckets each shift by the local date it started on, each expense by the local date it
    /// was incurred on and each row of other income by the local date of its instant,
    /// half-open [start, end) in the report's zone.
    public init(request: ReportRequest, facts: [ShiftFacts], expenses: [Expense], otherIncome: [OtherIncome] = []) throws(MoneyError) {
        self.request = request
        let periods = Period.split(from: request.from, to: request.to, unit: request.unit, weekStart: request.weekStart)
        var figures = [PeriodFigures](repeating: PeriodFigures(), count: periods.count)
        var total = PeriodFigures()
        func index(of day: Day) -> Int? {
            var low = 0, high = periods.count
            while low < high {
                let middle = (low + high) / 2
                if periods[middle].end <= day { low = middle + 1 } else { high = middle }
            }
            return low < periods.count && periods[low].contains(day) ? low : nil
        }
        var shifts: [ShiftFigures] = []
        // Which sum is being added, for the message if one does not fit.
        var sum = ""
        do throws(MoneyError) {
            for fact in facts {
                let shift = ShiftFigures(fact, zone: request.zone, rates: request.rates)
                guard let at = index(of: shift.startDay) else { continue }
                sum = Report.sumName("the shifts' amounts", periods[at])
                try figures[at].add(shift)
                sum = Report.sumName("the shifts' amounts", nil)
                try total.add(shift)
                shifts.append(shift)
            }
            for expense in expenses {
                guard let at = index(of: Day(expense.occurredAt, in: request.zone)) else { continue }
                sum = Report.sumName("the expenses", periods[at])
                let category = request.category(of: expense)
                try figures[at].add(expense, category: category)
                sum = Report.sumName("the expenses", nil)
                try total.add(expense, category: category)
            }
            for income in otherIncome {
                guard let at = index(of: Day(income.occurredAt, in: request.zone)) else { continue }
                sum = Report.sumName("the other income", periods[at])
                try figures[at].add(income)
                sum = Report.sumName("the other income", nil)
                try total.add(income)
            }
            for (at, period) in periods.enumerated() {
                sum = Report.sumName("the earnings, tips, other income and expenses", period)
                _ = try figures[at].checkedNetAfterExpenses()
                _ = try figures[at].checkedMileageDeduction()
            }
            sum = Report.sumName("the earnings, tips, other income and expenses", nil)
            _ = try total.checkedNetAfterExpenses()
            _ = try total.checkedMileageDeduction()
        } catch {
            throw .sumTooLarge(sum: sum, records: Report.unrecordable(facts: facts, expenses: expenses, otherIncome: otherIncome))
        }
        rows = Array(zip(periods, figures)).map { (period: $0.0, figures: $0.1) }
        self.total = total
        self.shifts = shifts
    }
}
