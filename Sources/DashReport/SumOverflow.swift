import DashModel

/// When a report's sum does not fit (issue 12, item 7): which records are to blame.
///
/// Every amount a driver records is at most `Money.largestRecordable`, so a sum of fewer than 92
/// million amounts always fits. A sum that does not has records beyond the bound behind it (a
/// store written before the bound, or by hand): the report, every export and the `expenses`
/// listing then fail alike, exit 65, naming those records and pointing at `dashpilot check`.
extension Report {
    /// The rows among a report's inputs holding amounts beyond the bound, by table: an expense's
    /// amount; a shift's earnings, platform tips or fuel assumption; and, as the facts give them
    /// only summed, the outside tips of a shift (`check` names each `deliveryTip` row).
    public static func unrecordable(facts: [ShiftFacts], expenses: [Expense], otherIncome: [OtherIncome] = []) -> [String: [Int64]] {
        var records: [String: [Int64]] = [:]
        for expense in expenses where !expense.amount.isRecordable { records["expense", default: []].append(expense.id) }
        // Never one written by this build (OtherIncome refuses it, as the schema's CHECK does).
        for income in otherIncome where !income.amount.isRecordable { records["otherIncome", default: []].append(income.id) }
        for fact in facts {
            let shift = fact.shift
            let own = [shift.earnings?.amount, shift.earnings?.tips, shift.fuel?.milesPerGallon, shift.fuel?.pricePerGallon]
            let money = fact.money.flatMap { [$0.gross, $0.tips, $0.fees] }
            if (own + money).contains(where: { $0.map { !$0.isRecordable } ?? false }) { records["shift", default: []].append(shift.id) }
            if !fact.outsideTips.isRecordable { records["the outside tips of shift", default: []].append(shift.id) }
        }
        return records
    }

    /// `the expenses from 2026-11-01 to 2026-12-01`: a sum's kind and span, for the message.
    static func sumName(_ kind: String, _ period: Period?) -> String {
        period.map { "\(kind) from \($0.start) to \($0.end)" } ?? "\(kind) over the whole report"
    }
}
