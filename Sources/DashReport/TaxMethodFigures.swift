import DashModel

/// A vehicle method's Schedule C figures and what follows from them (docs/tax.md): the
/// expense lines, their total (line 28), the net profit (line 31), the self-employment tax, the
/// income tax when a rate is given, and the period's estimated payment after what was paid.
public struct TaxMethodFigures: Sendable, Equatable {
    public let method: TaxMethod
    public let lines: [ScheduleCLine]
    public let totalExpenses: Money
    public let netProfit: Money
    /// Nil when the table has no wage base for the year (`wageBaseMissing` in the summary).
    public let selfEmploymentTax: SelfEmploymentTax?
    /// Rate x (net profit - the deductible half), never below zero; nil without a rate.
    public let incomeTax: Money?
    /// The tax to the period's end: self-employment tax plus income tax when estimated.
    public let taxToDate: Money?
    /// Payments recorded for the year on or before the period's due date.
    public let paid: Money
    /// What to pay by the due date (never below zero), and what was paid beyond it.
    public let payment: Money?
    public let overpaid: Money?

    init(method: TaxMethod, lines: [ScheduleCLine], grossReceipts: Money, request: TaxRequest, paid: Money) throws(MoneyError) {
        self.method = method
        // Lines of one number are one line (line 9: the miles or the vehicle costs, and parking and tolls).
        var merged: [String: ScheduleCLine] = [:]
        for line in lines where !line.parts.isEmpty {
            merged[line.line] = try merged[line.line].map { (first: ScheduleCLine) throws(MoneyError) -> ScheduleCLine in
                try ScheduleCLine(line: first.line, name: first.name, parts: first.parts + line.parts)
            } ?? line
        }
        let lines = merged.values.sorted { ScheduleCLine.precedes($0.line, $1.line) }
        self.lines = lines
        var total = Money.zero
        for line in lines { total = try total.adding(line.amount) }
        totalExpenses = total
        netProfit = try grossReceipts.subtracting(total)
        self.paid = paid
        guard let base = request.selfEmployment.wageBase(of: request.year) else {
            selfEmploymentTax = nil
            incomeTax = nil
            taxToDate = nil
            payment = nil
            overpaid = nil
            return
        }
        guard let se = SelfEmploymentTax(netProfit: netProfit, base: base, table: request.selfEmployment,
                                         wages: request.socialSecurityWages, wholeYear: request.period.number == 4) else { throw .overflow }
        selfEmploymentTax = se
        if let rate = request.incomeTaxRate {
            let taxable = try netProfit.subtracting(se.deductibleHalf)
            guard let tax = TaxArithmetic.cents(taxable.isNegative ? .zero : taxable, rate: rate) else { throw .overflow }
            incomeTax = tax
        } else {
            incomeTax = nil
        }
        let owed = try se.total.adding(incomeTax ?? .zero)
        taxToDate = owed
        let left = try owed.subtracting(paid)
        payment = left.isNegative ? .zero : left
        overpaid = left.isNegative ? Money(units: -left.units) : .zero
    }
}
