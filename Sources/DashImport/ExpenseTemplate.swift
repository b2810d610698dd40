import DashModel
import Foundation

/// How to read an expenses CSV: which header names hold the date, amount, category and note,
/// the delimiter, the text encoding and the decimal mark. JSON, documented in docs/templates.md;
/// the shipped one is `Templates/expenses/expenses.json` (also compiled in, so the binary needs no
/// files beside it; a test keeps the two identical).
public struct ExpenseTemplate: Sendable, Equatable {
    public var name: String
    public var dialect: CSVDialect
    public var decimalMark: DecimalMark
    /// Accepted header names per field, compared after ``normalizedHeader(_:)``.
    public var columns: [Field: [String]]
    /// How the date column is written (`M/d/yyyy`, `yyyy-MM-dd HH:mm`...); nil: ISO 8601.
    public var dateFormat: StatementTimePattern?
    /// The zone the file's local dates are in, when the template says (else `--tz`).
    public var timeZone: TimeZone?
    /// The currency of the file's amounts (ISO 4217) when the template says; a `currency`
    /// column's cell wins for its row. Nil: the file names none (docs/record.md: one currency).
    public var currency: String? = nil

    public enum Field: String, Sendable, CaseIterable { case date, amount, category, note, currency }

    /// The shipped template's JSON.
    public static let builtInJSON = """
        {
          "name": "expenses",
          "description": "DashPilot's own expense list: one expense per row, as a driver keeps it in a spreadsheet.",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "columns": {
            "date": ["date", "day", "when", "date incurred"],
            "amount": ["amount", "cost", "total", "amount ($)"],
            "category": ["category", "type", "kind"],
            "note": ["note", "notes", "description", "memo"]
          }
        }

        """

    /// The shipped template.
    public static func builtIn() throws -> ExpenseTemplate { try parse(Array(builtInJSON.utf8), file: "built-in expenses template") }

    /// Reads a template; an error names the key and the file.
    public static func parse(_ bytes: [UInt8], file: String) throws -> ExpenseTemplate {
        func fail(_ key: String, _ message: String) -> TemplateError { TemplateError(file: file, key: key, message: message) }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw fail("", "is not valid JSON")
        }
        guard let root = object as? [String: Any] else { throw fail("", "must be a JSON object") }
        let known: Set<String> = ["name", "description", "delimiter", "encoding", "decimalMark", "columns", "dateFormat", "timeZone", "currency"]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(unknown, "is not a key of an expenses template (known: \(known.sorted().joined(separator: ", ")))")
        }
        guard let name = root["name"] as? String, !name.isEmpty else { throw fail("name", "must be a non-empty string") }
        let delimiterName = root["delimiter"] as? String ?? ","
        guard let delimiter = CSVDialect.delimiter(named: delimiterName) else { throw fail("delimiter", "\(MessageText.quoted(delimiterName)) cannot separate fields") }
        let encodingName = (root["encoding"] as? String ?? "utf-8").lowercased()
        let encoding: CSVTextEncoding
        switch encodingName {
        case "utf-8", "utf8": encoding = .utf8
        case "latin-1", "latin1", "iso-8859-1": encoding = .latin1
        case "windows-1252", "cp1252": encoding = .windows1252
        default: throw fail("encoding", "\(MessageText.quoted(encodingName)) is not utf-8, latin-1 or windows-1252")
        }
        guard let dialect = CSVDialect(delimiter: delimiter, encoding: encoding) else { throw fail("delimiter", "cannot be used") }
        let markName = root["decimalMark"] as? String ?? "point"
        guard let mark = DecimalMark(rawValue: markName) else { throw fail("decimalMark", "must be \"point\" or \"comma\"") }
        guard let columnObject = root["columns"] as? [String: Any] else { throw fail("columns", "must be an object of header names") }
        var columns: [Field: [String]] = [:]
        for (key, value) in columnObject {
            guard let field = Field(rawValue: key) else { throw fail("columns.\(key)", "is not date, amount, category, note or currency") }
            let names = (value as? [String]) ?? (value as? String).map { [$0] }
            guard let names, !names.isEmpty else { throw fail("columns.\(key)", "must be a header name or a list of them") }
            columns[field] = names.map(normalizedHeader)
        }
        for required in [Field.date, .amount] where columns[required] == nil {
            throw fail("columns.\(required.rawValue)", "is required")
        }
        var dateFormat: StatementTimePattern?
        if let text = root["dateFormat"] {
            guard let pattern = text as? String else { throw fail("dateFormat", "must be a pattern such as \"M/d/yyyy\"") }
            do { dateFormat = try StatementTimePattern(pattern) } catch { throw fail("dateFormat", "\(error)") }
            guard dateFormat?.hasDate == true else { throw fail("dateFormat", "must include a date (y, M and d)") }
        }
        var timeZone: TimeZone?
        if let value = root["timeZone"] {
            guard let zoneName = value as? String, let zone = TimeZone(identifier: zoneName) else {
                throw fail("timeZone", "must be an IANA zone name such as America/Chicago")
            }
            timeZone = zone
        }
        var template = ExpenseTemplate(name: name, dialect: dialect, decimalMark: mark, columns: columns, dateFormat: dateFormat, timeZone: timeZone)
        if let value = root["currency"] {
            guard let text = value as? String, let code = CurrencyCode.normalized(text) else {
                throw fail("currency", "must be an ISO 4217 code of three letters, such as \"USD\"")
            }
            template.currency = code
        }
        return template
    }

    /// A header as compared: BOM and surrounding spaces removed, inner runs of spaces made one,
    /// lower-cased, and " : " / ":" treated alike.
    public static func normalizedHeader(_ text: String) -> String {
        var value = text.replacingOccurrences(of: "\u{FEFF}", with: "").lowercased()
        value = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ")
        return value.replacingOccurrences(of: " :", with: ":").replacingOccurrences(of: ": ", with: ":")
    }
}

/// A template that cannot be used: the file, the key, and what is wrong.
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let key: String
    public let message: String
    public var description: String { key.isEmpty ? "\(file): \(message)" : "\(file): \(MessageText.cut(key)) \(message)" }
}
