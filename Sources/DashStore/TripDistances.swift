import DashModel
import SQLiteKit

/// A trip's platform-reported distance (schema v16, TripDistanceSchema.swift): kept per import
/// that states it; the trip's is the largest stated.
extension Store {
    /// Records that import `importID` states delivery `deliveryID`'s distance (a trips file's row
    /// for a trip the store already holds). Stating it again changes nothing; two figures of one
    /// import keep the larger.
    public func stateTripDistance(_ deliveryID: Int64, millimetres: Int64, importID: Int64) throws {
        try write {
            try connection.run("""
                INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES (?1, ?2, ?3)
                ON CONFLICT (deliveryId, importId) DO UPDATE SET distanceMm = max(distanceMm, excluded.distanceMm)
                """, [.integer(deliveryID), .integer(importID), .integer(millimetres)])
        }
    }

    /// The trip's platform-reported distance in millimetres: the largest its imports state;
    /// nil when none states one.
    public func tripDistance(of deliveryID: Int64) throws -> Int64? {
        try connection.scalar("SELECT max(distanceMm) FROM deliveryDistance WHERE deliveryId = ?1", [.integer(deliveryID)])?.int64
    }

    /// The platform-reported distance of shift `shiftID`'s trips, each trip once (its largest
    /// figure) with its offer's platform; nil when no trip of it has one.
    public func platformDistance(of shiftID: Int64) throws -> PlatformDistance? {
        let trips = try connection.query("""
            SELECT o.platform AS platform, (SELECT max(x.distanceMm) FROM deliveryDistance x WHERE x.deliveryId = d.id) AS mm
            FROM delivery d JOIN offer o ON o.id = d.offerId
            WHERE d.shiftId = ?1 AND EXISTS (SELECT 1 FROM deliveryDistance x WHERE x.deliveryId = d.id)
            """, [.integer(shiftID)]).map { (platform: $0["platform"].string, millimetres: $0.int("mm")) }
        return PlatformDistance(trips: trips)
    }

    /// Part of undoing import `id`: the distances it stated go (a trip another trips file also
    /// states keeps that file's). Returns how many.
    func removeTripDistances(of id: Int64) throws -> Int {
        try connection.run("DELETE FROM deliveryDistance WHERE importId = ?1", [.integer(id)])
    }
}
