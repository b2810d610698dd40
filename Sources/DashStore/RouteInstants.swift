import DashModel
import SQLiteKit

/// What deciding an imported route's shared instants did (docs/gpx.md, "Into the record").
public struct RouteInstants: Sendable, Equatable {
    public init() {}
    /// Positions of the import kept aside: at their instants another import's position is kept.
    public var setAside = 0
    /// Positions of other imports kept aside: at their instants this import's is kept.
    public var displaced = 0
}

/// A route holds each instant once. Of the positions imports give at one instant it keeps the
/// best by a rule that does not depend on the order of imports: a known accuracy beats none,
/// the smaller accuracy wins, then the smaller latitude, then the smaller longitude, then the
/// import's content SHA-256 (identical positions are one: which import's row it is must still
/// be decided without the order). Every other position there is kept aside (schema v9's
/// `routeSampleAside`), in its own capture session, so each import still holds all it gave:
/// undoing the import kept brings back the best remaining (``promoteRouteAside(replacing:)``),
/// and undoing one kept aside changes no position. Positions of one import at one instant are
/// not compared with each other (a file's own points are its own).
extension Store {
    /// The rank of a position `alias` (a routeSample or routeSampleAside row) whose import's tie
    /// key is `key`: smaller is better, as a row value.
    static func positionRank(_ alias: String, key: String) -> String { "(" + positionOrder(alias, key: key) + ")" }

    /// The same rank as the terms of an ORDER BY (which takes no row value).
    static func positionOrder(_ alias: String, key: String) -> String {
        "\(alias).horizontalAccuracyM IS NULL, coalesce(\(alias).horizontalAccuracyM, 0), \(alias).latitude, \(alias).longitude, \(key)"
    }

    /// The tie key of the import of capture session `session` (an alias): its content SHA-256,
    /// else its bytes' (older imports), else '' (a route recorded live, no import).
    static func importTieKey(session: String) -> String {
        "coalesce((SELECT coalesce(i.contentSha256, i.sha256) FROM importRecord i WHERE i.id = \(session).importId), '')"
    }

    /// Rows per statement: a statement's journal holds every page it changes (``moveRoute``).
    static let routeChunk: Int64 = 20_000

    /// Decides each instant import `importID`'s route shares with another import's, once the
    /// import's sessions are placed (so the planner saw every position it gave, kept or not):
    /// the worse positions go aside. `tieKey` is the import's content SHA-256 (its record holds
    /// it only once finished). Driven by the import's rows, chunk by chunk of rowids, on the
    /// (shiftId, recordedAtMs) index: nothing of the route is held in memory.
    public func resolveImportedRoute(_ importID: Int64, tieKey: String) throws -> RouteInstants {
        try write {
            var result = RouteInstants()
            try connection.execute("CREATE TEMP TABLE IF NOT EXISTS routeAsideMove (id INTEGER PRIMARY KEY)")
            let sessions = try connection.query("""
                SELECT id, shiftId, startedAtMs, coalesce(endedAtMs, startedAtMs) AS endAt FROM captureSession WHERE importId = ?1 ORDER BY id
                """, [.integer(importID)])
            let ours = Self.positionRank("r", key: "?8")
            for session in sessions {
                let id = session.int("id"), shiftID = session.int("shiftId"), first = session.int("startedAtMs"), last = session.int("endAt")
                let others = try connection.query("""
                    SELECT DISTINCT shiftId FROM captureSession
                    WHERE startedAtMs <= ?2 AND coalesce(endedAtMs, startedAtMs) >= ?1 AND importId IS NOT ?3 ORDER BY shiftId
                    """, [.integer(first), .integer(last), .integer(importID)]).map { $0.int("shiftId") }
                guard !others.isEmpty, let bounds = try rowBounds(shiftID: shiftID, session: id, first...last) else { continue }
                for other in others {
                    var low = bounds.lowerBound
                    while low <= bounds.upperBound {
                        let values: [SQLValue] = [.integer(low), .integer(min(bounds.upperBound, low + Self.routeChunk - 1)), .integer(shiftID),
                                                  .integer(id), .integer(first), .integer(last), .integer(other), .text(tieKey), .integer(importID)]
                        let mine = "r.id BETWEEN ?1 AND ?2 AND r.shiftId = ?3 AND r.captureSessionId = ?4 AND r.recordedAtMs BETWEEN ?5 AND ?6"
                        // Theirs, where one of ours beats every one of theirs at the instant.
                        result.displaced += try moveAside("""
                            SELECT o.id FROM routeSample r JOIN routeSample o ON o.shiftId = ?7 AND o.recordedAtMs = r.recordedAtMs
                            JOIN captureSession oc ON oc.id = o.captureSessionId
                            WHERE \(mine) AND oc.importId IS NOT ?9
                              AND NOT EXISTS (SELECT 1 FROM routeSample b JOIN captureSession bc ON bc.id = b.captureSessionId
                                  WHERE b.shiftId = ?7 AND b.recordedAtMs = r.recordedAtMs AND bc.importId IS NOT ?9
                                    AND \(Self.positionRank("b", key: Self.importTieKey(session: "bc"))) <= \(ours))
                            """, values)
                        // Ours, where theirs stay.
                        result.setAside += try moveAside("""
                            SELECT r.id FROM routeSample r WHERE \(mine) AND EXISTS (
                                SELECT 1 FROM routeSample o JOIN captureSession oc ON oc.id = o.captureSessionId
                                WHERE o.shiftId = ?7 AND o.recordedAtMs = r.recordedAtMs AND oc.importId IS NOT ?9)
                            """, values)
                        low += Self.routeChunk
                    }
                }
            }
            return result
        }
    }

    /// Part of undoing import `importID` (before its route goes): at each instant where its
    /// position is kept, the best position another import keeps aside there comes back, with
    /// that import's other positions at the instant, in their own capture session (on its
    /// shift; the planner then settles as usual). Its own positions aside go. Returns how many
    /// positions came back.
    func promoteRouteAside(replacing importID: Int64) throws -> Int {
        try connection.execute("CREATE TEMP TABLE IF NOT EXISTS routeAsideMove (id INTEGER PRIMARY KEY)")
        var promoted = 0
        let sessions = try connection.query("""
            SELECT id, shiftId, startedAtMs, coalesce(endedAtMs, startedAtMs) AS endAt FROM captureSession WHERE importId = ?1 ORDER BY id
            """, [.integer(importID)])
        guard try connection.scalar("SELECT 1 FROM routeSampleAside LIMIT 1") != nil else { return 0 }
        for session in sessions {
            let id = session.int("id"), shiftID = session.int("shiftId"), first = session.int("startedAtMs"), last = session.int("endAt")
            guard let bounds = try rowBounds(shiftID: shiftID, session: id, first...last) else { continue }
            var low = bounds.lowerBound
            while low <= bounds.upperBound {
                try connection.execute("DELETE FROM temp.routeAsideMove")
                try connection.run("""
                    INSERT OR IGNORE INTO temp.routeAsideMove (id)
                    SELECT a.id FROM (SELECT DISTINCT r.recordedAtMs FROM routeSample r WHERE r.id BETWEEN ?1 AND ?2 AND r.shiftId = ?3
                                        AND r.captureSessionId = ?4 AND r.recordedAtMs BETWEEN ?5 AND ?6) t
                    JOIN routeSampleAside a ON a.recordedAtMs = t.recordedAtMs JOIN captureSession c ON c.id = a.captureSessionId
                    WHERE c.importId IS NOT ?7 AND c.importId IS (
                        SELECT bc.importId FROM routeSampleAside b JOIN captureSession bc ON bc.id = b.captureSessionId
                        WHERE b.recordedAtMs = t.recordedAtMs AND bc.importId IS NOT ?7
                        ORDER BY \(Self.positionOrder("b", key: Self.importTieKey(session: "bc"))), b.id LIMIT 1)
                    """, [.integer(low), .integer(min(bounds.upperBound, low + Self.routeChunk - 1)), .integer(shiftID), .integer(id),
                          .integer(first), .integer(last), .integer(importID)])
                promoted += try connection.run("""
                    INSERT INTO routeSample (shiftId, captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)
                    SELECT c.shiftId, a.captureSessionId, a.recordedAtMs, a.latitude, a.longitude, a.horizontalAccuracyM
                    FROM routeSampleAside a JOIN captureSession c ON c.id = a.captureSessionId
                    WHERE a.id IN (SELECT id FROM temp.routeAsideMove) ORDER BY a.recordedAtMs, a.id
                    """)
                try connection.run("DELETE FROM routeSampleAside WHERE id IN (SELECT id FROM temp.routeAsideMove)")
                low += Self.routeChunk
            }
        }
        for session in sessions { try deleteRouteAside(session: session.int("id")) }
        try connection.execute("DELETE FROM temp.routeAsideMove")
        return promoted
    }

    /// Removes the positions capture session `session` keeps aside (before the session goes).
    func deleteRouteAside(session: Int64) throws {
        try connection.run("DELETE FROM routeSampleAside WHERE captureSessionId = ?1", [.integer(session)])
    }

    /// How many positions import `importID` keeps aside.
    public func routeAsideCount(importID: Int64) throws -> Int {
        Int(try connection.scalar("""
            SELECT count(*) FROM routeSampleAside a JOIN captureSession c ON c.id = a.captureSessionId WHERE c.importId = ?1
            """, [.integer(importID)])?.int64 ?? 0)
    }

    /// The first and last rowid of capture session `session`'s positions on `shiftID` within `times`.
    private func rowBounds(shiftID: Int64, session: Int64, _ times: ClosedRange<Int64>) throws -> ClosedRange<Int64>? {
        guard let row = try connection.query("""
            SELECT min(id), max(id) FROM routeSample WHERE shiftId = ?1 AND captureSessionId = ?2 AND recordedAtMs BETWEEN ?3 AND ?4
            """, [.integer(shiftID), .integer(session), .integer(times.lowerBound), .integer(times.upperBound)]).first,
              let low = row[0].int64, let high = row[1].int64 else { return nil }
        return low...high
    }

    /// Moves the route rows `select` names (their ids) aside, in their capture sessions.
    private func moveAside(_ select: String, _ values: [SQLValue]) throws -> Int {
        try connection.execute("DELETE FROM temp.routeAsideMove")
        try connection.run("INSERT OR IGNORE INTO temp.routeAsideMove (id) \(select)", values)
        let moved = try connection.run("""
            INSERT INTO routeSampleAside (captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)
            SELECT captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM FROM routeSample
            WHERE id IN (SELECT id FROM temp.routeAsideMove) ORDER BY id
            """)
        try connection.run("DELETE FROM routeSample WHERE id IN (SELECT id FROM temp.routeAsideMove)")
        try connection.execute("DELETE FROM temp.routeAsideMove")
        return moved
    }
}
