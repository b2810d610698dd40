import DashModel
@testable import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// History does not move (docs/mileage.md): every capture session records the method that
/// measures it; an older store's sessions keep the method of the build that wrote them, and its
/// miles are the same after the migration.
@Suite struct MeasureMethodTests {
    static let start = Instant(millisecondsSinceEpoch: 1_793_610_000_000)

    /// A zigzag of `n` positions a second apart on a session of `shiftID`, written as a store of
    /// any version holds it.
    static func route(_ store: Store, shiftID: Int64, n: Int) throws {
        try store.connection.run("INSERT INTO captureSession (shiftId, startedAtMs, source) VALUES (?1, ?2, 'test')",
                                 [.integer(shiftID), .instant(start)])
        let session = store.connection.lastInsertRowID
        let positions: [(atMs: Int64, latitude: Double, longitude: Double)] = (0..<n).map { (i: Int) -> (atMs: Int64, latitude: Double, longitude: Double) in
            let zig: Double = i % 2 == 0 ? 0 : 0.00005
            return (start.millisecondsSinceEpoch + Int64(i) * 1000, 41.88 + Double(i) * 0.0001, -87.63 + zig)
        }
        try writeRouteAsOfAnyVersion(store, shiftID: shiftID, session: session, positions)
    }

    @Test func anOlderStoresMilesAreTheSameAfterTheMigration() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        var before = 0.0
        do {
            let old = try Store.openHistorical(at: path, version: 9)
            let id = try old.createCompletedShift(start: Self.start, end: Self.start.adding(milliseconds: 3_600_000))
            try Self.route(old, shiftID: id, n: 600)
            // Measured as the builds before v11 measured: every step (MileageMeter).
            var meter = MileageMeter(suspensions: [])
            for sample in try old.routeSamples(shiftID: id) {
                meter.add(captureSession: sample.captureSessionID, at: sample.position.at, latitude: sample.position.latitude,
                          longitude: sample.position.longitude)
            }
            before = meter.meters
        }
        #expect(before > 1000)
        let store = try Store.open(at: path, create: false)
        #expect(try store.measureMethods(of: 1).map(\.method) == [.geodesic1])
        #expect(try store.recordedMeters(shiftID: 1) == before)
        // Remeasured, it is what vehicle-1 makes of the same samples.
        var vehicle = VehicleMeter()
        for sample in try store.routeSamples(shiftID: 1) {
            vehicle.add(captureSession: sample.captureSessionID, at: sample.position.at, latitude: sample.position.latitude,
                        longitude: sample.position.longitude, accuracy: sample.position.horizontalAccuracy)
        }
        let moved = try store.remeasure(1)
        #expect(moved.before == before && moved.sessionsMoved == 1 && moved.after == vehicle.meters, "\(moved) \(vehicle.meters)")
        #expect(try store.measureMethods(of: 1).map(\.method) == [.vehicle1])
        #expect(try store.remeasure(1).sessionsMoved == 0)
        #expect(try store.shiftsToRemeasure().isEmpty)
    }

    @Test func newSessionsRecordTheCurrentMethodAndAnUnknownOneIsRefused() throws {
        let store = try Store.inMemory()
        let id = try store.createCompletedShift(start: Self.start, end: Self.start.adding(milliseconds: 3_600_000))
        let writer = try store.beginCapture(shiftID: id, startedAt: Self.start, source: "live")
        writer.finish()
        #expect(try store.measureMethods(of: id).map(\.method) == [MeasureMethod.current])
        try store.connection.run("UPDATE captureSession SET measureMethod = 'later-9' WHERE shiftId = ?1", [.integer(id)])
        #expect(throws: CorruptRecordError.self) { try store.recordedMeters(shiftID: id) }
        // The schema itself refuses what is not a method's name.
        #expect(throws: (any Error).self) {
            try store.connection.run("UPDATE captureSession SET measureMethod = 'Geodesic 1' WHERE shiftId = ?1", [.integer(id)])
        }
    }
}

/// The store measures a new session by vehicle-1 (docs/mileage.md): a generated delivery shift's
/// route, written and read back, is within the truth's floor and its stops are the parked ones.
@Suite struct VehicleMilesInTheStoreTests {
    @Test(arguments: [UInt64(3), 7]) func aDeliveryShiftsRouteIsItsVehicleMiles(seed: UInt64) throws {
        let trace = DeliveryTraceModel.shift(seed: seed)
        let store = try Store.inMemory()
        let first = try #require(trace.samples.first), last = try #require(trace.samples.last)
        let id = try store.createCompletedShift(start: first.at, end: last.at.adding(milliseconds: 1))
        try store.write {
            let writer = try store.beginCapture(shiftID: id, startedAt: first.at, source: "trace")
            try writer.append(trace.samples.map { try Position(at: $0.at, latitude: $0.latitude, longitude: $0.longitude, horizontalAccuracy: $0.accuracy) })
            writer.finish()
        }
        let measure = try #require(try store.routeMeasures(shiftIDs: [id]).first)
        let error = abs(measure.meters - trace.vehicleMeters) / trace.vehicleMeters
        #expect(error < 0.03, "seed \(seed): \(measure.meters) m against \(trace.vehicleMeters) m")
        #expect(measure.stops.count == trace.parked.count)
        #expect(try store.recordedMeters(shiftID: id) == measure.meters)
    }
}
