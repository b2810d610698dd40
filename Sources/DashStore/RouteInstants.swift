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
    /// it only once finished). Driven by the import's rows, a stretch of time at a time, in the
    /// route's (shiftId, recordedAtMs, id) order: nothing of the route is held in memory.
    public func resolveImportedRoute(_ importID: Int64, tieKey: String) throws -> RouteInstants {
        try write {
            var result = RouteInstants()
            try connection.execute("""
                CREATE TEMP TABLE IF NOT EXISTS routeMoveKey (shiftId INTEGER NOT NULL, recordedAtMs INTEGER NOT NULL, id INTEGER NOT NULL,
                                                              PRIMARY KEY (shiftId, recordedAtMs, id)) WITHOUT ROWID
                """)
            let sessions = try connection.query("""
                SELECT id, shiftId, startedAtMs, coalesce(endedAtMs, startedAtMs) AS endAt FROM captureSession WHERE importId = ?1 ORDER BY id
                """, [.integer(importID)])
            let ours = Self.positionRank("r", key: "?6")
            let near = try SessionSpans(otherThan: importID, meeting: sessions, in: connection)
            for session in sessions {
                let id = session.int("id"), shiftID = session.int("shiftId"), first = session.int("startedAtMs"), last = session.int("endAt")
                let others = near.shifts(meeting: first...last)
                guard !others.isEmpty else { continue }
                for other in others {
                    try forEachChunk(shiftID: shiftID, session: id, first...last) { chunk in
                        let values: [SQLValue] = [.integer(chunk.lowerBound), .integer(chunk.upperBound), .integer(shiftID), .integer(id),
                                                  .integer(other), .text(tieKey), .integer(importID)]
                        let mine = "r.shiftId = ?3 AND r.recordedAtMs BETWEEN ?1 AND ?2 AND r.captureSessionId = ?4"
                        // Theirs, where one of ours beats every one of theirs at the instant (ours
                        // drive the join: each of theirs is found by its instant on the index).
                        result.displaced += try moveAside("""
                            SELECT o.shiftId, o.recordedAtMs, o.id FROM routeSample r CROSS JOIN routeSample o ON o.shiftId = ?5 AND o.recordedAtMs = +r.recordedAtMs
                            CROSS JOIN captureSession oc ON oc.id = o.captureSessionId
                            WHERE \(mine) AND oc.importId IS NOT ?7
                              AND NOT EXISTS (SELECT 1 FROM routeSample b JOIN captureSession bc ON bc.id = b.captureSessionId
                                  WHERE b.shiftId = ?5 AND b.recordedAtMs = r.recordedAtMs AND bc.importId IS NOT ?7
                                    AND \(Self.positionRank("b", key: Self.importTieKey(session: "bc"))) <= \(ours))
                            """, values)
                        // Ours, where theirs stay.
                        result.setAside += try moveAside("""
                            SELECT r.shiftId, r.recordedAtMs, r.id FROM routeSample r WHERE \(mine) AND EXISTS (
                                SELECT 1 FROM routeSample o JOIN captureSession oc ON oc.id = o.captureSessionId
                                WHERE o.shiftId = ?5 AND o.recordedAtMs = r.recordedAtMs AND oc.importId IS NOT ?7)
                            """, values)
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
            try forEachChunk(shiftID: shiftID, session: id, first...last) { chunk in
                try connection.execute("DELETE FROM temp.routeAsideMove")
                try connection.run("""
                    INSERT OR IGNORE INTO temp.routeAsideMove (id)
                    SELECT a.id FROM (SELECT DISTINCT r.recordedAtMs FROM routeSample r WHERE r.shiftId = ?3 AND r.recordedAtMs BETWEEN ?1 AND ?2
                                        AND r.captureSessionId = ?4) t
                    CROSS JOIN routeSampleAside a ON a.recordedAtMs = t.recordedAtMs CROSS JOIN captureSession c ON c.id = a.captureSessionId
                    WHERE c.importId IS NOT ?5 AND c.importId IS (
                        SELECT bc.importId FROM routeSampleAside b JOIN captureSession bc ON bc.id = b.captureSessionId
                        WHERE b.recordedAtMs = t.recordedAtMs AND bc.importId IS NOT ?5
                        ORDER BY \(Self.positionOrder("b", key: Self.importTieKey(session: "bc"))), b.id LIMIT 1)
                    """, [.integer(chunk.lowerBound), .integer(chunk.upperBound), .integer(shiftID), .integer(id), .integer(importID)])
                // New ids in the order a rowid gave them: (time, id aside).
                let coming = try connection.scalar("SELECT count(*) FROM temp.routeAsideMove")?.int64 ?? 0
                guard coming > 0 else { return }
                try markRouteFiguresStale(try connection.query("""
                    SELECT DISTINCT c.shiftId FROM routeSampleAside a JOIN captureSession c ON c.id = a.captureSessionId
                    WHERE a.id IN (SELECT id FROM temp.routeAsideMove)
                    """).map { $0.int("shiftId") })
                promoted += try connection.run("""
                    INSERT INTO routeSample (id, shiftId, captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)
                    SELECT ?1 + row_number() OVER (ORDER BY a.recordedAtMs, a.id) - 1,
                           c.shiftId, a.captureSessionId, a.recordedAtMs, a.latitude, a.longitude, a.horizontalAccuracyM
                    FROM routeSampleAside a JOIN captureSession c ON c.id = a.captureSessionId
                    WHERE a.id IN (SELECT id FROM temp.routeAsideMove) ORDER BY a.recordedAtMs, a.id
                    """, [.integer(try reserveRouteSampleIDs(Int(coming)))])
                try connection.run("DELETE FROM routeSampleAside WHERE id IN (SELECT id FROM temp.routeAsideMove)")
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

    /// Calls `body` with consecutive stretches of `times` each holding at most ``routeChunk`` of
    /// capture session `session`'s positions on `shiftID`, found in the (shiftId, recordedAtMs, id)
    /// table's order (schema v15): the cost is the stretch's rows, and `body` may move the
    /// session's rows it has seen.
    func forEachChunk(shiftID: Int64, session: Int64, _ times: ClosedRange<Int64>, _ body: (ClosedRange<Int64>) throws -> Void) throws {
        var low = times.lowerBound
        while low <= times.upperBound {
            let high = try connection.scalar("""
                SELECT recordedAtMs FROM routeSample WHERE shiftId = ?1 AND recordedAtMs BETWEEN ?2 AND ?3 AND captureSessionId = ?4
                ORDER BY recordedAtMs LIMIT 1 OFFSET ?5
                """, [.integer(shiftID), .integer(low), .integer(times.upperBound), .integer(session), .integer(Self.routeChunk - 1)])?.int64
                ?? times.upperBound
            try body(low...high)
            guard high < times.upperBound else { return }
            low = high + 1
        }
    }

    /// Moves the route rows `select` names (their keys: shiftId, recordedAtMs, id) aside, in
    /// their capture sessions, in the order of their ids (the order they were written).
    private func moveAside(_ select: String, _ values: [SQLValue]) throws -> Int {
        try connection.execute("DELETE FROM temp.routeMoveKey")
        try connection.run("INSERT OR IGNORE INTO temp.routeMoveKey (shiftId, recordedAtMs, id) \(select)", values)
        let moved = try connection.run("""
            INSERT INTO routeSampleAside (captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)
            SELECT r.captureSessionId, r.recordedAtMs, r.latitude, r.longitude, r.horizontalAccuracyM
            FROM temp.routeMoveKey k CROSS JOIN routeSample r ON r.shiftId = k.shiftId AND r.recordedAtMs = k.recordedAtMs AND r.id = k.id
            ORDER BY r.id
            """)
        try connection.run("""
            DELETE FROM routeSample WHERE (shiftId, recordedAtMs, id) IN (SELECT shiftId, recordedAtMs, id FROM temp.routeMoveKey)
            """)
        try connection.execute("DELETE FROM temp.routeMoveKey")
        return moved
    }
}

/// The other imports' capture sessions that meet an import's, read once (a query per session
/// scanned every session of the store each time: a file of 16,000 tracks grew with the square
/// of its tracks, docs/performance.md), sorted by start for a binary search.
struct SessionSpans {
    private var spans: [(start: Int64, end: Int64, shift: Int64)] = []
    private var longest: Int64 = 0

    init(otherThan importID: Int64, meeting sessions: [Row], in connection: Connection) throws {
        guard let first = sessions.map({ $0.int("startedAtMs") }).min(), let last = sessions.map({ $0.int("endAt") }).max() else { return }
        for row in try connection.query("""
            SELECT shiftId, startedAtMs, coalesce(endedAtMs, startedAtMs) AS endAt FROM captureSession
            WHERE startedAtMs <= ?2 AND coalesce(endedAtMs, startedAtMs) >= ?1 AND importId IS NOT ?3 ORDER BY startedAtMs
            """, [.integer(first), .integer(last), .integer(importID)]) {
            let span = (start: row.int("startedAtMs"), end: row.int("endAt"), shift: row.int("shiftId"))
            spans.append(span)
            longest = max(longest, span.end - span.start)
        }
    }

    /// The shifts (ascending, once each) holding a session that meets `times`: one starting
    /// within the longest session's length before it, up to its end.
    func shifts(meeting times: ClosedRange<Int64>) -> [Int64] {
        guard !spans.isEmpty else { return [] }
        let (floor, overflow) = times.lowerBound.subtractingReportingOverflow(longest)
        var low = 0, high = spans.count
        let from = overflow ? Int64.min : floor
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].start < from { low = middle + 1 } else { high = middle }
        }
        var found = Set<Int64>()
        var index = low
        while index < spans.count, spans[index].start <= times.upperBound {
            if spans[index].end >= times.lowerBound { found.insert(spans[index].shift) }
            index += 1
        }
        return found.sorted()
    }
}
