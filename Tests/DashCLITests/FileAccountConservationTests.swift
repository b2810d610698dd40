import Foundation
import Testing
import TestSupport

/// Issue 27, "Proof": conservation from bytes. For every shipped template's sample, for the real
/// Uber download in ../shared/realfiles (when this checkout has it beside it), and for generated
/// payments files with lines that name no trip, the test sums the file's amount column with its
/// own reader (SampleCSV), imports the file alone through the real binary, and asserts that
///   - the file's accounting (`imports show`) adds up to that sum, to the cent;
///   - its income on trips or shifts is the report's gross, its fees the report's fees, its
///     income on no trip the report's other income (all periods);
///   - the tax summary's line 1, over the years the file covers, is the income it counted.
@Suite struct FileAccountConservationTests {
    struct Figures {
        var accountTotal: Int?, onTrips = 0, onShifts = 0, otherIncome = 0, fees = 0
        var gross = 0, reportFees = 0, reportOther = 0, line1 = 0
    }

    /// `path` imported alone with `template` in `zone`: its accounting, and the record's figures.
    static func figures(_ path: String, template: String, zone: String) throws -> Figures {
        let folder = try TemporaryDirectory("FileAccountConservationTests")
        let out = folder.path("run")
        func dashpilot(_ words: [String]) throws -> String {
            let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", folder.path("store.sqlite"), "--tz", zone] + words, output: out)
            try #require(result.status == 0, "\(words): \(result.stderr)")
            return result.stdout
        }
        _ = try dashpilot(["import", "statement", path, "--template", template])
        var figures = Figures()
        for line in try dashpilot(["imports", "show", "1"]).split(separator: "\n") {
            let cells = line.split(separator: " ", omittingEmptySubsequences: true)
            guard cells.count >= 3, let cents = SampleCSV.cents(String(cells[cells.count - 2])) else { continue }
            switch true {
            case line.hasPrefix("income on trips"): figures.onTrips = cents
            case line.hasPrefix("income on shifts"): figures.onShifts = cents
            case line.hasPrefix("income on no trip"): figures.otherIncome = cents
            case line.hasPrefix("fees the platform kept"): figures.fees = cents
            case line.hasPrefix("total, as the file sums"): figures.accountTotal = cents
            default: break
            }
        }
        let report = try dashpilot(["report", "--from", "2000-01-01", "--to", "2100-01-01", "--period", "year", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        var years: [Int] = []
        for period in try #require(json["periods"] as? [[String: Any]]) {
            figures.gross += SampleCSV.cents(period["gross_earnings"] as? String) ?? 0
            figures.reportFees += SampleCSV.cents(period["fees"] as? String) ?? 0
            figures.reportOther += SampleCSV.cents(period["other_income"] as? String) ?? 0
            let shifts = period["shifts"] as? Int ?? 0
            if shifts > 0 || SampleCSV.cents(period["other_income"] as? String) != nil,
               let start = period["period_start"] as? String, let year = Int(start.prefix(4)) { years.append(year) }
        }
        for year in years {
            let tax = try dashpilot(["tax", "--year", String(year), "--format", "json"])
            let summary = try #require((try JSONSerialization.jsonObject(with: Data(tax.utf8)) as? [String: Any])?["summary"] as? [[String: Any]])
            figures.line1 += SampleCSV.cents(summary.first { $0["key"] as? String == "gross_receipts" }?["standard"] as? String) ?? 0
        }
        return figures
    }

    /// The accounting adds up to the file's own sum, and every income class reaches the books once.
    static func expectConserved(_ path: String, template: String, zone: String = "America/Chicago", column: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let own = SampleCSV.sum(try SampleCSV(path: path).rows, column)
        let figures = try figures(path, template: template, zone: zone)
        let name = (path as NSString).lastPathComponent
        #expect(figures.accountTotal == own, "\(name): the accounting's total against the file's own sum", sourceLocation: sourceLocation)
        #expect(figures.onTrips + figures.onShifts == figures.gross, "\(name): income on trips and shifts is the report's gross",
                sourceLocation: sourceLocation)
        #expect(-figures.fees == figures.reportFees, "\(name): fees", sourceLocation: sourceLocation)
        #expect(figures.otherIncome == figures.reportOther, "\(name): income on no trip is the report's other income",
                sourceLocation: sourceLocation)
        #expect(figures.line1 == figures.gross + figures.reportOther, "\(name): tax line 1 is the income counted", sourceLocation: sourceLocation)
    }

    @Test(arguments: [("shift-log-2026-11-02.csv", "shift-log", "earnings"), ("shift-log-2026-11-07.csv", "shift-log", "earnings"),
                      ("delivery-log-2026-11-05.csv", "delivery-log", "pay"),
                      ("uber-payments-2026-11-09.csv", "uber-payments", "paid to you:your earnings"),
                      ("uber-payments-2026-11-16.csv", "uber-payments", "paid to you:your earnings"),
                      ("driver_payments-0.csv", "uber-driver-payments", "local amount")])
    func everySample(file: String, template: String, column: String) throws {
        try Self.expectConserved(SampleCSV.folder + file, template: template, column: column)
    }

    /// The support adjustment of the first payments sample (no Trip UUID) is income on no trip.
    @Test func theSampleSupportAdjustmentReachesGross() throws {
        let figures = try Self.figures(SampleCSV.folder + "uber-payments-2026-11-09.csv", template: "uber-payments", zone: "America/Chicago")
        #expect(figures.otherIncome == 500 && figures.reportOther == 500 && figures.line1 == 3552, "\(figures)")
    }

    /// The real Los Angeles download (public; ../shared/realfiles/uber-2025-la), read as it is.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: RealFiles.la + "driver_payments-0.csv"), RealFiles.skipNote))
    func theRealPaymentsFile() throws {
        try Self.expectConserved(RealFiles.la + "driver_payments-0.csv", template: "uber-driver-payments", zone: "America/Los_Angeles",
                                 column: "local amount")
    }

    /// Generated payments files: trips with tips, quests, referral bonuses, support credits of
    /// either sign, payouts; every amount lands in its class.
    @Test(arguments: [1, 2, 3])
    func generatedPaymentsWithTriplessLines(seed: UInt64) throws {
        let folder = try TemporaryDirectory("FileAccountConservationTests")
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var text = "transaction UUID,Driver UUID,Trip UUID,Description,vs reporting,Paid to you,Paid to you : Your earnings,"
            + "Paid to you:Your earnings:Tip\n"
        for index in 1...(20 + next(20)) {
            let minute = 10 * index
            let time = String(format: "2026-10-%02d %02d:%02d:00.000 -0500 CDT", 1 + minute / 1_440, minute / 60 % 24, minute % 60)
            let cents = 100 + next(3_000)
            func money(_ cents: Int) -> String { String(format: "%@%d.%02d", cents < 0 ? "-" : "", abs(cents) / 100, abs(cents) % 100) }
            switch next(6) {
            case 0: text += "g\(index),d1,,Quest promotion,\(time),\(money(cents)),\(money(cents)),\n"
            case 1: text += "g\(index),d1,,Referral bonus,\(time),\(money(cents)),\(money(cents)),\n"
            case 2: let signed = next(2) == 0 ? -cents / 10 : cents / 10 + 1
                text += "g\(index),d1,,Support Adjustment: trip,\(time),\(money(signed)),\(money(signed)),\n"
            case 3: text += "g\(index),d1,,so.payout,\(time),\(money(-cents)),,\n"
            default: let tip = next(cents / 2)
                text += "g\(index),d1,t\(index),trip completed order,\(time),\(money(cents)),\(money(cents)),\(tip == 0 ? "" : money(tip))\n"
            }
        }
        let path = folder.path("generated-\(seed).csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try Self.expectConserved(path, template: "uber-payments", column: "paid to you:your earnings")
    }
}

/// The real files beside the project (read-only, never copied into samples).
enum RealFiles {
    static let la = Fixtures.packageRoot + "/../shared/realfiles/uber-2025-la/"
    static let skipNote: Comment = "../shared/realfiles/uber-2025-la is not beside this checkout: the real-file test is skipped"
}
