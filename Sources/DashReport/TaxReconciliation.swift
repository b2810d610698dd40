import DashModel

/// One platform's gross in the record against the figure on its 1099-K (or 1099-NEC), by month
/// (docs/tax.md, "Reconciling a 1099"): the record's gross per month (the report's rule: fees
/// withheld included), the form's monthly boxes when given, and the months that differ.
public struct TaxReconciliation: Sendable {
    public struct Month: Sendable {
        public let period: Period
        /// Nil: no money of this platform counted that month.
        public let record: Money?
        public let form: Money?
        /// Only when the form's month is given.
        public var differs: Bool { form.map { $0 != (record ?? .zero) } ?? false }
    }

    public let platform: String
    public let year: Int
    public let formGross: Money
    public let recordGross: Money
    public let recordFees: Money?
    public let months: [Month]
    public var difference: Money { Money(units: formGross.units - recordGross.units) }
    public var monthsDiffering: [Month] { months.filter(\.differs) }
    public var formMonthsGiven: Bool { months.contains { $0.form != nil } }

    /// `report`: a calendar year by month. `formMonths`: month (1-12) to the form's box.
    /// Nil when the record has no money for the platform (the caller names those it has).
    public init?(report: Report, platform: String, formGross: Money, formMonths: [Int: Money]) {
        let key = PlatformMoney.key(platform)
        guard let total = report.total.platforms[key], total.shifts > 0 else { return nil }
        self.platform = total.platform ?? platform
        year = report.request.from.year
        self.formGross = formGross
        recordGross = total.grossSum
        recordFees = total.fees
        months = report.rows.map { row in
            let figures = row.figures.platforms[key]
            return Month(period: row.period, record: figures?.gross, form: formMonths[row.period.start.month])
        }
    }
}
