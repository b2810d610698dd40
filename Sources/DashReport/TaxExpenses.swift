import DashModel

/// The span's expenses by the category map's entries (docs/tax.md, "Other expenses"): each
/// entry's total and count, and apart the words written that the map does not know (not
/// deducted: named, so they can be placed).
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
    public let unknownAmount: Money
    public let total: Money

    /// The entries on line `none`: recorded, not deductible.
    public var notDeductible: [Group] { groups.filter { !$0.entry.deductible } }

    init(_ expenses: [Expense], map: ExpenseCategoryMap) throws(MoneyError) {
        var sums: [String: (amount: Money, count: Int)] = [:]
        var unknown: Set<String> = [], unknownCount = 0, unknownAmount = Money.zero
        var total = Money.zero
        for expense in expenses {
            total = try total.adding(expense.amount)
            guard let entry = map.entry(for: expense.category) else {
                unknown.insert(expense.category.lowercased())
                unknownCount += 1
                unknownAmount = try unknownAmount.adding(expense.amount)
                continue
            }
            let sum = sums[entry.category] ?? (.zero, 0)
            sums[entry.category] = (try sum.amount.adding(expense.amount), sum.count + 1)
        }
        groups = map.entries.compactMap { entry in sums[entry.category].map { Group(entry: entry, amount: $0.amount, count: $0.count) } }
        unknownWords = unknown.sorted()
        self.unknownCount = unknownCount
        self.unknownAmount = unknownAmount
        self.total = total
    }
}
