import DashModel
import SQLiteKit

extension Expense {
    static let columns = "id, occurredAtMs, amountE4, category, note"
}

extension Store {
    /// Records an expense. The amount is required (0.00 is a recorded amount); the category is
    /// kept as written.
    @discardableResult
    public func addExpense(at instant: Instant, amount: Money, category: String, note: String? = nil, importID: Int64? = nil,
                           recordKey: String? = nil) throws -> Int64 {
        let expense = try Expense(id: 0, occurredAt: instant, amount: amount, category: category, note: note)
        return try write {
            try connection.run("""
                INSERT INTO expense (occurredAtMs, amountE4, category, note, importId, recordKey) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """, [.instant(expense.occurredAt), .money(expense.amount), .text(expense.category),
                      .string(expense.note), .int(importID), .string(recordKey)])
            return connection.lastInsertRowID
        }
    }

    /// Expenses incurred in [from, to), oldest first; either bound may be open.
    public func expenses(from: Instant? = nil, to: Instant? = nil) throws -> [Expense] {
        try connection.query("""
            SELECT \(Expense.columns) FROM expense
            WHERE occurredAtMs >= coalesce(?1, occurredAtMs) AND occurredAtMs < coalesce(?2, occurredAtMs + 1)
            ORDER BY occurredAtMs, id
            """, [.instant(from), .instant(to)]).map(Expense.init(row:))
    }

    /// Deletes one expense; returns it as it was.
    @discardableResult
    public func deleteExpense(_ id: Int64) throws -> Expense {
        try write {
            guard let row = try connection.query("SELECT \(Expense.columns) FROM expense WHERE id = ?1",
                                                 [.integer(id)]).first
            else { throw ModelError.notFound(what: "expense", id: id) }
            let expense = try Expense(row: row)
            try connection.run("DELETE FROM expense WHERE id = ?1", [.integer(id)])
            return expense
        }
    }
}
