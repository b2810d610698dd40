@testable import DashCLI
@testable import DashImport
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// `import statement` with Uber's files (SampleData/statements) on the GPX sample shifts:
/// money lines grouped by trip, trips joined in either order, late tips, undo, personal columns.
@Suite struct MoneyLineImportTests {
    static let statements = Fixtures.packageRoot + "/SampleData/statements/"
    static let week1 = statements + "uber-payments-2026-11-09.csv"
    static let week2 = statements + "uber-payments-2026-11-16.csv"
    static let trips = statements + "uber-trips-2026-11-14.csv"
    static let trip1 = "5d1e0a2c-0001-4f6b-9a51-7c2e10000001"
    static let trip2 = "5d1e0a2c-0002-4f6b-9a51-7c2e10000002"

    /// A store holding the GPX sample shifts of `days` (by default 2026-11-14 10:42-12:11 and
    /// 2026-11-15 19:57-21:33, Chicago): shifts 1, 2...
    static func store(gpx days: [String] = ["2026-11-14-lunch.gpx", "2026-11-15-late.gpx"]) throws -> CLIStore {
        let store = try CLIStore()
        let result = store.run(words: ["import", "gpx"] + days.map { Fixtures.packageRoot + "/SampleData/gpx/" + $0 })
        try #require(result.status == .success, "\(result.stderr)")
        return store
    }

    static func template(of file: String) -> String { file.contains("trips") ? "uber-trips" : "uber-payments" }

    @discardableResult
    static func statement(_ store: CLIStore, _ file: String, _ extra: String...) -> CLIResult {
        store.run(words: ["import", "statement", file, "--template", template(of: file)] + extra)
    }

    /// Every delivery by shift and acceptance: "SHIFT ACCEPTED DELIVERED PAY TIPS PLATFORM".
    static func deliveries(_ store: CLIStore) throws -> [String] {
        let direct = try store.direct()
        var lines: [String] = []
        for shift in try direct.shifts() {
            for delivery in try direct.deliveries(of: shift.id) {
                let offer = try #require(try direct.offer(delivery.offerID))
                #expect(offer.acceptedAt == delivery.acceptedAt, "offer \(offer.id) kept another acceptance")
                let pay = delivery.ownAmount.map { "\($0.amount) \($0.tips.map { "\($0)" } ?? "-")" } ?? "no pay"
                lines.append("\(shift.id) \(delivery.acceptedAt) \(delivery.deliveredAt.map { "\($0)" } ?? "-") \(pay) \(offer.platform ?? "-")")
            }
        }
        return lines
    }

    static func lineCount(_ store: CLIStore) throws -> Int64? {
        try store.direct().connection.scalar("SELECT count(*) FROM deliveryLine")?.int64
    }

    /// All three Uber files, in any order.
    static let allThree = [
        "1 2026-11-14T16:55:12Z 2026-11-14T17:21:40Z 11.87 2.00 Uber",
        "1 2026-11-14T17:30:05Z 2026-11-14T17:58:30Z 12.40 3.00 Uber",
        "2 2026-11-16T02:10:00Z 2026-11-16T02:41:13Z 8.25 - Uber",
    ]

    /// The order-independence promise: payments then trips, trips then payments, give the same
    /// deliveries with the same times and amounts; the late tip lands on trip 1 either way.
    @Test(arguments: [[week1, trips, week2], [trips, week1, week2], [week1, week2, trips], [trips, week2, week1]])
    func paymentsAndTripsInAnyOrder(files: [String]) throws {
        let store = try Self.store()
        for file in files {
            let result = Self.statement(store, file)
            #expect(result.status == .success, "\(file): \(result.stderr)")
        }
        #expect(try Self.deliveries(store) == Self.allThree)
        #expect(try Self.lineCount(store) == 4)
        let direct = try store.direct()
        let first = try #require(try direct.delivery(recordKey: ShiftRowReader.tripKey(platform: "Uber", trip: Self.trip1)))
        #expect(try direct.deliveryLineCount(deliveryID: first.id) == 2)
    }

    /// Week 1 makes each trip a delivery at its first line's time; week 2 adds the late 2.00 tip
    /// to trip 1 and not the transaction both files hold; cash collected is never read (trip 4
    /// is 8.25, not 0.00); the adjustment without a trip is income on no shift (issue 27) and the payouts are
    /// reported with the file's accounting.
    @Test func theSecondWeekAddsTheLateTipOnly() throws {
        let store = try Self.store()
        let first = Self.statement(store, Self.week1)
        #expect(first.status == .success, "\(first.stderr)")
        #expect(first.stdout == """
            uber-payments-2026-11-09.csv: imported as import 3 (uber-payments): 3 deliveries added; 3 money lines; 1 income line on no shift
              skipped line 6: description is 'so.payout' (payouts)
              accounting: the file's amounts sum to 35.52 = income on trips 30.52 + income on no trip 5.00 + payouts (not income): no amount

            """)
        #expect(try Self.deliveries(store) == [
            "1 2026-11-14T17:21:45.120Z 2026-11-14T17:21:45.120Z 9.87 - Uber",
            "1 2026-11-14T17:58:35.004Z 2026-11-14T17:58:35.004Z 12.40 3.00 Uber",
            "2 2026-11-16T02:41:20.500Z 2026-11-16T02:41:20.500Z 8.25 - Uber",
        ])
        let second = Self.statement(store, Self.week2)
        #expect(second.stdout == """
            uber-payments-2026-11-16.csv: imported as import 4 (uber-payments): 1 money line; 1 income line on no shift; 1 earlier trip updated; 1 row already recorded
              skipped line 5: description is 'so.payout' (payouts)
              accounting: the file's amounts sum to 39.40 = income on trips 14.40 + income on no trip 25.00 + payouts (not income): no amount

            """, "\(second.stderr)")
        #expect(try Self.deliveries(store) == [
            "1 2026-11-14T17:21:45.120Z 2026-11-14T17:21:45.120Z 11.87 2.00 Uber",
            "1 2026-11-14T17:58:35.004Z 2026-11-14T17:58:35.004Z 12.40 3.00 Uber",
            "2 2026-11-16T02:41:20.500Z 2026-11-16T02:41:20.500Z 8.25 - Uber",
        ])
        let direct = try store.direct()
        let shared = try #require(try direct.delivery(recordKey: ShiftRowReader.tripKey(platform: "Uber", trip: Self.trip2)))
        #expect(try direct.deliveryLineCount(deliveryID: shared.id) == 1)
        #expect(try Self.lineCount(store) == 4)
    }

    /// Either payments file again adds nothing: the same bytes are known, and other bytes with
    /// the same lines (CRLF line ends) are that import (docs/record.md: the same records in
    /// other bytes are that import too).
    @Test func eitherPaymentsFileAgainAddsNothing() throws {
        let store = try Self.store()
        Self.statement(store, Self.week1)
        Self.statement(store, Self.week2)
        let before = try store.dump()
        #expect(Self.statement(store, Self.week1).stdout
            == "uber-payments-2026-11-09.csv: already imported as import 3 (uber-payments-2026-11-09.csv); nothing added\n")
        #expect(Self.statement(store, Self.week2).stdout
            == "uber-payments-2026-11-16.csv: already imported as import 4 (uber-payments-2026-11-16.csv); nothing added\n")
        for (index, path) in [Self.week1, Self.week2].enumerated() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let copy = try store.file("copy\(index).csv", text.replacingOccurrences(of: "\n", with: "\r\n"))
            let again = Self.statement(store, copy)
            #expect(again.status == .success)
            let name = (path as NSString).lastPathComponent
            #expect(again.stdout == "copy\(index).csv: already imported as import \(index + 3) (\(name)); nothing added\n", "\(again.stdout)\(again.stderr)")
        }
        #expect(try store.dump() == before)
    }

    /// No driver name, address, plate, organisation or driver id reaches the store.
    @Test func personalColumnsAreNeverStored() throws {
        let store = try Self.store()
        for file in [Self.week1, Self.trips, Self.week2] { #expect(Self.statement(store, file).status == .success) }
        // Every stored value, without table and column names ("routeSample" holds "Sam").
        let direct = try store.direct()
        var values: [String] = []
        for table in Store.tableNames {
            for row in try direct.connection.query("SELECT * FROM \(table)") { values += row.values.map(render) }
        }
        let text = values.joined(separator: "\n")
        #expect(text.contains("'uber-payments-2026-11-16.csv'"), "the values were read")
        for personal in ["Sample Street", "Example Avenue", "SAMPLE1", "Sam", "Sample Fleet", "SFL", "a7c3-sample-driver", "v-0001"] {
            #expect(!text.contains(personal), "'\(personal)' was stored")
        }
    }

    /// The same transaction id twice in one file: refused naming both lines, nothing written.
    @Test func aTransactionIDTwiceIsRefused() throws {
        let store = try Self.store()
        let before = try store.dump()
        let text = try String(contentsOfFile: Self.week1, encoding: .utf8)
        let file = try store.file("twice.csv", text.replacingOccurrences(of: "7f0c0000-0002-4e1a-8b00-000000000002", with: "7f0c0000-0001-4e1a-8b00-000000000001"))
        let result = Self.statement(store, file)
        #expect(result.status == .dataError)
        #expect(result.stderr == """
            dashpilot: error: \(file):3: line: the same money line as line 2
            dashpilot: \(file): nothing imported

            """)
        #expect(try store.dump() == before)
    }

    /// A trip-keyed delivery row whose pay differs from the recorded one is refused naming both,
    /// and --replace takes it; a pay that is the sum of money lines is never replaced.
    @Test func aTripKeyedRowWithOtherPay() throws {
        let store = try Self.store()
        let template = try store.file("trip-pay.json", """
            {"name": "trip-pay", "kind": "deliveries", "platform": "Uber", "timeFormat": "yyyy-MM-dd HH:mm:ss", "tipsAre": "within",
             "columns": {"trip": "trip", "accepted": "accepted", "delivered": "delivered", "pay": "pay", "tips": "tips"}}
            """)
        func row(_ trip: String, _ pay: String, _ tips: String) throws -> String {
            try store.file("\(trip)-\(pay).csv", "Trip,Accepted,Delivered,Pay,Tips\n\(trip),2026-11-14 10:55:12,2026-11-14 11:21:40,\(pay),\(tips)\n")
        }
        let original = try row("T-9", "9.87", "")
        #expect(store.run(words: ["import", "statement", original, "--template", template]).stdout.contains("1 delivery added"))
        let before = try store.dump()
        let changed = try row("T-9", "11.87", "2.00")
        let refused = store.run(words: ["import", "statement", changed, "--template", template])
        #expect(refused.status == .dataError)
        #expect(refused.stderr.contains("""
            \(changed):2: pay: delivery 1 of this trip has 9.87; the statement says 11.87 (tips 2.00) (pass --replace to take the statement's)
            """), "\(refused.stderr)")
        #expect(try store.dump() == before)
        let replaced = store.run(words: ["import", "statement", changed, "--template", template, "--replace"])
        #expect(replaced.stdout == "T-9-11.87.csv: imported as import 4 (trip-pay): pay replaced on 1 delivery\n", "\(replaced.stderr)")
        #expect(try Self.deliveries(store) == ["1 2026-11-14T16:55:12Z 2026-11-14T17:21:40Z 11.87 2.00 Uber"])

        // Trip 2 made from week 1's lines: its pay is theirs, even with --replace.
        Self.statement(store, Self.week1)
        let linesBefore = try store.dump()
        let other = try store.file("t2.csv", "Trip,Accepted,Delivered,Pay,Tips\n\(Self.trip2),2026-11-14 11:30:05,2026-11-14 11:58:30,15.00,\n")
        let never = store.run(words: ["import", "statement", other, "--template", template, "--replace"])
        #expect(never.status == .dataError)
        #expect(never.stderr.contains("\(other):2: pay: delivery 3 of this trip has pay 12.40 (tips 3.00) from its statement lines; the statement says 15.00"),
                "\(never.stderr)")
        #expect(try store.dump() == linesBefore)
    }

    /// Money lines no shift holds make their shifts (docs/record.md: payments make a shift;
    /// no import hangs on another coming first): lines within the split gap share one, from the
    /// first line to the last; --create-shifts is accepted and changes nothing.
    @Test(arguments: [false, true])
    func uncoveredLinesMakeTheirShifts(flag: Bool) throws {
        let store = try CLIStore()
        try store.createEmpty()
        let created = flag ? Self.statement(store, Self.week1, "--create-shifts") : Self.statement(store, Self.week1)
        #expect(created.stdout.hasPrefix("uber-payments-2026-11-09.csv: imported as import 1 (uber-payments): 2 shifts created; 3 deliveries added; 3 money lines; 1 income line on no shift\n"),
                "\(created.stdout)\(created.stderr)")
        #expect(try store.direct().shifts().map { "\($0.start) \($0.end.map { "\($0)" } ?? "-")" } == [
            "2026-11-14T17:21:45.120Z 2026-11-14T17:58:35.005Z",
            "2026-11-16T02:41:20.500Z 2026-11-16T02:41:21.500Z",
        ])
    }

    @Test func dryRunWritesNothing() throws {
        let store = try Self.store()
        let before = try store.dump()
        let dry = Self.statement(store, Self.week1, "--dry-run")
        #expect(dry.status == .success)
        #expect(dry.stdout == """
            uber-payments-2026-11-09.csv: dry run, nothing written: would record 3 deliveries added; 3 money lines; 1 income line on no shift
              skipped line 6: description is 'so.payout' (payouts)
              accounting: the file's amounts sum to 35.52 = income on trips 30.52 + income on no trip 5.00 + payouts (not income): no amount

            """)
        #expect(try store.dump() == before)
        #expect(Self.statement(store, Self.week1).stdout.hasPrefix("uber-payments-2026-11-09.csv: imported as import 3 "))
    }

    /// Undoing week 2 takes the late 2.00 back off trip 1; then undoing week 1 leaves the GPX
    /// shifts as they were. Undone first, week 1 leaves trip 1 with week 2's late tip alone, as
    /// week 2 alone would have made it (docs/record.md: undo is exact, in either order).
    @Test(arguments: [false, true]) func undoOfEitherWeekIsNeverHavingImportedIt(firstWeekFirst: Bool) throws {
        let store = try Self.store()
        let shiftsOnly = try store.dump()
        let only2 = try Self.store()
        Self.statement(only2, Self.week2)
        Self.statement(store, Self.week1)
        Self.statement(store, Self.week2)
        if firstWeekFirst {
            let undone = store.run("imports", "undo", "3")
            #expect(undone.status == .success, "\(undone.stderr)")
            #expect(try Self.deliveries(store) == (try Self.deliveries(only2)))
            #expect(store.run("imports", "undo", "4").status == .success)
        } else {
            #expect(store.run("imports", "undo", "4").status == .success)
            #expect(try Self.deliveries(store).first == "1 2026-11-14T17:21:45.120Z 2026-11-14T17:21:45.120Z 9.87 - Uber")
            #expect(try Self.lineCount(store) == 3)
            #expect(store.run("imports", "undo", "3").status == .success)
        }
        #expect(try store.dump() == shiftsOnly)
    }

    /// The personal data download (2025 layout): lifetime trips whose 'Z' is false (local wall
    /// times: --tz needed) and payments with no trip id, joined by the trip's request time; either
    /// order gives the same trips. The Reserve trip (requested 18:00 after its 17:41:30 pickup) is
    /// accepted at its pickup, with a note; the cancellation fee of a skipped rider_canceled row
    /// is a trip of the payments alone.
    @Test(arguments: [true, false])
    func thePersonalDataPair(tripsFirst: Bool) throws {
        let store = try Self.store(gpx: ["2026-11-20-dinner.gpx", "2026-11-21-dinner.gpx"])
        let lifetime = Self.statements + "driver_lifetime_trips-0.csv", payments = Self.statements + "driver_payments-0.csv"
        for (file, template) in [(lifetime, "uber-driver-trips"), (payments, "uber-driver-payments")] {
            let noZone = runCLI(["--store", store.path, "import", "statement", file, "--template", template], environment: [:])
            #expect(noZone.status == .usage, "\(template): the times are the driver's clock, never UTC")
            #expect(noZone.stderr.contains("this import needs to know the statement's time zone"))
        }
        let order = tripsFirst ? [(lifetime, "uber-driver-trips"), (payments, "uber-driver-payments")]
            : [(payments, "uber-driver-payments"), (lifetime, "uber-driver-trips")]
        var outputs: [String: String] = [:]
        for (file, template) in order {
            let result = store.run(words: ["import", "statement", file, "--template", template])
            #expect(result.status == .success, "\(result.stderr)")
            outputs[template] = result.stdout
        }
        let trips = try #require(outputs["uber-driver-trips"])
        let never = "status is not 'completed' or 'fare_split': never picked up, so no trip was driven (a fee paid for it is the payments file's)"
        #expect(trips.contains("""
              skipped line 3: \(never)
              skipped line 6: \(never)
              skipped line 7: \(never)
              note: 1 trip was requested after its pickup (an Uber Reserve trip: the request time is the reservation's), \
            so accepted at the pickup time: line 5

            """), "\(trips)")
        #expect(trips.contains(tripsFirst ? "4 deliveries added" : "times given to 4 trips made from money lines"), "\(trips)")
        #expect(try #require(outputs["uber-driver-payments"]).contains(tripsFirst ? "1 delivery added; 18 money lines; 4 earlier trips updated"
                                                                        : "5 deliveries added; 18 money lines"), "\(outputs)")
        #expect(try Self.deliveries(store) == [
            "1 2026-11-20T23:31:02Z 2026-11-20T23:52:40Z 8.75 2.00 Uber",
            "1 2026-11-20T23:58:00Z 2026-11-20T23:58:00Z 2.00 - Uber",
            "1 2026-11-21T00:05:10Z 2026-11-21T00:29:55Z 13.30 3.25 Uber",
            "2 2026-11-21T23:41:30Z 2026-11-21T23:55:10Z 15.85 3.00 Uber",
            "2 2026-11-22T00:20:45Z 2026-11-22T00:47:30Z 8.47 - Uber",
        ])
    }

    /// One currency a store: after the USD sample, a payments file in MXN (seen in real
    /// downloads) is refused naming both, nothing written; a trips file in MXN too.
    @Test func aSecondCurrencyIsRefusedInOneStore() throws {
        let store = try CLIStore()
        let usd = store.run(words: ["import", "statement", Self.statements + "driver_payments-0.csv", "--template", "uber-driver-payments"])
        #expect(usd.status == .success, "\(usd.stderr)")
        let before = try store.dump()
        let pesos = try store.file("mxn.csv", """
            City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp
            Mexico City,61.00,MXN,x,driver_payment_fares,2026-11-25 13:10:00
            Mexico City,-15.25,MXN,x,commission,2026-11-25 13:10:00

            """)
        let trips = try store.file("mxn-trips.csv", """
            Product Name,Status,Local Request Timestamp,Begin Trip Local Timestamp,Local Dropoff Timestamp,Trip Distance (miles),Duration (Seconds),Local Base Fare,Local Original Fare,Local Cancellation Fee,Currency Code
            UberX,completed,2026-11-25T13:10:00.000Z,2026-11-25T13:16:00.000Z,2026-11-25T13:40:00.000Z,3.10,1440,25.00,90.00,0.00,MXN

            """)
        for (file, template) in [(pesos, "uber-driver-payments"), (trips, "uber-driver-trips")] {
            let refused = store.run(words: ["import", "statement", file, "--template", template])
            #expect(refused.status == .dataError, "\(refused.stdout)")
            #expect(refused.stderr.contains("its amounts are in MXN; the store's are in USD (import 1, driver_payments-0.csv): two currencies never add"),
                    "\(refused.stderr)")
        }
        #expect(try store.dump() == before, "nothing written")
    }

    /// Local midnight, not UTC's, is the month boundary: a shift-log row from 2026-11-30 23:30
    /// to 00:30 and a delivery-log row at 2026-12-01 00:00 land at the zone's instants, whatever
    /// the process's TZ and system zone.
    static let boundaries: [(zone: String, spans: [String])] = [
        ("America/Chicago", ["2026-12-01T05:30:00Z 2026-12-01T06:30:00Z", "2026-12-01T06:00:00Z 2026-12-01T06:20:00Z"]),
        ("Asia/Tokyo", ["2026-11-30T14:30:00Z 2026-11-30T15:30:00Z", "2026-11-30T15:00:00Z 2026-11-30T15:20:00Z"]),
    ]

    @Test(arguments: boundaries, ["UTC", "America/Chicago", "Pacific/Kiritimati"])
    func theMonthBoundaryIsLocalMidnight(expected: (zone: String, spans: [String]), processZone: String) throws {
        let store = try CLIStore()
        let shifts = try store.file("shifts.csv", "Date,Start,End,Platform,Earnings\n2026-11-30,23:30,00:30,DoorDash,20.00\n")
        let deliveries = try store.file("deliveries.csv", "Date,Accepted,Delivered,Platform,Pay\n2026-12-01,00:00,00:20,DoorDash,5.00\n")
        let system = try #require(TimeZone(identifier: processZone))
        for (file, template) in [(shifts, "shift-log"), (deliveries, "delivery-log")] {
            let result = runCLI(["--store", store.path, "--tz", expected.zone, "import", "statement", file, "--template", template,
                                 // December rows after the tests' clock (2026-11-29).
                                 "--allow-future"], environment: ["TZ": processZone], systemZone: system)
            #expect(result.status == .success, "\(result.stderr)")
        }
        let direct = try store.direct()
        let shift = try #require(try direct.shifts().first)
        let delivery = try #require(try direct.deliveries(of: shift.id).first)
        #expect(["\(shift.start) \(shift.end.map { "\($0)" } ?? "-")",
                 "\(delivery.acceptedAt) \(delivery.deliveredAt.map { "\($0)" } ?? "-")"] == expected.spans)
        #expect(try store.grosses() == ["20.00"] && delivery.ownAmount?.amount.description == "5.00")
    }

    // MARK: - Found in review

    /// A file whose rows are all skipped but for an adjustment without a trip (income on no shift
    /// since issue 27) reports the payout's skip and never says everything is already recorded.
    @Test func aFileOfSkippedRowsReportsTheSkips() throws {
        let store = try Self.store()
        let file = try store.file("skips.csv", """
            transaction UUID,Trip UUID,Description,vs reporting,Paid to you:Your earnings
            x1,,Support Adjustment: abc,2026-11-15 09:00:00.000 -0600 CST,5.00
            x2,,so.payout,2026-11-16 04:00:00.000 -0600 CST,

            """)
        let result = Self.statement(store, file)
        #expect(result.status == .success)
        do {
            #expect(!result.stdout.contains("already recorded"), "\(result.stdout)")
            #expect(result.stdout.contains("1 income line on no shift") && result.stdout.contains("skipped line 3: description is 'so.payout' (payouts)"),
                    "\(result.stdout)")
        }
    }

    /// A trip whose pay was recorded without lines (a trip-keyed delivery row): its money lines
    /// are refused "naming both figures" (docs/templates.md), unless --replace, which makes the
    /// pay the lines' sum. The message names the recorded 10.00 but not the lines' 9.87.
    @Test func linesOnATripWithPayRecordedWithoutLines() throws {
        let store = try Self.store()
        let template = try store.file("trip-pay.json", """
            {"name": "trip-pay", "kind": "deliveries", "platform": "Uber", "timeFormat": "yyyy-MM-dd HH:mm:ss",
             "columns": {"trip": "trip", "accepted": "accepted", "delivered": "delivered", "pay": "pay"}}
            """)
        let typed = try store.file("typed.csv", "Trip,Accepted,Delivered,Pay\n\(Self.trip1),2026-11-14 10:55:12,2026-11-14 11:21:40,10.00\n")
        #expect(store.run(words: ["import", "statement", typed, "--template", template]).status == .success)
        let before = try store.dump()
        let refused = Self.statement(store, Self.week1)
        #expect(refused.status == .dataError)
        #expect(refused.stderr.contains("\(Self.week1):2: amount: delivery 1 of this trip has pay 10.00 recorded without statement lines"),
                "\(refused.stderr)")
        #expect(try store.dump() == before)
        do {
            #expect(refused.stderr.contains("9.87"), "\(refused.stderr)")
        }
        let replaced = Self.statement(store, Self.week1, "--replace")
        #expect(replaced.stdout.contains("2 deliveries added; 3 money lines; 1 income line on no shift; 1 earlier trip updated"), "\(replaced.stdout)\(replaced.stderr)")
        #expect(try Self.deliveries(store) == [
            "1 2026-11-14T16:55:12Z 2026-11-14T17:21:40Z 9.87 - Uber",
            "1 2026-11-14T17:58:35.004Z 2026-11-14T17:58:35.004Z 12.40 3.00 Uber",
            "2 2026-11-16T02:41:20.500Z 2026-11-16T02:41:20.500Z 8.25 - Uber",
        ])
    }

    /// A fee listed before its trip's fare (valid sum 6.00) should be imported; the running sum
    /// after the fee (-1.50) fails the delivery's CHECK and the file fails with an SQLite error.
    @Test func aFeeBeforeTheFareIsImported() throws {
        let store = try Self.store(gpx: ["2026-11-21-dinner.gpx"])
        let file = try store.file("fee-first.csv", """
            City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp
            Chicago,-1.50,USD,x,commission,2026-11-21 17:58:12
            Chicago,7.50,USD,x,driver_payment_fares,2026-11-21 17:58:12

            """)
        let result = store.run(words: ["import", "statement", file, "--template", "uber-driver-payments"])
        let after = try Self.deliveries(store)
        do {
            #expect(result.status == .success, "\(result.stderr)")
            #expect(after == ["1 2026-11-21T23:58:12Z 2026-11-21T23:58:12Z 6.00 - Uber"])
        }
    }

    /// A shift that ends at its last drop-off: the payment, recorded seconds later, still goes to
    /// it (within the grace), and payments then trips gives what trips then payments gives.
    @Test(arguments: [false, true])
    func aPaymentRecordedJustAfterTheShiftEndsStaysOnIt(tripsFirst: Bool) throws {
        let store = try CLIStore()
        #expect(store.run("shift", "add", "--start", "2026-11-14T10:50", "--end", "2026-11-14T11:58:31").status == .success)
        let trips = try store.file("t.csv", """
            Trip UUID,Trip request time,Trip drop off time,Trip status
            5d1e0a2c-0002-4f6b-9a51-7c2e10000002,2026-11-14 11:30:05,2026-11-14 11:58:30,completed

            """)
        let payments = try store.file("p.csv", """
            transaction UUID,Trip UUID,Description,vs reporting,Paid to you : Your earnings,Paid to you:Your earnings:Tip
            7f0c0000-0002-4e1a-8b00-000000000002,5d1e0a2c-0002-4f6b-9a51-7c2e10000002,trip completed order,2026-11-14 11:58:35.004 -0600 CST,12.40,3.00

            """)
        for file in tripsFirst ? [trips, payments] : [payments, trips] {
            let result = store.run(words: ["import", "statement", file, "--template", file == trips ? "uber-trips" : "uber-payments"])
            #expect(result.status == .success, "\(result.stderr)")
        }
        let recorded = try Self.deliveries(store).filter { $0.contains("12.40") }
        #expect(recorded == ["1 2026-11-14T17:30:05Z 2026-11-14T17:58:30Z 12.40 3.00 Uber"])
        #expect(try store.direct().shifts().count == 1, "no shift was made for the payment")
    }

    /// A rule on a column the file does not have would read every row as blank (an `unless`
    /// rule would skip the whole file): refused instead, naming the column.
    @Test func aRuleOnAMissingColumnRefusesTheFile() throws {
        let store = try Self.store()
        let before = try store.dump()
        let file = try store.file("t.csv", """
            Trip UUID,Trip request time,Trip drop off time,Status
            5d1e0a2c-0001-4f6b-9a51-7c2e10000001,2026-11-14 10:55:12,2026-11-14 11:21:40,completed

            """)
        let result = store.run(words: ["import", "statement", file, "--template", "uber-trips"])
        #expect(result.status == .dataError)
        #expect(result.stderr.contains("no status column: the template 'uber-trips' has a rule on it and looks for 'trip status'"), "\(result.stderr)")
        #expect(try store.dump() == before)
    }
}
