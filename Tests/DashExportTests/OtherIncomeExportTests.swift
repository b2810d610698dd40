import DashModel
@testable import DashExport
@testable import DashReport
import Foundation
import Testing
import TestSupport

/// Income on no shift in every export format (issue 27): `periods.csv` and `platforms.csv`
/// gain `other_income` as their last column, `other_income.csv` (a sheet in the workbook)
/// lists the rows, the JSON, the text report, the text summary and the tax summary carry it,
/// to the cent; a period with none shows no figure (an empty cell, null, no line).
@Suite("other income: exports")
struct OtherIncomeExportTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt

    static func money(_ text: String) throws -> Money { try Money(parsing: text) }
    static func at(_ text: String) throws -> Instant { try TimeText.instant(text, zone: chicago) }

    /// October and November 2026 in Chicago: a 100.00 Uber shift on Nov 3 (two hours), a 20.00
    /// phone expense, and three rows of other income, all in November: a 308.53 quest, a
    /// 51.47 support credit typed as "UBER" and a -12.35 adjustment from import 7 with a note a
    /// spreadsheet would run, in time order as the store gives them. October has none.
    static func sample(tax: Bool = false) throws -> ExportData {
        let start = try at("2026-11-03T10:00")
        let shift = try Shift(id: 1, start: start, end: start.adding(milliseconds: 2 * 3_600_000), earnings: nil, fuel: nil)
        let facts = [ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 1, deliveries: 1, cancelledDeliveries: 0, outsideTips: .zero,
                                meters: nil, money: [PlatformMoney(platform: "Uber", source: .statementTotal, gross: try money("100.00"))])]
        let expenses = [try Expense(id: 1, occurredAt: try at("2026-11-04T12:00"), amount: try money("20.00"), category: "phone", note: nil)]
        let income = [
            try OtherIncome(id: 1, occurredAt: try at("2026-11-05T09:00"), amount: try money("308.53"), platform: "Uber", kind: .quest, note: nil),
            try OtherIncome(id: 3, occurredAt: try at("2026-11-10T08:15"), amount: try money("-12.35"), platform: "Uber", kind: .adjustment,
                            note: "=HYPERLINK(\"x\")", importID: 7),
            try OtherIncome(id: 2, occurredAt: try at("2026-11-30T23:30"), amount: try money("51.47"), platform: "UBER", kind: .adjustment,
                            note: "support credit, \"late\" trip"),
            // After the span: never exported.
            try OtherIncome(id: 4, occurredAt: try at("2026-12-01T00:00"), amount: try money("99.00"), platform: "Uber", kind: .quest, note: nil),
        ]
        let request = ReportRequest(from: try Day(parsing: "2026-10-01"), to: try Day(parsing: "2026-12-01"), unit: .month, zone: chicago, rates: nil)
        let report = try Report(request: request, facts: facts, expenses: expenses, otherIncome: income)
        var data = ExportData(report: report, deliveries: [], expenses: expenses, otherIncome: income)
        if tax {
            let taxRequest = TaxRequest(
                period: try #require(EstimatedTaxPeriod(year: 2026, number: 4)), method: .standard, zone: chicago,
                mileageRates: try MileageRateTable.builtIn("us-irs-business"),
                selfEmployment: try #require(try SelfEmploymentTaxTable.builtIn("us-self-employment")),
                categories: try #require(try ExpenseCategoryMap.builtIn("us-schedule-c")), vehicleTenths: nil, payments: [],
                incomeTaxRate: nil, socialSecurityWages: .zero)
            data.tax = try TaxSummary(request: taxRequest, facts: facts, expenses: expenses, otherIncome: income)
        }
        return data
    }

    static func csvLines(_ table: ReportTable) -> [String] { CSVText.render(table).components(separatedBy: "\r\n").filter { !$0.isEmpty } }

    @Test("periods.csv and platforms.csv end with other_income: empty in October, 347.65 in November")
    func csvColumns() throws {
        let data = try Self.sample()
        let periods = Self.csvLines(data.report.periodsTable)
        #expect(periods[0].hasSuffix(",standard_mileage_deduction,other_income"))
        // 308.53 + 51.47 - 12.35 = 347.65 (the 23:30 credit on Nov 30 is November's in Chicago).
        #expect(periods[1].hasPrefix("2026-10-01,2026-11-01,0,") && periods[1].hasSuffix(","))
        #expect(periods[2].hasPrefix("2026-11-01,2026-12-01,1,") && periods[2].hasSuffix(",347.65"))
        // Gross stays the shift's; the net is 100.00 + 347.65 - 20.00.
        let columns = data.report.periodsTable.columns
        let november = data.report.periodsTable.rows[1]
        #expect(november[try #require(columns.firstIndex(of: "gross_earnings"))] == .money(try Self.money("100.00")))
        #expect(november[try #require(columns.firstIndex(of: "net_after_expenses"))] == .money(try Self.money("427.65")))
        #expect(november[try #require(columns.firstIndex(of: "earnings_per_worked_hour"))] == .money(try Self.money("50.00")))
        let platforms = Self.csvLines(data.report.platformsTable)
        #expect(platforms == ["period_start,period_end,platform,shifts,trips,gross_earnings,platform_tips,fees,trip_distance,other_income",
                              "2026-11-01,2026-12-01,UBER,1,0,100.00,,,,347.65"])
    }

    @Test("other_income.csv lists the span's rows, exact, notes neutralised, the import's id where there is one")
    func rowsTable() throws {
        let lines = Self.csvLines(try Self.sample().otherIncomeTable)
        #expect(lines == [
            "other_income_id,occurred_at,amount,platform,kind,note,import_id",
            "1,2026-11-05T09:00:00-06:00,308.53,Uber,quest,,",
            "3,2026-11-10T08:15:00-06:00,-12.35,Uber,adjustment,\"'=HYPERLINK(\"\"x\"\")\",7",
            "2,2026-11-30T23:30:00-06:00,51.47,UBER,adjustment,\"support credit, \"\"late\"\" trip\",",
        ])
    }

    @Test("the JSON report carries it per period (null in October) and per platform")
    func json() throws {
        let text = ReportJSON.render(try Self.sample().report)
        #expect(text.components(separatedBy: "\"other_income\": null").count - 1 == 1)
        // November, the total, and the platform row of each.
        #expect(text.components(separatedBy: "\"other_income\": \"347.65\"").count - 1 == 4)
    }

    @Test("the text report shows OTHER apart from GROSS, and says what it is")
    func text() throws {
        let report = try Self.sample().report
        let text = ReportText.render(report)
        let header = try #require(text.split(separator: "\n").first { $0.hasPrefix("PERIOD") })
        #expect(header.contains("GROSS") && header.contains("OTHER") && header.contains("NET"))
        let november = try #require(text.split(separator: "\n").first { $0.hasPrefix("2026-11") })
        #expect(november.contains("100.00") && november.contains("347.65") && november.contains("427.65"))
        let october = try #require(text.split(separator: "\n").first { $0.hasPrefix("2026-10") })
        #expect(!october.contains("0.00 ") || october.contains("-"))
        #expect(text.contains("Other income: 347.65 on no shift (3 rows"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= ReportText.width })
        let platforms = ReportText.renderPlatforms(report)
        #expect(platforms.contains("OTHER") && platforms.contains("347.65"))
        // A report with none: no OTHER column, no sentence.
        let none = try Report(request: report.request, facts: [], expenses: [])
        #expect(!ReportText.render(none).contains("OTHER") && !ReportText.render(none).contains("Other income"))
    }

    @Test("the text summary has its line when there is other income, and none without")
    func summaryText() throws {
        let template = try TextTemplate(BuiltInReportTemplates.summary, file: "summary.txt", schema: SummaryText.schema())
        let text = try SummaryText.render(try Self.sample(), template: template)
        #expect(text.contains("  other income, on no shift (added to net)            347.65\n"))
        let request = try Self.sample().report.request
        let empty = ExportData(report: try Report(request: request, facts: [], expenses: []), deliveries: [], expenses: [])
        #expect(!(try SummaryText.render(empty, template: template)).contains("other income"))
    }

    @Test("the workbook has an Other income sheet and the summary's line, each cell as the CSV says")
    func workbook() throws {
        let folder = try TemporaryDirectory("OtherIncomeExportTests")
        let data = try Self.sample()
        let book = try XLSXTests.read(try XLSXTests.write(data, in: folder))
        XLSXTests.expectContent(book, data)
        let sheet = try #require(book.sheets.first { $0.name == "Other income" })
        #expect(sheet.rows.count == 4)
        #expect(XLSXTests.cell(sheet, 2, 2)?.v == "-12.35")
        let total = Cell.money(try Self.money("347.65"))
        #expect(data.summary.contains { $0.label.hasPrefix("Other income") && $0.value == total })
    }

    @Test("the tax summary's CSV, JSON and text carry it in line 1 and per platform")
    func tax() throws {
        let data = try Self.sample(tax: true)
        let summary = try #require(data.tax)
        // The year to December: 100.00 of shifts and 347.65 of other income (December's 99.00
        // lies in the tax year too: 446.65).
        #expect(summary.grossReceipts == (try Self.money("546.65")))
        let csv = CSVText.render(summary.summaryTable)
        #expect(csv.contains("income,,other_income,\"of which other income on no shift (incentives, quests, referrals, adjustments)\",446.65,\r\n"))
        #expect(CSVText.render(summary.platformsTable).hasPrefix("platform,shifts,gross,fees_withheld,platform_tips,other_income\r\nUBER,1,100.00,,,446.65\r\n"))
        let json = TaxJSON.render(summary)
        #expect(json.contains("\"other_income\": \"446.65\""))
        let text = TaxText.render(summary)
        #expect(text.contains("GROSS RECEIPTS (Schedule C line 1)  546.65"))
        #expect(text.contains("OTHER INCOME"))
        #expect(text.contains("Other income on no shift (incentives, quests, referrals, adjustments): 446.65"))
    }
}
