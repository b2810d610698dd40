import DashStore
import Foundation
import Testing
import TestSupport

/// A report or export whose span holds no record says so on stderr (it printed zeros and
/// "Missing: nothing." in silence); `--strict` makes that exit 1 with nothing printed or written.
@Suite struct EmptySpanTests {
    /// A store whose records run 2026-01-04 to 2026-11-28 (a shift, then an expense).
    static func bench() throws -> ConfiguredProcess {
        var bench = try ConfiguredProcess()
        bench.environment["TZ"] = "America/Chicago"
        #expect(try bench.run(["--store", bench.store, "shift", "add", "--start", "2026-01-04T09:00", "--end", "2026-01-04T17:00"]).status == 0)
        #expect(try bench.run(["--store", bench.store, "expense", "add", "--date", "2026-11-28", "--amount", "12.00", "--category", "fuel"]).status == 0)
        return bench
    }

    static let line = "dashpilot: no records in 2025-01-01 to 2025-12-31; the store's records run 2026-01-04 to 2026-11-28\n"
    static let error = "dashpilot: error: no records in 2025-01-01 to 2025-12-31; the store's records run 2026-01-04 to 2026-11-28\n"

    @Test func aReportOfAnEmptySpanSaysWhereTheRecordsLie() throws {
        let bench = try Self.bench()
        let report = ["--store", bench.store, "report", "--range", "2025"]
        let plain = try bench.run(report)
        #expect(plain.status == 0)
        #expect(plain.stderr == Self.line)
        #expect(plain.stdout.contains("2025-01-01 to 2025-12-31"))
        let strict = try bench.run(report + ["--strict"])
        #expect(strict.status == 1 && strict.stdout.isEmpty)
        #expect(strict.stderr == Self.error)
        // A failure is one line under --quiet too (docs/cron.md): cron mails it.
        let quiet = try bench.run(report + ["--strict", "--quiet"])
        #expect(quiet.status == 1 && quiet.stdout.isEmpty && quiet.stderr == Self.error)
        #expect(try bench.run(report + ["--quiet"]).stderr.isEmpty)
        // A span that holds a record says nothing, --strict or not.
        for range in ["2026", "2026-01", "2026-11-28"] {
            let full = try bench.run(["--store", bench.store, "report", "--range", range, "--strict"])
            #expect(full.status == 0 && full.stderr.isEmpty, "\(range): \(full.stderr)")
        }
        let day = try bench.run(["--store", bench.store, "report", "--range", "2026-06-01"])
        #expect(day.stderr == "dashpilot: no records on 2026-06-01; the store's records run 2026-01-04 to 2026-11-28\n")
    }

    @Test func anExportOfAnEmptySpanSaysSoAndStrictWritesNothing() throws {
        let bench = try Self.bench()
        let out = bench.path("out")
        let export = ["--store", bench.store, "export", "--format", "csv", "--out", out, "--range", "2025"]
        let strict = try bench.run(export + ["--strict", "--quiet"])
        #expect(strict.status == 1 && strict.stdout.isEmpty)
        #expect(strict.stderr == Self.error)
        #expect(!FileManager.default.fileExists(atPath: out))
        let text = try bench.run(["--store", bench.store, "export", "--format", "text", "--out", "-", "--range", "2025", "--strict"])
        #expect(text.status == 1 && text.stdout.isEmpty)
        let plain = try bench.run(export)
        #expect(plain.status == 0 && plain.stderr == Self.line)
        #expect(FileManager.default.fileExists(atPath: out + "/periods.csv"))
    }

    @Test func anEmptyStoreSaysItHoldsNoRecords() throws {
        var bench = try ConfiguredProcess()
        bench.environment["TZ"] = "America/Chicago"
        _ = try Store.open(at: bench.store, create: true)
        let result = try bench.run(["--store", bench.store, "report", "--range", "2026", "--strict"])
        #expect(result.status == 1)
        #expect(result.stderr == "dashpilot: error: no records in 2026-01-01 to 2026-12-31; the store holds no records\n")
    }
}
