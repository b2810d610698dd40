/// What an expense was for. Stored as the driver wrote it; a word this build does not know
/// reads as `other`, so a newer or hand-edited store never fails to read.
public enum ExpenseCategory: String, Sendable, CaseIterable {
    case fuel, maintenance, insurance, phone, parking, tolls, supplies, fees, other

    public init(stored: String) { self = ExpenseCategory(rawValue: stored.lowercased()) ?? .other }
}

/// A cost, unattached to any shift or delivery: membership in a period is by when it was incurred.
public struct Expense: Hashable, Sendable {
    public static let maxNoteLength = 200
    public static let maxCategoryLength = 40

    public let id: Int64
    public let occurredAt: Instant
    /// Required; 0.00 is a recorded amount.
    public let amount: Money
    /// As written (trimmed).
    public let category: String
    public let note: String?

    public init(id: Int64, occurredAt: Instant, amount: Money, category: String, note: String?) throws(ModelError) {
        guard !amount.isNegative else { throw .negativeAmount(field: "an expense") }
        self.id = id
        self.occurredAt = occurredAt
        self.amount = amount
        self.category = try PlainText.validated(category, field: "the category", maxLength: Expense.maxCategoryLength)
        self.note = try note.map { (text: String) throws(ModelError) -> String in
            try PlainText.validated(text, field: "the note", maxLength: Expense.maxNoteLength)
        }
    }

    /// The category as this build understands it.
    public var knownCategory: ExpenseCategory { ExpenseCategory(stored: category) }
}
