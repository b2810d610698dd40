import DashModel
import DashReport
import Foundation

/// The `tax` command's options read into a request (docs/tax.md, docs/cli.md).
extension TaxCommand {
    static func year(_ run: Invocation) throws -> Int {
        guard let text = try run.arguments.value("year") else { return Day(run.now, in: run.zone).year }
        guard text.count == 4, let year = Int(text), (1900...9998).contains(year) else {
            throw UsageError(message: "--year must be a year such as 2026")
        }
        return year
    }

    static func yearSpan(_ year: Int) throws -> Period {
        guard let period = EstimatedTaxPeriod(year: year, number: 4) else { throw UsageError(message: "--year must be a year such as 2026") }
        return Period(start: period.yearToDate.start, end: period.span.end)
    }

    /// `TQ3`, `tq3` or `3`.
    static func quarter(_ run: Invocation, year: Int) throws -> EstimatedTaxPeriod {
        let text = try run.arguments.value("quarter") ?? "TQ4"
        let digits = text.uppercased().hasPrefix("TQ") ? String(text.dropFirst(2)) : text
        guard digits.count == 1, let number = Int(digits), let period = EstimatedTaxPeriod(year: year, number: number) else {
            throw UsageError(message: "--quarter must be TQ1, TQ2, TQ3 or TQ4 (US estimated-tax periods)")
        }
        return period
    }

    /// A percentage, 0 to 100, as a fraction: `22` or `22%` is 0.22, `12.5` is 0.125.
    static func rate(_ run: Invocation) throws -> Money? {
        guard var text = try run.arguments.value("income-tax-rate") else { return nil }
        if text.hasSuffix("%") { text.removeLast() }
        guard let percent = try? Money(parsing: text), !percent.isNegative, percent <= Money(100),
              percent.units % 100 == 0 else {
            throw UsageError(message: "--income-tax-rate must be a percentage from 0 to 100 with at most two decimals (22 or 12.5)")
        }
        return Money(units: percent.units / 100)
    }

    static func categories(_ run: Invocation) throws -> ExpenseCategoryMap {
        let name = try run.arguments.value("categories") ?? "us-schedule-c"
        do {
            if let builtIn = try ExpenseCategoryMap.builtIn(name) { return builtIn }
            guard name.contains("/") || name.hasSuffix(".json") else {
                throw UsageError(message: "unknown category map '\(name)'",
                                 hint: Suggestions.shipped(name, among: ExpenseCategoryMap.builtInJSON.keys, otherwise: "or a map file's path"))
            }
            return try ExpenseCategoryMap.parse(Data(try run.templateFile(name, option: "--categories", what: "the category map")), file: name)
        } catch let error as TaxTableError {
            throw CommandFailure(message: "\(error)", status: .dataError)
        }
    }

    static func selfEmploymentTable() throws -> SelfEmploymentTaxTable {
        do {
            guard let table = try SelfEmploymentTaxTable.builtIn("us-self-employment") else {
                throw InternalError(message: "the self-employment table is not built in")
            }
            return table
        } catch let error as TaxTableError {
            throw InternalError(message: "\(error)")
        }
    }

    static func makeRequest(_ run: Invocation) throws -> TaxRequest {
        let year = try self.year(run)
        let period = try quarter(run, year: year)
        let methodText = try run.arguments.value("method") ?? "both"
        guard let method = TaxMethod(rawValue: methodText) else { throw UsageError(message: "--method must be standard, actual or both") }
        let wages = try run.arguments.value("wages").map { try run.money($0, what: "--wages") } ?? .zero
        guard !wages.isNegative else { throw UsageError(message: "--wages must not be negative") }
        let recorded = try recordedTaxFacts(run, year: year)
        return TaxRequest(period: period, method: method, zone: run.zone, mileageRates: try ReportCommand.rates(run),
                          selfEmployment: try selfEmploymentTable(), categories: try categories(run),
                          vehicleTenths: recorded.vehicleTenths, payments: recorded.payments,
                          incomeTaxRate: try rate(run), socialSecurityWages: wages)
    }

    /// The year's odometer and payments, as recorded by `vehicle odometer` and `tax paid`.
    static func recordedTaxFacts(_ run: Invocation, year: Int) throws -> (vehicleTenths: Int64?, payments: [TaxPaymentFigure]) {
        let store = try run.store
        let odometer = try store.odometerYear(year)
        let payments = try store.taxPayments(taxYear: year).map { TaxPaymentFigure(paidOn: Day(number: $0.paidOn.dayNumber), amount: $0.amount) }
        return (odometer?.milesTenths, payments)
    }
}
