import DashModel
import DashReport

/// The tax summary and a 1099 reconciliation as JSON (docs/tax.md): the request, the
/// disclaimer, each of the summary's tables as a list of objects under its CSV column names,
/// the notes and the sources. Money is a string of the exact printed figure; not computed is null.
public enum TaxJSON {
    static func rows(_ table: ReportTable) -> JSONValue {
        .array(table.rows.map { row in .object(zip(table.columns, row).map { ($0.0, JSONValue.cell($0.1)) }) })
    }

    public static func render(_ summary: TaxSummary) -> String {
        let request = summary.request
        return JSONValue.object([
            ("tax_year", .integer(request.year)),
            ("period", .string(request.period.name)),
            ("from", .string(request.span.start.description)),
            ("to", .string(request.span.end.description)),
            ("due_date", .string(request.period.dueDate.description)),
            ("time_zone", .string(request.zone.identifier)),
            ("method", .string(request.method.rawValue)),
            ("note", .string(TaxSummary.disclaimer)),
            ("business_share", summary.businessSharePercent.map(JSONValue.string) ?? .null),
            ("business_miles", .cell(.distance(summary.mileage.businessMiles))),
            // The share's numerator: every completed shift of the calendar year recorded so far.
            ("year_business_miles", .cell(.distance(Double(summary.yearBusinessHundredths) / 100))),
            ("summary", rows(summary.summaryTable)),
            ("platforms", rows(summary.platformsTable)),
            ("mileage", rows(summary.mileageTable)),
            ("expenses", rows(summary.expensesTable)),
            ("notes", .array(summary.notes.map(JSONValue.string))),
            ("sources", .array(summary.sources.map(JSONValue.string))),
        ]).text() + "\n"
    }

    public static func render(_ r: TaxReconciliation) -> String {
        let months: [JSONValue] = r.months.map { m in
            .object([("month", .string(String(m.period.start.description.prefix(7)))), ("record", .cell(.money(m.record))),
                     ("form", .cell(.money(m.form))), ("differs", .string(m.differs ? "yes" : "no"))])
        }
        return JSONValue.object([
            ("platform", .string(r.platform)), ("tax_year", .integer(r.year)),
            ("form_gross", .cell(.money(r.formGross))), ("record_gross", .cell(.money(r.recordGross))),
            ("record_fees", .cell(.money(r.recordFees))), ("record_other_income", .cell(.money(r.recordOtherIncome))),
            ("difference", .cell(.money(r.difference))),
            ("months", .array(months)),
            ("months_differing", .array(r.monthsDiffering.map { .string(String($0.period.start.description.prefix(7))) })),
        ]).text() + "\n"
    }
}
