import DashModel
import SQLiteKit

extension Store {
    /// Runs `body` with a writer that adds imported deliveries in batches, and writes what is
    /// still pending when `body` returns. Inside a transaction the caller holds.
    public func withDeliveryBatch<T>(importID: Int64, _ body: (DeliveryBatchWriter) throws -> T) throws -> T {
        let writer = try DeliveryBatchWriter(store: self, importID: importID)
        defer { writer.close() }
        let result = try body(writer)
        try writer.flush()
        return result
    }

    /// A writer the caller keeps across several steps of its import (staged deliveries are
    /// written island by island): the caller flushes after each step and closes it at the end.
    public func deliveryBatchWriter(importID: Int64) throws -> DeliveryBatchWriter {
        try DeliveryBatchWriter(store: self, importID: importID)
    }
}

/// Adds imported deliveries, one offer each: the bulk path of a statement import. Rows are
/// written `batchSize` to an INSERT (one statement per row cost a third of a 100,000-row import:
/// each opens and closes a statement journal), with ids given here, counted on from the
/// largest the tables have used, so `add` can answer a delivery's id before it is written (an
/// id someone else took meanwhile would fail the insert, never be shared). The caller has
/// placed each row on a shift that holds it (nothing here reads) and holds the transaction.
public final class DeliveryBatchWriter {
    static let batchSize = 128
    private static let deliveryWidth = 11
    private static let offerColumns = "(id, acceptedAtMs, platform, importId)"
    private static let deliveryColumns = "(id, shiftId, offerId, acceptedAtMs, deliveredAtMs, ownAmountE4, platformTipsE4, pickupPlaceId, importId, recordKey, feesE4)"

    private let store: Store
    private let importID: Int64
    private var statements: [Statement] = []
    private var nextOfferID: Int64
    private var nextDeliveryID: Int64
    /// Bound values of the rows not yet written, row after row.
    private var offers: [SQLValue] = []
    private var deliveries: [SQLValue] = []
    private var pending = 0
    /// The platform-reported distances of the rows not yet written: (delivery id, millimetres).
    private var distances: [(delivery: Int64, millimetres: Int64)] = []

    init(store: Store, importID: Int64) throws {
        self.store = store
        self.importID = importID
        func next(_ table: String) throws -> Int64 {
            let used = try store.connection.scalar("""
                SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = '\(table)'), 0), coalesce((SELECT max(id) FROM \(table)), 0))
                """)?.int64 ?? 0
            return used + 1
        }
        nextOfferID = try next("offer")
        nextDeliveryID = try next("delivery")
        offers.reserveCapacity(Self.batchSize * 4)
        deliveries.reserveCapacity(Self.batchSize * Self.deliveryWidth)
    }

    /// The INSERTs of a given number of rows (a power of two), prepared when first needed: rows
    /// written one statement each opened a statement journal each, whose cost grows with the
    /// transaction, and staged deliveries are flushed island by island, a remainder each.
    private var byCount: [Int: Result<(offer: Statement, delivery: Statement), Error>] = [:]

    private func statements(rows: Int) -> Result<(offer: Statement, delivery: Statement), Error> {
        if let known = byCount[rows] { return known }
        let made = prepared(rows: rows)
        byCount[rows] = made
        return made
    }

    private func prepared(rows: Int) -> Result<(offer: Statement, delivery: Statement), Error> {
        Result {
            func values(_ columns: Int) -> String {
                (0..<rows).map { row in "(" + (1...columns).map { "?\(row * columns + $0)" }.joined(separator: ", ") + ")" }.joined(separator: ", ")
            }
            let offer = try store.connection.prepare("INSERT INTO offer \(Self.offerColumns) VALUES \(values(4))")
            let delivery = try store.connection.prepare("INSERT INTO delivery \(Self.deliveryColumns) VALUES \(values(Self.deliveryWidth))")
            statements += [offer, delivery]
            return (offer, delivery)
        }
    }

    /// Adds one delivered delivery and returns its id (written by the next `flush` at the
    /// latest). The record's rules on the delivery itself (times in order, tips within the pay)
    /// are checked here, so a bad row is refused by itself.
    @discardableResult
    public func add(shiftID: Int64, acceptedAt: Instant, deliveredAt: Instant, own: PaidAmount?, fees: Money? = nil, platform: String?,
                    pickupPlaceID: Int64?, recordKey: RecordKey) throws -> Int64 {
        try Self.check(acceptedAt: acceptedAt, deliveredAt: deliveredAt, own: own, fees: fees)
        let ids = reserve()
        try add(ids, shiftID: shiftID, acceptedAt: acceptedAt, deliveredAt: deliveredAt, own: own, fees: fees, platform: platform,
                pickupPlaceID: pickupPlaceID, recordKey: recordKey)
        return ids.delivery
    }

    /// The record's rules on a delivery by itself (times in order, tips within the pay): what
    /// ``add(shiftID:acceptedAt:deliveredAt:own:fees:platform:pickupPlaceID:recordKey:)`` checks.
    public static func check(acceptedAt: Instant, deliveredAt: Instant, own: PaidAmount?, fees: Money?) throws {
        _ = try Delivery(id: 0, shiftID: 0, offerID: 0, acceptedAt: acceptedAt, deliveredAt: deliveredAt, ownAmount: own, fees: fees)
    }

    /// The ids the next delivery and its offer take, given now and written later by
    /// ``add(_:shiftID:acceptedAt:deliveredAt:own:fees:platform:pickupPlaceID:recordKey:)``.
    public func reserve() -> (offer: Int64, delivery: Int64) {
        defer {
            nextOfferID += 1
            nextDeliveryID += 1
        }
        return (nextOfferID, nextDeliveryID)
    }

    /// Adds a delivery, checked by ``check(acceptedAt:deliveredAt:own:fees:)``, with ids
    /// ``reserve()`` gave.
    /// `distanceMillimetres`: the trip's distance as its platform reports it (a trips file's
    /// distance column), stated by this import (TripDistanceSchema.swift).
    public func add(_ ids: (offer: Int64, delivery: Int64), shiftID: Int64, acceptedAt: Instant, deliveredAt: Instant, own: PaidAmount?,
                    fees: Money?, platform: String?, pickupPlaceID: Int64?, recordKey: RecordKey, distanceMillimetres: Int64? = nil) throws {
        guard !store.connection.isAutocommit else { throw RouteWriterError.outsideTransaction }
        let (offerID, deliveryID) = ids
        offers += [.integer(offerID), .instant(acceptedAt), .string(platform), .integer(importID)]
        deliveries += [.integer(deliveryID), .integer(shiftID), .integer(offerID), .instant(acceptedAt), .instant(deliveredAt),
                       .money(own?.amount), .money(own?.tips), .int(pickupPlaceID), .integer(importID), .text(recordKey.hex), .money(fees)]
        if let distanceMillimetres { distances.append((deliveryID, distanceMillimetres)) }
        pending += 1
        if pending == Self.batchSize { try flush() }
    }

    /// Writes the rows added so far.
    public func flush() throws {
        guard pending > 0 else { return }
        // In chunks of powers of two (a full batch is one): at most eight statement sizes are
        // ever prepared, and a remainder of r rows takes one statement per bit of r.
        var row = 0
        while row < pending {
            var rows = Self.batchSize
            while rows > pending - row { rows /= 2 }
            let (offer, delivery) = try statements(rows: rows).get()
            try offer.bind(Array(offers[(row * 4)..<((row + rows) * 4)]))
            try offer.execute()
            try delivery.bind(Array(deliveries[(row * Self.deliveryWidth)..<((row + rows) * Self.deliveryWidth)]))
            try delivery.execute()
            row += rows
        }
        offers.removeAll(keepingCapacity: true)
        deliveries.removeAll(keepingCapacity: true)
        pending = 0
        try flushDistances()
    }

    /// The distances of the rows just written, in batches as the rows are (their trips exist now).
    private func flushDistances() throws {
        var row = 0
        while row < distances.count {
            var rows = Self.batchSize
            while rows > distances.count - row { rows /= 2 }
            let statement = try distanceStatement(rows: rows)
            try statement.bind(distances[row..<(row + rows)].flatMap { [.integer($0.delivery), .integer(importID), .integer($0.millimetres)] })
            try statement.execute()
            row += rows
        }
        distances.removeAll(keepingCapacity: true)
    }

    private var distanceByCount: [Int: Statement] = [:]

    private func distanceStatement(rows: Int) throws -> Statement {
        if let known = distanceByCount[rows] { return known }
        let values = (0..<rows).map { "(?\($0 * 3 + 1), ?\($0 * 3 + 2), ?\($0 * 3 + 3))" }.joined(separator: ", ")
        let statement = try store.connection.prepare("INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES \(values)")
        statements.append(statement)
        distanceByCount[rows] = statement
        return statement
    }

    /// Finalizes the statements; rows not flushed are dropped (`withDeliveryBatch` flushes).
    public func close() {
        for statement in statements { statement.finalize() }
    }
}
