@testable import DashImport
import DashModel
import Foundation
import Testing

/// Issue 13's reader defects, each as the driver met it, through API that existed before the
/// fix (so each test was seen failing on the code as it was): tips on top refused (item 7), a
/// fleet file of two drivers read as one person's (item 9), letter case making new records
/// (item 11), two currencies or a contradicting sign read as one.
@Suite struct ReaderReproductionTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt

    static func template(_ json: String) throws -> StatementTemplate { try StatementTemplate.parse(Array(json.utf8), file: "mine.json") }

    static func read(_ template: StatementTemplate, _ text: String) -> (reader: ShiftRowReader, problems: [RowProblem]) {
        var reader = ShiftRowReader(template: template, zone: chicago)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        return (reader, result.problems)
    }

    /// Item 7: `Pay 3.00, Tips 5.00` (tips on top) was refused as "the tips within a delivery's
    /// pay cannot be more than its pay"; with `tipsAre: onTop` the delivery earned 8.00, 5.00 tips.
    @Test func tipsOnTopOfPayAreNotRefused() throws {
        let template = try Self.template("""
            {"name": "on-top", "kind": "deliveries", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm", "tipsAre": "onTop",
             "columns": {"date": "date", "accepted": "accepted", "delivered": "delivered", "pay": "pay", "tips": "tips"}}
            """)
        let (reader, problems) = Self.read(template, "Date,Accepted,Delivered,Pay,Tips\n2026-11-05,16:50,17:12,3.00,5.00\n")
        #expect(problems.isEmpty, "\(problems)")
        let own = try #require(reader.deliveries.first?.own)
        #expect(own.amount == Money(8) && own.tips == Money(5))
    }

    /// Item 7 for a shift log: `Earnings 20.00, Tips 25.00` on top is 45.00 of which 25.00 tips.
    @Test func shiftTipsOnTopOfGross() throws {
        let template = try Self.template("""
            {"name": "on-top", "kind": "shifts", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm", "tipsAre": "onTop",
             "columns": {"date": "date", "start": "start", "end": "end", "gross": "earnings", "tips": "tips"}}
            """)
        let (reader, problems) = Self.read(template, "Date,Start,End,Earnings,Tips\n2026-11-05,16:40,18:06,20.00,25.00\n")
        #expect(problems.isEmpty, "\(problems)")
        let earnings = try #require(reader.rows.first?.earnings)
        #expect(earnings.amount == Money(45) && earnings.tips == Money(25))
    }

    /// Item 11: a re-exported delivery log that changed only the case of the platform and the
    /// pickup made new deliveries (pay 35.75 became 52.00): the rows' keys must be equal.
    @Test func letterCaseGivesTheSameDeliveryKey() throws {
        let template = try #require(try StatementTemplate.builtIn("delivery-log"))
        let header = "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n"
        let first = Self.read(template, header + "2026-11-05,16:50,17:12,DoorDash,7.25,2.50,Taco Joint\n").reader.deliveries
        let again = Self.read(template, header + "2026-11-05,16:50,17:12,doordash,7.25,2.50,TACO JOINT\n").reader.deliveries
        #expect(first.count == 1 && again.count == 1)
        #expect(first.first?.recordKey == again.first?.recordKey)
    }

    /// Item 11 for money lines: trip and line ids in another case are the same line of the same trip.
    @Test func letterCaseGivesTheSameLineAndTripKeys() throws {
        let template = try #require(try StatementTemplate.builtIn("uber-payments"))
        let header = "transaction UUID,Trip UUID,Description,vs reporting,Paid to you:Your earnings,Paid to you:Your earnings:Tip\n"
        let stamp = "2026-11-14 11:58:35.004 -0600 CST"
        let lower = Self.read(template, header + "7f0c-0002,5d1e-0002,trip completed order,\(stamp),12.40,3.00\n").reader.moneyLines
        let upper = Self.read(template, header + "7F0C-0002,5D1E-0002,Trip Completed Order,\(stamp),12.40,3.00\n").reader.moneyLines
        #expect(lower.first?.recordKey == upper.first?.recordKey)
        #expect(lower.first?.tripKey == upper.first?.tripKey)
    }

    /// Item 11 for expenses: `parking` then `Parking` (and a note's case) was added twice.
    @Test func letterCaseGivesTheSameExpenseKey() throws {
        func key(_ row: String) throws -> RecordKey? {
            var reader = ExpenseRowReader(template: try ExpenseTemplate.builtIn(), zone: Self.chicago)
            Array(("Date,Amount,Category,Note\n" + row + "\n").utf8).withUnsafeBytes { reader.feed($0) }
            return reader.finish().rows.first?.recordKey
        }
        let first = try key("2026-11-07,6.00,parking,downtown lot")
        #expect(first != nil)
        #expect(try key("2026-11-07,6.00,Parking,Downtown Lot") == first)
        #expect(try key("2026-11-07,6.00,parking,uptown lot") != first)
    }

    /// Item 9: a fleet portal's payments report with two drivers' rows was read as one person's
    /// record; without a driver picked it is refused with one problem at the driver column.
    @Test func aFileOfTwoDriversIsRefused() throws {
        let template = try #require(try StatementTemplate.builtIn("uber-payments"))
        let header = "transaction UUID,Driver UUID,Trip UUID,Description,vs reporting,Paid to you:Your earnings,Paid to you:Your earnings:Tip\n"
        let stamp = "2026-11-14 11:58:35.004 -0600 CST"
        let (_, problems) = Self.read(template, header + """
            t-1,driver-a,trip-1,trip completed order,\(stamp),9.87,
            t-2,driver-b,trip-2,trip completed order,\(stamp),12.40,3.00
            t-3,DRIVER-A,trip-3,trip completed order,\(stamp),5.00,

            """)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.column == "driver")
        #expect(problems.first?.message.contains("'Driver UUID' holds 2 different driver ids") == true, "\(problems)")
        #expect(problems.allSatisfy { !$0.description.contains("driver-") }, "an id's text in a message")
    }

    /// One currency: a personal-data payments file with USD and MXN lines (both seen in real
    /// downloads) is refused, naming both.
    @Test func aFileOfTwoCurrenciesIsRefused() throws {
        let template = try #require(try StatementTemplate.builtIn("uber-driver-payments"))
        let (_, problems) = Self.read(template, """
            City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp
            Chicago,7.50,USD,x,driver_payment_fares,2026-11-21 17:58:12
            Mexico City,61.00,MXN,x,driver_payment_fares,2026-11-21 18:40:03

            """)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.column == "currency")
        #expect(problems.first?.message.contains("MXN and USD") == true, "\(problems)")
    }

    /// A `$` amount in a file whose template says EUR is a problem at that cell, never a euro amount.
    @Test func aDollarSignInAEuroFileIsAProblem() throws {
        let template = try Self.template("""
            {"name": "euro", "kind": "deliveries", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm", "currency": "EUR",
             "columns": {"date": "date", "accepted": "accepted", "delivered": "delivered", "pay": "pay"}}
            """)
        let (reader, problems) = Self.read(template, "Date,Accepted,Delivered,Pay\n2026-11-05,16:50,17:12,€7.25\n2026-11-05,17:20,17:44,$9.00\n")
        #expect(problems.map { "\($0.line) \($0.column ?? "-")" } == ["3 pay"], "\(problems)")
        #expect(problems.first?.message == "an amount written with '$' in a row whose currency is EUR")
        #expect(reader.deliveries.count == 1)
    }
}
