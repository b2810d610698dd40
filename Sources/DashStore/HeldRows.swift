import DashModel
import SQLiteKit

/// The rows a later import states again: held by it as well as by the import that added them
/// (schema v7's importHolding), so undoing either leaves the row while the other holds it.
/// `otherIncome` since "0017 other income" (OtherIncomeSchema.swift).
public enum HeldEntity: String, Sendable, CaseIterable {
    case delivery, deliveryLine, expense, shiftEarning, otherIncome
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

extension Store {
    /// Whether the store was written by a build whose record keys hashed text as written
    /// (schema v7's `legacyRecordKeys`): an import must then bring the keys it meets to the
    /// folded form (``upgradeRecordKey(_:from:to:)``) before it compares.
    public func mayHoldLegacyRecordKeys() throws -> Bool {
        try connection.scalar("SELECT 1 FROM legacyRecordKeys LIMIT 1") != nil
    }

    /// Gives the rows of `table` keyed `legacy` (an earlier build's key of the same record) the
    /// folded key: the same record then matches whatever the letter case of the file naming it.
    public func upgradeRecordKey(_ table: RecordKeyCounts.Table, from legacy: RecordKey, to key: RecordKey) throws {
        try write {
            try connection.run("UPDATE \(table.rawValue) SET recordKey = ?2 WHERE recordKey = ?1", [.text(legacy.hex), .text(key.hex)])
        }
    }
}

extension Store {
    /// The import whose records import `importID` holds, all of them and nothing else, when
    /// there is one: the same records in other bytes are that import (docs/record.md). An
    /// import's records are those it added and those it holds; a trip made from money lines
    /// is implied by its lines.
    public func soleImportHeld(by importID: Int64) throws -> ImportRecord? {
        let key: [SQLValue] = [.integer(importID)]
        let held = try heldRowCount(importID: importID)
        guard held > 0 else { return nil }
        var candidates = Set<Int64>()
        for entity in HeldEntity.allCases {
            let table = entity.rawValue
            for row in try connection.query("""
                SELECT t.importId FROM importHolding h JOIN \(table) t ON t.id = h.rowId WHERE h.entity = '\(table)' AND h.importId = ?1
                UNION SELECT o.importId FROM importHolding h JOIN importHolding o ON o.entity = h.entity AND o.rowId = h.rowId
                WHERE h.entity = '\(table)' AND h.importId = ?1 AND o.importId <> ?1
                """, key) {
                if let id = row[0].int64 { candidates.insert(id) }
            }
        }
        for candidate in candidates.sorted() {
            let both: [SQLValue] = [.integer(importID), .integer(candidate)]
            var covered: Int64 = 0
            for entity in HeldEntity.allCases {
                let table = entity.rawValue
                covered += try connection.scalar("""
                    SELECT count(*) FROM importHolding h JOIN \(table) t ON t.id = h.rowId WHERE h.entity = '\(table)' AND h.importId = ?1
                      AND (t.importId = ?2 OR EXISTS (SELECT 1 FROM importHolding o WHERE o.entity = h.entity AND o.rowId = h.rowId AND o.importId = ?2))
                    """, both)?.int64 ?? 0
            }
            let records = try connection.scalar("""
                SELECT (SELECT count(*) FROM delivery d WHERE importId = ?1 AND NOT EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = d.id))
                     + (SELECT count(*) FROM deliveryLine WHERE importId = ?1) + (SELECT count(*) FROM expense WHERE importId = ?1)
                     + (SELECT count(*) FROM shiftEarning WHERE importId = ?1) + (SELECT count(*) FROM otherIncome WHERE importId = ?1)
                     + (SELECT count(*) FROM importHolding h WHERE importId = ?1 AND NOT (h.entity = 'delivery'
                         AND EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = h.rowId)))
                """, [.integer(candidate)])?.int64 ?? 0
            guard covered == Int64(held), records == Int64(held) else { continue }
            return try connection.query("SELECT \(ImportRecord.columns) FROM importRecord WHERE id = ?1", [.integer(candidate)])
                .first.map(ImportRecord.init(row:))
        }
        return nil
    }
}
