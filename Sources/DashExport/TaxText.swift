import DashModel
import DashReport

/// The tax summary as text (docs/tax.md): the span and the disclaimer once, gross receipts by
/// platform, the Schedule C lines per method with what each is made of, self-employment tax,
/// the estimated payment and its due date, tips, then the notes and the rates' sources. It
/// prints the summary's figures; it computes none.
public enum TaxText {
    public static func render(_ summary: TaxSummary) -> String {
        let request = summary.request
        let last = request.span.end.adding(days: -1)
        let scope = request.period.number == 4 ? "the tax year \(request.year)" : "\(request.year) to the end of estimated-tax period \(request.period.name)"
        var out = ReportText.wrapped("DashPilot tax summary: \(scope), \(request.span.start) to \(last) (\(request.zone.identifier))")
        out += TaxSummary.disclaimer + "\n\n"
        out += income(summary) + "\n"
        let methods = summary.methods
        if methods.isEmpty {
            out += "No profit is computed (see the notes).\n"
        } else {
            out += lines(summary, methods) + "\n" + selfEmployment(summary, methods) + "\n" + estimate(summary, methods) + "\n"
        }
        out += "TIPS RECEIVED  \(money(summary.tips))\n\n"
        out += "NOTES\n" + summary.notes.map { ReportText.wrapped("- " + $0) }.joined()
        if !summary.sources.isEmpty { out += "\nSOURCES\n" + summary.sources.map { ReportText.wrapped("- " + $0) }.joined() }
        return out
    }

    static func money(_ value: Money?) -> String { value?.formatted() ?? "-" }

    static func income(_ summary: TaxSummary) -> String {
        let t = summary.total
        var out = "GROSS RECEIPTS (Schedule C line 1)  \(money(summary.grossReceipts))\n"
        // Other income on no shift is a column only when the span has some (issue 27).
        let other = t.otherIncome != nil
        let rows = summary.platforms.map { p in
            [p.platform ?? "(no platform named)", String(p.shifts), money(p.gross), money(p.fees), money(p.tips)] + (other ? [money(p.otherIncome)] : [])
        }
        if !rows.isEmpty {
            out += ReportText.table(header: ["PLATFORM", "SHIFTS", "GROSS", "FEES WITHHELD", "TIPS"] + (other ? ["OTHER INCOME"] : []), rows: rows,
                                    leftAligned: [0], ruleBeforeLast: false)
        }
        if let income = t.otherIncome {
            out += "Other income on no shift (incentives, quests, referrals, adjustments): \(income.formatted()), in line 1 apart from the platforms' gross.\n"
        }
        out += "Tips paid outside the platforms: \(t.outsideTips.formatted()). The platforms' gross includes the fees they withheld (a 1099-K reports gross before fees); the fees are deducted on line 10.\n"
        return ReportText.wrappedLines(out)
    }

    static func lines(_ summary: TaxSummary, _ methods: [TaxMethodFigures]) -> String {
        let header = ["LINE", "EXPENSE"] + methods.map { $0.method.rawValue.uppercased() }
        var numbers: [String] = []
        for figures in methods { for line in figures.lines where !numbers.contains(line.line) { numbers.append(line.line) } }
        var rows: [[String]] = []
        for number in numbers.sorted(by: ScheduleCLine.precedes) {
            let found = methods.map { $0.lines.first { $0.line == number } }
            let name = found.lazy.compactMap { $0?.name }.first ?? ""
            rows.append([number, name] + found.map { money($0?.amount ?? .zero) })
            // What the line is made of: a part both methods share is one row with a figure in each.
            var labels: [String] = []
            for line in found { for part in line?.parts ?? [] where !labels.contains(part.label) { labels.append(part.label) } }
            guard labels.count > 1 || labels.first != name else { continue }
            for label in labels {
                rows.append(["", "  " + label] + found.map { line in line?.parts.first { $0.label == label }.map { money($0.amount) } ?? "" })
            }
        }
        rows.append(["28", "Total expenses"] + methods.map { money($0.totalExpenses) })
        rows.append(["31", "Net profit"] + methods.map { money($0.netProfit) })
        var out = "SCHEDULE C EXPENSES AND PROFIT\n"
        out += ReportText.table(header: header, rows: rows, leftAligned: [0, 1], ruleBeforeLast: false)
        if summary.standard != nil, summary.vehicleCosts != .zero {
            out += ReportText.wrapped("Vehicle costs recorded (\(summary.vehicleCosts.formatted())) are covered by the standard rate: not deducted under it.")
        }
        return out
    }

    static func selfEmployment(_ summary: TaxSummary, _ methods: [TaxMethodFigures]) -> String {
        let base = summary.request.selfEmployment.wageBase(of: summary.request.year)
        var out = "SELF-EMPLOYMENT TAX (Schedule SE" + (base.map { "; \(summary.request.year) wage base \($0.amount.formatted())" } ?? "") + ")\n"
        let rows: [[String]] = [
            ["Net earnings (net profit x 92.35%)"] + methods.map { money($0.selfEmploymentTax?.netEarnings) },
            ["Social Security 12.4%"] + methods.map { money($0.selfEmploymentTax?.socialSecurity) },
            ["Medicare 2.9%"] + methods.map { money($0.selfEmploymentTax?.medicare) },
            ["Self-employment tax"] + methods.map { money($0.selfEmploymentTax?.total) },
            ["Deductible half"] + methods.map { money($0.selfEmploymentTax?.deductibleHalf) },
        ]
        out += ReportText.table(header: [""] + methods.map { $0.method.rawValue.uppercased() }, rows: rows, leftAligned: [0], ruleBeforeLast: false)
        if methods.contains(where: { $0.selfEmploymentTax?.belowThreshold == true }) {
            out += ReportText.wrapped("Net earnings for the year under \(summary.request.selfEmployment.minimumNetEarnings.formatted()): no self-employment tax is due.")
        }
        return out
    }

    static func estimate(_ summary: TaxSummary, _ methods: [TaxMethodFigures]) -> String {
        let period = summary.request.period
        var out = "ESTIMATED PAYMENT: period \(period.name) (\(period.span.start) to \(period.span.end.adding(days: -1))), due \(period.dueDate)\n"
        let rows: [[String]] = [
            ["Self-employment tax to date"] + methods.map { money($0.selfEmploymentTax?.total) },
            ["Income tax at your rate"] + methods.map { $0.incomeTax.map { $0.formatted() } ?? "not estimated" },
            ["Paid by \(period.dueDate)"] + methods.map { money($0.paid) },
            ["Payment due by \(period.dueDate)"] + methods.map { money($0.payment) },
        ]
        out += ReportText.table(header: [""] + methods.map { $0.method.rawValue.uppercased() }, rows: rows, leftAligned: [0], ruleBeforeLast: false)
        for figures in methods where (figures.overpaid ?? .zero) != .zero {
            out += ReportText.wrapped("Under the \(figures.method.rawValue) method the payments recorded exceed the tax to date by \(money(figures.overpaid)).")
        }
        return out
    }

    /// One 1099 against the record (docs/tax.md, "Reconciling a 1099").
    public static func render(_ r: TaxReconciliation) -> String {
        var out = ReportText.wrapped("DashPilot 1099 reconciliation: \(r.platform), \(r.year)")
        out += "Gross on the form:   \(r.formGross.formatted())\n"
        let within = [r.recordFees.map { "fees withheld within it: \($0.formatted())" },
                      r.recordOtherIncome.map { "other income on no shift within it: \($0.formatted())" }].compactMap { $0 }
        out += ReportText.wrapped("Gross in the record: \(r.recordGross.formatted())" + (within.isEmpty ? "" : " (" + within.joined(separator: "; ") + ")"))
        out += "Difference (form - record): \(r.difference.formatted())\n\n"
        let rows = r.months.map { m in
            [String(m.period.start.description.prefix(7)), money(m.record), m.form.map { $0.formatted() } ?? "", m.differs ? "differs" : ""]
        }
        out += ReportText.table(header: ["MONTH", "RECORD", "FORM", ""], rows: rows, leftAligned: [0, 3], ruleBeforeLast: false)
        let differing = r.monthsDiffering.map { String($0.period.start.description.prefix(7)) }
        switch (r.difference == .zero, r.formMonthsGiven, differing.isEmpty) {
        case (true, _, true): out += "The form and the record agree" + (r.formMonthsGiven ? ", in every month given.\n" : ".\n")
        case (true, _, false):
            out += ReportText.wrapped("The totals agree, but these months differ: \(differing.joined(separator: ", ")) (a payment the platform dated in another month).")
        case (false, true, false): out += ReportText.wrapped("Months that differ: \(differing.joined(separator: ", ")).")
        case (false, true, true): out += ReportText.wrapped("Every month given agrees: the difference lies in the months not given.")
        case (false, false, _): out += ReportText.wrapped("Give the form's monthly boxes (5a to 5l) with --month MM=AMOUNT to find the months that differ.")
        }
        return out
    }
}
