import DashModel

/// One platform's gross in the record against the figure on its 1099-K (or 1099-NEC), by month
/// (docs/tax.md, "Reconciling a 1099"): the record's gross per month (the report's rule: fees
/// withheld included; with the platform's other income on no shift, issue 27), the form's
/// monthly boxes when given, and the months that differ.
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
    /// The shifts' gross and the other income of the platforms.
    public let recordGross: Money
    public let recordFees: Money?
    /// The other income within ``recordGross``; nil when the platforms have none.
    public let recordOtherIncome: Money?
    public let months: [Month]
    public var difference: Money { Money(units: formGross.units - recordGross.units) }
    public var monthsDiffering: [Month] { months.filter(\.differs) }
    public var formMonthsGiven: Bool { months.contains { $0.form != nil } }

    /// `report`: a calendar year by month. `platforms`: those one form covers (Uber's 1099-K
    /// covers rides and Eats). `formMonths`: month (1-12) to the form's box. Nil when the record
    /// has no money for any of them (the caller names those it has); throws when the platforms'
    /// sums do not fit (beyond any recordable amount).
    public init?(report: Report, platforms: [String], formGross: Money, formMonths: [Int: Money]) throws(MoneyError) {
        let keys = Set(platforms.map(PlatformMoney.key))
        func figures(_ period: PeriodFigures) throws(MoneyError) -> (gross: Money?, fees: Money?, other: Money?) {
            var gross: Money?, fees: Money?, other: Money?
            for key in keys.sorted() {
                guard let p = period.platforms[key] else { continue }
                if let g = try p.paid() { gross = try (gross ?? .zero).adding(g) }
                if let f = p.fees { fees = try (fees ?? .zero).adding(f) }
                if let o = p.otherIncome { other = try (other ?? .zero).adding(o) }
            }
            return (gross, fees, other)
        }
        let names = keys.sorted().compactMap { report.total.platforms[$0]?.platform }
        let total = try figures(report.total)
        guard let gross = total.gross, !names.isEmpty else { return nil }
        platform = names.joined(separator: " + ")
        year = report.request.from.year
        self.formGross = formGross
        recordGross = gross
        recordFees = total.fees
        recordOtherIncome = total.other
        var months: [Month] = []
        for row in report.rows {
            months.append(Month(period: row.period, record: try figures(row.figures).gross, form: formMonths[row.period.start.month]))
        }
        self.months = months
    }
}
