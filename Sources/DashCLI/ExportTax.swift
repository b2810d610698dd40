import DashModel
import DashReport

/// The tax summary an export carries (docs/tax.md, "In an export"): the tax year of the span's
/// last day, from January 1 to the end of the estimated-tax period that day falls in, both
/// methods, the year's odometer and payments as recorded, no income tax (the `tax` command
/// takes a rate; an export never guesses one).
extension ExportCommand {
    /// Nil when the span ends outside the years 1900 to 9998 (no tax tables are written).
    static func taxRequest(for request: ReportRequest, _ run: Invocation) throws -> TaxRequest? {
        let last = request.to.adding(days: -1)
        guard (1900...9998).contains(last.year), let period = EstimatedTaxPeriod(containing: last) else { return nil }
        let recorded = try TaxCommand.recordedTaxFacts(run, year: period.year)
        return TaxRequest(period: period, method: .both, zone: run.zone, mileageRates: request.rates,
                          selfEmployment: try TaxCommand.selfEmploymentTable(), categories: try request.categories ?? TaxCommand.categories(run),
                          vehicleTenths: recorded.vehicleTenths, payments: recorded.payments)
    }

    /// The year's odometer miles for the mileage log's business share, only when the log covers
    /// the whole tax year: the share of another span's miles over a year's would mean nothing.
    static func yearMiles(_ request: ReportRequest, _ tax: TaxRequest?) -> Double? {
        guard let tax, let year = try? TaxCommand.yearSpan(tax.year), request.from == year.start, request.to == year.end,
              let tenths = tax.vehicleTenths else { return nil }
        return Double(tenths) / 10
    }
}
