@testable import DashCLI
import Testing
import TestSupport

@Suite struct HelpAndUsageTests {
    @Test func noArgumentsPrintsTheOverviewOnStdout() {
        let result = runCLI([])
        #expect(result.status == .success)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stderr.isEmpty)
        for spec in Commands.all { #expect(result.stdout.contains("  \(spec.name) "), "overview lists \(spec.name)") }
    }

    @Test func everyCommandHasHelpThatFitsEightyColumns() {
        var all = runCLI(["--help"]).stdout
        for spec in Commands.all {
            let result = runCLI(spec.path + ["--help"])
            #expect(result.status == .success, "\(spec.name) --help")
            #expect(result.stderr.isEmpty)
            let firstUsage = spec.usage.components(separatedBy: " | ")[0]
            #expect(result.stdout.hasPrefix("OVERVIEW: \(spec.abstract)\n\nUSAGE: dashpilot \(firstUsage)\n"))
            #expect(runCLI(spec.path + ["-h"]).stdout == result.stdout)
            all += "\n==== dashpilot \(spec.name) --help\n" + result.stdout
        }
        for line in all.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
        expectGolden(all, "help.txt")
    }

    @Test func helpWordWorksLikeTheFlag() {
        #expect(runCLI(["help", "shift", "add"]).stdout == runCLI(["shift", "add", "--help"]).stdout)
        #expect(runCLI(["help"]).stdout == runCLI([]).stdout)
        #expect(runCLI(["help", "nonsense"]).status == .usage)
    }

    @Test func groupHelpListsItsCommands() {
        let result = runCLI(["shift", "--help"])
        #expect(result.status == .success)
        #expect(result.stdout.contains("shift delete"))
        #expect(!result.stdout.contains("expense add"))
    }

    @Test func unknownCommandSuggestsTheNearest() {
        let result = runCLI(["shfits"])
        #expect(result.status == .usage)
        #expect(result.stderr == "dashpilot: error: unknown command 'shfits'; did you mean 'shifts'?\nSee 'dashpilot --help'.\n")
        #expect(result.stdout.isEmpty)
        let sub = runCLI(["shift", "delet", "3"])
        #expect(sub.status == .usage)
        #expect(sub.stderr.contains("unknown command 'shift delet'; did you mean 'shift delete'?"))
    }

    @Test func unknownOptionSuggestsTheNearest() throws {
        let store = try CLIStore()
        let result = store.run("shift", "add", "--strat", "2026-11-02T09:00", "--end", "2026-11-02T10:00")
        #expect(result.status == .usage)
        #expect(result.stderr.hasPrefix("dashpilot: error: unknown option --strat\nhint: did you mean --start?\n"))
        #expect(result.stderr.contains("USAGE: dashpilot shift add --start TIME --end TIME"))
        #expect(result.stderr.hasSuffix("See 'dashpilot shift add --help'.\n"))
    }

    @Test(arguments: [
        (["shift", "add", "--start", "2026-11-02T09:00"], "missing required option --end"),
        (["shift", "earnings", "1"], "missing AMOUNT"),
        (["shift", "earnings", "1", "12.5", "extra"], "unexpected argument 'extra'"),
        (["shift", "earnings", "x", "12.5"], "ID must be a positive whole number, not 'x'"),
        (["shift", "earnings", "1", "12,50"], "AMOUNT: '12,50' is not a plain decimal amount"),
        (["shift", "add", "--start", "2026-02-30T09:00", "--end", "2026-03-01T10:00"], "is not a real date and time"),
        (["shift", "add", "--start", "2026-03-08T02:30", "--end", "2026-03-08T05:00"], "does not exist in America/Chicago"),
        (["shift", "add", "--start", "2026-11-01T01:30", "--end", "2026-11-01T05:00"], "happens twice in America/Chicago"),
        (["tip", "add", "1", "2", "--method", "card"], "--method must be cash or other"),
        (["shift", "fuel", "1", "--mpg", "27.5", "--mpg", "30", "--price", "3"], "given more than once"),
        (["shifts", "--tz"], "option --tz needs a value"),
    ])
    func usageErrorsNameWhatIsWrong(words: [String], message: String) throws {
        let store = try CLIStore()
        let result = store.run(words: words)
        #expect(result.status == .usage)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownTimeZoneIsAUsageError() {
        let result = runCLI(["--tz", "Mars/Olympus", "shifts"])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("--tz: 'Mars/Olympus' is not an IANA time zone name"), "\(result.stderr)")
    }

    @Test func editDistanceCountsATranspositionOnce() {
        #expect(ParsedArguments.editDistance("dry-rn", "dry-run") == 1)
        #expect(ParsedArguments.editDistance("strat", "start") == 1)
        #expect(ParsedArguments.editDistance("", "abc") == 3)
        #expect(ParsedArguments.nearest("zzzzzz", among: ["start", "end"]) == nil)
    }
}
