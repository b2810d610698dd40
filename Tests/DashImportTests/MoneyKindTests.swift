@testable import DashImport
import DashModel
import Foundation
import Testing
import TestSupport

/// `tipsAre` and the kinds of money (docs/record.md, "Money" and "Tips"; docs/templates.md,
/// "Kinds of money, driver and currency").
@Suite struct MoneyKindTests {
    static func template(_ json: String) throws -> StatementTemplate { try StatementTemplate.parse(Array(json.utf8), file: "mine.json") }

    static func read(_ template: StatementTemplate, _ text: String, driver: String? = nil)
        -> (reader: ShiftRowReader, skipped: [SkippedRow], problems: [RowProblem]) {
        var reader = ShiftRowReader(template: template, zone: ReaderReproductionTests.chicago, driver: driver)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        return (reader, result.skipped, result.problems)
    }

    static func money(_ text: String) -> Money? { try? Money(parsing: text) }

    static func deliveries(_ tipsAre: String, extra: String = "") throws -> StatementTemplate {
        try template("""
            {"name": "d", "kind": "deliveries", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm", "tipsAre": "\(tipsAre)",
             "columns": {"date": "date", "accepted": "accepted", "delivered": "delivered", "pay": "pay", "tips": "tips"\(extra)}}
            """)
    }

    // MARK: - tipsAre

    struct BadKey: Sendable, CustomTestStringConvertible {
        let what: String
        let json: String
        let key: String
        let message: String
        var testDescription: String { what }
    }

    static let lines = #""kind": "moneyLines", "timeFormat": "yyyy-MM-dd HH:mm:ss""#
    static let lineColumns = #""trip": "trip", "time": "time", "amount": "amount""#
    static let badKeys: [BadKey] = [
        BadKey(what: "a tips column without tipsAre",
               json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"accepted": "a", "delivered": "d", "tips": "t"}}"#,
               key: "tipsAre", message: "is required of a template that reads tips"),
        BadKey(what: "tipsWhen without tipsAre",
               json: #"{"name": "t", \#(lines), "columns": {\#(lineColumns), "category": "c"}, "tipsWhen": {"column": "category", "values": ["tip"]}}"#,
               key: "tipsAre", message: "is required of a template that reads tips"),
        BadKey(what: "tipsAre of another word",
               json: #"{"name": "t", \#(lines), "tipsAre": "inside", "columns": {\#(lineColumns)}}"#,
               key: "tipsAre", message: #"must be "within""#),
        BadKey(what: "kindWhen on deliveries",
               json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"accepted": "a", "delivered": "d", "category": "c"}, "kindWhen": {"fee": {"column": "category", "values": ["fee"]}}}"#,
               key: "kindWhen", message: "is read only by a moneyLines template"),
        BadKey(what: "kindWhen naming pay",
               json: #"{"name": "t", \#(lines), "columns": {\#(lineColumns), "category": "c"}, "kindWhen": {"pay": {"column": "category", "values": ["fare"]}}}"#,
               key: "kindWhen.pay", message: "is not a kind a rule names"),
        BadKey(what: "kindWhen on an unmapped column",
               json: #"{"name": "t", \#(lines), "columns": {\#(lineColumns)}, "kindWhen": {"fee": {"column": "category", "values": ["fee"]}}}"#,
               key: "kindWhen.fee.column", message: "'category' is not a column this template maps"),
        BadKey(what: "a currency of four letters",
               json: #"{"name": "t", \#(lines), "currency": "USDX", "columns": {\#(lineColumns)}}"#,
               key: "currency", message: "must be an ISO 4217 code"),
        BadKey(what: "a fee column on money lines",
               json: #"{"name": "t", \#(lines), "columns": {\#(lineColumns), "fee": "fee"}}"#,
               key: "columns.fee", message: "is not a column of a moneyLines template"),
    ]

    @Test(arguments: badKeys)
    func newKeysNameTheirErrors(_ bad: BadKey) {
        do {
            let template = try StatementTemplate.parse(Array(bad.json.utf8), file: "mine.json")
            Issue.record("parsed as \(template.name): \(bad.what)")
        } catch let error as TemplateError {
            #expect(error.key == bad.key, "\(error)")
            #expect(error.message.contains(bad.message), "\(error)")
        } catch {
            Issue.record("not a TemplateError: \(error)")
        }
    }

    /// A template that reads no tips needs no `tipsAre`; the parsed values are kept.
    @Test func keysParse() throws {
        let plain = try Self.template(#"{"name": "t", \#(Self.lines), "columns": {\#(Self.lineColumns)}}"#)
        #expect(plain.tipsAre == nil && plain.kindWhen.isEmpty && plain.currency == nil)
        let full = try Self.template(#"""
            {"name": "t", \#(Self.lines), "tipsAre": "onTop", "currency": "eur", "columns": {\#(Self.lineColumns), "category": "c"},
             "kindWhen": {"fee": {"column": "category", "values": ["fee*"]}, "incentive": {"column": "category", "unless": ["fare", "fee*"]}}}
            """#)
        #expect(full.tipsAre == .onTop && full.currency == "EUR")
        #expect(full.kindWhen.keys.sorted { $0.rawValue < $1.rawValue } == [.fee, .incentive])
    }

    /// Within: tips above the pay stay refused (today's rule), and tips without a pay.
    @Test func withinKeepsTodaysRule() throws {
        let result = Self.read(try Self.deliveries("within"), "Date,Accepted,Delivered,Pay,Tips\n2026-11-05,16:50,17:12,3.00,5.00\n2026-11-05,17:20,17:44,,1.00\n")
        #expect(result.problems.map(\.description) == [
            "2: pay: the tips within a delivery's pay cannot be more than a delivery's pay itself",
            "3: tips: tips are given but the pay is blank: the tips are part of it",
        ])
    }

    /// On top: gross is pay plus tips; tips alone are the whole gross; a negative tip is refused.
    @Test func onTopAddsTheTips() throws {
        let result = Self.read(try Self.deliveries("onTop"), """
            Date,Accepted,Delivered,Pay,Tips
            2026-11-05,16:50,17:12,3.00,5.00
            2026-11-05,17:20,17:44,,1.00
            2026-11-05,17:50,18:04,4.00,
            2026-11-05,18:10,18:24,4.00,-1.00

            """)
        #expect(result.problems.map(\.description) == ["5: tips: tips cannot be negative"])
        #expect(result.reader.deliveries.map { "\($0.own?.amount.formatted() ?? "-") \($0.own?.tips?.formatted() ?? "-")" }
                == ["8.00 5.00", "1.00 1.00", "4.00 -"])
        #expect(result.reader.deliveries.map(\.amounts) == [
            KindAmounts(pay: Money(3), tips: Money(5)), KindAmounts(tips: Money(1)), KindAmounts(pay: Money(4)),
        ])
    }

    // MARK: - Kinds by column

    /// Incentive, adjustment and fee columns: gross is pay, tips, incentives and adjustments; a
    /// fee is positive whichever sign it is written with and never in gross.
    @Test func kindColumnsOfDeliveries() throws {
        let template = try Self.deliveries("within", extra: #", "incentive": "peak", "adjustment": "adjust", "fee": "fee""#)
        let result = Self.read(template, """
            Date,Accepted,Delivered,Pay,Tips,Peak,Adjust,Fee
            2026-11-05,16:50,17:12,10.00,4.00,2.00,-1.50,-0.75
            2026-11-05,17:20,17:44,10.00,,,,0.75
            2026-11-05,17:50,18:04,,,3.00,,
            2026-11-05,18:10,18:24,1.00,,,-2.00,
            2026-11-05,18:30,18:44,1.00,,-2.00,,

            """)
        #expect(result.problems.map(\.description) == [
            "5: adjustment: a delivery's pay cannot be negative",
            "6: incentive: an incentive cannot be negative (a reversal is an adjustment)",
        ])
        let rows = result.reader.deliveries
        #expect(rows.map(\.amounts) == [
            KindAmounts(pay: Money(6), tips: Money(4), incentives: Money(2), adjustments: Self.money("-1.50"), fees: Self.money("0.75")),
            KindAmounts(pay: Money(10), fees: Self.money("0.75")),
            KindAmounts(incentives: Money(3)),
        ])
        #expect(rows.map { $0.own?.amount.formatted() ?? "-" } == ["10.50", "10.00", "3.00"])
        #expect(rows.map { $0.amounts.gross?.formatted() ?? "-" } == ["10.50", "10.00", "3.00"], "gross: own's amount, fees apart")
        #expect(rows[0].own?.tips == Money(4))
    }

    /// The kinds are part of what a row says: another split of the same gross is another row;
    /// a row with none keeps the key a template without kind columns gives it.
    @Test func kindsArePartOfTheKey() throws {
        let template = try Self.deliveries("within", extra: #", "incentive": "peak""#)
        let header = "Date,Accepted,Delivered,Pay,Tips,Peak\n"
        let whole = Self.read(template, header + "2026-11-05,16:50,17:12,10.00,,\n").reader.deliveries
        let split = Self.read(template, header + "2026-11-05,16:50,17:12,8.00,,2.00\n").reader.deliveries
        let plain = Self.read(try Self.deliveries("within"), "Date,Accepted,Delivered,Pay,Tips\n2026-11-05,16:50,17:12,10.00,\n").reader.deliveries
        #expect(whole.first?.own == split.first?.own)
        #expect(whole.first?.recordKey != split.first?.recordKey)
        #expect(whole.first?.recordKey == plain.first?.recordKey && whole.first != nil)
    }

    @Test func kindColumnsOfShifts() throws {
        let template = try Self.template("""
            {"name": "s", "kind": "shifts", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm", "tipsAre": "onTop",
             "columns": {"date": "date", "start": "start", "end": "end", "gross": "base", "tips": "tips", "incentive": "promotions",
                         "fee": "commission"}}
            """)
        let result = Self.read(template, "Date,Start,End,Base,Tips,Promotions,Commission\n2026-11-05,16:40,18:06,20.00,9.50,3.00,4.10\n")
        #expect(result.problems.isEmpty, "\(result.problems)")
        let row = try #require(result.reader.rows.first)
        #expect(row.earnings?.amount == Self.money("32.50") && row.earnings?.tips == Self.money("9.50"))
        #expect(row.amounts == KindAmounts(pay: Money(20), tips: Self.money("9.50"), incentives: Money(3), fees: Self.money("4.10")))
    }

    // MARK: - Kinds of money lines

    /// `tipsWhen` is a tip, `kindWhen` names the others in the order incentive, fee, adjustment,
    /// an unnamed line is pay or, when negative, an adjustment.
    @Test func moneyLineKinds() throws {
        let template = try Self.template(#"""
            {"name": "t", \#(Self.lines), "tipsAre": "within", "columns": {\#(Self.lineColumns), "category": "category", "tips": "tips"},
             "tipsWhen": {"column": "category", "values": ["tip"]},
             "kindWhen": {"incentive": {"column": "category", "values": ["promo*"]}, "fee": {"column": "category", "values": ["fee*", "promo fee"]},
                          "adjustment": {"column": "category", "values": ["adjust*"]}}}
            """#)
        let result = Self.read(template, """
            Trip,Time,Amount,Category,Tips
            t1,2026-11-05 17:00:00,9.00,fare,2.00
            t1,2026-11-05 17:00:00,2.50,tip,
            t1,2026-11-05 17:00:00,1.25,promotion,
            t1,2026-11-05 17:00:00,-0.80,fee,
            t1,2026-11-05 17:00:00,0.80,fee refund,
            t1,2026-11-05 17:00:00,-3.00,fare,
            t1,2026-11-05 17:00:00,1.00,adjustment,
            t1,2026-11-05 17:00:00,1.00,promo fee,

            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let lines = result.reader.moneyLines
        #expect(lines.map(\.kind) == [.pay, .tip, .incentive, .fee, .fee, .adjustment, .adjustment, .incentive])
        #expect(lines.map(\.amounts) == [
            KindAmounts(pay: Money(7), tips: Money(2)), KindAmounts(tips: Self.money("2.50")), KindAmounts(incentives: Self.money("1.25")),
            // A fee line counts as the store counts it (docs/templates.md): -0.80 kept 0.80, a
            // refund of 0.80 gave it back.
            KindAmounts(fees: Self.money("0.80")), KindAmounts(fees: Self.money("-0.80")), KindAmounts(adjustments: Money(-3)),
            KindAmounts(adjustments: Money(1)), KindAmounts(incentives: Money(1)),
        ])
        #expect(lines.map(\.amount) == [Money(9), Self.money("2.50"), Self.money("1.25"), Self.money("-0.80"), Self.money("0.80"), Money(-3), Money(1), Money(1)],
                "the amount stays as the file signs it")
    }

    /// On top, a money line's amount is its amount cell plus its tips cell.
    @Test func moneyLineTipsOnTop() throws {
        let template = try Self.template(#"{"name": "t", \#(Self.lines), "tipsAre": "onTop", "columns": {\#(Self.lineColumns), "tips": "tips"}}"#)
        let result = Self.read(template, "Trip,Time,Amount,Tips\nt1,2026-11-05 17:00:00,3.00,5.00\n")
        let line = try #require(result.reader.moneyLines.first)
        #expect(line.amount == Money(8) && line.tips == Money(5) && line.kind == .pay)
        #expect(line.amounts == KindAmounts(pay: Money(3), tips: Money(5)))
    }

    // MARK: - The shipped templates

    /// Each shipped template that reads tips declares where they are, decided from its sample:
    /// Uber's `Your earnings` 12.40 holds its `Tip` 3.00 (9.40 fare + 3.00), and
    /// `driver_payments` lists a tip as a line of its own, on top of the fare line.
    @Test func shippedTemplatesDeclareTheirTips() throws {
        var reading = 0
        for name in StatementTemplate.builtInJSON.keys.sorted() {
            let template = try #require(try StatementTemplate.builtIn(name))
            let readsTips = template.columns[.tips] != nil || template.tipsWhen != nil
            if readsTips { reading += 1 }
            #expect(readsTips == (template.tipsAre != nil), "\(name)")
        }
        #expect(reading == 4)
        #expect(try StatementTemplate.builtIn("uber-payments")?.tipsAre == .within)
        #expect(try StatementTemplate.builtIn("uber-driver-payments")?.tipsAre == .onTop)
        #expect(try StatementTemplate.builtIn("shift-log")?.tipsAre == .within)
        #expect(try StatementTemplate.builtIn("delivery-log")?.tipsAre == .within)
    }

    static func sample(_ name: String) throws -> String {
        try String(contentsOfFile: Fixtures.packageRoot + "/SampleData/statements/" + name, encoding: .utf8)
    }

    /// The Uber samples' lines by kind: a fare adjustment (a late tip) is an adjustment with its tip.
    @Test func uberPaymentsSamplesByKind() throws {
        let template = try #require(try StatementTemplate.builtIn("uber-payments"))
        let week1 = Self.read(template, try Self.sample("uber-payments-2026-11-09.csv"))
        #expect(week1.problems.isEmpty, "\(week1.problems)")
        #expect(week1.reader.moneyLines.map(\.kind) == [.pay, .pay, .pay])
        #expect(week1.reader.moneyLines[1].amounts == KindAmounts(pay: Self.money("9.40"), tips: Money(3)))
        #expect(week1.reader.moneyLines.allSatisfy { $0.driver == "a7c3-sample-driver" && $0.currency == nil })
        let week2 = Self.read(template, try Self.sample("uber-payments-2026-11-16.csv"))
        #expect(week2.reader.moneyLines.map(\.kind) == [.pay, .adjustment])
        #expect(week2.reader.moneyLines[1].amounts == KindAmounts(tips: Money(2), adjustments: .zero))
        #expect(week2.reader.moneyLines[1].amount == Money(2))
    }

    @Test func uberDriverPaymentsSampleByKind() throws {
        let template = try #require(try StatementTemplate.builtIn("uber-driver-payments"))
        let result = Self.read(template, try Self.sample("driver_payments-0.csv"))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let lines = result.reader.moneyLines
        // Lines in file order: trip 1 (fare, Eats supplement, tip, Eats commission, Eats fee), a
        // cancellation fee, trip 2 (fare, wait time, incentive, tip), the Reserve trip (fare,
        // commission, Uber's fee, tip), the split fare (fare, commission, its adjustment, a
        // negative fare line: an adjustment).
        #expect(lines.map(\.kind) == [.pay, .pay, .tip, .fee, .fee, .pay, .pay, .pay, .incentive, .tip,
                                      .pay, .fee, .fee, .tip, .pay, .fee, .fee, .adjustment])
        #expect(lines.map { $0.amounts.gross?.formatted() ?? "-" } == ["6.80", "0.70", "2.00", "-", "-", "2.00", "8.10", "0.45", "1.50",
                                                                         "3.25", "18.40", "-", "-", "3.00", "12.10", "-", "-", "-1.00"])
        // A fee is what Uber kept, positive; a commission adjustment gives some back (a negative fee).
        #expect(lines.compactMap { $0.amounts.fees?.formatted() } == ["0.50", "0.25", "4.60", "0.95", "3.03", "-0.40"])
        #expect(lines[16].amount == Money(units: 4_000) && lines[15].amount == Money(units: -30_300))
        // Lines of one timestamp are one trip: five trips.
        #expect(Set(lines.map(\.tripKey)).count == 5)
        #expect(lines.allSatisfy { $0.currency == "USD" })
        #expect(result.reader.currencies == ["USD"])
    }
}
