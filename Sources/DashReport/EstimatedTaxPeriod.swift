import DashModel

/// A US estimated-tax period of a year (docs/tax.md, "Due dates"): Jan 1-Mar 31, Apr 1-May 31,
/// Jun 1-Aug 31, Sep 1-Dec 31, due April 15, June 15, September 15 and January 15 of the next
/// year; a due date on a Saturday, a Sunday or a legal holiday moves to the next day that is
/// none of them (Internal Revenue Code section 7503, which counts the District of Columbia's
/// legal holidays: Emancipation Day, April 16, moves an April 15 due date when observed on it).
public struct EstimatedTaxPeriod: Sendable, Equatable {
    public let year: Int
    /// 1...4.
    public let number: Int

    public init?(year: Int, number: Int) {
        guard (1...4).contains(number), (1...9998).contains(year) else { return nil }
        self.year = year
        self.number = number
    }

    /// The period `day` falls in.
    public init?(containing day: Day) {
        self.init(year: day.year, number: (Period.taxQuarterStartMonths.lastIndex { $0 <= day.month } ?? 0) + 1)
    }

    /// `TQ3`.
    public var name: String { "TQ\(number)" }

    /// The period's own dates, [start, end).
    public var span: Period {
        Period.containing(Self.day(year, Period.taxQuarterStartMonths[number - 1], 1), unit: .taxQuarter)
    }

    /// January 1 of the year to the period's end: what its estimate counts.
    public var yearToDate: Period { Period(start: Self.day(year, 1, 1), end: span.end) }

    /// The date the law names, before any move.
    public var statutoryDueDate: Day {
        switch number {
        case 1: return Self.day(year, 4, 15)
        case 2: return Self.day(year, 6, 15)
        case 3: return Self.day(year, 9, 15)
        default: return Self.day(year + 1, 1, 15)
        }
    }

    /// The due date moved past weekends and legal holidays.
    public var dueDate: Day {
        var day = statutoryDueDate
        while Self.isWeekend(day) || LegalHolidays.isHoliday(day) { day = day.adding(days: 1) }
        return day
    }

    static func isWeekend(_ day: Day) -> Bool { day.isoWeekday >= 6 }

    /// Valid by construction (months 1-12, days 1-15 or the first).
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Day { Day(number: CivilTime.days(year: year, month: month, day: day)) }
}

/// The legal holidays a due date can move onto: from April 15 (by a weekend, to at most the
/// 18th) Emancipation Day; from January 15 (to at most the 18th) Martin Luther King Jr. Day;
/// June 15 and September 15 reach no holiday (Juneteenth is the 19th, Labor Day at most the
/// 7th). A holiday on a Saturday is observed the Friday before, on a Sunday the Monday after.
enum LegalHolidays {
    static func isHoliday(_ day: Day) -> Bool {
        let (year, month, _) = day.parts
        switch month {
        case 1: return day == martinLutherKingDay(year) || day == observed(EstimatedTaxPeriod.day(year, 1, 1))
        case 4: return day == observed(EstimatedTaxPeriod.day(year, 4, 16))
        case 6: return day == observed(EstimatedTaxPeriod.day(year, 6, 19))
        default: return false
        }
    }

    /// The third Monday of January.
    static func martinLutherKingDay(_ year: Int) -> Day {
        let first = EstimatedTaxPeriod.day(year, 1, 1)
        let toMonday = Int64((8 - first.isoWeekday) % 7)
        return first.adding(days: toMonday + 14)
    }

    static func observed(_ day: Day) -> Day {
        switch day.isoWeekday {
        case 6: return day.adding(days: -1)
        case 7: return day.adding(days: 1)
        default: return day
        }
    }
}
