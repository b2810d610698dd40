/// What a sum of other income was (docs/record.md, "Money": income on no shift). Stored as
/// its word; the schema admits these five only.
public enum OtherIncomeKind: String, Sendable, CaseIterable, Hashable {
    case incentive, quest, referral, adjustment, other

    /// The kind as the driver or a file names it, letter case and surrounding blanks ignored;
    /// any other word is refused, naming the five.
    public init(parsing text: String) throws(ModelError) {
        guard let kind = OtherIncomeKind(rawValue: PlatformMoney.key(text)) else {
            throw .badText(field: "the kind", reason: "must be " + Self.wordList)
        }
        self = kind
    }

    /// `incentive, quest, referral, adjustment or other`.
    public static var wordList: String {
        let words = allCases.map(\.rawValue)
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }
}

/// Income of the business that belongs to no shift (issue 27): a quest, an incentive, a
/// referral bonus, a support credit, or an adjustment taking money back. Like an expense it is
/// placed in a period by its instant; unlike one it is income: it counts in gross receipts
/// (Schedule C line 1) and in its platform's figures, shown apart from the shifts' gross so a
/// rate per hour stays the shifts' own (docs/report.md, docs/tax.md).
public struct OtherIncome: Hashable, Sendable {
    public static let maxNoteLength = 200
    /// As a shift's platform figure allows (schema v7's `shiftEarning.platform`).
    public static let maxPlatformLength = 100

    public let id: Int64
    public let occurredAt: Instant
    /// Exact, and never 0.00: a sum of nothing is no income to record (a statement's 0.00 row
    /// adds nothing to any figure). Below zero is an adjustment taking money back. At most
    /// ``Money/largestRecordable`` either way.
    public let amount: Money
    /// As written (trimmed); required: a 1099 has a platform.
    public let platform: String
    public let kind: OtherIncomeKind
    public let note: String?
    /// The import that added it; nil when typed (`income add`).
    public let importID: Int64?

    public init(id: Int64, occurredAt: Instant, amount: Money, platform: String, kind: OtherIncomeKind, note: String?,
                importID: Int64? = nil) throws(ModelError) {
        guard amount != .zero else { throw .badText(field: "other income", reason: "cannot be 0.00 (it would record nothing)") }
        guard amount.isRecordable else {
            throw .badText(field: "other income", reason: "is beyond \(Money.largestRecordable.formatted()) either way")
        }
        self.id = id
        self.occurredAt = occurredAt
        self.amount = amount
        self.platform = try PlainText.validated(platform, field: "the platform", maxLength: Self.maxPlatformLength)
        self.kind = kind
        self.note = try note.map { (text: String) throws(ModelError) -> String in
            try PlainText.validated(text, field: "the note", maxLength: Self.maxNoteLength)
        }
        self.importID = importID
    }

    /// The key its platform is matched by (letter case and blanks ignored), as every platform
    /// figure's (``PlatformMoney/key(_:)``).
    public var platformKey: String { PlatformMoney.key(platform) }
}

/// One row of other income an import states: what ``OtherIncome`` holds, and the record key
/// that recognises the same row in another file (docs/record.md, "Any order, exact undo").
public struct OtherIncomeInput: Hashable, Sendable {
    public var occurredAt: Instant
    public var amount: Money
    public var platform: String
    public var kind: OtherIncomeKind
    public var note: String?
    public var recordKey: RecordKey

    public init(occurredAt: Instant, amount: Money, platform: String, kind: OtherIncomeKind, note: String? = nil, recordKey: RecordKey) {
        self.occurredAt = occurredAt
        self.amount = amount
        self.platform = platform
        self.kind = kind
        self.note = note
        self.recordKey = recordKey
    }
}
