@testable import DashCLI
import Foundation
import Testing
import TestSupport

/// "Did you mean": one rule (``Suggestions``) for commands, options, templates, rate tables and
/// category maps, made only when the word is close.
@Suite struct SuggestionTests {
    @Test(arguments: [
        ("shfit", ["shift", "shifts"], "shift"), ("shiftlog", ["shift-log", "delivery-log"], "shift-log"),
        ("strat", ["start", "end"], "start"), ("SHIFT-LOG", ["shift-log"], "shift-log"),
        ("us-irs-busines", ["us-irs-business"], "us-irs-business"),
    ])
    func closeWordsAreSuggested(_ word: String, _ names: [String], _ expected: String) {
        #expect(Suggestions.nearest(word, among: names) == expected)
    }

    @Test(arguments: [("b", ["to", "from"]), ("zz", ["to"]), ("abcd", ["wxyz"]), ("csv", ["tsv-x"]), ("shift-lo", ["uber-trips"])])
    func farWordsAreNot(_ word: String, _ names: [String]) {
        #expect(Suggestions.nearest(word, among: names) == nil)
    }

    /// Two edits in a three-letter word are more than half of it: not close.
    @Test func closeIsAtMostTwoEditsAndUnderHalfTheWord() {
        #expect(Suggestions.isClose(1, length: 3))
        #expect(!Suggestions.isClose(2, length: 3))
        #expect(Suggestions.isClose(2, length: 5))
        #expect(!Suggestions.isClose(3, length: 20))
        #expect(!Suggestions.isClose(1, length: 1))
    }

    func dashpilot(_ words: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = try TemporaryDirectory("DashPilotSuggest")
        return try ProcessHarness.run([ProcessHarness.dashpilot, "--store", folder.path("s.sqlite"), "--tz", "UTC"] + words,
                                      output: folder.path("o"))
    }

    @Test func aMistypedCommandIsSuggested() throws {
        let result = try dashpilot(["shfit", "add"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("dashpilot: error: unknown command 'shfit'; did you mean 'shift'?\n"), "\(result.stderr)")
    }

    /// Before: `unknown option -b` / `hint: did you mean --to?`.
    @Test func aOneLetterOptionIsNotMatchedToAnyName() throws {
        let result = try dashpilot(["shifts", "-b"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("did you mean"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: options are spelled out (--name); the only one-letter option is -h"), "\(result.stderr)")
        let single = try dashpilot(["shifts", "-to", "2026-01-01"])
        #expect(single.stderr.contains("hint: did you mean --to?"), "\(single.stderr)")
    }

    @Test func aMistypedTemplateIsSuggested() throws {
        let result = try dashpilot(["import", "statement", "x.csv", "--template", "shiftlog"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("hint: did you mean 'shift-log'? shipped: delivery-log, shift-log,"), "\(result.stderr)")
        let far = try dashpilot(["import", "statement", "x.csv", "--template", "paystub"])
        #expect(far.stderr.contains("hint: shipped: delivery-log"), "\(far.stderr)")
    }

    @Test func aMistypedRateTableIsSuggested() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T10:00")
        let result = store.run("report", "--range", "2026-11", "--mileage-rates", "us-irs-busines")
        #expect(result.status == .usage)
        #expect(result.stderr.contains("hint: did you mean 'us-irs-business'? shipped: us-irs-business; or a table file's path; or none"),
                "\(result.stderr)")
        let map = store.run("tax", "--year", "2026", "--categories", "us-schedule")
        #expect(map.stderr.contains("did you mean 'us-schedule-c'?"), "\(map.stderr)")
    }
}
