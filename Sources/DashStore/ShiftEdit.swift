import DashModel
import SQLiteKit

/// What recorded on a shift would no longer lie within new times: `shift edit` is refused,
/// nothing written, and the command line names each count and the first one's time.
public struct ShiftEditMisfit: Error, Sendable, Equatable {
    public let shiftID: Int64
    public let span: Interval
    public let deliveries: Int
    public let routePositions: Int
    public let pauses: Int
    public let parkedStretches: Int
    /// The earliest of them (a delivery's acceptance, a position's instant, a span's start).
    public let first: Instant
}

/// `shift edit` on a shift it may not change: an active one, or one an import made (its times
/// are its evidence's, docs/record.md "Evidence and shifts", and the next import or undo that
/// plans it sets them again).
public enum ShiftEditRefusal: Error, Sendable, Equatable {
    case active(shiftID: Int64)
    case madeByImport(shiftID: Int64, importID: Int64, fileName: String)
}

extension Store {
    /// Gives the completed shift `shiftID` new times [start, end), in one transaction, keeping
    /// its route, pauses, parked stretches and deliveries. Refused, writing nothing: an active
    /// shift, a shift an import made, an end not after the start, an overlap with another shift
    /// (`ModelError.overlappingShift`), and anything recorded on it that lies within its times
    /// now and would not within the new ones (``ShiftEditMisfit``: pauses and parked stretches
    /// always lie within, as the schema's triggers hold; a driver's shift may hold an import's
    /// evidence past its times, docs/record.md, and what lies outside already stays allowed).
    /// Returns the shift as it was.
    @discardableResult
    public func retimeShift(_ shiftID: Int64, start: Instant, end: Instant) throws -> Shift {
        try write {
            let shift = try requireShift(shiftID)
            guard let oldEnd = shift.end else { throw ShiftEditRefusal.active(shiftID: shiftID) }
            if let importID = try connection.scalar("SELECT importId FROM shift WHERE id = ?1", [.integer(shiftID)])?.int64 {
                let name = try connection.scalar("SELECT fileName FROM importRecord WHERE id = ?1", [.integer(importID)])?.string ?? ""
                throw ShiftEditRefusal.madeByImport(shiftID: shiftID, importID: importID, fileName: name)
            }
            _ = try Shift(id: shiftID, start: start, end: end)  // the end after the start
            let span = try Interval(start: start, end: end)
            if start == shift.start, end == oldEnd { return shift }
            try checkNoOverlap(start: start, end: end, except: shiftID)
            if let misfit = try misfit(shiftID, old: (shift.start, oldEnd), new: span) { throw misfit }
            try connection.run("UPDATE shift SET startedAtMs = ?2, endedAtMs = ?3 WHERE id = ?1",
                               [.integer(shiftID), .instant(start), .instant(end)])
            return shift
        }
    }

    /// What lies within `old` and not within `new`: deliveries (accepted at or after the start
    /// and before the end, every later event at or before the end: `endShift`'s rule), route
    /// positions (within [start, end]), and every pause or parked stretch outside `new`.
    private func misfit(_ shiftID: Int64, old: (Instant, Instant), new span: Interval) throws -> ShiftEditMisfit? {
        let values: [SQLValue] = [.integer(shiftID), .instant(old.0), .instant(old.1), .instant(span.start), .instant(span.end)]
        let deliveryLast = "max(acceptedAtMs + 1, coalesce(arrivedAtPickupAtMs, 0), coalesce(pickedUpAtMs, 0), coalesce(deliveredAtMs, 0), coalesce(cancelledAtMs, 0))"
        let deliveries = try connection.query("""
            SELECT count(*), min(acceptedAtMs) FROM delivery WHERE shiftId = ?1
              AND acceptedAtMs >= ?2 AND \(deliveryLast) <= ?3
              AND (acceptedAtMs < ?4 OR \(deliveryLast) > ?5)
            """, values).first
        let positions = try connection.query("""
            SELECT count(*), min(recordedAtMs) FROM routeSample WHERE shiftId = ?1
              AND recordedAtMs BETWEEN ?2 AND ?3 AND (recordedAtMs < ?4 OR recordedAtMs > ?5)
            """, values).first
        func spans(_ table: String) throws -> Row? {
            try connection.query("""
                SELECT count(*), min(startedAtMs) FROM \(table) WHERE shiftId = ?1
                  AND (startedAtMs < ?4 OR startedAtMs > ?5 OR coalesce(endedAtMs, startedAtMs) > ?5)
                """, values).first
        }
        let rows = [deliveries, positions, try spans("shiftPause"), try spans("routeSuspension")]
        let counts = rows.map { Int($0?[0].int64 ?? 0) }
        let first = rows.compactMap { $0?[1].int64 }.min()
        guard let first, counts.contains(where: { $0 > 0 }) else { return nil }
        return ShiftEditMisfit(shiftID: shiftID, span: span, deliveries: counts[0], routePositions: counts[1], pauses: counts[2],
                               parkedStretches: counts[3], first: Instant(millisecondsSinceEpoch: first))
    }
}

/// Whose hand-entered money `shift edit --platform` moves: the driver's figure for the whole
/// shift (`shift earnings ID AMOUNT`) or their one figure for a platform.
public enum TypedFigurePlatform: Sendable, Equatable {
    /// The figure was for the whole shift.
    case wholeShift
    /// The figure was for this platform (as written).
    case platform(String)
}

/// `shift edit --platform` has no one typed figure to give the platform to.
public enum ShiftPlatformRefusal: Error, Sendable, Equatable {
    /// No figure typed by the driver on the shift.
    case noTypedFigure(shiftID: Int64)
    /// More than one: each is set with `shift earnings --platform`.
    case severalTypedFigures(shiftID: Int64, names: [String])
}

extension Store {
    /// Gives the driver's one hand-entered figure on `shiftID` (its whole-shift figure, or its
    /// one per-platform figure) the platform `name`, as `shift earnings --platform` stores it
    /// (`shiftEarning`, importId NULL). A shift holds no platform of its own: the platform is
    /// the money's (docs/record.md, "Money"). Returns the figure and whom it was for; nil when
    /// it already was for `name` as written.
    @discardableResult
    public func setTypedFigurePlatform(_ shiftID: Int64, to name: String) throws -> (figure: PaidAmount, was: TypedFigurePlatform)? {
        try write {
            let shift = try requireShift(shiftID)
            guard shift.isCompleted else { throw ModelError.earningsOnActiveShift }
            let platform = try PlainText.validated(name, field: "the platform", maxLength: 100)
            let typed = try connection.query("""
                SELECT id, platform, grossE4, tipsE4 FROM shiftEarning WHERE shiftId = ?1 AND importId IS NULL ORDER BY platformKey, id
                """, [.integer(shiftID)])
            let whole = try connection.scalar("SELECT 1 FROM shift WHERE id = ?1 AND grossEarningsE4 IS NOT NULL AND earningsImportId IS NULL",
                                              [.integer(shiftID)]) != nil
            let names = (whole ? ["the whole shift"] : []) + typed.map { $0["platform"].string ?? "" }
            guard names.count <= 1 else { throw ShiftPlatformRefusal.severalTypedFigures(shiftID: shiftID, names: names) }
            if whole, let earnings = shift.earnings {
                try connection.run("UPDATE shift SET grossEarningsE4 = NULL, platformTipsE4 = NULL WHERE id = ?1", [.integer(shiftID)])
                try connection.run("INSERT INTO shiftEarning (shiftId, platform, platformKey, grossE4, tipsE4) VALUES (?1, ?2, ?3, ?4, ?5)",
                                   [.integer(shiftID), .text(platform), .text(PlatformMoney.key(platform)), .money(earnings.amount), .money(earnings.tips)])
                return (earnings, .wholeShift)
            }
            guard let row = typed.first else { throw ShiftPlatformRefusal.noTypedFigure(shiftID: shiftID) }
            let was = row["platform"].string ?? ""
            let figure = try PaidAmount(Money(units: row["grossE4"].int64 ?? 0), tips: row.money("tipsE4"))
            if was == platform { return nil }
            try connection.run("UPDATE shiftEarning SET platform = ?2, platformKey = ?3 WHERE id = ?1",
                               [.integer(row.int("id")), .text(platform), .text(PlatformMoney.key(platform))])
            return (figure, .platform(was))
        }
    }
}
