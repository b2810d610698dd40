import DashModel
import SQLiteKit

/// Row counts per table, for `store info`.
public struct StoreCounts: Sendable, Equatable {
    public let tables: [(name: String, rows: Int)]
    public static func == (lhs: StoreCounts, rhs: StoreCounts) -> Bool {
        lhs.tables.map { "\($0.name)=\($0.rows)" } == rhs.tables.map { "\($0.name)=\($0.rows)" }
    }
}

extension Store {
    /// The record's tables, in the order docs/store.md lists the entities, then schema v7's statement
    /// figures and the rows several imports hold, v8's replaced trip figures, then v9's route
    /// positions kept aside, v10's vehicle default and v12's odometer years and tax payments, and
    /// "0017"'s other income: every check of "nothing written" and of what the store may hold
    /// reads this list.
    public static let tableNames = ["shift", "shiftPause", "routeSuspension", "offer", "delivery", "deliveryTip", "deliveryLine",
                                    "pickupPlace", "expense", "routeSample", "captureSession", "importRecord", "shiftEarning",
                                    "importHolding", "deliveryReplaced", "routeSampleAside", "vehicleDefault",
                                    "vehicleOdometerYear", "taxPayment", "otherIncome", "deliveryDistance"]

    /// Rows in each table (the route's count comes from its index, without loading rows).
    public func counts() throws -> StoreCounts {
        StoreCounts(tables: try Store.tableNames.map { name in
            (name, Int(try connection.scalar("SELECT count(*) FROM \(name)")?.int64 ?? 0))
        })
    }

    /// Every structural fault, then whatever SQLite's integrity and foreign-key checks report.
    /// Damage found, or any error on the way (a page SQLite cannot read fails the first query
    /// that meets it), drops the stamp that let first writes skip these checks
    /// (VerifiedStamp.swift): the next write checks in full.
    public func structuralFaults() throws -> [StructuralFault] {
        do {
            let faults = try faultsFound()
            if faults.contains(where: { if case .integrity = $0 { true } else { false } }) { dropStamp() }
            return faults
        } catch {
            dropStamp()
            throw error
        }
    }

    private func dropStamp() {
        if let path { VerifiedStamp.remove(store: path) }
    }

    private func faultsFound() throws -> [StructuralFault] {
        var faults: [StructuralFault] = []
        for row in try connection.query("""
            SELECT d.id, d.shiftId FROM delivery d JOIN shift s ON s.id = d.shiftId
            WHERE s.endedAtMs IS NOT NULL AND d.deliveredAtMs IS NULL AND d.cancelledAtMs IS NULL ORDER BY d.id
            """) {
            faults.append(.activeDeliveryOnEndedShift(delivery: row.int("id"), shift: row.int("shiftId")))
        }
        for row in try connection.query("""
            SELECT p.id, p.shiftId FROM shiftPause p JOIN shift s ON s.id = p.shiftId
            WHERE s.endedAtMs IS NOT NULL AND p.endedAtMs IS NULL ORDER BY p.id
            """) {
            faults.append(.openPauseOnEndedShift(pause: row.int("id"), shift: row.int("shiftId")))
        }
        for row in try connection.query("""
            SELECT r.id, r.shiftId FROM routeSuspension r JOIN shift s ON s.id = r.shiftId
            WHERE s.endedAtMs IS NOT NULL AND r.endedAtMs IS NULL ORDER BY r.id
            """) {
            faults.append(.openSuspensionOnEndedShift(suspension: row.int("id"), shift: row.int("shiftId")))
        }
        for row in try connection.query("""
            SELECT d.id, d.shiftId FROM delivery d JOIN shift s ON s.id = d.shiftId
            WHERE (s.importId IS NOT NULL OR d.importId IS NULL) AND d.acceptedAtMs < s.startedAtMs
               OR ((s.importId IS NOT NULL OR d.importId IS NULL) AND s.endedAtMs IS NOT NULL AND (d.acceptedAtMs >= s.endedAtMs
                   OR max(coalesce(d.arrivedAtPickupAtMs, 0), coalesce(d.pickedUpAtMs, 0), coalesce(d.deliveredAtMs, 0),
                          coalesce(d.cancelledAtMs, 0)) > s.endedAtMs))
            ORDER BY d.id
            """) {
            faults.append(.deliveryOutsideShift(delivery: row.int("id"), shift: row.int("shiftId")))
        }
        // Per shift, two index range counts: samples before the start and after the end. Your
        // own shift keeps imported evidence just outside your times on purpose (docs/record.md:
        // kept, not counted), so only what you recorded, or a made shift's, is a fault there.
        for row in try connection.query("""
            SELECT s.id,
                   (SELECT count(*) FROM routeSample r WHERE r.shiftId = s.id AND r.recordedAtMs < s.startedAtMs)
                 + (SELECT count(*) FROM routeSample r WHERE r.shiftId = s.id AND r.recordedAtMs > s.endedAtMs) AS outside
            FROM shift s WHERE s.importId IS NOT NULL
               OR EXISTS (SELECT 1 FROM captureSession c WHERE c.shiftId = s.id AND c.importId IS NULL) ORDER BY s.id
            """) where row.int("outside") > 0 {
            faults.append(.samplesOutsideShift(shift: row.int("id"), count: Int(row.int("outside"))))
        }
        for row in try connection.query("SELECT o.id FROM offer o WHERE NOT EXISTS (SELECT 1 FROM delivery d WHERE d.offerId = o.id) ORDER BY o.id") {
            faults.append(.emptyOffer(offer: row.int("id")))
        }
        let beyond = try amountsBeyondRecordable()
        // Lines beyond the bound are listed above; their sums could overflow SQLite's sum(),
        // which then fails naming nothing, so their deliveries are left out of this comparison.
        let bound = Money.largestRecordable.units
        for row in try connection.query("""
            SELECT d.id FROM delivery d
            JOIN (SELECT deliveryId, sum(amountE4) AS amount, sum(tipsE4) AS tips FROM deliveryLine
                  WHERE deliveryId NOT IN (SELECT deliveryId FROM deliveryLine
                                           WHERE amountE4 NOT BETWEEN -?1 AND ?1 OR tipsE4 NOT BETWEEN -?1 AND ?1)
                  GROUP BY deliveryId) l ON l.deliveryId = d.id
            WHERE d.ownAmountE4 IS NOT l.amount OR d.platformTipsE4 IS NOT l.tips ORDER BY d.id
            """, [.integer(bound)]) {
            faults.append(.deliveryLinesDisagree(delivery: row.int("id")))
        }
        faults += beyond
        faults += try staleRouteFigures().map { .routeFigureDiffers(shift: $0) }
        do {
            for row in try connection.query("PRAGMA integrity_check") {
                if let text = row[0].string, text != "ok" { faults.append(.integrity(text)) }
            }
            for row in try connection.query("PRAGMA foreign_key_check") {
                faults.append(.integrity("broken reference in \(row[0].string ?? "?") row \(row[1].int64 ?? 0)"))
            }
        } catch {
            // An error from the check is corruption too (docs/facts.md, "SQLite").
            faults.append(.integrity("\(error)"))
        }
        return faults
    }
}

extension Store {
    /// Every money column of the record, by table, as the schema names them.
    static let moneyColumns: [(table: String, columns: [String])] = [
        ("shift", ["grossEarningsE4", "platformTipsE4", "fuelMpgE4", "fuelPricePerGallonE4"]),
        ("delivery", ["ownAmountE4", "platformTipsE4", "feesE4"]),
        ("deliveryReplaced", ["ownAmountE4", "platformTipsE4", "feesE4"]), ("deliveryTip", ["amountE4"]), ("deliveryLine", ["amountE4", "tipsE4"]),
        ("expense", ["amountE4"]), ("taxPayment", ["amountE4"]), ("otherIncome", ["amountE4"]),
    ]

    /// Each stored amount whose magnitude is beyond `Money.largestRecordable` (issue 12, item 7):
    /// written before the bound, or by hand. The reason a report's sum can overflow.
    func amountsBeyondRecordable() throws -> [StructuralFault] {
        var faults: [StructuralFault] = []
        for (table, columns) in Store.moneyColumns {
            for column in columns {
                for row in try connection.query("SELECT id FROM \(table) WHERE \(column) NOT BETWEEN -?1 AND ?1 ORDER BY id",
                                                [.integer(Money.largestRecordable.units)]) {
                    faults.append(.amountBeyondRecordable(table: table, id: row.int("id"), column: String(column.dropLast(2))))
                }
            }
        }
        return faults
    }
}
