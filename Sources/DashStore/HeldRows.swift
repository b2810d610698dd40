import DashModel
import SQLiteKit

/// The rows a later import states again: held by it as well as by the import that added them
/// (schema v7's importHolding), so undoing either leaves the row while the other holds it.
public enum HeldEntity: String, Sendable, CaseIterable {
    case delivery, deliveryLine, expense, shiftEarning
}

extension Store {
    /// The ids of the rows of `entity` with this record key, oldest first.
    public func rowIDs(_ entity: HeldEntity, recordKey: RecordKey) throws -> [Int64] {
        try connection.query("SELECT id FROM \(entity.rawValue) WHERE recordKey = ?1 ORDER BY id", [.text(recordKey.hex)]).map { $0.int("id") }
    }

    /// Records that import `importID` holds the row too (nothing when it is the row's own import).
    public func hold(_ entity: HeldEntity, rowID: Int64, importID: Int64) throws {
        try write {
            try connection.run("""
                INSERT OR IGNORE INTO importHolding (entity, rowId, importId)
                SELECT ?1, id, ?3 FROM \(entity.rawValue) WHERE id = ?2 AND importId IS NOT ?3
                """, [.text(entity.rawValue), .integer(rowID), .integer(importID)])
        }
    }

    /// How many rows import `importID` holds that another import added.
    public func heldRowCount(importID: Int64) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM importHolding WHERE importId = ?1", [.integer(importID)])?.int64 ?? 0)
    }

    /// Part of undoing import `id`: each row it added that another import also holds passes to
    /// the oldest of those; its own holdings go. Returns how many rows stayed that way.
    func handOverHeldRows(of id: Int64) throws -> Int {
        var kept = 0
        for entity in HeldEntity.allCases {
            let table = entity.rawValue
            kept += try connection.run("""
                UPDATE \(table) SET importId = (SELECT min(h.importId) FROM importHolding h
                                                WHERE h.entity = ?2 AND h.rowId = \(table).id AND h.importId <> ?1)
                WHERE importId = ?1 AND EXISTS (SELECT 1 FROM importHolding h WHERE h.entity = ?2 AND h.rowId = \(table).id AND h.importId <> ?1)
                """, [.integer(id), .text(table)])
            try connection.run("""
                DELETE FROM importHolding WHERE entity = ?1
                  AND EXISTS (SELECT 1 FROM \(table) t WHERE t.id = importHolding.rowId AND t.importId = importHolding.importId)
                """, [.text(table)])
        }
        try connection.run("DELETE FROM importHolding WHERE importId = ?1", [.integer(id)])
        return kept
    }

    /// Part of undoing import `id`: a shift it made that now carries another import's rows
    /// (and nothing the driver entered) passes to the oldest of those imports. Returns the
    /// shifts handed over; their spans are fitted to what remains once the undo has removed
    /// the rest (``fitHandedOverShifts(_:)``).
    func handOverShifts(of id: Int64) throws -> [Int64] {
        let owners = """
            SELECT importId AS owner FROM delivery WHERE shiftId = s.id AND importId IS NOT NULL AND importId <> ?1
            UNION ALL SELECT importId FROM captureSession WHERE shiftId = s.id AND importId IS NOT NULL AND importId <> ?1
            UNION ALL SELECT importId FROM shiftEarning WHERE shiftId = s.id AND importId IS NOT NULL AND importId <> ?1
            """
        let shifts = try connection.query("""
            SELECT s.id, (SELECT min(owner) FROM (\(owners))) AS owner FROM shift s
            WHERE s.importId = ?1 AND s.grossEarningsE4 IS NULL AND s.fuelMpgE4 IS NULL
              AND NOT EXISTS (SELECT 1 FROM shiftPause p WHERE p.shiftId = s.id)
              AND NOT EXISTS (SELECT 1 FROM routeSuspension r WHERE r.shiftId = s.id)
              AND NOT EXISTS (SELECT 1 FROM shiftEarning e WHERE e.shiftId = s.id AND e.importId IS NULL)
              AND NOT EXISTS (SELECT 1 FROM delivery d WHERE d.shiftId = s.id AND d.importId IS NULL)
            """, [.integer(id)])
        var handed: [Int64] = []
        for row in shifts {
            guard let owner = row["owner"].int64 else { continue }
            try connection.run("UPDATE shift SET importId = ?2 WHERE id = ?1", [.integer(row.int("id")), .integer(owner)])
            handed.append(row.int("id"))
        }
        return handed
    }

    /// Gives each handed-over shift the span of the evidence left on it (its deliveries, capture
    /// sessions and statement rows), as if the undone import had never made it longer.
    func fitHandedOverShifts(_ ids: [Int64]) throws {
        for id in ids {
            guard let row = try connection.query("""
                SELECT min(a) AS first, max(b) AS last FROM (
                    SELECT acceptedAtMs AS a, coalesce(deliveredAtMs, cancelledAtMs, acceptedAtMs) AS b FROM delivery WHERE shiftId = ?1
                    UNION ALL SELECT startedAtMs, coalesce(endedAtMs, startedAtMs) FROM captureSession WHERE shiftId = ?1
                    UNION ALL SELECT startedAtMs, endedAtMs FROM shiftEarning WHERE shiftId = ?1 AND startedAtMs IS NOT NULL)
                """, [.integer(id)]).first, let first = row["first"].int64, let last = row["last"].int64 else { continue }
            try connection.run("UPDATE shift SET startedAtMs = ?2, endedAtMs = ?3 WHERE id = ?1",
                               [.integer(id), .integer(first), .integer(max(last, first + 1000))])
        }
    }
}
