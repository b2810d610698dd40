import DashModel
import Foundation

/// How to read an earnings statement: a JSON template (docs/templates.md). This release reads
/// statements whose rows are shifts (a dash, a block, a line of a driver's own shift log) and
/// statements whose rows are deliveries; money lines grouped by trip (Uber) come next.
public struct StatementTemplate: Sendable, Equatable {
    public enum Kind: String, Sendable { case shifts, deliveries }
    public enum Field: String, Sendable, CaseIterable { case date, start, end, gross, tips, platform, accepted, delivered, pay, pickup }

    public var name: String
    public var kind: Kind
    /// The platform when no column says it.
    public var platform: String?
    public var dialect: CSVDialect
    public var decimalMark: DecimalMark
    public var dateFormat: StatementTimePattern
    public var timeFormat: StatementTimePattern
    /// An end time earlier than the start means the next day.
    public var endMayBeNextDay: Bool
    public var columns: [Field: [String]]
    /// Rows to skip, by the text of a column (a totals row, a repeated header): each reported.
    public var skip: [(column: Field, values: [String])]
    /// The zone the statement's local times are in, when the template says (else `--tz`).
    public var timeZone: TimeZone?

    public static func == (lhs: StatementTemplate, rhs: StatementTemplate) -> Bool { lhs.name == rhs.name }

    /// The templates that ship, by name (`Templates/statements/NAME.json`, compiled in; a test
    /// keeps the files and these identical).
    public static let builtInJSON: [String: String] = ["shift-log": """
        {
          "name": "shift-log",
          "description": "DashPilot's own shift log: one shift per row, as a driver keeps it in a spreadsheet.",
          "kind": "shifts",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "dateFormat": "yyyy-MM-dd",
          "timeFormat": "HH:mm",
          "endMayBeNextDay": true,
          "columns": {
            "date": ["date"],
            "start": ["start", "start time"],
            "end": ["end", "end time"],
            "gross": ["earnings", "gross", "total pay"],
            "tips": ["tips", "tips included"],
            "platform": ["platform", "app"]
          },
          "skip": [{"column": "date", "values": ["total", "totals"]}]
        }

        """, "delivery-log": """
        {
          "name": "delivery-log",
          "description": "DashPilot's own delivery log: one delivery per row, with its own pay.",
          "kind": "deliveries",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "dateFormat": "yyyy-MM-dd",
          "timeFormat": "HH:mm",
          "endMayBeNextDay": true,
          "columns": {
            "date": ["date"],
            "accepted": ["accepted", "accepted at"],
            "delivered": ["delivered", "delivered at", "dropped off"],
            "pay": ["pay", "amount", "earnings"],
            "tips": ["tips", "tip"],
            "platform": ["platform", "app"],
            "pickup": ["pickup", "restaurant", "store"]
          },
          "skip": [{"column": "date", "values": ["total", "totals"]}]
        }

        """]

    public static func builtIn(_ name: String) throws -> StatementTemplate? {
        guard let json = builtInJSON[name] else { return nil }
        return try parse(Array(json.utf8), file: "built-in template \(name)")
    }

    public static func parse(_ bytes: [UInt8], file: String) throws -> StatementTemplate {
        func fail(_ key: String, _ message: String) -> TemplateError { TemplateError(file: file, key: key, message: message) }
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw fail("", "is not a JSON object")
        }
        let known: Set<String> = ["name", "description", "kind", "platform", "delimiter", "encoding", "decimalMark", "dateFormat",
                                  "timeFormat", "endMayBeNextDay", "columns", "skip", "timeZone"]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(unknown, "is not a key of a statement template (known: \(known.sorted().joined(separator: ", ")))")
        }
        guard let name = root["name"] as? String, !name.isEmpty else { throw fail("name", "must be a non-empty string") }
        guard let kindName = root["kind"] as? String, let kind = Kind(rawValue: kindName) else {
            throw fail("kind", "must be \"shifts\" or \"deliveries\" (money lines grouped by trip are not read yet)")
        }
        let delimiterName = root["delimiter"] as? String ?? ","
        guard let delimiter = CSVDialect.delimiter(named: delimiterName) else { throw fail("delimiter", "'\(delimiterName)' cannot separate fields") }
        let encoding: CSVTextEncoding
        switch (root["encoding"] as? String ?? "utf-8").lowercased() {
        case "utf-8", "utf8": encoding = .utf8
        case "latin-1", "latin1", "iso-8859-1": encoding = .latin1
        case "windows-1252", "cp1252": encoding = .windows1252
        default: throw fail("encoding", "must be utf-8, latin-1 or windows-1252")
        }
        guard let dialect = CSVDialect(delimiter: delimiter, encoding: encoding) else { throw fail("delimiter", "cannot be used") }
        guard let mark = DecimalMark(rawValue: root["decimalMark"] as? String ?? "point") else {
            throw fail("decimalMark", "must be \"point\" or \"comma\"")
        }
        func pattern(_ key: String, needsDate: Bool) throws -> StatementTimePattern {
            guard let text = root[key] as? String else { throw fail(key, "is required") }
            let compiled: StatementTimePattern
            do { compiled = try StatementTimePattern(text) } catch { throw fail(key, "\(error)") }
            if needsDate, !compiled.hasDate { throw fail(key, "must include a date (y, M and d)") }
            if !needsDate, !compiled.hasTime { throw fail(key, "must include a time of day (H or h, and m)") }
            return compiled
        }
        let dateFormat = try pattern("dateFormat", needsDate: true)
        let timeFormat = try pattern("timeFormat", needsDate: false)
        guard let columnObject = root["columns"] as? [String: Any] else { throw fail("columns", "must be an object of header names") }
        var columns: [Field: [String]] = [:]
        for (key, value) in columnObject {
            guard let field = Field(rawValue: key) else {
                throw fail("columns.\(key)", "is not one of \(Field.allCases.map(\.rawValue).joined(separator: ", ")); other columns are never read")
            }
            let names = (value as? [String]) ?? (value as? String).map { [$0] }
            guard let names, !names.isEmpty else { throw fail("columns.\(key)", "must be a header name or a list of them") }
            columns[field] = names.map(ExpenseTemplate.normalizedHeader)
        }
        let required: [Field] = kind == .shifts ? [.date, .start, .end] : [.date, .accepted, .delivered]
        for field in required where columns[field] == nil { throw fail("columns.\(field.rawValue)", "is required") }
        var skip: [(Field, [String])] = []
        for (index, entry) in ((root["skip"] as? [[String: Any]]) ?? []).enumerated() {
            guard let columnName = entry["column"] as? String, let field = Field(rawValue: columnName),
                  let values = entry["values"] as? [String] else { throw fail("skip[\(index)]", "must be {\"column\": NAME, \"values\": [TEXT...]}") }
            skip.append((field, values.map { $0.lowercased() }))
        }
        var platform: String?
        if let value = root["platform"] {
            guard let text = value as? String else { throw fail("platform", "must be a string") }
            do { platform = try PlainText.validated(text, field: "", maxLength: 100) } catch { throw fail("platform", "\(error)") }
        }
        var timeZone: TimeZone?
        if let value = root["timeZone"] {
            guard let name = value as? String, let zone = TimeZone(identifier: name) else {
                throw fail("timeZone", "must be an IANA zone name such as America/Chicago")
            }
            timeZone = zone
        }
        return StatementTemplate(name: name, kind: kind, platform: platform, dialect: dialect, decimalMark: mark, dateFormat: dateFormat,
                                 timeFormat: timeFormat, endMayBeNextDay: root["endMayBeNextDay"] as? Bool ?? false,
                                 columns: columns, skip: skip, timeZone: timeZone)
    }
}
