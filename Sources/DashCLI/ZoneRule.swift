import DashModel
import Foundation

/// The one rule for the zone local times are read and printed in (docs/cli.md, "Time zone"):
/// `--tz`, else the config file's `tz`, else `$TZ`, else none (a command that needs one refuses).
/// Only IANA region names (`America/Chicago`) and `UTC`/`Etc/UTC` are zones: an abbreviation
/// (`EST` is a fixed UTC-5, so a July shift would show an hour off), a fixed offset, a POSIX
/// string or a path is refused with the region's name to give instead. Names match
/// case-insensitively and are used in their canonical spelling.
enum ZoneRule {
    /// Where a zone came from, for messages and `config show`.
    enum Source: Equatable {
        case option, config(String), environment
        /// A value being checked on its own (`config set tz`): no source named.
        case value

        var label: String {
            switch self {
            case .option: "--tz"
            case let .config(path): "the config file \(path)"
            case .environment: "$TZ"
            case .value: ""
            }
        }

        /// `--tz: ` before a message, or nothing.
        var lead: String { label.isEmpty ? "" : label + ": " }
    }

    /// The commands that read and print no local time, or (imports) find their zone per file in
    /// `Invocation.importZone`: they run without a zone. Every other command needs one.
    static let runWithoutZone: Set<String> = [
        "check", "store info", "store migrate", "config show", "config set", "config unset", "completion", "version", "man",
        "import gpx", "import statement", "import expenses", "template suggest",
    ]

    /// The hint every "no zone" refusal ends with; `alternative` is one more way (an import's
    /// template).
    static func hint(systemZone: TimeZone? = nil, alternative: String? = nil) -> String {
        var example = "America/Chicago"
        if let name = systemZone?.identifier, (try? canonical(name)) == name, name != "UTC", name != "Etc/UTC" { example = name }
        let ways = ["give --tz \(example)", "set TZ", "run 'dashpilot config set tz ZONE'"] + (alternative.map { [$0] } ?? [])
        return ways.dropLast().joined(separator: ", ") + ", or " + (ways.last ?? "")
            + (example == "America/Chicago" ? "" : " (\(example) is this machine's zone)")
    }

    /// `--tz`, else the configured zone, else `$TZ`; nil when none names one. A name that is not
    /// an IANA zone is refused wherever it came from (never read as UTC).
    static func resolve(option: String?, configured: String?, configPath: String, environment: [String: String]) throws(UsageError) -> (TimeZone, Source)? {
        if let option { return (try zone(option, from: .option), .option) }
        if let configured { return (try zone(configured, from: .config(configPath)), .config(configPath)) }
        if let name = environment["TZ"], !name.isEmpty {
            // `TZ=:America/Chicago` is POSIX's way to name a zone file by its name.
            let trimmed = name.hasPrefix(":") ? String(name.dropFirst()) : name
            return (try zone(trimmed, from: .environment), .environment)
        }
        return nil
    }

    /// The zone `name` names, or a usage error saying where the name came from and what to give.
    static func zone(_ name: String, from source: Source) throws(UsageError) -> TimeZone {
        let canonicalName = try canonical(name, from: source)
        guard let zone = TimeZone(identifier: canonicalName) else {
            throw UsageError(message: "\(source.lead)'\(shown(name))' is not a time zone this machine knows", hint: "use an IANA name such as America/Chicago or UTC")
        }
        return zone
    }

    /// The canonical IANA spelling of `name`, or a usage error with a suggestion.
    static func canonical(_ name: String, from source: Source = .option) throws(UsageError) -> String {
        let lower = name.lowercased()
        if lower == "utc" || lower == "etc/utc" { return lower == "utc" ? "UTC" : "Etc/UTC" }
        if let known = regionNames[lower] { return known }
        let what = "\(source.lead)'\(shown(name))' is not an IANA time zone name"
        let generic = "use an IANA name such as America/Chicago, Europe/Berlin or UTC"
        if let (region, why) = abbreviation(name) {
            throw UsageError(message: "\(what) (\(why))", hint: "did you mean \(region)?")
        }
        if isFixedOffset(lower) {
            throw UsageError(message: "\(what) (a fixed offset keeps no daylight-saving time)", hint: "give your region's zone, such as America/Chicago, Europe/Berlin or UTC")
        }
        if let suggestion = nearest(name) { throw UsageError(message: what, hint: "did you mean \(suggestion)?") }
        throw UsageError(message: what, hint: generic)
    }

    /// Every IANA region name this machine knows, keyed by its lowercase spelling.
    static let regionNames: [String: String] = {
        let regions: Set<String> = ["Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific"]
        var names: [String: String] = [:]
        for name in TimeZone.knownTimeZoneIdentifiers {
            guard let area = name.split(separator: "/").first, regions.contains(String(area)) else { continue }
            names[name.lowercased()] = name
        }
        return names
    }()

    /// A legacy abbreviation or POSIX rule (`EST`, `EST5EDT`, `CET`) and the region zone meant.
    private static func abbreviation(_ name: String) -> (String, String)? {
        // A POSIX rule (`EST5EDT,M3.2.0,M11.1.0`) or a legacy name (`EST5EDT`) by its letters.
        let letters = String(name.uppercased().prefix { $0.isLetter })
        let fixed = "a fixed offset: it keeps no daylight-saving time"
        let table: [String: (String, String)] = [
            "EST": ("America/New_York", fixed), "EDT": ("America/New_York", "an abbreviation, not a zone"),
            "CST": ("America/Chicago", "an abbreviation, not a zone"), "CDT": ("America/Chicago", "an abbreviation, not a zone"),
            "MST": ("America/Denver (America/Phoenix in Arizona)", fixed), "MDT": ("America/Denver", "an abbreviation, not a zone"),
            "PST": ("America/Los_Angeles", "an abbreviation, not a zone"), "PDT": ("America/Los_Angeles", "an abbreviation, not a zone"),
            "AKST": ("America/Anchorage", "an abbreviation, not a zone"), "HST": ("Pacific/Honolulu", "an abbreviation, not a zone"),
            "CET": ("Europe/Berlin (or your own country's zone, such as Europe/Paris)", "an abbreviation many countries share"),
            "CEST": ("Europe/Berlin (or your own country's zone, such as Europe/Paris)", "an abbreviation many countries share"),
            "MET": ("Europe/Berlin (or your own country's zone, such as Europe/Paris)", "an abbreviation many countries share"),
            "EET": ("Europe/Athens (or your own country's zone)", "an abbreviation many countries share"),
            "WET": ("Europe/Lisbon", "an abbreviation, not a zone"), "BST": ("Europe/London", "an abbreviation, not a zone"),
            "GMT": ("UTC (or Europe/London for British time)", "GMT names no region's clock"),
            "JST": ("Asia/Tokyo", "an abbreviation, not a zone"), "IST": ("Asia/Kolkata", "an abbreviation several countries use"),
            "AEST": ("Australia/Sydney", "an abbreviation, not a zone"), "NZST": ("Pacific/Auckland", "an abbreviation, not a zone"),
        ]
        let rest = name.dropFirst(letters.count)
        if rest.isEmpty, let entry = table[letters] { return entry }
        // `EST5EDT`, `PST8PDT`: a POSIX rule, also kept in the database as a legacy name.
        if rest.first.map({ $0.isNumber || $0 == "-" || $0 == "+" }) == true, letters != "GMT", letters != "UTC", let entry = table[letters] {
            return (entry.0, "a POSIX rule or legacy name, not a region's zone")
        }
        return nil
    }

    /// `GMT+5`, `UTC-05:00`, `+05:00`, `Etc/GMT+5`.
    private static func isFixedOffset(_ lower: String) -> Bool {
        var body = Substring(lower)
        for prefix in ["etc/", "gmt", "utc", "z"] where body.hasPrefix(prefix) { body = body.dropFirst(prefix.count) }
        return body.first.map { $0 == "+" || $0 == "-" } == true
    }

    /// The closest region name: by the name after a zoneinfo folder (`/usr/share/zoneinfo/X`),
    /// by the whole name, or by the city alone (`Chicago`, `new york`).
    private static func nearest(_ name: String) -> String? {
        var key = name.lowercased().replacingOccurrences(of: " ", with: "_")
        if let range = key.range(of: "zoneinfo/") { key = String(key[range.upperBound...]) }
        if let known = regionNames[key] { return known }
        if key.contains("/") {
            return ParsedArguments.nearest(key, among: regionNames.keys).flatMap { regionNames[$0] }
        }
        var cities: [String: String] = [:]
        for (lower, name) in regionNames {
            if let city = lower.split(separator: "/").last { cities[String(city)] = cities[String(city)].map { min($0, name) } ?? name }
        }
        return ParsedArguments.nearest(key, among: cities.keys).flatMap { cities[$0] }
    }

    /// A name as echoed in a message: at most 60 characters, control characters as `?`.
    static func shown(_ name: String) -> String {
        let cleaned = String(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return cleaned.count > 60 ? String(cleaned.prefix(57)) + "..." : cleaned
    }

    /// A zone's name for people: `UTC` for the zone Foundation calls GMT.
    static func name(_ zone: TimeZone) -> String {
        zone.identifier == "GMT" ? "UTC" : zone.identifier
    }
}
