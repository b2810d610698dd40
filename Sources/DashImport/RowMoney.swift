import DashModel

/// A statement row's money (docs/record.md, "Money" and "Tips"): its amount cells read in the
/// row's currency, its tips within or on top of its pay (`tipsAre`), and its amounts by kind.
extension ShiftRowReader {
    /// One amount cell: nil when blank (not recorded, never 0.00); a problem at the cell when it
    /// is not an amount, or when it is written with a currency sign or code the row's currency
    /// is not (`$12.00` in a row of EUR). Without a row currency the sign is decoration.
    func amount(_ record: CSVRecord, _ field: StatementTemplate.Field, currency: String?,
                problem: (String, String) -> Void) -> Money? {
        let text = cell(record, field)
        guard !text.isEmpty else { return nil }
        do {
            let read = try AmountText.read(text, decimalMark: template.decimalMark)
            if let currency, let sign = read.currency, !sign.fits(currency) {
                problem(field.rawValue, "an amount written with \(sign) in a row whose currency is \(currency)")
                return nil
            }
            return read.amount
        } catch {
            problem(field.rawValue, "\(error)")
            return nil
        }
    }

    /// A shift row's or a delivery row's money: the pay column (`gross` of a shift row, `pay`
    /// of a delivery row), tips, incentive, adjustment and fee columns, as the gross with its
    /// tips (nil when the row gives no part of gross) and by kind.
    ///
    /// `within`: the pay cell includes the tips; tips without a pay, or above it, are problems
    /// (as before `tipsAre` existed). `onTop`: the pay cell plus the tips (tips alone are the
    /// whole pay). Incentives and adjustments are always added to the pay cell; a fee is read as
    /// a positive amount whichever sign it is written with, and is never part of gross.
    func rowMoney(_ record: CSVRecord, pay column: StatementTemplate.Field, field: String, currency: String?,
                  problem: (String, String) -> Void) -> (own: PaidAmount?, amounts: KindAmounts) {
        let pay = amount(record, column, currency: currency, problem: problem)
        let tips = amount(record, .tips, currency: currency, problem: problem)
        let incentives = amount(record, .incentive, currency: currency, problem: problem)
        let adjustments = amount(record, .adjustment, currency: currency, problem: problem)
        let fees = amount(record, .fee, currency: currency, problem: problem).map { Money(units: abs($0.units)) }
        var amounts = KindAmounts(pay: nil, tips: tips, incentives: incentives, adjustments: adjustments, fees: fees)
        if let incentives, incentives.isNegative {
            problem(StatementTemplate.Field.incentive.rawValue, "an incentive cannot be negative (a reversal is an adjustment)")
            return (nil, amounts)
        }
        switch template.tipsAre ?? .within {
        case .within:
            guard let pay else {
                if tips != nil {
                    problem("tips", "tips are given but the \(column.rawValue) is blank: the tips are part of it")
                    return (nil, amounts)
                }
                break
            }
            do { _ = try PaidAmount(pay, tips: tips, field: field) } catch {
                problem(column.rawValue, "\(error)")
                return (nil, amounts)
            }
            amounts.pay = Money(units: pay.units - (tips?.units ?? 0))
        case .onTop:
            if let pay, pay.isNegative {
                problem(column.rawValue, "\(ModelError.negativeAmount(field: field))")
                return (nil, amounts)
            }
            if let tips, tips.isNegative {
                problem("tips", "\(ModelError.negativeAmount(field: "tips"))")
                return (nil, amounts)
            }
            amounts.pay = pay
        }
        guard let gross = amounts.gross else { return (nil, amounts) }
        do { return (try PaidAmount(gross, tips: tips, field: field), amounts) } catch {
            problem(adjustments?.isNegative == true ? StatementTemplate.Field.adjustment.rawValue : column.rawValue, "\(error)")
            return (nil, amounts)
        }
    }

    /// A money line's amount (with `onTop`, its amount cell plus its tips cell), tips, kind and
    /// amounts by kind. `tips` is the tips cell; nil for a `tipsWhen` line, whose whole amount is tips.
    func lineMoney(_ record: CSVRecord, amount: Money, tips: Money?, isTip: Bool)
        -> (amount: Money, tips: Money?, kind: MoneyKind, amounts: KindAmounts) {
        if isTip { return (amount, amount, .tip, KindAmounts(tips: amount)) }
        let named = StatementTemplate.ruledKinds.first { kind in
            guard let rule = template.kindWhen[kind] else { return false }
            return rule.matches(cell(record, rule.column))
        }
        let kind = named ?? (amount.isNegative ? .adjustment : .pay)
        let onTop = template.tipsAre == .onTop
        let total = onTop ? Money(units: amount.units + (tips?.units ?? 0)) : amount
        let rest = onTop ? amount : Money(units: amount.units - (tips?.units ?? 0))
        var amounts = KindAmounts(tips: tips)
        switch kind {
        case .pay, .tip: amounts.pay = rest
        case .incentive: amounts.incentives = rest
        case .adjustment: amounts.adjustments = rest
        // What the platform kept, as the store counts a trip's fee lines (their sum, sign
        // turned): a negative line (Uber's `commission` -4.60) kept 4.60, a positive one (a
        // `commission_adjustment` 0.40) gave 0.40 back, so a trip's lines sum to its net.
        case .fee: amounts.fees = Money(units: -rest.units)
        }
        return (total, tips, kind, amounts)
    }

}
