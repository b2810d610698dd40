import DashExport
import DashModel
import DashReport
import DashStore
import Foundation

/// `tax` (a Schedule C-shaped summary of a year, or of the year to the end of an estimated-tax
/// period) and `tax reconcile` (a platform's gross against its 1099). docs/tax.md.
enum TaxCommand {
    static let spec = CommandSpec(
        path: ["tax"], abstract: "Schedule C summary, self-employment tax, the payment due.",
        usage: """
            tax [--year Y] [--quarter TQn] [--method standard|actual|both]
                [--income-tax-rate P] [--wages A] [--format F]
                [--mileage-rates T] [--categories MAP]
            """,
        options: [
            OptionHelp(name: "year", value: "Y", help: "The tax year (default: the current year in --tz)."),
            OptionHelp(name: "quarter", value: "TQn", help: "The year to the end of estimated-tax period TQ1 (Jan-Mar), TQ2 (Apr-May), TQ3 (Jun-Aug) or TQ4 (Sep-Dec, the whole year: the default)."),
            OptionHelp(name: "method", value: "M", help: "Car and truck expenses by the standard mileage rate, by actual costs at the business share, or both (the default)."),
            OptionHelp(name: "income-tax-rate", value: "P", help: "Your own marginal income-tax rate in percent (22): income tax is estimated only when given."),
            OptionHelp(name: "wages", value: "A", help: "Wages this year that already paid Social Security (a W-2's box 3): they use the wage base first."),
            OptionHelp(name: "format", value: "F", help: "text (default), csv (the tax_summary.csv columns) or json."),
            OptionHelp(name: "mileage-rates", value: "T", help: "The standard-mileage rate table: us-irs-business (default), a table file's path, or none."),
            OptionHelp(name: "categories", value: "MAP", help: "The expense category map: us-schedule-c (default) or a map file's path."),
        ],
        discussion: """
            Figures come from the record: gross per platform with the fees they withheld and the tips
            apart, other income on no shift ('income add') in gross receipts, business miles as the
            mileage log prints them at the rate in force on each shift's date, expenses by Schedule C
            line through the category map. The actual method needs the
            year's odometer ('vehicle odometer --year Y --start N --end N'); payments recorded with
            'tax paid' on or before the period's due date are subtracted. An estimate for planning,
            not tax advice: every rule and its source is in docs/tax.md.
            """,
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let format = try run.arguments.value("format") ?? "text"
            guard ["text", "csv", "json"].contains(format) else { throw UsageError(message: "--format must be text, csv or json, not '\(format)'") }
            let request = try makeRequest(run)
            let summary: TaxSummary = try run.store.read {
                // The whole year's shifts: the business-use share is the year's (docs/tax.md).
                let year = try yearSpan(request.year)
                let (from, to) = (year.start.start(in: run.zone), year.end.start(in: run.zone))
                do {
                    return try TaxSummary(request: request, facts: try run.store.shiftFacts(from: from, to: to),
                                          expenses: try run.store.expenses(from: from, to: to),
                                          otherIncome: try run.store.otherIncome(from: from, to: to))
                } catch let error as MoneyError {
                    throw CommandFailure(message: "\(error)", status: .dataError)
                }
            }
            switch format {
            case "csv": run.context.console.out(CSVText.render(summary.summaryTable))
            case "json": run.context.console.out(TaxJSON.render(summary))
            default: run.context.console.out(TaxText.render(summary))
            }
            return .success
        })

    static let reconcile = CommandSpec(
        path: ["tax", "reconcile"], abstract: "Compare a platform's gross in the record with its 1099.",
        usage: """
            tax reconcile --platform NAME ... --1099 GROSS [--year Y]
                          [--month MM=AMOUNT ...] [--format text|json]
            """,
        options: [
            OptionHelp(name: "platform", value: "NAME", help: "The platform as your statements name it (letter case ignored); several when one form covers them (Uber and Uber Eats).", repeatable: true),
            OptionHelp(name: "1099", value: "GROSS", help: "The gross on the form (a 1099-K's box 1a, or a 1099-NEC's box 1)."),
            OptionHelp(name: "year", value: "Y", help: "The tax year (default: the current year in --tz)."),
            OptionHelp(name: "month", value: "MM=AMOUNT", help: "A monthly box of the 1099-K (5a is 01=...): the months that differ are named.", repeatable: true),
            OptionHelp(name: "format", value: "F", help: "text (default) or json."),
        ],
        discussion: """
            The record's gross is the report's (docs/report.md): fees the platform withheld included,
            as a 1099-K reports gross before fees, and the platform's other income on no shift. A difference is not an error of either: a month the
            record lacks, a statement that gives amounts after fees, a payment in another month.
            """,
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let format = try run.arguments.value("format") ?? "text"
            guard ["text", "json"].contains(format) else { throw UsageError(message: "--format must be text or json, not '\(format)'") }
            let year = try TaxCommand.year(run)
            let platforms = run.arguments.all("platform")
            guard !platforms.isEmpty else { throw UsageError(message: "missing required option --platform") }
            let form = try run.money(try run.arguments.required("1099"), what: "--1099")
            guard !form.isNegative else { throw UsageError(message: "--1099 is the form's gross: not below zero") }
            var months: [Int: Money] = [:]
            for entry in run.arguments.all("month") {
                let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let month = Int(parts[0]), (1...12).contains(month) else {
                    throw UsageError(message: "--month takes MM=AMOUNT with MM from 01 to 12 (01=812.40)")
                }
                guard months[month] == nil else { throw UsageError(message: "--month \(parts[0]) is given twice") }
                let amount = try run.money(parts[1], what: "--month \(parts[0])")
                guard !amount.isNegative else { throw UsageError(message: "--month \(parts[0]): a monthly box is not below zero") }
                months[month] = amount
            }
            if months.count == 12 {
                var sum = Money.zero
                for amount in months.values { sum = try sum.adding(amount) }
                guard sum == form else {
                    throw UsageError(message: "the twelve --month boxes sum to \(sum.formatted()), not the form's gross \(form.formatted()): check them")
                }
            }
            let span = try yearSpan(year)
            let request = ReportRequest(from: span.start, to: span.end, unit: .month, zone: run.zone, rates: nil)
            let report: Report = try run.store.read {
                let (from, to) = request.instants
                do {
                    return try Report(request: request, facts: try run.store.shiftFacts(from: from, to: to), expenses: [],
                                      otherIncome: try run.store.otherIncome(from: from, to: to))
                } catch let error as MoneyError {
                    throw CommandFailure(message: "\(error)", status: .dataError)
                }
            }
            let reconciled: TaxReconciliation?
            do { reconciled = try TaxReconciliation(report: report, platforms: platforms, formGross: form, formMonths: months) } catch {
                throw CommandFailure(message: "\(error)", status: .dataError)
            }
            guard let result = reconciled else {
                let named = report.total.platformRows.compactMap(\.platform)
                let known = named.isEmpty ? "no earnings in \(year) name a platform" : "platforms with earnings in \(year): \(named.joined(separator: ", "))"
                throw CommandFailure(message: "the record has no earnings in \(year) for \(platforms.count == 1 ? "a platform of that name" : "any of those platforms") (\(known))", status: .dataError)
            }
            run.context.console.out(format == "json" ? TaxJSON.render(result) : TaxText.render(result))
            return .success
        })
}
