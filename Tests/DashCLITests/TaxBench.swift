import Foundation
import Testing
import TestSupport

/// A store of its own driven through the real `dashpilot` binary in Chicago time, for the
/// `tax` tests (TaxCommandTests, TaxReconcileTests, TaxExportTests); and readers of what the
/// binary prints: the summary CSV by key, the JSON by key, the text's figures.
struct TaxBench {
    typealias Output = (status: Int32, stdout: String, stderr: String)

    let folder: TemporaryDirectory
    let store: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotTaxCLI")
        store = folder.path("store/dashpilot.sqlite")
        try FileManager.default.createDirectory(atPath: folder.path("store"), withIntermediateDirectories: true)
    }

    /// `dashpilot --store S --tz America/Chicago WORDS`, with `environment` added to the
    /// child's (through /usr/bin/env, so TZ=... reaches the child alone).
    @discardableResult
    func run(_ words: [String], environment: [String: String] = [:]) throws -> Output {
        let env = environment.isEmpty ? [] : ["/usr/bin/env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try ProcessHarness.run(env + [ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words,
                                      output: folder.path("log"))
    }

    @discardableResult
    func run(_ words: String...) throws -> Output { try run(words) }

    /// Runs each step and requires it to succeed.
    func build(_ steps: [[String]]) throws {
        for words in steps {
            let result = try run(words)
            try #require(result.status == 0, "\(words): \(result.stderr)")
        }
    }

    /// Writes `text` into the bench's folder; its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// Every file of the store's folder (the store, any -wal, -shm or backup) with its bytes:
    /// equal before and after a command that must write nothing.
    func storeFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path("store")) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder.path("store/" + name)))
        }
        return files
    }
}

/// What the tests read back from `tax`'s outputs.
enum TaxRead {
    /// The rows of a CSV text, each as its cells (quoted cells may hold commas).
    static func csvRows(_ text: String) -> [[String]] {
        text.split(whereSeparator: \.isNewline).map { SampleCSV.cells($0) }
    }

    /// A CSV table as header -> cell per row.
    static func csvObjects(_ text: String) -> [[String: String]] {
        let rows = csvRows(text)
        guard let header = rows.first else { return [] }
        return rows.dropFirst().map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) }
    }

    /// `tax --format csv` by its `key` column: (standard, actual), an empty cell as nil.
    static func summaryCSV(_ text: String) throws -> [String: Pair] {
        let rows = csvRows(text)
        try #require(rows.first == ["section", "line", "key", "label", "standard", "actual"], "\(rows.first ?? [])")
        var figures: [String: Pair] = [:]
        for row in rows.dropFirst() {
            try #require(row.count == 6, "\(row)")
            #expect(figures[row[2]] == nil, "key \(row[2]) twice")
            figures[row[2]] = Pair(row[4].isEmpty ? nil : row[4], row[5].isEmpty ? nil : row[5])
        }
        return figures
    }

    /// The JSON text as an object.
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text.prefix(200))")
    }

    /// A JSON value as the CSV writes it: a string as is, a number as its digits, null as nil.
    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    /// The JSON's `summary` list by key.
    static func summaryJSON(_ object: [String: Any]) throws -> [String: Pair] {
        let rows = try #require(object["summary"] as? [[String: Any]])
        var figures: [String: Pair] = [:]
        for row in rows {
            let key = try #require(row["key"] as? String)
            figures[key] = Pair(string(row["standard"]), string(row["actual"]))
        }
        return figures
    }

    /// A JSON list of objects (`platforms`, `mileage`, `expenses`) as the CSV's cells.
    static func objects(_ object: [String: Any], _ name: String) throws -> [[String: String]] {
        let rows = try #require(object[name] as? [[String: Any]], "no list \(name)")
        return rows.map { row in row.mapValues { string($0) ?? "" } }
    }

    /// The figures at the end of the text line that starts with `label` followed by a blank:
    /// the first such line whose rest is only amounts (or `-`). Nil when there is none.
    static func textFigures(_ text: String, _ label: String) -> [String]? {
        for line in text.split(separator: "\n") where line.hasPrefix(label + " ") {
            let rest = line.dropFirst(label.count).split(separator: " ").map(String.init)
            if !rest.isEmpty, rest.allSatisfy({ $0 == "-" || Double($0) != nil }) { return rest }
        }
        return nil
    }

    /// A Schedule C row of the text: `9    Car and truck expenses   162.82   36.41`.
    static func textLine(_ text: String, _ number: String, _ name: String, count: Int) -> [String]? {
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard words.first == number, line.contains(" " + name + " "), words.count >= 2 + count else { continue }
            return Array(words.suffix(count))
        }
        return nil
    }
}

/// A figure under the standard method and under the actual one; nil is an empty cell.
struct Pair: Equatable, CustomStringConvertible {
    let standard: String?
    let actual: String?

    init(_ standard: String?, _ actual: String?) {
        self.standard = standard
        self.actual = actual
    }

    var description: String { "(\(standard ?? "nil"), \(actual ?? "nil"))" }
}
