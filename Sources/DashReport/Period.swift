/// The grain of a report's rows.
public enum PeriodUnit: String, Sendable, CaseIterable {
    case day, week, month, quarter, year
    /// US estimated-tax periods: Jan 1-Mar 31, Apr 1-May 31, Jun 1-Aug 31, Sep 1-Dec 31
    /// (3, 2, 3 and 4 months; docs/tax.md, "The span").
    case taxQuarter = "tax-quarter"
}

/// Which day a week starts on: ISO's Monday, or Sunday for those who count so.
public enum WeekStart: String, Sendable {
    case monday, sunday
}

/// A report row's span of local dates, [start, end): the end is the day after the last.
public struct Period: Hashable, Sendable {
    public let start: Day
    public let end: Day

    public init(start: Day, end: Day) {
        self.start = start
        self.end = end
    }

    public func contains(_ day: Day) -> Bool { start <= day && day < end }

    /// The months each US estimated-tax period starts: January, April, June, September.
    public static let taxQuarterStartMonths = [1, 4, 6, 9]

    /// The period of `unit` that holds `day`.
    public static func containing(_ day: Day, unit: PeriodUnit, weekStart: WeekStart = .monday) -> Period {
        switch unit {
        case .day:
            return Period(start: day, end: day.adding(days: 1))
        case .week:
            let back = weekStart == .monday ? day.isoWeekday - 1 : day.isoWeekday % 7
            let start = day.adding(days: -Int64(back))
            return Period(start: start, end: start.adding(days: 7))
        case .month:
            return Period(start: day.firstOfMonth(), end: day.firstOfMonth(adding: 1))
        case .quarter:
            let first = day.firstOfMonth(adding: -((day.month - 1) % 3))
            return Period(start: first, end: first.firstOfMonth(adding: 3))
        case .year:
            let first = day.firstOfMonth(adding: -(day.month - 1))
            return Period(start: first, end: first.firstOfMonth(adding: 12))
        case .taxQuarter:
            let months = Period.taxQuarterStartMonths
            let startMonth = months.last { $0 <= day.month } ?? 1
            let endMonth = (months + [13]).first { $0 > day.month } ?? 13
            let january = day.firstOfMonth(adding: -(day.month - 1))
            return Period(start: january.firstOfMonth(adding: startMonth - 1), end: january.firstOfMonth(adding: endMonth - 1))
        }
    }

    /// How many rows ``split(from:to:unit:weekStart:)`` gives, counted without making them (a
    /// span of years 1 to 9999 by day is 3.65 million: `ReportRequest.maxPeriods`).
    public static func count(from: Day, to: Day, unit: PeriodUnit, weekStart: WeekStart = .monday) -> Int {
        guard from < to else { return 0 }
        let last = to.adding(days: -1)
        func months(_ day: Day) -> Int { day.year * 12 + day.month - 1 }
        func taxQuarters(_ day: Day) -> Int { day.year * 4 + (taxQuarterStartMonths.lastIndex { $0 <= day.month } ?? 0) }
        switch unit {
        case .day: return Int(to.number - from.number)
        case .week:
            let first = containing(from, unit: .week, weekStart: weekStart).start
            return Int((containing(last, unit: .week, weekStart: weekStart).start.number - first.number) / 7) + 1
        case .month: return months(last) - months(from) + 1
        case .quarter: return months(last) / 3 - months(from) / 3 + 1
        case .year: return last.year - from.year + 1
        case .taxQuarter: return taxQuarters(last) - taxQuarters(from) + 1
        }
    }

    /// The rows of a report over [from, to): the periods of `unit` that meet it, each clipped to
    /// it (a report from the 10th shows the 10th onwards, never a day it was not asked for).
    public static func split(from: Day, to: Day, unit: PeriodUnit, weekStart: WeekStart = .monday) -> [Period] {
        var periods: [Period] = []
        var day = from
        while day < to {
            let whole = containing(day, unit: unit, weekStart: weekStart)
            let period = Period(start: max(whole.start, from), end: min(whole.end, to))
            periods.append(period)
            day = period.end
        }
        return periods
    }
}
