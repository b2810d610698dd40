import DashModel
import Foundation

/// How to read an earnings statement: a JSON template (docs/templates.md). A row is a shift
/// (a dash, a block, a line of a driver's own shift log), a delivery or trip, or a money line
/// grouped by trip (Uber's payments file: several lines per trip, a late tip in a later file).
public struct StatementTemplate: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case shifts, deliveries, moneyLines }
    public enum Field: String, Sendable, CaseIterable {
        case date, start, end, gross, tips, platform, accepted, delivered, pay, pickup
        /// When a delivery was picked up (Uber's `Begin Trip Local Timestamp`): read only to
        /// accept at it a trip whose request time comes after it (an Uber Reserve trip).
        case pickedUp
        /// The platform's id of a trip: a delivery row's record key, a money line's group.
        case trip
        /// The platform's id of a money line (a transaction id).
        case line
        /// When a money line was recorded.
        case time
        /// A money line's earnings.
        case amount
        /// Columns read only by `skip`, `tipsWhen` and `kindWhen` rules: never stored.
        case description, category, status
        /// An incentive (peak pay, a promotion, a quest) paid apart from the pay column: part of
        /// gross, added to the pay (shift and delivery rows).
        case incentive
        /// What the platform kept (a fee, a commission): read as a positive amount whichever sign
        /// the file writes it with, never part of gross (shift and delivery rows).
        case fee
        /// An adjustment of either sign apart from the pay column: part of gross (shift and
        /// delivery rows).
        case adjustment
        /// The driver the row is for (Uber's `Driver UUID` in a fleet report): compared
        /// case-insensitively; a file of two drivers is refused unless the reader is given one.
        case driver
        /// The row's currency, an ISO 4217 code (Uber's `Currency Code`); blank: the template's.
        case currency
        /// The trip's distance as the platform reports it (Uber's `Trip Distance (miles)`), in
        /// the template's `distanceUnit`: stored with the trip, never read as the vehicle's
        /// miles where a route or the driver's figure exists (docs/mileage.md).
        case distance

        /// Its place in `allCases`: an array index, cheaper per cell than a dictionary.
        public var ordinal: Int {
            switch self {
            case .date: 0
            case .start: 1
            case .end: 2
            case .gross: 3
            case .tips: 4
            case .platform: 5
            case .accepted: 6
            case .delivered: 7
            case .pay: 8
            case .pickup: 9
            case .trip: 10
            case .line: 11
            case .time: 12
            case .amount: 13
            case .description: 14
            case .category: 15
            case .status: 16
            case .incentive: 17
            case .fee: 18
            case .adjustment: 19
            case .driver: 20
            case .currency: 21
            case .pickedUp: 22
            case .distance: 23
            }
        }
    }

    /// A rule on a column's text: `values` (case-insensitive; `text*` matches a prefix), or
    /// with `unless`, every value but those.
    public struct Rule: Sendable {
        public var column: Field
        public var values: [String]
        public var unless: Bool
        /// What a skip rule's rows are, named in the file's accounting (`"as"`: `payouts`,
        /// `cash collected`, `totals rows`); nil: "rows skipped by their COLUMN".
        public var account: String? = nil

        public func matches(_ text: String) -> Bool {
            let lowered = text.lowercased()
            let hit = values.contains { $0.hasSuffix("*") ? lowered.hasPrefix($0.dropLast()) : lowered == $0 }
            return hit != unless
        }

        /// Why this rule skipped a row whose cell is `text`, in the template's words: the cell is
        /// quoted only when it is one of the template's values (`date is 'Total'`), never when a
        /// prefix or an `unless` rule matched it (it could hold anything; ``CellShape``).
        public func reason(_ text: String) -> String {
            if text.isEmpty { return "no \(column.rawValue)" }
            let lowered = text.lowercased()
            if unless {
                // The first few of the template's values, then how many more (a message is bounded).
                let quoted = values.prefix(MessageText.shownItems).map { "'\(MessageText.cut($0.hasSuffix("*") ? String($0.dropLast()) + "…" : $0))'" }
                let more = values.count - quoted.count
                let list = more > 0 ? quoted.joined(separator: ", ") + " or \(more) more" : CellShape.list(quoted).replacingOccurrences(of: " and ", with: " or ")
                return "\(column.rawValue) is not \(list)"
            }
            if values.contains(lowered) { return "\(column.rawValue) is '\(text)'" }
            let prefix = values.first { $0.hasSuffix("*") && lowered.hasPrefix($0.dropLast()) }.map { String($0.dropLast()) } ?? ""
            return "\(column.rawValue) starts with '\(prefix)'"
        }
    }

    public var name: String
    public var kind: Kind
    /// The platform when no column says it.
    public var platform: String?
    public var dialect: CSVDialect
    public var decimalMark: DecimalMark
    public var dateFormat: StatementTimePattern?
    public var timeFormat: StatementTimePattern
    /// An end time earlier than the start means the next day.
    public var endMayBeNextDay: Bool
    public var columns: [Field: [String]]
    /// Rows to skip, by the text of a column (a totals row, a payout line): each reported.
    public var skip: [Rule]
    /// Money lines whose whole amount is tips (a `category` of "tip", say).
    public var tipsWhen: Rule?
    /// The zone the statement's local times are in, when the template says (else `--tz`).
    public var timeZone: TimeZone?
    /// Whether the tips column is within the pay column (`within`: a row's pay is the pay cell,
    /// the tips part of it, and tips above it are refused) or on top of it (`onTop`: a row's pay
    /// is the pay cell plus the tips cell, the tips within that sum). Required of a template that
    /// reads tips (a `tips` column or `tipsWhen`); nil for one that reads none.
    public var tipsAre: TipsPlacement? = nil
    /// The rules naming a money line's kind (`kindWhen`): tried in the order incentive, fee,
    /// adjustment, after `tipsWhen`. A line no rule names is pay, or an adjustment when its
    /// amount is negative (docs/record.md, "Money"). Only `incentive`, `fee` and `adjustment`
    /// are keys; empty for a template without `kindWhen`.
    public var kindWhen: [MoneyKind: Rule] = [:]
    /// The currency of the file's amounts (ISO 4217, three upper-case letters) when the template
    /// says; a `currency` column's cell wins for its row. Nil: the file names none.
    public var currency: String? = nil
    /// `splitGapMinutes`: work further apart than this is another shift (docs/record.md); nil:
    /// the default, 60 minutes (`--split-gap` wins over it).
    public var splitGapMinutes: Int? = nil
    /// `tripFrom`: the trip is named by a time of the row rather than an id (Uber's personal
    /// data download has no trip id; a payment line's `Local Timestamp` is its trip's request
    /// time): `time` for money lines, `accepted` for delivery rows. Nil: the `trip` column.
    public var tripFrom: Field? = nil
    /// `distanceUnit`, `sharedRideWhen` and `cancelledWhen` (StatementTemplateTrips.swift):
    /// how a trips file's distance, shared rides and cancelled trips are read.
    public var trips = TripKeys()
    /// The pickup time of a delivery row (`pickedUp` column) replaced a request time that came
    /// after it (Uber Reserve): true when the template maps `pickedUp`.
    public var readsPickup: Bool { columns[.pickedUp] != nil }

    public static func == (lhs: StatementTemplate, rhs: StatementTemplate) -> Bool { lhs.name == rhs.name }

    /// True when every time the template reads carries its own offset (or `Z`): no zone is
    /// needed to read the file.
    public var timesCarryOffsets: Bool { timeFormat.hasOffset }

    /// The columns a row of this kind must have.
    public var requiredFields: [Field] {
        let date: [Field] = timeFormat.hasDate ? [] : [.date]
        switch kind {
        case .shifts: return date + [.start, .end]
        case .deliveries: return date + [.accepted, .delivered]
        case .moneyLines: return date + (tripFrom == nil ? [.trip] : []) + [.time, .amount]
        }
    }

    /// The columns a template of this kind may map.
    static func allowedFields(_ kind: Kind) -> Set<Field> {
        let common: Set<Field> = [.date, .tips, .platform, .description, .category, .status, .driver, .currency]
        switch kind {
        case .shifts: return common.union([.start, .end, .gross, .incentive, .fee, .adjustment])
        case .deliveries: return common.union([.accepted, .delivered, .pay, .pickup, .trip, .incentive, .fee, .adjustment, .pickedUp, .distance])
        case .moneyLines: return common.union([.trip, .line, .time, .amount])
        }
    }

    /// The columns a rule (`skip`, `tipsWhen`, `kindWhen`, `sharedRideWhen`, `cancelledWhen`) reads.
    var ruleFields: Set<Field> {
        Set(skip.map(\.column) + [tipsWhen?.column, trips.sharedRideWhen?.column, trips.cancelledWhen?.column].compactMap { $0 }
            + kindWhen.values.map(\.column))
    }

    public static func builtIn(_ name: String) throws -> StatementTemplate? {
        guard let json = builtInJSON[name] else { return nil }
        return try parse(Array(json.utf8), file: "built-in template \(name)")
    }

    public static func parse(_ bytes: [UInt8], file: String) throws -> StatementTemplate {
        func fail(_ key: String, _ message: String) -> TemplateError { TemplateError(file: file, key: key, message: message) }
        guard let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            throw fail("", "is not a JSON object")
        }
        let known: Set<String> = ["name", "description", "kind", "platform", "delimiter", "encoding", "decimalMark", "dateFormat",
                                  "timeFormat", "endMayBeNextDay", "columns", "skip", "tipsWhen", "timeZone", "source",
                                  "tipsAre", "kindWhen", "currency", "splitGapMinutes", "ignoreZoneDesignator", "tripFrom",
                                  "distanceUnit", "sharedRideWhen", "cancelledWhen"]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(unknown, "is not a key of a statement template (known: \(known.sorted().joined(separator: ", ")))")
        }
        guard let name = root["name"] as? String, !name.isEmpty else { throw fail("name", "must be a non-empty string") }
        guard let kindName = root["kind"] as? String, let kind = Kind(rawValue: kindName) else {
            throw fail("kind", "must be \"shifts\", \"deliveries\" or \"moneyLines\"")
        }
        let delimiterName = root["delimiter"] as? String ?? ","
        guard let delimiter = CSVDialect.delimiter(named: delimiterName) else { throw fail("delimiter", "\(MessageText.quoted(delimiterName)) cannot separate fields") }
        let encoding: CSVTextEncoding
        switch (root["encoding"] as? String ?? "utf-8").lowercased() {
        case "utf-8", "utf8": encoding = .utf8
        case "latin-1", "latin1", "iso-8859-1": encoding = .latin1
        case "windows-1252", "cp1252": encoding = .windows1252
        default: throw fail("encoding", "must be utf-8, latin-1 or windows-1252")
        }
        guard let dialect = CSVDialect(delimiter: delimiter, encoding: encoding) else { throw fail("delimiter", "cannot be used") }
        guard let mark = DecimalMark(rawValue: root["decimalMark"] as? String ?? "point") else {
            throw fail("decimalMark", "must be \"point\" or \"comma\"")
        }
        func pattern(_ key: String) throws -> StatementTimePattern? {
            guard let value = root[key] else { return nil }
            guard let text = value as? String else { throw fail(key, "must be a pattern such as \"yyyy-MM-dd\"") }
            do { return try StatementTimePattern(text) } catch { throw fail(key, "\(error)") }
        }
        guard let writtenFormat = try pattern("timeFormat") else { throw fail("timeFormat", "is required") }
        let timeFormat = try zoneDesignator(root, writtenFormat, fail: fail)
        guard timeFormat.hasTime else { throw fail("timeFormat", "must include a time of day (H or h, and m)") }
        let dateFormat = try pattern("dateFormat")
        if let dateFormat, !dateFormat.hasDate { throw fail("dateFormat", "must include a date (y, M and d)") }
        if dateFormat == nil, !timeFormat.hasDate {
            throw fail("dateFormat", "is required when timeFormat has no date (y, M and d)")
        }
        guard let columnObject = root["columns"] as? [String: Any] else { throw fail("columns", "must be an object of header names") }
        var columns: [Field: [String]] = [:]
        let allowed = allowedFields(kind)
        for (key, value) in columnObject {
            guard let field = Field(rawValue: key), allowed.contains(field) else {
                throw fail("columns.\(key)", """
                    is not a column of a \(kind.rawValue) template (\(allowed.map(\.rawValue).sorted().joined(separator: ", "))); \
                    other columns are never read
                    """)
            }
            let names = (value as? [String]) ?? (value as? String).map { [$0] }
            guard let names, !names.isEmpty else { throw fail("columns.\(key)", "must be a header name or a list of them") }
            columns[field] = names.map(ExpenseTemplate.normalizedHeader)
        }
        func rule(_ entry: Any, key: String) throws -> Rule {
            guard let entry = entry as? [String: Any], let columnName = entry["column"] as? String else {
                throw fail(key, "must be {\"column\": NAME, \"values\": [TEXT...]} or {\"column\": NAME, \"unless\": [TEXT...]}")
            }
            guard let field = Field(rawValue: columnName), columns[field] != nil else {
                throw fail(key + ".column", "\(MessageText.quoted(columnName)) is not a column this template maps")
            }
            let values = entry["values"] as? [String], unless = entry["unless"] as? [String]
            let keys = key.hasPrefix("skip[") ? ["column", "values", "unless", "as"] : ["column", "values", "unless"]
            guard (values == nil) != (unless == nil), let list = values ?? unless, entry.keys.allSatisfy(keys.contains) else {
                throw fail(key, "must have \"column\" and exactly one of \"values\" and \"unless\", each a list of text"
                    + (key.hasPrefix("skip[") ? ", and may name its rows with \"as\"" : ""))
            }
            var account: String?
            if let name = entry["as"] {
                guard let text = name as? String, let checked = try? PlainText.validated(text, field: "as", maxLength: 60) else {
                    throw fail(key + ".as", "must be a short text naming what the rows are (payouts, cash collected)")
                }
                account = checked
            }
            return Rule(column: field, values: list.map { $0.lowercased() }, unless: unless != nil, account: account)
        }
        var skip: [Rule] = []
        if let entries = root["skip"] {
            guard let list = entries as? [Any] else { throw fail("skip", "must be a list of rules") }
            for (index, entry) in list.enumerated() { skip.append(try rule(entry, key: "skip[\(index)]")) }
        }
        var tipsWhen: Rule?
        if let entry = root["tipsWhen"] {
            guard kind == .moneyLines else { throw fail("tipsWhen", "is read only by a moneyLines template") }
            tipsWhen = try rule(entry, key: "tipsWhen")
        }
        let money = try parseMoneyKeys(root, kind: kind, columns: columns, tipsWhen: tipsWhen, fail: fail, rule: rule)
        let trips = try parseTripKeys(root, kind: kind, columns: columns, fail: fail, rule: rule)
        let ruled = Set(skip.map(\.column) + [tipsWhen?.column, trips.sharedRideWhen?.column, trips.cancelledWhen?.column].compactMap { $0 }
            + money.kindWhen.values.map(\.column))
        for field in [Field.description, .category, .status] where columns[field] != nil {
            guard ruled.contains(field) else {
                throw fail("columns.\(field.rawValue)", "is read only by a skip, tipsWhen, kindWhen, sharedRideWhen or cancelledWhen rule, and no rule names it")
            }
        }
        var platform: String?
        if let value = root["platform"] {
            guard let text = value as? String else { throw fail("platform", "must be a string") }
            do { platform = try PlainText.validated(text, field: "", maxLength: 100) } catch { throw fail("platform", "\(error)") }
        }
        var timeZone: TimeZone?
        if let value = root["timeZone"] {
            guard let name = value as? String, let zone = TimeZone(identifier: name) else {
                throw fail("timeZone", "must be an IANA zone name such as America/Chicago")
            }
            timeZone = zone
        }
        let template = StatementTemplate(name: name, kind: kind, platform: platform, dialect: dialect, decimalMark: mark,
                                         dateFormat: dateFormat, timeFormat: timeFormat,
                                         endMayBeNextDay: root["endMayBeNextDay"] as? Bool ?? false,
                                         columns: columns, skip: skip, tipsWhen: tipsWhen, timeZone: timeZone,
                                         tipsAre: money.tipsAre, kindWhen: money.kindWhen, currency: money.currency)
        var finished = template
        finished.tripFrom = try tripFrom(root, kind: kind, columns: columns, fail: fail)
        finished.trips = trips
        if trips.sharedRideWhen != nil, finished.tripFrom == nil, columns[.trip] == nil {
            throw fail("sharedRideWhen", "joins a shared ride's rows by their trip: the template needs a trip column or tripFrom")
        }
        for field in finished.requiredFields where columns[field] == nil { throw fail("columns.\(field.rawValue)", "is required") }
        if let value = root["splitGapMinutes"] {
            guard let minutes = value as? Int, !(value is Bool), (1...960).contains(minutes) else {
                throw fail("splitGapMinutes", "must be a whole number of minutes from 1 to 960 (16 hours)")
            }
            finished.splitGapMinutes = minutes
        }
        return finished
    }
}
