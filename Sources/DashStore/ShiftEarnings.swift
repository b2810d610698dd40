import DashModel
import SQLiteKit

/// One platform's figure for the work of one shift (schema v7): a statement's shift row, with
/// the row's span and its import, or the driver's own figure for that platform.
public struct ShiftEarning: Hashable, Sendable {
    public let id: Int64
    public let shiftID: Int64
    /// As written; nil only for figures of earlier builds (never written now).
    public let platform: String?
    /// The statement row's span; nil for the driver's figure.
    public let span: Interval?
    /// Nil: the row gave no figure (it is still evidence of work).
    public let gross: Money?
    public let tips: Money?
    public let fees: Money?
    /// The import that holds it; nil: typed by the driver.
    public let importID: Int64?
    public let recordKey: RecordKey?
    /// The later figure that replaced it (`--replace`); nil: it counts.
    public let replacedByID: Int64?

    static let columns = "id, shiftId, platform, startedAtMs, endedAtMs, grossE4, tipsE4, feesE4, importId, recordKey, replacedById"

    init(row: Row) throws {
        id = row.int("id")
        shiftID = row.int("shiftId")
        platform = row["platform"].string
        if let start = row["startedAtMs"].int64, let end = row["endedAtMs"].int64 {
            span = try? Interval(start: Instant(millisecondsSinceEpoch: start), end: Instant(millisecondsSinceEpoch: end))
        } else {
            span = nil
        }
        gross = row.money("grossE4")
        tips = row.money("tipsE4")
        fees = row.money("feesE4")
        importID = row["importId"].int64
        recordKey = row["recordKey"].string.flatMap(RecordKey.init(hex:))
        replacedByID = row["replacedById"].int64
    }
}

extension Store {
    /// Every platform figure recorded on a shift, by platform key, then id.
    public func shiftEarnings(of shiftID: Int64) throws -> [ShiftEarning] {
        try connection.query("SELECT \(ShiftEarning.columns) FROM shiftEarning WHERE shiftId = ?1 ORDER BY platformKey, id",
                             [.integer(shiftID)]).map(ShiftEarning.init(row:))
    }

    /// The statement shift total with this record key (the oldest, if several).
    public func shiftEarning(recordKey: RecordKey) throws -> ShiftEarning? {
        try connection.query("SELECT \(ShiftEarning.columns) FROM shiftEarning WHERE recordKey = ?1 ORDER BY id LIMIT 1",
                             [.text(recordKey.hex)]).first.map(ShiftEarning.init(row:))
    }

    /// Records a statement's shift total for one platform on a completed shift.
    @discardableResult
    public func addImportedShiftEarning(shiftID: Int64, platform: String?, span: Interval, gross: Money?, tips: Money?, fees: Money?,
                                        recordKey: RecordKey, importID: Int64) throws -> Int64 {
        try write {
            let shift = try requireShift(shiftID)
            guard shift.isCompleted || gross == nil else { throw ModelError.earningsOnActiveShift }
            let name = try platform.map { try PlainText.validated($0, field: "the platform", maxLength: 100) }
            try connection.run("""
                INSERT INTO shiftEarning (shiftId, platform, platformKey, startedAtMs, endedAtMs, grossE4, tipsE4, feesE4, importId, recordKey)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                """, [.integer(shiftID), .string(name), .string(name.map(PlatformMoney.key)), .instant(span.start), .instant(span.end),
                      .money(gross), .money(tips), .money(fees), .integer(importID), .text(recordKey.hex)])
            return connection.lastInsertRowID
        }
    }

    /// Marks an imported figure as replaced by a later one (`--replace`); undoing the later
    /// import makes the earlier count again.
    public func markShiftEarning(_ id: Int64, replacedBy newer: Int64) throws {
        try write { try connection.run("UPDATE shiftEarning SET replacedById = ?2 WHERE id = ?1", [.integer(id), .integer(newer)]) }
    }

    /// The driver's own figure for one platform on a completed shift (nil clears it). Returns
    /// the figure it replaced, if any.
    @discardableResult
    public func setTypedEarnings(_ shiftID: Int64, platform: String, _ paid: PaidAmount?) throws -> PaidAmount? {
        try write {
            let shift = try requireShift(shiftID)
            guard shift.isCompleted else { throw ModelError.earningsOnActiveShift }
            let name = try PlainText.validated(platform, field: "the platform", maxLength: 100)
            let key = PlatformMoney.key(name)
            let before = try connection.query("SELECT grossE4, tipsE4 FROM shiftEarning WHERE shiftId = ?1 AND platformKey = ?2 AND importId IS NULL",
                                              [.integer(shiftID), .text(key)]).first
            let was = try before.map { try PaidAmount(Money(units: $0["grossE4"].int64 ?? 0), tips: $0.money("tipsE4")) }
            try connection.run("DELETE FROM shiftEarning WHERE shiftId = ?1 AND platformKey = ?2 AND importId IS NULL", [.integer(shiftID), .text(key)])
            if let paid {
                try connection.run("""
                    INSERT INTO shiftEarning (shiftId, platform, platformKey, grossE4, tipsE4) VALUES (?1, ?2, ?3, ?4, ?5)
                    """, [.integer(shiftID), .text(name), .text(key), .money(paid.amount), .money(paid.tips)])
            }
            return was
        }
    }
}

extension Store {
    /// One platform figure by id.
    public func shiftEarningRow(_ id: Int64) throws -> ShiftEarning? {
        try connection.query("SELECT \(ShiftEarning.columns) FROM shiftEarning WHERE id = ?1", [.integer(id)]).first.map(ShiftEarning.init(row:))
    }

    /// Removes an imported figure this import has just added (it turned out to be one already held).
    public func deleteShiftEarning(_ id: Int64) throws {
        try write { try connection.run("DELETE FROM shiftEarning WHERE id = ?1", [.integer(id)]) }
    }
}
