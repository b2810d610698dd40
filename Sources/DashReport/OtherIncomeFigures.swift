import DashModel

/// Income on no shift in a report (issue 27, docs/report.md "Other income"): each row counts in
/// the period its instant falls in (the report's zone) and in its platform's figures, apart
/// from the shifts' gross, so gross per hour and per mile stay the shifts' own; the net after
/// expenses and the tax summary's gross receipts include it. Nil is not zero: a period or a
/// platform with no row of it has none (an empty cell), while rows that cancel out are 0.00.
extension PeriodFigures {
    /// Nil when no row of other income falls in the period.
    public var otherIncome: Money? { otherIncomeRows > 0 ? otherIncomeSum : nil }

    /// Adds a row of other income whose instant falls in the period.
    public mutating func add(_ income: OtherIncome) throws(MoneyError) {
        otherIncomeSum = try otherIncomeSum.adding(income.amount)
        otherIncomeRows += 1
        let key: String? = income.platformKey
        var figures = platforms[key] ?? PlatformFigures(platform: income.platform)
        if figures.platform.map({ income.platform < $0 }) ?? true { figures.platform = income.platform }
        figures.otherIncomeSum = try figures.otherIncomeSum.adding(income.amount)
        figures.otherIncomeRows += 1
        platforms[key] = figures
    }
}

extension PlatformFigures {
    /// What the record says the platform paid: the gross of its shifts' money (fees withheld
    /// included) and its other income; nil when it has neither (docs/tax.md, "Reconciling a 1099").
    public func paid() throws(MoneyError) -> Money? {
        switch (gross, otherIncome) {
        case (nil, nil): return nil
        case let (gross, other): return try (gross ?? .zero).adding(other ?? .zero)
        }
    }
}
