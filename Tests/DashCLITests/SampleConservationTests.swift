import Foundation
import Testing
import TestSupport

/// Issue 13, "Proof", conservation: for every shipped statement template's sample in
/// SampleData/statements, imported alone into a fresh store through the real binary, the
/// report's gross and platform tips (`report --range 2026-11 --format json`, in total and per
/// platform) equal what the test adds up from the CSV text itself, to the cent. The reading is
/// the test's own (SampleCSV below), from the columns docs/templates.md names as earnings and
/// its skip rules applied by hand; amounts a file holds that the record deliberately does not
/// count are asserted as such, each with the rule that says so.
@Suite struct SampleConservationTests {
    /// Per lower-cased platform, in cents.
    typealias Sums = [String: Int]

    /// The month's report of `file` imported alone with `template`: gross and tips in total and
    /// per lower-cased platform ("" for none), in cents; nil where the report says not recorded.
    static func report(_ file: String, template: String) throws -> (gross: Int?, tips: Int?, platforms: Sums, platformTips: Sums, fees: Int?,
                                                                    net: Int?) {
        let folder = try TemporaryDirectory("SampleConservationTests")
        let out = folder.path("run")
        func dashpilot(_ words: String...) throws -> (status: Int32, stdout: String, stderr: String) {
            try ProcessHarness.run([ProcessHarness.dashpilot, "--store", folder.path("store.sqlite"), "--tz", "America/Chicago"] + words, output: out)
        }
        let imported = try dashpilot("import", "statement", SampleCSV.folder + file, "--template", template)
        try #require(imported.status == 0, "\(file): \(imported.stderr)")
        let report = try dashpilot("report", "--range", "2026-11", "--format", "json")
        try #require(report.status == 0, "\(report.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let total = try #require(json["total"] as? [String: Any])
        var platforms: Sums = [:], platformTips: Sums = [:]
        for entry in try #require(total["platforms"] as? [[String: Any]]) {
            let name = ((entry["platform"] as? String) ?? "").lowercased()
            #expect(platforms[name] == nil, "\(name) listed twice")
            platforms[name] = SampleCSV.cents(entry["gross_earnings"] as? String)
            platformTips[name] = SampleCSV.cents(entry["platform_tips"] as? String)
        }
        return (SampleCSV.cents(total["gross_earnings"] as? String), SampleCSV.cents(total["platform_tips"] as? String), platforms, platformTips,
                SampleCSV.cents(total["fees"] as? String), SampleCSV.cents(total["net_after_expenses"] as? String))
    }

    /// The report equals the file's own sums: the total, each platform, and the platforms' sum.
    static func expectConserved(_ file: String, template: String, gross: Sums, tips: Sums,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reported = try report(file, template: template)
        #expect(reported.gross == gross.values.reduce(0, +), "\(file): total gross", sourceLocation: sourceLocation)
        #expect(reported.platforms == gross, "\(file): gross per platform", sourceLocation: sourceLocation)
        #expect(reported.tips == tips.values.reduce(0, +), "\(file): total platform tips", sourceLocation: sourceLocation)
        #expect(reported.platformTips.filter { $0.value != 0 } == tips.filter { $0.value != 0 }, "\(file): tips per platform",
                sourceLocation: sourceLocation)
    }

    /// shift-log: `Earnings` per row (tips within it, `Tips`), per `Platform`; the `Total` row
    /// skipped (the template's skip rule), and it equals the rows' own sum.
    @Test(arguments: ["shift-log-2026-11-02.csv", "shift-log-2026-11-07.csv"])
    func shiftLog(file: String) throws {
        let csv = try SampleCSV(file)
        let rows = csv.rows.filter { $0["date"]?.lowercased() != "total" }
        let gross = SampleCSV.sums(rows, amount: "earnings", by: "platform")
        #expect(gross.count == 2 && rows.count == 3, "the sample changed: \(gross)")
        let totalRow = try #require(csv.rows.first { $0["date"] == "Total" })
        #expect(SampleCSV.cents(totalRow["earnings"]) == gross.values.reduce(0, +), "the file's own Total row")
        try Self.expectConserved(file, template: "shift-log", gross: gross, tips: SampleCSV.sums(rows, amount: "tips", by: "platform"))
    }

    /// delivery-log: `Pay` per row (tips within it), per `Platform`; the `Total` row skipped.
    @Test func deliveryLog() throws {
        let file = "delivery-log-2026-11-05.csv"
        let csv = try SampleCSV(file)
        let rows = csv.rows.filter { $0["date"]?.lowercased() != "total" }
        let gross = SampleCSV.sums(rows, amount: "pay", by: "platform")
        #expect(gross == ["doordash": 1625, "uber eats": 1950])
        let totalRow = try #require(csv.rows.first { $0["date"] == "Total" })
        #expect(SampleCSV.cents(totalRow["pay"]) == gross.values.reduce(0, +), "the file's own Total row")
        try Self.expectConserved(file, template: "delivery-log", gross: gross, tips: SampleCSV.sums(rows, amount: "tips", by: "platform"))
    }

    /// uber-payments: `Paid to you : Your earnings` of each line naming a trip, tips within it
    /// (`...:Tip`), all Uber (the template's platform); payout rows skipped by rule.
    @Test(arguments: ["uber-payments-2026-11-09.csv", "uber-payments-2026-11-16.csv"])
    func uberPayments(file: String) throws {
        let csv = try SampleCSV(file)
        let payout = { (row: [String: String]) in row["description"] == "so.payout" }
        let counted = csv.rows.filter { !payout($0) && !($0["trip uuid"] ?? "").isEmpty }
        let gross = ["uber": SampleCSV.sum(counted, "paid to you:your earnings")]
        let tips = ["uber": SampleCSV.sum(counted, "paid to you:your earnings:tip")]
        // Payouts move money already earned to the bank: never earnings (templates.md, "skip").
        let payouts = csv.rows.filter(payout)
        #expect(!payouts.isEmpty && SampleCSV.sum(payouts, "paid to you") < 0)
        #expect(SampleCSV.sum(payouts, "paid to you:your earnings") == 0, "a payout's earnings cell is blank")
        // A line with earnings but no trip ("Support Adjustment: <trip>") is income on no shift
        // (issue 27), never put on a guessed trip: not in the shifts' gross, in other income
        // (FileAccountConservationTests follows it to tax line 1).
        let noTrip = csv.rows.filter { !payout($0) && ($0["trip uuid"] ?? "").isEmpty }
        let uncounted = SampleCSV.sum(noTrip, "paid to you:your earnings")
        // Cash collected is cash the driver already holds: its column is never read, so trip 4's
        // 8.25 of earnings counts in full although `Paid to you` shows 0.00 for it (templates.md).
        let cash = SampleCSV.sum(csv.rows, "paid to you:trip balance:payouts:cash collected")
        if file.hasSuffix("11-09.csv") {
            #expect(gross == ["uber": 3052] && tips == ["uber": 300])
            #expect(uncounted == 500 && noTrip.first?["description"]?.hasPrefix("Support Adjustment") == true)
            #expect(cash == -825)
            #expect(try Self.report(file, template: "uber-payments").gross == 3052, "the shifts' gross: not 3552 (the adjustment is other income) nor 2227 (less cash)")
        } else {
            // Its quest (no Trip UUID) is income on no shift, not in the shifts' gross.
            #expect(gross == ["uber": 1440] && tips == ["uber": 500] && uncounted == 2500 && cash == 0)
        }
        try Self.expectConserved(file, template: "uber-payments", gross: gross, tips: tips)
    }

    /// uber-driver-payments (the 2025 layout): every line is signed and counts. Gross is the
    /// `Local Amount` of every line whose `Category` is not a fee (fares, supplements, wait
    /// time, incentives, tips, a negative fare adjustment); fees are what the fee categories
    /// kept (`commission`, `commission_adjustment`, `eats_commission`, `uber_fee_driver`,
    /// `eats_fee`: their sum, sign turned); gross - fees, the report's net, is the sum of all
    /// lines, to the cent.
    @Test func uberDriverPayments() throws {
        let file = "driver_payments-0.csv"
        let csv = try SampleCSV(file)
        let feeCategories: Set = ["commission", "commission_adjustment", "eats_commission", "uber_fee_driver", "eats_fee"]
        let isFee = { (row: [String: String]) in feeCategories.contains(row["category"] ?? "") }
        let gross = ["uber": SampleCSV.sum(csv.rows.filter { !isFee($0) }, "local amount")]
        let tips = ["uber": SampleCSV.sum(csv.rows.filter { $0["category"] == "tip" }, "local amount")]
        let fees = -SampleCSV.sum(csv.rows.filter(isFee), "local amount")
        let all = SampleCSV.sum(csv.rows, "local amount")
        #expect(gross == ["uber": 5730] && tips == ["uber": 825] && fees == 893 && all == 4837, "the sample changed")
        #expect(csv.rows.contains { $0["category"] == "commission_adjustment" && (SampleCSV.cents($0["local amount"]) ?? 0) > 0 },
                "a commission adjustment gives some of the fee back")
        try Self.expectConserved(file, template: "uber-driver-payments", gross: gross, tips: tips)
        let reported = try Self.report(file, template: "uber-driver-payments")
        #expect(reported.fees == fees, "fees apart from gross")
        #expect(reported.gross.map { $0 - fees } == all, "gross - fees is the sum of the lines")
        #expect(reported.net == all, "the net after fees (no expenses) is the sum of the lines")
    }

    /// The trips files carry no money column of the driver's: gross is "not recorded" (null),
    /// never 0.00, and no platform has money. `original_fare_usd` is the rider's fare, never read.
    @Test(arguments: [("uber-trips-2026-11-14.csv", "uber-trips"), ("driver_lifetime_trips-0.csv", "uber-driver-trips")])
    func tripFilesHaveNoEarnings(file: String, template: String) throws {
        let csv = try SampleCSV(file)
        // `Local Original Fare` is the rider's fare and `Local Base Fare` part of it: never read.
        if template == "uber-driver-trips" { #expect(SampleCSV.sum(csv.rows, "local original fare") == 5475) }
        let reported = try Self.report(file, template: template)
        #expect(reported.gross == nil && reported.tips == nil, "not recorded, not 0.00")
        #expect(reported.platforms.values.allSatisfy { $0 == 0 }, "\(reported.platforms)")
    }
}
