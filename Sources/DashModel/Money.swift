/// An exact decimal amount with four places: the one money type of DashPilot.
///
/// Stored as an integer count of ten-thousandths, so 3.459 (a fuel price per gallon) and 27.5
/// (a fuel economy) round-trip exactly and sums never meet binary floating point. Fuel economy
/// uses this type too: it is a decimal a driver typed, held to the same exactness. Arithmetic
/// that would overflow (past about 922 trillion) throws instead of trapping.
public struct Money: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Places after the decimal point that are kept exactly.
    public static let places = 4
    /// 10^places: the number of units in 1.
    public static let scale: Int64 = 10_000

    /// The amount in ten-thousandths (1.25 is 12_500).
    public let units: Int64

    public init(units: Int64) { self.units = units }

    public static let zero = Money(units: 0)

    /// The largest magnitude one recorded amount may have: 10,000,000 (ten million dollars, or
    /// units of whatever currency the record is in). No earnings figure, tip, fuel price or expense
    /// a driver records comes near it; a bigger number is a misread column or a typo. With every
    /// stored amount inside it, any sum of fewer than 92 million amounts fits in `units` (issue 12:
    /// two valid expenses of 922337203685477.5807 made every report fail).
    public static let largestRecordable = Money(units: 10_000_000 * scale)

    /// Whole units, for literals in code and tests (`Money(12)` is 12.0000).
    public init(_ whole: Int) { self.units = Int64(whole) * Money.scale }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.units < rhs.units }

    public var isNegative: Bool { units < 0 }

    /// Exact sum; throws `MoneyError.overflow` past Int64.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        let (sum, overflow) = units.addingReportingOverflow(other.units)
        if overflow { throw .overflow }
        return Money(units: sum)
    }

    /// Exact difference; throws `MoneyError.overflow` past Int64.
    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        let (difference, overflow) = units.subtractingReportingOverflow(other.units)
        if overflow { throw .overflow }
        return Money(units: difference)
    }

    // MARK: - Text

    /// Parses a plain decimal: optional `-`, digits, optionally `.` and up to four digits
    /// (`12`, `12.5`, `-3.459`, `.5`). Nothing else: no exponent, no grouping, no currency sign,
    /// no surrounding text, no fifth decimal (it would be rounded, and amounts are never rounded
    /// on the way in). `-0` is 0. Statement formats such as `$1,234.56` are the importers' job.
    public init(parsing text: String) throws(MoneyError) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var wholeDigits = 0
        var seenPoint = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int64(byte - UInt8(ascii: "0"))
                if seenPoint {
                    fractionDigits += 1
                    guard fractionDigits <= Money.places else { throw .tooManyDecimals(text) }
                    fraction = fraction * 10 + digit
                } else {
                    wholeDigits += 1
                    let (times, o1) = whole.multipliedReportingOverflow(by: 10)
                    let (plus, o2) = times.addingReportingOverflow(digit)
                    guard !o1, !o2, plus <= Int64.max / Money.scale else { throw .outOfRange(text) }
                    whole = plus
                }
            case UInt8(ascii: "."):
                guard !seenPoint else { throw .notADecimal(text) }
                seenPoint = true
            default:
                throw .notADecimal(text)
            }
        }
        guard wholeDigits + fractionDigits > 0 else { throw .notADecimal(text) }
        for _ in fractionDigits..<Money.places { fraction *= 10 }
        let (scaled, o1) = whole.multipliedReportingOverflow(by: Money.scale)
        let (magnitude, o2) = scaled.addingReportingOverflow(fraction)
        guard !o1, !o2 else { throw .outOfRange(text) }
        self.units = negative ? -magnitude : magnitude
    }

    /// An amount a driver records: ``init(parsing:)``, then refused when its magnitude is beyond
    /// ``largestRecordable`` (`notRecordable`). Every amount typed on the command line comes
    /// through here (`Invocation.money`).
    public init(parsingRecordable text: String) throws(MoneyError) {
        let value = try Money(parsing: text)
        guard value.isRecordable else { throw .notRecordable(text) }
        self = value
    }

    /// Its magnitude is at most ``largestRecordable``.
    public var isRecordable: Bool { units.magnitude <= Money.largestRecordable.units.magnitude }

    /// The exact value with at least two places and no trailing zeros beyond them:
    /// `12.50`, `3.459`, `27.50`, `0.00`, `-3.1234`.
    public var description: String {
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(Money.scale)
        var fraction = String(magnitude % UInt64(Money.scale))
        fraction = String(repeating: "0", count: Money.places - fraction.count) + fraction
        while fraction.count > 2, fraction.hasSuffix("0") { fraction.removeLast() }
        return (units < 0 ? "-" : "") + "\(whole).\(fraction)"
    }

    /// The value rounded to `places` decimals, half away from zero (as a tax form rounds), with
    /// exactly that many places. Never `-0.00`: a value that rounds to zero prints unsigned.
    public func formatted(places: Int = 2) -> String {
        let places = max(0, min(places, Money.places))
        var step: UInt64 = 1
        for _ in places..<Money.places { step *= 10 }
        let magnitude = units.magnitude
        let rounded = (magnitude + step / 2) / step
        var digits = String(rounded)
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return (units < 0 && rounded != 0 ? "-" : "") + digits
    }
}

/// Why an amount was refused.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    case notADecimal(String)
    case tooManyDecimals(String)
    case outOfRange(String)
    case overflow
    /// More than ``Money/largestRecordable``: refused as a recorded amount.
    case notRecordable(String)
    /// A sum of stored amounts did not fit (`sum` says which: "the expenses of 2026-11-01 to
    /// 2026-12-01"). `records` are the rows in it holding amounts beyond
    /// ``Money/largestRecordable``, by table (the cause, unless tens of millions of rows are
    /// added up): a store written before the bound, or by hand.
    case sumTooLarge(sum: String, records: [String: [Int64]])

    public var description: String {
        switch self {
        case .notRecordable(let text):
            "'\(text)' is more than \(Money.largestRecordable.formatted()), the largest amount one record may hold"
        case let .sumTooLarge(sum, records) where records.values.contains { !$0.isEmpty }:
            "\(sum) are too large to add up: "
                + records.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { "\($0.key) \(MoneyError.ids($0.value))" }
                    .joined(separator: " and ")
                + (records.values.map(\.count).reduce(0, +) == 1 ? " holds an amount" : " hold amounts")
                + " beyond \(Money.largestRecordable.formatted()), the largest one record may hold;"
                + " 'dashpilot check' lists every such amount: correct or delete those records"
        case .sumTooLarge(let sum, _):
            "\(sum) are too large to add up, though no record in them holds an amount beyond"
                + " \(Money.largestRecordable.formatted()); 'dashpilot check' lists any stored amount that does"
        case .notADecimal(let text): "'\(text)' is not a plain decimal amount (write it like 12.50)"
        case .tooManyDecimals(let text): "'\(text)' has more than \(Money.places) decimal places"
        case .outOfRange(let text): "'\(text)' is too large"
        case .overflow: "a sum of amounts is too large"
        }
    }

    /// `ids 1, 2, 5` (the first 20 of them, then how many more), or `id 7`.
    private static func ids(_ ids: [Int64]) -> String {
        let sorted = Set(ids).sorted()
        let shown = sorted.prefix(20).map(String.init).joined(separator: ", ")
        let more = sorted.count > 20 ? " and \(sorted.count - 20) more" : ""
        return (sorted.count == 1 ? "id " : "ids ") + shown + more
    }
}
