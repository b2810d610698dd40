import DashModel
@testable import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// `vehicle odometer` and `tax paid` through the real binary (docs/cli.md "vehicle odometer",
/// "tax paid"): what each prints, the figure it replaced, its refusals with their exit statuses,
/// and nothing written on a refusal.
@Suite struct TaxRecordCommandTests {
    /// A store path of its own (not made until a command records something) and the binary.
    struct Bench {
        let folder: TemporaryDirectory
        let store: String

        init() throws {
            folder = try TemporaryDirectory("DashPilotTaxRecords")
            store = folder.path("store/dashpilot.sqlite")
        }

        @discardableResult
        func run(_ words: String...) throws -> (status: Int32, stdout: String, stderr: String) {
            try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: folder.path("log"))
        }

        func dump() throws -> [String] { try dumpRecord(Store.open(at: store, create: false)) }
        var storeExists: Bool { FileManager.default.fileExists(atPath: store) }
    }

    /// Each refusal: its exit status, a line of stderr naming what is wrong, and no store made.
    @Test func refusalsBeforeAnyStoreMakeNoStoreFile() throws {
        let bench = try Bench()
        let cases: [(words: [String], status: Int32, says: String)] = [
            (["vehicle", "odometer", "--year", "2026"], 66, "no store at"),
            (["vehicle", "odometer", "--year", "2026", "--end", "5"], 66, "no store at"),
            (["vehicle", "odometer", "--year", "2026", "--clear"], 66, "no store at"),
            (["vehicle", "odometer", "--year", "2026", "--start", "41250.05"], 64, "--start has more than one decimal place"),
            (["vehicle", "odometer", "--year", "2026", "--start", "41250", "--end", "1,000"], 64, "--end: "),
            (["vehicle", "odometer", "--year", "26", "--start", "1"], 64, "--year must be a year from 1900 to 9999"),
            (["vehicle", "odometer", "--start", "1"], 64, "missing required option --year"),
            (["vehicle", "odometer", "--year", "2026", "--start", "5", "--end", "4.9"], 65, "end-of-year reading is below its start-of-year reading"),
            (["vehicle", "odometer", "--year", "2026", "--start", "-5"], 65, "an odometer reading cannot be negative"),
            (["vehicle", "odometer", "--year", "2026", "--clear", "--start", "1"], 64, "--clear takes no --start or --end"),
            (["tax", "paid", "--date", "2026-04-14", "--amount", "0"], 65, "a tax payment must be more than 0"),
            (["tax", "paid", "--date", "2026-04-14", "--amount", "-850"], 65, "a tax payment cannot be negative"),
            (["tax", "paid", "--date", "2026-04-14", "--amount", "12,50"], 64, "--amount: "),
            (["tax", "paid", "--date", "2026-04-14", "--amount", "10000000.01"], 64, "the largest amount one record may hold"),
            (["tax", "paid", "--date", "2026-02-30", "--amount", "1"], 64, "--date: 2026-02-30 00:00:00 is not a real date"),
            (["tax", "paid", "--date", "14/04/2026", "--amount", "1"], 64, "--date: '14/04/2026' is not a date"),
            (["tax", "paid", "--date", "2026-04-14", "--amount", "1", "--year", "1899"], 64, "--year must be a year from 1900 to 9999"),
            (["tax", "paid", "--date", "2026-04-14"], 64, "missing required option --amount"),
            (["tax", "paid", "--date", "2026-04-14", "--amount", "1", "--note", ""], 65, "the note cannot be empty"),
            (["tax", "paid", "--list", "--delete", "1"], 64, "give one of --date and --amount"),
            (["tax", "paid", "--list", "--amount", "1"], 64, "give one of --date and --amount"),
            (["tax", "paid", "--delete", "x"], 64, "--delete must be a positive whole number"),
            (["tax", "paid", "--delete", "1", "--year", "2026"], 64, "--delete takes no --year"),
            (["tax", "paid", "--list"], 66, "no store at"),
            (["tax", "paid", "--delete", "1"], 66, "no store at"),
        ]
        for (words, status, says) in cases {
            let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", bench.store] + words, output: bench.folder.path("log"))
            #expect(result.status == status, "\(words): \(result.stderr)")
            #expect(result.stderr.contains(says), "\(words): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(words)")
            #expect(!bench.storeExists, "\(words) made a store")
            if status == 65 { #expect(result.stderr.contains("nothing was written"), "\(words)") }
        }
        #expect(!FileManager.default.fileExists(atPath: bench.folder.path("store")))
    }

    @Test func anOdometerYearIsRecordedShownCompletedReplacedAndCleared() throws {
        let bench = try Bench()
        var result = try bench.run("vehicle", "odometer", "--year", "2026", "--start", "41250.0")
        #expect(result.status == 0 && result.stdout == "odometer 2026: start 41250.0, no end reading yet, recorded\n", "\(result)")
        // --year alone shows it; no end yet, so no total.
        result = try bench.run("vehicle", "odometer", "--year", "2026")
        #expect(result.stdout == "odometer 2026: start 41250.0, no end reading yet\n")
        // The end given later, alone.
        result = try bench.run("vehicle", "odometer", "--year", "2026", "--end", "63980.4")
        #expect(result.stdout == "odometer 2026: start 41250.0, end 63980.4: 22730.4 miles in the year, recorded\n", "\(result)")
        result = try bench.run("vehicle", "odometer", "--year", "2026")
        #expect(result.stdout == "odometer 2026: start 41250.0, end 63980.4: 22730.4 miles in the year\n")
        // A reading replaced is printed as it was; the one kept is not.
        result = try bench.run("vehicle", "odometer", "--year", "2026", "--end", "64000")
        #expect(result.stdout == "odometer 2026: start 41250.0, end 64000.0: 22750.0 miles in the year, recorded (the end was 63980.4)\n")
        result = try bench.run("vehicle", "odometer", "--year", "2026", "--start", "41000", "--end", "63000.5")
        #expect(result.stdout == "odometer 2026: start 41000.0, end 63000.5: 22000.5 miles in the year, recorded "
            + "(the start was 41250.0; the end was 64000.0)\n")
        result = try bench.run("vehicle", "odometer", "--year", "2026", "--start", "41000")
        #expect(result.stdout == "odometer 2026: start 41000.0, end 63000.5: 22000.5 miles in the year, recorded\n")
        #expect(try ProcessHarness.sqlite(bench.store, "SELECT year, startE1, endE1 FROM vehicleOdometerYear", output: bench.folder.path("q"))
                == "2026|410000|630005")

        // Refusals against the recorded year change nothing.
        let before = try bench.dump()
        result = try bench.run("vehicle", "odometer", "--year", "2026", "--end", "40999.9")
        #expect(result.status == 65 && result.stderr.contains("end-of-year reading is below its start-of-year reading"))
        result = try bench.run("vehicle", "odometer", "--year", "2026", "--start", "63000.6")
        #expect(result.status == 65 && result.stderr.contains("nothing was written"))
        result = try bench.run("vehicle", "odometer", "--year", "2025", "--end", "41000")
        #expect(result.status == 64 && result.stderr.contains("no odometer start is recorded for 2025; give --start with --end"))
        result = try bench.run("vehicle", "odometer", "--year", "2026", "--start", "1.25")
        #expect(result.status == 64 && result.stderr.contains("--start has more than one decimal place"))
        #expect(try bench.dump() == before)

        result = try bench.run("vehicle", "odometer", "--year", "2025")
        #expect(result.status == 0 && result.stdout == "odometer 2025: none recorded ('vehicle odometer --year 2025 --start N' records it)\n")
        try bench.run("vehicle", "odometer", "--year", "2025", "--start", "30000", "--end", "41000")
        result = try bench.run("vehicle", "show")
        #expect(result.stdout.hasSuffix("odometer years: 2025 (start 30000.0, end 41000.0: 11000.0 miles in the year); "
            + "2026 (start 41000.0, end 63000.5: 22000.5 miles in the year)\n"), "\(result.stdout)")
        result = try bench.run("vehicle", "odometer", "--year", "2025", "--clear")
        #expect(result.stdout == "cleared the odometer of 2025 (was start 30000.0, end 41000.0: 11000.0 miles in the year)\n")
        result = try bench.run("vehicle", "odometer", "--year", "2025", "--clear")
        #expect(result.status == 0 && result.stdout == "no odometer was recorded for 2025\n")
        #expect(try bench.run("vehicle", "show").stdout.hasSuffix("odometer years: 2026 (start 41000.0, end 63000.5: 22000.5 miles in the year)\n"))
        #expect(try bench.run("--quiet", "vehicle", "odometer", "--year", "2026", "--clear").stdout.isEmpty)
        #expect(try bench.run("vehicle", "show").stdout.hasSuffix("odometer years: none recorded ('vehicle odometer --year Y --start N' records one)\n"))
    }

    @Test func taxPaymentsAreRecordedForTheirTaxYearListedWithTotalsAndDeleted() throws {
        let bench = try Bench()
        var result = try bench.run("tax", "paid", "--date", "2026-04-14", "--amount", "850.00")
        #expect(result.status == 0 && result.stdout == "recorded tax payment 1: 850.00 paid 2026-04-14, toward tax year 2026\n", "\(result)")
        #expect(result.stderr.isEmpty)
        // January, without --year: recorded for the date's year, and the note says how to move it.
        result = try bench.run("tax", "paid", "--date", "2027-01-15", "--amount", "900")
        #expect(result.stdout == "recorded tax payment 2: 900.00 paid 2027-01-15, toward tax year 2027\n")
        #expect(result.stderr == "dashpilot: a payment made in January is often the fourth quarter of 2026; if this one is, "
            + "'tax paid --delete 2' and record it again with --year 2026\n")
        result = try bench.run("tax", "paid", "--date", "2027-01-15", "--amount", "900.125", "--year", "2026", "--note", "Q4 voucher")
        #expect(result.stdout == "recorded tax payment 3: 900.125 paid 2027-01-15, toward tax year 2026\n" && result.stderr.isEmpty, "\(result)")
        try bench.run("tax", "paid", "--date", "2026-01-15", "--amount", "700", "--year", "2025")
        #expect(try ProcessHarness.sqlite(bench.store, "SELECT id, paidOn, taxYear, amountE4, coalesce(note, '-') FROM taxPayment ORDER BY id",
                                          output: bench.folder.path("q"))
                == "1|2026-04-14|2026|8500000|-\n2|2027-01-15|2027|9000000|-\n3|2027-01-15|2026|9001250|Q4 voucher\n4|2026-01-15|2025|7000000|-")

        result = try bench.run("tax", "paid", "--list", "--year", "2026")
        #expect(result.stdout == """
            ID  PAID ON     TAX YEAR    AMOUNT  NOTE
             1  2026-04-14  2026        850.00
             3  2027-01-15  2026       900.125  Q4 voucher
                total       2026      1750.125

            """, "\(result.stdout)")
        // Every year: by the date paid, then id (2 and 3 were paid the same day); a total per tax year.
        result = try bench.run("tax", "paid", "--list")
        #expect(result.stdout == """
            ID  PAID ON     TAX YEAR    AMOUNT  NOTE
             4  2026-01-15  2025        700.00
             1  2026-04-14  2026        850.00
             2  2027-01-15  2027        900.00
             3  2027-01-15  2026       900.125  Q4 voucher
                total       2025        700.00
                total       2026      1750.125
                total       2027        900.00

            """, "\(result.stdout)")
        #expect(try bench.run("tax", "paid", "--list", "--year", "2024").stdout == "no tax payments recorded toward 2024\n")

        result = try bench.run("tax", "paid", "--delete", "2")
        #expect(result.status == 0 && result.stdout == "deleted tax payment 2: 900.00 paid 2027-01-15, toward tax year 2027\n")
        let before = try bench.dump()
        result = try bench.run("tax", "paid", "--delete", "2")
        #expect(result.status == 1 && result.stderr == "dashpilot: error: there is no tax payment 2\n")
        result = try bench.run("tax", "paid", "--date", "2026-06-15", "--amount", "0.00")
        #expect(result.status == 65 && result.stderr.contains("a tax payment must be more than 0"))
        result = try bench.run("tax", "paid", "--date", "2026-06-15", "--amount", "-1")
        #expect(result.status == 65)
        result = try bench.run("tax", "paid", "--date", "2026-06-31", "--amount", "1")
        #expect(result.status == 64)
        #expect(try bench.dump() == before)
        // A deleted id is never given again.
        #expect(try bench.run("--quiet", "tax", "paid", "--date", "2026-06-15", "--amount", "1").stdout.isEmpty)
        #expect(try bench.run("tax", "paid", "--list", "--year", "2026").stdout.contains("\n 5  2026-06-15  2026"))
    }

    /// Neither record is held by an import: undoing every import leaves them, and `check`
    /// passes on a store that holds them.
    @Test func undoNeverTouchesThemAndCheckPasses() throws {
        let bench = try Bench()
        let track = bench.folder.path("a.gpx")
        try Data(GPXFixture.document(segment: GPXFixture.drive(count: 300)).utf8).write(to: URL(fileURLWithPath: track))
        #expect(try bench.run("tax", "paid", "--date", "2026-04-14", "--amount", "850").status == 0)
        #expect(try bench.run("import", "gpx", track).status == 0)
        #expect(try bench.run("vehicle", "odometer", "--year", "2026", "--start", "41250", "--end", "63980.4").status == 0)
        #expect(try bench.run("tax", "paid", "--date", "2026-06-15", "--amount", "900").status == 0)
        let check = try bench.run("check")
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
        let undo = try bench.run("imports", "undo", "1")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try ProcessHarness.sqlite(bench.store, "SELECT (SELECT count(*) FROM shift), (SELECT count(*) FROM taxPayment), "
                                          + "(SELECT group_concat(year || ':' || startE1 || '-' || endE1) FROM vehicleOdometerYear)",
                                          output: bench.folder.path("q")) == "0|2|2026:412500-639804")
        #expect(try bench.run("check").status == 0)
    }

    /// A v11 store (as the build before this one wrote it) is migrated by the first command
    /// that opens it, after a backup, and keeps its rows; a migration killed midway leaves v11
    /// or v12, never between, and the next command finishes it.
    @Test func aV11StoreIsMigratedByTheBinaryAndAKillLeavesOneVersionOrTheOther() throws {
        let bench = try Bench()
        try FileManager.default.createDirectory(atPath: bench.folder.path("store"), withIntermediateDirectories: true)
        let old = bench.folder.path("v11.sqlite")
        do {
            let store = try Store.openHistorical(at: old, version: 11)
            let start = Instant(millisecondsSinceEpoch: 1_793_610_000_000)
            let id = try store.createCompletedShift(start: start, end: start.adding(milliseconds: 8 * 3_600_000))
            try store.connection.run("INSERT INTO captureSession (shiftId, startedAtMs, source) VALUES (?1, ?2, 'test')",
                                     [.integer(id), .instant(start)])
            // The route as a v11 store holds it (this build's RouteWriter writes v13's layout).
            try writeRouteAsOfAnyVersion(store, shiftID: id, session: store.connection.lastInsertRowID, (0..<40_000).map { (n: Int) -> (atMs: Int64, latitude: Double, longitude: Double) in
                (start.millisecondsSinceEpoch + Int64(n) * 100, 41.8 + Double(n % 1000) * 1e-5, -87.6)
            })
        }
        let out = bench.folder.path("q")
        func version() throws -> String { try ProcessHarness.sqlite(bench.store, "PRAGMA user_version", output: out) }
        let samples = try ProcessHarness.sqlite(old, "SELECT count(*) FROM routeSample", output: out)
        try KillTests.copyStore(old, to: bench.store)
        let clock = ContinuousClock(), t0 = clock.now
        let first = try bench.run("tax", "paid", "--list")
        let full = Double((clock.now - t0).components.attoseconds) / 1e18 + Double((clock.now - t0).components.seconds)
        #expect(first.status == 0 && first.stdout == "no tax payments recorded\n", "\(first)")
        #expect(first.stderr.contains("migrated the store from schema version 11 to \(Schema.currentVersion); backup at \(bench.store).v11.bak"))
        #expect(try version() == String(Schema.currentVersion))
        #expect(try ProcessHarness.sqlite(bench.store + ".v11.bak", "PRAGMA user_version", output: out) == "11")
        #expect(try ProcessHarness.sqlite(bench.store, "SELECT count(*) FROM routeSample", output: out) == samples)

        var generator = SystemRandomNumberGenerator()
        for _ in 0..<KillTests.kills {
            for name in try FileManager.default.contentsOfDirectory(atPath: bench.folder.path("store")) {
                try FileManager.default.removeItem(atPath: bench.folder.path("store/" + name))
            }
            try KillTests.copyStore(old, to: bench.store)
            let child = try ProcessHarness.start([ProcessHarness.dashpilot, "--store", bench.store, "store", "migrate"], output: out)
            usleep(UInt32(Double.random(in: 0...(full * 1.2), using: &generator) * 1_000_000))
            child.kill()
            _ = child.wait()
            #expect(["11", String(Schema.currentVersion)].contains(try version()))
            #expect(try ProcessHarness.sqlite(bench.store, "PRAGMA integrity_check", output: out) == "ok")
            let next = try bench.run("tax", "paid", "--date", "2026-04-14", "--amount", "850")
            #expect(next.status == 0, "\(next.stderr)")
            #expect(try version() == String(Schema.currentVersion))
            #expect(try bench.run("check").status == 0)
            #expect(try ProcessHarness.sqlite(bench.store, "SELECT count(*) FROM routeSample", output: out) == samples)
        }
    }
}
