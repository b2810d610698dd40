import DashModel
import DashStore

/// `tax paid`: the estimated-tax payments already made, which the quarterly estimate subtracts
/// (docs/cli.md "tax paid"). A command of its own, beside `tax` and `tax reconcile`.
enum TaxPaidCommand {
    static let spec = CommandSpec(
        path: ["tax", "paid"], abstract: "Record, list or delete the estimated-tax payments you made.",
        usage: "tax paid --date DATE --amount A [--year Y] [--note N] | tax paid --list [--year Y] | tax paid --delete ID",
        options: [
            OptionHelp(name: "date", value: "DATE", help: "The day it was paid (2026-04-14)."),
            OptionHelp(name: "amount", value: "A", help: "The amount paid, more than 0 (850.00)."),
            OptionHelp(name: "year", value: "Y", help: "The tax year it counts toward (default: the year of --date); with --list, only that year."),
            OptionHelp(name: "note", value: "N", help: "A short note, up to 200 characters."),
            OptionHelp(name: "list", value: nil, help: "List the payments with their ids and a total per tax year."),
            OptionHelp(name: "delete", value: "ID", help: "Delete one payment, as --list shows it."),
        ],
        discussion: """
            A payment counts toward the year of its date unless --year says otherwise: the fourth
            quarter's payment, made in January, belongs to the year before, so record it with
            --year (tax paid --date 2027-01-15 --amount 900 --year 2026). The output says which
            tax year each payment was recorded for.
            """,
        store: .create,
        run: { run in
            _ = try run.arguments.positionals([])
            let list = run.arguments.has("list"), delete = try run.arguments.value("delete")
            let adding = try run.arguments.value("date") != nil || run.arguments.value("amount") != nil || run.arguments.value("note") != nil
            guard [list, delete != nil, adding].filter({ $0 }).count <= 1 else {
                throw UsageError(message: "give one of --date and --amount (a payment), --list or --delete ID")
            }
            if list { return try listPayments(run) }
            if let delete {
                guard try run.arguments.value("year") == nil else { throw UsageError(message: "--delete takes no --year") }
                return try deletePayment(run, id: try run.id(delete, what: "--delete"))
            }
            return try addPayment(run)
        })

    /// A calendar year 1900 to 9999 given on the command line; anything else is a usage error.
    static func year(_ text: String, option: String) throws -> Int {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(text), TaxPayment.taxYears.contains(year)
        else { throw UsageError(message: "\(option) must be a year from 1900 to 9999, such as 2026") }
        return year
    }

    private static func addPayment(_ run: Invocation) throws -> ExitCode {
        let paidOn: CivilDate
        do { paidOn = try CivilDate(parsing: try run.arguments.required("date")) } catch let error as ModelError {
            throw UsageError(message: "--date: \(error)")
        }
        let amount = try run.money(try run.arguments.required("amount"), what: "--amount")
        let given = try run.arguments.value("year").map { try year($0, option: "--year") }
        let taxYear = given ?? paidOn.year
        let note = try run.arguments.value("note")
        // Judged before the store is opened, so a refusal makes no store file.
        _ = try TaxPayment(id: 0, paidOn: paidOn, taxYear: taxYear, amount: amount, note: note)
        let id = try run.store.addTaxPayment(paidOn: paidOn, taxYear: taxYear, amount: amount, note: note)
        if !run.quiet { run.print("recorded tax payment \(id): \(amount.description) paid \(paidOn), toward tax year \(taxYear)") }
        if given == nil, paidOn.month == 1 {
            run.note("a payment made in January is often the fourth quarter of \(paidOn.year - 1); if this one is, "
                     + "'tax paid --delete \(id)' and record it again with --year \(paidOn.year - 1)")
        }
        return .success
    }

    private static func listPayments(_ run: Invocation) throws -> ExitCode {
        let taxYear = try run.arguments.value("year").map { try year($0, option: "--year") }
        run.access = .existing
        let payments = try run.store.taxPayments(taxYear: taxYear)
        guard !payments.isEmpty else {
            if !run.quiet { run.print(taxYear.map { "no tax payments recorded toward \($0)" } ?? "no tax payments recorded") }
            return .success
        }
        var table = TextTable(headers: ["ID", "PAID ON", "TAX YEAR", "AMOUNT", "NOTE"], rightAligned: [0, 3])
        var totals: [Int: Money] = [:]
        for payment in payments {
            do { totals[payment.taxYear] = try totals[payment.taxYear, default: .zero].adding(payment.amount) } catch {
                // As `expenses` refuses the same sum: exit 65, naming the records (docs/report.md).
                let records = ["taxPayment": payments.filter { !$0.amount.isRecordable }.map(\.id)]
                throw CommandFailure(message: "\(MoneyError.sumTooLarge(sum: "the tax payments listed", records: records))", status: .dataError)
            }
            table.rows.append([String(payment.id), payment.paidOn.description, String(payment.taxYear), payment.amount.description,
                               payment.note ?? ""])
        }
        for (year, total) in totals.sorted(by: { $0.key < $1.key }) {
            table.rows.append(["", "total", String(year), total.description, ""])
        }
        run.context.console.out(table.render())
        return .success
    }

    private static func deletePayment(_ run: Invocation, id: Int64) throws -> ExitCode {
        run.access = .existing
        let payment = try run.store.deleteTaxPayment(id)
        if !run.quiet {
            run.print("deleted tax payment \(id): \(payment.amount.description) paid \(payment.paidOn), toward tax year \(payment.taxYear)")
        }
        return .success
    }
}
