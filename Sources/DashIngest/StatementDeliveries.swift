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
            }
        }
        let placement = try place(pending.map { Placeable(line: rows[$0].line, accepted: rows[$0].accepted, delivered: rows[$0].delivered) },
                                  parking: parking)
        var places: [String: Int64] = [:]
        try store.withDeliveryBatch(importID: importID) { writer in
            for (index, rowIndex) in pending.enumerated() {
                guard let (shiftID, end) = placement[index] else { continue }
                let row = rows[rowIndex]
                if !row.keyIsDeclared, !(try stored.admits(row.recordKey)) {
                    counts.unchanged += 1
                    try held.hold(row.recordKey)
                    continue
                }
                _ = end
                let rowPlatform = row.platform ?? platform
                if rowPlatform == nil, row.own != nil {
                    conflicts.append(RowProblem(line: row.line, column: "platform", message: """
                        the row gives pay but names no platform (docs/record.md: every amount keeps its platform); \
                        map a platform column, give the template a platform, or pass --platform NAME
                        """))
                    continue
                }
                do {
                    var place: Int64?
                    if let name = row.pickup {
                        if let known = places[name] { place = known } else {
                            let id = try store.pickupPlace(named: name).id
                            places[name] = id
                            place = id
                        }
                    }
                    try writer.add(shiftID: shiftID, acceptedAt: row.accepted, deliveredAt: row.delivered, own: row.own, fees: row.amounts.fees,
                                   platform: rowPlatform,
                                   pickupPlaceID: place, recordKey: row.recordKey)
                    counts.deliveries += 1
                } catch let error as ModelError {
                    conflicts.append(RowProblem(line: row.line, column: nil, message: "\(error) (shift \(shiftID))"))
                }
            }
        }
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
                    // Parked with its times: the planner puts it on the shift they say, and plans
                    // again where its lines had put it.
                    touched.append(try Interval(start: existing.acceptedAt, end: existing.acceptedAt))
                    try store.retimeDelivery(existing.id, accepted: row.accepted, delivered: row.delivered, onto: try parking.shift())
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
