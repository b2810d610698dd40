/// What a drafted template reads: one of the statement kinds, or an expenses file.
public enum DraftKind: String, Sendable, CaseIterable {
    case shifts, deliveries, moneyLines, expenses

    /// The fields a template of this kind may map, in the order a draft lists them.
    public var fields: [String] {
        switch self {
        case .shifts: ["date", "start", "end", "gross", "tips", "incentive", "fee", "adjustment", "platform", "currency", "driver", "status"]
        case .deliveries: ["date", "accepted", "pickedUp", "delivered", "trip", "pay", "tips", "incentive", "fee", "adjustment", "platform", "pickup",
                           "distance", "currency", "driver", "status"]
        case .moneyLines: ["trip", "line", "time", "amount", "tips", "platform", "currency", "driver", "category", "description", "status"]
        case .expenses: ["date", "amount", "category", "note"]
        }
    }

    /// The fields it cannot do without (a `date` only when the times carry none).
    public var required: [String] {
        switch self {
        case .shifts: ["start", "end"]
        case .deliveries: ["accepted", "delivered"]
        case .moneyLines: ["time", "amount"]
        case .expenses: ["date", "amount"]
        }
    }

    /// The fields holding time cells (read with `timeFormat`), and the one holding dates.
    var timeFields: [String] {
        switch self {
        case .shifts: ["start", "end"]
        case .deliveries: ["accepted", "pickedUp", "delivered"]
        case .moneyLines: ["time"]
        case .expenses: []
        }
    }

    /// The fields holding amounts.
    var moneyFields: [String] {
        switch self {
        case .shifts: ["gross", "tips", "incentive", "fee", "adjustment"]
        case .deliveries: ["pay", "tips", "incentive", "fee", "adjustment"]
        case .moneyLines: ["amount", "tips"]
        case .expenses: ["amount"]
        }
    }

    /// The field a row's pay is in (the one tips are within or on top of).
    var payField: String? {
        switch self {
        case .shifts: "gross"
        case .deliveries: "pay"
        case .moneyLines: "amount"
        case .expenses: nil
        }
    }
}

/// Which header holds which field, by the header's words (`template suggest`). A header is cut
/// into words (letters and digits; `Trip drop off time`, `request_timestamp_utc` and
/// `Paid to you : Your earnings` alike), and matched against each field's names: the whole
/// header (4), the header without words that only say how a time or amount is written
/// (`local`, `utc`, `time`, `timestamp`, `usd`: 3), or its last words (2: `Trip status` is a
/// status, `Paid to you:Your earnings:Tip` a tip). The best matches are taken first; each
/// column and each field is used once. A header that looks personal (docs/templates.md,
/// "Personal columns") is never mapped.
public enum HeaderMatching {
    /// Words dropped before the second and third kinds of match.
    static let noise: Set<String> = ["local", "utc", "time", "timestamp", "at", "usd", "the", "of", "my", "in", "amt"]

    /// Words that keep a header from a field whatever its last words: a cancellation fee is
    /// paid to the driver, not kept by the platform (Uber's `Local Cancellation Fee`).
    static let never: [String: Set<String>] = ["fee": ["cancellation", "cancel"]]

    /// Each field's names, best first, as words.
    static func names(_ field: String, kind: DraftKind) -> [[String]] {
        let list: [String]
        switch field {
        case "date": list = ["date", "day", "shift date", "delivery date", "when", "date incurred", "expense date"]
        case "start": list = ["start", "started", "begin", "shift start", "clock in", "log in", "login", "start time"]
        case "end": list = ["end", "ended", "finish", "finished", "shift end", "clock out", "log out", "logout", "end time"]
        case "gross": list = ["earnings", "gross", "total pay", "total earnings", "gross earnings", "pay", "income", "amount"]
        case "tips": list = ["tips", "tip", "tips included", "gratuity", "customer tips", "tip amount"]
        case "incentive": list = ["incentive", "incentives", "promotion", "promotions", "peak pay", "bonus", "boost", "quest"]
        case "fee": list = ["fee", "fees", "commission", "service fee"]
        case "adjustment": list = ["adjustment", "adjustments"]
        case "platform": list = ["platform", "app", "company", "gig"]
        case "currency": list = ["currency", "currency code"]
        case "driver": list = ["driver uuid", "driver id"]
        case "status": list = ["status", "trip status", "order status", "delivery status"]
        case "accepted": list = ["accepted", "request", "requested", "trip request", "accepted at"]
        case "delivered": list = ["delivered", "dropoff", "drop off", "dropped off", "delivered at"]
        case "pickedUp": list = ["picked up", "pickup time", "begin trip", "begintrip", "picked up at"]
        case "trip": list = ["trip uuid", "trip id", "order id", "delivery id", "order uuid", "job id", "order number"]
        case "line": list = ["transaction uuid", "transaction id", "line id", "payment id"]
        case "time": list = ["time", "timestamp", "local timestamp", "vs reporting", "date time", "datetime", "recorded", "transaction date"]
        case "amount": list = kind == .expenses ? ["amount", "cost", "total", "price", "spent", "expense"]
            : ["amount", "local amount", "your earnings", "earnings", "net amount"]
        case "pay": list = ["pay", "amount", "earnings", "your earnings", "driver pay", "base pay"]
        case "pickup": list = ["pickup", "restaurant", "store", "merchant", "pickup place"]
        case "distance": list = ["distance", "trip distance", "distance miles", "trip distance miles", "distance mi", "trip distance mi",
                                 "distance km", "trip distance km", "miles", "km"]
        case "category": list = kind == .expenses ? ["category", "type", "kind", "expense type"] : ["category"]
        case "description": list = ["description", "classification", "memo", "details"]
        case "note": list = ["note", "notes", "description", "memo", "details", "comment"]
        default: list = []
        }
        return list.map { words($0) }
    }

    /// A header's words: runs of letters and digits, lower case.
    static func words(_ header: String) -> [String] {
        ExpenseTemplate.normalizedHeader(header)
            .split(whereSeparator: { !($0.isLetter || $0.isNumber) })
            .map(String.init)
    }

    /// Whether a header looks personal (the readers' own list: ``ShiftRowReader``).
    static func looksPersonal(_ header: String) -> Bool {
        let normalized = ExpenseTemplate.normalizedHeader(header)
        return ShiftRowReader.personalWords.contains { normalized.contains($0) }
    }

    /// How well `header` matches `name`: 4, 3, 2, or 0.
    static func score(_ header: [String], _ name: [String]) -> Int {
        if header == name { return 4 }
        let plain = header.filter { !noise.contains($0) }
        if plain.isEmpty { return 0 }
        if plain == name { return 3 }
        if plain.count > name.count, Array(plain.suffix(name.count)) == name { return 2 }
        return 0
    }

    /// Field name -> column index, for `header` read as `kind`.
    public static func match(_ header: [String], kind: DraftKind) -> [String: Int] {
        struct Candidate { let score: Int, nameIndex: Int, fieldIndex: Int, column: Int, field: String }
        var candidates: [Candidate] = []
        let headerWords = header.map { looksPersonal($0) ? [] : words($0) }
        for (fieldIndex, field) in kind.fields.enumerated() {
            for (nameIndex, name) in names(field, kind: kind).enumerated() {
                for (column, words) in headerWords.enumerated() where !words.isEmpty && never[field, default: []].isDisjoint(with: words) {
                    let value = score(words, name)
                    if value > 0 { candidates.append(Candidate(score: value, nameIndex: nameIndex, fieldIndex: fieldIndex, column: column, field: field)) }
                }
            }
        }
        candidates.sort {
            ($0.score, -$0.nameIndex, -$0.fieldIndex, -$0.column) > ($1.score, -$1.nameIndex, -$1.fieldIndex, -$1.column)
        }
        var result: [String: Int] = [:]
        var used = Set<Int>()
        for candidate in candidates where result[candidate.field] == nil && !used.contains(candidate.column) {
            result[candidate.field] = candidate.column
            used.insert(candidate.column)
        }
        return result
    }

    /// The kind the columns say, when none is given: money lines (a trip, a time and an amount;
    /// or, with no trip, a time, an amount and a category: Uber's payments download, whose
    /// lines name their trip by its time), else deliveries (accepted and delivered), else
    /// shifts (start and end), else expenses (a date and an amount); nil when none of them has
    /// its columns. A bank export (date, time, amount, description) stays an expense list.
    public static func guessKind(_ header: [String]) -> DraftKind? {
        for kind in [DraftKind.moneyLines, .deliveries, .shifts, .expenses] {
            let matched = match(header, kind: kind)
            guard kind.required.allSatisfy({ matched[$0] != nil }) else { continue }
            if kind == .moneyLines, matched["trip"] == nil, matched["category"] == nil { continue }
            return kind
        }
        return nil
    }
}
