import DashModel
import SQLiteKit

/// What preparing an imported route for the planner did.
public struct ImportedRoute: Sendable, Equatable {
    /// Capture sessions made by cutting a segment where it breaks for longer than the split gap.
    public var sessionsCut = 0
}

extension Store {
    /// Prepares the route import `importID` wrote (docs/shifts-from-evidence.md): each capture
    /// session is cut where it breaks for longer than `splitGap` milliseconds, so one segment of
    /// a lunch and a dinner drive is two pieces of evidence; a cut-off single point is then
    /// judged a stray or not by the planner. Cut on all the positions the file gave, before any
    /// instant it shares with another import is decided (``resolveImportedRoute(_:tieKey:)``,
    /// after the planner): its sessions, and so the shifts, are then the same whichever import
    /// came first.
    ///
    /// `known`: each session's parts as the importer saw its points arrive in time order (the
    /// same parts a scan finds); used when it names every session the import holds, so the
    /// route just written is not read back.
    public func prepareImportedRoute(_ importID: Int64, splitGap: Int64, known: [Int64: [(start: Int64, end: Int64)]]? = nil) throws -> ImportedRoute {
        try write {
            var result = ImportedRoute()
            let key: [SQLValue] = [.integer(importID)]
            let sessions = try connection.query("SELECT id, shiftId, source, startedAtMs, endedAtMs FROM captureSession WHERE importId = ?1 ORDER BY id", key)
            guard !sessions.isEmpty else { return result }
            let ours = Set(sessions.map { $0.int("id") })
            let partsBySession = try known.flatMap { Set($0.keys) == ours ? $0 : nil } ?? scanParts(sessions, ours: ours, splitGap: splitGap)
            for session in sessions {
                let id = session.int("id"), shiftID = session.int("shiftId")
                guard let parts = partsBySession[id], let first = parts.first else {
                    try connection.run("DELETE FROM captureSession WHERE id = ?1", [.integer(id)])
                    continue
                }
                try connection.run("UPDATE captureSession SET startedAtMs = ?2, endedAtMs = ?3 WHERE id = ?1",
                                   [.integer(id), .integer(first.start), .integer(first.end)])
                for (index, part) in parts.enumerated().dropFirst() {
                    try connection.run("""
                        INSERT INTO captureSession (shiftId, startedAtMs, endedAtMs, source, importId, measureMethod)
                        SELECT ?1, ?2, ?3, ?4, ?5, measureMethod FROM captureSession WHERE id = ?6
                        """, [.integer(shiftID), .integer(part.start), .integer(part.end),
                              .text(String((session["source"].string ?? "track").prefix(280)) + " part \(index + 1)"), .integer(importID),
                              .integer(id)])
                    let piece = connection.lastInsertRowID
                    try moveRoute(session: id, from: shiftID, to: shiftID, newSession: piece, times: part.start...part.end)
                    result.sessionsCut += 1
                }
            }
            return result
        }
    }

    /// Each session's parts, from one streamed scan in time order per shift the import wrote on:
    /// per session only its parts' bounds are kept, never its points (a 1 GB file's route stays
    /// on disk).
    private func scanParts(_ sessions: [Row], ours: Set<Int64>, splitGap: Int64) throws -> [Int64: [(start: Int64, end: Int64)]] {
        var partsBySession: [Int64: [(start: Int64, end: Int64)]] = [:]
        // Grouped once (filtering every session per shift grew with the square of a file's tracks).
        let byShift = Dictionary(grouping: sessions) { $0.int("shiftId") }
        for (shiftID, held) in byShift.sorted(by: { $0.key < $1.key }) {
            let first = held.map { $0.int("startedAtMs") }.min() ?? Int64.min
            let last = held.map { $0["endedAtMs"].int64 ?? $0.int("startedAtMs") }.max() ?? Int64.max
            let scan = try connection.prepare("""
                SELECT captureSessionId, recordedAtMs FROM routeSample WHERE shiftId = ?1 AND recordedAtMs BETWEEN ?2 AND ?3 ORDER BY recordedAtMs
                """)
            defer { scan.finalize() }
            try scan.bind([.integer(shiftID), .integer(first), .integer(last)])
            while try scan.advance() {
                let session = scan.int64(at: 0), instant = scan.int64(at: 1)
                guard ours.contains(session) else { continue }
                if let last = partsBySession[session]?.last, instant - last.end <= splitGap {
                    partsBySession[session, default: []][(partsBySession[session]?.count ?? 1) - 1].end = instant
                } else {
                    partsBySession[session, default: []].append((instant, instant))
                }
            }
        }
        return partsBySession
    }
}

extension Store {
    /// The span of import `importID`'s capture sessions; nil when it has none.
    public func importedRouteHull(_ importID: Int64) throws -> Interval? {
        guard let row = try connection.query("""
            SELECT min(startedAtMs), max(coalesce(endedAtMs, startedAtMs)) FROM captureSession WHERE importId = ?1
            """, [.integer(importID)]).first, let first = row[0].int64, let last = row[1].int64 else { return nil }
        return try Interval(start: Instant(millisecondsSinceEpoch: first), end: Instant(millisecondsSinceEpoch: max(first, last)))
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

extension Store {
    /// Moves the samples of capture session `session` on shift `from` (within `times`) to shift
    /// `to` and session `newSession`, a bounded number of rows per statement: a statement's
    /// journal holds every page it changes, in memory, so one statement over a 1 GB route would
    /// hold hundreds of megabytes. Chunks are stretches of time in the route's own (shift, time)
    /// order (schema v15); each sample keeps its id, so its order among others at its instant.
    func moveRoute(session: Int64, from: Int64, to: Int64, newSession: Int64, times: ClosedRange<Int64>) throws {
        guard from != to || session != newSession else { return }
        try markRouteFiguresStale([from, to])
        try forEachChunk(shiftID: from, session: session, times) { chunk in
            try connection.run("""
                UPDATE routeSample SET shiftId = ?3, captureSessionId = ?4
                WHERE shiftId = ?1 AND recordedAtMs BETWEEN ?5 AND ?6 AND captureSessionId = ?2
                """, [.integer(from), .integer(session), .integer(to), .integer(newSession), .integer(chunk.lowerBound), .integer(chunk.upperBound)])
        }
    }
}
