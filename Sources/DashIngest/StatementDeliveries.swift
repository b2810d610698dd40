import DashImport
import DashModel
import DashStore

extension StatementIngest {
    /// Puts delivery rows on the shifts that hold their acceptance, each as an offer of one
    /// delivery with its own pay. A row the template keys by the platform's trip id is that trip:
    /// found again, the same figures change nothing, other figures are refused naming both (a
    /// recorded pay is replaced only with `--replace`), and a trip first made from money lines
    /// takes the row's times. A row keyed by its content is added unless the store already holds
    /// it as often as this file does (overlapping statements give the union).
    static func addDeliveries(_ rows: [DeliveryRow], store: Store, parking: EvidenceParking, platform: String?, replace: Bool,
                              counts: inout Counts, conflicts: inout [RowProblem], touched: inout [Interval]) throws {
        let importID = parking.importID
        // Rows still to place, by index (the rows themselves are not copied).
        var pending: [Int] = []
        var tripLine: [RecordKey: Int] = [:]
        try HeldRecords.upgrade(store, .delivery, rows.map { ($0.legacyRecordKey, $0.recordKey) })
        var stored = try KeyUnion(store: store, table: .delivery, expectedKeys: rows.count)
        var held = HeldRecords(store: store, importID: importID, entity: .delivery)
        for (index, row) in rows.enumerated() {
            guard row.keyIsDeclared else {
                pending.append(index)
                continue
            }
            if let first = tripLine[row.recordKey] {
                conflicts.append(RowProblem(line: row.line, column: "trip", message: "the same trip as line \(first); a trip is one row"))
                continue
            }
            tripLine[row.recordKey] = row.line
            guard try stored.inStore(row.recordKey) > 0, let existing = try store.delivery(recordKey: row.recordKey) else {
                pending.append(index)
                continue
            }
            if try reconcile(row, with: existing, store: store, parking: parking, replace: replace, counts: &counts, conflicts: &conflicts,
                             touched: &touched) {
                try store.hold(.delivery, rowID: existing.id, importID: importID)
                // This file states the trip's distance too (never added to another file's: one trip, one distance).
                if let distance = row.distanceMillimetres { try store.stateTripDistance(existing.id, millimetres: distance, importID: importID) }
            }
        }
        try stage(pending, of: rows, parking: parking, platform: platform, stored: &stored, held: &held, counts: &counts, conflicts: &conflicts)
    }

    /// Judges each row still to place and numbers it, staged on the parked shift: it is written
    /// once, where the planner puts it (StagedDeliveries.swift), never written and then moved.
    private static func stage(_ pending: [Int], of rows: [DeliveryRow], parking: EvidenceParking, platform: String?,
                              stored: inout KeyUnion, held: inout HeldRecords, counts: inout Counts, conflicts: inout [RowProblem]) throws {
        guard !pending.isEmpty else { return }
        let store = parking.store
        let writer = try store.deliveryBatchWriter(importID: parking.importID)
        // Per staged delivery (its tag), the row; ids are consecutive from the first reserved.
        var chosen: [Int32] = []
        chosen.reserveCapacity(pending.count)
        var firstIDs: (offer: Int64, delivery: Int64)?
        var places: [String: Int64] = [:]
        for rowIndex in pending {
            let row = rows[rowIndex]
            if !row.keyIsDeclared, !(try stored.admits(row.recordKey)) {
                counts.unchanged += 1
                // Its key holds its distance: the row held states the same one.
                if let id = try held.hold(row.recordKey), let distance = row.distanceMillimetres {
                    try store.stateTripDistance(id, millimetres: distance, importID: parking.importID)
                }
                continue
            }
            if row.platform ?? platform == nil, row.own != nil {
                conflicts.append(RowProblem(line: row.line, column: "platform", message: """
                    the row gives pay but names no platform (docs/record.md: every amount keeps its platform); \
                    map a platform column, give the template a platform, or pass --platform NAME
                    """))
                continue
            }
            do {
                if let name = row.pickup, places[name] == nil { places[name] = try store.pickupPlace(named: name).id }
                try DeliveryBatchWriter.check(acceptedAt: row.accepted, deliveredAt: row.delivered, own: row.own, fees: row.amounts.fees)
            } catch let error as ModelError {
                conflicts.append(RowProblem(line: row.line, column: nil, message: "\(error) (shift \(try parking.shift()))"))
                continue
            }
            let ids = writer.reserve()
            if firstIDs == nil { firstIDs = ids }
            chosen.append(Int32(truncatingIfNeeded: rowIndex))
            counts.deliveries += 1
        }
        guard let firstIDs else {
            writer.close()
            return
        }
        let staged = StagedDeliveries(parkedShiftID: try parking.shift(), importID: parking.importID, firstID: firstIDs.delivery, count: chosen.count,
                                      times: { tag in
            let row = rows[Int(chosen[tag])]
            return (row.accepted.millisecondsSinceEpoch, row.delivered.millisecondsSinceEpoch)
        }, write: { placements in
            for placement in placements {
                let row = rows[Int(chosen[placement.tag])], tag = Int64(placement.tag)
                try writer.add((firstIDs.offer + tag, firstIDs.delivery + tag), shiftID: placement.shiftID, acceptedAt: row.accepted,
                               deliveredAt: row.delivered, own: row.own, fees: row.amounts.fees, platform: row.platform ?? platform,
                               pickupPlaceID: row.pickup.flatMap { places[$0] }, recordKey: row.recordKey,
                               distanceMillimetres: row.distanceMillimetres)
            }
            try writer.flush()
        }, done: writer.close)
        parking.staged = staged
    }

    /// A trip row whose trip the store already holds (from an earlier statement, or its money
    /// lines). True when the row states the trip as recorded (this import then holds it too).
    static func reconcile(_ row: DeliveryRow, with existing: Delivery, store: Store, parking: EvidenceParking, replace: Bool,
                          counts: inout Counts, conflicts: inout [RowProblem], touched: inout [Interval]) throws -> Bool {
        let lines = try store.deliveryLineCount(deliveryID: existing.id)
        var changed = false
        if existing.acceptedAt != row.accepted || existing.deliveredAt != row.delivered {
            // A trip first made from its money lines sits at its first line's time until a trips
            // file gives its own.
            if lines > 0, existing.deliveredAt == existing.acceptedAt {
                do {
                    // Given its times on its shift (which so keeps its id, docs/shifts-from-evidence.md),
                    // then planned again from where its lines had put it to where its times say.
                    touched.append(try Interval(start: min(existing.acceptedAt, row.accepted), end: max(existing.acceptedAt, row.delivered)))
                    try store.retimeDelivery(existing.id, accepted: row.accepted, delivered: row.delivered)
                    counts.timesSet += 1
                    changed = true
                } catch let error as ModelError {
                    conflicts.append(RowProblem(line: row.line, column: "accepted", message: "delivery \(existing.id) of this trip: \(error)"))
                    return false
                }
            } else {
                conflicts.append(RowProblem(line: row.line, column: "accepted", message: """
                    delivery \(existing.id) of this trip is recorded from \(existing.acceptedAt) to \(existing.deliveredAt.map { "\($0)" } ?? "-"); \
                    the statement says \(row.accepted) to \(row.delivered)
                    """))
                return false
            }
        }
        let fees = row.amounts.fees
        if let own = row.own, own != existing.ownAmount || (fees != nil && fees != existing.fees) {
            let recorded = existing.ownAmount.map(describe) ?? "no pay recorded"
            let said = describe(own) + (fees.map { ", fees \($0.formatted())" } ?? "")
            let had = recorded + (existing.fees.map { ", fees \($0.formatted())" } ?? "")
            if lines > 0 {
                conflicts.append(RowProblem(line: row.line, column: "pay", message: """
                    delivery \(existing.id) of this trip has pay \(recorded) from its statement lines; the statement says \(describe(own))
                    """))
                return false
            }
            guard replace else {
                conflicts.append(RowProblem(line: row.line, column: "pay", message: """
                    delivery \(existing.id) of this trip has \(had); the statement says \(said) (pass --replace to take the statement's)
                    """))
                return false
            }
            // The figures it had come back when this import is undone; this import holds the
            // trip too, as its file states it.
            try store.replaceImportedDeliveryFigures(existing.id, own: own, fees: fees ?? existing.fees, importID: parking.importID)
            counts.deliveryPayReplaced += 1
            return true
        }
        if !changed { counts.unchanged += 1 }
        // The same trip, or one it gave its times: this import states it (its times stay while
        // it is, and go back to the lines' when it is undone).
        return true
    }
}
