import DashModel
import Foundation

/// The unit of a trips file's distance column (`distanceUnit`).
public enum TripDistanceUnit: String, Sendable, CaseIterable {
    case miles, km

    /// Millimetres in one unit, exactly: a mile is 1609.344 m.
    var millimetres: Int64 { self == .miles ? 1_609_344 : 1_000_000 }
}

/// How a trips file's rows that are not one plain trip each are read (docs/templates.md, "The
/// Uber templates"): the platform's distance, a shared ride's other riders' rows, and trips that
/// did not complete.
public struct TripKeys: Sendable {
    /// The unit of `columns.distance`; set exactly when the template maps it.
    public var distanceUnit: TripDistanceUnit?
    /// `sharedRideWhen`: a row this rule matches is another rider's share of a trip (Uber's
    /// `fare_split`): the same trip as the row with its trip key and times, so one trip, never a
    /// second one or a refusal. A row of the same trip with other times is still refused.
    public var sharedRideWhen: StatementTemplate.Rule?
    /// `cancelledWhen`: a row this rule matches is a trip that did not complete as requested
    /// (Uber's `rider_canceled`, `driver_canceled`, `unfulfilled`): with a pickup time it was
    /// driven (the rider left during the ride) and is a trip ending at its drop-off, or at the
    /// pickup when it has none; without one nothing was driven and it is skipped and reported.
    public var cancelledWhen: StatementTemplate.Rule?

    public init() {}
}

extension StatementTemplate {
    static func parseTripKeys(_ root: [String: Any], kind: Kind, columns: [Field: [String]], fail: (String, String) -> TemplateError,
                              rule: (Any, String) throws -> Rule) throws -> TripKeys {
        var keys = TripKeys()
        for key in ["distanceUnit", "sharedRideWhen", "cancelledWhen"] where root[key] != nil && kind != .deliveries {
            throw fail(key, "is read only by a deliveries template (a trips file)")
        }
        if let value = root["distanceUnit"] {
            guard let text = value as? String, let unit = TripDistanceUnit(rawValue: text) else {
                throw fail("distanceUnit", "must be \"miles\" or \"km\"")
            }
            guard columns[.distance] != nil else { throw fail("distanceUnit", "names the unit of a distance column, and the template maps none") }
            keys.distanceUnit = unit
        } else if columns[.distance] != nil {
            throw fail("distanceUnit", "is required of a template that reads a distance: \"miles\" or \"km\"")
        }
        if let entry = root["sharedRideWhen"] { keys.sharedRideWhen = try rule(entry, "sharedRideWhen") }
        if let entry = root["cancelledWhen"] { keys.cancelledWhen = try rule(entry, "cancelledWhen") }
        if keys.cancelledWhen != nil, columns[.pickedUp] == nil {
            throw fail("cancelledWhen", "reads a cancelled trip by its pickup time: the template needs a pickedUp column")
        }
        return keys
    }
}

/// A trip's distance as a trips file writes it (`4.751318154447873`), in whole millimetres:
/// exact from the decimal text (a mile is 1,609,344 mm), so a sum of trips never drifts.
public enum TripDistanceText {
    /// The longest trip read: 1,000 miles (a delivery lasts at most 4 hours, docs/templates.md).
    public static let largestMillimetres: Int64 = 1_000 * 1_609_344

    /// Digits after the mark that count: a nanomile is under 2 micrometres.
    static let keptDecimals = 9

    /// The millimetres `text` says in `unit`, rounded half up; nil and a reason when it is not a
    /// plain number of at most 1,000 miles (the reason names the cell's shape, never its text).
    public static func millimetres(_ text: String, unit: TripDistanceUnit, mark: DecimalMark) -> Result<Int64, TripDistanceError> {
        var whole: Int64 = 0, fraction: Int64 = 0, decimals = 0, digits = 0, seenMark = false
        for byte in text.utf8 {
            if byte == mark.byte, !seenMark {
                seenMark = true
            } else if byte >= 0x30, byte <= 0x39 {
                let digit = Int64(byte - 0x30)
                digits += 1
                if seenMark {
                    guard decimals < keptDecimals else { continue }
                    fraction = fraction * 10 + digit
                    decimals += 1
                } else {
                    // More than 1,000 miles in any unit once past seven digits: stop before overflow.
                    guard whole < 10_000_000 else { return .failure(.tooLong) }
                    whole = whole * 10 + digit
                }
            } else {
                return .failure(.notANumber(CellShape(text)))
            }
        }
        guard digits > 0 else { return .failure(.notANumber(CellShape(text))) }
        while decimals < keptDecimals {
            fraction *= 10
            decimals += 1
        }
        // fraction < 10^9 and a unit < 2 x 10^6 mm: the product fits in 64 bits.
        let scale: Int64 = 1_000_000_000
        let part = fraction * unit.millimetres
        let millimetres = whole * unit.millimetres + part / scale + (part % scale >= scale / 2 ? 1 : 0)
        guard millimetres <= largestMillimetres else { return .failure(.tooLong) }
        return .success(millimetres)
    }
}

/// Why a distance cell was not read.
public enum TripDistanceError: Error, Sendable, Equatable, CustomStringConvertible {
    case notANumber(CellShape)
    case tooLong

    public var description: String {
        switch self {
        case let .notANumber(shape): "not a distance (\(shape)): write a number such as 4.75, never below zero"
        case .tooLong: "a trip of more than 1000 miles (1609.344 km): is it another column?"
        }
    }
}
