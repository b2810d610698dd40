import DashModel
import SQLiteKit

extension OtherIncome {
    static let columns = "id, occurredAtMs, amountE4, platform, kind, note, importId"

    init(row: Row) throws {
        let id = row.int("id")
        guard let kind = OtherIncomeKind(rawValue: row["kind"].string ?? "") else {
            throw CorruptRecordError(table: "otherIncome", id: id, detail: "unknown kind")
        }
        do {
            try self.init(id: id, occurredAt: row.instant("occurredAtMs"), amount: row.money("amountE4") ?? .zero,
                          platform: row["platform"].string ?? "", kind: kind, note: row["note"].string, importID: row["importId"].int64)
        } catch {
            throw CorruptRecordError(table: "otherIncome", id: id, detail: "\(error)")
        }
    }
}

extension Store {
    /// Records income on no shift, typed by the driver (`income add`): no import, no record key.
    @discardableResult
    public func addOtherIncome(at instant: Instant, amount: Money, platform: String, kind: OtherIncomeKind,
                               note: String? = nil) throws -> Int64 {
        let income = try OtherIncome(id: 0, occurredAt: instant, amount: amount, platform: platform, kind: kind, note: note)
        return try write { try insert(income, importID: nil, recordKey: nil) }
    }

    /// An import's other income (docs/record.md, "Any order, exact undo"), in one write: the
    /// n-th row with a record key the store held k times before this call is held by import
    /// `importID` too when n <= k (it then stays while either import does), and added as this
    /// import's when n > k (two identical rows of one file are two). Every row is judged
    /// before any is written: one the record refuses (0.00, no platform) throws, writing none.
    /// Call it inside the import's write, once per file.
    public func addOtherIncome(_ rows: [OtherIncomeInput], importID: Int64) throws -> (added: Int, alreadyHeld: Int) {
        let judged = try rows.map { row in
            (try OtherIncome(id: 0, occurredAt: row.occurredAt, amount: row.amount, platform: row.platform, kind: row.kind,
                             note: row.note, importID: importID), row.recordKey)
        }
        return try write {
            // The stored rows of each key as they were before this call (its own rows never count).
            var stored: [RecordKey: [Int64]] = [:]
            var seen: [RecordKey: Int] = [:]
            var added = 0, held = 0
            for (income, key) in judged {
                let ids = try stored[key] ?? rowIDs(.otherIncome, recordKey: key)
                stored[key] = ids
                let occurrence = seen[key, default: 0]
                seen[key] = occurrence + 1
                if occurrence < ids.count {
                    try hold(.otherIncome, rowID: ids[occurrence], importID: importID)
                    held += 1
                } else {
                    _ = try insert(income, importID: importID, recordKey: key)
                    added += 1
                }
            }
            return (added, held)
        }
    }

    private func insert(_ income: OtherIncome, importID: Int64?, recordKey: RecordKey?) throws -> Int64 {
        try connection.run("""
            INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind, note, importId, recordKey)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """, [.instant(income.occurredAt), .money(income.amount), .text(income.platform), .text(income.platformKey),
                  .text(income.kind.rawValue), .string(income.note), .int(importID), .string(recordKey?.hex)])
        return connection.lastInsertRowID
    }

    /// Other income at instants in [from, to), oldest first; either bound may be open.
    public func otherIncome(from: Instant? = nil, to: Instant? = nil) throws -> [OtherIncome] {
        try connection.query("""
            SELECT \(OtherIncome.columns) FROM otherIncome
            WHERE occurredAtMs >= coalesce(?1, occurredAtMs) AND occurredAtMs < coalesce(?2, occurredAtMs + 1)
            ORDER BY occurredAtMs, id
            """, [.instant(from), .instant(to)]).map(OtherIncome.init(row:))
    }

    /// Deletes one row of other income, typed or imported, as `expense delete` deletes any
    /// expense; returns it as it was. The imports that held it hold it no more (an import whose
    /// last row it was is still listed, and its undo removes nothing of it).
    @discardableResult
    public func deleteOtherIncome(_ id: Int64) throws -> OtherIncome {
        try write {
            guard let row = try connection.query("SELECT \(OtherIncome.columns) FROM otherIncome WHERE id = ?1", [.integer(id)]).first
            else { throw ModelError.notFound(what: "other income", id: id) }
            let income = try OtherIncome(row: row)
            try connection.run("DELETE FROM importHolding WHERE entity = 'otherIncome' AND rowId = ?1", [.integer(id)])
            try connection.run("DELETE FROM otherIncome WHERE id = ?1", [.integer(id)])
            return income
        }
    }
}
