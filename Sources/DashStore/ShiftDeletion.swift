import DashModel
import SQLiteKit

/// Everything a shift deletion removes, and every amount recorded on it: what the command line
/// names before it asks, and what it reports after.
public struct ShiftDeletion: Sendable, Equatable {
    public struct DeliveryAmounts: Sendable, Equatable {
        public let deliveryID: Int64
        public let ownAmount: PaidAmount?
        public let outsideTips: [DeliveryTip]
    }

    public let shift: Shift
    public let routeSamples: Int
    public let captureSessions: Int
    public let pauses: Int
    public let suspensions: Int
    public let deliveries: [DeliveryAmounts]
    /// Offers that hold no other shift's deliveries and so go with this one.
    public let offers: Int
}

/// The shift changed between the preview a person confirmed and the delete.
public struct ShiftChangedError: Error, Sendable, CustomStringConvertible {
    public let shiftID: Int64
    public var description: String { "shift \(shiftID) changed since it was shown; nothing was deleted, run the command again" }
}

extension Store {
    /// What deleting `shiftID` would remove, without removing anything. Refuses an active shift.
    public func deletionPreview(_ shiftID: Int64) throws -> ShiftDeletion {
        let shift = try requireShift(shiftID)
        guard shift.isCompleted else { throw ModelError.deleteActiveShift }
        func count(_ sql: String) throws -> Int { Int(try connection.scalar(sql, [.integer(shiftID)])?.int64 ?? 0) }
        let deliveries = try self.deliveries(of: shiftID).map {
            ShiftDeletion.DeliveryAmounts(deliveryID: $0.id, ownAmount: $0.ownAmount, outsideTips: try tips(of: $0.id))
        }
        return ShiftDeletion(
            shift: shift,
            routeSamples: try count("SELECT count(*) FROM routeSample WHERE shiftId = ?1"),
            captureSessions: try count("SELECT count(*) FROM captureSession WHERE shiftId = ?1"),
            pauses: try count("SELECT count(*) FROM shiftPause WHERE shiftId = ?1"),
            suspensions: try count("SELECT count(*) FROM routeSuspension WHERE shiftId = ?1"),
            deliveries: deliveries,
            offers: try count("""
                SELECT count(DISTINCT o.offerId) FROM delivery o WHERE o.shiftId = ?1
                AND NOT EXISTS (SELECT 1 FROM delivery x WHERE x.offerId = o.offerId AND x.shiftId <> ?1)
                """))
    }

    /// Deletes a completed shift and everything that describes only it, in one transaction: its
    /// route samples and capture sessions (fetched and deleted explicitly: the route has no
    /// cascade), its pauses, parked stretches, deliveries and their tips (cascades), and offers
    /// left empty. Pickup places and expenses stay. An import left with nothing in the store is
    /// forgotten, so its file can be imported again. A refused or failed delete changes nothing.
    ///
    /// The route's rows are removed by DELETE statements inside this same `BEGIN IMMEDIATE`
    /// transaction, not by anything beneath it, so a failure anywhere rolls them back with the
    /// rest. Returns what was removed.
    ///
    /// With `expected` (the preview a person confirmed), the delete is refused, changing
    /// nothing, if the shift changed in between (another process added to it, say): a person
    /// never deletes amounts they were not shown.
    @discardableResult
    public func deleteCompletedShift(_ shiftID: Int64, expected: ShiftDeletion? = nil) throws -> ShiftDeletion {
        try write {
            let preview = try deletionPreview(shiftID)
            if let expected, expected != preview { throw ShiftChangedError(shiftID: shiftID) }
            let id: [SQLValue] = [.integer(shiftID)]
            let offerIDs = try connection.query("SELECT DISTINCT offerId FROM delivery WHERE shiftId = ?1", id).map { $0.int("offerId") }
            // The imports that added to this shift: one left with nothing in the store is
            // forgotten too, so the same file can be imported again.
            let importIDs = try connection.query("""
                SELECT importId FROM shift WHERE id = ?1 AND importId IS NOT NULL
                UNION SELECT earningsImportId FROM shift WHERE id = ?1 AND earningsImportId IS NOT NULL
                UNION SELECT importId FROM captureSession WHERE shiftId = ?1 AND importId IS NOT NULL
                UNION SELECT importId FROM delivery WHERE shiftId = ?1 AND importId IS NOT NULL
                UNION SELECT l.importId FROM deliveryLine l JOIN delivery d ON d.id = l.deliveryId WHERE d.shiftId = ?1
                """, id).map { $0.int("importId") }
            let removedSamples = try connection.run("DELETE FROM routeSample WHERE shiftId = ?1", id)
            guard removedSamples == preview.routeSamples else {
                throw CorruptRecordError(table: "routeSample", id: shiftID, detail: "route changed while deleting")
            }
            try connection.run("DELETE FROM routeSampleAside WHERE captureSessionId IN (SELECT id FROM captureSession WHERE shiftId = ?1)", id)
            try connection.run("DELETE FROM captureSession WHERE shiftId = ?1", id)
            try connection.run("DELETE FROM shift WHERE id = ?1", id)  // cascades: pauses, suspensions, deliveries, tips
            // A shift once joined into this one is forgotten with the work it held (JoinedShifts.swift).
            try forgetVanishedJoined()
            for offerID in offerIDs {
                try connection.run("DELETE FROM offer WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM delivery WHERE offerId = ?1)",
                                   [.integer(offerID)])
            }
            for importID in importIDs {
                try connection.run("""
                    DELETE FROM importRecord WHERE id = ?1
                      AND NOT EXISTS (SELECT 1 FROM shift WHERE importId = ?1 OR earningsImportId = ?1)
                      AND NOT EXISTS (SELECT 1 FROM captureSession WHERE importId = ?1)
                      AND NOT EXISTS (SELECT 1 FROM offer WHERE importId = ?1)
                      AND NOT EXISTS (SELECT 1 FROM delivery WHERE importId = ?1)
                      AND NOT EXISTS (SELECT 1 FROM expense WHERE importId = ?1)
                      AND NOT EXISTS (SELECT 1 FROM otherIncome WHERE importId = ?1)
                      AND NOT EXISTS (SELECT 1 FROM deliveryLine WHERE importId = ?1)
                    """, [.integer(importID)])
            }
            return preview
        }
    }
}
