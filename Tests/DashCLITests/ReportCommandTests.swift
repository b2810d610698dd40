@testable import DashCLI
import Foundation
import Testing
import TestSupport

/// `dashpilot report` end to end: a small store with known answers, golden files for each
/// format, determinism across runs and process time zones, and period expressions.
@Suite(.serialized) struct ReportCommandTests {
    /// Three November shifts (one at 23:30 on the 30th, one at midnight of December 1st), an
    /// active one, a route from a sample GPX track, pauses that overlap, expenses on the
    /// month boundary.
    static func store() throws -> CLIStore {
        let store = try CLIStore()
        let steps: [[String]] = [
            ["shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:30", "--pause", "12:00/12:30", "--pause", "12:15/12:45"],
            ["shift", "earnings", "1", "80.00", "--tips", "20.00"],
            ["shift", "fuel", "1", "--mpg", "25", "--price", "3.50"],
            ["shift", "add", "--start", "2026-11-30T23:30", "--end", "2026-11-30T23:59", "--allow-future"],
            ["shift", "earnings", "2", "30.00"],
            ["shift", "add", "--start", "2026-12-01T00:00", "--end", "2026-12-01T02:00", "--allow-future"],
            ["expense", "add", "--date", "2026-11-30", "--amount", "12.00", "--category", "parking"],
            ["expense", "add", "--date", "2026-12-01", "--amount", "40.00", "--category", "fuel", "--note", "=cmd|' /C calc'!A0"],
            ["import", "gpx", Fixtures.packageRoot + "/SampleData/gpx/2026-11-05-dinner.gpx"],
            ["shift", "earnings", "4", "31.75"],
            ["shift", "fuel", "4", "--mpg", "30", "--price", "0"],
        ]
        for words in steps {
            let result = store.run(words: words)
            #expect(result.status == .success, "\(words): \(result.stderr)")
        }
        return store
    }

    @Test func goldenReportsInEveryFormat() throws {
        let store = try Self.store()
        for (name, words) in [
            ("report/month.txt", ["report", "--range", "2026Q4", "--period", "month"]),
            ("report/month.csv", ["report", "--range", "2026Q4", "--period", "month", "--format", "csv"]),
            ("report/month.json", ["report", "--range", "2026Q4", "--period", "month", "--format", "json"]),
            ("report/shifts.txt", ["report", "--range", "2026Q4", "--shifts"]),
            ("report/shifts.csv", ["report", "--range", "2026Q4", "--shifts", "--format", "csv"]),
            ("report/weeks-km.txt", ["report", "--from", "2026-11-28", "--to", "2026-12-03", "--period", "week", "--units", "km"]),
        ] {
            let result = store.run(words: words)
            #expect(result.status == .success, "\(words): \(result.stderr)")
            expectGolden(result.stdout, name)
        }
    }

    /// The 23:30 shift of November 30th (Chicago) is November's; the midnight one December's.
    @Test func membershipIsByLocalStart() throws {
        let store = try Self.store()
        let csv = store.run("report", "--range", "2026Q4", "--period", "month", "--format", "csv").stdout
        let rows = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(rows.first)
        func value(_ month: String, _ column: String) throws -> String {
            let row = try #require(rows.first { $0.first == month })
            return row[try #require(header.firstIndex(of: column))]
        }
        #expect(try value("2026-11-01", "shifts") == "3")
        #expect(try value("2026-12-01", "shifts") == "1")
        #expect(try value("2026-11-01", "gross_earnings") == "141.75")
        #expect(try value("2026-12-01", "gross_earnings") == "", "the December shift has no earnings: empty, not 0.00")
        #expect(try value("2026-12-01", "shifts_without_earnings") == "1")
        #expect(try value("2026-10-01", "gross_earnings") == "0.00", "no shifts at all: 0.00")
        #expect(try value("2026-11-01", "expenses") == "12.00")
        #expect(try value("2026-12-01", "expenses") == "40.00")
        // Shift 1: 4 h elapsed, pauses 12:00-12:30 and 12:15-12:45 overlap: 0.75 h paused.
        #expect(try value("2026-11-01", "paused_hours") == "0.75")
    }

    /// The same store and arguments give the same bytes, run after run and under any process TZ.
    @Test func sameBytesUnderAnyProcessTimeZone() throws {
        let store = try Self.store()
        let words = ["--store", store.path, "--tz", "America/Chicago", "report", "--range", "2026Q4", "--period", "week", "--format", "json"]
        let first = runCLI(words).stdout
        let saved = ProcessInfo.processInfo.environment["TZ"]
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        var outputs: [String] = []
        for zone in ["Asia/Tokyo", "Pacific/Kiritimati", "UTC"] {
            setenv("TZ", zone, 1)
            tzset()
            outputs.append(runCLI(words, environment: ["TZ": zone], systemZone: TimeZone(identifier: zone) ?? .gmt).stdout)
        }
        #expect(!first.isEmpty)
        #expect(outputs.allSatisfy { $0 == first })
        #expect(runCLI(words).stdout == first)
    }

    /// `--today` pins relative ranges: last month seen from January is December of last year.
    @Test func lastMonthInJanuary() throws {
        let store = try Self.store()
        let result = store.run("report", "--range", "last-month", "--today", "2027-01-15", "--format", "csv")
        #expect(result.status == .success, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\r\n")
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("2026-12-01,2027-01-01,1,0,") == true, "\(lines)")
    }

    /// `2026-W49` is an ISO week, one row from Monday, even when weeks otherwise start on Sunday.
    @Test func anISOWeekIsOneRowWhateverTheWeekStart() throws {
        let store = try Self.store()
        let result = store.run("report", "--range", "2026-W49", "--week-start", "sunday", "--format", "csv")
        let lines = result.stdout.split(separator: "\r\n")
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(lines.last?.hasPrefix("2026-11-30,2026-12-07,") == true)
        let sundays = store.run("report", "--range", "2026-W49", "--week-start", "sunday", "--period", "week", "--format", "csv")
        #expect(sundays.stdout.split(separator: "\r\n").count == 3, "asked for Sunday weeks: two rows")
    }

    @Test(arguments: [
        (["report", "--range", "last-year", "--today", "0001-03-01"], "the years 0001 to 9999"),
        (["report", "--period", "fortnight"], "--period must be"),
        (["report", "--range", "2026-W54"], "--range: '2026-W54' is not a period"),
        (["report", "--range", "2026", "--from", "2026-01-01"], "--range names the whole span"),
        (["report", "--from", "2026-12-01", "--to", "2026-11-01"], "--to must come after --from"),
        (["report", "--units", "furlongs"], "--units must be"),
        (["report", "--format", "xml"], "--format must be"),
        (["report", "--today", "2026-02-30", "--range", "today"], "--today"),
    ])
    func badOptionsAreUsageErrors(_ words: [String], _ message: String) throws {
        let store = try Self.store()
        let result = store.run(words: words)
        #expect(result.status == .usage)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingStoreIsNoInput() throws {
        let folder = try TemporaryDirectory()
        let result = runCLI(["--store", folder.path("none.sqlite"), "--tz", "UTC", "report"])
        #expect(result.status == .noInput)
    }
}
