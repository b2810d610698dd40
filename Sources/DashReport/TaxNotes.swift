import DashModel

/// What a reader of the tax summary must know about its figures, in plain sentences, shared by
/// the text, the JSON and the workbook (docs/tax.md): the disclaimer first, then what is
/// missing or assumed.
extension TaxSummary {
    public static let disclaimer = "An estimate for planning, not tax advice."

    public var notes: [String] {
        var notes: [String] = []
        let t = total
        if grossReceipts == nil {
            notes.append("No earnings are recorded for the \(t.shifts) shifts of the span: no profit, and no tax, is computed (nil is not zero).")
        } else if t.shiftsWithoutEarnings > 0 {
            notes.append("\(Self.count(t.shiftsWithoutEarnings, "shift has", "shifts have")) no earnings recorded: gross receipts leave them out.")
        }
        let withoutFees = t.shifts - t.shiftsWithoutEarnings - t.shiftsReportingFees
        if withoutFees > 0 {
            notes.append("The money of \(Self.count(withoutFees, "shift", "shifts")) gives no fees: where a platform's file shows amounts after its fees, the gross here is below what its 1099-K reports.")
        }
        if let other = t.otherIncome {
            notes.append("Other income on no shift (\(Self.count(t.otherIncomeRows, "row", "rows")), \(other.formatted()): incentives, quests, referrals, adjustments) is in gross receipts (line 1) and in each platform's figures, apart from its gross: a platform may report it on a 1099-NEC rather than its 1099-K.")
        }
        if t.activeShifts > 0 { notes.append("\(Self.count(t.activeShifts, "active shift is", "active shifts are")) not counted until they end.") }
        if request.method.includesStandard, let reason = standardUnavailable { notes.append("Standard method: not computed: \(reason).") }
        if request.method.includesActual, let reason = actualUnavailable { notes.append("Actual method: not computed: \(reason).") }
        if actual != nil {
            notes.append("Actual method: vehicle costs at the business-use share of the year (\(businessSharePercent ?? "-") = \(Self.miles(yearBusinessHundredths)) business miles recorded in \(request.year) of \(Self.miles(businessShare?.vehicle ?? 0)) on the odometer; give the odometer's latest reading while the year runs); depreciation is not included (Form 4562 is your accountant's).")
        }
        if mileage.platformShifts > 0 {
            notes.append("Line 9: the miles of \(Self.count(mileage.platformShifts, "shift", "shifts")) with no route or recorded miles (\(Self.miles(mileage.platformHundredths))) are \(PlatformDistance.note(mileage.platformReporters)), nor the drive to each pickup: fewer than the business miles driven. Import the shifts' tracks or record their miles (shift miles) to count every mile.")
        }
        if mileage.shiftsWithoutMiles > 0 { notes.append("\(Self.count(mileage.shiftsWithoutMiles, "shift has", "shifts have")) no miles (no route, no recorded figure).") }
        if mileage.shiftsWithoutRate > 0 {
            notes.append("\(Self.count(mileage.shiftsWithoutRate, "shift", "shifts")) (\(Self.miles(mileage.unvaluedHundredths)) miles) fall on dates the rate table lacks: not valued.")
        }
        if expenses.unknownCount > 0 {
            notes.append("\(Self.count(expenses.unknownCount, "expense", "expenses")) (\(expenses.unknownAmount.formatted())) in categories the map (\(request.categories.name)) does not know (\(expenses.unknownWords.joined(separator: ", "))): not deducted; add the words to a map of your own (--categories, docs/tax.md) to place them.")
        }
        for group in expenses.notDeductible {
            notes.append("\(Self.count(group.count, "expense", "expenses")) (\(group.amount.formatted())) recorded as \(group.entry.category) (personal costs, fines): not deducted.")
        }
        if request.period.number < 4, methods.contains(where: { ($0.selfEmploymentTax?.netEarnings ?? Money(400)) < request.selfEmployment.minimumNetEarnings }) {
            notes.append("The \(request.selfEmployment.minimumNetEarnings.formatted()) threshold of net earnings is judged on the whole year: before it ends the tax on the year to date is estimated whatever its size.")
        }
        if request.selfEmployment.wageBase(of: request.year) == nil {
            notes.append("The self-employment table (\(request.selfEmployment.name)) has no wage base for \(request.year): no self-employment tax is computed.")
        }
        if request.incomeTaxRate == nil {
            notes.append("Income tax is not estimated: give your own rate with --income-tax-rate (it is never guessed).")
        }
        notes.append(Self.tipsNote(year: request.year))
        return notes
    }

    /// `1 shift`, `2 shifts`.
    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) " + (n == 1 ? one : many) }

    static func tipsNote(year: Int) -> String {
        guard (2025...2028).contains(year) else {
            return "The deduction for qualified tips applies to the tax years 2025 to 2028 only."
        }
        return "Tips received may count toward the deduction for qualified tips (2025-2028, up to $25,000, at most the business's net profit, phased out above a modified AGI of $150,000, or $300,000 joint; it does not lower self-employment tax): whether yours qualify is your question."
    }

    /// Where each rate comes from, for the output's last lines.
    public var sources: [String] {
        var lines = mileage.rows.map { "standard mileage \($0.rate.perMile) a mile from \($0.rate.from) (\(mileage.tableName ?? "")): \($0.rate.source)" }
        if let base = request.selfEmployment.wageBase(of: request.year) {
            lines.append("Social Security wage base \(request.year) \(base.amount.formatted()) (\(request.selfEmployment.name)): \(base.source)")
        }
        return lines
    }
}
