/// A template drafted from a file (`template suggest`): what it says, what it could not say, and
/// its JSON, in the shape of `Templates/statements/*.json` and `Templates/expenses/expenses.json`
/// so that `--template` loads it. The JSON is rendered by hand in a fixed key order: the same
/// file gives the same bytes.
public struct TemplateDraft: Sendable, Equatable {
    public var name: String
    public var description: String
    public var kind: DraftKind
    public var platform: String?
    public var delimiter: String
    public var encoding: CSVTextEncoding
    public var decimalMark: DecimalMark
    public var dateFormat: String?
    public var timeFormat: String?
    public var endMayBeNextDay = false
    /// The times' `Z` is written, not meant (`ignoreZoneDesignator`): local wall times.
    public var ignoreZoneDesignator = false
    /// The field whose time names a row's trip (`tripFrom`), when no column gives a trip id.
    public var tripFrom: String?
    public var tipsAre: TipsPlacement?
    /// The unit of the `distance` column (`distanceUnit`), when one is mapped.
    public var distanceUnit: TripDistanceUnit?
    /// Field -> header (normalised as templates compare them), in the kind's field order.
    public var columns: [(field: String, header: String)] = []
    public var tipsWhen: RuleInference.DraftRule?
    public var kindWhen: [RuleInference.LineKind: RuleInference.DraftRule] = [:]
    public var skip: [RuleInference.DraftRule] = []

    /// What the draft guessed or skipped, for the driver to check (stderr notes).
    public var notes: [String] = []
    /// What its import must be given (`--tz ZONE`, `--platform NAME`), each with its reason.
    public var needs: [String] = []
    /// Why the draft cannot import its own file: a required column not mapped, cells no
    /// pattern or mark reads. Empty for a complete draft.
    public var blockers: [String] = []

    public static func == (lhs: TemplateDraft, rhs: TemplateDraft) -> Bool { lhs.json == rhs.json && lhs.notes == rhs.notes }

    /// The header a field is mapped to.
    public func header(_ field: String) -> String? { columns.first { $0.field == field }?.header }

    /// The draft as a template file.
    public var json: String {
        var lines: [String] = []
        func add(_ key: String, _ value: String) { lines.append("  " + Self.quoted(key) + ": " + value) }
        add("name", Self.quoted(name))
        add("description", Self.quoted(description))
        if kind != .expenses { add("kind", Self.quoted(kind.rawValue)) }
        if let platform { add("platform", Self.quoted(platform)) }
        add("delimiter", Self.quoted(delimiter))
        add("encoding", Self.quoted(encoding == .utf8 ? "utf-8" : encoding == .latin1 ? "latin-1" : "windows-1252"))
        add("decimalMark", Self.quoted(decimalMark.rawValue))
        if let dateFormat { add("dateFormat", Self.quoted(dateFormat)) }
        if let timeFormat { add("timeFormat", Self.quoted(timeFormat)) }
        if endMayBeNextDay { add("endMayBeNextDay", "true") }
        if ignoreZoneDesignator { add("ignoreZoneDesignator", "true") }
        if let tripFrom { add("tripFrom", Self.quoted(tripFrom)) }
        if let tipsAre { add("tipsAre", Self.quoted(tipsAre.rawValue)) }
        let columnLines = columns.map { "    " + Self.quoted($0.field) + ": [" + Self.quoted($0.header) + "]" }
        add("columns", "{\n" + columnLines.joined(separator: ",\n") + "\n  }")
        if let distanceUnit { add("distanceUnit", Self.quoted(distanceUnit.rawValue)) }
        if let tipsWhen { add("tipsWhen", Self.rule(tipsWhen)) }
        let kinds = RuleInference.LineKind.allCases.compactMap { kind in kindWhen[kind].map { "    " + Self.quoted(kind.rawValue) + ": " + Self.rule($0) } }
        if !kinds.isEmpty { add("kindWhen", "{\n" + kinds.joined(separator: ",\n") + "\n  }") }
        if !skip.isEmpty { add("skip", "[\n" + skip.map { "    " + Self.rule($0) }.joined(separator: ",\n") + "\n  ]") }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    static func rule(_ rule: RuleInference.DraftRule) -> String {
        "{\"column\": " + quoted(rule.field) + ", \"" + (rule.unless ? "unless" : "values") + "\": ["
            + rule.values.map(quoted).joined(separator: ", ") + "]}"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20: out += "\\u" + String(format: "%04x", control.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

import Foundation
