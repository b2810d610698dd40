import DashExport
import DashModel
import DashReport
import DashStore
import Foundation

/// `income add`, `income list`, `income delete`: income of the business that belongs to no
/// shift (issue 27, docs/record.md "Money"): a quest, an incentive, a referral bonus, a support
/// credit, an adjustment taking money back. Shaped as the expense commands (MoneyCommands.swift);
/// a value the record cannot take is refused with exit 65 and nothing written.
enum IncomeCommands {
    static let add = CommandSpec(
        path: ["income", "add"], abstract: "Record income on no shift (a quest, an incentive).",
        usage: """
            income add --date DATE|--at TIME --amount A --platform P
                       --kind K [--note N]
            """,
        options: [
            OptionHelp(name: "date", value: "DATE", help: "The local date it was paid (2026-11-02), recorded at 12:00 local time."),
            OptionHelp(name: "at", value: "TIME", help: "Or the time it was paid (2026-11-02T09:30, local unless it has an offset)."),
            OptionHelp(name: "amount", value: "A", help: "The amount, not 0; below 0 for an adjustment taking money back (-12.50)."),
            OptionHelp(name: "platform", value: "P", help: "The platform that paid it, as its statements name it (letter case ignored)."),
            OptionHelp(name: "kind", value: "K", help: "incentive, quest, referral, adjustment or other."),
            OptionHelp(name: "note", value: "N", help: "A short note, up to 200 characters."),
        ],
        discussion: """
            Income on no shift counts in gross receipts (tax line 1), in its platform's figures and
            in 'tax reconcile', and in the report's period of its date, shown apart from the shifts'
            gross (OTHER) so the rates per hour and per mile stay the shifts' own; the net after
            expenses includes it. A date after today is refused: record money when it is paid.
            Money earned on a shift is the shift's: 'shift earnings' replaces a shift's gross.
            """,
        store: .create,
        run: { run in
            _ = try run.arguments.positionals([])
            let at = try instant(run)
            let amount = try value("--amount") { try Money(parsingRecordable: try run.arguments.required("amount")) }
            let kind = try OtherIncomeKind(parsing: try run.arguments.required("kind"))
            let platform = try run.arguments.required("platform"), note = try run.arguments.value("note")
            // Judged before the store is opened, so a refusal makes no store file.
            let income = try OtherIncome(id: 0, occurredAt: at, amount: amount, platform: platform, kind: kind, note: note)
            let id = try run.store.addOtherIncome(at: income.occurredAt, amount: income.amount, platform: income.platform,
                                                  kind: income.kind, note: income.note)
            if !run.quiet {
                run.print("added other income \(id): \(income.amount.formatted()) \(income.kind.rawValue) from \(income.platform) on \(run.local(income.occurredAt))")
            }
            return .success
        })

    static let list = CommandSpec(
        path: ["income", "list"], abstract: "List income on no shift, oldest first.",
        usage: """
            income list [--range EXPR] [--from DATE] [--to DATE]
                        [--format text|csv|json]
            """,
        options: [
            OptionHelp(name: "range", value: "EXPR", help: "2026, 2026-03, 2026Q1, 2026-W14, 2026-TQ2, this-month, last-year... (as 'report --range')."),
            OptionHelp(name: "from", value: "DATE", help: "Only income on or after this local date."),
            OptionHelp(name: "to", value: "DATE", help: "Only income before this local date (exclusive)."),
            OptionHelp(name: "format", value: "F", help: "text (default), csv (the export's other_income.csv columns) or json."),
        ],
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let format = try run.arguments.value("format") ?? "text"
            guard ["text", "csv", "json"].contains(format) else { throw UsageError(message: "--format must be text, csv or json, not '\(format)'") }
            let (from, to) = try span(run)
            let rows = try run.store.otherIncome(from: from?.start(in: run.zone), to: to?.start(in: run.zone))
            var total = Money.zero
            for row in rows {
                // Never beyond any sum (each row is within Money.largestRecordable); as `expenses`
                // refuses a sum that does not fit: exit 65, naming the records.
                do { total = try total.adding(row.amount) } catch {
                    let records = ["otherIncome": rows.filter { !$0.amount.isRecordable }.map(\.id)]
                    throw CommandFailure(message: "\(MoneyError.sumTooLarge(sum: "the other income listed", records: records))", status: .dataError)
                }
            }
            let table = ExportData.otherIncomeTable(rows, zone: run.zone)
            switch format {
            case "csv": run.context.console.out(CSVText.render(table))
            case "json":
                let objects = table.rows.map { row in JSONValue.object(zip(table.columns, row).map { ($0.0, JSONValue.cell($0.1)) }) }
                run.context.console.out(JSONValue.object([
                    ("from", from.map { .string($0.description) } ?? .null), ("to", to.map { .string($0.description) } ?? .null),
                    ("zone", .string(run.zone.identifier)), ("other_income", .array(objects)),
                    ("total", rows.isEmpty ? .null : .string(total.formatted())),
                ]).text() + "\n")
            default:
                guard !rows.isEmpty else {
                    if !run.quiet { run.print("no other income") }
                    return .success
                }
                var text = TextTable(headers: ["ID", "DATE", "AMOUNT", "PLATFORM", "KIND", "NOTE"], rightAligned: [0, 2])
                for row in rows {
                    text.rows.append([String(row.id), run.local(row.occurredAt), row.amount.formatted(), row.platform, row.kind.rawValue,
                                      (row.note ?? "") + (row.importID.map { (row.note == nil ? "" : " ") + "(import \($0))" } ?? "")])
                }
                text.rows.append(["", "total", total.formatted(), "", "", ""])
                run.context.console.out(text.render())
            }
            return .success
        })

    static let delete = CommandSpec(
        path: ["income", "delete"], abstract: "Delete one row of income on no shift.",
        usage: "income delete ID", arguments: [("ID", "The row, as 'dashpilot income list' lists it.")],
        discussion: """
            Typed and imported rows alike, as 'expense delete' deletes any expense. A row an
            import added comes back only with another import stating it; 'imports undo' takes
            back a whole file.
            """,
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            let income = try run.store.deleteOtherIncome(id)
            if !run.quiet {
                run.print("deleted other income \(id): \(income.amount.formatted()) \(income.kind.rawValue) from \(income.platform)"
                          + (income.importID.map { " (added by import \($0))" } ?? ""))
            }
            return .success
        })

    /// `--date` (12:00 local, as `expense add`) or `--at`, one of them, not after today's date
    /// (`--date`) or now (`--at`) on the injected clock.
    static func instant(_ run: Invocation) throws -> Instant {
        let date = try run.arguments.value("date"), time = try run.arguments.value("at")
        switch (date, time) {
        case (nil, nil): throw UsageError(message: "missing required option --date (or --at)")
        case (.some, .some): throw UsageError(message: "--date and --at both say when: give one")
        case let (text?, nil):
            let day = try value("--date") { try TimeText.date(text) }
            let at = try value("--date") { try CivilTime(year: day.year, month: day.month, day: day.day, hour: 12).instant(in: run.zone) }
            let today = TimeText.civil(run.now, zone: run.zone)
            if (day.year, day.month, day.day) > (today.year, today.month, today.day) {
                throw refused("--date \(text) is after today (\(String(format: "%04d-%02d-%02d", today.year, today.month, today.day)), \(run.zone.identifier)): record money when it is paid")
            }
            return at
        case let (nil, text?):
            let at = try value("--at") { try TimeText.instant(text, zone: run.zone) }
            if at > run.now { throw refused("--at \(run.local(at)) (\(run.zone.identifier)) is after now (\(run.local(run.now))): record money when it is paid") }
            return at
        }
    }

    /// `--range`, or `--from` and `--to` (either open); nil bounds: everything.
    static func span(_ run: Invocation) throws -> (from: Day?, to: Day?) {
        func day(_ option: String) throws -> Day? {
            guard let text = try run.arguments.value(option) else { return nil }
            do { return try Day(parsing: text) } catch { throw UsageError(message: "--\(option): \(error)") }
        }
        let from = try day("from"), to = try day("to")
        if let text = try run.arguments.value("range") {
            guard from == nil, to == nil else { throw UsageError(message: "--range names the whole span: give it without --from and --to") }
            do {
                let period = try PeriodExpression.parse(text, today: Day(run.now, in: run.zone), weekStart: .monday).period
                return (period.start, period.end)
            } catch { throw UsageError(message: "--range: \(error)") }
        }
        if let from, let to, to <= from { throw UsageError(message: "--to must come after --from (it is exclusive)") }
        return (from, to)
    }

    /// A value the record cannot take: exit 65, nothing written (issue 27's rule for `income add`).
    static func refused(_ message: String) -> CommandFailure {
        CommandFailure(message: message + "\ndashpilot: nothing was written", status: .dataError)
    }

    /// Reads an option's value, a reading that fails being refused by ``refused(_:)`` naming the option.
    static func value<T>(_ option: String, _ read: () throws -> T) throws -> T {
        do { return try read() } catch let error as UsageError { throw error } catch { throw refused("\(option): \(error)") }
    }
}
