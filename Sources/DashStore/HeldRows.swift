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
}
