import DashModel
import SQLiteKit

/// The driver's own miles for a shift (schema v10; docs/report.md "Miles"): odometer readings or
/// a figure, in tenths of a mile, beside whatever route the shift has. Nil is "none recorded",
/// never 0.
extension Store {
    /// The shift's recorded miles, or nil.
    public func recordedMiles(of shiftID: Int64) throws -> RecordedMiles? {
        guard let row = try connection.query("SELECT recordedMilesE1, odometerStartE1, odometerEndE1 FROM shift WHERE id = ?1",
                                             [.integer(shiftID)]).first,
              let tenths = row["recordedMilesE1"].int64
        else { return nil }
        do {
            if let start = row["odometerStartE1"].int64, let end = row["odometerEndE1"].int64 {
                return try RecordedMiles(odometerStart: start, end: end)
            }
            return try RecordedMiles(tenths: tenths)
        } catch {
            throw CorruptRecordError(table: "shift", id: shiftID, detail: "\(error)")
        }
    }

    /// Records (or, nil, clears) a completed shift's miles; returns what it replaced.
    @discardableResult
    public func setRecordedMiles(_ shiftID: Int64, _ miles: RecordedMiles?) throws -> RecordedMiles? {
        try write {
            let shift = try requireShift(shiftID)
            if miles != nil, !shift.isCompleted { throw ModelError.badText(field: "recorded miles", reason: "need a completed shift; end the shift first") }
            let was = try recordedMiles(of: shiftID)
            try connection.run("UPDATE shift SET recordedMilesE1 = ?2, odometerStartE1 = ?3, odometerEndE1 = ?4 WHERE id = ?1",
                               [.integer(shiftID), .int(miles?.tenths), .int(miles?.odometer?.start), .int(miles?.odometer?.end)])
            return was
        }
    }
}
