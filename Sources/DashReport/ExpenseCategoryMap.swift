import DashModel
import Foundation

/// Expense categories as drivers write them, each with its Schedule C line
/// (`Templates/categories/us-schedule-c.json`; docs/tax.md): a category's own name and its
/// synonyms, matched with letter case, blanks and `-`/`_` ignored. An entry on line `none` is
/// never deducted (personal costs, fines); a word the map does not know is not deducted either,
/// and the summary names it (an estimate never deducts what it cannot place).
public struct ExpenseCategoryMap: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let category: String
        public let synonyms: [String]
        /// The Schedule C line: `9`, `20a`, `27a`.
        public let line: String
        public let lineName: String
        /// A cost of running the car: covered by the standard mileage rate; at the business-use
        /// share under the actual method.
        public let vehicle: Bool

        /// Line `none`: shown, never deducted.
        public var deductible: Bool { line != "none" }
    }

    public let name: String
    public let entries: [Entry]
    private let index: [String: Int]

    /// The entry a category as written belongs to; nil when the map does not know it.
    public func entry(for written: String) -> Entry? { index[Self.fold(written)].map { entries[$0] } }

    /// The category a word as written is grouped under: its entry's, or, for a word the map does
    /// not know, ``unmapped`` (the report, the tax summary and `expenses` alike).
    public func group(of written: String) -> String { entry(for: written)?.category ?? Self.unmapped }

    public static let unmapped = "not in the category map"

    /// `Car Wash`, `car-wash` and ` car_wash ` are one word.
    static func fold(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) && $0 != "-" && $0 != "_" }.map(Character.init))
    }

    public static let builtInJSON: [String: String] = BuiltInTaxTables.categories

    public static func builtIn(_ name: String) throws(TaxTableError) -> ExpenseCategoryMap? {
        guard let text = builtInJSON[name] else { return nil }
        return try parse(Data(text.utf8), file: name)
    }

    /// Reads a map: `{"name", "description"?, "categories": [{"category", "synonyms", "line",
    /// "lineName", "vehicle"}]}`; a word may belong to one category only; `line` is a Schedule C
    /// line such as `9` or `27a`, or `none`. Errors name the file and the key.
    public static func parse(_ data: Data, file: String) throws(TaxTableError) -> ExpenseCategoryMap {
        func fail(_ message: String) -> TaxTableError { TaxTableError(file: file, message: message, kind: "category map") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw fail("not a JSON object") }
        for key in object.keys.sorted() where !["name", "description", "categories"].contains(key) { throw fail("unknown key \(MessageText.quoted(key))") }
        guard let name = object["name"] as? String, TaxTableError.isShortLine(name) else {
            throw fail("'name' must be a short line of text (at most 60 characters, no control characters)")
        }
        guard let list = object["categories"] as? [Any], !list.isEmpty else { throw fail("'categories' must be a non-empty list") }
        var entries: [Entry] = []
        var index: [String: Int] = [:]
        for (at, item) in list.enumerated() {
            let place = "categories[\(at)]"
            guard let entry = item as? [String: Any] else { throw fail("\(place) must be an object") }
            for key in entry.keys.sorted() where !["category", "synonyms", "line", "lineName", "vehicle"].contains(key) {
                throw fail("\(place): unknown key \(MessageText.quoted(key))")
            }
            guard let category = entry["category"] as? String, TaxTableError.isShortLine(category) else {
                throw fail("\(place).category must be a short line of text")
            }
            guard let synonyms = (entry["synonyms"] ?? [String]()) as? [String] else { throw fail("\(place).synonyms must be a list of words") }
            guard let line = entry["line"] as? String, line.count <= 4, !line.isEmpty, line.allSatisfy({ $0.isNumber || $0.isLetter }) else {
                throw fail("\(place).line must be a Schedule C line such as \"9\" or \"27a\", or \"none\"")
            }
            guard let lineName = entry["lineName"] as? String, TaxTableError.isShortLine(lineName) else {
                throw fail("\(place).lineName must be a short line of text")
            }
            guard let vehicle = entry["vehicle"] as? Bool else { throw fail("\(place).vehicle must be true or false") }
            for word in [category] + synonyms {
                let key = fold(word)
                guard !key.isEmpty, word.count <= 60 else { throw fail("\(place): a synonym must be a short, non-blank word") }
                if let other = index[key], other != entries.count {
                    throw fail("\(place): '\(word)' already belongs to '\(entries[other].category)'")
                }
                index[key] = entries.count
            }
            entries.append(Entry(category: category, synonyms: synonyms, line: line, lineName: lineName, vehicle: vehicle))
        }
        return ExpenseCategoryMap(name: name, entries: entries, index: index)
    }
}
