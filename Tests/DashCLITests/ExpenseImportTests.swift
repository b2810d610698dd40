@testable import DashCLI
import DashImport
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

@Suite struct ExpenseImportTests {
    func write(_ store: CLIStore, _ name: String, _ text: String) throws -> String {
        let path = store.folder.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func dump(_ store: CLIStore) throws -> [String] { try dumpRecord(Store.open(at: store.path, create: true)) }

    @Test func rowsImportExactlyWithNilNeverZero() throws {
        let store = try CLIStore()
        let file = try write(store, "a.csv", "\u{FEFF}Date , AMOUNT,Category,Note\n2026-11-03,41.27,fuel,full tank\n2026-11-04,\"$1,006.50\",,\n2026-11-06T18:30-06:00,0,phone,\"plan, paid\"\n")
        let result = store.run(words: ["import", "expenses", file])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == "a.csv: imported as import 1: 3 expenses\n")
        let expenses = try Store.open(at: store.path, create: false).expenses()
        #expect(expenses.map(\.amount.description) == ["41.27", "1006.50", "0.00"])
        #expect(expenses.map(\.category) == ["fuel", "other", "phone"])
        #expect(expenses.map(\.note) == ["full tank", nil, "plan, paid"])
        #expect(TimeTextCheck.local(expenses[1].occurredAt) == "2026-11-04T12:00:00-06:00")
    }

    @Test func everyBadRowIsListedAndNothingIsWritten() throws {
        let store = try CLIStore()
        _ = try Store.open(at: store.path, create: true)
        let before = try dump(store)
        let long = String(repeating: "n", count: 201)
        let file = try write(store, "bad.csv", "date,amount,category,note\n2026-02-30,1,fuel,\n2026-11-03,12,34,fuel,\n2026-11-04,abc,fuel,\n2026-11-05,,fuel,\n2026-11-06,-3,fuel,\n2026-11-07,1,fuel,\(long)\n2026-03-08T02:30,1,fuel,\n")
        let result = store.run(words: ["import", "expenses", file])
        #expect(result.status == .dataError)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):2: date:") })
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):3:") && $0.contains("fields") })
        // The cell is described by its shape, never quoted (issue 12, item 10).
        #expect(lines.contains { $0 == "dashpilot: error: \(file):4: amount: not an amount (3 characters: letters): text, not a number" })
        #expect(!result.stderr.contains("abc"))
        #expect(lines.contains { $0 == "dashpilot: error: \(file):5: amount: an expense needs an amount (blank is not 0.00)" })
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):6:") && $0.contains("cannot be negative") })
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):7: note:") && $0.contains("longer than 200") })
        #expect(lines.contains { $0.hasPrefix("dashpilot: error: \(file):8: date:") && $0.contains("does not exist in America/Chicago") })
        #expect(lines.last == "dashpilot: \(file): nothing imported")
        #expect(try dump(store) == before)
    }

    /// Overlapping files give the union in either order; identical rows in one file are two.
    @Test(arguments: [false, true])
    func overlappingFilesGiveTheUnion(reversed: Bool) throws {
        let store = try CLIStore()
        let first = try write(store, "week1.csv", "date,amount,category\n2026-11-02,5,parking\n2026-11-02,5,parking\n2026-11-04,20,fuel\n")
        let second = try write(store, "week2.csv", "date,amount,category\n2026-11-02,5,parking\n2026-11-04,20,fuel\n2026-11-09,7,tolls\n")
        for file in reversed ? [second, first] : [first, second] {
            #expect(store.run(words: ["import", "expenses", file]).status == .success)
        }
        let amounts = try Store.open(at: store.path, create: false).expenses().map(\.amount.description)
        #expect(amounts == ["5.00", "5.00", "20.00", "7.00"])
        // Part of what the store holds: recorded as holding it (docs/record.md), so undoing the
        // file that added it leaves it while this one states it.
        let again = try write(store, "again.csv", "date,amount,category\n2026-11-04,20,fuel\n")
        #expect(store.run(words: ["import", "expenses", again]).stdout
                == "again.csv: imported as import 3: nothing new; it also states 1 expense other imports added (kept while it is)\n")
        #expect(store.run("imports", "undo", "1").status == .success && store.run("imports", "undo", "2").status == .success)
        let left = try Store.open(at: store.path, create: false).expenses().map(\.amount.description)
        #expect(left == ["20.00"])
    }

    @Test func dryRunAndUndo() throws {
        let store = try CLIStore()
        let file = try write(store, "a.csv", "date,amount,category\n2026-11-02,5,parking\n")
        let dry = store.run(words: ["import", "expenses", file, "--dry-run"])
        #expect(dry.stdout == "a.csv: dry run, nothing written: would add 1 expense\n")
        #expect(!FileManager.default.fileExists(atPath: store.path), "a dry run creates no store")
        #expect(store.run(words: ["import", "expenses", file]).status == .success)
        #expect(store.run(words: ["imports", "undo", "1"]).status == .success)
        #expect(try Store.open(at: store.path, create: false).expenses().isEmpty)
    }

    @Test func templatesAreCheckedAndTheShippedOneIsTheBuiltInOne() throws {
        let shipped = try String(contentsOfFile: Fixtures.packageRoot + "/Templates/expenses/expenses.json", encoding: .utf8)
        #expect(shipped == ExpenseTemplate.builtInJSON)
        let store = try CLIStore()
        let file = try write(store, "a.csv", "when;cost\n2026-11-02;5,50\n")
        let template = try write(store, "t.json", "{\"name\": \"mine\", \"delimiter\": \"semicolon\", \"decimalMark\": \"comma\", \"columns\": {\"date\": \"when\", \"amount\": \"cost\"}}")
        #expect(store.run(words: ["import", "expenses", file, "--template", template]).status == .success)
        #expect(try Store.open(at: store.path, create: false).expenses().map(\.amount.description) == ["5.50"])
        let bad = try write(store, "bad.json", "{\"name\": \"x\", \"columns\": {\"date\": \"d\", \"amount\": \"a\"}, \"colour\": 1}")
        let refused = store.run(words: ["import", "expenses", file, "--template", bad])
        #expect(refused.status == .dataError)
        #expect(refused.stderr.contains("\(bad): colour is not a key of an expenses template"))
    }
}

extension ExpenseImportTests {
    /// Fields are length-prefixed in the key: a '|' in a category or note cannot make two
    /// different expenses one.
    @Test func separatorsInTextDoNotMergeRecords() throws {
        let store = try CLIStore()
        let file = try write(store, "a.csv", "date,amount,category,note\n2026-11-02,5,fuel|x,\n2026-11-02,5,fuel,x|\n")
        #expect(store.run(words: ["import", "expenses", file]).stdout == "a.csv: imported as import 1: 2 expenses\n")
    }

    /// A template's dateFormat reads US-style dates and times; a bad pattern is a template error.
    @Test func aTemplateDateFormatIsUsed() throws {
        let store = try CLIStore()
        let file = try write(store, "us.csv", "Date,Amount\n11/3/2026,4.50\n11/04/2026 6:15 PM,2\n")
        let template = try write(store, "us.json", "{\"name\": \"us\", \"dateFormat\": \"M/d/yyyy\", \"columns\": {\"date\": \"date\", \"amount\": \"amount\"}}")
        let refused = store.run(words: ["import", "expenses", file, "--template", template])
        #expect(refused.status == .dataError)
        #expect(refused.stderr.contains("\(file):3: date:"), "\(refused.stderr)")
        let both = try write(store, "us2.json", "{\"name\": \"us\", \"dateFormat\": \"M/d/yyyy h:mm a\", \"columns\": {\"date\": \"date\", \"amount\": \"amount\"}}")
        let timed = try write(store, "timed.csv", "Date,Amount\n11/04/2026 6:15 PM,2\n")
        #expect(store.run(words: ["import", "expenses", timed, "--template", both]).status == .success)
        let expense = try #require(try Store.open(at: store.path, create: false).expenses().first)
        #expect(TimeTextCheck.local(expense.occurredAt) == "2026-11-04T18:15:00-06:00")
        let bad = try write(store, "bad.json", "{\"name\": \"x\", \"dateFormat\": \"Q/d\", \"columns\": {\"date\": \"date\", \"amount\": \"amount\"}}")
        let badResult = store.run(words: ["import", "expenses", file, "--template", bad])
        #expect(badResult.status == .dataError)
        #expect(badResult.stderr.contains("\(bad): dateFormat"))
    }
}

/// Local ISO 8601 in Chicago, for assertions.
enum TimeTextCheck {
    static func local(_ instant: DashModel.Instant) -> String {
        DashModel.TimeText.local(instant, zone: TimeZone(identifier: "America/Chicago") ?? .gmt)
    }
}
