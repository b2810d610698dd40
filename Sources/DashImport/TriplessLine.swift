import DashModel

/// A money line that names no trip (Uber's `Quest promotion`, `Support Adjustment: ...`, a
/// referral bonus): income of the business that belongs to no shift (docs/record.md, "Income on
/// no shift"). Never divided among trips, never skipped.
public struct TriplessLine: Sendable, Equatable {
    public let line: Int
    public let at: Instant
    /// As the file signs it (with `tipsAre: onTop`, plus its tips cell).
    public let amount: Money
    public let platform: String?
    /// What the income is, by the line's kind and its description's words.
    public let kind: OtherIncomeKind
    /// The line's id when the template maps one, else what it says (two equal lines of one file
    /// are two incomes, the same line in another file is one: the store counts occurrences).
    public let recordKey: RecordKey
}

extension ShiftRowReader {
    /// The income record of a line with no trip: its kind from the template's `kindWhen` (an
    /// incentive or an adjustment) and the words of its description or category (`quest`,
    /// `referral`), else `other`.
    mutating func triplessLine(_ record: CSVRecord, at: Instant, money: (amount: Money, tips: Money?, kind: MoneyKind, amounts: KindAmounts),
                               platform: String?) -> TriplessLine {
        let (description, category) = (cell(record, .description), cell(record, .category))
        let words = (description + " " + category).lowercased()
        let kind: OtherIncomeKind = if words.contains("quest") { .quest } else if words.contains("referral") { .referral } else {
            switch money.kind {
            case .incentive: .incentive
            case .adjustment, .fee: .adjustment
            case .pay, .tip: .other
            }
        }
        let platformKey = folded(platform ?? "")
        let lineID = cell(record, .line)
        let key = lineID.isEmpty
            ? SHA256.recordKey(["other-income", platformKey, String(at.millisecondsSinceEpoch), money.amount.units.description,
                                folded(description), folded(category)])
            : SHA256.recordKey(["other-income-line", platformKey, KeyText.fold(lineID)])
        return TriplessLine(line: record.line, at: at, amount: money.amount, platform: platform, kind: kind, recordKey: key)
    }
}
