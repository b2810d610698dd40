import DashModel
import Foundation

/// A period named the way people and cron jobs name them, in the spirit of hledger's period
/// expressions: `2026`, `2026-03`, `2026-03-05`, `2026Q1`, `2026-W14`, `2026-TQ2` (a US
/// estimated-tax quarter), and relative to today: `today`, `yesterday`, `this-week`,
/// `last-week`, `this-month`, `last-month`, `this-quarter`, `last-quarter`, `this-tax-quarter`,
/// `last-tax-quarter`, `this-year`, `last-year` (a space may stand for `-`; case is ignored).
/// `YYYY-Www` is always an ISO week (Monday first); `this-week` and `last-week` follow the
/// report's week start.
public struct PeriodExpression: Sendable {
    /// The span the expression names.
    public let period: Period
    /// Its own grain: a report over `2026-03` has one row unless asked for days or weeks.
    public let unit: PeriodUnit
    /// It names an ISO week (`2026-W14`): Monday first, whatever the report's week start.
    public var isISOWeek = false

    init(period: Period, unit: PeriodUnit, isISOWeek: Bool = false) {
        self.period = period
        self.unit = unit
        self.isISOWeek = isISOWeek
    }

    public static func parse(_ text: String, today: Day, weekStart: WeekStart = .monday) throws(PeriodExpressionError) -> PeriodExpression {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased().split(whereSeparator: { $0 == " " || $0 == "_" }).joined(separator: "-")
        if let relative = relative(word, today: today, weekStart: weekStart) { return relative }
        if let absolute = try absolute(word) { return absolute }
        throw .unreadable(text)
    }

    private static func relative(_ word: String, today: Day, weekStart: WeekStart) -> PeriodExpression? {
        let units: [String: PeriodUnit] = ["week": .week, "month": .month, "quarter": .quarter, "tax-quarter": .taxQuarter, "year": .year]
        switch word {
        case "today": return PeriodExpression(period: Period.containing(today, unit: .day), unit: .day)
        case "yesterday": return PeriodExpression(period: Period.containing(today.adding(days: -1), unit: .day), unit: .day)
        default: break
        }
        for (prefix, back) in [("this-", false), ("last-", true)] where word.hasPrefix(prefix) {
            guard let unit = units[String(word.dropFirst(prefix.count))] else { return nil }
            let current = Period.containing(today, unit: unit, weekStart: weekStart)
            let period = back ? Period.containing(current.start.adding(days: -1), unit: unit, weekStart: weekStart) : current
            return PeriodExpression(period: period, unit: unit)
        }
        return nil
    }

    private static func absolute(_ word: String) throws(PeriodExpressionError) -> PeriodExpression? {
        let bytes = Array(word.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, !range.isEmpty, bytes[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let year = number(0..<4), year >= 1 else { return nil }
        var rest = Array(bytes.dropFirst(4))
        if rest.isEmpty { return PeriodExpression(period: Period.containing(firstOfYear(year), unit: .year), unit: .year) }
        // `2026Q1` and `2026-Q1` alike; the same for W and TQ.
        let separated = rest.first == 0x2D
        if separated { rest.removeFirst() }
        let text = String(decoding: rest, as: UTF8.self)
        func tail(_ prefix: String) -> Int? {
            guard text.hasPrefix(prefix), case let digits = text.dropFirst(prefix.count), !digits.isEmpty, digits.count <= 2,
                  digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(digits) else { return nil }
            return value
        }
        if let quarter = tail("q") {
            guard (1...4).contains(quarter) else { throw .noSuchPeriod("\(year)Q\(quarter)", "a year has quarters 1 to 4") }
            let start = firstOfYear(year).firstOfMonth(adding: (quarter - 1) * 3)
            return PeriodExpression(period: Period.containing(start, unit: .quarter), unit: .quarter)
        }
        if let quarter = tail("tq") {
            guard (1...4).contains(quarter) else { throw .noSuchPeriod("\(year)-TQ\(quarter)", "a year has tax quarters 1 to 4") }
            let start = firstOfYear(year).firstOfMonth(adding: [0, 3, 5, 8][quarter - 1])
            return PeriodExpression(period: Period.containing(start, unit: .taxQuarter), unit: .taxQuarter)
        }
        if let week = tail("w") {
            guard let monday = Day.isoWeekStart(year: year, week: week) else {
                throw .noSuchPeriod("\(year)-W\(week)", "\(year) has ISO weeks 1 to \(Day.isoWeekStart(year: year, week: 53) == nil ? 52 : 53)")
            }
            return PeriodExpression(period: Period(start: monday, end: monday.adding(days: 7)), unit: .week, isISOWeek: true)
        }
        guard separated else { return nil }
        if rest.count == 2, let month = number(5..<7) {
            guard (1...12).contains(month) else { throw .noSuchPeriod(word, "a month is 01 to 12") }
            let start = firstOfYear(year).firstOfMonth(adding: month - 1)
            return PeriodExpression(period: Period.containing(start, unit: .month), unit: .month)
        }
        if rest.count == 5, number(5..<7) != nil, bytes[7] == 0x2D, number(8..<10) != nil {
            let day: Day
            do { day = try Day(parsing: word) } catch { throw .noSuchPeriod(word, "\(error)") }
            return PeriodExpression(period: Period.containing(day, unit: .day), unit: .day)
        }
        return nil
    }

    private static func firstOfYear(_ year: Int) -> Day { Day(number: CivilTime.days(year: year, month: 1, day: 1)) }
}

public enum PeriodExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case noSuchPeriod(String, String)

    public var description: String {
        switch self {
        case let .unreadable(text):
            "'\(text)' is not a period: write 2026, 2026-03, 2026-03-05, 2026Q1, 2026-W14, 2026-TQ2, today, yesterday, "
                + "this-month, last-month (or week, quarter, tax-quarter, year)"
        case let .noSuchPeriod(text, why): "'\(text)' is not a period: \(why)"
        }
    }
}
