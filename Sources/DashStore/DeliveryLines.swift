import DashModel
import SQLiteKit

/// The money lines of a statement that gives one row per money movement (Uber's payments
/// file): each line is kept on its trip's delivery, and the delivery's own amount is the sum of
/// its lines, written here with the lines (never line by line: only the final sums must obey
/// the delivery's rules).
extension Store {
    /// The delivery an imported row with `recordKey` became (the oldest, when several did).
    public func delivery(recordKey: RecordKey) throws -> Delivery? {
        try connection.query("SELECT \(Delivery.columns) FROM delivery WHERE recordKey = ?1 ORDER BY id LIMIT 1",
                             [.text(recordKey.hex)]).first.map(Delivery.init(row:))
    }

    /// How many money lines with `recordKey` the store holds.
    public func deliveryLineCount(recordKey: RecordKey) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM deliveryLine WHERE recordKey = ?1", [.text(recordKey.hex)])?.int64 ?? 0)
    }

    /// How many money lines the delivery has (0: its amount, if any, came from elsewhere).
    public func deliveryLineCount(deliveryID: Int64) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM deliveryLine WHERE deliveryId = ?1", [.integer(deliveryID)])?.int64 ?? 0)
    }

    /// Adds money lines to a delivery and returns its own amount afterwards: the sum of its
    /// lines, which may be below zero (a reversal imported before its fare). A delivery whose
    /// amount was recorded without lines is refused by the caller, naming both figures.
    @discardableResult
    public func addDeliveryLines(_ lines: [(recordKey: RecordKey, at: Instant, amount: Money, tips: Money?)], to deliveryID: Int64,
                                 importID: Int64) throws -> PaidAmount? {
        try addDeliveryLines(lines.map { ($0.recordKey, $0.at, $0.amount, $0.tips, MoneyKind.pay) }, to: deliveryID, importID: importID)
    }

    /// The same, each line with its kind (a fee line is what the platform kept: within the
    /// trip's sum of lines, shown apart from gross by the report).
    @discardableResult
    public func addDeliveryLines(_ lines: [(recordKey: RecordKey, at: Instant, amount: Money, tips: Money?, kind: MoneyKind)], to deliveryID: Int64,
                                 importID: Int64) throws -> PaidAmount? {
        try write {
            _ = try requireDelivery(deliveryID)
            let sums = try connection.query("SELECT sum(amountE4) AS a, sum(tipsE4) AS t, count(*) AS n FROM deliveryLine WHERE deliveryId = ?1",
                                            [.integer(deliveryID)]).first
            var amount = Money(units: sums?["a"].int64 ?? 0)
            var tips: Money? = sums?["t"].int64.map { Money(units: $0) }
            for line in lines {
                amount = try amount.adding(line.amount)
                if let lineTips = line.tips { tips = try (tips ?? .zero).adding(lineTips) }
            }
            // The sum may be below zero, its tips anything (docs/record.md: a reversal may come
            // before its fare); only the sum's size is bounded, by Money.
            let paid = PaidAmount(sumOfLines: amount, tips: tips)
            for line in lines {
                try connection.run("""
                    INSERT INTO deliveryLine (deliveryId, importId, recordKey, occurredAtMs, amountE4, tipsE4, kind)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                    """, [.integer(deliveryID), .integer(importID), .text(line.recordKey.hex), .instant(line.at), .money(line.amount),
                          .money(line.tips), .text(line.kind.rawValue)])
            }
            try writeLineSums(deliveryID)
            return paid
        }
    }

    /// Gives a delivery made from money lines (accepted and delivered at a time its lines gave)
    /// the times a trips file gives it, moving it to the completed shift that holds them.
    public func setDeliveryTimes(_ deliveryID: Int64, accepted: Instant, delivered: Instant) throws {
        try write {
            let delivery = try requireDelivery(deliveryID)
            guard delivered >= accepted else { throw ModelError.endsBeforeStart(start: accepted, end: delivered) }
            guard let shift = try shiftCovering(accepted), let end = shift.end, delivered <= end else {
                throw ModelError.outsideShift(what: "the trip's times (no completed shift holds them)")
            }
            guard try connection.scalar("SELECT count(*) FROM delivery WHERE offerId = ?1", [.integer(delivery.offerID)])?.int64 == 1 else {
                throw ModelError.outsideShift(what: "the trip's times (its offer has other deliveries)")
            }
            try connection.run("UPDATE delivery SET shiftId = ?2, acceptedAtMs = ?3, deliveredAtMs = ?4 WHERE id = ?1",
                               [.integer(deliveryID), .integer(shift.id), .instant(accepted), .instant(delivered)])
            try connection.run("UPDATE offer SET acceptedAtMs = ?2 WHERE id = ?1", [.integer(delivery.offerID), .instant(accepted)])
        }
    }

    /// Gives an imported delivery a statement's figures (`--replace`), refusing one whose
    /// amount is the sum of money lines. The figures it had are kept aside, so undoing
    /// `importID` brings them back (``restoreReplacedDeliveries(of:)``); `importID` then holds
    /// the delivery too, as its file states it.
    public func replaceImportedDeliveryFigures(_ deliveryID: Int64, own: PaidAmount?, fees: Money?, importID: Int64) throws {
        try write {
            let delivery = try requireDelivery(deliveryID)
            guard try deliveryLineCount(deliveryID: deliveryID) == 0 else {
                throw ModelError.badText(field: "the delivery's amount", reason: "it is the sum of its statement lines; undo their import instead")
            }
            if let fees, fees.isNegative { throw ModelError.negativeAmount(field: "the trip's fees") }
            // Whose figures these are: the last import that replaced them, else the delivery's.
            let owner = try connection.scalar("""
                SELECT coalesce((SELECT replacedByImportId FROM deliveryReplaced WHERE deliveryId = ?1 ORDER BY id DESC LIMIT 1),
                                (SELECT importId FROM delivery WHERE id = ?1))
                """, [.integer(deliveryID)])?.int64
            try connection.run("""
                INSERT INTO deliveryReplaced (deliveryId, replacedByImportId, figureOfImportId, ownAmountE4, platformTipsE4, feesE4)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """, [.integer(deliveryID), .integer(importID), .int(owner), .money(delivery.ownAmount?.amount), .money(delivery.ownAmount?.tips),
                      .money(delivery.fees)])
            try connection.run("UPDATE delivery SET ownAmountE4 = ?2, platformTipsE4 = ?3, feesE4 = ?4 WHERE id = ?1",
                               [.integer(deliveryID), .money(own?.amount), .money(own?.tips), .money(fees)])
        }
    }

    /// Undoing `importID` (within the undo's transaction): each trip figure it replaced comes
    /// back. Where a later import replaced it again, that one's put-aside figures become the
    /// ones it replaced (the stack closes over the undone import); else the delivery takes them.
    /// Figures of its own that a later import put aside are forgotten. Returns how many
    /// deliveries got their figures back.
    func restoreReplacedDeliveries(of importID: Int64) throws -> Int {
        var restored = 0
        for row in try connection.query("SELECT id, deliveryId, figureOfImportId, ownAmountE4, platformTipsE4, feesE4 FROM deliveryReplaced WHERE replacedByImportId = ?1 ORDER BY id DESC",
                                         [.integer(importID)]) {
            let id = row.int("id"), deliveryID = row.int("deliveryId")
            let figures: [SQLValue] = [row["ownAmountE4"], row["platformTipsE4"], row["feesE4"]]
            if let later = try connection.scalar("SELECT min(id) FROM deliveryReplaced WHERE deliveryId = ?1 AND id > ?2",
                                                 [.integer(deliveryID), .integer(id)])?.int64 {
                try connection.run("""
                    UPDATE deliveryReplaced SET ownAmountE4 = ?2, platformTipsE4 = ?3, feesE4 = ?4, figureOfImportId = ?5 WHERE id = ?1
                    """, [.integer(later)] + figures + [row["figureOfImportId"]])
            } else {
                try connection.run("UPDATE delivery SET ownAmountE4 = ?2, platformTipsE4 = ?3, feesE4 = ?4 WHERE id = ?1",
                                   [.integer(deliveryID)] + figures)
                restored += 1
            }
            try connection.run("DELETE FROM deliveryReplaced WHERE id = ?1", [.integer(id)])
        }
        try connection.run("DELETE FROM deliveryReplaced WHERE figureOfImportId = ?1", [.integer(importID)])
        return restored
    }

    /// Gives a delivery the sums of its lines as its own amount and platform tips (NULL, "not
    /// recorded", when it has no lines left).
    func writeLineSums(_ deliveryID: Int64) throws {
        try connection.run("""
            UPDATE delivery SET ownAmountE4 = (SELECT sum(amountE4) FROM deliveryLine WHERE deliveryId = ?1),
                                platformTipsE4 = (SELECT sum(tipsE4) FROM deliveryLine WHERE deliveryId = ?1)
            WHERE id = ?1
            """, [.integer(deliveryID)])
    }
}
