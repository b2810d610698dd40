import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Small input, huge cost (issue 26, items 6 and 9b): every reader of outside text is bounded
/// before it allocates, and every message is bounded in size whatever the file holds.
@Suite struct InputBoundsTests {
    static let shifts = "Date,Start,End,Earnings\n" + (1...60).map { "2026-11-\(10 + $0 % 18),10:00,11:00,5.00\n" }.joined()

    /// A statement template of `columns`, with `dateFormat` and `timeFormat` as given.
    static func template(dateFormat: String = "yyyy-MM-dd", timeFormat: String = "HH:mm", date: [String] = ["date"]) throws -> String {
        let object: [String: Any] = ["name": "t", "kind": "shifts", "dateFormat": dateFormat, "timeFormat": timeFormat,
                                     "columns": ["date": date, "start": ["start"], "end": ["end"], "gross": ["earnings"]]]
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func write(_ text: String, _ path: String) {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    }

    // MARK: 6a. Time patterns

    /// A `dateFormat` of 450 KB of quoted literals took 16.4 s and 2.6 GB and printed 37.5 MB:
    /// each bad row's message quoted the pattern. Now the template is refused on loading, naming
    /// its file and the key, in a line that does not repeat the pattern.
    @Test(arguments: ["dateFormat", "timeFormat"])
    func aHugeTimePatternIsRefusedNamingTheTemplateAndTheKey(_ key: String) throws {
        let store = try CLIStore()
        let literals = String(repeating: " 'x'", count: 110_000)
        let huge = key == "dateFormat" ? "yyyy-MM-dd" + literals : "HH:mm" + literals
        let path = store.folder.path("t.json"), csv = store.folder.path("shifts.csv")
        Self.write(try Self.template(dateFormat: key == "dateFormat" ? huge : "yyyy-MM-dd", timeFormat: key == "timeFormat" ? huge : "HH:mm"), path)
        Self.write(Self.shifts, csv)
        let clock = ContinuousClock(), start = clock.now
        let result = store.run("import", "statement", csv, "--template", path)
        #expect(clock.now - start < .seconds(2))
        #expect(result.status == .dataError, "\(result.stderr.prefix(300))")
        #expect(result.stderr.utf8.count < 400, "\(result.stderr.utf8.count) bytes: \(result.stderr.prefix(300))")
        #expect(result.stderr.hasPrefix("dashpilot: error: \(path): \(key) the date pattern has \(huge.count) characters; "),
                "\(result.stderr.prefix(300))")
    }

    /// The literal parts are counted too: a short pattern of many pieces of text is refused.
    @Test func aPatternOfManyLiteralPartsIsRefused() throws {
        let store = try CLIStore()
        let path = store.folder.path("e.json"), csv = store.folder.path("e.csv")
        Self.write("{\"name\": \"e\", \"dateFormat\": \"yyyy-MM-dd\(String(repeating: " 'a'", count: 12))\", "
                   + "\"columns\": {\"date\": [\"date\"], \"amount\": [\"amount\"]}}", path)
        Self.write("Date,Amount\n2026-11-02,4.00\n", csv)
        let result = store.run("import", "expenses", csv, "--template", path)
        #expect(result.status == .dataError)
        #expect(result.stderr.hasPrefix("dashpilot: error: \(path): dateFormat the date pattern has 26 pieces of literal text"),
                "\(result.stderr)")
    }

    // MARK: 6b. template suggest

    /// An 80,000-column header took 14.8 s (0.18 ms a column). Now a header of more than 1,000
    /// columns is refused at once, saying why.
    @Test func templateSuggestRefusesAHeaderOfTooManyColumns() throws {
        let folder = try TemporaryDirectory("DashPilotBounds")
        let csv = folder.path("wide.csv")
        let columns = 80_000
        Self.write((0..<columns).map { "c\($0)" }.joined(separator: ",") + "\n" + Array(repeating: "1", count: columns).joined(separator: ",") + "\n", csv)
        let clock = ContinuousClock(), start = clock.now
        let environment = ["TZ": "UTC", "HOME": folder.path]
        let result = runCLI(["template", "suggest", csv, "--kind", "expenses"], environment: environment)
        #expect(clock.now - start < .seconds(2))
        #expect(result.status == .dataError)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "dashpilot: error: \(csv): the header has 80000 columns; template suggest reads files of at most "
                + "1000 (a statement has fewer than 100): is it a statement, and is its delimiter one of , ; tab |?\n", "\(result.stderr.prefix(400))")
        // A thousand columns is still drafted.
        Self.write((0..<1_000).map { $0 == 0 ? "Date" : $0 == 1 ? "Amount" : "c\($0)" }.joined(separator: ",") + "\n"
                   + (0..<1_000).map { $0 == 0 ? "2026-11-02" : $0 == 1 ? "4.00" : "x" }.joined(separator: ",") + "\n", csv)
        let wide = runCLI(["template", "suggest", csv], environment: environment)
        #expect(wide.status == .success, "\(wide.stderr.prefix(400))")
        #expect(wide.stderr.utf8.count < 2_000, "\(wide.stderr.prefix(400))")
    }

    // MARK: 9b. Lists and names in messages

    /// A template naming 80,000 headers for one column gave a 1.48 MB line: every list in a
    /// message is the first few and a count.
    @Test func aTemplateNamingManyHeadersGivesABoundedMessage() throws {
        let store = try CLIStore()
        let path = store.folder.path("t.json"), csv = store.folder.path("shifts.csv")
        Self.write(try Self.template(date: (0..<80_000).map { "day \($0)" }), path)
        Self.write(Self.shifts, csv)
        let result = store.run("import", "statement", csv, "--template", path)
        #expect(result.status == .dataError)
        #expect(result.stderr.contains(
            "\(csv):1: no date column: the template 't' looks for 'day 0' or 'day 1' or 'day 2' or 'day 3' or 'day 4' and 79995 more"),
                "\(result.stderr.prefix(600))")
        #expect(result.stderr.utf8.count < 1_000, "\(result.stderr.utf8.count) bytes")
        // The same template on a file of 80,000 columns: each column looked up in a set, not
        // compared with every name (more than a minute before).
        let wide = store.folder.path("wide.csv")
        Self.write((0..<80_000).map { "c\($0)" }.joined(separator: ",") + "\n", wide)
        let clock = ContinuousClock(), start = clock.now
        let slow = store.run("import", "statement", wide, "--template", path)
        #expect(clock.now - start < .seconds(5))
        #expect(slow.status == .dataError)
        #expect(slow.stderr.utf8.count < 1_000, "\(slow.stderr.utf8.count) bytes")
    }

    /// Names a template writes (an unknown key, a delimiter, a template's own name) are cut in
    /// a message: a 100,000-character key is not printed whole.
    @Test func aLongNameInATemplateIsCutInTheMessage() throws {
        let store = try CLIStore()
        let path = store.folder.path("t.json"), csv = store.folder.path("shifts.csv")
        let long = String(repeating: "k", count: 100_000)
        Self.write("{\"\(long)\": 1}", path)
        Self.write(Self.shifts, csv)
        let unknown = store.run("import", "statement", csv, "--template", path)
        #expect(unknown.status == .dataError)
        #expect(unknown.stderr.utf8.count < 1_000, "\(unknown.stderr.utf8.count) bytes")
        #expect(unknown.stderr.contains(String(repeating: "k", count: 60) + "... is not a key of a statement template"), "\(unknown.stderr.prefix(300))")
        Self.write(try Self.template(date: ["nothing"]).replacingOccurrences(of: "\"name\":\"t\"", with: "\"name\":\"\(long)\""), path)
        let named = store.run("import", "statement", csv, "--template", path)
        #expect(named.status == .dataError)
        #expect(named.stderr.utf8.count < 1_000, "\(named.stderr.utf8.count) bytes: \(named.stderr.prefix(300))")
    }

    /// A category map's error called the file a tax table.
    @Test func aBadCategoryMapIsCalledACategoryMap() throws {
        let store = try CLIStore()
        #expect(store.run("expense", "add", "--date", "2026-11-02", "--amount", "4", "--category", "fuel").status == .success)
        let path = store.folder.path("map.json")
        Self.write("{\"name\": \"m\", \"categories\": \"x\"}", path)
        let result = store.run("tax", "--year", "2026", "--categories", path)
        #expect(result.status == .dataError)
        #expect(result.stderr == "dashpilot: error: category map \(path): 'categories' must be a non-empty list\n", "\(result.stderr)")
    }
}
