import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 12, item 6b, through the real binary: `report --from 0001-01-01 --to 9999-12-31
/// --period day` (3.65 million rows) ran for 87 s in 3.4 GB. More than 20,000 rows is now a usage
/// error, before anything is read: exit 64, nothing on stdout, no file written, the count and a
/// period that fits named. Export uses the same request, so it is refused alike.
@Suite(.serialized) struct ReportRowLimitTests {
    /// Runs the binary, killing it after `limit` seconds: the status (nil when it had to be
    /// killed), stdout, stderr and the seconds it took.
    static func run(_ words: [String], store: String, output: String, limit: Double = 20) throws
        -> (status: Int32?, stdout: String, stderr: String, seconds: Double) {
        let clock = ContinuousClock()
        let started = clock.now
        let child = try ProcessHarness.start([ProcessHarness.dashpilot, "--store", store, "--tz", "UTC"] + words, output: output)
        var status: Int32 = 0
        var finished = false
        while clock.now - started < .milliseconds(Int(limit * 1000)) {
            if waitpid(child.pid, &status, WNOHANG) == child.pid {
                finished = true
                break
            }
            usleep(5_000)
        }
        if !finished {
            child.kill()
            _ = child.wait()
        }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let out = (try? String(contentsOfFile: output + ".out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
        return (finished ? (status >> 8) & 0xFF : nil, out, err, seconds)
    }

    static func store() throws -> Bench {
        let folder = try TemporaryDirectory("DashPilotReportRows")
        let store = folder.path("store.sqlite")
        let output = folder.path("log")
        let made = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--quiet", "shift", "add", "--start", "2026-11-02T10:30Z",
                                           "--end", "2026-11-02T14:15Z"], output: output)
        try #require(made.status == 0, "\(made.stderr)")
        return Bench(folder: folder, store: store, output: output)
    }

    static let everyDay = ["--from", "0001-01-01", "--to", "9999-12-31", "--period", "day"]

    @Test(arguments: [["report"], ["report", "--format", "csv"], ["report", "--format", "json", "--shifts"]])
    func aReportOfMillionsOfRowsIsAUsageErrorAtOnce(words: [String]) throws {
        let bench = try Self.store()
        let result = try Self.run(words + Self.everyDay, store: bench.store, output: bench.output)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("dashpilot: error: 0001-01-01 to 9999-12-31 by day is 3652058 rows; a report has at most 20000\n"
                                        + "hint: give a longer --period (--period year fits) or a shorter span\n"), "\(result.stderr)")
        #expect(result.seconds < 5, "took \(result.seconds) s")
    }

    @Test(arguments: ["csv", "xlsx", "text"])
    func anExportOfMillionsOfRowsIsRefusedAndWritesNothing(format: String) throws {
        let bench = try Self.store()
        let out = bench.folder.path("out")
        let result = try Self.run(["export", "--format", format, "--out", out] + Self.everyDay, store: bench.store, output: bench.output)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("is 3652058 rows; a report has at most 20000"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(result.seconds < 5, "took \(result.seconds) s")
    }

    /// The hint names the shortest period that fits; at the cap a report is made.
    @Test func theHintNamesAPeriodThatFitsAndTheCapItselfIsAllowed() throws {
        let bench = try Self.store()
        let weeks = try Self.run(["report", "--from", "1900-01-01", "--to", "2100-01-01", "--period", "day"],
                                 store: bench.store, output: bench.output)
        #expect(weeks.status == 64)
        #expect(weeks.stderr.contains("is 73049 rows") && weeks.stderr.contains("(--period week fits)"), "\(weeks.stderr)")
        // 2000-01-01 plus 20,000 days is 2054-10-04: exactly the cap.
        let atCap = try Self.run(["report", "--from", "2000-01-01", "--to", "2054-10-04", "--period", "day", "--format", "csv"],
                                 store: bench.store, output: bench.output)
        #expect(atCap.status == 0, "\(atCap.stderr)")
        #expect(atCap.stdout.utf8.filter { $0 == 0x0A }.count == 20_001)
        let past = try Self.run(["report", "--from", "2000-01-01", "--to", "2054-10-05", "--period", "day"], store: bench.store, output: bench.output)
        #expect(past.status == 64)
        #expect(past.stderr.contains("is 20001 rows"), "\(past.stderr)")
    }
}

/// A store in a folder of its own, kept while a test uses it (the folder goes with it).
final class Bench {
    let folder: TemporaryDirectory
    let store: String
    let output: String

    init(folder: TemporaryDirectory, store: String, output: String) {
        self.folder = folder
        self.store = store
        self.output = output
    }
}
