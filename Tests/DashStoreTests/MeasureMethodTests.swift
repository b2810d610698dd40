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
        let writer = try RouteWriter(store: store, shiftID: shiftID, captureSessionID: store.connection.lastInsertRowID)
        try store.write {
            let positions = try (0..<n).map { i in
                try Position(at: start.adding(milliseconds: Int64(i) * 1000), latitude: 41.88 + Double(i) * 0.0001,
                             longitude: -87.63 + (i % 2 == 0 ? 0 : 0.00005))
            }
            try writer.append(positions)
            writer.finish()
        }
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
        #expect(try store.remeasure(1) == Remeasured(shiftID: 1, before: before, after: before, sessionsMoved: 0))
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
