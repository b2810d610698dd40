import SQLiteKit

extension Schema {
    /// A trip's platform-reported distance (issue 27, docs/mileage.md "Platform-reported
    /// miles"): what a trips file's distance column says of each trip (Uber's `Trip Distance
    /// (miles)`), kept per import that states it, so importing the file again or the other file
    /// of the pair never doubles it (one trip, one distance) and undoing an import takes exactly
    /// its own away: a trip another trips file also states keeps that file's figure. A trip's
    /// distance is the largest its imports state (the same trip in two downloads may be rounded
    /// differently; the largest is the same in every order of import). Never the vehicle's
    /// miles where a route or the driver's figure exists; a shift with neither takes the sum
    /// of its trips' as its miles, marked `platform` (Sources/DashModel/RecordedMiles.swift).
    static let v16 = Migration("0016 a trip's platform-reported distance", """
        -- Whole millimetres (a mile is exactly 1,609,344 mm, so a file's decimal miles are kept to
        -- the millimetre and a sum never drifts), at most 1,000 miles a trip. One row per trip and
        -- import stating it; the trip's distance is the largest. Goes with its trip, and with its
        -- import when that is undone.
        CREATE TABLE deliveryDistance (
            deliveryId INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            importId INTEGER NOT NULL REFERENCES importRecord (id),
            distanceMm INTEGER NOT NULL CHECK (distanceMm BETWEEN 0 AND 1609344000),
            PRIMARY KEY (deliveryId, importId)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX deliveryDistanceByImport ON deliveryDistance (importId);
        """)
}
