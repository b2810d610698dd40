@testable import DashImport
import DashModel
import Foundation
import Testing

/// Issue 27: every amount of a statement lands in one class, and the classes add up to the
/// file's total as the file signs it.
@Suite struct FileAccountTests {
    static func read(_ name: String, _ text: String) throws -> (reader: ShiftRowReader, skipped: [SkippedRow]) {
        var reader = ShiftRowReader(template: try #require(try StatementTemplate.builtIn(name)), zone: UberPersonalDataTests.chicago)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        #expect(result.problems.isEmpty, "\(result.problems)")
        return (reader, result.skipped)
    }

    /// Uber's 2025 payments layout: fares and tips on trips, commission as fees (negative), a
    /// payout and cash collected named as what they are, each with its amount.
    @Test func aPaymentsFileIsSplitIntoItsClasses() throws {
        let (reader, skipped) = try Self.read("uber-driver-payments", UberPersonalDataTests.paymentsHeader + """
            Chicago,10.00,USD,transport.fare.base,driver_payment_fares,2026-11-20 17:31:02
            Chicago,-2.50,USD,intermediary.commission,commission,2026-11-20 17:31:02
            Chicago,3.00,USD,transport.misc.tip,tip,2026-11-20 17:31:02
            Chicago,-40.00,USD,payout.weekly,payout,2026-11-23 04:00:00
            Chicago,-6.00,USD,cash,cash_collected,2026-11-20 17:31:02

            """)
        let account = FileAccount.of(reader, skipped: skipped)
        #expect(account.amount(of: .onTrips) == Money(units: 130_000))
        #expect(account.amount(of: .fees) == Money(units: -25_000))
        #expect(account.amount(of: FileAccount.Class(notIncome: "payouts")) == Money(units: -400_000))
        #expect(account.amount(of: FileAccount.Class(notIncome: "cash collected")) == Money(units: -60_000))
        #expect(account.total == Money(units: (1_000 - 250 + 300 - 4_000 - 600) * 100), "the file's own sum")
        #expect(skipped.map(\.line) == [5, 6] && skipped.map(\.account.name) == ["payouts", "cash collected"])
    }

    /// A line with no trip is income on no trip, with a kind; a totals row counts as one.
    @Test func triplessLinesAreIncomeAndTotalsRowsAreNot() throws {
        let (reader, skipped) = try Self.read("uber-payments", """
            transaction UUID,Driver UUID,Trip UUID,Description,vs reporting,Paid to you,Paid to you : Your earnings,Paid to you:Your earnings:Tip
            a1,d1,t1,trip completed order,2026-11-14 11:21:45.120 -0600 CST,9.87,9.87,
            a2,d1,,Quest promotion,2026-11-15 09:00:00.000 -0600 CST,51.47,51.47,
            a3,d1,,Referral bonus,2026-11-15 09:00:00.000 -0600 CST,100.00,100.00,
            a4,d1,,Support Adjustment: t1,2026-11-15 09:00:00.000 -0600 CST,-2.00,-2.00,
            a5,d1,,so.payout,2026-11-16 04:00:00.000 -0600 CST,-159.34,,

            """)
        #expect(reader.triplessLines.map(\.kind) == [.quest, .referral, .adjustment])
        #expect(Set(reader.triplessLines.map(\.recordKey)).count == 3, "each line's id is its key")
        let account = FileAccount.of(reader, skipped: skipped)
        #expect(account.amount(of: .otherIncome) == Money(units: 1_494_700))
        #expect(account.amount(of: .onTrips) == Money(units: 98_700))
        #expect(account.total == Money(units: 1_593_400), "the earnings column's own sum")
        let payouts = try #require(account.entries.first { $0.account.name == "payouts" })
        #expect(payouts.rows == 1 && payouts.withAmount == 0, "its money is in a column the template does not read")
        let log = try Self.read("shift-log", "Date,Start,End,Platform,Earnings\n2026-11-02,11:00,14:00,DoorDash,60.00\nTotal,,,,60.00\n")
        let logAccount = FileAccount.of(log.reader, skipped: log.skipped)
        #expect(logAccount.amount(of: .onShifts) == Money(units: 600_000))
        #expect(logAccount.amount(of: FileAccount.Class(notIncome: "totals rows")) == Money(units: 600_000))
    }

    /// A trip-less line's currency is the file's like any line's: the one-currency rule sees it.
    @Test func aTriplessLinesCurrencyIsTheFiles() throws {
        let template = try StatementTemplate.parse(Array("""
            {"name": "lines", "kind": "moneyLines", "platform": "Uber", "timeFormat": "yyyy-MM-dd HH:mm:ss", "tipsAre": "within",
             "columns": {"trip": ["trip"], "time": ["time"], "amount": ["amount"], "currency": ["currency"]}}
            """.utf8), file: "lines.json")
        var reader = ShiftRowReader(template: template, zone: UberPersonalDataTests.chicago)
        Array("Trip,Time,Amount,Currency\nt1,2026-11-14 11:00:00,9.87,USD\n,2026-11-15 09:00:00,50.00,EUR\n".utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        // Two currencies in one file are refused (docs/templates.md), the trip-less line's included.
        #expect(reader.triplessLines.count == 1 && reader.currencies == ["USD", "EUR"], "\(reader.currencies) \(result.problems)")
    }

    /// What the store keeps reads back as it was written, skipped rows bounded.
    @Test func theStoredAccountReadsBack() throws {
        var account = FileAccount()
        account.add(.onTrips, Money(units: 123_400), rows: 3)
        account.add(.otherIncome, Money(units: -5_000))
        account.add(.fees, Money(units: -20_000), rows: 2)
        account.add(FileAccount.Class(notIncome: "payouts"), nil)
        let skipped = (1...1_500).map { SkippedRow(line: $0 + 1, reason: "", account: FileAccount.Class(notIncome: "payouts"),
                                                     amount: $0.isMultiple(of: 2) ? Money(units: Int64($0)) : nil) }
        let stored = StoredAccount(account: account, skipped: skipped)
        let back = try #require(StoredAccount.parse(stored.text))
        #expect(back.account == account && back.skippedCount == 1_500 && back.skipped.count == StoredAccount.keptSkips)
        #expect(back.skipped.map(\.amount) == stored.skipped.map(\.amount) && back.skipped.map(\.line) == stored.skipped.map(\.line))
        #expect(StoredAccount.parse("class\tx\tincome\tnot a number\t1") == nil && StoredAccount.parse("nonsense") == nil)
    }
}
