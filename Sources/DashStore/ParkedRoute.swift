import DashModel
import SQLiteKit

/// What preparing a parked route for the planner did.
public struct ParkedRoute: Sendable, Equatable {
    /// Points left out because the record already holds a position at that instant (a longer
    /// export of a track imported before adds only its new points).
    public var duplicates = 0
    /// Capture sessions made by cutting a segment where it breaks for longer than the split gap.
    public var sessionsCut = 0
    /// Capture sessions left with no point (all of them already recorded).
    public var sessionsEmptied = 0
}

extension Store {
    /// Prepares the route an import parked on `shiftID` (docs/shifts-from-evidence.md): a point
    /// at an instant the record's route already holds, on any shift near, is left out (a route
    /// holds each instant once; the first import's position stays), and each capture session
    /// is cut where it breaks for longer than `splitGap` milliseconds, so one segment of a
    /// lunch and a dinner drive is two pieces of evidence; a cut-off single point is then
    /// judged a stray or not by the planner.
    public func prepareParkedRoute(_ shiftID: Int64, splitGap: Int64) throws -> ParkedRoute {
        try write {
            var result = ParkedRoute()
            let key: [SQLValue] = [.integer(shiftID)]
            guard let hull = try connection.query("SELECT min(recordedAtMs), max(recordedAtMs) FROM routeSample WHERE shiftId = ?1", key).first,
                  let first = hull[0].int64, let last = hull[1].int64 else { return result }
            for other in try connection.query("""
                SELECT id FROM shift WHERE id <> ?1 AND startedAtMs <= ?3 AND coalesce(endedAtMs, 253402300799999) >= ?2 AND startedAtMs >= ?4
                """, [.integer(shiftID), .integer(first), .integer(last), .integer(Self.parkingEnd)]) {
                result.duplicates += try connection.run("""
                    DELETE FROM routeSample WHERE shiftId = ?1 AND recordedAtMs IN
                        (SELECT recordedAtMs FROM routeSample WHERE shiftId = ?2 AND recordedAtMs BETWEEN ?3 AND ?4)
                    """, [.integer(shiftID), .integer(other.int("id")), .integer(first), .integer(last)])
            }
            // One streamed scan of the parked route in time order: per session only its parts'
            // bounds are kept, never its points (a 1 GB file's route stays on disk), and a file
            // of thousands of segments costs one pass, not one per segment.
            var partsBySession: [Int64: [(start: Int64, end: Int64)]] = [:]
            let scan = try connection.prepare("SELECT captureSessionId, recordedAtMs FROM routeSample WHERE shiftId = ?1 ORDER BY recordedAtMs")
            do {
                defer { scan.finalize() }
                try scan.bind(key)
                while try scan.advance() {
                    let session = scan.int64(at: 0), instant = scan.int64(at: 1)
                    if let last = partsBySession[session]?.last, instant - last.end <= splitGap {
                        partsBySession[session, default: []][(partsBySession[session]?.count ?? 1) - 1].end = instant
                    } else {
                        partsBySession[session, default: []].append((instant, instant))
                    }
                }
            }
            for session in try connection.query("SELECT id, source, importId FROM captureSession WHERE shiftId = ?1 ORDER BY id", key) {
                let id = session.int("id")
                guard let parts = partsBySession[id], let first = parts.first else {
                    try connection.run("DELETE FROM captureSession WHERE id = ?1", [.integer(id)])
                    result.sessionsEmptied += 1
                    continue
                }
                try connection.run("UPDATE captureSession SET startedAtMs = ?2, endedAtMs = ?3 WHERE id = ?1",
                                   [.integer(id), .integer(first.start), .integer(first.end)])
                for (index, part) in parts.enumerated().dropFirst() {
                    try connection.run("""
                        INSERT INTO captureSession (shiftId, startedAtMs, endedAtMs, source, importId) VALUES (?1, ?2, ?3, ?4, ?5)
                        """, [.integer(shiftID), .integer(part.start), .integer(part.end),
                              .text(String((session["source"].string ?? "track").prefix(280)) + " part \(index + 1)"), session["importId"]])
                    let piece = connection.lastInsertRowID
                    try connection.run("""
                        UPDATE routeSample SET captureSessionId = ?3 WHERE shiftId = ?1 AND captureSessionId = ?2 AND recordedAtMs BETWEEN ?4 AND ?5
                        """, [.integer(shiftID), .integer(id), .integer(piece), .integer(part.start), .integer(part.end)])
                    result.sessionsCut += 1
                }
            }
            return result
        }
    }

    /// The shifts the capture sessions of import `importID` lie on, by id.
    public func shiftsHolding(captureSessionsOf importID: Int64) throws -> [Int64] {
        try connection.query("SELECT DISTINCT shiftId FROM captureSession WHERE importId = ?1 ORDER BY shiftId", [.integer(importID)]).map { $0.int("shiftId") }
    }
}

extension Store {
    /// How many capture sessions import `importID` holds.
    public func captureSessionCount(importID: Int64) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM captureSession WHERE importId = ?1", [.integer(importID)])?.int64 ?? 0)
    }
}
