import DashModel
@testable import DashReport
import Foundation
import Testing

/// Income on no shift in reports and the tax summary (issue 27; OtherIncomeFigures.swift): in
/// the period of its instant in the report's zone, apart from the shifts' gross and rates, in
/// the net, in gross receipts (line 1), per platform and in the 1099 reconciliation. Every
/// expected figure is worked out by hand in the comments.
@Suite("other income: reports and tax")
struct OtherIncomeReportTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt
    static let utc = TimeZone(identifier: "UTC") ?? .gmt

    static func money(_ text: String) throws -> Money { try Money(parsing: text) }

    static func income(_ id: Int64, _ at: String, _ amount: String, _ platform: String = "Uber", _ kind: OtherIncomeKind = .quest,
                       zone: TimeZone = chicago) throws -> OtherIncome {
        try OtherIncome(id: id, occurredAt: try TimeText.instant(at, zone: zone), amount: try money(amount), platform: platform, kind: kind, note: nil)
    }

    static func report(_ from: String, _ to: String, zone: TimeZone, facts: [ShiftFacts] = [], expenses: [Expense] = [],
                       otherIncome: [OtherIncome]) throws -> Report {
        try Report(request: ReportRequest(from: try Day(parsing: from), to: try Day(parsing: to), unit: .month, zone: zone, rates: nil),
                   facts: facts, expenses: expenses, otherIncome: otherIncome)
    }

    @Test("a row counts in the period of its local date in the report's zone")
    func periodOfItsInstant() throws {
        // 23:30 on Nov 30 in Chicago (CST, -06:00) is 05:30Z on Dec 1.
        let late = try Self.income(1, "2026-11-30T23:30", "51.47")
        let inChicago = try Self.report("2026-11-01", "2027-01-01", zone: Self.chicago, otherIncome: [late])
        #expect(inChicago.rows.map(\.figures.otherIncome) == [try Self.money("51.47"), nil])
        let inUTC = try Self.report("2026-11-01", "2027-01-01", zone: Self.utc, otherIncome: [late])
        #expect(inUTC.rows.map(\.figures.otherIncome) == [nil, try Self.money("51.47")])
        // Outside the span: left out, as an expense is.
        let outside = try Self.report("2026-10-01", "2026-11-01", zone: Self.chicago, otherIncome: [late])
        #expect(outside.total.otherIncome == nil)
    }

    @Test("nil is not zero: a period with none has no figure; rows that cancel out are 0.00")
    func nilIsNotZero() throws {
        let rows = [try Self.income(1, "2026-11-03T12:00", "10.00"), try Self.income(2, "2026-11-20T12:00", "-10.00", "uber", .adjustment)]
        let report = try Self.report("2026-11-01", "2027-01-01", zone: Self.chicago, otherIncome: rows)
        let column = try #require(report.periodsTable.columns.firstIndex(of: "other_income"))
        #expect(column == report.periodsTable.columns.count - 1)
        #expect(report.periodsTable.rows.map { $0[column] } == [.money(.zero), .empty])
        #expect(report.total.otherIncomeRows == 2)
        // The platform's column likewise: 0.00 in November, no row at all in December.
        let platforms = report.platformsTable
        let other = try #require(platforms.columns.firstIndex(of: "other_income"))
        #expect(platforms.rows.count == 1)
        #expect(platforms.rows[0][other] == .money(.zero))
        // A platform with shifts and no other income: an empty cell.
        let shift = try TaxSummaryTests.shift(1, "2026-12-02T10:00", platform: "DoorDash", gross: "80.00")
        let withShift = try Self.report("2026-11-01", "2027-01-01", zone: Self.chicago, facts: [shift], otherIncome: rows)
        let decemberStart = Cell.date(try Day(parsing: "2026-12-01"))
        let december = withShift.platformsTable.rows.filter { $0[0] == decemberStart }
        #expect(december.map { $0[other] } == [.empty])
    }

    @Test("gross and the rates stay the shifts' own; the net after expenses adds other income")
    func apartFromGross() throws {
        // A two-hour shift of 100.00 (50.00 an hour), a 30.00 quest, a 20.00 expense.
        let shift = try TaxSummaryTests.shift(1, "2026-11-03T10:00", platform: "Uber", gross: "100.00")
        let expense = try TaxSummaryTests.expense(1, "2026-11-04T12:00", "20.00", "phone")
        let report = try Self.report("2026-11-01", "2026-12-01", zone: Self.chicago, facts: [shift], expenses: [expense],
                                     otherIncome: [try Self.income(1, "2026-11-05T09:00", "30.00")])
        let total = report.total
        #expect(total.gross == (try Self.money("100.00")))
        #expect(total.earningsPerWorkedHour == (try Self.money("50.00")))
        #expect(total.otherIncome == (try Self.money("30.00")))
        // 100.00 + 30.00 - 20.00.
        #expect(total.netAfterExpenses == (try Self.money("110.00")))
        // One platform row: its gross, and its other income apart.
        let uber = try #require(total.platformRows.first)
        #expect(total.platformRows.count == 1)
        #expect((uber.platform, uber.shifts, uber.gross, uber.otherIncome) == ("Uber", 1, try Self.money("100.00"), try Self.money("30.00")))
        #expect(try uber.paid() == (try Self.money("130.00")))
    }

    @Test("a period with other income and no shift: 0.00 gross, the net is the income less expenses")
    func noShift() throws {
        let report = try Self.report("2026-11-01", "2026-12-01", zone: Self.chicago,
                                     otherIncome: [try Self.income(1, "2026-11-05T09:00", "25.00", "DoorDash", .referral)])
        let f = report.total
        #expect(f.gross == .zero)
        #expect(f.earningsPerWorkedHour == nil)
        #expect(f.netAfterExpenses == (try Self.money("25.00")))
        let row = try #require(f.platformRows.first)
        #expect((row.shifts, row.gross, row.otherIncome) == (0, nil, try Self.money("25.00")))
    }

    /// Issue 27's year: 29,660.07 of Uber shifts and 360.00 of quests and a support adjustment
    /// on no shift, 1,000 business miles at 2024's 0.67 and 6,045.94 of phone.
    static func year2024(otherIncome: Bool) throws -> TaxSummary {
        let facts = [try TaxSummaryTests.shift(1, "2024-06-10T10:00", platform: "Uber", source: .trips, gross: "29660.07", miles: 1000)]
        let expenses = [try TaxSummaryTests.expense(1, "2024-03-01T12:00", "6045.94", "phone")]
        let income = otherIncome
            ? [try Self.income(1, "2024-04-02T12:00", "308.53"), try Self.income(2, "2024-09-30T23:30", "51.47", "UBER", .adjustment)] : []
        return try TaxSummary(request: try TaxSummaryTests.request(2024, method: .standard), facts: facts, expenses: expenses, otherIncome: income)
    }

    @Test("line 1 of a 30,020.07 year of which 360.00 was other income is 30,020.07, and the SE tax follows")
    func issueYear() throws {
        let summary = try Self.year2024(otherIncome: true)
        // 29,660.07 + 308.53 + 51.47.
        #expect(summary.grossReceipts == (try Self.money("30020.07")))
        #expect(summary.total.gross == (try Self.money("29660.07")))
        #expect(summary.total.otherIncome == (try Self.money("360.00")))
        let standard = try #require(summary.standard)
        // Line 9: 1,000 miles x 0.67 = 670.00; line 25: 6,045.94; total 6,715.94.
        #expect(standard.totalExpenses == (try Self.money("6715.94")))
        // 30,020.07 - 6,715.94 = 23,304.13; x 92.35% = 21,521.36 (21,521.364...);
        // 12.4% = 2,668.65 (2,668.6486...); 2.9% = 624.12 (624.1194...); 3,292.77.
        #expect(standard.netProfit == (try Self.money("23304.13")))
        #expect(standard.selfEmploymentTax?.netEarnings == (try Self.money("21521.36")))
        #expect(standard.selfEmploymentTax?.total == (try Self.money("3292.77")))
        // Without it (the issue's lost 360.00): 29,660.07 and 3,241.90.
        let without = try Self.year2024(otherIncome: false)
        #expect(without.grossReceipts == (try Self.money("29660.07")))
        #expect(without.standard?.selfEmploymentTax?.total == (try Self.money("3241.90")))
        // The tables: line 1 and its parts; the platform's other income apart from its gross.
        let rows = summary.summaryTable.rows
        func figure(_ key: String) -> Cell? { rows.first { $0[2] == .text(key) }?[4] }
        #expect(figure("gross_receipts") == .money(try Self.money("30020.07")))
        #expect(figure("platform_gross") == .money(try Self.money("29660.07")))
        #expect(figure("other_income") == .money(try Self.money("360.00")))
        #expect(without.summaryTable.rows.first { $0[2] == .text("other_income") }?[4] == .empty)
        let platforms = summary.platformsTable
        #expect(platforms.columns.last == "other_income")
        // One platform, letter case merged, shown as the spelling that sorts first ("UBER").
        #expect(platforms.rows == [[.text("UBER"), .integer(1), .money(try Self.money("29660.07")), .empty, .empty, .money(try Self.money("360.00"))]])
        #expect(summary.notes.contains { $0.hasPrefix("Other income on no shift (2 rows, 360.00:") })
        #expect(!without.notes.contains { $0.hasPrefix("Other income") })
    }

    @Test("the reconciliation counts a platform's other income in its month, and says how much")
    func reconciliation() throws {
        let summary = try Self.year2024(otherIncome: true)
        let report = summary.report
        let reconciled = try #require(try TaxReconciliation(report: report, platforms: ["uber"], formGross: try Self.money("30020.07"),
                                                            formMonths: [4: try Self.money("308.53")]))
        #expect(reconciled.recordGross == (try Self.money("30020.07")))
        #expect(reconciled.recordOtherIncome == (try Self.money("360.00")))
        #expect(reconciled.difference == .zero)
        // April: the quest alone; June: the shift; September (23:30 Chicago on the 30th): 51.47.
        let months = Dictionary(uniqueKeysWithValues: reconciled.months.map { ($0.period.start.month, $0.record) })
        #expect(months[4] == (try Self.money("308.53")))
        #expect(months[6] == (try Self.money("29660.07")))
        #expect(months[9] == (try Self.money("51.47")))
        #expect(months[10] == .some(nil))
        #expect(reconciled.monthsDiffering.isEmpty)
        // A platform with other income only is still reconciled.
        let onlyIncome = try Self.report("2024-01-01", "2025-01-01", zone: Self.chicago,
                                         otherIncome: [try Self.income(1, "2024-05-01T12:00", "100.00", "Lyft", .referral)])
        let lyft = try #require(try TaxReconciliation(report: onlyIncome, platforms: ["Lyft"], formGross: try Self.money("100.00"), formMonths: [:]))
        #expect((lyft.recordGross, lyft.recordFees, lyft.recordOtherIncome) == (try Self.money("100.00"), nil, try Self.money("100.00")))
    }
}
