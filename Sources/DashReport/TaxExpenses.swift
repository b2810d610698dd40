import DashModel

/// The span's expenses by the category map's entries (docs/tax.md, "Other expenses"): each
/// entry's total and count, and the words written that the map did not know (counted under its
/// `other` entry, line 27a).
public struct TaxExpenses: Sendable, Equatable {
    public struct Group: Sendable, Equatable {
        public let entry: ExpenseCategoryMap.Entry
        public let amount: Money
        public let count: Int
    }

    /// In the map's order; entries with no expense left out.
    public let groups: [Group]
    /// Category words as written that the map does not know, folded to lower case, sorted.
    public let unknownWords: [String]
    public let unknownCount: Int
    public let total: Money

    init(_ expenses: [Expense], map: ExpenseCategoryMap) throws(MoneyError) {
        var sums: [String: (amount: Money, count: Int)] = [:]
        var unknown: Set<String> = [], unknownCount = 0
        var total = Money.zero
        for expense in expenses {
            let entry: ExpenseCategoryMap.Entry
            if let known = map.entry(for: expense.category) {
                entry = known
            } else {
                unknown.insert(expense.category.lowercased())
                unknownCount += 1
                guard let fallback = map.fallback else { continue }
                entry = fallback
            }
            let sum = sums[entry.category] ?? (.zero, 0)
            sums[entry.category] = (try sum.amount.adding(expense.amount), sum.count + 1)
            total = try total.adding(expense.amount)
        }
        groups = map.entries.compactMap { entry in sums[entry.category].map { Group(entry: entry, amount: $0.amount, count: $0.count) } }
        unknownWords = unknown.sorted()
        self.unknownCount = unknownCount
        self.total = total
    }
}
