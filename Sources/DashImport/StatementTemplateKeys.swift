import DashModel
import Foundation

/// Where a statement's tips column stands to its pay column (docs/record.md, "Tips").
public enum TipsPlacement: String, Sendable, CaseIterable {
    /// The pay column includes the tips (`Earnings 31.75, Tips 9.50`: 9.50 of the 31.75 are tips);
    /// tips above the pay are refused.
    case within
    /// The tips are added to the pay column (`Pay 3.00, Tips 5.00`: 8.00 earned, 5.00 of it tips).
    case onTop
}

/// The money keys of a statement template: `tipsAre`, `kindWhen` and `currency`
/// (docs/templates.md, "Kinds of money, driver and currency").
extension StatementTemplate {
    struct MoneyKeys {
        var tipsAre: TipsPlacement?
        var kindWhen: [MoneyKind: Rule]
        var currency: String?
    }

    /// The kinds `kindWhen` may name: tips have `tipsWhen`, and pay is what no rule names.
    static let ruledKinds: [MoneyKind] = [.incentive, .fee, .adjustment]

    static func parseMoneyKeys(_ root: [String: Any], kind: Kind, columns: [Field: [String]], tipsWhen: Rule?,
                               fail: (String, String) -> TemplateError, rule: (Any, String) throws -> Rule) throws -> MoneyKeys {
        var tipsAre: TipsPlacement?
        if let value = root["tipsAre"] {
            guard let text = value as? String, let placement = TipsPlacement(rawValue: text) else {
                throw fail("tipsAre", "must be \"within\" (the pay column includes the tips) or \"onTop\" (the tips are added to it)")
            }
            tipsAre = placement
        } else if columns[.tips] != nil || tipsWhen != nil {
            throw fail("tipsAre", """
                is required of a template that reads tips (a tips column or tipsWhen): "within" (the pay column includes \
                the tips) or "onTop" (the tips are added to it)
                """)
        }
        var kindWhen: [MoneyKind: Rule] = [:]
        if let value = root["kindWhen"] {
            guard kind == .moneyLines else {
                throw fail("kindWhen", "is read only by a moneyLines template (shift and delivery rows name kinds by column: incentive, fee, adjustment)")
            }
            guard let object = value as? [String: Any] else { throw fail("kindWhen", "must be an object of rules: incentive, fee, adjustment") }
            for key in object.keys.sorted() {
                guard let moneyKind = MoneyKind(rawValue: key), ruledKinds.contains(moneyKind), let entry = object[key] else {
                    throw fail("kindWhen.\(key)", "is not a kind a rule names (incentive, fee, adjustment; tips have tipsWhen, pay is the rest)")
                }
                kindWhen[moneyKind] = try rule(entry, "kindWhen.\(key)")
            }
        }
        var currency: String?
        if let value = root["currency"] {
            guard let text = value as? String, let code = CurrencyCode.normalized(text) else {
                throw fail("currency", "must be an ISO 4217 code of three letters, such as \"USD\"")
            }
            currency = code
        }
        return MoneyKeys(tipsAre: tipsAre, kindWhen: kindWhen, currency: currency)
    }
}

/// ISO 4217 codes as templates and cells write them.
public enum CurrencyCode {
    /// `text` as a code (three ASCII letters, upper-cased), or nil.
    public static func normalized(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 3, bytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
        return String(decoding: bytes.map { $0 & 0xDF }, as: UTF8.self)
    }
}

/// The keys for files without a trip id or a true zone (docs/templates.md, "The Uber
/// templates"): `ignoreZoneDesignator` and `tripFrom`.
extension StatementTemplate {
    /// `"ignoreZoneDesignator": true`: the `'Z'` of `timeFormat` is the letter, not UTC. A key
    /// of the template rather than a pattern letter, so the pattern still says what the cells
    /// look like and a copy of it for a file whose `Z` is true keeps meaning UTC.
    static func zoneDesignator(_ root: [String: Any], _ format: StatementTimePattern,
                               fail: (String, String) -> TemplateError) throws -> StatementTimePattern {
        guard let value = root["ignoreZoneDesignator"] else { return format }
        guard let ignore = value as? Bool else {
            throw fail("ignoreZoneDesignator", "must be true or false")
        }
        guard ignore else { return format }
        guard let ignored = format.ignoringZoneDesignator() else {
            throw fail("ignoreZoneDesignator", """
                needs a timeFormat that reads a quoted 'Z' and no numeric offset (X, Z): an offset written as digits is never false
                """)
        }
        return ignored
    }

    /// `"tripFrom": "time"` (money lines) or `"accepted"` (delivery rows): the row's trip is
    /// named by that time, to the second, in place of a `trip` column.
    static func tripFrom(_ root: [String: Any], kind: Kind, columns: [Field: [String]],
                         fail: (String, String) -> TemplateError) throws -> Field? {
        guard let value = root["tripFrom"] else { return nil }
        let allowed: Field
        switch kind {
        case .moneyLines: allowed = .time
        case .deliveries: allowed = .accepted
        case .shifts: throw fail("tripFrom", "is read only by a moneyLines or deliveries template (a shift row is no trip)")
        }
        guard let text = value as? String, text == allowed.rawValue else {
            throw fail("tripFrom", "must be \"\(allowed.rawValue)\" in a \(kind.rawValue) template")
        }
        if columns[.trip] != nil { throw fail("tripFrom", "names the trip by a time; the template maps a trip column too (map one of the two)") }
        return allowed
    }
}
