import DashModel
import SQLiteKit

/// `delivery delete` on a delivery an import gave: only undoing that import removes it.
public struct ImportedDeliveryRefusal: Error, Sendable, Equatable {
    public let deliveryID: Int64
    public let importID: Int64
    public let fileName: String
}

/// A hand-entered delivery removed, with every amount it carried.
public struct RemovedDelivery: Sendable, Equatable {
    public let delivery: Delivery
    public let outsideTips: [DeliveryTip]
}

extension Store {
    /// Records a finished delivery typed by the driver on the completed shift `shiftID`: one
    /// offer of one delivery, accepted at `accepted` (within the shift) and delivered at
    /// `delivered` (after it, and at or before the shift's end), with its own pay. It is the
    /// driver's entry (importId NULL): no undo removes it, and on a shift an import made it pins
    /// that shift (docs/record.md, "Evidence and shifts"). Returns the delivery's id.
    public func addHandEnteredDelivery(shiftID: Int64, accepted: Instant, delivered: Instant, pay: PaidAmount?,
                                       platform: String?) throws -> Int64 {
        try write {
            let shift = try requireShift(shiftID)
            guard let end = shift.end else { throw ShiftEditRefusal.active(shiftID: shiftID) }
            guard delivered > accepted else { throw ModelError.endsBeforeStart(start: accepted, end: delivered) }
            guard accepted >= shift.start, accepted < end, delivered <= end else { throw ModelError.outsideShift(what: "a delivery") }
            let made = try acceptOffer(shiftID: shiftID, at: accepted, platform: platform,
                                       deliveries: [NewDelivery(deliveredAt: delivered, ownAmount: pay)])
            guard let id = made.deliveries.first else { throw ModelError.emptyOffer }
            return id
        }
    }

    /// The import that gave delivery `id`, if any (nil: typed by the driver).
    public func deliveryImport(_ id: Int64) throws -> Int64? {
        try connection.scalar("SELECT importId FROM delivery WHERE id = ?1", [.integer(id)])?.int64
    }

    /// The platform of a delivery's offer, as written.
    public func deliveryPlatform(_ id: Int64) throws -> String? {
        try connection.scalar("SELECT o.platform FROM delivery d JOIN offer o ON o.id = d.offerId WHERE d.id = ?1", [.integer(id)])?.string
    }

    /// Deletes a delivery the driver typed, its outside tips (cascade) and its offer when left
    /// empty, in one transaction. Refuses one an import gave (undo the import instead), or one
    /// holding money lines. Returns what went.
    @discardableResult
    public func deleteHandEnteredDelivery(_ id: Int64) throws -> RemovedDelivery {
        try write {
            let delivery = try requireDelivery(id)
            let importID = try deliveryImport(id)
                ?? connection.scalar("SELECT importId FROM deliveryLine WHERE deliveryId = ?1 ORDER BY id LIMIT 1", [.integer(id)])?.int64
            if let importID {
                let name = try connection.scalar("SELECT fileName FROM importRecord WHERE id = ?1", [.integer(importID)])?.string ?? ""
                throw ImportedDeliveryRefusal(deliveryID: id, importID: importID, fileName: name)
            }
            let removed = RemovedDelivery(delivery: delivery, outsideTips: try tips(of: id))
            try connection.run("DELETE FROM delivery WHERE id = ?1", [.integer(id)])
            try connection.run("DELETE FROM offer WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM delivery WHERE offerId = ?1)",
                               [.integer(delivery.offerID)])
            return removed
        }
    }
}
