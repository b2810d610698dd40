import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// Issue 13, "Proof": a golden beside each SampleData file, Tests/Golden/ingest/<file>.txt, of
/// what its ingest made of it when imported alone into a fresh store (the command's output and
/// exit status, then the record: shifts with the gross the report counts, deliveries, money
/// lines, expenses, and the month's per-platform report), and one of the demo's whole sequence
/// (the Makefile's `demo` target, in its order). Through the command line in-process, with the
/// harness's fixed clock (CLIHarness.swift) and `--tz America/Chicago` as the demo uses.
/// `UPDATE_GOLDEN=1` (`make golden`) rewrites them: review the diff against the sample's text.
@Suite struct SampleIngestGoldenTests {
    static let root = Fixtures.packageRoot + "/SampleData/"

    /// The template each statement sample takes (the Makefile's `demo` target).
    static let templates = [
        "delivery-log-2026-11-05.csv": "delivery-log",
        "driver_lifetime_trips-0.csv": "uber-driver-trips",
        "driver_payments-0.csv": "uber-driver-payments",
        "shift-log-2026-11-02.csv": "shift-log",
        "shift-log-2026-11-07.csv": "shift-log",
        "uber-payments-2026-11-09.csv": "uber-payments",
        "uber-payments-2026-11-16.csv": "uber-payments",
        "uber-trips-2026-11-14.csv": "uber-trips",
    ]

    /// The files of a SampleData folder with `suffix`, sorted.
    static func files(_ folder: String, _ suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + folder)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// Every shipped sample has a template here: a new sample without one fails this test.
    @Test func everyStatementSampleHasItsTemplate() {
        #expect(Self.files("statements", ".csv") == Self.templates.keys.sorted())
        #expect(Self.files("gpx", ".gpx").count == 10)
        #expect(Self.files("expenses", ".csv") == ["november-2026.csv"])
    }

    @Test(arguments: files("statements", ".csv"))
    func statement(file: String) throws {
        let words = ["import", "statement", "statements/" + file, "--template", Self.templates[file] ?? "?"]
        try expectGolden(Self.ingest([words]).text, "ingest/\(file).txt")
    }

    @Test(arguments: files("gpx", ".gpx"))
    func gpx(file: String) throws {
        try expectGolden(Self.ingest([["import", "gpx", "gpx/" + file]], listShifts: true).text, "ingest/\(file).txt")
    }

    @Test(arguments: files("expenses", ".csv"))
    func expenses(file: String) throws {
        try expectGolden(Self.ingest([["import", "expenses", "expenses/" + file]]).text, "ingest/\(file).txt")
    }

    /// The demo's whole sequence, hand-recorded week first, then every import in its order and
    /// the repeated imports that add nothing; then the record and the month's report.
    @Test func theDemoSequence() throws {
        let gpx = Self.files("gpx", ".gpx").map { "gpx/" + $0 }
        let statement = { (files: [String], template: String) in ["import", "statement"] + files.map { "statements/" + $0 } + ["--template", template] }
        let steps: [[String]] = [
            ["vehicle", "set", "--mpg", "27.5", "--price", "3.459"],
            ["shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15", "--pause", "12:05/12:25"],
            ["shift", "earnings", "1", "68.40", "--tips", "21.75"],
            ["shift", "fuel", "1", "--mpg", "27.5", "--price", "3.459"],
            ["shift", "add", "--start", "2026-11-03T17:00", "--end", "2026-11-03T21:40"],
            ["shift", "earnings", "2", "94.10", "--tips", "38.00"],
            ["shift", "fuel", "2", "--mpg", "27.5", "--price", "3.459"],
            ["shift", "add", "--start", "2026-11-05T11:00", "--end", "2026-11-05T15:30", "--pause", "13:00/13:20", "--pause", "14:10/14:20"],
            ["shift", "earnings", "3", "0"],
            ["shift", "add", "--start", "2026-11-06T23:30", "--end", "2026-11-07T02:10"],
            ["shift", "fuel", "4", "--mpg", "26", "--price", "3.399"],
            ["shift", "miles", "1", "--odometer", "48210.4", "48252.0"],
            ["shift", "miles", "2", "--odometer", "48252.0", "48311.7"],
            ["shift", "miles", "3", "--odometer", "48311.7", "48348.9"],
            ["shift", "miles", "4", "--miles", "22.6"],
            ["expense", "add", "--date", "2026-11-03", "--amount", "41.27", "--category", "fuel", "--note", "full tank"],
            ["expense", "add", "--date", "2026-11-04", "--amount", "6.00", "--category", "parking"],
            ["expense", "add", "--date", "2026-11-06", "--amount", "0", "--category", "phone", "--note", "plan paid by employer"],
            ["import", "gpx"] + gpx,
            statement(["shift-log-2026-11-02.csv", "shift-log-2026-11-07.csv"], "shift-log"),
            statement(["delivery-log-2026-11-05.csv"], "delivery-log"),
            statement(["uber-payments-2026-11-09.csv"], "uber-payments"),
            statement(["uber-trips-2026-11-14.csv"], "uber-trips"),
            statement(["uber-payments-2026-11-16.csv"], "uber-payments"),
            statement(["driver_lifetime_trips-0.csv"], "uber-driver-trips"),
            statement(["driver_payments-0.csv"], "uber-driver-payments"),
            ["import", "expenses", "expenses/november-2026.csv"],
            ["import", "gpx", "gpx/2026-11-05-dinner.gpx"],
            statement(["uber-payments-2026-11-09.csv", "uber-payments-2026-11-16.csv"], "uber-payments"),
        ]
        let (text, store) = try Self.ingest(steps, listShifts: true)
        let month = CLIStore.shown(store.run("report", "--range", "2026-11"))
        // The demo's tax steps (issue 16): the year's odometer, a payment, the fourth period's summary.
        var tax = ""
        for words in [["vehicle", "odometer", "--year", "2026", "--start", "41250.0", "--end", "48400.0"],
                      ["tax", "paid", "--date", "2026-09-14", "--amount", "5.00"],
                      ["tax", "--year", "2026", "--quarter", "TQ4", "--income-tax-rate", "12"],
                      ["tax", "reconcile", "--platform", "Uber", "--1099", "89.82", "--month", "11=89.82"]] {
            tax += "\n== " + words.joined(separator: " ") + "\n" + CLIStore.shown(store.run(words: words))
        }
        expectGolden(text + "\n== report --range 2026-11\n" + month + tax, "ingest/demo-sequence.txt")
    }

    /// Runs `steps` (paths relative to SampleData/) on a fresh store; their outputs, then the record.
    static func ingest(_ steps: [[String]], listShifts: Bool = false) throws -> (text: String, store: CLIStore) {
        let store = try CLIStore()
        var text = ""
        for words in steps {
            let resolved = words.map { $0.hasSuffix(".csv") || $0.hasSuffix(".gpx") ? root + $0 : $0 }
            text += "$ dashpilot " + words.joined(separator: " ") + "\n" + CLIStore.shown(store.run(words: resolved))
        }
        text += try store.recordText(listShifts: listShifts)
        return (text, store)
    }
}
