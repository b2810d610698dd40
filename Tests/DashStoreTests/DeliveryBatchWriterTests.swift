import DashModel
@testable import DashStore
import SQLiteKit
import Testing
import TestSupport

/// The bulk path of a statement import: batched inserts with ids given ahead, and the record
/// counts an import compares its rows with.
@Suite struct DeliveryBatchWriterTests {
    static func key(_ n: Int) -> RecordKey { RecordKey(words: (0, 0, 0, 0, 0, 0, 0, UInt32(n))) }

    func store() throws -> (Store, shift: Int64, importID: Int64) {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(24 * 60))
        let importID = try store.write {
            try store.beginImport(kind: .statement, fileName: "a.csv", sha256: String(repeating: "a", count: 64), template: "t", at: minute(0))
        }
        return (store, shift, importID)
    }

    /// Two whole batches and a part: every row written once, each under the id `add` answered,
    /// with its own offer.
    @Test func everyRowIsWrittenUnderTheIdItWasGiven() throws {
        let (store, shift, importID) = try store()
        let count = DeliveryBatchWriter.batchSize * 2 + 5
        var given: [Int64: Int] = [:]
        try store.write {
            try store.withDeliveryBatch(importID: importID) { writer in
                for n in 0..<count {
                    let id = try writer.add(shiftID: shift, acceptedAt: minute(Int64(n)), deliveredAt: minute(Int64(n) + 1),
                                            own: try paid("\(n).25", tips: n % 2 == 0 ? "0.25" : nil), platform: "DoorDash",
                                            pickupPlaceID: nil, recordKey: Self.key(n))
                    given[id] = n
                }
            }
        }
        #expect(given.count == count)
        let rows = try store.connection.query("""
            SELECT d.id, d.acceptedAtMs, d.ownAmountE4, d.platformTipsE4, d.recordKey, o.acceptedAtMs, o.platform, d.importId, o.importId
            FROM delivery d JOIN offer o ON o.id = d.offerId ORDER BY d.id
            """)
        #expect(rows.count == count)
        for row in rows {
            let n = try #require(row[0].int64.flatMap { given[$0] })
            #expect(row[1] == .integer(minute(Int64(n)).millisecondsSinceEpoch))
            #expect(row[2] == .integer(Int64(n) * 10_000 + 2_500))
            #expect(row[3] == (n % 2 == 0 ? .integer(2_500) : .null))
            #expect(row[4] == .text(Self.key(n).hex))
            #expect(row[5] == row[1] && row[6] == .text("DoorDash"))
            #expect(row[7] == .integer(importID) && row[8] == .integer(importID))
        }
        #expect(try store.connection.scalar("SELECT count(DISTINCT offerId) FROM delivery") == .integer(Int64(count)))
    }

    /// Ids are counted on from the largest ever used: a deleted delivery's id is not reused.
    @Test func idsFollowTheLargestEverUsed() throws {
        let (store, shift, importID) = try store()
        let first = try store.acceptOffer(shiftID: shift, at: minute(5), deliveries: [NewDelivery(deliveredAt: minute(6))])
        let firstID = try #require(first.deliveries.first)
        try store.connection.run("DELETE FROM delivery")
        try store.connection.run("DELETE FROM offer")
        let id = try store.write {
            try store.withDeliveryBatch(importID: importID) { writer in
                try writer.add(shiftID: shift, acceptedAt: minute(10), deliveredAt: minute(11), own: nil, platform: nil,
                               pickupPlaceID: nil, recordKey: Self.key(1))
            }
        }
        #expect(id == firstID + 1)
        #expect(try store.connection.scalar("SELECT offerId FROM delivery WHERE id = ?1", [.integer(id)]) == .integer(first.offer + 1))
    }

    /// A row that breaks the record's rules is refused by itself, at `add`; the rest are written.
    @Test func aBadRowIsRefusedAlone() throws {
        let (store, shift, importID) = try store()
        try store.write {
            try store.withDeliveryBatch(importID: importID) { writer in
                try writer.add(shiftID: shift, acceptedAt: minute(10), deliveredAt: minute(11), own: nil, platform: nil,
                               pickupPlaceID: nil, recordKey: Self.key(1))
                #expect(throws: ModelError.self) {
                    try writer.add(shiftID: shift, acceptedAt: minute(20), deliveredAt: minute(19), own: nil, platform: nil,
                                   pickupPlaceID: nil, recordKey: Self.key(2))
                }
                try writer.add(shiftID: shift, acceptedAt: minute(30), deliveredAt: minute(31), own: nil, platform: nil,
                               pickupPlaceID: nil, recordKey: Self.key(3))
            }
        }
        #expect(try store.connection.scalar("SELECT group_concat(recordKey, ' ') FROM delivery") == .text("\(Self.key(1).hex) \(Self.key(3).hex)"))
    }

    /// An id someone else took while rows were pending makes the write fail; nothing is shared.
    @Test func anIdTakenMeanwhileFailsTheWrite() throws {
        let (store, shift, importID) = try store()
        #expect(throws: SQLiteError.self) {
            try store.write {
                try store.withDeliveryBatch(importID: importID) { writer in
                    try writer.add(shiftID: shift, acceptedAt: minute(10), deliveredAt: minute(11), own: nil, platform: nil,
                                   pickupPlaceID: nil, recordKey: Self.key(1))
                    _ = try store.acceptOffer(shiftID: shift, at: minute(12), deliveries: [NewDelivery(deliveredAt: minute(13))])
                }
            }
        }
        #expect(try store.connection.scalar("SELECT count(*) FROM delivery") == .integer(0))
    }

    @Test func outsideATransactionNothingIsAdded() throws {
        let (store, shift, importID) = try store()
        #expect(throws: RouteWriterError.outsideTransaction) {
            try store.withDeliveryBatch(importID: importID) { writer in
                try writer.add(shiftID: shift, acceptedAt: minute(10), deliveredAt: minute(11), own: nil, platform: nil,
                               pickupPlaceID: nil, recordKey: Self.key(1))
            }
        }
    }

    /// Read at once or key by key, the counts are the store's before the import wrote anything.
    @Test(arguments: [nil, 0]) func keyCountsAreTakenBeforeTheImportWrites(loadLimit: Int?) throws {
        let (store, shift, importID) = try store()
        try store.write {
            try store.withDeliveryBatch(importID: importID) { writer in
                for n in [1, 2, 2] {
                    try writer.add(shiftID: shift, acceptedAt: minute(10), deliveredAt: minute(11), own: nil, platform: nil,
                                   pickupPlaceID: nil, recordKey: Self.key(n))
                }
            }
        }
        var counts = try RecordKeyCounts(store: store, table: .delivery, expectedKeys: 3, loadLimit: loadLimit)
        #expect(counts.isLoaded == (loadLimit == nil))
        #expect(try counts.count(Self.key(2)) == 2)
        #expect(try counts.count(Self.key(3)) == 0)
        try store.write {
            try store.withDeliveryBatch(importID: importID) { writer in
                for n in [2, 3] {
                    try writer.add(shiftID: shift, acceptedAt: minute(20), deliveredAt: minute(21), own: nil, platform: nil,
                                   pickupPlaceID: nil, recordKey: Self.key(n))
                }
            }
        }
        #expect(try counts.count(Self.key(1)) == 1)
        #expect(try counts.count(Self.key(2)) == 2, "the count from before the import's own rows")
        #expect(try counts.count(Self.key(3)) == 0)
        var lines = try RecordKeyCounts(store: store, table: .deliveryLine, expectedKeys: 1, loadLimit: loadLimit)
        #expect(try lines.count(Self.key(1)) == 0)
    }
}
