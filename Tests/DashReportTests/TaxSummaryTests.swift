import DashModel
@testable import DashReport
import Foundation
import Testing

/// Hand-computed tax years (docs/tax.md): every figure below is worked out in the comments
/// from the inputs, never read back from the code.
@Suite("Tax summary: hand-computed years")
struct TaxSummaryTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt
    static let metersPerMile = 1609.344

    static func money(_ text: String) throws -> Money { try Money(parsing: text) }
    static func local(_ text: String) throws -> Instant { try TimeText.instant(text, zone: chicago) }

    /// A completed two-hour shift starting at `start` (Chicago), with one money figure.
    static func shift(_ id: Int64, _ start: String, platform: String?, source: PlatformMoney.Source = .statementTotal, gross: String?,
                      tips: String? = nil, fees: String? = nil, miles: Double? = nil, outsideTips: String = "0") throws -> ShiftFacts {
        let begin = try local(start)
        let shift = try Shift(id: id, start: begin, end: begin.adding(milliseconds: 2 * 3_600_000), earnings: nil, fuel: nil)
        let money = try gross.map { [PlatformMoney(platform: platform, source: source, gross: try Self.money($0), tips: try tips.map(Self.money),
                                                    fees: try fees.map(Self.money))] } ?? []
        return ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 0, deliveries: 0, cancelledDeliveries: 0,
                          outsideTips: try Self.money(outsideTips), meters: miles.map { $0 * metersPerMile }, money: money)
    }

    static func expense(_ id: Int64, _ at: String, _ amount: String, _ category: String) throws -> Expense {
        try Expense(id: id, occurredAt: try local(at), amount: try money(amount), category: category, note: nil)
    }

    static func request(_ year: Int, _ quarter: Int = 4, method: TaxMethod = .both, vehicleTenths: Int64? = nil,
                        payments: [(String, String)] = [], incomeTaxRate: String? = nil, wages: String = "0",
                        rates: Bool = true) throws -> TaxRequest {
        TaxRequest(period: try #require(EstimatedTaxPeriod(year: year, number: quarter)), method: method, zone: chicago,
                   mileageRates: rates ? try MileageRateTable.builtIn("us-irs-business") : nil,
                   selfEmployment: try #require(try SelfEmploymentTaxTable.builtIn("us-self-employment")),
                   categories: try #require(try ExpenseCategoryMap.builtIn("us-schedule-c")), vehicleTenths: vehicleTenths,
                   payments: try payments.map { TaxPaymentFigure(paidOn: try Day(parsing: $0.0), amount: try money($0.1)) },
                   incomeTaxRate: try incomeTaxRate.map(money), socialSecurityWages: try money(wages))
    }

    /// The 2026 driver: two platforms, withheld fees on one, outside tips, three shifts with
    /// miles, and expenses of every kind, one on each side of a period's edge.
    static func year2026() throws -> (facts: [ShiftFacts], expenses: [Expense]) {
        let facts = [
            try shift(1, "2026-02-10T10:00", platform: "Uber", gross: "1000.00", tips: "150.00", fees: "200.00", miles: 100, outsideTips: "20.00"),
            try shift(2, "2026-07-15T10:00", platform: "DoorDash", source: .trips, gross: "800.00", tips: "100.00", miles: 50.25),
            try shift(3, "2026-10-01T10:00", platform: "Uber", source: .typed, gross: "500.00", miles: 30),
        ]
        let expenses = [
            try expense(1, "2026-03-01T12:00", "120.00", "gas"),
            try expense(2, "2026-05-01T12:00", "30.00", "Car Wash"),
            try expense(3, "2026-11-01T12:00", "600.00", "insurance"),
            try expense(4, "2026-02-10T12:00", "15.00", "parking"),
            try expense(5, "2026-07-15T12:00", "5.50", "tolls"),
            // 23:00 on Aug 31 in Chicago is Sep 1 in UTC: still the third period.
            try expense(6, "2026-08-31T23:00", "60.00", "phone"),
            try expense(7, "2026-09-01T00:30", "25.00", "hot bag"),
            // Not deductible (a personal cost), and a word the map does not know: neither deducted.
            try expense(8, "2026-01-05T12:00", "12.00", "snacks"),
            try expense(9, "2026-06-01T12:00", "4.00", "misc"),
            try expense(10, "2026-04-01T12:00", "3.00", "umbrella"),
        ]
        return (facts, expenses)
    }

    static func line(_ figures: TaxMethodFigures?, _ number: String) -> Money? { figures?.lines.first { $0.line == number }?.amount }

    @Test("the 2026 year under both methods, every line worked by hand")
    func wholeYear() throws {
        let (facts, expenses) = try Self.year2026()
        let summary = try TaxSummary(request: try Self.request(2026, vehicleTenths: 50_000), facts: facts, expenses: expenses)
        // Line 1: 1000 + 800 + 500 gross, plus 20.00 outside tips.
        #expect(summary.grossReceipts == (try Self.money("2320.00")))
        #expect(summary.total.fees == (try Self.money("200.00")))
        // Tips: 150 + 100 within the platforms' pay, 20 outside.
        #expect(summary.tips == (try Self.money("270.00")))
        #expect(summary.platforms.map(\.platform) == ["DoorDash", "Uber"])
        #expect(summary.platforms.map(\.gross) == [try Self.money("800.00"), try Self.money("1500.00")])
        // Miles: 100 + 50.25 + 30 = 180.25 at 0.725 = 130.68125 -> 130.68.
        #expect(summary.mileage.businessHundredths == 18_025)
        #expect(summary.mileage.deduction == (try Self.money("130.68")))
        // One rule, two computations: periods.csv's standard_mileage_deduction is the same figure.
        #expect(summary.total.mileageDeduction == summary.mileage.deduction)
        // "umbrella" is unknown and "snacks" personal: named, never deducted; "misc" is line 27a.
        #expect(summary.expenses.unknownWords == ["umbrella"])
        #expect(summary.expenses.unknownAmount == (try Self.money("3.00")))
        #expect(summary.expenses.notDeductible.map(\.amount) == [try Self.money("12.00")])
        #expect(summary.notes.contains { $0.contains("umbrella") && $0.contains("not deducted") })

        let standard = try #require(summary.standard)
        // Line 9: 130.68 + parking 15.00 + tolls 5.50; line 10 the withheld fees; 22 the bag; 25 the phone; 27a misc.
        #expect(Self.line(standard, "9") == (try Self.money("151.18")))
        #expect(Self.line(standard, "10") == (try Self.money("200.00")))
        #expect(Self.line(standard, "22") == (try Self.money("25.00")))
        #expect(Self.line(standard, "25") == (try Self.money("60.00")))
        #expect(Self.line(standard, "27a") == (try Self.money("4.00")))
        #expect(standard.lines.map(\.line) == ["9", "10", "22", "25", "27a"])
        #expect(standard.totalExpenses == (try Self.money("440.18")))
        #expect(standard.netProfit == (try Self.money("1879.82")))
        // SE: 1879.82 x 0.9235 = 1736.01377 -> 1736.01; x 0.124 = 215.26524 -> 215.27; x 0.029 = 50.34429 -> 50.34.
        let se = try #require(standard.selfEmploymentTax)
        #expect(se.netEarnings == (try Self.money("1736.01")))
        #expect(se.socialSecurity == (try Self.money("215.27")))
        #expect(se.medicare == (try Self.money("50.34")))
        #expect(se.total == (try Self.money("265.61")))
        // Half of 265.61 is 132.805 -> 132.81.
        #expect(se.deductibleHalf == (try Self.money("132.81")))

        // Actual: 5000.0 odometer miles; share 180.25 / 5000 = 3.605%.
        #expect(summary.businessSharePercent == "3.61%")
        let actual = try #require(summary.actual)
        // 120 x 0.03605 = 4.326 -> 4.33; 30 -> 1.0815 -> 1.08; 600 -> 21.63; + 15.00 + 5.50 = 47.54.
        #expect(Self.line(actual, "9") == (try Self.money("47.54")))
        #expect(actual.totalExpenses == (try Self.money("336.54")))
        #expect(actual.netProfit == (try Self.money("1983.46")))
        // 1983.46 x 0.9235 = 1831.72531 -> 1831.73; SS 227.13452 -> 227.13; Medicare 53.12017 -> 53.12; half of 280.25 -> 140.13.
        let actualSE = try #require(actual.selfEmploymentTax)
        #expect(actualSE.total == (try Self.money("280.25")))
        #expect(actualSE.deductibleHalf == (try Self.money("140.13")))
    }

    @Test("the year to the end of the third period: its shifts, its expenses by local date, its payments")
    func thirdPeriod() throws {
        let (facts, expenses) = try Self.year2026()
        let payments = [("2026-04-14", "100.00"), ("2026-09-15", "50.00"), ("2026-09-16", "75.00")]
        let summary = try TaxSummary(request: try Self.request(2026, 3, method: .standard, payments: payments), facts: facts, expenses: expenses)
        #expect(summary.request.span.end == (try Day(parsing: "2026-09-01")))
        #expect(summary.request.period.dueDate == (try Day(parsing: "2026-09-15")))
        // 1800 + 20; fees 200; miles 150.25 x 0.725 = 108.93125 -> 108.93; line 9 = 108.93 + 15 + 5.50 = 129.43.
        #expect(summary.grossReceipts == (try Self.money("1820.00")))
        let standard = try #require(summary.standard)
        #expect(Self.line(standard, "9") == (try Self.money("129.43")))
        // Expenses of Sep 1 (the bag) and Nov 1 (insurance) are outside; the phone of Aug 31, 23:00 is in.
        #expect(Self.line(standard, "22") == nil)
        #expect(Self.line(standard, "25") == (try Self.money("60.00")))
        #expect(Self.line(standard, "27a") == (try Self.money("4.00")))
        // 1820 - (200 + 129.43 + 60 + 4) = 1426.57.
        #expect(standard.netProfit == (try Self.money("1426.57")))
        // 1426.57 x 0.9235 = 1317.437395 -> 1317.44; SS 163.36256 -> 163.36; Medicare 38.20576 -> 38.21.
        #expect(standard.selfEmploymentTax?.total == (try Self.money("201.57")))
        // Paid by Sep 15: 100 + 50 (the 16th's does not count against this period).
        #expect(standard.paid == (try Self.money("150.00")))
        #expect(standard.payment == (try Self.money("51.57")))
        #expect(summary.actual == nil)
    }

    @Test("income tax only at the driver's rate, on the profit less half the SE tax; payments beyond it are shown as overpaid")
    func incomeTaxAndPayments() throws {
        let (facts, expenses) = try Self.year2026()
        let paid = [("2026-04-14", "100.00"), ("2026-09-15", "50.00"), ("2027-01-14", "200.00")]
        let without = try TaxSummary(request: try Self.request(2026, method: .standard, payments: paid), facts: facts, expenses: expenses)
        // 265.61 owed, 350.00 paid by Jan 15, 2027.
        #expect(without.standard?.incomeTax == nil)
        #expect(without.standard?.payment == Money.zero)
        #expect(without.standard?.overpaid == (try Self.money("84.39")))
        let with = try TaxSummary(request: try Self.request(2026, method: .standard, payments: paid, incomeTaxRate: "0.12"),
                                  facts: facts, expenses: expenses)
        // (1879.82 - 132.81) x 0.12 = 209.6412 -> 209.64; 265.61 + 209.64 - 350.00 = 125.25.
        #expect(with.standard?.incomeTax == (try Self.money("209.64")))
        #expect(with.standard?.payment == (try Self.money("125.25")))
    }

    @Test("the wage base caps Social Security: 2025's $176,100, less W-2 wages")
    func wageBaseCrossed() throws {
        let facts = [try Self.shift(1, "2025-03-03T09:00", platform: "Uber", source: .typed, gross: "200000.00")]
        let summary = try TaxSummary(request: try Self.request(2025, method: .standard), facts: facts, expenses: [])
        let se = try #require(summary.standard?.selfEmploymentTax)
        // 200,000 x 0.9235 = 184,700; SS on 176,100 = 21,836.40; Medicare on all = 5,356.30.
        #expect(se.netEarnings == Money(184_700))
        #expect(se.socialSecurityEarnings == Money(176_100))
        #expect(se.socialSecurity == (try Self.money("21836.40")))
        #expect(se.medicare == (try Self.money("5356.30")))
        #expect(se.total == (try Self.money("27192.70")))
        #expect(se.deductibleHalf == (try Self.money("13596.35")))
        // With 100,000 of wages, 76,100 of the base is left: 9,436.40.
        let wages = try TaxSummary(request: try Self.request(2025, method: .standard, wages: "100000"), facts: facts, expenses: [])
        #expect(wages.standard?.selfEmploymentTax?.socialSecurity == (try Self.money("9436.40")))
        // 2026's base is 184,500: the same profit there pays SS on 184,500 = 22,878.00.
        let next = try TaxSummary(request: try Self.request(2026, method: .standard),
                                  facts: [try Self.shift(1, "2026-03-03T09:00", platform: "Uber", source: .typed, gross: "200000.00")], expenses: [])
        #expect(next.standard?.selfEmploymentTax?.socialSecurity == (try Self.money("22878.00")))
    }

    @Test("nothing is due under $400 of net earnings", arguments: [("433.00", true, "0.00"), ("433.15", false, "61.20")])
    func threshold(profit: String, below: Bool, total: String) throws {
        // 433.00 x 0.9235 = 399.8755 -> 399.88 (under); 433.15 -> 400.01: SS 49.60, Medicare 11.60.
        let facts = [try Self.shift(1, "2026-03-03T09:00", platform: "Uber", source: .typed, gross: profit)]
        let se = try #require(try TaxSummary(request: try Self.request(2026, method: .standard), facts: facts, expenses: []).standard?.selfEmploymentTax)
        #expect(se.belowThreshold == below)
        #expect(se.total == (try Self.money(total)))
    }

    @Test("2022's two rates: each shift's miles at the rate of its date")
    func rateChangeInsideYear() throws {
        let facts = [
            try Self.shift(1, "2022-06-30T09:00", platform: "Uber", gross: "300.00", miles: 100),
            try Self.shift(2, "2022-07-01T09:00", platform: "Uber", gross: "300.00", miles: 100),
        ]
        let summary = try TaxSummary(request: try Self.request(2022, method: .standard), facts: facts, expenses: [])
        // 100 x 0.585 = 58.50 and 100 x 0.625 = 62.50.
        #expect(summary.mileage.rows.map(\.value) == [try Self.money("58.50"), try Self.money("62.50")])
        #expect(summary.mileage.deduction == (try Self.money("121.00")))
        // 600 - 121 = 479; x 0.9235 = 442.3565 -> 442.36; SS 54.85264 -> 54.85; Medicare 12.82844 -> 12.83.
        #expect(summary.standard?.selfEmploymentTax?.total == (try Self.money("67.68")))
    }

    @Test("the actual method needs the odometer, and refuses business miles beyond it")
    func actualNeedsOdometer() throws {
        let (facts, expenses) = try Self.year2026()
        let none = try TaxSummary(request: try Self.request(2026), facts: facts, expenses: expenses)
        #expect(none.actual == nil)
        #expect(none.actualUnavailable?.contains("vehicle odometer --year 2026") == true)
        #expect(none.standard != nil)
        // 100.0 odometer miles against 180.25 business miles.
        let short = try TaxSummary(request: try Self.request(2026, vehicleTenths: 1_000), facts: facts, expenses: expenses)
        #expect(short.actual == nil)
        #expect(short.actualUnavailable?.contains("exceed") == true)
    }

    @Test("no earnings recorded is no profit, never a profit of zero")
    func nilIsNotZero() throws {
        let facts = [try Self.shift(1, "2026-03-03T09:00", platform: nil, gross: nil, miles: 10)]
        let summary = try TaxSummary(request: try Self.request(2026), facts: facts, expenses: [])
        #expect(summary.grossReceipts == nil)
        #expect(summary.standard == nil)
        let empty = try TaxSummary(request: try Self.request(2026, method: .standard), facts: [], expenses: [])
        #expect(empty.grossReceipts == Money.zero)
        #expect(empty.standard?.selfEmploymentTax?.total == Money.zero)
    }

    @Test("the $400 threshold is the year's: before the year ends the tax on the year to date is estimated")
    func thresholdIsTheYears() throws {
        // 433.00 x 0.9235 = 399.88: under $400, but in TQ1 the estimate is made: SS 49.58512 -> 49.59, Medicare 11.59652 -> 11.60.
        let facts = [try Self.shift(1, "2026-03-03T09:00", platform: "Uber", source: .typed, gross: "433.00")]
        let first = try TaxSummary(request: try Self.request(2026, 1, method: .standard), facts: facts, expenses: [])
        let se = try #require(first.standard?.selfEmploymentTax)
        #expect(se.belowThreshold == false)
        #expect(se.total == (try Self.money("61.19")))
        #expect(first.notes.contains { $0.contains("judged on the whole year") })
    }

    @Test("the business-use share is the year's, also for a period before the year ends")
    func shareIsTheYears() throws {
        let (facts, expenses) = try Self.year2026()
        // To the end of TQ3 the shifts hold 150.25 miles, the year 180.25: the share is 180.25 / 5000.
        let summary = try TaxSummary(request: try Self.request(2026, 3, vehicleTenths: 50_000), facts: facts, expenses: expenses)
        #expect(summary.mileage.businessHundredths == 15_025)
        #expect(summary.businessShare?.business == 18_025)
        #expect(summary.businessSharePercent == "3.61%")
    }

    @Test("no rate table: the standard method is not computed, and says why")
    func standardNeedsRates() throws {
        let (facts, expenses) = try Self.year2026()
        let summary = try TaxSummary(request: try Self.request(2026, method: .standard, rates: false), facts: facts, expenses: expenses)
        #expect(summary.standard == nil)
        #expect(summary.notes.contains { $0.contains("Standard method: not computed") })
    }

    @Test("the report groups expenses by the tax summary's map: gas is fuel in both")
    func reportUsesTheMap() throws {
        let (facts, expenses) = try Self.year2026()
        let summary = try TaxSummary(request: try Self.request(2026), facts: facts, expenses: expenses)
        let byCategory = summary.total.expensesByCategory
        #expect(byCategory["fuel"] == (try Self.money("120.00")))
        #expect(byCategory["vehicle maintenance"] == (try Self.money("30.00")))
        #expect(byCategory[ExpenseCategoryMap.unmapped] == (try Self.money("3.00")))
        #expect(byCategory["not deductible"] == (try Self.money("12.00")))
        // Without a map, the store's own list: gas is `other`.
        var plain = try Self.request(2026).reportRequest
        plain.categories = nil
        #expect(try Report(request: plain, facts: facts, expenses: expenses).total.expensesByCategory["fuel"] == nil)
    }

    @Test("tips not recorded anywhere are no figure, never 0.00")
    func tipsNotRecorded() throws {
        let facts = [try Self.shift(1, "2026-03-03T09:00", platform: "Uber", source: .typed, gross: "100.00")]
        #expect(try TaxSummary(request: try Self.request(2026), facts: facts, expenses: []).tips == nil)
    }
}

@Suite("Estimated-tax due dates")
struct EstimatedTaxDueDateTests {
    @Test("a due date on a weekend or a legal holiday moves to the next business day", arguments: [
        (2026, 3, "2026-09-15"), (2026, 4, "2027-01-15"), (2026, 1, "2026-04-15"), (2026, 2, "2026-06-15"),
        // June 15, 2025 was a Sunday.
        (2025, 2, "2025-06-16"),
        // April 16, 2022 a Saturday: Emancipation Day observed Friday the 15th; so Monday the 18th.
        (2022, 1, "2022-04-18"),
        // April 15, 2023 a Saturday, the 16th a Sunday observed Monday the 17th: Tuesday the 18th.
        (2023, 1, "2023-04-18"), (2017, 1, "2017-04-18"),
        // January 15, 2022 a Saturday, Monday the 17th Martin Luther King Jr. Day: the 18th.
        (2021, 4, "2022-01-18"), (2027, 4, "2028-01-18"),
        (2024, 4, "2025-01-15"),
    ])
    func dueDates(year: Int, number: Int, due: String) throws {
        let period = try #require(EstimatedTaxPeriod(year: year, number: number))
        #expect(period.dueDate == (try Day(parsing: due)))
    }

    @Test("the period a day falls in, at each edge", arguments: [("2026-03-31", 1), ("2026-04-01", 2), ("2026-05-31", 2), ("2026-06-01", 3),
                                                               ("2026-08-31", 3), ("2026-09-01", 4), ("2026-12-31", 4), ("2026-01-01", 1)])
    func containing(day: String, number: Int) throws {
        #expect(EstimatedTaxPeriod(containing: try Day(parsing: day))?.number == number)
    }

    @Test("the periods are 3, 2, 3 and 4 months, and the year to date starts on January 1")
    func spans() throws {
        let ends = try (1...4).map { try #require(EstimatedTaxPeriod(year: 2026, number: $0)).span.end.description }
        #expect(ends == ["2026-04-01", "2026-06-01", "2026-09-01", "2027-01-01"])
        #expect(try #require(EstimatedTaxPeriod(year: 2026, number: 3)).yearToDate.start == (try Day(parsing: "2026-01-01")))
        #expect(EstimatedTaxPeriod(year: 2026, number: 5) == nil)
    }
}
