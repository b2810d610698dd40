import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Schema v14 (RouteFigureSchema.swift) on a store written at v12: no figure is there yet, every
/// routed shift is marked, a report measures from the samples until the next write fills them.
@Suite struct RouteFigureMigrationTests {
    @Test("a v12 store's routes are measured until its next write stores their figures")
    func migratedStoreFillsOnItsNextWrite() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        do {
            let old = try Store.openHistorical(at: path, version: 12)
            try old.connection.execute("""
                INSERT INTO shift (id, startedAtMs, endedAtMs) VALUES (1, 0, 7200000), (2, 7200000, 9000000), (3, 9000000, 9600000);
                INSERT INTO captureSession (id, shiftId, startedAtMs, source) VALUES (1, 1, 0, 't'), (2, 2, 7200000, 't');
                INSERT INTO offer (id, acceptedAtMs, platform) VALUES (1, 600000, 'DoorDash');
                INSERT INTO delivery (shiftId, offerId, acceptedAtMs, deliveredAtMs) VALUES (1, 1, 600000, 1800000);
                """)
            for minute in 0..<100 {
                try old.connection.run("INSERT INTO routeSample (shiftId, captureSessionId, recordedAtMs, latitude, longitude) VALUES (?1, ?1, ?2, ?3, -87.63)",
                                       [.integer(minute < 60 ? 1 : 2), .integer(Int64(minute) * 60_000 + (minute < 60 ? 0 : 3_600_000)),
                                        .real(41.88 + Double(minute) * 0.004)])
            }
        }
        let store = try Store.open(at: path, create: false)
        #expect(store.migration.fromVersion == 12 && store.version == Schema.currentVersion)
        #expect(try store.connection.query("SELECT shiftId FROM routeFigureStale ORDER BY shiftId").map { $0[0].int64 } == [1, 2])
        #expect(try store.connection.scalar("SELECT count(*) FROM shiftRouteFigure") == .integer(0))
        let measured = try store.routeMeasures(shiftIDs: [1, 2])
        let beforeFill = try store.shiftFacts()
        #expect(try store.routeFigures(shiftIDs: [1, 2]).map(\.meters) == measured.map(\.meters))
        #expect(measured.allSatisfy { $0.meters > 0 } && measured[0].split.hasTrips)
        try store.write {}
        #expect(try store.connection.scalar("SELECT count(*) FROM routeFigureStale") == .integer(0))
        #expect(try store.connection.query("SELECT shiftId, meters FROM shiftRouteFigure ORDER BY shiftId").map { $0[1].double }
                == measured.map(\.meters))
        #expect(try store.connection.query("SELECT platformKey, name FROM shiftRouteFigurePlatform WHERE shiftId = 1").map { $0[1].string } == ["DoorDash"])
        let afterFill = try store.shiftFacts()
        #expect(afterFill.map(\.meters) == beforeFill.map(\.meters))
        #expect(afterFill.map { $0.platformMiles?.meters } == beforeFill.map { $0.platformMiles?.meters })
        #expect(afterFill.map { $0.platformMiles?.betweenTrips } == beforeFill.map { $0.platformMiles?.betweenTrips })
        #expect(try store.staleRouteFigures().isEmpty)
    }

    @Test("check reports a stored figure that is not what its route measures")
    func checkFindsADifferentFigure() throws {
        let folder = try TemporaryDirectory()
        let store = try Store.open(at: folder.path("s.sqlite"), create: true)
        let shift = try store.createCompletedShift(start: Instant(millisecondsSinceEpoch: 0), end: Instant(millisecondsSinceEpoch: 3_600_000))
        let writer = try store.beginCapture(shiftID: shift, startedAt: Instant(millisecondsSinceEpoch: 0), source: "t")
        try store.write {
            try writer.append(try (0..<30).map { try Position(at: Instant(millisecondsSinceEpoch: Int64($0) * 60_000), latitude: 41.88 + Double($0) * 0.004,
                                                              longitude: -87.63, horizontalAccuracy: 5) })
        }
        writer.finish()
        #expect(try store.structuralFaults().isEmpty)
        try store.connection.execute("UPDATE shiftRouteFigure SET meters = meters + 1")
        #expect(try store.structuralFaults() == [.routeFigureDiffers(shift: shift)])
    }
}
