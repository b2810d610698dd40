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
            notes.append("\(t.shiftsWithoutEarnings) shifts have no earnings recorded: gross receipts leave them out.")
        }
        let withoutFees = t.shifts - t.shiftsWithoutEarnings - t.shiftsReportingFees
        if withoutFees > 0 {
            notes.append("\(withoutFees) shifts' money gives no fees: where a platform's file shows amounts after its fees, the gross here is below what its 1099-K reports.")
        }
        if t.activeShifts > 0 { notes.append("\(t.activeShifts) active shifts are not counted until they end.") }
        if request.method.includesActual, let reason = actualUnavailable { notes.append("Actual method: not computed: \(reason).") }
        if actual != nil {
            notes.append("Actual method: vehicle costs at the business share (\(businessSharePercent ?? "-") = \(Self.miles(mileage.businessHundredths)) business miles of \(Self.miles(businessShare?.vehicle ?? 0)) on the odometer); depreciation is not included (Form 4562 is your accountant's).")
        }
        if mileage.tableName == nil, request.method.includesStandard {
            notes.append("No mileage rate table: the standard method values no miles.")
        }
        if mileage.shiftsWithoutMiles > 0 { notes.append("\(mileage.shiftsWithoutMiles) shifts have no miles (no route, no recorded figure).") }
        if mileage.shiftsWithoutRate > 0 {
            notes.append("\(mileage.shiftsWithoutRate) shifts (\(Self.miles(mileage.unvaluedHundredths)) miles) fall on dates the rate table lacks: not valued.")
        }
        if expenses.unknownCount > 0 {
            let line = request.categories.fallback.map { "line \($0.line), \($0.lineName)" } ?? "no line"
            notes.append("\(expenses.unknownCount) expenses in categories the map (\(request.categories.name)) does not know (\(expenses.unknownWords.joined(separator: ", "))): counted under \(line).")
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
