import DashModel
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Issue 13, gap 2, through the real binary (docs/gpx.md, "Into the record"): two overlapping
/// tracks sharing instants at different accuracies give one route and one mileage in either
/// order; undoing either leaves the record of the other alone, re-exports or not.
@Suite struct RouteInstantCLITests {
    /// A: 120 points a second apart, accuracy 15 m (HDOP 3). B: 120 points from A's 61st along the
    /// same road, sharing 60 instants: there identical, more accurate (5 m) a little east, or less
    /// accurate (25 m) a little west.
    static let a: [FixturePoint] = GPXFixture.drive(count: 120).map { point in
        var point = point
        point.hdop = 3
        return point
    }
    static let b: [FixturePoint] = GPXFixture.drive(count: 120, start: 60, latitude: 44.97 + 60 * 0.000045).enumerated().map { index, point in
        var point = point
        point.hdop = 2
        guard index < 60 else { return point }
        point = a[60 + index]
        switch index % 3 {
        case 0: break
        case 1: point.hdop = 1; point.longitude += 0.00002
        default: point.hdop = 5; point.longitude -= 0.00002
        }
        return point
    }

    /// The route without ids (each position with its session's label, the file's), the
    /// positions kept aside, and the month's report (hours, miles, per period).
    static func record(_ store: CLIStore) throws -> [String] {
        let route = try store.values("""
            SELECT r.recordedAtMs, r.latitude, r.longitude, r.horizontalAccuracyM, c.source
            FROM routeSample r JOIN captureSession c ON c.id = r.captureSessionId ORDER BY r.recordedAtMs, c.source
            """).map { "route " + $0.map(render).joined(separator: " ") }
        let aside = try store.values("""
            SELECT a.recordedAtMs, a.latitude, a.longitude, a.horizontalAccuracyM, c.source
            FROM routeSampleAside a JOIN captureSession c ON c.id = a.captureSessionId ORDER BY a.recordedAtMs, c.source
            """).map { "aside " + $0.map(render).joined(separator: " ") }
        let report = store.run("report", "--range", "2026-11", "--format", "csv")
        #expect(report.status == .success, "\(report.stderr)")
        return route + aside + report.stdout.split(separator: "\n").map { "report " + $0 }
    }

    /// A store with these files imported in this order.
    static func store(_ files: [(String, String)]) throws -> CLIStore {
        let store = try CLIStore()
        for (name, text) in files {
            let result = store.importGPX(try store.file(name, text))
            #expect(result.status == .success, "\(name): \(result.stderr)")
        }
        return store
    }

    static let files = [("a.gpx", GPXFixture.document(segment: a)), ("b.gpx", GPXFixture.document(segment: b))]

    @Test func eitherOrderGivesOneRouteAndOneMileage() throws {
        let forward = try Self.record(try Self.store(Self.files))
        let backward = try Self.record(try Self.store(Self.files.reversed()))
        #expect(forward == backward)
        #expect(forward.filter { $0.hasPrefix("route ") }.count == 180)
        // B's more accurate positions are the route's at their instants, A's elsewhere.
        let store = try Self.store(Self.files)
        #expect(try store.values("""
            SELECT count(*) FROM routeSample r JOIN captureSession c ON c.id = r.captureSessionId
            WHERE c.source LIKE 'b.gpx%' AND r.horizontalAccuracyM = 5
            """) == [[.integer(20)]])
        #expect(try store.values("SELECT count(*) FROM routeSample WHERE horizontalAccuracyM = 25") == [[.integer(0)]])
    }

    @Test(arguments: [false, true], [0, 1])
    func undoingEitherLeavesTheOtherAlone(reversed: Bool, undo: Int) throws {
        let order = reversed ? Array(Self.files.reversed()) : Self.files
        let store = try Self.store(order)
        let undone = store.run("imports", "undo", "\(undo + 1)")
        #expect(undone.status == .success, "\(undone.stderr)")
        let alone = try Self.store([order[1 - undo]])
        #expect(try Self.record(store) == (try Self.record(alone)), "\(order.map(\.0)), undoing \(order[undo].0)")
        #expect(store.run("check").status == .success)
    }

    /// Re-exports of both (the same points in other bytes) add nothing, twice over; undoing either
    /// original afterwards leaves the other's route whole.
    @Test(arguments: [0, 1]) func reexportsTwiceThenUndoLeaveTheOther(undo: Int) throws {
        let store = try Self.store(Self.files)
        let before = try Self.record(store)
        for round in 0..<2 {
            for (index, points) in [Self.a, Self.b].enumerated() {
                let name = "\(index == 0 ? "a" : "b")-export-\(round).gpx"
                let result = store.importGPX(try store.file(name, GPXImportTests.reexport(points)))
                #expect(result.stdout.contains("already imported as import \(index + 1)"), "\(result.stdout)")
            }
        }
        #expect(try Self.record(store) == before)
        #expect(store.run("imports", "undo", "\(undo + 1)").status == .success)
        #expect(try Self.record(store) == (try Self.record(try Self.store([Self.files[1 - undo]]))))
    }
}
