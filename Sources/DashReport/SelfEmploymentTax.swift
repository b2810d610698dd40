import DashModel

/// Schedule SE's figures for one net profit (docs/tax.md, "Self-employment tax"), each rounded
/// to the cent as the form's lines are: net earnings = profit x 92.35%; nothing is due below
/// $400 of them; Social Security 12.4% of the earnings up to the year's wage base (less wages
/// that already paid it); Medicare 2.9% of all of them; half the tax is deductible.
public struct SelfEmploymentTax: Sendable, Equatable {
    public let netEarnings: Money
    /// Net earnings under the threshold: nothing is due. Judged on a whole year only.
    public let belowThreshold: Bool
    /// The earnings Social Security's 12.4% applies to (capped by the base left).
    public let socialSecurityEarnings: Money
    public let socialSecurity: Money
    public let medicare: Money
    public let total: Money
    public let deductibleHalf: Money
    /// The base of the year and what of it wages had used.
    public let wageBase: Money
    public let wageBaseSource: String

    /// Nil when a figure does not fit (beyond any recordable amount).
    /// `wholeYear`: the $400 threshold is the year's; before the year ends the tax on the year
    /// to date is estimated whatever its size.
    init?(netProfit: Money, base: SelfEmploymentTaxTable.WageBase, table: SelfEmploymentTaxTable, wages: Money, wholeYear: Bool = true) {
        wageBase = base.amount
        wageBaseSource = base.source
        let positive = netProfit.isNegative ? Money.zero : netProfit
        guard let earnings = TaxArithmetic.cents(positive, rate: table.netEarningsShare) else { return nil }
        netEarnings = earnings
        belowThreshold = wholeYear && earnings < table.minimumNetEarnings
        guard !belowThreshold else {
            socialSecurityEarnings = .zero
            socialSecurity = .zero
            medicare = .zero
            total = .zero
            deductibleHalf = .zero
            return
        }
        let left = base.amount.units > wages.units ? Money(units: base.amount.units - wages.units) : .zero
        socialSecurityEarnings = min(earnings, left)
        guard let socialSecurity = TaxArithmetic.cents(socialSecurityEarnings, rate: table.socialSecurityRate),
              let medicare = TaxArithmetic.cents(earnings, rate: table.medicareRate),
              let total = try? socialSecurity.adding(medicare),
              let half = TaxArithmetic.cents(total, times: 1, over: 2)
        else { return nil }
        self.socialSecurity = socialSecurity
        self.medicare = medicare
        self.total = total
        deductibleHalf = half
    }
}
