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
}

/// Adds imported deliveries, one offer each: the bulk path of a statement import. Rows are
/// written `batchSize` to an INSERT (one statement per row cost a third of a 100,000-row import:
/// each opens and closes a statement journal), with ids given here, counted on from the
/// largest the tables have used, so `add` can answer a delivery's id before it is written (an
/// id someone else took meanwhile would fail the insert, never be shared). The caller has
/// placed each row on a shift that holds it (nothing here reads) and holds the transaction.
public final class DeliveryBatchWriter {
    static let batchSize = 32
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

    private lazy var one = prepared(rows: 1)
    private lazy var many = prepared(rows: Self.batchSize)

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
        _ = try Delivery(id: 0, shiftID: shiftID, offerID: 0, acceptedAt: acceptedAt, deliveredAt: deliveredAt, ownAmount: own, fees: fees)
        guard !store.connection.isAutocommit else { throw RouteWriterError.outsideTransaction }
        let offerID = nextOfferID, deliveryID = nextDeliveryID
        nextOfferID += 1
        nextDeliveryID += 1
        offers += [.integer(offerID), .instant(acceptedAt), .string(platform), .integer(importID)]
        deliveries += [.integer(deliveryID), .integer(shiftID), .integer(offerID), .instant(acceptedAt), .instant(deliveredAt),
                       .money(own?.amount), .money(own?.tips), .int(pickupPlaceID), .integer(importID), .text(recordKey.hex), .money(fees)]
        pending += 1
        if pending == Self.batchSize { try flush() }
        return deliveryID
    }

    /// Writes the rows added so far.
    public func flush() throws {
        guard pending > 0 else { return }
        if pending == Self.batchSize {
            let (offer, delivery) = try many.get()
            try offer.bind(offers)
            try offer.execute()
            try delivery.bind(deliveries)
            try delivery.execute()
        } else {
            let (offer, delivery) = try one.get()
            for row in 0..<pending {
                try offer.bind(Array(offers[(row * 4)..<(row * 4 + 4)]))
                try offer.execute()
                try delivery.bind(Array(deliveries[(row * Self.deliveryWidth)..<((row + 1) * Self.deliveryWidth)]))
                try delivery.execute()
            }
        }
        offers.removeAll(keepingCapacity: true)
        deliveries.removeAll(keepingCapacity: true)
        pending = 0
    }

    /// Finalizes the statements; rows not flushed are dropped (`withDeliveryBatch` flushes).
    func close() {
        for statement in statements { statement.finalize() }
    }
}
