import DashModel

/// The tax summary as format-neutral tables (docs/tax.md, "Files"): `tax_summary` (a row per
/// figure, a stable key, the Schedule C line, a value per method: a method not computed is an
/// empty cell), `tax_platforms`, `tax_mileage` and `tax_expenses`. CSV, JSON and the workbook
/// render these; none computes. `tax_notes`: the disclaimer, the span and due date, the notes
/// and the sources, a sentence a row, so a file or sheet read alone says what it is.
extension TaxSummary {
    public var tables: [ReportTable] { [summaryTable, platformsTable, mileageTable, expensesTable, notesTable] }

    /// What the summary covers, in a sentence.
    public var spanSentence: String {
        let scope = request.period.number == 4 ? "the whole tax year" : "the year to the end of estimated-tax period \(request.period.name)"
        return "Tax year \(request.year), \(request.span.start) to \(request.span.end.adding(days: -1)) (\(request.zone.identifier)): "
            + "\(scope), whose payment is due \(request.period.dueDate)."
    }

    public var notesTable: ReportTable {
        let lines = [TaxSummary.disclaimer, spanSentence] + notes + sources.map { "Source: " + $0 }
        return ReportTable(name: "tax_notes", columns: ["note"], rows: lines.map { [.text($0)] })
    }

    /// A row: section, line, key, label, and the standard and actual figures.
    private func row(_ section: String, _ line: String, _ key: String, _ label: String,
                     _ value: (TaxMethodFigures) -> Money?) -> [Cell] {
        [.text(section), line.isEmpty ? .empty : .text(line), .text(key), .text(label),
         .money(standard.flatMap(value)), .money(actual.flatMap(value))]
    }

    /// The same figure under both methods (income, tips): given only where the method is.
    private func both(_ section: String, _ line: String, _ key: String, _ label: String, _ value: Money?) -> [Cell] {
        row(section, line, key, label) { _ in value }
    }

    public var summaryTable: ReportTable {
        let t = total
        var rows: [[Cell]] = [
            both("income", "1", "gross_receipts", "Gross receipts (the platforms' gross, their fees and tips included, tips paid outside them, and other income on no shift)", grossReceipts),
            both("income", "", "platform_gross", "of which the platforms' gross", t.gross),
            both("income", "", "outside_tips", "of which tips paid outside the platforms", t.outsideTips),
            both("income", "", "other_income", "of which other income on no shift (incentives, quests, referrals, adjustments)", t.otherIncome),
            both("income", "", "platform_tips", "platform tips within the gross", t.platformTips),
            both("income", "", "fees_withheld", "fees and commissions the platforms withheld (in line 10)", t.fees),
        ]
        var lineNumbers: [String] = []
        for figures in methods {
            for line in figures.lines where !lineNumbers.contains(line.line) { lineNumbers.append(line.line) }
        }
        for number in lineNumbers.sorted(by: ScheduleCLine.precedes) {
            let name = methods.lazy.compactMap { $0.lines.first { $0.line == number }?.name }.first ?? ""
            rows.append(row("expenses", number, "line_" + number, name) { figures in
                figures.lines.first { $0.line == number }?.amount ?? .zero
            })
        }
        rows += [
            row("expenses", "", "vehicle_costs_covered", "vehicle costs recorded, covered by the standard rate (not deducted under it)") {
                $0.method == .standard ? vehicleCosts : nil
            },
            row("expenses", "28", "total_expenses", "Total expenses") { $0.totalExpenses },
            row("profit", "31", "net_profit", "Net profit") { $0.netProfit },
            row("self_employment_tax", "", "net_earnings", "Net earnings from self-employment (net profit x 92.35%)") { $0.selfEmploymentTax?.netEarnings },
            row("self_employment_tax", "", "social_security", "Social Security (12.4% up to the year's wage base)") { $0.selfEmploymentTax?.socialSecurity },
            row("self_employment_tax", "", "medicare", "Medicare (2.9%)") { $0.selfEmploymentTax?.medicare },
            row("self_employment_tax", "", "self_employment_tax", "Self-employment tax") { $0.selfEmploymentTax?.total },
            row("self_employment_tax", "", "deductible_half", "Deductible half of the self-employment tax") { $0.selfEmploymentTax?.deductibleHalf },
            row("estimate", "", "income_tax", "Income tax at the rate given (none given: not estimated)") { $0.incomeTax },
            row("estimate", "", "tax_to_date", "Tax to the period's end") { $0.taxToDate },
            row("estimate", "", "paid", "Estimated tax paid by the due date") { $0.paid },
            row("estimate", "", "payment_due", "Payment due by \(request.period.dueDate)") { $0.payment },
            row("estimate", "", "overpaid", "Paid beyond the tax to date") { $0.overpaid },
            both("tips", "", "tips_received", "Tips received (platform and outside), for the deduction for qualified tips", tips),
        ]
        return ReportTable(name: "tax_summary", columns: ["section", "line", "key", "label", "standard", "actual"], rows: rows)
    }

    public var platformsTable: ReportTable {
        let rows: [[Cell]] = platforms.map { p in
            [p.platform.map(Cell.text) ?? .empty, .integer(p.shifts), .money(p.gross), .money(p.fees), .money(p.tips), .money(p.otherIncome)]
        }
        return ReportTable(name: "tax_platforms", columns: ["platform", "shifts", "gross", "fees_withheld", "platform_tips", "other_income"], rows: rows)
    }

    public var mileageTable: ReportTable {
        let rows: [[Cell]] = mileage.rows.map { r in
            [.date(r.rate.from), .date(r.rate.to), .decimal(r.rate.perMile), .integer(r.shifts), .distance(r.miles), .money(r.value), .text(r.rate.source)]
        }
        return ReportTable(name: "tax_mileage", columns: ["rate_from", "rate_to", "per_mile", "shifts", "business_miles", "deduction", "source"], rows: rows)
    }

    public var expensesTable: ReportTable {
        var rows: [[Cell]] = expenses.groups.map { g in
            let standardShare: Money? = standard == nil ? nil : (g.entry.vehicle || !g.entry.deductible ? .zero : g.amount)
            let actualShare: Money? = actual == nil ? nil : !g.entry.deductible ? .zero
                : (g.entry.vehicle ? businessShare.flatMap { TaxArithmetic.cents(g.amount, times: $0.business, over: $0.vehicle) } : g.amount)
            return [.text(g.entry.category), .text(g.entry.line), .text(g.entry.lineName), .text(g.entry.vehicle ? "yes" : "no"), .integer(g.count),
                    .money(g.amount), .money(standardShare), .money(actualShare)]
        }
        if expenses.unknownCount > 0 {
            rows.append([.text("(not in the category map)"), .text("none"), .text("Not deducted until placed"), .text("no"), .integer(expenses.unknownCount),
                         .money(expenses.unknownAmount), .money(standard == nil ? nil : Money.zero), .money(actual == nil ? nil : Money.zero)])
        }
        return ReportTable(name: "tax_expenses", columns: ["category", "schedule_c_line", "line_name", "vehicle_cost", "expenses", "amount",
                                                           "deducted_standard", "deducted_actual"], rows: rows)
    }
}
