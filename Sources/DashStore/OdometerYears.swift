import DashModel
import SQLiteKit

/// The odometer per calendar year (schema v12, docs/cli.md "vehicle odometer"). Entered by
/// hand, held by no import: an undo never touches it.
extension Store {
    /// The year's readings, or nil when none are recorded.
    public func odometerYear(_ year: Int) throws -> OdometerYear? {
        try connection.query("SELECT year, startE1, endE1 FROM vehicleOdometerYear WHERE year = ?1", [.int(year)])
            .first.map(OdometerYear.init(row:))
    }

    /// Every recorded year, oldest first.
    public func odometerYears() throws -> [OdometerYear] {
        try connection.query("SELECT year, startE1, endE1 FROM vehicleOdometerYear ORDER BY year").map(OdometerYear.init(row:))
    }

    /// Records the year's readings, in tenths of a mile: a nil `start` keeps the recorded start
    /// (there must be one: ``ModelError/notFound(what:id:)`` otherwise), a nil `end` keeps the
    /// recorded end (or none). Returns the year as now recorded and as it was before (nil: new).
    @discardableResult
    public func setOdometerYear(_ year: Int, startTenths start: Int64?, endTenths end: Int64?) throws
        -> (now: OdometerYear, was: OdometerYear?) {
        try write {
            let was = try odometerYear(year)
            guard let startTenths = start ?? was?.startTenths else {
                throw ModelError.notFound(what: "odometer start recorded for the year", id: Int64(year))
            }
            let now = try OdometerYear(year: year, startTenths: startTenths, endTenths: end ?? was?.endTenths)
            try connection.run("""
                INSERT INTO vehicleOdometerYear (year, startE1, endE1) VALUES (?1, ?2, ?3)
                ON CONFLICT (year) DO UPDATE SET startE1 = excluded.startE1, endE1 = excluded.endE1
                """, [.int(now.year), .integer(now.startTenths), .int(now.endTenths)])
            return (now, was)
        }
    }

    /// Forgets the year's readings; returns them as they were (nil: none were recorded).
    @discardableResult
    public func clearOdometerYear(_ year: Int) throws -> OdometerYear? {
        try write {
            let was = try odometerYear(year)
            try connection.run("DELETE FROM vehicleOdometerYear WHERE year = ?1", [.int(year)])
            return was
        }
    }
}

extension OdometerYear {
    init(row: Row) throws {
        let year = row.int("year")
        do {
            try self.init(year: Int(year), startTenths: row.int("startE1"), endTenths: row["endE1"].int64)
        } catch {
            throw CorruptRecordError(table: "vehicleOdometerYear", id: year, detail: "\(error)")
        }
    }
}
