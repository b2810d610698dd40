import DashModel
import SQLiteKit

/// What moving a shift to the current measuring method changed (`shift remeasure`).
public struct Remeasured: Sendable, Equatable {
    public let shiftID: Int64
    /// Metres by the methods its sessions recorded, and by the current one.
    public let before: Double
    public let after: Double
    /// Its capture sessions that were on another method.
    public let sessionsMoved: Int
}

extension Store {
    /// The methods the capture sessions of `shiftID` record, each with how many sessions use it,
    /// by name. A method this build does not know is damage (``sessionMethods(of:)``).
    public func measureMethods(of shiftID: Int64) throws -> [(method: MeasureMethod, sessions: Int)] {
        let counts = Dictionary(try sessionMethods(of: shiftID).values.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }
    }

    /// Each capture session of `shiftID` and the method it records.
    func sessionMethods(of shiftID: Int64) throws -> [Int64: MeasureMethod] {
        var methods: [Int64: MeasureMethod] = [:]
        for row in try connection.query("SELECT id, measureMethod FROM captureSession WHERE shiftId = ?1", [.integer(shiftID)]) {
            guard let method = MeasureMethod(rawValue: row["measureMethod"].string ?? "") else {
                throw CorruptRecordError(table: "captureSession", id: row.int("id"), detail: "an unknown measuring method")
            }
            methods[row.int("id")] = method
        }
        return methods
    }

    /// Moves every capture session of `shiftID` to ``MeasureMethod/current`` (docs/mileage.md,
    /// "History does not move"), in one transaction, and says the miles before and after.
    public func remeasure(_ shiftID: Int64) throws -> Remeasured {
        try write {
            _ = try requireShift(shiftID)
            let before = try recordedMeters(shiftID: shiftID)
            let moved = try connection.run("UPDATE captureSession SET measureMethod = ?2 WHERE shiftId = ?1 AND measureMethod <> ?2",
                                           [.integer(shiftID), .text(MeasureMethod.current.rawValue)])
            let after = moved == 0 ? before : try recordedMeters(shiftID: shiftID)
            return Remeasured(shiftID: shiftID, before: before, after: after, sessionsMoved: moved)
        }
    }

    /// The shifts with a capture session on another method than the current one, oldest first.
    public func shiftsToRemeasure() throws -> [Int64] {
        try connection.query("""
            SELECT DISTINCT c.shiftId FROM captureSession c JOIN shift s ON s.id = c.shiftId
            WHERE c.measureMethod <> ?1 AND s.id > 0 ORDER BY s.startedAtMs, s.id
            """, [.text(MeasureMethod.current.rawValue)]).map { $0.int("shiftId") }
    }
}
