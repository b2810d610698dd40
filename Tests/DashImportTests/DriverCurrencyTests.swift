@testable import DashImport
import DashModel
import Foundation
import Testing

/// One driver, one currency (docs/record.md, "Dry runs, bad files, one driver, one currency").
@Suite struct DriverCurrencyTests {
    static let header = "transaction UUID,Driver UUID,Trip UUID,Description,vs reporting,Paid to you:Your earnings,Paid to you:Your earnings:Tip\n"
    static let stamp = "2026-11-14 11:58:35.004 -0600 CST"
    static let fleet = header + """
        t-1,driver-a,trip-1,trip completed order,\(stamp),9.87,
        t-2,driver-b,trip-2,trip completed order,\(stamp),12.40,3.00
        t-3,DRIVER-A,trip-3,trip completed order,\(stamp),5.00,
        t-4,,trip-4,trip completed order,\(stamp),1.00,
        t-5,driver-c,,so.payout,\(stamp),-20.00,

        """

    static func payments() throws -> StatementTemplate { try #require(try StatementTemplate.builtIn("uber-payments")) }

    /// With a driver picked, other drivers' rows (and rows naming none) are skipped and counted;
    /// ids compare case-insensitively; the row keeps its driver as written.
    @Test func aDriverPicksItsRows() throws {
        let result = MoneyKindTests.read(try Self.payments(), Self.fleet, driver: "Driver-A")
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.reader.moneyLines.map(\.line) == [2, 4])
        #expect(result.reader.moneyLines.map(\.driver) == ["driver-a", "DRIVER-A"])
        #expect(result.reader.otherDriverRows == 2)
        #expect(result.skipped.map { "\($0.line) \($0.reason)" } == [
            "3 another driver's row", "5 no driver: not the driver asked for", "6 description is 'so.payout'",
        ])
        #expect(result.reader.driver == "Driver-A")
    }

    /// A payout row of a third driver is skipped by rule before the driver is looked at: only
    /// the rows read count toward "several drivers".
    @Test func withoutAPickTwoDriversAreOneProblem() throws {
        let result = MoneyKindTests.read(try Self.payments(), Self.fleet)
        #expect(result.problems.map(\.description) == [
            "1: driver: the driver column 'Driver UUID' holds 2 different driver ids: a file of several drivers is refused unless one is picked (--driver ID)",
        ])
    }

    @Test func aPickThatMatchesNoRowIsAProblem() throws {
        let none = MoneyKindTests.read(try Self.payments(), Self.fleet, driver: "driver-z")
        #expect(none.problems.map(\.description) == [
            "1: driver: no row is the driver asked for (8 characters: letters and '-'): the driver column 'Driver UUID' holds 2 other ids",
        ])
        #expect(none.reader.moneyLines.isEmpty)
        let noColumn = MoneyKindTests.read(try #require(try StatementTemplate.builtIn("uber-driver-payments")),
                                           "City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp\n", driver: "x")
        #expect(noColumn.problems.map(\.description) == [
            "1: driver: the driver asked for (1 character: a letter) cannot be picked: the template 'uber-driver-payments' maps no driver column",
        ])
        let missing = MoneyKindTests.read(try Self.payments(), "transaction UUID,Trip UUID,vs reporting,Paid to you:Your earnings\n", driver: "x")
        #expect(missing.problems.map(\.description).contains { $0.contains("cannot be picked: no driver column (the template looks for 'driver uuid')") },
                "\(missing.problems)")
    }

    /// A file of one driver (the shipped sample) reads as before, without a pick.
    @Test func oneDriverNeedsNoPick() throws {
        let result = MoneyKindTests.read(try Self.payments(), try MoneyKindTests.sample("uber-payments-2026-11-09.csv"))
        #expect(result.problems.isEmpty)
        #expect(result.reader.moneyLines.count == 3 && result.reader.otherDriverRows == 0)
    }

    /// Halves decoded on two threads merge their drivers: the same problem, the same skips.
    @Test func driversMergeAcrossThreads() throws {
        var text = Self.header
        for n in 0..<3_000 { text += "t-\(n),driver-\(n % 1_500 == 7 ? "b" : "a"),trip-\(n),x,\(Self.stamp),1.00,\n" }
        for driver in [nil, "driver-a"] {
            var one = ShiftRowReader(template: try Self.payments(), zone: ReaderReproductionTests.chicago, driver: driver)
            var two = ShiftRowReader(template: try Self.payments(), zone: ReaderReproductionTests.chicago, driver: driver)
            one.parallelRecords = .max
            two.parallelRecords = 100
            Array(text.utf8).withUnsafeBytes { one.feed($0); two.feed($0) }
            let (a, b) = (one.finish(), two.finish())
            #expect(a.problems == b.problems && a.skipped.map(\.line) == b.skipped.map(\.line))
            #expect(one.moneyLines == two.moneyLines && one.otherDriverRows == two.otherDriverRows)
            #expect(driver == nil ? a.problems.count == 1 : one.otherDriverRows == 2, "\(a.problems)")
        }
    }

    // MARK: - Currency

    static func deliveries(currency: String?, column: Bool) throws -> StatementTemplate {
        try MoneyKindTests.template("""
            {"name": "c", "kind": "deliveries", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm", "tipsAre": "within"\
            \(currency.map { #", "currency": "\#($0)""# } ?? ""),
             "columns": {"date": "date", "accepted": "accepted", "delivered": "delivered", "pay": "pay", "tips": "tips"\
            \(column ? #", "currency": "currency""# : "")}}
            """)
    }

    /// The column's code wins for its row, the template's fills a blank; a bad code is a problem
    /// at the cell (by shape); a sign is checked against the row's currency, a code too.
    @Test func eachRowHasItsCurrency() throws {
        let result = MoneyKindTests.read(try Self.deliveries(currency: "USD", column: true), """
            Date,Accepted,Delivered,Pay,Tips,Currency
            2026-11-05,16:50,17:12,$7.25,$1.00,usd
            2026-11-05,17:20,17:44,7.25,,
            2026-11-05,17:50,18:04,7.25,,dollars
            2026-11-05,18:10,18:24,7.25,€1.00,
            2026-11-05,18:30,18:44,EUR 7.25,,
            2026-11-05,18:50,19:04,7.25 USD,,USD

            """)
        #expect(result.problems.map(\.description) == [
            "4: currency: not a currency code (7 characters: letters): an ISO 4217 code is three letters, such as USD",
            "5: tips: an amount written with '€' in a row whose currency is USD",
            "6: pay: an amount written with EUR in a row whose currency is USD",
        ])
        #expect(result.reader.deliveries.map(\.currency) == ["USD", "USD", "USD"])
        #expect(result.reader.currencies == ["USD"])
    }

    /// A file whose rows name two currencies (a column against the template's) is one problem;
    /// without any currency a sign is decoration, as before.
    @Test func twoCurrenciesAreOneProblem() throws {
        let mixed = MoneyKindTests.read(try Self.deliveries(currency: "GBP", column: true), """
            Date,Accepted,Delivered,Pay,Tips,Currency
            2026-11-05,16:50,17:12,£7.25,,
            2026-11-05,17:20,17:44,7.25,,EUR
            2026-11-05,17:50,18:04,7.25,,CAD

            """)
        #expect(mixed.problems.map(\.description) == [
            "1: currency: the file names 3 currencies (CAD, EUR and GBP): amounts in two currencies never add; a file is in one",
        ])
        let plain = MoneyKindTests.read(try Self.deliveries(currency: nil, column: false), "Date,Accepted,Delivered,Pay,Tips\n2026-11-05,16:50,17:12,$7.25,€1.00\n")
        #expect(plain.problems.isEmpty && plain.reader.deliveries.first?.currency == nil)
    }

    @Test func amountTextReportsItsSign() throws {
        let dollars = try AmountText.read("$1,234.50", decimalMark: .point)
        #expect(dollars.amount == Money(units: 12_345_000) && dollars.currency == .dollar)
        #expect(try AmountText.read("(12 €)", decimalMark: .point).currency == .euro)
        #expect(try AmountText.read("-£3", decimalMark: .point).currency == .pound)
        #expect(try AmountText.read("12.00 GBP", decimalMark: .point).currency == .code("GBP"))
        #expect(try AmountText.read("12.00", decimalMark: .point).currency == nil)
        #expect(try AmountText.read("", decimalMark: .point).amount == nil)
        #expect(AmountCurrency.dollar.fits("CAD") && AmountCurrency.dollar.fits("MXN") && !AmountCurrency.dollar.fits("EUR"))
        #expect(AmountCurrency.euro.fits("EUR") && !AmountCurrency.pound.fits("EUR") && !AmountCurrency.code("USD").fits("CAD"))
        #expect(CurrencyCode.normalized("eUr") == "EUR" && CurrencyCode.normalized("EU") == nil && CurrencyCode.normalized("€UR") == nil)
    }
}
