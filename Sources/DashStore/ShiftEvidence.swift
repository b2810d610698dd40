import DashModel
import SQLiteKit

/// The evidence of work the store holds around some time, as the shift planner takes it
/// (docs/shifts-from-evidence.md): every capture session, trip, trip known only from its money
/// lines, and statement shift row on the shifts near that time, with the driver's shifts and the
/// made shifts there. Evidence ids name rows: `c` capture session, `d` delivery, `e` statement
/// row (shiftEarning), `x` a shift an earlier build made with no such rows (its own span stands
/// for the rows it came from).
struct ShiftEvidence {
    struct Shift {
        let id: Int64
        let start: Int64
        let end: Int64?
        let importID: Int64?
        let parked: Bool
        var isMade: Bool { importID != nil }
    }

    /// Where each piece lies now, and what kind of row it is.
    struct Row {
        let shiftID: Int64
        let importID: Int64?
        /// A delivery made from money lines: its first and last line.
        let lines: (first: Int64, last: Int64)?
        /// The row's own span as stored (a session's first and last sample).
        var start: Int64 = 0
        var end: Int64 = 0
    }

    var shifts: [Int64: Shift] = [:]
    var pieces: [EvidencePiece] = []
    var rows: [EvidenceID: Row] = [:]
    var pinned: Set<Int64> = []
    /// Made shifts joined into another that lay near, with the evidence each held then (JoinedShifts.swift).
    var joined: [Int64: Set<EvidenceID>] = [:]

    var input: ShiftPlanInput {
        var held: [Int64: Set<EvidenceID>] = [:]
        // A parked shift holds nothing as far as the planner knows: its evidence is new, and
        // the import removes the parked shift once everything on it is placed.
        for (id, row) in rows where shifts[row.shiftID].map({ $0.isMade && !$0.parked }) == true { held[row.shiftID, default: []].insert(id) }
        let made = shifts.values.filter { $0.isMade && !$0.parked }.map { MadeShiftHolding(id: $0.id, evidence: held[$0.id] ?? []) }
        let driver = shifts.values.filter { !$0.isMade }.map {
            DriverShiftSpan(id: $0.id, start: Instant(millisecondsSinceEpoch: $0.start), end: $0.end.map(Instant.init(millisecondsSinceEpoch:)))
        }
        return ShiftPlanInput(evidence: pieces, driverShifts: driver, madeShifts: made, pinned: pinned,
                              joinedShifts: joined.map { MadeShiftHolding(id: $0.key, evidence: $0.value) })
    }

    /// The evidence each made shift (not parked) holds now, as the plan's input gives it.
    func held(by ids: Set<Int64>) -> [Int64: Set<EvidenceID>] {
        var held: [Int64: Set<EvidenceID>] = [:]
        for (id, row) in rows where ids.contains(row.shiftID) { held[row.shiftID, default: []].insert(id) }
        return held
    }
}

extension Store {
    /// The first instant of the parking stretch (0001-01-01): an import puts its evidence on a
    /// shift parked there until the planner places it, inside the same transaction; shift n
    /// parks as shift -n (a negative id, so it takes no number from the shifts a driver sees) at
    /// n x 2 s. Never committed: a parked shift is a structural fault.
    static let parkingOrigin: Int64 = -62_135_596_800_000
    static let parkingEnd: Int64 = parkingOrigin + 1_000_000_000_000

    /// A parking slot: shift n's starts at origin + n x stride and lasts `parkingSlotLength`;
    /// made shifts step aside to theirs while a plan is applied (one statement, ShiftSettle.swift).
    static let parkingStride: Int64 = 2_000
    static let parkingSlotLength: Int64 = 1_000

    /// Where import n parks its evidence: the upper half of the stretch, apart from the slots
    /// made shifts step aside to while a plan is applied.
    static func importParkingSlot(_ importID: Int64) -> (start: Int64, end: Int64) {
        let start = parkingOrigin + 500_000_000_000 + importID * parkingStride
        return (start, start + parkingSlotLength)
    }

    /// The import's split gap, from its record (60 minutes when it names none).
    func splitGap(importID: Int64?, cache: inout [Int64: Int64]) throws -> Int64 {
        guard let importID else { return ShiftRules.defaultSplitGapMilliseconds }
        if let known = cache[importID] { return known }
        let gap = try connection.scalar("SELECT splitGapMs FROM importRecord WHERE id = ?1", [.integer(importID)])?.int64
            ?? ShiftRules.defaultSplitGapMilliseconds
        cache[importID] = gap
        return gap
    }

    /// Gathers the evidence near [from, to]: the shifts within the planner's reach of it (a made
    /// shift lasts at most 16 h and each link spans at most the largest gap), widened while a made
    /// shift reaches past the edge, plus every parked shift. `window`: only the parked rows
    /// starting then are gathered (an import's parked evidence is placed island by island; nil:
    /// all of it).
    /// `staged`: deliveries on the parked shift not yet written, gathered with its stored ones.
    func shiftEvidence(from: Int64, to: Int64, parked window: ClosedRange<Int64>? = nil, staged: StagedDeliveries? = nil) throws -> ShiftEvidence {
        let widestGap = try connection.scalar("SELECT max(splitGapMs) FROM importRecord")?.int64 ?? 0
        let margin = ShiftRules.maximumMadeShiftMilliseconds + 2 * max(widestGap, ShiftRules.defaultSplitGapMilliseconds)
        // A link spans at most the widest gap: a loaded made shift may join one within that of
        // it, so the window widens by the gap around each (not by the margin: that would walk
        // day by day through the whole history).
        let reach = max(widestGap, ShiftRules.defaultSplitGapMilliseconds)
        var low = from - margin, high = to + margin
        var evidence = ShiftEvidence()
        while true {
            var widened = false
            // Stored shifts never overlap (schema v7's triggers), so those meeting [low, high) are
            // the ones starting in it and the last one starting before it: two index probes.
            // (`startedAtMs < high` alone walked every earlier shift, once per island: a shift
            // log's import grew with the square of its rows, docs/performance.md.)
            for row in try connection.query("""
                SELECT id, startedAtMs, endedAtMs, importId FROM shift
                WHERE startedAtMs >= ?1 AND startedAtMs < ?2 AND coalesce(endedAtMs, 253402300799999) > ?1
                UNION SELECT * FROM (SELECT id, startedAtMs, endedAtMs, importId FROM shift
                                     WHERE startedAtMs < ?1 AND startedAtMs >= ?3 ORDER BY startedAtMs DESC LIMIT 1)
                    WHERE coalesce(endedAtMs, 253402300799999) > ?1
                UNION SELECT id, startedAtMs, endedAtMs, importId FROM shift WHERE startedAtMs < ?3
                """, [.integer(low), .integer(high), .integer(Self.parkingEnd)]) where evidence.shifts[row.int("id")] == nil {
                let shift = ShiftEvidence.Shift(id: row.int("id"), start: row.int("startedAtMs"), end: row["endedAtMs"].int64,
                                                importID: row["importId"].int64, parked: row.int("startedAtMs") < Self.parkingEnd)
                evidence.shifts[shift.id] = shift
                if shift.isMade, !shift.parked, let end = shift.end, shift.start - reach < low || end + reach > high {
                    low = min(low, shift.start - reach)
                    high = max(high, end + reach)
                    widened = true
                }
            }
            if !widened { break }
        }
        evidence.joined = try joinedShifts(from: low, to: high)
        var gaps: [Int64: Int64] = [:]
        for shift in evidence.shifts.values.sorted(by: { $0.id < $1.id }) {
            try gatherRows(of: shift, into: &evidence, gaps: &gaps, window: shift.parked ? window : nil,
                           staged: staged.flatMap { $0.parkedShiftID == shift.id ? $0 : nil })
        }
        // A piece may lie away from its shift (a trip known from its lines sits where its
        // first line says; a driver's shift keeps evidence past its times): the shifts within
        // reach of every piece are loaded too, gathering again from the wider window.
        // Only pieces away from their own shift can widen it: the shifts' own spans were
        // within reach already (widening on every piece would walk the whole history).
        let away = evidence.pieces.filter { piece in
            guard let row = evidence.rows[piece.id], let shift = evidence.shifts[row.shiftID], !shift.parked else { return true }
            return piece.start.millisecondsSinceEpoch < shift.start || piece.end.millisecondsSinceEpoch > (shift.end ?? Int64.max)
        }
        if let first = away.map(\.start.millisecondsSinceEpoch).min(), let last = away.map(\.end.millisecondsSinceEpoch).max(),
           first - reach < low || last + reach > high {
            return try shiftEvidence(from: min(first - reach, low) + margin, to: max(last + reach, high) - margin, parked: window, staged: staged)
        }
        return evidence
    }

    private func gatherRows(of shift: ShiftEvidence.Shift, into evidence: inout ShiftEvidence, gaps: inout [Int64: Int64],
                            window: ClosedRange<Int64>?, staged: StagedDeliveries? = nil) throws {
        let key: [SQLValue] = [.integer(shift.id), .integer(window?.lowerBound ?? Int64.min), .integer(window?.upperBound ?? Int64.max)]
        func add(_ id: String, _ kind: EvidenceKind, _ start: Int64, _ end: Int64, _ importID: Int64?, lines: (Int64, Int64)? = nil) throws {
            let gap = try splitGap(importID: importID, cache: &gaps)
            let piece = try EvidencePiece(id: EvidenceID(id), kind: kind, start: Instant(millisecondsSinceEpoch: start),
                                          end: Instant(millisecondsSinceEpoch: max(start, end)),
                                          importKey: ImportKey(importID.map { "i\($0)" } ?? "typed"), splitGapMilliseconds: gap)
            evidence.pieces.append(piece)
            evidence.rows[piece.id] = ShiftEvidence.Row(shiftID: shift.id, importID: importID, lines: lines, start: start, end: end)
        }
        for row in try connection.query("""
            SELECT id, startedAtMs, coalesce(endedAtMs, startedAtMs) AS endAt, importId FROM captureSession
            WHERE shiftId = ?1 AND startedAtMs BETWEEN ?2 AND ?3
            """, key) {
            try add("c\(row.int("id"))", .trackSession, row.int("startedAtMs"), row.int("endAt"), row["importId"].int64)
        }
        // Staged deliveries (trips, never money lines) merged with the stored ones in the order
        // deliveryByShift gives: by (accepted, id).
        var waiting = staged?.entries(in: window).makeIterator()
        var nextStaged = waiting?.next()
        func addStaged(before bound: (accepted: Int64, id: Int64)?) throws {
            while let entry = nextStaged, let staged, bound.map({ (entry.accepted, staged.id(of: entry)) < $0 }) ?? true {
                try add("d\(staged.id(of: entry))", .trip, entry.accepted, entry.end, staged.importID)
                nextStaged = waiting?.next()
            }
        }
        for row in try connection.query("""
            SELECT d.id, d.acceptedAtMs, coalesce(d.deliveredAtMs, d.cancelledAtMs, d.acceptedAtMs) AS endAt, d.importId,
                   (SELECT min(occurredAtMs) FROM deliveryLine l WHERE l.deliveryId = d.id) AS firstLine,
                   (SELECT max(occurredAtMs) FROM deliveryLine l WHERE l.deliveryId = d.id) AS lastLine
            FROM delivery d WHERE d.shiftId = ?1 AND d.acceptedAtMs BETWEEN ?2 AND ?3
            """, key) {
            let accepted = row.int("acceptedAtMs"), end = row.int("endAt")
            try addStaged(before: (accepted, row.int("id")))
            if let first = row["firstLine"].int64, let last = row["lastLine"].int64, end == accepted {
                // A trip known only from its money lines goes where its first line says, never
                // stretching a shift: a later line (an adjustment days on) tells nothing of
                // when the work was.
                try add("d\(row.int("id"))", .moneyLine, first, first, row["importId"].int64, lines: (first, last))
            } else {
                try add("d\(row.int("id"))", .trip, accepted, end, row["importId"].int64)
            }
        }
        try addStaged(before: nil)
        for row in try connection.query("""
            SELECT id, startedAtMs, endedAtMs, importId FROM shiftEarning WHERE shiftId = ?1 AND startedAtMs BETWEEN ?2 AND ?3
            """, key) {
            try add("e\(row.int("id"))", .shiftRow, row.int("startedAtMs"), row["endedAtMs"].int64 ?? row.int("startedAtMs"), row["importId"].int64)
        }
        guard shift.isMade, !shift.parked else { return }
        let one: [SQLValue] = [.integer(shift.id)]
        if try connection.scalar("""
            SELECT 1 FROM shift s WHERE s.id = ?1 AND ((s.grossEarningsE4 IS NOT NULL AND s.earningsImportId IS NULL) OR (s.fuelMpgE4 IS NOT NULL AND s.fuelSeeded = 0)
                OR s.recordedMilesE1 IS NOT NULL
                OR EXISTS (SELECT 1 FROM shiftPause p WHERE p.shiftId = s.id) OR EXISTS (SELECT 1 FROM routeSuspension r WHERE r.shiftId = s.id)
                OR EXISTS (SELECT 1 FROM shiftEarning e WHERE e.shiftId = s.id AND e.importId IS NULL)
                OR EXISTS (SELECT 1 FROM delivery d WHERE d.shiftId = s.id AND d.importId IS NULL)
                OR EXISTS (SELECT 1 FROM deliveryTip t JOIN delivery d ON d.id = t.deliveryId WHERE d.shiftId = s.id))
            """, one) != nil {
            evidence.pinned.insert(shift.id)
        }
    }
}
