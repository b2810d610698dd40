import DashModel

/// A row's money by kind (docs/record.md, "Money"): gross is pay, tips, incentives and
/// adjustments; fees (what the platform kept) are apart. Each is nil when the row gives none
/// (never 0.00 for "not given").
public struct KindAmounts: Sendable, Equatable, Hashable {
    // Each amount's units, `Int64.min` for none: 40 bytes a row where five `Money?` take 80 (a
    // file's rows are all held until the write; docs/templates.md, "Reading the file"). No
    // recordable amount comes near `Int64.min`.
    private var payUnits: Int64 = .min
    private var tipsUnits: Int64 = .min
    private var incentivesUnits: Int64 = .min
    private var adjustmentsUnits: Int64 = .min
    private var feesUnits: Int64 = .min

    private static func money(_ units: Int64) -> Money? { units == .min ? nil : Money(units: units) }

    /// The pay without the tips (with `tipsAre: within`, the pay cell less the tips; with
    /// `onTop`, the pay cell), without incentives and adjustments, before fees.
    public var pay: Money? {
        get { Self.money(payUnits) }
        set { payUnits = newValue?.units ?? .min }
    }
    /// The platform tips.
    public var tips: Money? {
        get { Self.money(tipsUnits) }
        set { tipsUnits = newValue?.units ?? .min }
    }
    /// Incentives: peak pay, promotions, quests (an `incentive` column, or a money line
    /// `kindWhen` names so).
    public var incentives: Money? {
        get { Self.money(incentivesUnits) }
        set { incentivesUnits = newValue?.units ?? .min }
    }
    /// Adjustments, of either sign (an `adjustment` column, a money line `kindWhen` names so,
    /// or an unnamed negative line).
    public var adjustments: Money? {
        get { Self.money(adjustmentsUnits) }
        set { adjustmentsUnits = newValue?.units ?? .min }
    }
    /// Fees and commissions the platform kept, as a positive amount whichever sign the file
    /// writes them with; not part of ``gross``.
    public var fees: Money? {
        get { Self.money(feesUnits) }
        set { feesUnits = newValue?.units ?? .min }
    }

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

    /// The gross and the tips within it, as the record keeps a figure; nil when no part of gross
    /// is given. The readers only make amounts whose gross is at least their tips and not negative.
    public var paid: PaidAmount? { gross.flatMap { try? PaidAmount($0, tips: tips) } }

    /// Nothing given.
    public var isEmpty: Bool { pay == nil && tips == nil && incentives == nil && adjustments == nil && fees == nil }
}

/// A row's driver and currency, shared by the rows that have the same (a file repeats one or a
/// few), so a row holds one reference rather than two strings.
final class RowLabels: Sendable, Equatable {
    let driver: String?
    let currency: String?

    init(driver: String?, currency: String?) {
        self.driver = driver
        self.currency = currency
    }

    static func == (lhs: RowLabels, rhs: RowLabels) -> Bool { lhs.driver == rhs.driver && lhs.currency == rhs.currency }
}

/// What a delivery row holds beyond its own fields, when it has any: its labels (shared) and,
/// for a trip-keyed row, its earlier key (one such object a row). One reference a row.
final class DeliveryExtras: Sendable, Equatable {
    let labels: RowLabels?
    let legacyKey: RecordKey?

    init(labels: RowLabels?, legacyKey: RecordKey?) {
        self.labels = labels
        self.legacyKey = legacyKey
    }

    static func == (lhs: DeliveryExtras, rhs: DeliveryExtras) -> Bool { lhs.labels == rhs.labels && lhs.legacyKey == rhs.legacyKey }
}

/// One delivery row of a statement: when it was accepted and delivered, and its own pay.
public struct DeliveryRow: Sendable, Equatable {
    public let line: Int
    public let accepted: Instant
    public let delivered: Instant
    public let platform: String?
    public let pickup: String?
    /// SHA-256 of the trip's id when the template maps one (the platform's own identity: a
    /// later statement with other figures for it is a conflict), else of what the row says (the
    /// same delivery in two statements has the same key). Its texts (platform, pickup, trip id)
    /// are folded as `PickupPlace.matchKey` folds them: `DoorDash` and `doordash` are one key.
    public let recordKey: RecordKey
    /// True when `recordKey` comes from the platform's trip id.
    public let keyIsDeclared: Bool
    /// The row's money by kind; `own` is their gross with their tips.
    public let amounts: KindAmounts
    /// Labels and a trip-keyed row's earlier key, when it has either (a content key's earlier
    /// key is computed from the row).
    let extras: DeliveryExtras?
    /// True when the template's `sharedRideWhen` matches the row: another rider's share of a
    /// trip the file has (Uber's `fare_split`), joined to it when the file is finished.
    public let isSharedRide: Bool
    /// Millimetres, `Int64.min` for none (8 bytes a row where an optional takes 16).
    private var distanceUnits: Int64 = .min

    /// The trip's distance as the platform reports it, in millimetres (``TripDistanceText``);
    /// nil when the template reads none or the cell is blank (not recorded, never 0).
    public internal(set) var distanceMillimetres: Int64? {
        get { distanceUnits == .min ? nil : distanceUnits }
        set { distanceUnits = newValue ?? .min }
    }

    init(line: Int, accepted: Instant, delivered: Instant, platform: String?, pickup: String?, recordKey: RecordKey, keyIsDeclared: Bool,
         amounts: KindAmounts, labels: RowLabels?, declaredLegacyKey: RecordKey?, distanceMillimetres: Int64? = nil, isSharedRide: Bool = false) {
        self.isSharedRide = isSharedRide
        distanceUnits = distanceMillimetres ?? .min
        self.line = line
        self.accepted = accepted
        self.delivered = delivered
        self.platform = platform
        self.pickup = pickup
        self.recordKey = recordKey
        self.keyIsDeclared = keyIsDeclared
        self.amounts = amounts
        extras = labels == nil && declaredLegacyKey == nil ? nil : DeliveryExtras(labels: labels, legacyKey: declaredLegacyKey)
    }

    /// The delivery's own gross (pay, tips, incentives and adjustments; fees apart) and the tips
    /// within it; nil when the row gives none. With `tipsAre: onTop` the pay cell plus the tips.
    public var own: PaidAmount? { amounts.paid }

    /// The driver the row is for (the `driver` column as written), nil when the template maps
    /// none or the cell is blank.
    public var driver: String? { extras?.labels?.driver }

    /// The row's currency (ISO 4217): the `currency` column's, else the template's; nil when
    /// neither names one.
    public var currency: String? { extras?.labels?.currency }

    /// The key earlier builds gave this row (its texts as written, not folded), when it differs
    /// from `recordKey`: a store written by them holds this one, so an import matches either.
    public var legacyRecordKey: RecordKey? {
        if keyIsDeclared { return extras?.legacyKey }
        let legacy = SHA256.recordKey(Self.content(accepted: accepted, delivered: delivered, own: own, platform: platform ?? "", pickup: pickup ?? ""))
        return legacy == recordKey ? nil : legacy
    }

    /// The fields a content key hashes as earlier builds did (the texts as given).
    static func content(accepted: Instant, delivered: Instant, own: PaidAmount?, platform: String, pickup: String) -> [String] {
        [accepted.millisecondsSinceEpoch, delivered.millisecondsSinceEpoch].map(String.init)
            + [own?.amount.units.description ?? "-", own?.tips?.units.description ?? "-", platform, pickup]
    }
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
    let labels: RowLabels?
    /// The driver the line is for; nil when the template maps none or the cell is blank.
    public var driver: String? { labels?.driver }
    /// The line's currency: the `currency` column's, else the template's; nil when neither says.
    public var currency: String? { labels?.currency }
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
    let labels: RowLabels?
    /// The driver the row is for; nil when the template maps none or the cell is blank.
    public var driver: String? { labels?.driver }
    /// The row's currency: the `currency` column's, else the template's; nil when neither says.
    public var currency: String? { labels?.currency }
}
