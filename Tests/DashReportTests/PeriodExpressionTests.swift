import DashModel
import DashReport
import Testing

/// Period expressions: `2026`, `2026-03`, `2026Q1`, `2026-W14`, `2026-TQ2`, `last-month`...
/// with `today` always given, so no test depends on the clock.
@Suite("PeriodExpression")
struct PeriodExpressionTests {
    static func day(_ text: String) throws -> Day { try Day(parsing: text) }

    /// One expression and the span and unit it names.
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let today: String
        let weekStart: WeekStart
        let start: String
        let end: String
        let unit: PeriodUnit

        init(_ text: String, today: String = "2026-04-10", week weekStart: WeekStart = .monday, _ start: String, _ end: String, _ unit: PeriodUnit) {
            self.text = text
            self.today = today
            self.weekStart = weekStart
            self.start = start
            self.end = end
            self.unit = unit
        }

        var testDescription: String { "'\(text)' on \(today) (\(weekStart.rawValue))" }
    }

    static func check(_ c: Case) throws {
        let parsed = try PeriodExpression.parse(c.text, today: try day(c.today), weekStart: c.weekStart)
        #expect(parsed.period == Period(start: try day(c.start), end: try day(c.end)))
        #expect(parsed.unit == c.unit)
    }

    @Test("absolute expressions", arguments: [
        Case("2026", "2026-01-01", "2027-01-01", .year),
        Case("2026-03", "2026-03-01", "2026-04-01", .month),
        Case("2026-12", "2026-12-01", "2027-01-01", .month),
        Case("2026-03-05", "2026-03-05", "2026-03-06", .day),
        Case("2026-12-31", "2026-12-31", "2027-01-01", .day),
        Case("2026Q1", "2026-01-01", "2026-04-01", .quarter),
        Case("2026-q1", "2026-01-01", "2026-04-01", .quarter),
        Case("2026-Q4", "2026-10-01", "2027-01-01", .quarter),
        Case("2026-W14", "2026-03-30", "2026-04-06", .week),
        Case("2026W53", "2026-12-28", "2027-01-04", .week),
        Case("2026-w01", "2025-12-29", "2026-01-05", .week),
        Case("2026-TQ1", "2026-01-01", "2026-04-01", .taxQuarter),
        Case("2026-TQ2", "2026-04-01", "2026-06-01", .taxQuarter),
        Case("2026tq3", "2026-06-01", "2026-09-01", .taxQuarter),
        Case("2026-TQ4", "2026-09-01", "2027-01-01", .taxQuarter),
        Case(" 2026-03 ", "2026-03-01", "2026-04-01", .month),
    ])
    func absolute(c: Case) throws { try Self.check(c) }

    @Test("ISO weeks ignore the report's week start")
    func isoWeekIgnoresWeekStart() throws {
        try Self.check(Case("2026-W14", week: .sunday, "2026-03-30", "2026-04-06", .week))
    }

    @Test("a period that does not exist is refused as such", arguments: [
        "2027-W53", "2025-W53", "2026-W00", "2026Q5", "2026-Q0", "2026-TQ5", "2026-13", "2026-00", "2026-02-30", "2026-04-31",
    ])
    func noSuchPeriod(text: String) throws {
        let error = try #require(throws: PeriodExpressionError.self) {
            try PeriodExpression.parse(text, today: try Self.day("2026-04-10"))
        }
        guard case .noSuchPeriod = error else {
            Issue.record("expected noSuchPeriod for '\(text)', got \(error)")
            return
        }
    }

    @Test("2027-W53 is refused because 2027 has 52 weeks, and the message says so")
    func week53Message() throws {
        let error = try #require(throws: PeriodExpressionError.self) {
            try PeriodExpression.parse("2027-W53", today: try Self.day("2026-04-10"))
        }
        #expect(error.description.contains("1 to 52"))
        let fine = try PeriodExpression.parse("2026-W53", today: try Self.day("2026-04-10"))
        #expect(fine.period.start == (try Self.day("2026-12-28")))
    }

    @Test("text that is no period at all is unreadable, quoted as given", arguments: [
        "", "hello", "next-month", "this-decade", "last", "2026-3", "26-03", "2026-03-5", "2026/03", "2026Q", "2026-W",
        "2026-03-05x", "2026-03-05-01", "last month please", "0000", "2026-W1x", "2026-Q123",
    ])
    func unreadable(text: String) throws {
        #expect(throws: PeriodExpressionError.unreadable(text)) {
            try PeriodExpression.parse(text, today: try Self.day("2026-04-10"))
        }
    }

    /// `Int("+1")` is 1, so the quarter and week numbers read through `Int(_:)` accept a sign
    /// the grammar (`2026Q1`, `2026-W14`) never allows; the year, month and day do not.
    @Test("a signed quarter or week number is refused", arguments: ["2026Q+1", "2026-W+9", "2026-TQ+2"])
    func signedNumbersRefused(text: String) throws {
        #expect(throws: PeriodExpressionError.self) {
            try PeriodExpression.parse(text, today: try Self.day("2026-04-10"))
        }
    }

    @Test("relative expressions, with today fixed", arguments: [
        Case("last-month", today: "2027-01-15", "2026-12-01", "2027-01-01", .month),
        Case("this-month", today: "2027-01-15", "2027-01-01", "2027-02-01", .month),
        Case("Last Month", today: "2027-01-15", "2026-12-01", "2027-01-01", .month),
        Case("  LAST_MONTH ", today: "2027-01-15", "2026-12-01", "2027-01-01", .month),
        Case("last-month", today: "2026-03-31", "2026-02-01", "2026-03-01", .month),
        // Wednesday 2026-04-08.
        Case("this-week", today: "2026-04-08", week: .monday, "2026-04-06", "2026-04-13", .week),
        Case("last-week", today: "2026-04-08", week: .monday, "2026-03-30", "2026-04-06", .week),
        Case("this-week", today: "2026-04-08", week: .sunday, "2026-04-05", "2026-04-12", .week),
        Case("last-week", today: "2026-04-08", week: .sunday, "2026-03-29", "2026-04-05", .week),
        // Sunday 2026-04-05: the last day of a Monday week, the first of a Sunday week.
        Case("this-week", today: "2026-04-05", week: .monday, "2026-03-30", "2026-04-06", .week),
        Case("last-week", today: "2026-04-05", week: .monday, "2026-03-23", "2026-03-30", .week),
        Case("this-week", today: "2026-04-05", week: .sunday, "2026-04-05", "2026-04-12", .week),
        Case("last-week", today: "2026-04-05", week: .sunday, "2026-03-29", "2026-04-05", .week),
        Case("this-year", today: "2026-04-10", "2026-01-01", "2027-01-01", .year),
        Case("last-year", today: "2026-04-10", "2025-01-01", "2026-01-01", .year),
        Case("last-year", today: "2026-01-01", "2025-01-01", "2026-01-01", .year),
        Case("this-quarter", today: "2027-01-15", "2027-01-01", "2027-04-01", .quarter),
        Case("last-quarter", today: "2027-01-15", "2026-10-01", "2027-01-01", .quarter),
        Case("last-quarter", today: "2026-05-31", "2026-01-01", "2026-04-01", .quarter),
        Case("this-tax-quarter", today: "2026-04-10", "2026-04-01", "2026-06-01", .taxQuarter),
        Case("last-tax-quarter", today: "2026-04-10", "2026-01-01", "2026-04-01", .taxQuarter),
        Case("last tax quarter", today: "2026-04-10", "2026-01-01", "2026-04-01", .taxQuarter),
        Case("last-tax-quarter", today: "2026-01-15", "2025-09-01", "2026-01-01", .taxQuarter),
        Case("last-tax-quarter", today: "2026-07-01", "2026-04-01", "2026-06-01", .taxQuarter),
        Case("last-tax-quarter", today: "2026-12-31", "2026-06-01", "2026-09-01", .taxQuarter),
        Case("today", today: "2026-03-01", "2026-03-01", "2026-03-02", .day),
        Case("yesterday", today: "2026-03-01", "2026-02-28", "2026-03-01", .day),
        Case("Yesterday", today: "2028-03-01", "2028-02-29", "2028-03-01", .day),
        Case("yesterday", today: "2027-01-01", "2026-12-31", "2027-01-01", .day),
    ])
    func relative(c: Case) throws { try Self.check(c) }
}
