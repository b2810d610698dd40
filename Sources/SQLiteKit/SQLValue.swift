/// A value SQLite can bind or return: a closed set, so there is no "unexpected type" path.
public enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByNilLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue {
    /// `.integer`, or `.null` for nil.
    public static func int(_ value: Int64?) -> SQLValue { value.map(SQLValue.integer) ?? .null }
    /// `.integer`, or `.null` for nil.
    public static func int(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    /// `.text`, or `.null` for nil.
    public static func string(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
    /// `.real`, or `.null` for nil.
    public static func double(_ value: Double?) -> SQLValue { value.map(SQLValue.real) ?? .null }

    public var int64: Int64? { if case .integer(let v) = self { v } else { nil } }
    public var string: String? { if case .text(let v) = self { v } else { nil } }
    public var double: Double? {
        switch self {
        case .real(let v): v
        case .integer(let v): Double(v)
        default: nil
        }
    }
    public var isNull: Bool { self == .null }
}

/// One result row, copied out of the statement before it is stepped again or finalized.
public struct Row: Sendable, Equatable {
    public let columns: [String]
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript(index: Int) -> SQLValue { index < values.count ? values[index] : .null }

    public subscript(name: String) -> SQLValue {
        guard let index = columns.firstIndex(of: name) else { return .null }
        return values[index]
    }
}
