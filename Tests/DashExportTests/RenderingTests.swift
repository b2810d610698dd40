import DashModel
@testable import DashExport
@testable import DashReport
import Foundation
import Testing

/// The renderers write what a report computed, and nothing else: CSV quoting and injection
/// safety, JSON escaping, number text, the text report's width.
@Suite struct RenderingTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt

    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("cr\rhere", "\"cr\rhere\""), ("", ""),
    ])
    func csvFieldsAreQuotedOnlyWhenNeeded(_ field: String, _ expected: String) {
        #expect(CSVText.quoted(field) == expected)
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("+1", "'+1"), ("-5.00", "'-5.00"), ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"), ("\rx", "'\rx"), ("\nx", "'\nx"), ("fuel", "fuel"), ("a=b", "a=b"), ("", ""),
    ])
    func textCellsThatLookLikeFormulasAreNeutralised(_ text: String, _ expected: String) {
        #expect(CSVText.neutralised(text) == expected)
    }

    /// A money cell that is negative stays a number; only text cells are neutralised.
    @Test func numbersStayNumbers() throws {
        let table = ReportTable(name: "t", columns: ["note", "amount", "empty", "zero"],
                                rows: [[.text("-5.00"), .money(try Money(parsing: "-5.00")), .empty, .money(.zero)]])
        #expect(CSVText.render(table) == "note,amount,empty,zero\r\n'-5.00,-5.00,,0.00\r\n")
    }

    @Test(arguments: [(0.0, "0.00"), (0.004, "0.00"), (0.005, "0.01"), (1.0, "1.00"), (157.456, "157.46"), (-0.001, "0.00"), (-2.5, "-2.50"),
                      (12_345.678, "12345.68")])
    func distancesHaveTwoPlacesAndNoNegativeZero(_ value: Double, _ expected: String) {
        #expect(CellText.twoPlaces(value) == expected)
    }

    @Test func cellsReadAlikeInEveryFormat() throws {
        let instant = try TimeText.instant("2026-11-02T09:30", zone: Self.chicago)
        #expect(CellText.plain(.time(instant, offsetSeconds: -6 * 3600)) == "2026-11-02T09:30:00-06:00")
        #expect(CellText.plain(.hours(5_400_000)) == "1.50")
        #expect(CellText.plain(.decimal(try Money(parsing: "3.459"))) == "3.459")
        #expect(CellText.plain(.money(try Money(parsing: "-0.004"))) == "0.00")
        #expect(CellText.plain(.empty) == nil)
        #expect(JSONValue.cell(.empty) == .null)
        #expect(JSONValue.cell(.integer(3)).text() == "3")
        #expect(JSONValue.cell(.money(try Money(parsing: "12.5"))).text() == "\"12.50\"")
    }

    @Test func jsonEscapesControlsAndQuotes() {
        #expect(JSONValue.string("a\"b\\c\n\u{1B}[31m\u{202E}x").text() == "\"a\\\"b\\\\c\\n\\u001b[31m\u{202E}x\"")
        #expect(JSONValue.object([("k", .array([.integer(1), .null]))]).text() == "{\n  \"k\": [\n    1,\n    null\n  ]\n}")
        #expect(JSONValue.object([]).text() == "{}" && JSONValue.array([]).text() == "[]")
    }

    /// Every line of a text report fits 80 columns, whatever the notes say.
    @Test func textReportFitsEightyColumns() throws {
        let start = try TimeText.instant("2026-11-02T09:00", zone: Self.chicago)
        let shift = try Shift(id: 1, start: start, end: start.adding(milliseconds: 8 * 3_600_000),
                              earnings: try PaidAmount(try Money(parsing: "1234.56"), tips: try Money(parsing: "200.00")))
        let facts = ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 12, deliveries: 11, cancelledDeliveries: 1,
                               outsideTips: try Money(parsing: "4.00"), meters: 160_934.4)
        let expenses = try (1...12).map { n in
            try Expense(id: Int64(n), occurredAt: start, amount: try Money(parsing: "\(n).25"), category: ["fuel", "parking", "tolls", "x\(n)"][n % 4], note: nil)
        }
        let request = ReportRequest(from: try Day(parsing: "2026-01-01"), to: try Day(parsing: "2027-01-01"), unit: .month, zone: Self.chicago,
                                    rates: try MileageRateTable.builtIn("us-irs-business"))
        let report = try Report(request: request, facts: [facts], expenses: expenses)
        for text in [ReportText.render(report), ReportText.renderShifts(report)] {
            for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line.count): \(line)") }
        }
        #expect(ReportText.render(report).contains("2026-11       1      8.00  100.00  1234.56     81.00  1157.56    154.32"))
        #expect(ReportText.render(report).contains("TOTAL"))
    }

    /// Three years by week with six-figure totals (a reviewer's case: 81 columns before).
    @Test func bigTotalsStillFitEightyColumns() throws {
        var facts: [ShiftFacts] = []
        var start = try TimeText.instant("2024-01-01T09:00", zone: Self.chicago)
        for id in 1...781 {
            let shift = try Shift(id: Int64(id), start: start, end: start.adding(milliseconds: 8 * 3_600_000),
                                  earnings: try PaidAmount(try Money(parsing: "205.37")))
            facts.append(ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 0, deliveries: 0, cancelledDeliveries: 0,
                                    outsideTips: .zero, meters: 209_214.0))
            start = start.adding(milliseconds: 33 * 3_600_000)
        }
        let expenses = try (1...400).map { n in
            try Expense(id: Int64(n), occurredAt: try TimeText.instant("2024-03-01T12:00", zone: Self.chicago).adding(milliseconds: Int64(n) * 86_400_000),
                        amount: try Money(parsing: "68.53"), category: "fuel", note: nil)
        }
        let request = ReportRequest(from: try Day(parsing: "2024-01-01"), to: try Day(parsing: "2027-01-01"), unit: .week, zone: Self.chicago,
                                    distanceUnit: .km, rates: nil)
        let report = try Report(request: request, facts: facts, expenses: expenses)
        let text = ReportText.render(report)
        #expect(text.contains("TOTAL"))
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line.count): \(line)") }
    }

    @Test(arguments: [
        ("2026-11-01", "2026-12-01", PeriodUnit.month, "2026-11"), ("0099-01-01", "0100-01-01", .year, "0099"),
        ("0009-04-01", "0009-06-01", .taxQuarter, "0009-TQ2"), ("2026-11-10", "2026-12-01", .month, "2026-11-10"),
        ("2026-10-01", "2027-01-01", .quarter, "2026Q4"), ("2026-09-01", "2027-01-01", .taxQuarter, "2026-TQ4"),
        ("2026-12-28", "2027-01-04", .week, "2026-W53"), ("2026-01-01", "2027-01-01", .year, "2026"),
    ])
    func wholePeriodsAreNamedClippedOnesDated(_ from: String, _ to: String, _ unit: PeriodUnit, _ expected: String) throws {
        #expect(ReportText.label(Period(start: try Day(parsing: from), end: try Day(parsing: to)), unit: unit) == expected)
    }
}
