import Foundation
import Testing
import TestSupport

/// Issue 12, item 7, through the real binary. Two valid expenses of 922337203685477.5807 made
/// every report, export and the `expenses` listing fail with "a sum of amounts is too large",
/// naming no record, exit 65 in one place and 1 in another. Now: no amount beyond
/// `Money.largestRecordable` (10,000,000) can be typed; `check` lists any stored one; and a sum
/// such amounts overflow fails every reader alike, exit 65, naming the records.
@Suite(.serialized) struct MoneyBoundTests {
    /// A store with one completed shift (id 1) on 2026-11-02, in a folder of its own.
    static func store() throws -> Bench {
        let folder = try TemporaryDirectory("DashPilotMoneyBound")
        let store = folder.path("store.sqlite")
        let output = folder.path("log")
        let made = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--quiet", "shift", "add", "--start", "2026-11-02T10:30Z",
                                           "--end", "2026-11-02T14:15Z"], output: output)
        try #require(made.status == 0, "\(made.stderr)")
        return Bench(folder: folder, store: store, output: output)
    }

    static func dashpilot(_ store: String, _ output: String, _ words: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "UTC"] + words, output: output)
    }

    /// Int64.max ten-thousandths: the largest amount the type holds, which the CLI accepted.
    static let largest = "9223372036854775807"

    /// Two expenses of 922337203685477.5807 on 2026-11-02, written past the CLI (which now
    /// refuses them), as a store written before the bound holds them.
    static func storeWithTwoHugeExpenses() throws -> Bench {
        let made = try store()
        _ = try ProcessHarness.sqlite(made.store, """
            INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (1793620800000, \(largest), 'fuel'), (1793620800000, \(largest), 'fuel');
            """, output: made.output)
        #expect(try ProcessHarness.sqlite(made.store, "SELECT group_concat(id) FROM expense", output: made.output) == "1,2")
        return made
    }

    static let namesBoth = "expense ids 1, 2 hold amounts beyond 10000000.00, the largest one record may hold;"
        + " 'dashpilot check' lists every such amount"

    @Test func everyReaderFailsAlikeNamingBothExpenses() throws {
        let bench = try Self.storeWithTwoHugeExpenses()
        var runs: [(String, (status: Int32, stdout: String, stderr: String))] = [
            ("report", try Self.dashpilot(bench.store, bench.output, "report")),
            ("report --format json --period day", try Self.dashpilot(bench.store, bench.output, "report", "--format", "json", "--period", "day")),
            ("report --shifts", try Self.dashpilot(bench.store, bench.output, "report", "--shifts")),
            ("expenses", try Self.dashpilot(bench.store, bench.output, "expenses")),
        ]
        for format in ["csv", "xlsx", "text"] {
            let out = bench.folder.path("out-\(format)")
            runs.append(("export \(format)", try Self.dashpilot(bench.store, bench.output, "export", "--format", format, "--out", out)))
            #expect(!FileManager.default.fileExists(atPath: bench.folder.path("out-\(format)")), "export \(format) wrote something")
        }
        for (name, result) in runs {
            #expect(result.status == 65, "\(name): \(result.status) \(result.stderr)")
            #expect(result.stdout == "", "\(name)")
            #expect(result.stderr.hasPrefix("dashpilot: error: the expenses "), "\(name): \(result.stderr)")
            #expect(result.stderr.contains(Self.namesBoth), "\(name): \(result.stderr)")
        }
    }

    @Test func checkListsEveryAmountBeyondTheBoundByTableAndID() throws {
        let bench = try Self.storeWithTwoHugeExpenses()
        _ = try ProcessHarness.sqlite(bench.store, "UPDATE shift SET grossEarningsE4 = 100000000001 WHERE id = 1", output: bench.output)
        let result = try Self.dashpilot(bench.store, bench.output, "check")
        #expect(result.status == 1)
        #expect(result.stdout == """
            the store \(bench.store): 3 structural faults:
              shift 1: grossEarnings is beyond 10000000.00, the largest amount one record may hold
              expense 1: amount is beyond 10000000.00, the largest amount one record may hold
              expense 2: amount is beyond 10000000.00, the largest amount one record may hold

            """, "\(result.stdout)")
        // One such amount alone overflows nothing: the report is made, and shows it.
        _ = try ProcessHarness.sqlite(bench.store, "DELETE FROM expense", output: bench.output)
        let report = try Self.dashpilot(bench.store, bench.output, "report", "--format", "csv")
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains(",10000000.00,"), "\(report.stdout)")
    }

    /// Outside tips are added up in the store's reads: SQLite's sum() failed there, exit 1.
    @Test func outsideTipsThatOverflowNameTheTipRows() throws {
        let bench = try Self.store()
        _ = try ProcessHarness.sqlite(bench.store, """
            INSERT INTO offer (id, acceptedAtMs) VALUES (1, 1793619000000);
            INSERT INTO delivery (id, shiftId, offerId, acceptedAtMs, deliveredAtMs) VALUES (1, 1, 1, 1793619000000, 1793620000000);
            INSERT INTO deliveryTip (deliveryId, amountE4, method, recordedAtMs) VALUES
                (1, 50000, 'cash', 1793620000000), (1, \(Self.largest), 'cash', 1793620000000), (1, \(Self.largest), 'cash', 1793620000000);
            """, output: bench.output)
        for words in [["report"], ["export", "--format", "csv", "--out", bench.folder.path("out")]] {
            let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", bench.store, "--tz", "UTC"] + words, output: bench.output)
            #expect(result.status == 65, "\(words): \(result.stderr)")
            #expect(result.stderr.contains("the outside tips of shift 1 are too large to add up: deliveryTip ids 2, 3 hold amounts beyond"),
                    "\(words): \(result.stderr)")
        }
        let check = try Self.dashpilot(bench.store, bench.output, "check")
        #expect(check.stdout.contains("deliveryTip 2: amount is beyond") && check.stdout.contains("deliveryTip 3: amount is beyond"))
    }

    @Test(arguments: [
        (["expense", "add", "--date", "2026-11-02", "--category", "fuel", "--amount"], "--amount"),
        (["shift", "earnings", "1", "10000000", "--tips"], "--tips"),
        (["shift", "fuel", "1", "--mpg", "25", "--price"], "--price"),
        (["shift", "fuel", "1", "--price", "3.459", "--mpg"], "--mpg"),
    ])
    func anAmountBeyondTheBoundIsAUsageErrorNamingTheOption(words: [String], option: String) throws {
        let bench = try Self.store()
        let refused = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", bench.store] + words + ["10000000.01"], output: bench.output)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("dashpilot: error: \(option): '10000000.01' is more than 10000000.00,"
                                         + " the largest amount one record may hold\n"), "\(refused.stderr)")
        let accepted = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", bench.store] + words + ["10000000"], output: bench.output)
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    @Test func grossEarningsAndOutsideTipsBeyondTheBoundAreRefused() throws {
        let bench = try Self.store()
        let gross = try Self.dashpilot(bench.store, bench.output, "shift", "earnings", "1", "10000000.0001")
        #expect(gross.status == 64)
        #expect(gross.stderr.hasPrefix("dashpilot: error: AMOUNT: '10000000.0001' is more than 10000000.00"), "\(gross.stderr)")
        _ = try ProcessHarness.sqlite(bench.store, """
            INSERT INTO offer (id, acceptedAtMs) VALUES (1, 1793619000000);
            INSERT INTO delivery (id, shiftId, offerId, acceptedAtMs, deliveredAtMs) VALUES (1, 1, 1, 1793619000000, 1793620000000);
            """, output: bench.output)
        let tip = try Self.dashpilot(bench.store, bench.output, "tip", "add", "1", "10000001", "--method", "cash", "--at", "2026-11-02T12:00Z")
        #expect(tip.status == 64)
        #expect(tip.stderr.hasPrefix("dashpilot: error: AMOUNT: '10000001' is more than 10000000.00"), "\(tip.stderr)")
        #expect(try ProcessHarness.sqlite(bench.store, "SELECT count(*) FROM deliveryTip", output: bench.output) == "0")
    }
}
