import DashModel
import SQLiteKit

/// The vehicle's fuel default (schema v10, docs/cli.md "vehicle"): the pair every shift created
/// afterwards takes as its own snapshot. It seeds and does nothing else: no shift is ever
/// re-costed when it changes or goes.
public struct VehicleDefault: Sendable, Equatable {
    public let fuel: FuelAssumption
    public let setAt: Instant
}

extension Store {
    /// The fuel default, or nil when none is set.
    public func vehicleDefault() throws -> VehicleDefault? {
        guard let row = try connection.query("SELECT fuelMpgE4, fuelPricePerGallonE4, setAtMs FROM vehicleDefault WHERE id = 1").first,
              let mpg = row.money("fuelMpgE4"), let price = row.money("fuelPricePerGallonE4")
        else { return nil }
        do {
            return VehicleDefault(fuel: try FuelAssumption(milesPerGallon: mpg, pricePerGallon: price), setAt: row.instant("setAtMs"))
        } catch {
            throw CorruptRecordError(table: "vehicleDefault", id: 1, detail: "\(error)")
        }
    }

    /// Sets the default; returns the one it replaced.
    @discardableResult
    public func setVehicleDefault(_ fuel: FuelAssumption, at instant: Instant) throws -> VehicleDefault? {
        try write {
            let was = try vehicleDefault()
            try connection.run("""
                INSERT INTO vehicleDefault (id, fuelMpgE4, fuelPricePerGallonE4, setAtMs) VALUES (1, ?1, ?2, ?3)
                ON CONFLICT (id) DO UPDATE SET fuelMpgE4 = excluded.fuelMpgE4, fuelPricePerGallonE4 = excluded.fuelPricePerGallonE4,
                                               setAtMs = excluded.setAtMs
                """, [.money(fuel.milesPerGallon), .money(fuel.pricePerGallon), .instant(instant)])
            return was
        }
    }

    /// Removes the default (shifts created afterwards get none); returns the one removed.
    @discardableResult
    public func clearVehicleDefault() throws -> VehicleDefault? {
        try write {
            let was = try vehicleDefault()
            try connection.run("DELETE FROM vehicleDefault")
            return was
        }
    }

    /// Gives a completed shift that has no fuel pair the default's, marked as seeded; inside
    /// the write that makes (or ends) the shift. Nothing when no default is set.
    func seedFuel(_ shiftID: Int64) throws {
        // A store of an older schema (written by the historical openers of the migration tests) has no default.
        guard version >= 10 else { return }
        try connection.run("""
            UPDATE shift SET fuelMpgE4 = (SELECT fuelMpgE4 FROM vehicleDefault WHERE id = 1),
                             fuelPricePerGallonE4 = (SELECT fuelPricePerGallonE4 FROM vehicleDefault WHERE id = 1), fuelSeeded = 1
            WHERE id = ?1 AND endedAtMs IS NOT NULL AND fuelMpgE4 IS NULL AND EXISTS (SELECT 1 FROM vehicleDefault WHERE id = 1)
            """, [.integer(shiftID)])
    }

    /// Gives a shift the planner made the pair of the made shift `source` its evidence came from
    /// (a split keeps the snapshot the work was costed with, none included), marked as seeded.
    func inheritFuel(_ shiftID: Int64, from source: Int64) throws {
        try connection.run("""
            UPDATE shift SET (fuelMpgE4, fuelPricePerGallonE4, fuelSeeded) =
                (SELECT fuelMpgE4, fuelPricePerGallonE4, fuelMpgE4 IS NOT NULL FROM shift WHERE id = ?2)
            WHERE id = ?1
            """, [.integer(shiftID), .integer(source)])
    }

    /// Whether the shift's fuel pair was seeded (from the default or the shift it was split
    /// from) rather than typed on it.
    public func fuelIsSeeded(_ shiftID: Int64) throws -> Bool {
        try connection.scalar("SELECT fuelSeeded FROM shift WHERE id = ?1", [.integer(shiftID)])?.int64 == 1
    }
}
