import DashModel
import SQLiteKit

/// What undoing an import removed.
public struct ImportUndo: Sendable, Equatable {
    public let record: ImportRecord
    public let shifts: Int
    public let captureSessions: Int
    public let routeSamples: Int
    public let offers: Int
    public let deliveries: Int
    public let expenses: Int
    /// Its rows of income on no shift (OtherIncomeService.swift).
    public var otherIncome = 0
    /// Money lines it added (to its own trips or to trips of other statements).
    public var moneyLines = 0
    /// Shifts whose earnings it had recorded, back to "not recorded" (shifts it created excluded).
    public var earningsCleared = 0
    /// Rows it added that another import also holds: they stay, held by that one.
    public var rowsKept = 0
    /// Shifts it made that another import's rows keep: they stay, fitted to those rows.
    public var shiftsKept = 0
    /// Statement shift totals of other imports it had replaced, which count again.
    public var figuresRestored = 0
    /// Its statement shift rows (figures of one platform's work), removed.
    public var figuresRemoved = 0
    /// Trips whose figures it had replaced (`--replace`), which have them back.
    public var tripFiguresRestored = 0
    /// Positions of other imports kept aside at instants where its position was kept: back on the route.
    public var routeSamplesRestored = 0
}

/// An import cannot be undone because something recorded later depends on what it added.
public struct ImportUndoRefused: Error, Sendable, CustomStringConvertible {
    public let importID: Int64
    public let reason: String
    public var description: String { "import \(importID) cannot be undone: \(reason); nothing was changed" }
}

extension ImportRecord {
    static let columns = "id, kind, fileName, sha256, template, importedAtMs, summary, contentSha256"

    init(row: Row) throws {
        let id = row.int("id")
        guard let kind = ImportRecord.Kind(rawValue: row["kind"].string ?? "") else {
            throw CorruptRecordError(table: "importRecord", id: id, detail: "unknown kind")
        }
        self.init(id: id, kind: kind, fileName: row["fileName"].string ?? "", sha256: row["sha256"].string ?? "",
                  template: row["template"].string, importedAt: row.instant("importedAtMs"), summary: row["summary"].string ?? "",
                  contentSha256: row["contentSha256"].string)
    }
}

extension Store {
    // MARK: - Import records

    /// Starts recording an import; call inside the import's write. `summary` is filled in by
    /// ``finishImport(_:contentSha256:summary:)``.
    public func beginImport(kind: ImportRecord.Kind, fileName: String, sha256: String, template: String?, at instant: Instant) throws -> Int64 {
        try write {
            try connection.run("INSERT INTO importRecord (kind, fileName, sha256, template, importedAtMs, summary) VALUES (?1, ?2, ?3, ?4, ?5, '')",
                               [.text(kind.rawValue), .text(fileName), .text(sha256), .string(template), .instant(instant)])
            return connection.lastInsertRowID
        }
    }

    /// Records what the import read and added.
    public func finishImport(_ id: Int64, sha256: String, contentSha256: String?, summary: String) throws {
        try write {
            _ = try connection.run("UPDATE importRecord SET sha256 = ?2, contentSha256 = ?3, summary = ?4 WHERE id = ?1",
                                   [.integer(id), .text(sha256), .string(contentSha256), .text(summary)])
        }
    }

    /// Keeps a statement's accounting with its import (docs/record.md, "Every amount is accounted
    /// for"); call inside the import's write.
    public func setImportAccount(_ id: Int64, _ text: String) throws {
        try write { _ = try connection.run("UPDATE importRecord SET account = ?2 WHERE id = ?1", [.integer(id), .text(text)]) }
    }

    /// The accounting kept with import `id`; nil for an import recorded without one.
    public func importAccount(_ id: Int64) throws -> String? {
        try connection.query("SELECT account FROM importRecord WHERE id = ?1", [.integer(id)]).first?["account"].string
    }

    /// The earlier import (not `except`) of a file with these bytes, or with this content.
    public func earlierImport(kind: ImportRecord.Kind, sha256: String, contentSha256: String?, except: Int64) throws -> ImportRecord? {
        try connection.query("""
            SELECT \(ImportRecord.columns) FROM importRecord
            WHERE kind = ?1 AND id <> ?4 AND (sha256 = ?2 OR contentSha256 = ?3) ORDER BY id LIMIT 1
            """, [.text(kind.rawValue), .text(sha256), .string(contentSha256), .integer(except)]).first.map(ImportRecord.init(row:))
    }

    /// Every import, oldest first.
    public func imports() throws -> [ImportRecord] {
        try connection.query("SELECT \(ImportRecord.columns) FROM importRecord ORDER BY id").map(ImportRecord.init(row:))
    }

    // MARK: - Shifts for imported routes

    /// The made shifts the record holds now, by the import each is counted under: the oldest
    /// import whose evidence it holds (`shift.importId`, ShiftSettle.swift), so each made shift is
    /// counted once, whatever was created and joined along the way (issue 27, item 5). Ids
    /// ascending; an import that made none is absent.
    public func madeShiftsByImport() throws -> [Int64: [Int64]] {
        var made: [Int64: [Int64]] = [:]
        for row in try connection.query("SELECT importId, id FROM shift WHERE importId IS NOT NULL AND id > 0 ORDER BY importId, id") {
            made[row.int("importId"), default: []].append(row.int("id"))
        }
        return made
    }

    /// How many made shifts are counted under import `importID` now (see ``madeShiftsByImport()``).
    public func madeShiftCount(importID: Int64) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM shift WHERE importId = ?1 AND id > 0", [.integer(importID)])?.int64 ?? 0)
    }

    /// The shift whose span [start, end) holds `instant` (the active one from its start on): where
    /// a track that starts at `instant` goes.
    public func shiftCovering(_ instant: Instant) throws -> Shift? {
        // Shifts never overlap: only the last one starting by then can cover it (one index
        // probe; filtering before the LIMIT walked every earlier shift when none covered it).
        try connection.query("""
            SELECT * FROM (SELECT \(Shift.columns) FROM shift WHERE startedAtMs <= ?1 ORDER BY startedAtMs DESC LIMIT 1)
            WHERE endedAtMs IS NULL OR endedAtMs > ?1
            """, [.instant(instant)]).first.map(Shift.init(row:))
    }

    /// True when the shift's route already has a position at exactly `instant` (one index probe):
    /// a segment whose first point is there has been imported before.
    public func routeHasSample(shiftID: Int64, at instant: Instant) throws -> Bool {
        try connection.scalar("SELECT 1 FROM routeSample WHERE shiftId = ?1 AND recordedAtMs = ?2 LIMIT 1",
                              [.integer(shiftID), .instant(instant)]) != nil
    }

    /// Creates a completed shift for an imported track, starting at `start` and provisionally
    /// one millisecond long; ``setImportedShiftEnd(_:to:)`` gives it its real end when the track
    /// has been read (a track's end is known only at its end, and the route is streamed).
    public func createImportedShift(start: Instant, importID: Int64) throws -> Int64 {
        try createCompletedShift(start: start, end: start.adding(milliseconds: 1), importID: importID)
    }

    /// Sets the span of a shift an import created, once its track has been read (its first and
    /// last accepted points); refuses an overlap with another shift.
    public func setImportedShiftSpan(_ shiftID: Int64, start: Instant, end: Instant) throws {
        try write {
            guard end > start else { throw ModelError.endsBeforeStart(start: start, end: end) }
            try checkNoOverlap(start: start, end: end, except: shiftID)
            try connection.run("UPDATE shift SET startedAtMs = ?2, endedAtMs = ?3 WHERE id = ?1",
                               [.integer(shiftID), .instant(start), .instant(end)])
        }
    }

    // MARK: - Statements

    /// The shifts that share at least one instant with [start, end), oldest first.
    public func shiftsOverlapping(start: Instant, end: Instant) throws -> [Shift] {
        try connection.query("""
            SELECT \(Shift.columns) FROM shift
            WHERE startedAtMs < ?2 AND coalesce(endedAtMs, 253402300799999) > ?1 ORDER BY startedAtMs, id
            """, [.instant(start), .instant(end)]).map(Shift.init(row:))
    }

    // MARK: - Undo

    /// Removes exactly what import `id` added, in one transaction: its route samples and capture
    /// sessions, the shifts it created, its offers, deliveries, expenses and other income, and its record.
    /// Refused, changing nothing, when a shift it created has since gained something it did not
    /// add (earnings, a fuel assumption, pauses, another import's route or deliveries).
    @discardableResult
    public func undoImport(_ id: Int64, dryRun: Bool = false) throws -> ImportUndo {
        do {
            return try write {
                let undo = try undoImportNow(id)
                if dryRun { throw UndoPreview(undo: undo) }
                return undo
            }
        } catch let preview as UndoPreview {
            return preview.undo
        }
    }

    /// Thrown to roll a previewed undo back, keeping what it would have done.
    private struct UndoPreview: Error { let undo: ImportUndo }

    private func undoImportNow(_ id: Int64) throws -> ImportUndo {
        try write {
            guard let row = try connection.query("SELECT \(ImportRecord.columns) FROM importRecord WHERE id = ?1", [.integer(id)]).first else {
                throw ModelError.notFound(what: "import", id: id)
            }
            let record = try ImportRecord(row: row)
            let key: [SQLValue] = [.integer(id)]
            // Where its evidence lay: the shifts there are planned again once it is gone.
            let hull = try connection.query("""
                SELECT min(a) AS first, max(b) AS last FROM (
                    SELECT startedAtMs AS a, coalesce(endedAtMs, startedAtMs) AS b FROM captureSession WHERE importId = ?1
                    UNION ALL SELECT acceptedAtMs, coalesce(deliveredAtMs, cancelledAtMs, acceptedAtMs) FROM delivery WHERE importId = ?1
                    UNION ALL SELECT occurredAtMs, occurredAtMs FROM deliveryLine WHERE importId = ?1
                    UNION ALL SELECT startedAtMs, endedAtMs FROM shiftEarning WHERE importId = ?1 AND startedAtMs IS NOT NULL
                    UNION ALL SELECT startedAtMs, coalesce(endedAtMs, startedAtMs) FROM shift WHERE importId = ?1 OR earningsImportId = ?1)
                """, key).first
            // Trips with money lines it gave times to (a trips file holds the trip it timed):
            // once it is gone they may be timed by their lines alone again.
            let timedByIt = try connection.query("""
                SELECT h.rowId FROM importHolding h WHERE h.entity = 'delivery' AND h.importId = ?1
                  AND EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = h.rowId)
                """, key).map { $0.int("rowId") }
            // The trips' distances it stated go first: a trip that stays keeps only what the
            // other imports state (TripDistances.swift).
            try removeTripDistances(of: id)
            // What another import also holds stays, as if that one had added it.
            let kept = try handOverHeldRows(of: id)
            if let delivery = try connection.scalar("""
                SELECT d.id FROM delivery d WHERE d.importId = ?1 AND EXISTS (SELECT 1 FROM deliveryTip t WHERE t.deliveryId = d.id) LIMIT 1
                """, key)?.int64 {
                throw ImportUndoRefused(importID: id, reason: "delivery \(delivery), which it added, has since had an outside tip recorded")
            }
            let trips = try undoTripLines(of: id, timedByIt: timedByIt)
            // Where its position is kept, another import's best position there comes back
            // (docs/gpx.md, "Into the record"); its own kept aside go.
            let restoredPositions = try promoteRouteAside(replacing: id)
            // Per session, within its shift's part of the (shiftId, recordedAtMs) index: a scan of
            // that shift's route, never of the whole store's.
            var samples = 0
            for session in try connection.query("SELECT id, shiftId FROM captureSession WHERE importId = ?1", key) {
                samples += try connection.run("DELETE FROM routeSample WHERE shiftId = ?1 AND captureSessionId = ?2",
                                              [.integer(session.int("shiftId")), .integer(session.int("id"))])
            }
            let sessions = try connection.run("DELETE FROM captureSession WHERE importId = ?1", key)
            let offerIDs = try connection.query("SELECT DISTINCT offerId FROM delivery WHERE importId = ?1", key).map { $0.int("offerId") }
            let deliveries = try connection.run("DELETE FROM delivery WHERE importId = ?1", key)
            var offers = 0
            for offerID in offerIDs {
                offers += try connection.run("DELETE FROM offer WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM delivery WHERE offerId = ?1)",
                                             [.integer(offerID)])
            }
            offers += try connection.run("DELETE FROM offer WHERE importId = ?1 AND NOT EXISTS (SELECT 1 FROM delivery WHERE offerId = offer.id)", key)
            let expenses = try connection.run("DELETE FROM expense WHERE importId = ?1", key)
            // Its other income goes with it, but for the rows another import holds (handed on above).
            let otherIncome = try connection.run("DELETE FROM otherIncome WHERE importId = ?1", key)
            // Trip figures it replaced (`--replace`) come back.
            let tripFiguresRestored = try restoreReplacedDeliveries(of: id)
            // Its statement totals go; a figure of another import it replaced counts again.
            let replaced = "SELECT id FROM shiftEarning WHERE importId = ?1"
            let restored = try connection.run("UPDATE shiftEarning SET replacedById = NULL WHERE replacedById IN (\(replaced))", key)
            let figureShifts = Set(try connection.query("SELECT DISTINCT shiftId FROM shiftEarning WHERE importId = ?1 AND grossE4 IS NOT NULL", key)
                .map { $0.int("shiftId") })
            let figuresRemoved = try connection.run("DELETE FROM shiftEarning WHERE importId = ?1", key)
            // Earnings a statement recorded on a shift it did not create go back to "not recorded".
            let cleared = try connection.run("""
                UPDATE shift SET grossEarningsE4 = NULL, platformTipsE4 = NULL, earningsImportId = NULL
                WHERE earningsImportId = ?1 AND coalesce(importId, -1) <> ?1
                """, key)
            try connection.run("UPDATE shift SET grossEarningsE4 = NULL, platformTipsE4 = NULL, earningsImportId = NULL WHERE earningsImportId = ?1", key)
            // The shifts near what it held, planned without it: emptied ones go, others shrink,
            // split or pass to the imports whose evidence they hold.
            var settled = SettleOutcome()
            let madeByIt = Set(try connection.query("SELECT id FROM shift WHERE importId = ?1", key).map { $0.int("id") })
            let low = [hull?["first"].int64, trips.retimed?.lowerBound].compactMap { $0 }.min()
            let high = [hull?["last"].int64, trips.retimed?.upperBound].compactMap { $0 }.max()
            if let first = low, let last = high {
                do {
                    settled = try settleShifts(from: Instant(millisecondsSinceEpoch: first), to: Instant(millisecondsSinceEpoch: last), leaving: id)
                } catch let refused as SettleRefused {
                    throw ImportUndoRefused(importID: id, reason: refused.description)
                }
            }
            try forgetVanishedJoined()
            try connection.run("DELETE FROM importRecord WHERE id = ?1", key)
            let shifts = settled.removed.count
            var undo = ImportUndo(record: record, shifts: shifts, captureSessions: sessions, routeSamples: samples,
                                  offers: offers, deliveries: deliveries, expenses: expenses)
            undo.moneyLines = trips.lines
            undo.otherIncome = otherIncome
            undo.routeSamplesRestored = restoredPositions
            // Shifts that stay, back to "not recorded" for what it stated (shifts it made and
            // that went are not counted).
            let remaining = try figureShifts.filter {
                try connection.scalar("""
                    SELECT 1 FROM shift s WHERE s.id = ?1 AND s.grossEarningsE4 IS NULL AND NOT EXISTS (SELECT 1 FROM shiftEarning e
                        WHERE e.shiftId = s.id AND e.grossE4 IS NOT NULL AND e.replacedById IS NULL)
                    """, [.integer($0)]) != nil
            }
            undo.figuresRemoved = figuresRemoved
            undo.earningsCleared = cleared + remaining.count
            undo.rowsKept = kept + trips.handed
            undo.shiftsKept = settled.kept.filter(madeByIt.contains).count
            undo.figuresRestored = restored
            undo.tripFiguresRestored = tripFiguresRestored
            return undo
        }
    }
}
