import DashStore
import SQLiteKit

/// Writes route positions into capture session `session` of shift `shiftID` as a store of any
/// schema version holds them: each with an id above every stored one (a rowid before v15, the
/// route's key part since), and v15's id sequence moved past them when the store has one. For
/// tests that build a store of an earlier version (``Store/openHistorical(at:version:plan:)``),
/// where this build's ``RouteWriter`` writes v15's layout.
public func writeRouteAsOfAnyVersion(_ store: Store, shiftID: Int64, session: Int64,
                                     _ positions: [(atMs: Int64, latitude: Double, longitude: Double)]) throws {
    let connection = store.connection
    try connection.transaction {
        var id = (try connection.scalar("SELECT max(id) FROM routeSample")?.int64 ?? 0) + 1
        let insert = try connection.prepare("""
            INSERT INTO routeSample (id, shiftId, captureSessionId, recordedAtMs, latitude, longitude) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        defer { insert.finalize() }
        for position in positions {
            try insert.bind([.integer(id), .integer(shiftID), .integer(session), .integer(position.atMs), .real(position.latitude),
                             .real(position.longitude)])
            try insert.execute()
            id += 1
        }
        // From v14 a shift's stored route figure goes when its samples change (the product's
        // writers mark it: RouteFigures.swift); a report then measures the route.
        if try connection.scalar("SELECT 1 FROM sqlite_schema WHERE name = 'routeFigureStale'") != nil {
            try connection.run("INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (?1)", [.integer(shiftID)])
        }
        if try connection.scalar("SELECT 1 FROM sqlite_schema WHERE name = 'routeSampleSequence'") != nil {
            try connection.run("UPDATE routeSampleSequence SET next = max(next, ?1)", [.integer(id)])
        }
    }
}
