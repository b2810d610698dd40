import DashModel
import DashStore
import Foundation

enum TipCommands {
    static let add = CommandSpec(
        path: ["tip", "add"], abstract: "Record a tip received outside what the platform paid.",
        usage: "tip add DELIVERY_ID AMOUNT --method cash|other [--at TIME]",
        arguments: [("DELIVERY_ID", "The delivery the tip was for."), ("AMOUNT", "The tip, more than 0 (5.00).")],
        options: [
            OptionHelp(name: "method", value: "METHOD", help: "How it arrived: cash or other."),
            OptionHelp(name: "at", value: "TIME", help: "When it was received (default: now)."),
        ],
        store: .existing,
        run: { run in
            let words = try run.arguments.positionals(["DELIVERY_ID", "AMOUNT"])
            let id = try run.id(words[0], what: "DELIVERY_ID")
            let amount = try run.money(words[1], what: "AMOUNT")
            let methodName = try run.arguments.required("method")
            guard let method = TipMethod(rawValue: methodName.lowercased()) else {
                throw UsageError(message: "--method must be cash or other, not '\(methodName)'")
            }
            let at = try run.arguments.value("at").map { try run.instant($0, option: "--at") } ?? run.now
            let tip = try run.store.addTip(deliveryID: id, amount: amount, method: method, at: at)
            if !run.quiet { run.print("added tip \(tip) to delivery \(id): \(amount.formatted()) \(method.rawValue)") }
            return .success
        })
}

enum ExpenseCommands {
    static let add = CommandSpec(
        path: ["expense", "add"], abstract: "Record an expense.",
        usage: "expense add --date DATE --amount A --category C [--note N]",
        options: [
            OptionHelp(name: "date", value: "DATE", help: "When it was incurred: a local date (2026-11-02) or a time."),
            OptionHelp(name: "amount", value: "A", help: "The amount, 0 or more (45.10)."),
            OptionHelp(name: "category", value: "C", help: "fuel, maintenance, insurance, phone, parking, tolls, supplies, fees or other; another word is kept as written and reads as other."),
            OptionHelp(name: "note", value: "N", help: "A short note, up to 200 characters."),
        ],
        discussion: """
            A date without a time is recorded at 12:00 local time, so the expense stays on its
            day in a report in any zone within eleven hours of this one. An expense belongs to no
            shift: reports place it by when it was incurred.
            """,
        store: .create,
        run: { run in
            _ = try run.arguments.positionals([])
            let dateText = try run.arguments.required("date")
            let at: Instant
            if dateText.count == 10 {
                do {
                    let day = try TimeText.date(dateText)
                    at = try CivilTime(year: day.year, month: day.month, day: day.day, hour: 12).instant(in: run.zone)
                } catch {
                    throw UsageError(message: "--date: \(error)")
                }
            } else {
                at = try run.instant(dateText, option: "--date")
            }
            let amount = try run.money(try run.arguments.required("amount"), what: "--amount")
            let id = try run.store.addExpense(at: at, amount: amount, category: try run.arguments.required("category"),
                                              note: try run.arguments.value("note"))
            if !run.quiet { run.print("added expense \(id)") }
            return .success
        })

    static let list = CommandSpec(
        path: ["expenses"], abstract: "List expenses, oldest first.",
        usage: "expenses [--from DATE] [--to DATE]",
        options: [
            OptionHelp(name: "from", value: "DATE", help: "Only expenses incurred on or after this local date."),
            OptionHelp(name: "to", value: "DATE", help: "Only expenses incurred before this local date (exclusive)."),
        ],
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let from = try run.arguments.value("from").map { try run.startOfDay($0, option: "from") }
            let to = try run.arguments.value("to").map { try run.startOfDay($0, option: "to") }
            let map = try TaxCommand.categories(run)
            var table = TextTable(headers: ["ID", "DATE", "AMOUNT", "CATEGORY", "NOTE"], rightAligned: [0, 2])
            var total = Money.zero
            let expenses = try run.store.expenses(from: from, to: to)
            for expense in expenses {
                do { total = try total.adding(expense.amount) } catch {
                    // As a report refuses the same sum: exit 65, naming the records (docs/report.md).
                    let records = ["expense": expenses.filter { !$0.amount.isRecordable }.map(\.id)]
                    throw CommandFailure(message: "\(MoneyError.sumTooLarge(sum: "the expenses listed", records: records))", status: .dataError)
                }
                // As the report and the tax summary group it (the category map, docs/tax.md).
                let grouped = map.group(of: expense.category)
                let category = grouped == expense.category.lowercased() ? expense.category : "\(expense.category) (\(grouped))"
                table.rows.append([String(expense.id), run.local(expense.occurredAt), expense.amount.formatted(), category, expense.note ?? ""])
            }
            if table.rows.isEmpty {
                if !run.quiet { run.print("no expenses") }
                return .success
            }
            table.rows.append(["", "total", total.formatted(), "", ""])
            run.context.console.out(table.render())
            return .success
        })

    static let delete = CommandSpec(
        path: ["expense", "delete"], abstract: "Delete one expense.",
        usage: "expense delete ID", arguments: [("ID", "The expense, as 'dashpilot expenses' lists it.")],
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            let expense = try run.store.deleteExpense(id)
            if !run.quiet { run.print("deleted expense \(id): \(expense.amount.formatted()) \(expense.category)") }
            return .success
        })
}
