@testable import DashCLI
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// `income add`, `income list`, `income delete` end to end (issue 27), and what other income
/// does to `report`, `tax`, `tax reconcile` and `export` through the command line. The clock is
/// the harness's: Sunday 2026-11-29 12:00 UTC (06:00 in Chicago).
@Suite("income commands")
struct IncomeCommandTests {
    @Test("add, list and delete, typed rows exact to the cent, in the store's zone")
    func addListDelete() throws {
        let store = try CLIStore()
        let quest = store.run("income", "add", "--date", "2026-11-02", "--amount", "51.47", "--platform", "Uber", "--kind", "Quest",
                              "--note", "weekend quest")
        #expect(quest.status == .success, "\(quest.stderr)")
        #expect(quest.stdout == "added other income 1: 51.47 quest from Uber on 2026-11-02 Mon 12:00\n")
        let back = store.run("income", "add", "--at", "2026-11-28T23:30", "--amount", "-12.345", "--platform", "uber", "--kind", "adjustment")
        #expect(back.stdout == "added other income 2: -12.35 adjustment from uber on 2026-11-28 Sat 23:30\n")
        let listed = store.run("income", "list")
        #expect(listed.status == .success)
        #expect(listed.stdout == """
            ID  DATE                  AMOUNT  PLATFORM  KIND        NOTE
             1  2026-11-02 Mon 12:00   51.47  Uber      quest       weekend quest
             2  2026-11-28 Sat 23:30  -12.35  uber      adjustment
                total                  39.13

            """)
        // Kept to the ten-thousandth (-12.345), printed to the cent as every amount is: the
        // total is the exact sum (39.125), rounded once.
        #expect(store.run("income", "list", "--format", "csv").stdout == """
            other_income_id,occurred_at,amount,platform,kind,note,import_id\r
            1,2026-11-02T12:00:00-06:00,51.47,Uber,quest,weekend quest,\r
            2,2026-11-28T23:30:00-06:00,-12.35,uber,adjustment,,\r

            """)
        #expect(store.run("income", "list", "--range", "2026-11-28").stdout.contains("-12.35"))
        #expect(!store.run("income", "list", "--to", "2026-11-28").stdout.contains("-12.35"))
        #expect(store.run("income", "list", "--from", "2026-11-29").stdout == "no other income\n")
        let json = store.run("income", "list", "--format", "json", "--range", "2026-11").stdout
        #expect(json.contains("\"from\": \"2026-11-01\"") && json.contains("\"total\": \"39.13\"") && json.contains("\"amount\": \"51.47\""))
        #expect(store.run("income", "delete", "1").stdout == "deleted other income 1: 51.47 quest from Uber\n")
        let again = store.run("income", "delete", "1")
        #expect(again.status == .failure)
        #expect(again.stderr == "dashpilot: error: there is no other income 1\n")
        #expect(store.run("income", "list", "--format", "json", "--range", "2026-10").stdout.contains("\"total\": null"))
    }

    @Test("a value the record cannot take: exit 65, named, nothing written, no store made")
    func refusals() throws {
        let store = try CLIStore()
        let base = ["income", "add", "--date", "2026-11-02", "--amount", "5", "--platform", "Uber", "--kind", "quest"]
        func with(_ option: String, _ value: String) -> [String] {
            var words = base
            if let index = words.firstIndex(of: option) { words[index + 1] = value } else { words += [option, value] }
            return words
        }
        let refused: [([String], String)] = [
            (with("--amount", "0"), "other income cannot be 0.00"),
            (with("--amount", "0.0000"), "other income cannot be 0.00"),
            (with("--amount", "twelve"), "--amount: "),
            (with("--amount", "10000000.01"), "--amount: "),
            (with("--kind", "bonus"), "the kind must be incentive, quest, referral, adjustment or other"),
            (with("--platform", "  "), "the platform cannot be empty"),
            (with("--note", String(repeating: "n", count: 201)), "the note is longer than 200 characters"),
            (with("--date", "2026-02-30"), "--date: "),
            (with("--date", "2026-11-30"), "--date 2026-11-30 is after today (2026-11-29, America/Chicago)"),
            (["income", "add", "--at", "2026-11-29T07:00", "--amount", "5", "--platform", "Uber", "--kind", "quest"], "is after now"),
            (["income", "add", "--at", "yesterday", "--amount", "5", "--platform", "Uber", "--kind", "quest"], "--at: "),
        ]
        for (words, message) in refused {
            let result = store.run(words: words)
            #expect(result.status == .dataError, "\(words): \(result.stderr)")
            #expect(result.stderr.hasPrefix("dashpilot: error: ") && result.stderr.contains(message), "\(words): \(result.stderr)")
            #expect(result.stderr.hasSuffix("dashpilot: nothing was written\n"), "\(words): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: store.path), "a refused first write makes no store")
        // Today itself, and now, are not the future.
        #expect(store.run(words: with("--date", "2026-11-29")).status == .success)
        let before = try dumpRecord(try Store.open(at: store.path, create: false))
        for words in refused.map(\.0) { _ = store.run(words: words) }
        #expect(try dumpRecord(try Store.open(at: store.path, create: false)) == before)
        // What is missing or contradictory is a usage error (64).
        #expect(store.run("income", "add", "--date", "2026-11-02", "--amount", "5", "--kind", "quest").status == .usage)
        #expect(store.run("income", "add", "--amount", "5", "--platform", "Uber", "--kind", "quest").status == .usage)
        #expect(store.run("income", "add", "--date", "2026-11-02", "--at", "2026-11-02T09:00", "--amount", "5", "--platform", "Uber",
                          "--kind", "quest").status == .usage)
        #expect(store.run("income", "list", "--format", "xml").status == .usage)
        #expect(store.run("income", "list", "--range", "2026", "--from", "2026-01-01").status == .usage)
    }

    /// Issue 27's year through the command line: 29,660.07 of Uber trip pay, 308.53 of quest and a
    /// 51.47 support credit on no shift, 1,000 miles, 6,045.94 of phone.
    static func year2024() throws -> CLIStore {
        let store = try CLIStore()
        let steps: [[String]] = [
            ["shift", "add", "--start", "2024-06-10T10:00", "--end", "2024-06-10T14:00"],
            ["delivery", "add", "--shift", "1", "--accepted", "10:30", "--delivered", "10:55", "--pay", "29660.07", "--platform", "Uber"],
            ["shift", "miles", "1", "--miles", "1000"],
            ["expense", "add", "--date", "2024-03-01", "--amount", "6045.94", "--category", "phone"],
            ["income", "add", "--date", "2024-04-02", "--amount", "308.53", "--platform", "Uber", "--kind", "quest"],
            ["income", "add", "--at", "2024-09-30T23:30", "--amount", "51.47", "--platform", "UBER", "--kind", "adjustment",
             "--note", "Support Adjustment"],
        ]
        for words in steps {
            let result = store.run(words: words)
            try #require(result.status == .success, "\(words): \(result.stderr)")
        }
        return store
    }

    @Test("tax line 1 of the year is 30,020.07, SE tax 3,292.77, and the 1099-K reconciles to 0.00")
    func taxYear() throws {
        let store = try Self.year2024()
        let csv = store.run("tax", "--year", "2024", "--method", "standard", "--format", "csv").stdout
        #expect(csv.contains("income,1,gross_receipts,"))
        #expect(csv.contains(",30020.07,\r\n"))
        #expect(csv.contains("income,,platform_gross,of which the platforms' gross,29660.07,\r\n"))
        #expect(csv.contains("(incentives, quests, referrals, adjustments)\",360.00,\r\n"))
        #expect(csv.contains("profit,31,net_profit,Net profit,23304.13,\r\n"))
        #expect(csv.contains("self_employment_tax,,self_employment_tax,Self-employment tax,3292.77,\r\n"))
        let reconciled = store.run("tax", "reconcile", "--platform", "Uber", "--1099", "30020.07", "--year", "2024")
        #expect(reconciled.status == .success, "\(reconciled.stderr)")
        #expect(reconciled.stdout.contains("Gross in the record: 30020.07 (other income on no shift within it: 360.00)"))
        #expect(reconciled.stdout.contains("Difference (form - record): 0.00"))
        // By month: the quest in April, the credit (23:30 on Sep 30, Chicago) in September.
        let report = store.run("report", "--range", "2024", "--period", "month", "--format", "csv").stdout
        let rows = report.components(separatedBy: "\r\n")
        #expect(rows[0].hasSuffix(",other_income"))
        #expect(rows.first { $0.hasPrefix("2024-04-01,") }?.hasSuffix(",308.53") == true)
        #expect(rows.first { $0.hasPrefix("2024-09-01,") }?.hasSuffix(",51.47") == true)
        #expect(rows.first { $0.hasPrefix("2024-06-01,") }?.hasSuffix(",") == true)
        #expect(rows.first { $0.hasPrefix("2024-10-01,") }?.hasSuffix(",") == true)
        let text = store.run("report", "--range", "2024", "--period", "year").stdout
        #expect(text.contains("Other income: 360.00 on no shift (2 rows"))
    }

    @Test("a span holding only other income is not empty; the export writes other_income.csv")
    func exportAndEmptySpan() throws {
        let store = try CLIStore()
        store.run("income", "add", "--date", "2026-10-02", "--amount", "25", "--platform", "DoorDash", "--kind", "referral")
        let report = store.run("report", "--range", "2026-10", "--strict")
        #expect(report.status == .success, "\(report.stderr)")
        #expect(report.stderr.isEmpty)
        let out = store.folder.path("out")
        let export = store.run("export", "--format", "csv", "--out", out, "--range", "2026-10")
        #expect(export.status == .success, "\(export.stderr)")
        let rows = try String(contentsOfFile: out + "/other_income.csv", encoding: .utf8)
        #expect(rows == "other_income_id,occurred_at,amount,platform,kind,note,import_id\r\n1,2026-10-02T12:00:00-05:00,25.00,DoorDash,referral,,\r\n")
        let platforms = try String(contentsOfFile: out + "/platforms.csv", encoding: .utf8)
        #expect(platforms.hasSuffix("2026-10-01,2026-11-01,DoorDash,0,0,,,,,25.00\r\n"))
    }

    @Test("shift earnings says what a typed figure replaces and where money on no shift goes")
    func shiftEarningsHint() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T13:00")
        store.run("delivery", "add", "--shift", "1", "--accepted", "09:30", "--delivered", "09:50", "--pay", "200.00", "--platform", "Uber")
        store.run("delivery", "add", "--shift", "1", "--accepted", "10:30", "--delivered", "10:50", "--pay", "7.25", "--platform", "uber")
        let typed = store.run("shift", "earnings", "1", "51.47", "--platform", "Uber")
        #expect(typed.status == .success)
        #expect(typed.stderr == "dashpilot: your figure replaces the shift's Uber gross of 207.25 (2 trips) in every report and tax figure; "
                + "money that belongs to no shift (a quest, an incentive) goes in with 'income add'\n")
        // A figure equal to the trips' gross changes no figure: no note; under --quiet none either.
        #expect(store.run("shift", "earnings", "1", "207.25", "--platform", "Uber").stderr.isEmpty)
        #expect(store.run("--quiet", "shift", "earnings", "1", "51.47", "--platform", "Uber").stderr.isEmpty)
        let help = store.run("shift", "earnings", "--help").stdout
        #expect(help.contains("Your figure replaces the shift's gross") && help.contains("'income add'"))
    }
}
