import Foundation
import Testing
import TestSupport

/// A misaligned CSV file puts names, addresses and notes where amounts, times and dates belong
/// (issue 12, item 10). Through the real binary: the file is refused, every message names the
/// file, the line and the column and describes the cell by its shape, and no message (stderr,
/// which cron mails) holds any of the cells' text.
@Suite struct CellPrivacyTests {
    /// The words of the personal cells below: none may reach stderr or stdout.
    static let personal = ["Alice", "Wonderland", "Marley", "Elm", "Street", "Springfield", "the door", "buzzer", "Bob"]

    static func expectNoCellText(_ result: (status: Int32, stdout: String, stderr: String), _ label: String) {
        for word in personal {
            #expect(!result.stderr.contains(word), "\(label): '\(word)' in stderr:\n\(result.stderr)")
            #expect(!result.stdout.contains(word), "\(label): '\(word)' in stdout:\n\(result.stdout)")
        }
    }

    static func run(_ arguments: [String], file: String, text: String, in folder: TemporaryDirectory)
        throws -> (status: Int32, stdout: String, stderr: String) {
        #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
        let store = folder.path("store.sqlite")
        return try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + arguments + [file],
                                      output: folder.path("run"))
    }

    @Test("a misaligned delivery log: names in the pay and tips, an address in a time, a note in the date")
    func misalignedDeliveryLog() throws {
        let folder = try TemporaryDirectory("DashPilotCellPrivacy")
        let file = folder.path("deliveries.csv")
        let result = try Self.run(["import", "statement", "--template", "delivery-log", "--create-shifts"], file: file, text: """
            Date,Accepted,Delivered,Platform,Pay,Tips,Pickup
            2026-11-05,16:50,17:12,DoorDash,Alice Wonderland,Bob Marley,Taco Joint
            2026-11-05,42 Elm Street Springfield,17:44,DoorDash,9.00,3.25,Pho Place
            left at the door,18:00,18:20,DoorDash,5.00,,Pho Place
            2026-11-05,18:30,18:50,DoorDash,"$12,50 Bob",,Pho Place

            """, in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("dashpilot: error: \(file):2: pay: not an amount (16 characters: letters and a space): text, not a number"),
                "\(result.stderr)")
        #expect(lines.contains("dashpilot: error: \(file):2: tips: not an amount (10 characters: letters and a space): text, not a number"),
                "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):3: accepted: the cell (25 characters: letters, digits and spaces)") },
                "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):4: date: the cell (16 characters: letters and spaces)") },
                "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):5: pay: not an amount (10 characters: letters, digits, a space, '$' and ',')") },
                "\(result.stderr)")
        #expect(lines.last == "dashpilot: \(file): nothing imported")
        Self.expectNoCellText(result, "delivery log")
    }

    @Test("a misaligned shift log: a name in the earnings, an address in the start, a note in the end")
    func misalignedShiftLog() throws {
        let folder = try TemporaryDirectory("DashPilotCellPrivacy")
        let file = folder.path("shifts.csv")
        let result = try Self.run(["import", "statement", "--template", "shift-log"], file: file, text: """
            Date,Start,End,Earnings,Tips,Platform
            2026-11-02,10:30,14:15,Alice Wonderland,2.00,DoorDash
            2026-11-03,42 Elm Street,21:40,94.10,38.00,DoorDash
            2026-11-04,11:00,ring the buzzer,50.00,,DoorDash

            """, in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):2: gross: not an amount (16 characters: letters and a space)") },
                "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):3: start: the cell (13 characters: letters, digits and spaces)") },
                "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):4: end: the cell (15 characters: letters and spaces)") },
                "\(result.stderr)")
        Self.expectNoCellText(result, "shift log")
    }

    @Test("a misaligned expenses file: a note in the date, a name in the amount, an address as a time")
    func misalignedExpenses() throws {
        let folder = try TemporaryDirectory("DashPilotCellPrivacy")
        let file = folder.path("expenses.csv")
        let result = try Self.run(["import", "expenses"], file: file, text: """
            Date,Amount,Category,Note
            left at the door,38.90,fuel,half tank
            2026-11-07,Alice Wonderland,parking,downtown lot
            "42 Elm Street, Springfield",6.00,parking,
            2026-11-08,"1,23.45 Bob",fuel,
            2026-13-45,4.00,tolls,

            """, in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // A date of the right shape that is not a real date (review of issue 12: it was echoed).
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):6: date: the cell (10 characters: digits and '-') is not a real date") },
                "\(result.stderr)")
        #expect(!result.stderr.contains("2026-13-45"), "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):2: date: the cell (16 characters: letters and spaces) is not a date") },
                "\(result.stderr)")
        #expect(lines.contains("dashpilot: error: \(file):3: amount: not an amount (16 characters: letters and a space): text, not a number"),
                "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):4: date: the cell (26 characters: letters, digits, spaces and ',') is not a date") },
                "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):5: amount: not an amount (11 characters: letters, digits, a space, ',' and '.')") },
                "\(result.stderr)")
        Self.expectNoCellText(result, "expenses")
    }

    /// A template's `unless` rule skips rows whose cell could hold anything: the reason printed
    /// quotes the template's words, not the cell.
    @Test("a skipped row's reason quotes the template, not the cell")
    func skipReasonQuotesTheTemplate() throws {
        let folder = try TemporaryDirectory("DashPilotCellPrivacy")
        let template = folder.path("t.json")
        #expect(FileManager.default.createFile(atPath: template, contents: Data("""
            {"name": "t", "kind": "shifts", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm",
             "columns": {"date": ["date"], "start": ["start"], "end": ["end"], "gross": ["earnings"], "platform": ["status"]},
             "skip": [{"column": "platform", "unless": ["doordash"]}, {"column": "date", "values": ["total*"]}]}
            """.utf8)))
        let file = folder.path("shifts.csv")
        let result = try Self.run(["import", "statement", "--template", template], file: file, text: """
            Date,Start,End,Earnings,Status
            2026-11-02,10:30,14:15,50.00,DoorDash
            2026-11-03,17:00,21:40,94.10,Alice Wonderland
            Total for Bob,,,144.10,DoorDash

            """, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("skipped line 3: platform is not 'doordash'"), "\(result.stdout)")
        #expect(result.stdout.contains("skipped line 4: date starts with 'total'"), "\(result.stdout)")
        Self.expectNoCellText(result, "skips")
    }
}
