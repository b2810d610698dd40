import DashModel
import SQLiteKit

/// A stored route position.
public struct RouteSample: Hashable, Sendable {
    public let shiftID: Int64
    public let captureSessionID: Int64
    public let position: Position
}

/// Appends positions to one capture session with one prepared statement, reused.
///
/// The cost of a position is one insert into the route's b-tree, at its place in (shift, time)
/// order: nothing reads the route to append to it, so the 28,800th position of a shift costs
/// what the first did, whatever the store holds (the seed's quadratic came from maintaining a
/// to-many collection; here the relationship is declared only on the sample). Each batch takes
/// its ids from routeSampleSequence (schema v15) in one read and one update. Call
/// ``append(_:)`` inside the caller's transaction (``Store/write(_:)``) so a batch commits with
/// everything else the caller writes.
public final class RouteWriter {
    private let statement: Statement
    private let store: Store
    public let shiftID: Int64
    public let captureSessionID: Int64

    init(store: Store, shiftID: Int64, captureSessionID: Int64) throws {
        self.store = store
        self.shiftID = shiftID
        self.captureSessionID = captureSessionID
        statement = try store.connection.prepare("""
            INSERT INTO routeSample (id, shiftId, captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)
            VALUES (?7, ?1, ?2, ?3, ?4, ?5, ?6)
            """)
        try statement.bind(shiftID, at: 1)
        try statement.bind(captureSessionID, at: 2)
    }

    /// Appends a batch. Must run inside a transaction the caller holds: a batch written outside
    /// one would commit (and sync) per row.
    public func append(_ positions: some Collection<Position>) throws {
        guard !store.connection.isAutocommit else { throw RouteWriterError.outsideTransaction }
        guard !positions.isEmpty else { return }
        var id = try store.reserveRouteSampleIDs(positions.count)
        for position in positions {
            try statement.bind(id, at: 7)
            try statement.bind(position.at.millisecondsSinceEpoch, at: 3)
            try statement.bind(position.latitude, at: 4)
            try statement.bind(position.longitude, at: 5)
            try statement.bind(position.horizontalAccuracy, at: 6)
            try statement.execute()
            id += 1
        }
        // Once per batch, not a trigger per row (RouteFigureSchema.swift).
        try store.markRouteFiguresStale([shiftID])
    }

    /// Releases the prepared statement now rather than when the writer is released.
    public func finish() { statement.finalize() }
}

extension Store {
    /// Reserves `count` consecutive route sample ids (schema v15's routeSampleSequence) and
    /// returns the first: above every id the route holds, so the rows written with them come
    /// after every stored sample at their instant, as a rowid did. Inside the caller's transaction.
    func reserveRouteSampleIDs(_ count: Int) throws -> Int64 {
        let count: [SQLValue] = [.integer(Int64(count))]
        if let first = try connection.scalar("UPDATE routeSampleSequence SET next = next + ?1 WHERE id = 1 RETURNING next - ?1", count)?.int64 {
            return first
        }
        // No row yet: the first write since the store was made (or since v15 on an empty route).
        let first = (try connection.scalar("SELECT max(id) FROM routeSample")?.int64 ?? 0) + 1
        try connection.run("INSERT INTO routeSampleSequence (id, next) VALUES (1, ?1 + ?2)", [.integer(first)] + count)
        return first
    }
}

/// A route batch written outside a transaction would commit and sync once per position, and a
/// failure midway would leave half of it: refused.
public enum RouteWriterError: Error, Equatable, Sendable, CustomStringConvertible {
    case outsideTransaction
    public var description: String { "route positions are appended only inside a write (Store.write)" }
}

extension Store {
    /// Starts a capture session on `shiftID` and returns a writer for its positions.
    public func beginCapture(shiftID: Int64, startedAt: Instant, source: String, importID: Int64? = nil) throws -> RouteWriter {
        let sessionID: Int64 = try write {
            _ = try requireShift(shiftID)
            try connection.run("INSERT INTO captureSession (shiftId, startedAtMs, source, importId, measureMethod) VALUES (?1, ?2, ?3, ?4, ?5)",
                               [.integer(shiftID), .instant(startedAt), .text(source), .int(importID), .text(MeasureMethod.current.rawValue)])
            return connection.lastInsertRowID
        }
        return try RouteWriter(store: self, shiftID: shiftID, captureSessionID: sessionID)
    }

    /// Records when a capture session ended.
    public func endCapture(_ sessionID: Int64, at instant: Instant) throws {
        try write {
            guard try connection.run("UPDATE captureSession SET endedAtMs = ?2 WHERE id = ?1", [.integer(sessionID), .instant(instant)]) == 1 else {
                throw ModelError.notFound(what: "capture session", id: sessionID)
            }
        }
    }

    /// How many positions the shift's route holds, counted by the index without loading a row.
    public func routeSampleCount(shiftID: Int64) throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM routeSample WHERE shiftId = ?1", [.integer(shiftID)])?.int64 ?? 0)
    }

    /// The shift's capture sessions, oldest first.
    public func captureSessions(of shiftID: Int64) throws -> [CaptureSession] {
        try connection.query("SELECT id, shiftId, startedAtMs, endedAtMs, source FROM captureSession WHERE shiftId = ?1 ORDER BY startedAtMs, id",
                             [.integer(shiftID)]).map {
            CaptureSession(id: $0.int("id"), shiftID: $0.int("shiftId"), startedAt: $0.instant("startedAtMs"),
                           endedAt: $0.optionalInstant("endedAtMs"), source: $0["source"].string ?? "")
        }
    }

    /// Streams the shift's route in time order, one sample at a time: a query on the
    /// (shift, time) index, never the whole route in memory.
    public func forEachRouteSample(shiftID: Int64, _ body: (RouteSample) throws -> Void) throws {
        try connection.forEachRow("""
            SELECT captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM FROM routeSample
            WHERE shiftId = ?1 ORDER BY recordedAtMs, id
            """, [.integer(shiftID)]) { row in
            let position = try Position(at: row.instant("recordedAtMs"), latitude: row["latitude"].double ?? .nan,
                                        longitude: row["longitude"].double ?? .nan, horizontalAccuracy: row["horizontalAccuracyM"].double)
            try body(RouteSample(shiftID: shiftID, captureSessionID: row.int("captureSessionId"), position: position))
        }
    }

    /// The shift's route in time order. For a whole route at once; reports stream instead.
    public func routeSamples(shiftID: Int64) throws -> [RouteSample] {
        var samples: [RouteSample] = []
        try forEachRouteSample(shiftID: shiftID) { samples.append($0) }
        return samples
    }

    /// The shift's recorded distance in metres, measured from its route on demand, each capture
    /// session by the method it records (docs/mileage.md): ``recordedMeters(shiftIDs:)`` for one.
    public func recordedMeters(shiftID: Int64) throws -> Double {
        try recordedMeters(shiftIDs: [shiftID]).first ?? 0
    }
}
