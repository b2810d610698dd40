import DashModel
import Foundation
import Testing

@testable import DashStore

/// The vehicle's fuel default and the driver's recorded miles through the store (schema v10).
@Suite struct VehicleDefaultTests {
    static func fuel(_ mpg: String, _ price: String) throws -> FuelAssumption {
        try FuelAssumption(milesPerGallon: money(mpg), pricePerGallon: money(price))
    }

    @Test func aShiftStartedThenEndedTakesTheDefaultInForceAtItsEnd() throws {
        let store = try Store.inMemory()
        let a = try Self.fuel("27.5", "3.459"), b = try Self.fuel("30", "3.10")
        try store.setVehicleDefault(a, at: minute(0))
        let id = try store.startShift(at: minute(10))
        #expect(try store.requireShift(id).fuel == nil)  // schema v1: no fuel on an active shift
        try store.setVehicleDefault(b, at: minute(20))
        try store.endShift(id, at: minute(60))
        #expect(try store.requireShift(id).fuel == b)
        #expect(try store.fuelIsSeeded(id))
        // Typed by hand, it is the driver's: no longer seeded; clearing it is no seed either.
        try store.setFuel(id, a)
        #expect(try !store.fuelIsSeeded(id))
        try store.clearFuel(id)
        #expect(try store.requireShift(id).fuel == nil && !store.fuelIsSeeded(id))
    }

    @Test func changingOrClearingTheDefaultReCostsNoShift() throws {
        let store = try Store.inMemory()
        let a = try Self.fuel("27.5", "3.459")
        let before = try store.createCompletedShift(start: minute(0), end: minute(60))
        try store.setVehicleDefault(a, at: minute(61))
        let seeded = try store.createCompletedShift(start: minute(100), end: minute(160))
        try store.setVehicleDefault(try Self.fuel("40", "5"), at: minute(161))
        #expect(try store.clearVehicleDefault()?.fuel == (try Self.fuel("40", "5")))
        let after = try store.createCompletedShift(start: minute(200), end: minute(260))
        #expect(try store.requireShift(before).fuel == nil)
        #expect(try store.requireShift(seeded).fuel == a)
        #expect(try store.requireShift(after).fuel == nil)
        #expect(try store.vehicleDefault() == nil)
    }

    @Test func recordedMilesKeepTheReadingsExactlyAndNilIsNotZero() throws {
        let store = try Store.inMemory()
        let id = try store.createCompletedShift(start: minute(0), end: minute(60))
        #expect(try store.recordedMiles(of: id) == nil)
        #expect(try store.shiftFacts().first?.distanceMeters == nil)
        #expect(try store.shiftFacts().first?.milesSource == MilesSource.none)
        try store.setRecordedMiles(id, try RecordedMiles(odometerStart: 123_456, end: 123_868))
        #expect(try store.connection.query("SELECT recordedMilesE1, odometerStartE1, odometerEndE1 FROM shift").first?.values
                == [.integer(412), .integer(123_456), .integer(123_868)])
        let facts = try #require(try store.shiftFacts().first)
        #expect(facts.milesSource == .recorded && facts.distanceMiles == 41.2)
        // A recorded zero is a figure: zero miles, not "no figure".
        try store.setRecordedMiles(id, try RecordedMiles(tenths: 0))
        #expect(try store.shiftFacts().first?.distanceMeters == 0)
        try store.setRecordedMiles(id, nil)
        #expect(try store.shiftFacts().first?.distanceMeters == nil)
        #expect(throws: ModelError.self) { try RecordedMiles(odometerStart: 10, end: 9) }
        let active = try store.startShift(at: minute(100))
        #expect(throws: ModelError.self) { try store.setRecordedMiles(active, try RecordedMiles(tenths: 5)) }
    }
}
