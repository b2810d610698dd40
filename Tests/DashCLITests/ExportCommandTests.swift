@testable import DashCLI
import Foundation
import Testing
import TestSupport

/// `dashpilot export` end to end on the report tests' store: golden CSV tables and text
/// summary, injection payloads, nil vs 0.00, --force, refusals, quiet success.
@Suite(.serialized) struct ExportCommandTests {
    static func store() throws -> CLIStore {
        let store = try ReportCommandTests.store()
        // Deliveries on shift 1, one with a formula-looking pickup place, one with no pay, and
        // an outside tip.
        let log = store.folder.path("deliveries.csv")
        try Data("""
            Date,Accepted,Delivered,Platform,Pay,Tips,Pickup
            2026-11-02,11:00,11:25,DoorDash,8.50,3.00,"=HYPERLINK(""http://evil"",""x"")"
            2026-11-02,12:50,13:10,DoorDash,,,Taco Joint
            2026-11-02,13:15,13:40,Uber Eats,0.00,,-Pho
            """.utf8).write(to: URL(fileURLWithPath: log))
        let steps: [[String]] = [
            ["import", "statement", log, "--template", "delivery-log"],
            ["tip", "add", "1", "3.00", "--method", "cash", "--at", "2026-11-02T11:30"],
            ["expense", "add", "--date", "2026-11-03", "--amount", "0", "--category", "@phone", "--note", "+1 555 0100"],
            ["expense", "add", "--date", "2026-11-04", "--amount", "5.00", "--category", "tolls", "--note", "-toll booth"],
            // Income on no shift (issue 27): a quest, and an adjustment taking money back whose
            // note a spreadsheet would run.
            ["income", "add", "--date", "2026-11-05", "--amount", "25.00", "--platform", "DoorDash", "--kind", "quest"],
            ["income", "add", "--at", "2026-11-06T08:00", "--amount", "-5.50", "--platform", "uber eats", "--kind", "adjustment",
             "--note", "=cmd|' /C calc'!A0"],
        ]
        for words in steps {
            let result = store.run(words: words)
            #expect(result.status == .success, "\(words): \(result.stderr)")
        }
        return store
    }

    /// The report's seven tables (issue 27 added other_income) and, since issue 16, the tax
    /// summary's five (docs/tax.md, "In an export").
    @Test func csvFolderHasTheTwelveTablesAsGolden() throws {
        let store = try Self.store()
        let out = store.folder.path("exports")
        let result = store.run("export", "--range", "2026Q4", "--period", "month", "--format", "csv", "--out", out)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote "))
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == ["deliveries.csv", "expenses.csv", "mileage_log.csv", "other_income.csv", "periods.csv", "platforms.csv", "shifts.csv",
                          "tax_expenses.csv", "tax_mileage.csv", "tax_notes.csv", "tax_platforms.csv", "tax_summary.csv"])
        for name in names { expectGolden(try String(contentsOfFile: out + "/" + name, encoding: .utf8), "export/" + name) }
        let report = store.run("report", "--range", "2026Q4", "--period", "month", "--format", "csv").stdout
        #expect(try String(contentsOfFile: out + "/periods.csv", encoding: .utf8) == report, "the export's periods are the report's")
    }

    /// Text cells that look like formulas get a leading quote; numbers stay numbers; nil is an
    /// empty cell and 0.00 is 0.00.
    @Test func injectionIsNeutralisedAndNilIsEmpty() throws {
        let store = try Self.store()
        let out = store.folder.path("expenses.csv")
        #expect(store.run("export", "--range", "2026Q4", "--format", "csv", "--out", out).status == .success)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains(",0.00,'@phone,'+1 555 0100\r\n"), "\(text)")
        #expect(text.contains(",5.00,tolls,'-toll booth\r\n"), "\(text)")
        let shifts = store.folder.path("shifts.csv")
        #expect(store.run("export", "--range", "2026Q4", "--format", "csv", "--out", shifts).status == .success)
        let row3 = try #require(try String(contentsOfFile: shifts, encoding: .utf8).split(separator: "\r\n").first { $0.hasPrefix("3,") })
        #expect(row3.contains(",0,0,0,,,0.00,"), "no earnings: empty gross and tips; outside tips 0.00: \(row3)")
    }

    /// Deliveries carry their own amounts only; a pickup place that looks like a formula is
    /// text with a leading quote; no pay is an empty cell, 0.00 is 0.00.
    @Test func deliveriesCarryOnlyTheirOwnMoney() throws {
        let store = try Self.store()
        let out = store.folder.path("out.csv")
        let result = store.run("export", "--range", "2026Q4", "--format", "csv", "--out", out, "--table", "deliveries")
        #expect(result.status == .success, "\(result.stderr)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\r\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].hasSuffix(",delivered,8.50,3.00,3.00,,\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""), "\(lines[1])")
        #expect(lines[2].hasSuffix(",delivered,,,0.00,,Taco Joint"), "\(lines[2])")
        #expect(lines[3].hasSuffix(",delivered,0.00,,0.00,,'-Pho"), "\(lines[3])")
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() throws {
        let store = try Self.store()
        let out = store.folder.path("summary.txt")
        try Data("earlier\n".utf8).write(to: URL(fileURLWithPath: out))
        let refused = store.run("export", "--range", "2026-11", "--format", "text", "--out", out)
        #expect(refused.status == .failure)
        #expect(refused.stderr.contains("exists; pass --force"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "earlier\n")
        let forced = store.run("export", "--range", "2026-11", "--format", "text", "--out", out, "--force")
        #expect(forced.status == .success, "\(forced.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("DashPilot"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path).filter { $0.contains(".tmp-") }.isEmpty)
    }

    /// In a CSV folder, one existing file refuses the whole export before anything is written.
    @Test func oneExistingTableRefusesTheFolder() throws {
        let store = try Self.store()
        let out = store.folder.path("exports")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Data("earlier\n".utf8).write(to: URL(fileURLWithPath: out + "/shifts.csv"))
        let result = store.run("export", "--range", "2026Q4", "--format", "csv", "--out", out)
        #expect(result.status == .failure)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["shifts.csv"])
    }

    @Test func quietSuccessPrintsNothingAndFailureOneLine() throws {
        let store = try Self.store()
        let ok = runCLI(["--store", store.path, "--tz", "America/Chicago", "--quiet", "export", "--range", "last-month", "--today", "2026-12-05",
                         "--format", "xlsx", "--out", store.folder.path("m.xlsx")])
        #expect(ok.status == .success, "\(ok.stderr)")
        #expect(ok.stdout.isEmpty && ok.stderr.isEmpty)
        let failed = runCLI(["--store", store.path, "--tz", "America/Chicago", "--quiet", "export", "--range", "last-month",
                             "--format", "xlsx", "--out", store.folder.path("no/such/folder/m.xlsx")])
        #expect(failed.status != .success)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
    }

    @Test func textSummaryIsGoldenAndTheSameUnderAnyProcessZone() throws {
        let store = try Self.store()
        let words = ["--store", store.path, "--tz", "America/Chicago", "export", "--range", "2026-11", "--format", "text", "--out", "-"]
        let first = runCLI(words)
        #expect(first.status == .success, "\(first.stderr)")
        expectGolden(first.stdout, "export/summary.txt")
        for line in first.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(runCLI(words, environment: ["TZ": "Asia/Tokyo"], systemZone: TimeZone(identifier: "Asia/Tokyo") ?? .gmt).stdout == first.stdout)
    }

    @Test func xlsxIsByteIdenticalRunToRun() throws {
        let store = try Self.store()
        var files: [Data] = []
        for name in ["a.xlsx", "b.xlsx"] {
            let result = store.run("export", "--range", "2026Q4", "--format", "xlsx", "--out", store.folder.path(name))
            #expect(result.status == .success, "\(result.stderr)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: store.folder.path(name))))
        }
        #expect(files[0] == files[1] && !files[0].isEmpty)
    }

    /// CSV and XLSX are the same bytes whatever the clock and the process's zone, given --tz.
    @Test func filesAreTheSameUnderAnyClockAndProcessZone() throws {
        let store = try Self.store()
        let saved = ProcessInfo.processInfo.environment["TZ"]
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        var outputs: [[Data]] = []
        for (index, zone) in ["UTC", "Asia/Tokyo"].enumerated() {
            setenv("TZ", zone, 1)
            tzset()
            let folder = store.folder.path("run\(index)")
            for words in [["--format", "csv", "--out", folder], ["--format", "xlsx", "--out", folder + ".xlsx"]] {
                let result = runCLI(["--store", store.path, "--tz", "America/Chicago", "export", "--range", "2026Q4"] + words,
                                    environment: ["TZ": zone], systemZone: TimeZone(identifier: zone) ?? .gmt,
                                    now: fixedNow.addingTimeInterval(Double(index) * 86_400 * 40))
                #expect(result.status == .success, "\(result.stderr)")
            }
            outputs.append(try ["periods", "shifts", "deliveries", "expenses", "mileage_log"].map {
                try Data(contentsOf: URL(fileURLWithPath: folder + "/\($0).csv"))
            } + [try Data(contentsOf: URL(fileURLWithPath: folder + ".xlsx"))])
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func anUnknownTemplateFieldNamesItAndItsLine() throws {
        let store = try Self.store()
        let template = store.folder.path("mine.txt")
        try Data("Gross {{gross_earnings}}\nOops {{gross_earnigns}}\n".utf8).write(to: URL(fileURLWithPath: template))
        let result = store.run("export", "--range", "2026-11", "--format", "text", "--template", template, "--out", "-")
        #expect(result.status == .dataError)
        #expect(result.stderr.contains("mine.txt:2") && result.stderr.contains("gross_earnigns"), "\(result.stderr)")
    }

    @Test(arguments: [
        (["export", "--out", "x"], "missing required option --format"),
        (["export", "--format", "pdf", "--out", "x"], "--format must be"),
        (["export", "--format", "csv"], "missing required option --out"),
        (["export", "--format", "xlsx", "--out", "x.xlsx", "--table", "periods"], "--table is for --format csv"),
        (["export", "--format", "csv", "--out", "x.csv"], "which table goes in"),
    ])
    func badOptionsAreUsageErrors(_ words: [String], _ message: String) throws {
        let store = try Self.store()
        let result = store.run(words: words)
        #expect(result.status == .usage, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
