import Foundation
import Testing
import TestSupport

/// `dashpilot template suggest` through the real binary: a file of no shipped shape drafts a
/// template that imports it; what the draft cannot do is an error with exit 65, the draft still
/// printed; usage and missing files are 64 and 66 (docs/templates.md, "A template from any CSV").
@Suite struct TemplateSuggestCommandTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory("suggest-cli") }

    func dashpilot(_ words: [String], _ label: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run([ProcessHarness.dashpilot] + words, output: folder.path(label))
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A bank-style export of a driver's own log: semicolons, decimal commas, day-first dates,
    /// 12-hour times, a totals row; no platform column (given to suggest).
    @Test func aEuropeanLogDraftsATemplateThatImportsIt() throws {
        let csv = try file("wolt.csv", """
            Day;Started;Finished;Gross;Tip
            05/11/2026;4:40 PM;6:06 PM;31,75;9,50
            13/11/2026;11:30 PM;1:10 AM;44,10;
            Totals;;;75,85;9,50

            """)
        let suggest = try dashpilot(["template", "suggest", csv, "--platform", "Wolt"], "s")
        #expect(suggest.status == 0, "\(suggest.stderr)")
        #expect(suggest.stdout.contains("\"dateFormat\": \"dd/MM/yyyy\""))
        #expect(suggest.stdout.contains("\"timeFormat\": \"h:mm a\""))
        #expect(suggest.stdout.contains("\"decimalMark\": \"comma\""))
        #expect(suggest.stderr.contains("skip: line 4 is a totals row"))
        #expect(suggest.stderr.contains("pass --tz ZONE"))
        let draft = try file("draft.json", suggest.stdout)
        let store = folder.path("s.sqlite")
        let imported = try dashpilot(["--store", store, "--tz", "Europe/Berlin", "import", "statement", csv, "--template", draft], "i")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("2 shifts created"), "\(imported.stdout)")
        let report = try dashpilot(["--store", store, "--tz", "Europe/Berlin", "report", "--range", "2026-11", "--format", "json"], "r")
        #expect(report.stdout.contains("\"gross_earnings\": \"75.85\""), "\(report.stdout)")
        #expect(report.stdout.contains("\"platform\": \"Wolt\""))
    }

    @Test func aDraftThatCannotImportItsFileIsPrintedAndRefused() throws {
        let csv = try file("half.csv", "Date,Start,Pay\n2026-11-02,17:00,5.00\n")
        let result = try dashpilot(["--quiet", "template", "suggest", csv, "--kind", "shifts"], "h")
        #expect(result.status == 65)
        #expect(result.stdout.hasPrefix("{\n"), "the draft is printed")
        #expect(result.stderr == "dashpilot: error: \(csv): the draft cannot import it: no column could be mapped to end (a required column): add \"end\": [\"<header>\"] to columns\n")
    }

    @Test func usageAndMissingFiles() throws {
        let csv = try file("x.csv", "Date,Amount\n2026-11-02,5.00\n")
        #expect(try dashpilot(["template", "suggest", csv, "--kind", "trips"], "k").status == 64)
        #expect(try dashpilot(["template", "suggest"], "m").status == 64)
        let missing = try dashpilot(["template", "suggest", folder.path("none.csv")], "n")
        #expect(missing.status == 66)
        #expect(missing.stdout.isEmpty)
        #expect(try dashpilot(["template", "suggest", folder.path("")], "d").status == 66, "a folder is not a file")
        let unknown = try dashpilot(["template", "suggest", try file("c.csv", "Colour,Size\nred,2\n")], "u")
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("pass --kind"))
    }
}
