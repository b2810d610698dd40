import DashImport
import DashModel
import DashStore

/// `imports show ID`: one import in full, with its file's accounting (issue 27: every amount of
/// a statement is accounted for; docs/record.md, "Every amount is accounted for").
extension ImportCommands {
    static let show = CommandSpec(
        path: ["imports", "show"], abstract: "Show one import with its file's accounting.",
        usage: "imports show ID", arguments: [("ID", "The import, as 'dashpilot imports' lists it.")],
        discussion: """
            For a statement: the file's amounts, as the file signs them, by class (income on
            trips or shifts, income on no trip, the fees the platform kept, and each class of
            what is not income: payouts, transfers, cash collected, totals rows), adding up to
            the file's total to the cent, and every row it skipped with its line, class and
            amount.
            """,
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            guard let record = try run.store.imports().first(where: { $0.id == id }) else {
                throw CommandFailure(message: "no import \(id) (see 'dashpilot imports')", status: .dataError)
            }
            var text = "import \(record.id): \(record.kind.rawValue) \(record.fileName)"
                + (record.template.map { " (\($0))" } ?? "") + ", imported \(run.local(record.importedAt))\n"
            text += "added: \(record.summary.isEmpty ? "nothing" : record.summary)\n"
            if let stored = try run.store.importAccount(id).flatMap(StoredAccount.parse) {
                text += AccountText.table(stored.account)
                text += AccountText.skipped(stored.skipped, count: stored.skippedCount)
            } else if record.kind == .statement {
                text += "no accounting kept (imported by a build before 0.20.0)\n"
            }
            run.context.console.out(text)
            return .success
        })
}

/// A file's accounting as text: one class a line, then the total they add up to.
enum AccountText {
    static func table(_ account: FileAccount) -> String {
        guard !account.entries.isEmpty else { return "the file holds no amounts\n" }
        var table = TextTable(headers: ["THE FILE'S AMOUNTS", "AMOUNT", "ROWS"], rightAligned: [1, 2])
        for entry in account.entries {
            let name = entry.account.isIncome || entry.account == .fees ? entry.account.name : entry.account.name + " (not income)"
            table.rows.append([name, entry.withAmount == 0 ? "no amount" : entry.amount.formatted(), String(entry.rows)])
        }
        table.rows.append(["total, as the file sums", account.total.formatted(), String(account.entries.reduce(0) { $0 + $1.rows })])
        return table.render()
    }

    /// The same in one line: `the file's amounts sum to 35.52 = income on trips 30.52 + ...`.
    static func line(_ account: FileAccount) -> String {
        let parts = account.entries.map { entry in
            let name = entry.account.isIncome || entry.account == .fees ? entry.account.name : entry.account.name + " (not income)"
            return entry.withAmount == 0 ? "\(name): no amount" : "\(name) \(entry.amount.formatted())"
        }
        return "the file's amounts sum to \(account.total.formatted()) = " + parts.joined(separator: " + ")
    }

    static func skipped(_ rows: [SkippedRow], count: Int) -> String {
        guard count > 0 else { return "" }
        var text = "skipped rows: \(count)\n"
        for row in rows {
            text += "  line \(row.line): \(row.account.name)" + (row.amount.map { ", \($0.formatted())" } ?? ", no amount") + "\n"
        }
        if count > rows.count { text += "  and \(count - rows.count) more (the first \(rows.count) are kept)\n" }
        return text
    }
}
