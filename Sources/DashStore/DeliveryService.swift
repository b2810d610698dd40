import DashModel
import SQLiteKit

/// One delivery of an offer being recorded: its timestamps beyond acceptance (all optional,
/// as a statement may give only some), its own amount, and its pickup place.
public struct NewDelivery: Hashable, Sendable {
    public var arrivedAtPickupAt: Instant?
    public var pickedUpAt: Instant?
    public var deliveredAt: Instant?
    public var cancelledAt: Instant?
    public var ownAmount: PaidAmount?
    public var pickupPlaceID: Int64?
    /// For an imported row: the key that recognises it in another statement.
    public var recordKey: String?

    public init(arrivedAtPickupAt: Instant? = nil, pickedUpAt: Instant? = nil, deliveredAt: Instant? = nil,
                cancelledAt: Instant? = nil, ownAmount: PaidAmount? = nil, pickupPlaceID: Int64? = nil, recordKey: String? = nil) {
        self.recordKey = recordKey
        self.arrivedAtPickupAt = arrivedAtPickupAt
        self.pickedUpAt = pickedUpAt
        self.deliveredAt = deliveredAt
        self.cancelledAt = cancelledAt
        self.ownAmount = ownAmount
        self.pickupPlaceID = pickupPlaceID
    }
}

extension Store {
    /// Records an accepted offer of one or more deliveries on `shiftID`, accepted at `instant`,
    /// which must lie within the shift. Returns the offer's id and its deliveries' ids.
    @discardableResult
    public func acceptOffer(shiftID: Int64, at instant: Instant, platform: String? = nil,
                            deliveries: [NewDelivery] = [NewDelivery()], importID: Int64? = nil) throws -> (offer: Int64, deliveries: [Int64]) {
        guard !deliveries.isEmpty else { throw ModelError.emptyOffer }
        let platformName = try platform.map { (name: String) throws(ModelError) -> String in
            try PlainText.validated(name, field: "the platform name", maxLength: 100)
        }
        // Validate every delivery before writing any.
        let keys = deliveries.map(\.recordKey)
        let checked = try deliveries.map { spec throws(ModelError) -> Delivery in
            try Delivery(id: 0, shiftID: shiftID, offerID: 0, acceptedAt: instant, arrivedAtPickupAt: spec.arrivedAtPickupAt,
                         pickedUpAt: spec.pickedUpAt, deliveredAt: spec.deliveredAt, cancelledAt: spec.cancelledAt,
                         ownAmount: spec.ownAmount, pickupPlaceID: spec.pickupPlaceID)
        }
        return try write {
            let shift = try requireShift(shiftID)
            for placeID in Set(checked.compactMap(\.pickupPlaceID)) { try requirePickupPlace(placeID) }
            guard shift.span(now: instant.adding(milliseconds: 1)).contains(instant) else {
                throw ModelError.outsideShift(what: "an offer's acceptance")
            }
            if let end = shift.end {
                // On a completed shift every delivery is finished, and within it.
                for delivery in checked {
                    guard !delivery.state.isActive else { throw ModelError.activeDeliveryOnCompletedShift }
                    guard delivery.lastEventAt <= end else { throw ModelError.outsideShift(what: "a delivery's events") }
                }
            }
            try connection.run("INSERT INTO offer (acceptedAtMs, platform, importId) VALUES (?1, ?2, ?3)",
                               [.instant(instant), .string(platformName), .int(importID)])
            let offerID = connection.lastInsertRowID
            var ids: [Int64] = []
            for (delivery, key) in zip(checked, keys) {
                try connection.run("""
                    INSERT INTO delivery (shiftId, offerId, acceptedAtMs, arrivedAtPickupAtMs, pickedUpAtMs, deliveredAtMs,
                                          cancelledAtMs, ownAmountE4, platformTipsE4, pickupPlaceId, importId, recordKey)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
                    """, [.integer(shiftID), .integer(offerID), .instant(instant), .instant(delivery.arrivedAtPickupAt),
                          .instant(delivery.pickedUpAt), .instant(delivery.deliveredAt), .instant(delivery.cancelledAt),
                          .money(delivery.ownAmount?.amount), .money(delivery.ownAmount?.tips), .int(delivery.pickupPlaceID),
                          .int(importID), .string(key)])
                ids.append(connection.lastInsertRowID)
            }
            return (offerID, ids)
        }
    }

    /// The delivery with `id`, or `ModelError.notFound`.
    public func requireDelivery(_ id: Int64) throws -> Delivery {
        guard let row = try connection.query("SELECT \(Delivery.columns) FROM delivery WHERE id = ?1", [.integer(id)]).first else {
            throw ModelError.notFound(what: "delivery", id: id)
        }
        return try Delivery(row: row)
    }

    /// The shift's deliveries, in order of acceptance.
    public func deliveries(of shiftID: Int64) throws -> [Delivery] {
        try connection.query("SELECT \(Delivery.columns) FROM delivery WHERE shiftId = ?1 ORDER BY acceptedAtMs, id",
                             [.integer(shiftID)]).map(Delivery.init(row:))
    }

    /// The offer with `id`, or nil.
    public func offer(_ id: Int64) throws -> Offer? {
        try connection.query("SELECT id, acceptedAtMs, platform FROM offer WHERE id = ?1", [.integer(id)]).first.map {
            Offer(id: $0.int("id"), acceptedAt: $0.instant("acceptedAtMs"), platform: $0["platform"].string)
        }
    }

    /// Marks a delivery arrived at its pickup.
    public func arriveAtPickup(_ deliveryID: Int64, at instant: Instant) throws {
        try transition(deliveryID, column: "arrivedAtPickupAtMs", at: instant) { d, t throws(ModelError) in try d.arrive(at: t) }
    }

    /// Marks a delivery picked up.
    public func pickUp(_ deliveryID: Int64, at instant: Instant) throws {
        try transition(deliveryID, column: "pickedUpAtMs", at: instant) { d, t throws(ModelError) in try d.pickUp(at: t) }
    }

    /// Marks a delivery delivered.
    public func deliver(_ deliveryID: Int64, at instant: Instant) throws {
        try transition(deliveryID, column: "deliveredAtMs", at: instant) { d, t throws(ModelError) in try d.deliver(at: t) }
    }

    /// Marks a delivery cancelled.
    public func cancel(_ deliveryID: Int64, at instant: Instant) throws {
        try transition(deliveryID, column: "cancelledAtMs", at: instant) { d, t throws(ModelError) in try d.cancel(at: t) }
    }

    private func transition(_ id: Int64, column: String, at instant: Instant,
                            _ apply: (inout Delivery, Instant) throws(ModelError) -> Void) throws {
        try write {
            var delivery = try requireDelivery(id)
            try apply(&delivery, instant)
            let shift = try requireShift(delivery.shiftID)
            if let end = shift.end, instant > end { throw ModelError.outsideShift(what: "a delivery's events") }
            try connection.run("UPDATE delivery SET \(column) = ?2 WHERE id = ?1", [.integer(id), .instant(instant)])
        }
    }

    // MARK: - Outside tips

    /// Records a tip received outside what the platform paid.
    @discardableResult
    public func addTip(deliveryID: Int64, amount: Money, method: TipMethod, at instant: Instant) throws -> Int64 {
        let tip = try DeliveryTip(id: 0, deliveryID: deliveryID, amount: amount, method: method, recordedAt: instant)
        return try write {
            _ = try requireDelivery(deliveryID)
            try connection.run("INSERT INTO deliveryTip (deliveryId, amountE4, method, recordedAtMs) VALUES (?1, ?2, ?3, ?4)",
                               [.integer(deliveryID), .money(tip.amount), .text(tip.method.rawValue), .instant(tip.recordedAt)])
            return connection.lastInsertRowID
        }
    }

    /// The outside tips of a delivery, oldest first.
    public func tips(of deliveryID: Int64) throws -> [DeliveryTip] {
        try connection.query("SELECT id, deliveryId, amountE4, method, recordedAtMs FROM deliveryTip WHERE deliveryId = ?1 ORDER BY recordedAtMs, id",
                             [.integer(deliveryID)]).map(DeliveryTip.init(row:))
    }

    // MARK: - Pickup places

    /// The place named `name` (case-insensitively, over all of Unicode), created if new.
    @discardableResult
    public func pickupPlace(named name: String) throws -> PickupPlace {
        let place = try PickupPlace(id: 0, name: name)
        let key = PickupPlace.matchKey(place.name)
        return try write {
            if let row = try connection.query("SELECT id, name FROM pickupPlace WHERE matchKey = ?1", [.text(key)]).first {
                // Shown as the spelling that sorts first (docs/record.md): no file decides it by
                // coming first.
                let known = row["name"].string ?? place.name
                if place.name < known {
                    try connection.run("UPDATE pickupPlace SET name = ?2 WHERE id = ?1", [.integer(row.int("id")), .text(place.name)])
                    return try PickupPlace(id: row.int("id"), name: place.name)
                }
                return try PickupPlace(id: row.int("id"), name: known)
            }
            try connection.run("INSERT INTO pickupPlace (name, matchKey) VALUES (?1, ?2)", [.text(place.name), .text(key)])
            return try PickupPlace(id: connection.lastInsertRowID, name: place.name)
        }
    }

    private func requirePickupPlace(_ id: Int64) throws {
        guard try connection.scalar("SELECT 1 FROM pickupPlace WHERE id = ?1", [.integer(id)]) != nil else {
            throw ModelError.notFound(what: "pickup place", id: id)
        }
    }

    /// Names (or with nil, unnames) the pickup place of a delivery.
    public func setPickupPlace(_ deliveryID: Int64, placeID: Int64?) throws {
        try write {
            _ = try requireDelivery(deliveryID)
            if let placeID { try requirePickupPlace(placeID) }
            try connection.run("UPDATE delivery SET pickupPlaceId = ?2 WHERE id = ?1", [.integer(deliveryID), .int(placeID)])
        }
    }

    /// Deletes a pickup place; the deliveries that named it keep existing, with no place.
    public func deletePickupPlace(_ id: Int64) throws {
        try write {
            guard try connection.run("DELETE FROM pickupPlace WHERE id = ?1", [.integer(id)]) == 1 else {
                throw ModelError.notFound(what: "pickup place", id: id)
            }
        }
    }
}
