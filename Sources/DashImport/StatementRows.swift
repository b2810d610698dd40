import DashModel

/// A row's money by kind (docs/record.md, "Money"): gross is pay, tips, incentives and
/// adjustments; fees (what the platform kept) are apart. Each is nil when the row gives none
/// (never 0.00 for "not given").
public struct KindAmounts: Sendable, Equatable, Hashable {
    /// The pay without the tips (with `tipsAre: within`, the pay cell less the tips; with
    /// `onTop`, the pay cell), without incentives and adjustments, before fees.
    public var pay: Money?
    /// The platform tips.
    public var tips: Money?
    /// Incentives: peak pay, promotions, quests (an `incentive` column, or a money line
    /// `kindWhen` names so).
    public var incentives: Money?
    /// Adjustments, of either sign (an `adjustment` column, a money line `kindWhen` names so,
    /// or an unnamed negative line).
    public var adjustments: Money?
    /// Fees and commissions the platform kept, as a positive amount whichever sign the file
    /// writes them with; not part of ``gross``.
    public var fees: Money?

    public init(pay: Money? = nil, tips: Money? = nil, incentives: Money? = nil, adjustments: Money? = nil, fees: Money? = nil) {
        self.pay = pay
        self.tips = tips
        self.incentives = incentives
        self.adjustments = adjustments
        self.fees = fees
    }

    /// Pay, tips, incentives and adjustments summed; nil when none of them is given. Each amount
    /// is at most ``DashModel/Money/largestRecordable``, so the sum cannot overflow.
    public var gross: Money? {
        let parts = [pay, tips, incentives, adjustments].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        return Money(units: parts.reduce(0) { $0 + $1.units })
    }

    /// Nothing given.
    public var isEmpty: Bool { pay == nil && tips == nil && incentives == nil && adjustments == nil && fees == nil }
}

/// One delivery row of a statement: when it was accepted and delivered, and its own pay.
public struct DeliveryRow: Sendable, Equatable {
    public let line: Int
    public let accepted: Instant
    public let delivered: Instant
    /// The delivery's own gross (pay, tips, incentives and adjustments; fees apart) and the tips
    /// within it; nil when the row gives none. With `tipsAre: onTop` the pay cell plus the tips.
    public let own: PaidAmount?
    public let platform: String?
    public let pickup: String?
    /// SHA-256 of the trip's id when the template maps one (the platform's own identity: a
    /// later statement with other figures for it is a conflict), else of what the row says (the
    /// same delivery in two statements has the same key). Its texts (platform, pickup, trip id)
    /// are folded as `PickupPlace.matchKey` folds them: `DoorDash` and `doordash` are one key.
    public let recordKey: RecordKey
    /// True when `recordKey` comes from the platform's trip id.
    public let keyIsDeclared: Bool
    /// The key earlier builds gave this row (its texts as written, not folded), when it differs
    /// from `recordKey`: a store written by them holds this one, so an import matches either.
    public let legacyRecordKey: RecordKey?
    /// The row's money by kind; `own` is their gross with their tips.
    public let amounts: KindAmounts
    /// The driver the row is for (the `driver` column as written), nil when the template maps
    /// none or the cell is blank.
    public let driver: String?
    /// The row's currency (ISO 4217): the `currency` column's, else the template's; nil when
    /// neither names one.
    public let currency: String?
}

/// One money line of a statement (Uber's payments file): an amount paid for a trip, when it was
/// recorded, and the tips within it.
public struct MoneyLineRow: Sendable, Equatable {
    public let line: Int
    /// The key of the trip's delivery (the same as a trips file's row for that trip; texts folded).
    public let tripKey: RecordKey
    public let at: Instant
    /// The line's amount as the file signs it (negative for a fee or a reversal in Uber's files),
    /// with `tipsAre: onTop` plus its tips column. A fee written positive stays positive here:
    /// `amounts.fees` is what the platform kept.
    public let amount: Money
    public let tips: Money?
    public let platform: String?
    /// SHA-256 of the line's id when the template maps one, else of what the line says (texts
    /// folded as `PickupPlace.matchKey` folds them).
    public let recordKey: RecordKey
    public let keyIsDeclared: Bool
    /// The key earlier builds gave this line (texts as written), when it differs from `recordKey`.
    public let legacyRecordKey: RecordKey?
    /// The trip key earlier builds gave this line, when it differs from `tripKey`.
    public let legacyTripKey: RecordKey?
    /// What the line is: `tip` when `tipsWhen` matches, else the first `kindWhen` rule matching
    /// (incentive, fee, adjustment), else `adjustment` when `amount` is negative, else `pay`.
    public let kind: MoneyKind
    /// The line by kind: its tips (the tips column, or the whole line for a `tip` line) under
    /// `tips`, the rest of `amount` under `kind` (a fee's as a positive amount).
    public let amounts: KindAmounts
    /// The driver the line is for; nil when the template maps none or the cell is blank.
    public let driver: String?
    /// The line's currency: the `currency` column's, else the template's; nil when neither says.
    public let currency: String?
}

/// One shift row of a statement: its span and the statement's figures for it.
public struct ShiftRow: Sendable, Equatable {
    public let line: Int
    public let span: Interval
    /// The gross (pay, tips, incentives and adjustments; fees apart) and the tips within it as
    /// the statement gives them; nil when it gives none. With `tipsAre: onTop` the gross cell plus
    /// the tips.
    public let earnings: PaidAmount?
    public let platform: String?
    /// The row's money by kind (the `gross` column is pay); `earnings` is their gross.
    public let amounts: KindAmounts
    /// The driver the row is for; nil when the template maps none or the cell is blank.
    public let driver: String?
    /// The row's currency: the `currency` column's, else the template's; nil when neither says.
    public let currency: String?
}
