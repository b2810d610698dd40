import DashReport

/// A small JSON writer with a fixed key order and two-space indentation, so the same report
/// gives the same bytes. Money, hours and distances are strings holding the exact printed
/// figure ("12.50"): a JSON number would be read as binary floating point.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case string(String)
    case integer(Int)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text() == rhs.text() }

    /// A cell as JSON: empty is null, an integer a number, every other figure its printed text.
    public static func cell(_ cell: Cell) -> JSONValue {
        if case let .integer(value) = cell { return .integer(value) }
        return CellText.machine(cell).map(JSONValue.string) ?? .null
    }

    public func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case let .string(value): return Self.escaped(value)
        case let .integer(value): return String(value)
        case let .array(items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case let .object(members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + Self.escaped($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    static func escaped(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || (0x7F...0x9F).contains(c.value) || (0x2028...0x2029).contains(c.value):
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
