import DashModel
import SQLiteKit

/// What placing the evidence near some time did (docs/record.md, "Evidence and shifts").
public struct SettleOutcome: Sendable, Equatable {
    public init() {}

    /// Made shifts that did not exist before (a parked shift that became one included).
    public var created: [Int64] = []
    /// Made shifts that exist still, some moved or resized.
    public var kept: [Int64] = []
    /// Made shifts joined into another or left with nothing.
    public var removed: [Int64] = []
    /// The driver's shifts that hold evidence, with how much of it lies outside their times
    /// and how far (milliseconds), for those where some does.
    public var outsideDriverShifts: [(shift: Int64, outside: Int64, beyond: Int64)] = []
    /// Track points rejected as stray fixes (more than the gap from every other of their file).
    public var strayPoints = 0

    public static func == (lhs: SettleOutcome, rhs: SettleOutcome) -> Bool {
        lhs.created == rhs.created && lhs.kept == rhs.kept && lhs.removed == rhs.removed && lhs.strayPoints == rhs.strayPoints
            && lhs.outsideDriverShifts.map { [$0.shift, $0.outside, $0.beyond] } == rhs.outsideDriverShifts.map { [$0.shift, $0.outside, $0.beyond] }
    }
}

/// The evidence asks for what the record's rules refuse (a shift over 16 hours, a shift row
/// over two of the driver's shifts, a join, split or removal of a shift carrying the driver's
/// entries): nothing is written.
public struct SettleRefused: Error, Sendable, CustomStringConvertible {
    public let reasons: [String]
    public var description: String { reasons.joined(separator: "; ") }
}

extension Store {
    /// Creates the shift an import puts its evidence on until ``settleShifts(from:to:leaving:)``
    /// places it: parked in year 1, inside the import's transaction.
    public func createParkedShift(importID: Int64) throws -> Int64 {
        try write {
            // Shift -importID: a negative id takes no number from the sequence drivers see.
            let slot = Self.importParkingSlot(importID)
            try connection.run("INSERT INTO shift (id, startedAtMs, endedAtMs, importId) VALUES (?1, ?2, ?3, ?4)",
                               [.integer(-importID), .integer(slot.start), .integer(slot.end), .integer(importID)])
            return -importID
        }
    }

    /// The stretches of a parked shift's evidence further apart than the widest split gap: each
    /// is placed on its own, so a year's file is planned a day at a time and its memory stays
    /// that of a day. The result is the plan of the whole: each island's plan gathers every
    /// stored shift within reach (so evidence already in the store that bridges two islands
    /// joins them, the second island's plan seeing the first's), and evidence further apart
    /// than every gap is never linked. Streamed, in time order.
    /// `staged`: deliveries that sit on the parked shift as far as the planner knows.
    public func parkedIslands(_ shiftID: Int64, staged: StagedDeliveries? = nil) throws -> [ClosedRange<Int64>] {
        let widestGap = try connection.scalar("SELECT max(splitGapMs) FROM importRecord")?.int64 ?? 0
        let margin = max(widestGap, ShiftRules.defaultSplitGapMilliseconds)
        let scan = try connection.prepare("""
            SELECT a, b FROM (
                SELECT startedAtMs AS a, coalesce(endedAtMs, startedAtMs) AS b FROM captureSession WHERE shiftId = ?1
                UNION ALL SELECT acceptedAtMs, coalesce(deliveredAtMs, cancelledAtMs, acceptedAtMs) FROM delivery WHERE shiftId = ?1
                UNION ALL SELECT d.acceptedAtMs, max(l.occurredAtMs) FROM deliveryLine l JOIN delivery d ON d.id = l.deliveryId
                    WHERE d.shiftId = ?1 GROUP BY d.id
                UNION ALL SELECT startedAtMs, endedAtMs FROM shiftEarning WHERE shiftId = ?1 AND startedAtMs IS NOT NULL)
            ORDER BY a
            """)
        defer { scan.finalize() }
        try scan.bind([.integer(shiftID)])
        var islands: [ClosedRange<Int64>] = []
        var current: (low: Int64, high: Int64)?
        // The stored rows and the staged ones, merged in time order.
        var waiting = staged?.entries(in: nil).makeIterator()
        var nextStaged = waiting?.next()
        var stored: (Int64, Int64)? = try scan.advance() ? (scan.int64(at: 0), scan.int64(at: 1)) : nil
        while stored != nil || nextStaged != nil {
            let a: Int64, b: Int64
            if let row = stored, nextStaged.map({ row.0 <= $0.accepted }) ?? true {
                (a, b) = (row.0, max(row.0, row.1))
                stored = try scan.advance() ? (scan.int64(at: 0), scan.int64(at: 1)) : nil
            } else if let entry = nextStaged {
                (a, b) = (entry.accepted, entry.end)
                nextStaged = waiting?.next()
            } else { break }
            if let open = current, a - open.high <= margin {
                current = (open.low, max(open.high, b))
            } else {
                if let open = current { islands.append(open.low...open.high) }
                current = (a, b)
            }
        }
        if let open = current { islands.append(open.low...open.high) }
        return islands
    }

    /// Places every piece of evidence near [from, to] by the planner's rules: made shifts grow,
    /// join, split, shrink or go; evidence within the gap of a driver's shift goes on it; parked
    /// evidence goes where it belongs. Refused (throwing ``SettleRefused``, the caller's
    /// transaction rolled back) when the plan is.
    ///
    /// `staged`: deliveries on the parked shift not yet written (StagedDeliveries.swift); the
    /// caller writes those placed here with ``StagedDeliveries/writePlaced()`` once this returns.
    @discardableResult
    public func settleShifts(from: Instant, to: Instant, leaving: Int64? = nil, parked window: ClosedRange<Int64>? = nil,
                             staged: StagedDeliveries? = nil) throws -> SettleOutcome {
        try write {
            let evidence = try shiftEvidence(from: from.millisecondsSinceEpoch, to: to.millisecondsSinceEpoch, parked: window, staged: staged)
            let plan = ShiftPlanner.plan(evidence.input)
            var reasons = plan.refusals.map { describe($0, evidence) }
            for retired in plan.retired where evidence.pinned.contains(retired.id) {
                if case let .joined(into) = retired.fate {
                    reasons.append("shift \(retired.id), which holds what you entered, would be joined into shift \(into)")
                }
            }
            if !reasons.isEmpty { throw SettleRefused(reasons: reasons) }
            return try apply(plan, evidence, leaving: leaving, staged: staged)
        }
    }

    private func describe(_ refusal: ShiftPlanRefusal, _ evidence: ShiftEvidence) -> String {
        // Each piece named once from its id (replacing ids in the text named c1 inside c10, and
        // cost the square of the pieces).
        refusal.describe { id in
            guard let row = evidence.rows[id] else { return id.key }
            let what: String
            switch id.key.first {
            case "c": what = "capture session \(id.key.dropFirst())"
            case "d": what = "delivery \(id.key.dropFirst())"
            case "e": what = "statement row \(id.key.dropFirst())"
            default: what = "shift \(id.key.dropFirst())"
            }
            return what + (row.importID.map { " of import \($0)" } ?? "")
        }.replacingOccurrences(of: " (evidence )", with: "")
    }

    private func apply(_ plan: ShiftPlan, _ evidence: ShiftEvidence, leaving: Int64?, staged: StagedDeliveries?) throws -> SettleOutcome {
        // Rows move one at a time between shifts: the route's composite key is checked at commit.
        // Set once per transaction (SQLite switches it off at COMMIT and ROLLBACK) and never
        // switched off here: setting a flag pragma expires every prepared statement of the
        // connection, so toggling it per island made SQLite prepare every cached statement again
        // at each step (sqlite3Reprepare was half of a shift log's import, docs/performance.md).
        if try connection.scalar("PRAGMA defer_foreign_keys")?.int64 != 1 { try connection.execute("PRAGMA defer_foreign_keys = ON") }
        var outcome = SettleOutcome()
        var moves: [SettleMove] = []
        // Every made shift that is not pinned steps aside to its parking slot, so no move below
        // meets a shift that is about to move or go.
        // One statement for them all (the slots are distinct and apart from everything, so no
        // order matters): a statement per shift opened a statement journal each, whose cost grew
        // with the transaction (undoing 20,000 shift-log rows parked 20,000 shifts one by one).
        try parkShifts(evidence.shifts.values.filter { $0.isMade && !$0.parked && !evidence.pinned.contains($0.id) }.map(\.id).sorted())
        // Pinned shifts take their spans first (they never leave their time), then the others.
        let ordered = plan.madeShifts.sorted { a, b in
            let pa = a.id.existingID.map(evidence.pinned.contains) ?? false, pb = b.id.existingID.map(evidence.pinned.contains) ?? false
            return pa != pb ? pa : a.span.start < b.span.start
        }
        for planned in ordered {
            // Made by the oldest import whose evidence it holds; holding only what the driver
            // entered, it becomes the driver's.
            let owner = planned.evidence.compactMap { evidence.rows[$0.id]?.importID }.filter { $0 != leaving }.min()
                ?? planned.id.existingID.flatMap { evidence.shifts[$0]?.importID }.flatMap { $0 == leaving ? nil : $0 }
            // A shift holds a trip only before its end: one whose line is the shift's last instant
            // makes the shift end a millisecond after it (never the trip a millisecond early).
            var end = planned.span.end
            for piece in planned.evidence where piece.kind == .moneyLine || piece.kind == .trip {
                if let row = evidence.rows[piece.id], case let at = row.lines?.first ?? row.start, at >= end.millisecondsSinceEpoch {
                    end = Instant(millisecondsSinceEpoch: at + 1)
                }
            }
            let span: [SQLValue] = [.instant(planned.span.start), .instant(end), .int(owner)]
            let target: Int64
            if let id = planned.id.existingID {
                try connection.run("UPDATE shift SET startedAtMs = ?2, endedAtMs = ?3, importId = ?4 WHERE id = ?1", [.integer(id)] + span)
                target = id
                outcome.kept.append(id)
            } else if case let .revived(id) = planned.id {
                // Its evidence parted again from the shift it had joined: its id, and its fuel, back.
                try reviveJoined(id, span: span)
                target = id
                outcome.created.append(id)
            } else {
                try connection.run("INSERT INTO shift (startedAtMs, endedAtMs, importId) VALUES (?1, ?2, ?3)", span)
                target = connection.lastInsertRowID
                outcome.created.append(target)
                try seedFuel(made: target, planned, evidence, leaving: leaving)
            }
            move(planned.evidence, to: target, start: planned.span.start, end: end, evidence, into: &moves)
        }
        for driver in plan.driverShifts {
            let shift = evidence.shifts[driver.id]
            move(driver.evidence, to: driver.id, start: Instant(millisecondsSinceEpoch: shift?.start ?? 0),
                 end: shift?.end.map(Instant.init(millisecondsSinceEpoch:)), evidence, into: &moves)
            if driver.outsideMilliseconds > 0 || driver.beyondMilliseconds > 0 {
                outcome.outsideDriverShifts.append((driver.id, driver.outsideMilliseconds, driver.beyondMilliseconds))
            }
        }
        try writeMoves(moves, staged: staged)
        for stray in plan.strays {
            guard stray.key.first == "c", let session = Int64(stray.key.dropFirst()), let row = evidence.rows[stray] else { continue }
            outcome.strayPoints += try connection.run("DELETE FROM routeSample WHERE shiftId = ?1 AND captureSessionId = ?2",
                                                      [.integer(row.shiftID), .integer(session)])
            try deleteRouteAside(session: session)
            try connection.run("DELETE FROM captureSession WHERE id = ?1", [.integer(session)])
        }
        let joinedNow = Set(plan.retired.filter { $0.fate != .emptied }.map(\.id))
        if !joinedNow.isEmpty {
            let held = evidence.held(by: joinedNow)
            for id in joinedNow.sorted() {
                guard let shift = evidence.shifts[id] else { continue }
                try rememberJoined(id, start: shift.start, end: shift.end ?? shift.start, evidence: held[id] ?? [])
            }
        }
        try deleteShifts(plan.retired.map(\.id))
        outcome.removed.append(contentsOf: plan.retired.map(\.id))
        outcome.created.sort()
        outcome.kept.sort()
        outcome.removed.sort()
        return outcome
    }

    /// Notes where each piece's row goes (a session with its route); a trip known only from its
    /// money lines sits at its first line's time, within the shift (at its last instant when the
    /// line came after it). The moves are written by ``writeMoves(_:)`` in a few statements.
    private func move(_ placed: [PlacedEvidence], to target: Int64, start: Instant, end: Instant?, _ evidence: ShiftEvidence,
                      into moves: inout [SettleMove]) {
        for piece in placed {
            guard let row = evidence.rows[piece.id], let kind = piece.id.key.first, let id = Int64(piece.id.key.dropFirst()) else { continue }
            var at: Int64?
            if kind == "d", let lines = row.lines {
                var instant = max(lines.first, start.millisecondsSinceEpoch)
                if let end { instant = min(instant, end.millisecondsSinceEpoch - 1) }
                at = instant
            }
            guard "cde".contains(kind), row.shiftID != target || at != nil else { continue }
            var move = SettleMove(entity: kind, id: id, from: row.shiftID, to: target, at: at)
            if kind == "c" { move.span = row.start...max(row.start, row.end) }
            moves.append(move)
        }
    }

    /// Writes the moves: one statement per table (a statement per row inside a large
    /// transaction costs a savepoint each, which grew with the transaction: 100,000 trips took
    /// 20 s that way).
    private func writeMoves(_ moves: [SettleMove], staged: StagedDeliveries?) throws {
        var moves = moves
        if let staged {
            // A staged delivery is written where it goes, not moved (StagedDeliveries.swift).
            var placements: [StagedDeliveries.Placement] = []
            moves.removeAll { move in
                guard move.entity == "d", move.at == nil, let tag = staged.unwrittenTag(of: move.id) else { return false }
                placements.append(.init(tag: tag, id: move.id, shiftID: move.to))
                return true
            }
            staged.place(placements)
        }
        guard !moves.isEmpty else { return }
        try connection.execute("""
            CREATE TEMP TABLE IF NOT EXISTS settleMove (entity TEXT NOT NULL, id INTEGER NOT NULL, fromShift INTEGER NOT NULL,
                                                         toShift INTEGER NOT NULL, at INTEGER, PRIMARY KEY (entity, id)) WITHOUT ROWID
            """)
        try connection.execute("DELETE FROM temp.settleMove")
        let insert = try connection.prepare("INSERT OR REPLACE INTO temp.settleMove (entity, id, fromShift, toShift, at) VALUES (?1, ?2, ?3, ?4, ?5)")
        defer { insert.finalize() }
        for move in moves {
            try insert.bind([.text(String(move.entity)), .integer(move.id), .integer(move.from), .integer(move.to), .int(move.at)])
            try insert.execute()
        }
        // Driven by the moves' ids (primary-key lookups), never a scan of the tables: an import
        // is placed island by island, each moving a day's rows.
        try connection.execute("""
            UPDATE captureSession SET shiftId = (SELECT m.toShift FROM temp.settleMove m WHERE m.entity = 'c' AND m.id = captureSession.id)
                WHERE id IN (SELECT id FROM temp.settleMove WHERE entity = 'c');
            UPDATE delivery SET shiftId = (SELECT m.toShift FROM temp.settleMove m WHERE m.entity = 'd' AND m.id = delivery.id)
                WHERE id IN (SELECT id FROM temp.settleMove WHERE entity = 'd' AND fromShift <> toShift);
            UPDATE delivery SET acceptedAtMs = (SELECT m.at FROM temp.settleMove m WHERE m.entity = 'd' AND m.id = delivery.id),
                                deliveredAtMs = (SELECT m.at FROM temp.settleMove m WHERE m.entity = 'd' AND m.id = delivery.id)
                WHERE id IN (SELECT id FROM temp.settleMove WHERE entity = 'd' AND at IS NOT NULL);
            UPDATE offer SET acceptedAtMs = (SELECT d.acceptedAtMs FROM delivery d WHERE d.offerId = offer.id ORDER BY d.id LIMIT 1)
                WHERE id IN (SELECT d.offerId FROM temp.settleMove m JOIN delivery d ON d.id = m.id WHERE m.entity = 'd' AND m.at IS NOT NULL);
            UPDATE shiftEarning SET shiftId = (SELECT m.toShift FROM temp.settleMove m WHERE m.entity = 'e' AND m.id = shiftEarning.id)
                WHERE id IN (SELECT id FROM temp.settleMove WHERE entity = 'e');
            """)
        // The route follows its sessions: per moved session, within its old shift's part of the
        // (shiftId, recordedAtMs) index.
        for move in moves where move.entity == "c" {
            try moveRoute(session: move.id, from: move.from, to: move.to, newSession: move.id, times: move.span)
        }
        try connection.execute("DELETE FROM temp.settleMove")
    }
}

extension Store {
    /// Moves made shifts to their parking slots (origin + id x stride, ShiftEvidence.swift) in
    /// one statement.
    fileprivate func parkShifts(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try fillSettleShifts(ids)
        try connection.run("""
            UPDATE shift SET startedAtMs = ?1 + id * ?2, endedAtMs = ?1 + id * ?2 + ?3
            WHERE id IN (SELECT id FROM temp.settleShiftIds)
            """, [.integer(Self.parkingOrigin), .integer(Self.parkingStride), .integer(Self.parkingSlotLength)])
        try connection.execute("DELETE FROM temp.settleShiftIds")
    }

    /// Fills the temporary list of shift ids the batch statements above act on.
    private func fillSettleShifts(_ ids: [Int64]) throws {
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS settleShiftIds (id INTEGER PRIMARY KEY)")
        try connection.execute("DELETE FROM temp.settleShiftIds")
        let insert = try connection.prepare("INSERT OR IGNORE INTO temp.settleShiftIds (id) VALUES (?1)")
        defer { insert.finalize() }
        for id in ids {
            try insert.bind([.integer(id)])
            try insert.execute()
        }
    }

    /// Deletes the shifts the plan retires in one statement: a statement per shift inside a large
    /// transaction opened a statement journal each (the shift's cascades), whose cost grew with the
    /// transaction, so undoing a 20,000-row shift log took 3 s, most of it in SQLite's savepoints.
    fileprivate func deleteShifts(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try fillSettleShifts(ids)
        try connection.execute("DELETE FROM shift WHERE id IN (SELECT id FROM temp.settleShiftIds)")
        try connection.execute("DELETE FROM temp.settleShiftIds")
    }

    /// A shift the planner makes takes a fuel snapshot once (docs/cli.md "vehicle"): split from
    /// made shifts, the pair of the oldest of them (none included: the work keeps its costing);
    /// of new evidence alone, the vehicle default, but never in an undo (`leaving`), which
    /// changes no shift's fuel.
    fileprivate func seedFuel(made target: Int64, _ planned: PlannedShift, _ evidence: ShiftEvidence, leaving: Int64?) throws {
        let sources = planned.evidence.compactMap { evidence.rows[$0.id].flatMap { evidence.shifts[$0.shiftID] } }
            .filter { $0.isMade && !$0.parked }
        if let source = sources.min(by: { ($0.start, $0.id) < ($1.start, $1.id) }) {
            try inheritFuel(target, from: source.id)
        } else if leaving == nil {
            try seedFuel(target)
        }
    }
}

/// One row the plan moves to another shift (and, for a trip known from its lines, its time).
struct SettleMove {
    let entity: Character
    let id: Int64
    let from: Int64
    let to: Int64
    let at: Int64?
    /// A session's first to last sample (its rows to move); unused for other rows.
    var span: ClosedRange<Int64> = 0...0
}

extension PlannedShiftID {
    var existingID: Int64? {
        if case let .existing(id) = self { return id }
        return nil
    }
}

extension Store {
    /// Removes a parked shift that was given nothing.
    public func deleteParkedShift(_ shiftID: Int64) throws {
        try write {
            _ = try connection.run("DELETE FROM shift WHERE id = ?1 AND startedAtMs < ?2", [.integer(shiftID), .integer(Self.parkingEnd)])
        }
    }

    /// Gives a trip (a delivery of one) the times a trips file (or, in an undo, its first money
    /// line) gives it, on the shift it is on: the caller then plans the shifts around its old and
    /// new times, and the planner places it where they say. It stays on its shift until then, so
    /// that shift still holds it as far as the planner knows and keeps its id while it stands for
    /// the same work (docs/shifts-from-evidence.md, "Ids"): parked elsewhere, it had left its
    /// shift holding nothing, and the shift it made again took a new id (issue 27, item 5).
    public func retimeDelivery(_ deliveryID: Int64, accepted: Instant, delivered: Instant) throws {
        try write {
            let delivery = try requireDelivery(deliveryID)
            guard delivered >= accepted else { throw ModelError.endsBeforeStart(start: accepted, end: delivered) }
            guard try connection.scalar("SELECT count(*) FROM delivery WHERE offerId = ?1", [.integer(delivery.offerID)])?.int64 == 1 else {
                throw ModelError.outsideShift(what: "the trip's times (its offer has other deliveries)")
            }
            try connection.run("UPDATE delivery SET acceptedAtMs = ?2, deliveredAtMs = ?3 WHERE id = ?1",
                               [.integer(deliveryID), .instant(accepted), .instant(delivered)])
            try connection.run("UPDATE offer SET acceptedAtMs = ?2 WHERE id = ?1", [.integer(delivery.offerID), .instant(accepted)])
        }
    }
}
