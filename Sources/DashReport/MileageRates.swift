import DashModel
import Foundation

/// A standard-mileage rate table: dollars (or the local money) per mile over date ranges,
/// [from, to), each with the source of its figure. Rates change mid-year sometimes (2022), so
/// a shift's miles are valued at the rate of the local date it started on.
public struct MileageRateTable: Sendable, Equatable {
    public struct Rate: Sendable, Equatable {
        public let from: Day
        public let to: Day
        public let perMile: Money
        public let source: String
    }

    public let name: String
    public let rates: [Rate]

    /// The rate in force on `day`, if the table has one.
    public func rate(on day: Day) -> Rate? { rates.first { $0.from <= day && day < $0.to } }

    /// The table's shipped texts, by name (compiled in, so the binary needs no files beside it;
    /// a test keeps them identical to `Templates/mileage-rates/`).
    public static let builtInJSON: [String: String] = BuiltInMileageRates.json

    public static func builtIn(_ name: String) throws(MileageRateError) -> MileageRateTable? {
        guard let text = builtInJSON[name] else { return nil }
        return try parse(Data(text.utf8), file: name)
    }

    /// Reads a table: `{"name", "description"?, "rates": [{"from", "to", "perMile", "source"}]}`.
    /// Dates are `YYYY-MM-DD`, `to` exclusive; `perMile` a plain decimal; every rate needs a
    /// source; ranges may not overlap. Errors name the file and the key.
    public static func parse(_ data: Data, file: String) throws(MileageRateError) -> MileageRateTable {
        func fail(_ message: String) -> MileageRateError { MileageRateError(file: file, message: message) }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("not a JSON object")
        }
        for key in object.keys where !["name", "description", "rates"].contains(key) { throw fail("unknown key \(MessageText.quoted(key))") }
        guard let name = object["name"] as? String, TaxTableError.isShortLine(name)
        else { throw fail("'name' must be a short line of text (at most 60 characters, no control characters)") }
        guard let list = object["rates"] as? [Any], !list.isEmpty else { throw fail("'rates' must be a non-empty list") }
        var rates: [Rate] = []
        for (index, item) in list.enumerated() {
            let at = "rates[\(index)]"
            guard let entry = item as? [String: Any] else { throw fail("\(at) must be an object") }
            for key in entry.keys where !["from", "to", "perMile", "source"].contains(key) { throw fail("\(at): unknown key \(MessageText.quoted(key))") }
            func day(_ key: String) throws(MileageRateError) -> Day {
                guard let text = entry[key] as? String else { throw fail("\(at).\(key) must be a date such as 2026-01-01") }
                do { return try Day(parsing: text) } catch { throw fail("\(at).\(key): \(error)") }
            }
            let from = try day("from"), to = try day("to")
            guard from < to else { throw fail("\(at): 'to' (exclusive) must come after 'from'") }
            guard let text = entry["perMile"] as? String else { throw fail("\(at).perMile must be a decimal string such as \"0.725\"") }
            let perMile: Money
            do { perMile = try Money(parsing: text) } catch { throw fail("\(at).perMile: \(error)") }
            guard !perMile.isNegative else { throw fail("\(at).perMile must not be negative") }
            guard let source = entry["source"] as? String, !source.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail("\(at).source must say where the figure comes from")
            }
            rates.append(Rate(from: from, to: to, perMile: perMile, source: source))
        }
        rates.sort { $0.from < $1.from }
        for (earlier, later) in zip(rates, rates.dropFirst()) where later.from < earlier.to {
            throw fail("the rates from \(earlier.from) and from \(later.from) overlap")
        }
        return MileageRateTable(name: name, rates: rates)
    }

    /// The value of `miles` at `rate`, rounded to the money's finest unit (an estimate from a
    /// measured distance; printed to the cent).
    public static func value(miles: Double, at rate: Money) -> Money? {
        Rates.money(units: miles * Double(rate.units))
    }
}

public struct MileageRateError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let message: String
    public var description: String { "mileage rate table \(file): \(message)" }
}
