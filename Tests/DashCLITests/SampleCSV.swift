import Foundation
import TestSupport

/// A sample statement read by the test itself, independently of DashImport: split on commas
/// outside double quotes, headers lower-cased with blanks around `:` dropped and inner runs of
/// blanks made one (docs/templates.md: `Name : x` and `Name:x` alike), amounts in cents.
struct SampleCSV {
    static let folder = Fixtures.packageRoot + "/SampleData/statements/"

    /// Each data line as header -> cell.
    let rows: [[String: String]]

    init(_ file: String) throws { try self.init(path: Self.folder + file) }

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map(Self.cells)
        let header = (lines.first ?? []).map(Self.normalised)
        rows = lines.dropFirst().map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) }
    }

    static func normalised(_ name: String) -> String {
        let words = name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.replacingOccurrences(of: " :", with: ":").replacingOccurrences(of: ": ", with: ":")
    }

    /// The cells of one line; a quoted cell may hold commas and doubled quotes.
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = [], cell = "", quoted = false, previous: Character = " "
        for character in line {
            switch (character, quoted) {
            case ("\"", false): quoted = true; if previous == "\"" { cell.append("\"") }
            case ("\"", true): quoted = false
            case (",", false): cells.append(cell); cell = ""
            default: cell.append(character)
            }
            previous = character
        }
        return cells + [cell]
    }

    /// `12.50`, `-16.85` or `$6.00` in cents; nil for a blank or missing cell.
    static func cents(_ cell: String?) -> Int? {
        guard let cell, let value = Decimal(string: cell.replacingOccurrences(of: "$", with: "")), !cell.isEmpty else { return nil }
        return NSDecimalNumber(decimal: value * 100).intValue
    }

    /// The sum of `column` over `rows`, blanks adding nothing.
    static func sum(_ rows: [[String: String]], _ column: String) -> Int {
        rows.compactMap { cents($0[column]) }.reduce(0, +)
    }

    /// The sum of `amount` per lower-cased `by` cell, over the rows where it is not blank.
    static func sums(_ rows: [[String: String]], amount: String, by: String) -> [String: Int] {
        var sums: [String: Int] = [:]
        for row in rows {
            guard let value = cents(row[amount]) else { continue }
            sums[(row[by] ?? "").lowercased(), default: 0] += value
        }
        return sums
    }
}
