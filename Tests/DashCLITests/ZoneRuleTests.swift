import DashStore
import Foundation
import Testing
import TestSupport

/// One zone rule for every command (docs/cli.md, "Time zone"), through the real binary where
/// the zone comes from the process's environment.
@Suite struct ZoneRuleTests {
    static let add = ["shift", "add", "--start", "2026-07-01T09:00", "--end", "2026-07-01T17:00"]

    /// An exported `TZ` is the import's zone too (it was refused: "needs to know the statement's
    /// time zone"), and the refusal names the kind of file.
    @Test func anExportedTZReachesAnImportAndTheRefusalNamesTheFile() throws {
        let bench = try ConfiguredProcess()
        let statement = bench.path("shifts.csv"), expenses = bench.path("expenses.csv")
        try Data("Date,Start,End,Platform,Earnings\n2026-11-02,10:00,11:00,Uber,5\n".utf8).write(to: URL(fileURLWithPath: statement))
        try Data("Date,Amount,Category\n2026-11-02 10:00,5.00,fuel\n".utf8).write(to: URL(fileURLWithPath: expenses))
        let importing = ["--store", bench.store, "import", "statement", statement, "--template", "shift-log"]
        let refused = try bench.run(importing)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("the statement's time zone") && refused.stderr.contains("set TZ"), "\(refused.stderr)")
        let refusedExpenses = try bench.run(["--store", bench.store, "import", "expenses", expenses])
        #expect(refusedExpenses.status == 64)
        #expect(refusedExpenses.stderr.contains("the expense file's time zone"), "\(refusedExpenses.stderr)")

        let imported = try bench.run(importing, environment: ["TZ": "America/Chicago"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let shift = try #require(try Store.open(at: bench.store, create: false).shifts().first)
        #expect("\(shift.start)" == "2026-11-02T16:00:00Z")
        #expect(try bench.run(["--store", bench.store, "import", "expenses", expenses], environment: ["TZ": "America/Chicago"]).status == 0)
        #expect(try Store.open(at: bench.store, create: false).expenses().map { "\($0.occurredAt)" } == ["2026-11-02T16:00:00Z"])
    }

    /// A `$TZ` that is no IANA name was silently ignored (the shift stored at 09:00Z); now it is
    /// refused naming $TZ, with the name to give, and nothing is written.
    @Test(arguments: [
        ("America/NewYork", "did you mean America/New_York?"),
        ("EST5EDT", "did you mean America/New_York?"),
        ("EST5EDT,M3.2.0,M11.1.0", "did you mean America/New_York?"),
        ("PST8PDT", "did you mean America/Los_Angeles?"),
        ("/usr/share/zoneinfo/America/Chicago", "did you mean America/Chicago?"),
        ("EST", "did you mean America/New_York?"),
        ("Nowhere/Special", "use an IANA name"),
    ])
    func aGarbageTZIsRefusedNeverReadAsUTC(tz: String, hint: String) throws {
        let bench = try ConfiguredProcess()
        let result = try bench.run(["--store", bench.store] + Self.add, environment: ["TZ": tz])
        #expect(result.status == 64, "\(result.stdout)")
        #expect(result.stderr.contains("$TZ: '\(tz)' is not an IANA time zone name"), "\(result.stderr)")
        #expect(result.stderr.contains(hint), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bench.store))
    }

    /// No zone anywhere: a command that reads or prints local times refuses with the three ways
    /// to give one; a command that needs none runs.
    @Test func noZoneRefusesWithAHintWhereOneIsNeeded() throws {
        let bench = try ConfiguredProcess()
        #expect(try bench.run(["--store", bench.store, "--tz", "UTC"] + Self.add).status == 0)
        for words in [Self.add, ["shifts"], ["report"], ["expense", "add", "--date", "2026-07-01", "--amount", "5", "--category", "fuel"]] {
            let result = try bench.run(["--store", bench.store] + words)
            #expect(result.status == 64, "\(words)")
            #expect(result.stderr.contains("needs a time zone for its local times, and none is given"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: give --tz America/Chicago, set TZ, or run 'dashpilot config set tz ZONE'"), "\(result.stderr)")
        }
        #expect(try bench.run(["--store", bench.store, "check"]).status == 0)
        #expect(try bench.run(["--store", bench.store, "store", "info"]).status == 0)
        #expect(try bench.run(["--store", bench.store, "shifts"], environment: ["TZ": ":America/Chicago"]).stdout.contains("2026-07-01 Wed 04:00"))
    }

    /// Abbreviations, offsets and misspellings are refused with the region's zone; `EST` was a
    /// fixed UTC-5 (a July shift an hour off), `america/chicago` was refused with no suggestion.
    @Test(arguments: [
        ("EST", "America/New_York"), ("EDT", "America/New_York"), ("CST", "America/Chicago"), ("PST", "America/Los_Angeles"),
        ("MST", "America/Denver"), ("CET", "Europe/Berlin"), ("America/NewYork", "America/New_York"), ("Chicago", "America/Chicago"),
        ("europe/pariss", "Europe/Paris"), ("GMT+5", "give your region's zone"), ("Etc/GMT+5", "give your region's zone"),
        ("+05:00", "give your region's zone"), ("GMT", "UTC"),
    ])
    func aNameThatIsNoIANAZoneIsRefusedWithTheRegionsZone(name: String, suggestion: String) throws {
        let store = try CLIStore()
        let result = runCLI(["--store", store.path, "--tz", name] + Self.add)
        #expect(result.status == .usage)
        #expect(result.stderr.contains("--tz: '\(name)' is not an IANA time zone name"), "\(result.stderr)")
        #expect(result.stderr.contains(suggestion), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    /// Any spelling's case is the canonical name's (IANA names differ by more than case); UTC and
    /// Etc/UTC are zones. A July 09:00 in New York is 13:00Z (EST would have said 14:00Z).
    @Test(arguments: [("america/new_york", "2026-07-01T13:00:00Z"), ("AMERICA/CHICAGO", "2026-07-01T14:00:00Z"),
                      ("UTC", "2026-07-01T09:00:00Z"), ("Etc/UTC", "2026-07-01T09:00:00Z"), ("utc", "2026-07-01T09:00:00Z")])
    func namesAreMatchedWhateverTheirCase(name: String, start: String) throws {
        let store = try CLIStore()
        let result = runCLI(["--store", store.path, "--tz", name] + Self.add)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(try Store.open(at: store.path, create: false).shifts().map { "\($0.start)" } == [start])
    }

    /// Errors print times as the person gave them, with the UTC instant beside.
    @Test func anEndBeforeItsStartIsSaidInLocalTime() throws {
        let store = try CLIStore()
        let result = store.run("shift", "add", "--start", "2026-11-02T13:00", "--end", "2026-11-02T09:00")
        #expect(result.status == .dataError)
        #expect(result.stderr.hasPrefix("dashpilot: error: the end (2026-11-02 09:00 America/Chicago, 15:00Z) is not after "
                                        + "the start (2026-11-02 13:00 America/Chicago, 19:00Z)\n"), "\(result.stderr)")
        let late = store.run("shift", "add", "--start", "2026-11-02T20:00", "--end", "2026-11-02T19:00:30")
        #expect(late.stderr.contains("the end (2026-11-02 19:00:30 America/Chicago, 2026-11-03 01:00:30Z)"), "\(late.stderr)")
        let utc = runCLI(["--store", store.path, "--tz", "UTC", "shift", "add", "--start", "2026-11-02T13:00", "--end", "2026-11-02T09:00"])
        #expect(utc.stderr.contains("the end (2026-11-02 09:00 UTC) is not after the start (2026-11-02 13:00 UTC)"), "\(utc.stderr)")
    }
}
