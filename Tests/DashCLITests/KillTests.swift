import DashModel
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Kill at any moment: real imports and exports in a child process, killed with SIGKILL at
/// random points. After each: the store opens, `check` is clean, it holds all of the file or
/// none of it, and the earlier export file is whole. `make test` kills a handful of times;
/// `make test-slow` (release build) at least 100.
@Suite(.serialized) struct KillTests {
    static var slow: Bool { ProcessInfo.processInfo.environment["DASHPILOT_SLOW_TESTS"] == "1" }
    static var kills: Int { slow ? 120 : 4 }

    /// A statement of `rows` delivery rows from 2026-11-10 on, 200 a day, in the delivery-log
    /// shape (clear of the generated GPX shift of 2026-11-02).
    /// From 2026-11-10, 200 rows a day: the slow run's 20,000 reach into 2027, after the real
    /// clock, so every import of it passes --allow-future (issue 27 refuses such rows otherwise).
    static func statement(rows: Int) -> String {
        var text = "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n"
        let first = CivilTime.days(year: 2026, month: 11, day: 10)
        for n in 0..<rows {
            let date = CivilTime.civil(fromDays: first + Int64(n / 200)), minute = 8 * 60 + (n % 200) * 3
            text += String(format: "%04d-%02d-%02d,%02d:%02d,%02d:%02d,DoorDash,%d.%02d,1.00,Place %d\n", date.year, date.month, date.day,
                           minute / 60, minute % 60, (minute + 2) / 60, (minute + 2) % 60, 5 + n % 20, n % 100, n % 9)
        }
        return text
    }

    struct Setup {
        let folder: TemporaryDirectory
        let base: String
        let gpx: String
        let csv: String
        let points: Int
        let rows: Int
    }

    /// A base store with a shift by hand, an 8-hour GPX file and a statement.
    static func setup() throws -> Setup {
        let folder = try TemporaryDirectory("DashPilotKill")
        let base = folder.path("base.sqlite")
        let out = folder.path("log")
        let made = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", base, "--tz", "America/Chicago", "--quiet",
                                           "shift", "add", "--start", "2026-10-02T10:30", "--end", "2026-10-02T14:15"], output: out)
        try #require(made.status == 0, "\(made.stderr)")
        let generated = try ProcessHarness.run([ProcessHarness.binFolder + "/dashpilot-gpxgen", "--out", folder.path, "--one-shift-hours",
                                                slow ? "8" : "3", "--name", "shift.gpx"], output: out)
        try #require(generated.status == 0, "\(generated.stderr)")
        let rows = slow ? 20_000 : 3_000
        try Data(statement(rows: rows).utf8).write(to: URL(fileURLWithPath: folder.path("statement.csv")))
        return Setup(folder: folder, base: base, gpx: folder.path("shift.gpx"), csv: folder.path("statement.csv"),
                     points: slow ? 28_800 : 10_800, rows: rows)
    }

    static func copyStore(_ from: String, to: String) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: from + suffix) {
            try? FileManager.default.removeItem(atPath: to + suffix)
            try FileManager.default.copyItem(atPath: from + suffix, toPath: to + suffix)
        }
    }

    /// What a store holds, counted by sqlite3 (another program).
    static func counts(_ store: String, out: String) throws -> (samples: Int, deliveries: Int, imports: Int) {
        let text = try ProcessHarness.sqlite(store, "SELECT (SELECT count(*) FROM routeSample), (SELECT count(*) FROM delivery), (SELECT count(*) FROM importRecord)", output: out)
        let parts = text.split(separator: "|").compactMap { Int($0) }
        try #require(parts.count == 3, "sqlite3 said '\(text)'")
        return (parts[0], parts[1], parts[2])
    }

    /// How long a whole run takes, so kills fall from the start to past the end.
    static func timed(_ arguments: [String], output: String) throws -> Double {
        let clock = ContinuousClock()
        let t0 = clock.now
        let result = try ProcessHarness.run(arguments, output: output)
        #expect(result.status == 0, "\(result.stderr)")
        let elapsed = clock.now - t0
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test(arguments: ["gpx", "statement"])
    func anImportKilledAnywhereLeavesAllOrNothing(_ kind: String) throws {
        let setup = try Self.setup()
        let store = setup.folder.path("store.sqlite")
        let out = setup.folder.path("run")
        func words(_ store: String) -> [String] {
            [ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago", "--quiet", "import"]
                + (kind == "gpx" ? ["gpx", setup.gpx] : ["statement", setup.csv, "--template", "delivery-log", "--create-shifts",
                                                   // Its rows run into 2027, after the real clock (issue 27 refuses them otherwise).
                                                   "--allow-future"])
        }
        try Self.copyStore(setup.base, to: store)
        let full = try Self.timed(words(store), output: out)
        let after = try Self.counts(store, out: out)
        let before = try Self.counts(setup.base, out: out)
        var generator = SystemRandomNumberGenerator()
        var none = 0, all = 0
        for _ in 0..<Self.kills {
            try Self.copyStore(setup.base, to: store)
            let child = try ProcessHarness.start(words(store), output: out)
            usleep(UInt32(Double.random(in: 0...(full * 1.1), using: &generator) * 1_000_000))
            child.kill()
            _ = child.wait()
            let check = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "check"], output: out)
            #expect(check.status == 0, "check after a kill: \(check.stdout) \(check.stderr)")
            #expect(check.stdout.contains("no structural faults"), "\(check.stdout)")
            let now = try Self.counts(store, out: out)
            if now == before { none += 1 } else if now == after { all += 1 } else {
                Issue.record("a killed \(kind) import left part of the file: \(now), not \(before) or \(after)")
            }
        }
        #expect(none + all == Self.kills)
        if Self.slow {
            // Kills from the start to past the end: some before the commit, some after.
            #expect(none > 0 && all > 0, "\(none) kills left nothing, \(all) the whole file")
        }
        // The same file again after the kills: added once, whatever the kills left.
        let again = try ProcessHarness.run(words(store), output: out)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.counts(store, out: out) == after)
    }

    /// An export killed anywhere leaves the earlier file whole, or the new one whole.
    @Test(arguments: ["csv", "xlsx"])
    func anExportKilledAnywhereLeavesAWholeFile(_ format: String) throws {
        let setup = try Self.setup()
        let store = setup.folder.path("store.sqlite")
        let out = setup.folder.path("run")
        try Self.copyStore(setup.base, to: store)
        _ = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago", "--quiet", "import", "gpx", setup.gpx], output: out)
        let target = setup.folder.path(format == "csv" ? "shifts.csv" : "year.xlsx")
        func words(_ range: String) -> [String] {
            [ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago", "--quiet", "export", "--range", range, "--format", format,
             "--out", target, "--force"]
        }
        // The earlier file: October's; the new one: the year's.
        _ = try Self.timed(words("2026-10"), output: out)
        let earlier = try Data(contentsOf: URL(fileURLWithPath: target))
        let full = try Self.timed(words("2026"), output: out)
        let newer = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(earlier != newer)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<Self.kills {
            try earlier.write(to: URL(fileURLWithPath: target))
            let child = try ProcessHarness.start(words("2026"), output: out)
            usleep(UInt32(Double.random(in: 0...(full * 1.1), using: &generator) * 1_000_000))
            child.kill()
            _ = child.wait()
            let now = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(now == earlier || now == newer, "a killed export left a file that is neither the earlier nor the new one")
        }
        // Temporary files a kill left are only ever beside the target, named .NAME.tmp-PID.
        let stray = try FileManager.default.contentsOfDirectory(atPath: setup.folder.path).filter { $0.contains(".tmp-") }
        #expect(stray.allSatisfy { $0.hasPrefix("." + (target as NSString).lastPathComponent + ".tmp-") }, "\(stray)")
    }
}
