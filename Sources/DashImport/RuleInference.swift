/// The `skip`, `tipsWhen` and `kindWhen` rules a file's cells call for (`template suggest`).
///
/// A rule's values are written into the draft, and a cell could hold anything (a customer's
/// name in a misaligned column), so a value is written only when it is made of the words below
/// (`driver_payment_fares`, `trip fare adjust order`, `so.payout`), or as the prefix made of them
/// followed by `*` (`support adjustment*` for `Support Adjustment: 5d1e...`); any other cell is
/// only counted. The totals words and status words are the template's own.
public enum RuleInference {
    /// A drafted rule: `values` (lower case), or every value but them with `unless`.
    public struct DraftRule: Sendable, Equatable {
        public var field: String
        public var values: [String]
        public var unless = false
    }

    /// The words of a totals row's first cell.
    static let totalsWords: Set<String> = ["total", "totals", "grand total", "sum", "subtotal"]
    /// The status of a row the platform paid for.
    /// (`fare_split`: an Uber trip whose fare riders shared, driven like any other.)
    static let doneWords: Set<String> = ["completed", "complete", "delivered", "done", "finished", "true", "paid", "fare_split"]

    /// What a money line is, by the words of its category or description.
    public enum LineKind: String, Sendable, CaseIterable { case payout, tips, incentive, fee, adjustment }
    static let kindWords: [(LineKind, Set<String>)] = [
        (.payout, ["payout", "payouts", "transfer", "transferred", "cash", "deposit", "withdrawal", "cashout", "instant"]),
        (.tips, ["tip", "tips", "gratuity"]),
        (.incentive, ["incentive", "incentives", "promotion", "promotions", "promo", "quest", "boost", "bonus", "surge", "peak"]),
        (.fee, ["fee", "fees", "commission", "commissions"]),
        (.adjustment, ["adjustment", "adjustments", "adjust"]),
    ]
    /// Other words a value may be written with.
    static let neutralWords: Set<String> = [
        "trip", "trips", "order", "orders", "completed", "complete", "fare", "fares", "driver", "payment", "payments", "existing",
        "eats", "uber", "charges", "charge", "to", "bank", "account", "so", "support", "collected", "pay", "misc", "transport",
        "base", "rider", "canceled", "cancelled", "cancellation", "wait", "waiting", "time", "delivery", "service", "referral",
        "reimbursement", "toll", "tolls", "other", "and", "for", "from", "of", "the", "by", "courier", "supplement", "new", "weekly",
    ]

    /// The kind `text` names, if any, and the rule value that says it (nil: not writable).
    static func lineKind(_ text: String) -> (kind: LineKind, value: String?)? {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        var tokens: [(word: String, end: String.Index)] = []
        var current = ""
        for index in lowered.indices {
            let character = lowered[index]
            if character.isLetter || character.isNumber { current.append(character) } else if !current.isEmpty {
                tokens.append((current, index))
                current = ""
            }
        }
        if !current.isEmpty { tokens.append((current, lowered.endIndex)) }
        let words = Set(tokens.map(\.word))
        guard let kind = kindWords.first(where: { !$0.1.isDisjoint(with: words) }) else { return nil }
        let known = neutralWords.union(kindWords.flatMap(\.1))
        if tokens.allSatisfy({ known.contains($0.word) }), lowered.count <= 60 { return (kind.0, lowered) }
        let run = tokens.prefix { known.contains($0.word) }
        guard let last = run.last, run.contains(where: { kind.1.contains($0.word) }) else { return (kind.0, nil) }
        return (kind.0, String(lowered[..<last.end]) + "*")
    }

    /// A totals row: its line, and the rule skipping it on the first mapped column holding a
    /// totals word (`{"column": "date", "values": ["total"]}`).
    public static func totals(_ rows: [CSVRecord], mapped: [String: Int]) -> (rule: DraftRule, lines: [Int])? {
        for (field, column) in mapped.sorted(by: { $0.value < $1.value }) {
            let hits = rows.filter { column < $0.fields.count && totalsWords.contains(normal($0.fields[column])) }
            guard !hits.isEmpty else { continue }
            let values = Set(hits.map { normal($0.fields[column]) }).sorted()
            return (DraftRule(field: field, values: values), hits.map(\.line))
        }
        return nil
    }

    /// A status column with some rows done and some not: skip every status but the done ones.
    public static func status(_ cells: [String]) -> DraftRule? {
        let values = Set(cells.map(normal))
        let done = values.intersection(doneWords)
        guard !done.isEmpty, done.count < values.count else { return nil }
        return DraftRule(field: "status", values: done.sorted(), unless: true)
    }

    /// The money-line rules of `columns` (field -> the cells of its column, the category before
    /// the description): per kind, one rule on the first column naming it; payouts skipped on
    /// each column that names them. `unwritten`: cells naming a kind that could not be written.
    public static func moneyLines(_ columns: [(field: String, cells: [String])])
        -> (tipsWhen: DraftRule?, kindWhen: [LineKind: DraftRule], skip: [DraftRule], unwritten: Int) {
        var byKind: [LineKind: DraftRule] = [:]
        var skip: [DraftRule] = []
        var unwritten = 0
        for (field, cells) in columns {
            var seen: [LineKind: Set<String>] = [:]
            for cell in cells {
                guard let (kind, value) = lineKind(cell) else { continue }
                guard let value else {
                    unwritten += 1
                    continue
                }
                seen[kind, default: []].insert(value)
            }
            for kind in LineKind.allCases {
                guard let values = seen[kind] else { continue }
                let rule = DraftRule(field: field, values: values.sorted())
                if kind == .payout { skip.append(rule) } else if byKind[kind] == nil { byKind[kind] = rule }
            }
        }
        let tips = byKind.removeValue(forKey: .tips)
        return (tips, byKind, skip, unwritten)
    }

    static func normal(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces).lowercased() }
}

import Foundation
