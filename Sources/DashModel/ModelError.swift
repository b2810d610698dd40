/// A write the record refuses: each case is one of the model's rules (docs/store.md, "The rules, and what enforces them").
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    case endsBeforeStart(start: Instant, end: Instant)
    case earningsOnActiveShift
    case fuelOnActiveShift
    case negativeAmount(field: String)
    case tipsExceedAmount(field: String)
    case fuelEconomyNotPositive
    case fuelPriceNegative
    case outsideShift(what: String)
    case shiftAlreadyEnded
    case shiftNotActive
    case alreadyPaused
    case notPaused
    case alreadyParked
    case notParked
    case overlappingShift(existing: Int64)
    case impossibleTransition(from: DeliveryState, action: String)
    case emptyOffer
    case deleteActiveShift
    case activeDelivery(Int64)
    case activeDeliveryOnCompletedShift
    case tipNotPositive
    case badText(field: String, reason: String)
    case coordinateOutOfRange(String)
    case impossibleTime(String)
    case unreadableTime(String)
    case unreadableDate(String)
    case nonexistentLocalTime(String, String)
    case ambiguousLocalTime(String, String)
    case notFound(what: String, id: Int64)

    public var description: String {
        switch self {
        case let .endsBeforeStart(start, end): "the end (\(end)) is not after the start (\(start))"
        case .earningsOnActiveShift: "earnings can be recorded only on a completed shift; end the shift first"
        case .fuelOnActiveShift: "a fuel assumption can be recorded only on a completed shift; end the shift first"
        case let .negativeAmount(field): "\(field) cannot be negative"
        case let .tipsExceedAmount(field): "the tips within \(field) cannot be more than \(field) itself"
        case .fuelEconomyNotPositive: "fuel economy must be greater than 0 miles per gallon"
        case .fuelPriceNegative: "fuel price cannot be negative (0 is allowed)"
        case let .outsideShift(what): "\(what) must lie within its shift"
        case .shiftAlreadyEnded: "the shift has already ended"
        case .shiftNotActive: "the shift is not active"
        case .alreadyPaused: "the shift is already paused"
        case .notPaused: "the shift is not paused"
        case .alreadyParked: "the vehicle is already recorded as parked"
        case .notParked: "the vehicle is not recorded as parked"
        case let .overlappingShift(existing): "it would overlap shift \(existing); shifts cannot overlap"
        case let .impossibleTransition(from, action): "a delivery that is \(from.rawValue) cannot be \(action)"
        case .emptyOffer: "an offer needs at least one delivery"
        case .deleteActiveShift: "an active shift cannot be deleted; end it first"
        case let .activeDelivery(id): "delivery \(id) is still active; deliver or cancel it before ending the shift"
        case .activeDeliveryOnCompletedShift: "a delivery recorded on a completed shift must be delivered or cancelled"
        case .tipNotPositive: "a tip must be more than 0"
        case let .badText(field, reason): "\(field) \(reason)"
        case let .coordinateOutOfRange(detail): "coordinate out of range: \(detail)"
        case let .impossibleTime(text): "\(text) is not a real date and time"
        case let .unreadableTime(text): "'\(text)' is not an ISO 8601 time (write 2026-11-02T09:30, optionally with Z or an offset such as -05:00)"
        case let .unreadableDate(text): "'\(text)' is not a date (write 2026-11-02)"
        case let .nonexistentLocalTime(text, zone): "\(text) does not exist in \(zone) (a daylight-saving change skips it); give an offset"
        case let .ambiguousLocalTime(text, zone): "\(text) happens twice in \(zone) (a daylight-saving change repeats it); give an offset"
        case let .notFound(what, id): "there is no \(what) \(id)"
        }
    }
}

/// Checks on short text a driver types (categories, notes, place names).
public enum PlainText {
    /// Trims surrounding spaces and refuses empty text, text longer than `maxLength` characters,
    /// and control or bidirectional-override characters (they would break reports and terminals).
    public static func validated(_ text: String, field: String, maxLength: Int) throws(ModelError) -> String {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw .badText(field: field, reason: "cannot be empty") }
        // Counted in Unicode code points, as SQLite's length() counts the CHECK constraints do.
        guard trimmed.unicodeScalars.count <= maxLength else { throw .badText(field: field, reason: "is longer than \(maxLength) characters") }
        for scalar in trimmed.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C {
                throw .badText(field: field, reason: "contains a control character")
            }
        }
        return trimmed
    }
}

extension String {
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let c = slice.first, c.isWhitespace { slice = slice.dropFirst() }
        while let c = slice.last, c.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
