import Foundation
import Testing
import TestSupport

/// A file whose first row is not a header (issue 26, item 7): `import expenses` printed the row
/// (a name, an address) twice on stderr, which cron mails, and `import expenses /proc/self/maps`
/// printed the first line of that file. Through the real binary: the header is described by
/// its shape (how many columns, which names the template looked for), never by its text.
@Suite struct HeaderPrivacyTests {
    static let row = "Alice Wonderland,42 Elm Street Springfield,38.90,fuel\n2026-11-02,38.90,fuel,half tank\n"

    static func run(_ arguments: [String], in folder: TemporaryDirectory) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run([ProcessHarness.dashpilot, "--store", folder.path("store.sqlite"), "--tz", "America/Chicago"] + arguments,
                               output: folder.path("run"))
    }

    @Test func anExpenseFileWithoutAHeaderIsDescribedNotEchoed() throws {
        let folder = try TemporaryDirectory("DashPilotHeaderPrivacy")
        let file = folder.path("expenses.csv")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(Self.row.utf8)))
        let result = try Self.run(["import", "expenses", file], in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr == """
            dashpilot: error: \(file):1: no date column: none of the header's 4 columns is named as the template 'expenses' \
            looks for ('date' or 'day' or 'when' or 'date incurred'); is the first line a header?
            dashpilot: error: \(file):1: no amount column: none of the header's 4 columns is named as the template 'expenses' \
            looks for ('amount' or 'cost' or 'total' or 'amount ($)'); is the first line a header?
            dashpilot: \(file): nothing imported

            """, "\(result.stderr)")
        CellPrivacyTests.expectNoCellText(result, "no header")
    }

    /// A file that is not a CSV file at all: nothing of its text reaches stderr, whatever reads it.
    @Test(arguments: [["import", "expenses"], ["import", "statement", "--template", "shift-log"], ["import", "gpx"],
                      ["template", "suggest", "--kind", "expenses"]])
    func procSelfMapsIsNeverEchoed(_ words: [String]) throws {
        let folder = try TemporaryDirectory("DashPilotHeaderPrivacy")
        let result = try Self.run(words + ["/proc/self/maps"], in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        for text in ["r-xp", "r--p", "rw-p", "[heap]", "[stack]", ".so", ProcessHarness.dashpilot] {
            #expect(!result.stderr.contains(text), "'\(text)' in stderr:\n\(result.stderr)")
        }
    }

    /// `template suggest` named the columns it did not map by their text: a file with no header
    /// put a row's names and address on stderr. They are named by position.
    @Test func templateSuggestNamesUnmappedColumnsByPosition() throws {
        let folder = try TemporaryDirectory("DashPilotHeaderPrivacy")
        let file = folder.path("expenses.csv")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(Self.row.utf8)))
        let result = try Self.run(["template", "suggest", "--kind", "expenses", file], in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("dashpilot: expenses.csv: not mapped (never read): columns 1, 2, 3 and 4 of 4 (column 2 looks personal)\n"),
                "\(result.stderr)")
        CellPrivacyTests.expectNoCellText(result, "template suggest")
    }

    /// A statement whose header names a personal column the template maps: the message names
    /// the template's name for it, not the header's text.
    @Test func aPersonalColumnIsNamedByTheTemplatesName() throws {
        let folder = try TemporaryDirectory("DashPilotHeaderPrivacy")
        let template = folder.path("t.json"), file = folder.path("shifts.csv")
        #expect(FileManager.default.createFile(atPath: template, contents: Data("""
            {"name": "t", "kind": "shifts", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm",
             "columns": {"date": ["date"], "start": ["start"], "end": ["end"], "gross": ["earnings"], "platform": ["customer name"]}}
            """.utf8)))
        #expect(FileManager.default.createFile(atPath: file, contents: Data("Date,Start,End,Earnings,  Customer   NAME \n2026-11-02,10:00,11:00,5.00,Bob\n".utf8)))
        let result = try Self.run(["import", "statement", file, "--template", template], in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("the template maps platform to the column 'customer name', which looks personal ('customer')"),
                "\(result.stderr)")
        CellPrivacyTests.expectNoCellText(result, "personal column")
    }
}
