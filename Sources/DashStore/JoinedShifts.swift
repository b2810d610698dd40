import DashModel
import SQLiteKit

extension Schema {
    /// Made shifts the planner joined into another (issue 27, item 5; docs/shifts-from-evidence.md,
    /// "Ids"): a split that parts their evidence from the shift they joined (undoing the import
    /// that joined them) gives each its id back, with the fuel snapshot it had. Derived from the
    /// shifts' history, never shown; a row goes when its id is given back.
    static let v19 = Migration("0019 made shifts joined into another, to give their ids back", """
        -- Its id (never given to another shift: AUTOINCREMENT), where it lay when it was joined,
        -- the evidence it held then (keys separated by a space: c, d or e and a capture session's,
        -- delivery's or statement row's id) and its seeded fuel pair.
        CREATE TABLE joinedShift (
            id INTEGER PRIMARY KEY CHECK (id > 0),
            startedAtMs INTEGER NOT NULL,
            endedAtMs INTEGER NOT NULL CHECK (endedAtMs >= startedAtMs),
            evidence TEXT NOT NULL,
            fuelMpgE4 INTEGER CHECK (fuelMpgE4 > 0),
            fuelPricePerGallonE4 INTEGER CHECK (fuelPricePerGallonE4 >= 0),
            CHECK ((fuelMpgE4 IS NULL) = (fuelPricePerGallonE4 IS NULL))
        ) STRICT;
        CREATE INDEX joinedShiftByStart ON joinedShift (startedAtMs);
        """)
}

/// The memory of made shifts joined into another (docs/shifts-from-evidence.md, "Ids"): written
/// when a plan retires a shift as joined, read by every plan near it, and deleted when a plan
/// gives the id back (`PlannedShiftID.revived`) or when none of its evidence exists any more.
extension Store {
    /// The joined shifts that lay in [low, high] (a made shift lasts at most 16 hours, so one
    /// starting 16 hours before `low` may reach it), with the evidence each held then.
    func joinedShifts(from low: Int64, to high: Int64) throws -> [Int64: Set<EvidenceID>] {
        guard version >= 16 else { return [:] }
        var joined: [Int64: Set<EvidenceID>] = [:]
        for row in try connection.query("""
            SELECT id, evidence FROM joinedShift WHERE startedAtMs BETWEEN ?1 AND ?2 AND endedAtMs >= ?3
            """, [.integer(low - ShiftRules.maximumMadeShiftMilliseconds), .integer(high), .integer(low)]) {
            joined[row.int("id")] = Self.evidenceKeys(row["evidence"].string ?? "")
        }
        return joined
    }

    /// Remembers shift `id`, about to be deleted as joined into another: where it lay before the
    /// plan (its row is parked meanwhile), the evidence it holds and its fuel pair.
    func rememberJoined(_ id: Int64, start: Int64, end: Int64, evidence: Set<EvidenceID>) throws {
        guard version >= 16 else { return }
        try connection.run("""
            INSERT OR REPLACE INTO joinedShift (id, startedAtMs, endedAtMs, evidence, fuelMpgE4, fuelPricePerGallonE4)
            SELECT id, ?2, ?3, ?4, fuelMpgE4, fuelPricePerGallonE4 FROM shift WHERE id = ?1
            """, [.integer(id), .integer(start), .integer(max(start, end)), .text(evidence.map(\.key).sorted().joined(separator: " "))])
    }

    /// Makes shift `id` again from its memory, over `span`, made by `owner`; its memory goes.
    func reviveJoined(_ id: Int64, span: [SQLValue]) throws {
        try connection.run("""
            INSERT INTO shift (id, startedAtMs, endedAtMs, importId, fuelMpgE4, fuelPricePerGallonE4, fuelSeeded)
            SELECT ?1, ?2, ?3, ?4, fuelMpgE4, fuelPricePerGallonE4, fuelMpgE4 IS NOT NULL FROM joinedShift WHERE id = ?1
            """, [.integer(id)] + span)
        try connection.run("DELETE FROM joinedShift WHERE id = ?1", [.integer(id)])
    }

    /// Forgets joined shifts none of whose evidence exists (its imports undone): no plan could
    /// give their ids back, and a store holding nothing else is empty.
    func forgetVanishedJoined() throws {
        guard version >= 16 else { return }
        for row in try connection.query("SELECT id, evidence FROM joinedShift") {
            let keys = Self.evidenceKeys(row["evidence"].string ?? "")
            if try !keys.contains(where: evidenceExists) {
                try connection.run("DELETE FROM joinedShift WHERE id = ?1", [.integer(row.int("id"))])
            }
        }
    }

    private func evidenceExists(_ id: EvidenceID) throws -> Bool {
        guard let kind = id.key.first, let row = Int64(id.key.dropFirst()) else { return false }
        let table: String
        switch kind {
        case "c": table = "captureSession"
        case "d": table = "delivery"
        case "e": table = "shiftEarning"
        default: return false
        }
        return try connection.scalar("SELECT 1 FROM \(table) WHERE id = ?1", [.integer(row)]) != nil
    }

    static func evidenceKeys(_ text: String) -> Set<EvidenceID> {
        Set(text.split(separator: " ").map { EvidenceID(String($0)) })
    }
}
