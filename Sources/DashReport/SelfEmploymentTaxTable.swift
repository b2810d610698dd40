import DashModel
import Foundation

/// The US self-employment tax's figures (Schedule SE), as data: the share of net profit that
/// counts as net earnings, the Social Security and Medicare rates, the threshold below which
/// none is due, and the Social Security wage base of each year with its source
/// (`Templates/tax-rates/us-self-employment.json`; docs/tax.md).
public struct SelfEmploymentTaxTable: Sendable, Equatable {
    public struct WageBase: Sendable, Equatable {
        public let year: Int
        public let amount: Money
        public let source: String
    }

    public let name: String
    public let netEarningsShare: Money
    public let socialSecurityRate: Money
    public let medicareRate: Money
    public let minimumNetEarnings: Money
    public let wageBases: [WageBase]

    /// The base of `year`; nil when the table has none (the summary then refuses to guess).
    public func wageBase(of year: Int) -> WageBase? { wageBases.first { $0.year == year } }

    /// The shipped texts by name (compiled in; a test keeps them identical to the files).
    public static let builtInJSON: [String: String] = BuiltInTaxTables.selfEmployment

    public static func builtIn(_ name: String) throws(TaxTableError) -> SelfEmploymentTaxTable? {
        guard let text = builtInJSON[name] else { return nil }
        return try parse(Data(text.utf8), file: name)
    }

    /// Reads a table; every figure a decimal string, every wage base a year, an amount and a
    /// source, no year twice. Errors name the file and the key.
    public static func parse(_ data: Data, file: String) throws(TaxTableError) -> SelfEmploymentTaxTable {
        func fail(_ message: String) -> TaxTableError { TaxTableError(file: file, message: message) }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw fail("not a JSON object") }
        let keys = ["name", "description", "netEarningsShare", "socialSecurityRate", "medicareRate", "minimumNetEarnings", "wageBases"]
        for key in object.keys.sorted() where !keys.contains(key) { throw fail("unknown key \(MessageText.quoted(key))") }
        guard let name = object["name"] as? String, TaxTableError.isShortLine(name) else {
            throw fail("'name' must be a short line of text (at most 60 characters, no control characters)")
        }
        func amount(_ value: Any?, _ key: String, atMost limit: Money? = nil) throws(TaxTableError) -> Money {
            guard let text = value as? String, let money = try? Money(parsing: text), !money.isNegative else {
                throw fail("\(key) must be a decimal string such as \"0.124\", not negative")
            }
            if let limit, money > limit { throw fail("\(key) must be at most \(limit)") }
            return money
        }
        let one = Money(1)
        let share = try amount(object["netEarningsShare"], "netEarningsShare", atMost: one)
        let socialSecurity = try amount(object["socialSecurityRate"], "socialSecurityRate", atMost: one)
        let medicare = try amount(object["medicareRate"], "medicareRate", atMost: one)
        let minimum = try amount(object["minimumNetEarnings"], "minimumNetEarnings")
        guard let list = object["wageBases"] as? [Any], !list.isEmpty else { throw fail("'wageBases' must be a non-empty list") }
        var bases: [WageBase] = []
        for (index, item) in list.enumerated() {
            let at = "wageBases[\(index)]"
            guard let entry = item as? [String: Any] else { throw fail("\(at) must be an object") }
            for key in entry.keys.sorted() where !["year", "wageBase", "source"].contains(key) { throw fail("\(at): unknown key \(MessageText.quoted(key))") }
            guard let year = entry["year"] as? Int, (1900...9999).contains(year) else { throw fail("\(at).year must be a year such as 2026") }
            let base = try amount(entry["wageBase"], "\(at).wageBase")
            guard let source = entry["source"] as? String, !source.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail("\(at).source must say where the figure comes from")
            }
            guard !bases.contains(where: { $0.year == year }) else { throw fail("\(at): the year \(year) is given twice") }
            bases.append(WageBase(year: year, amount: base, source: source))
        }
        bases.sort { $0.year < $1.year }
        return SelfEmploymentTaxTable(name: name, netEarningsShare: share, socialSecurityRate: socialSecurity, medicareRate: medicare,
                                      minimumNetEarnings: minimum, wageBases: bases)
    }
}

/// A tax table or category map that could not be read: the file and what is wrong.
public struct TaxTableError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let message: String
    /// What the file is, as the message names it: `tax table` or `category map` (issue 26: a
    /// category map's error called the file a tax table).
    public var kind = "tax table"
    public var description: String { "\(kind) \(file): \(message)" }

    /// A name or label a table gives: 1 to 60 characters, no control characters and no
    /// direction overrides (a label printed in a summary must read as it is). The mileage rate
    /// table's `name` is checked by this too.
    static func isShortLine(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 60 && text.unicodeScalars.allSatisfy { scalar in
            let v = scalar.value
            return v >= 0x20 && v != 0x7F && !(0x80...0x9F).contains(v) && !(0x200E...0x200F).contains(v)
                && !(0x202A...0x202E).contains(v) && !(0x2066...0x2069).contains(v)
        }
    }
}
