@testable import DashStore
import DashModel
import Dispatch
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Stores edited by other programs, concurrent opens, and the edges of the services.
@Suite struct RobustnessTests {
    let base = Instant(millisecondsSinceEpoch: 1_793_000_000_000)
    func at(_ minutes: Int64) -> Instant { base.adding(milliseconds: minutes * 60_000) }

    @Test func aNegativeSchemaVersionIsRefusedNotATrap() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        _ = try Store.open(at: path, create: true)
        try Connection(path: path, mode: .readWrite).execute("PRAGMA user_version = -1")
        #expect(throws: MigrationError.damaged("schema version -1 is negative")) { try Store.open(at: path, create: false) }
    }

    @Test func instantsOutsideYearsOneTo9999AreRefusedByTheSchema() throws {
        let store = try Store.inMemory()
        let id = try store.createCompletedShift(start: at(0), end: at(60))
        for sql in ["UPDATE shift SET endedAtMs = 9223372036854775807 WHERE id = ?1",
                    "UPDATE shift SET startedAtMs = -9223372036854775808 WHERE id = ?1"] {
            #expect(throws: SQLiteError.self) { try store.connection.run(sql, [.integer(id)]) }
        }
        #expect(try store.requireShift(id).end == at(60))
    }

    @Test func overlappingShiftsAreRefusedByTheSchemaToo() throws {
        let store = try Store.inMemory()
        _ = try store.createCompletedShift(start: at(0), end: at(60))
        #expect(throws: SQLiteError.self) {
            try store.connection.run("INSERT INTO shift (startedAtMs, endedAtMs) VALUES (?1, ?2)", [.instant(at(30)), .instant(at(90))])
        }
        #expect(throws: SQLiteError.self) { try store.connection.run("INSERT INTO shift (startedAtMs) VALUES (?1)", [.instant(at(-10))]) }
        try store.connection.run("INSERT INTO shift (startedAtMs, endedAtMs) VALUES (?1, ?2)", [.instant(at(60)), .instant(at(90))])
    }

    @Test func twoProcessesOpeningANewStoreAtOnceMigrateItOnce() throws {
        for round in 0..<8 {
            let folder = try TemporaryDirectory()
            let path = folder.path("race-\(round).sqlite")
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                do { _ = try Store.open(at: path, create: true) } catch { failures.add("\(error)") }
            }
            #expect(failures.all.isEmpty)
            let store = try Store.open(at: path, create: false)
            #expect(store.version == Schema.currentVersion)
            #expect(try store.structuralFaults().isEmpty)
        }
    }

    @Test func aStorePathIsNeverReadAsAURIOrAsMemory() {
        #expect(Store.literalPath("file:week.sqlite") == "./file:week.sqlite")
        #expect(Store.literalPath(":memory:") == "./:memory:")
        #expect(Store.literalPath("/data/s.sqlite") == "/data/s.sqlite")
        #expect(Store.literalPath("../s.sqlite") == "../s.sqlite")
    }

    @Test func writeAheadLogFilesAreTightenedWithTheStore() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        _ = try Store.open(at: path, create: true)
        chmod(path, 0o644)
        let store = try Store.open(at: path, create: false)
        _ = try store.createCompletedShift(start: at(0), end: at(60))
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            let mode = (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) ?? -1
            #expect(mode == 0o600, "\(file)")
        }
    }

    @Test func routePositionsAreAppendedOnlyInsideAWrite() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: at(0), end: at(60))
        let writer = try store.beginCapture(shiftID: shift, startedAt: at(0), source: "test")
        #expect(throws: RouteWriterError.outsideTransaction) { try writer.append([try Position(at: at(1), latitude: 1, longitude: 1)]) }
        #expect(try store.routeSampleCount(shiftID: shift) == 0)
    }

    @Test func endingAShiftBeforeWhatWasRecordedOnItIsRefused() throws {
        let store = try Store.inMemory()
        let shift = try store.startShift(at: at(0))
        _ = try store.acceptOffer(shiftID: shift, at: at(30), deliveries: [NewDelivery(pickedUpAt: at(35), deliveredAt: at(40))])
        #expect(throws: ModelError.outsideShift(what: "a delivery's events")) { try store.endShift(shift, at: at(20)) }
        #expect(throws: ModelError.outsideShift(what: "a delivery's events")) { try store.endShift(shift, at: at(30)) }
        let writer = try store.beginCapture(shiftID: shift, startedAt: at(0), source: "test")
        try store.write { try writer.append([try Position(at: at(50), latitude: 1, longitude: 1)]) }
        #expect(throws: ModelError.outsideShift(what: "a route position")) { try store.endShift(shift, at: at(45)) }
        try store.pause(shift, at: at(52))
        try store.resume(shift, at: at(55))
        #expect(throws: ModelError.outsideShift(what: "a pause or parked stretch")) { try store.endShift(shift, at: at(54)) }
        #expect(try store.requireShift(shift).end == nil)
        try store.endShift(shift, at: at(55))
        #expect(try store.structuralFaults().isEmpty)
    }

    @Test func aDeleteConfirmedOnAStalePreviewChangesNothing() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: at(0), end: at(60))
        let shown = try store.deletionPreview(shift)
        try store.setEarnings(shift, try PaidAmount(Money(40)))
        #expect(throws: ShiftChangedError.self) { try store.deleteCompletedShift(shift, expected: shown) }
        #expect(try store.requireShift(shift).earnings?.amount == Money(40))
        try store.deleteCompletedShift(shift, expected: try store.deletionPreview(shift))
        #expect(try store.shift(shift) == nil)
    }

    @Test func checkFindsADeliveryWhoseEventsFallAfterItsShift() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: at(0), end: at(60))
        let offer = try store.acceptOffer(shiftID: shift, at: at(10), deliveries: [NewDelivery(pickedUpAt: at(20), deliveredAt: at(50))])
        #expect(try store.structuralFaults().isEmpty)
        try store.connection.run("UPDATE delivery SET deliveredAtMs = ?2 WHERE id = ?1", [.integer(offer.deliveries[0]), .instant(at(70))])
        #expect(try store.structuralFaults() == [.deliveryOutsideShift(delivery: offer.deliveries[0], shift: shift)])
    }
}

/// Errors gathered from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
