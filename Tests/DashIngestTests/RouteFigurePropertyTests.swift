import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Issue 18, "A report that reads figures, not samples": after any sequence of writes every
/// stored route figure is what the route measures now, every routed shift has one, and the
/// report and exports are the same bytes as when every route is measured from its samples.
/// Seeded random sequences over a store on disk: GPX imports of overlapping tracks, undo,
/// statement imports adding trips, a driver's shift retimed, remeasure, parked stretches and
/// trip times and platforms changed by hand, a shift deleted.
@Suite struct RouteFigurePropertyTests {
    static let seeds: [UInt64] = [3, 18, 2027]

    /// Every stored figure against a fresh measure, the marks gone, and the record's dump with
    /// figures against the same dump with every figure removed (so each route is measured).
    static func expectFiguresFresh(_ bench: IngestBench, _ what: @autoclosure () -> String) throws {
        let store = bench.store
        let routed = try store.connection.query("""
            SELECT id FROM shift s WHERE EXISTS (SELECT 1 FROM routeSample r WHERE r.shiftId = s.id) ORDER BY id
            """).map { ($0["id"].int64 ?? 0) }
        let stored = try store.connection.query("SELECT shiftId FROM shiftRouteFigure ORDER BY shiftId").map { ($0["shiftId"].int64 ?? 0) }
        #expect(stored == routed, "\(what()): figures stored for \(stored), routed shifts \(routed)")
        #expect(try store.connection.scalar("SELECT count(*) FROM routeFigureStale") == .integer(0), "\(what()): marks left")
        let fresh = try store.routeMeasures(shiftIDs: routed)
        for (index, figure) in try store.routeFigures(shiftIDs: routed).enumerated() {
            let measure = fresh[index], shift: Int64 = routed[index]
            let stored: PlatformMilesSplit = figure.split, measured: PlatformMilesSplit = measure.split
            #expect(figure.meters.bitPattern == measure.meters.bitPattern, "\(what()): shift \(shift) metres")
            #expect(stored.hasTrips == measured.hasTrips, "\(what()): shift \(shift) trips")
            #expect(stored.meters == measured.meters, "\(what()): shift \(shift) platform metres")
            #expect(stored.names == measured.names, "\(what()): shift \(shift) platform names")
            #expect(stored.betweenTrips == measured.betweenTrips, "\(what()): shift \(shift) between trips")
            #expect(stored.shared == measured.shared, "\(what()): shift \(shift) shared")
        }
        #expect(try store.staleRouteFigures().isEmpty, "\(what()): check finds a figure differing")
        let withFigures = try RecordDump.of(store, zone: bench.zone)
        try store.connection.execute("BEGIN")
        try store.connection.execute("DELETE FROM shiftRouteFigure")
        let measured = try RecordDump.of(store, zone: bench.zone)
        try store.connection.execute("ROLLBACK")
        RecordPropertyTests.expectSame(measured, withFigures, "\(what()): the record with stored figures")
    }

    /// One random operation; a refusal (an edit that would not fit, an undo refused) changes nothing.
    static func operate(_ bench: IngestBench, _ files: [CorpusFile], _ imported: inout [Int64],
                        _ random: inout SplitMix64) throws -> String {
        let store = bench.store
        // Edits go to routed shifts mostly: their figures are the ones an edit can move.
        let routed = try store.connection.query("SELECT DISTINCT shiftId FROM routeSample ORDER BY shiftId").map { ($0["shiftId"].int64 ?? 0) }
        let shifts = routed.isEmpty || Int.random(in: 0..<4, using: &random) == 0 ? try store.shifts().map(\.id) : routed
        let pick = { (ids: [Int64], random: inout SplitMix64) -> Int64? in ids.isEmpty ? nil : ids[Int.random(in: 0..<ids.count, using: &random)] }
        switch Int.random(in: 0..<14, using: &random) {
        case 0...4:
            let file = files[Int.random(in: 0..<files.count, using: &random)]
            let end = try bench.load(file)
            if let id = end.importID { imported.append(id) }
            return "import \(file.name): \(end.end)"
        case 5:
            guard !imported.isEmpty else { return "no undo" }
            let id = imported.remove(at: Int.random(in: 0..<imported.count, using: &random))
            return "undo \(id): " + ((try? store.undoImport(id)).map { _ in "done" } ?? "refused")
        case 6, 7:
            guard let id = pick(shifts, &random), let shift = try store.shift(id), let end = shift.end else { return "no retime" }
            let start = shift.start.adding(milliseconds: Int64.random(in: -20...20, using: &random) * 60_000)
            let newEnd = end.adding(milliseconds: Int64.random(in: -20...20, using: &random) * 60_000)
            return "retime \(id): " + ((try? store.retimeShift(id, start: start, end: newEnd)).map { _ in "done" } ?? "refused")
        case 8:
            guard let id = pick(shifts, &random) else { return "no remeasure" }
            // Back to the first method by hand, then remeasured: both writes move the figure.
            try store.write {
                _ = try store.connection.run("UPDATE captureSession SET measureMethod = 'geodesic-1' WHERE shiftId = ?1", [.integer(id)])
            }
            try check(bench, "shift \(id)'s sessions on geodesic-1")
            return "remeasure \(id): " + ((try? store.remeasure(id)).map { "\($0.sessionsMoved) moved" } ?? "refused")
        case 9, 10:
            guard let id = pick(shifts, &random), let shift = try store.shift(id), let end = shift.end else { return "no park" }
            let length = end.millisecondsSinceEpoch - shift.start.millisecondsSinceEpoch
            let from = shift.start.millisecondsSinceEpoch + Int64.random(in: 0...length / 2, using: &random)
            let to = min(end.millisecondsSinceEpoch, from + Int64.random(in: 60_000...1_200_000, using: &random))
            try store.write {
                if Bool.random(using: &random) {
                    _ = try store.connection.run("INSERT INTO routeSuspension (shiftId, startedAtMs, endedAtMs) VALUES (?1, ?2, ?3)",
                                                 [.integer(id), .integer(from), .integer(to)])
                } else {
                    _ = try store.connection.run("DELETE FROM routeSuspension WHERE shiftId = ?1", [.integer(id)])
                }
            }
            return "park on \(id)"
        case 11, 12:
            // A trip's times and its offer's platform, changed by hand.
            guard let trip = try store.connection.query("""
                SELECT id, offerId FROM delivery WHERE shiftId IN (SELECT shiftId FROM routeSample) ORDER BY id LIMIT 1 OFFSET ?1
                """, [.integer(Int64.random(in: 0...3, using: &random))]).first
            else { return "no trip" }
            try store.write {
                _ = try store.connection.run("UPDATE offer SET platform = ?2 WHERE id = ?1",
                                             [.integer((trip["offerId"].int64 ?? 0)), .text(Bool.random(using: &random) ? "Grubhub" : "DoorDash")])
                _ = try? store.connection.run("UPDATE delivery SET deliveredAtMs = acceptedAtMs + ?2 WHERE id = ?1 AND deliveredAtMs IS NOT NULL",
                                              [.integer((trip["id"].int64 ?? 0)), .integer(Int64.random(in: 1...30, using: &random) * 60_000)])
            }
            return "trip \((trip["id"].int64 ?? 0)) changed"
        default:
            guard let id = pick(shifts, &random) else { return "no delete" }
            return "delete \(id): " + ((try? store.deleteCompletedShift(id)).map { _ in "done" } ?? "refused")
        }
    }

    static func check(_ bench: IngestBench, _ what: String) throws { try expectFiguresFresh(bench, what) }

    @Test(arguments: seeds)
    func everyFigureIsWhatTheRouteMeasures(seed: UInt64) throws {
        let bench = try IngestBench(onDisk: true)
        var random = SplitMix64(state: seed ^ 0xF16)
        var files = RecordCorpus.generated(seed: seed)
        // Each track again a tenth of a degree north at the same instants (another name): the
        // route keeps one position per instant and puts the other aside, and an undo brings it back.
        files += files.filter { $0.kind == .gpx }.map {
            CorpusFile(name: "twin-" + $0.name, kind: .gpx, text: $0.text.replacingOccurrences(of: "lat=\"41.8", with: "lat=\"41.9"))
        }
        // Driver's shifts under the 10th's and 11th's tracks: imports join them, and their times can change.
        _ = try bench.shift("2026-11-10T10:00", "2026-11-10T23:00")
        _ = try bench.shift("2026-11-11T10:00", "2026-11-11T23:00")
        var imported: [Int64] = [], done: [String] = []
        for step in 0..<60 {
            done.append(try Self.operate(bench, files, &imported, &random))
            try Self.check(bench, "seed \(seed) step \(step) after \(done)")
        }
        #expect(try bench.store.connection.scalar("SELECT count(*) FROM shiftRouteFigure")?.int64 ?? 0 > 0, "seed \(seed): no figure was ever stored")
    }

    /// Each input of a figure changed alone, by hand (no capture session made or moved beside
    /// it): the figure moves with it. Each case fails when its trigger is missing. Positions
    /// inserted or moved are marked by the code that writes them, not a trigger
    /// (RouteFigureSchema.swift): `appendInALaterWrite` and the property test above cover those.
    static let inputs: [(name: String, sql: String)] = [
        ("a position removed", "DELETE FROM routeSample WHERE recordedAtMs = (SELECT recordedAtMs FROM routeSample ORDER BY recordedAtMs LIMIT 1 OFFSET 5)"),
        ("a session's method", "UPDATE captureSession SET measureMethod = 'vehicle-1'"),
        ("a parked stretch added", "INSERT INTO routeSuspension (shiftId, startedAtMs, endedAtMs) SELECT shiftId, min(recordedAtMs) + 300000, min(recordedAtMs) + 900000 FROM routeSample"),
        ("the shift's end", "UPDATE shift SET endedAtMs = (SELECT max(recordedAtMs) - 600000 FROM routeSample) WHERE id = (SELECT shiftId FROM routeSample LIMIT 1)"),
        ("a trip added by hand",
         "INSERT INTO offer (acceptedAtMs, platform) SELECT min(recordedAtMs) + 60000, 'Uber' FROM routeSample; INSERT INTO delivery (shiftId, offerId, acceptedAtMs, deliveredAtMs) SELECT (SELECT shiftId FROM routeSample LIMIT 1), max(id), acceptedAtMs, acceptedAtMs + 1200000 FROM offer WHERE id = (SELECT max(id) FROM offer)"),
        ("a trip's times", "UPDATE delivery SET deliveredAtMs = deliveredAtMs + 900000 WHERE id = (SELECT min(id) FROM delivery)"),
        ("a trip removed", "DELETE FROM deliveryLine WHERE deliveryId = (SELECT min(id) FROM delivery); DELETE FROM deliveryTip WHERE deliveryId = (SELECT min(id) FROM delivery); DELETE FROM delivery WHERE id = (SELECT min(id) FROM delivery)"),
        ("a trip's platform", "UPDATE offer SET platform = 'Uber' WHERE id = (SELECT offerId FROM delivery ORDER BY id LIMIT 1)"),
    ]

    @Test(arguments: inputs.indices)
    func eachInputMovesTheFigure(_ index: Int) throws {
        let (name, sql) = Self.inputs[index]
        let bench = try IngestBench(onDisk: true)
        let files = RecordCorpus.generated(seed: 1)
        // The 10th's lunch: a driver's shift, its track, then the delivery log's trips on it.
        _ = try bench.shift("2026-11-10T09:00", "2026-11-10T23:00")
        for file in files where ["gen-10-a.gpx", "gen-delivery-log-a.csv"].contains(file.name) {
            #expect(try bench.load(file).end == "recorded", "\(file.name)")
        }
        // Measured by geodesic-1 (vehicle-1 counts this walking-pace track as parked: no distance to move).
        try bench.store.write { try bench.store.connection.execute("UPDATE captureSession SET measureMethod = 'geodesic-1'") }
        try Self.check(bench, "before \(name)")
        let shift = try #require(try bench.store.connection.scalar("SELECT shiftId FROM routeSample LIMIT 1")?.int64)
        let before = try #require(try bench.store.routeFigures(shiftIDs: [shift]).first)
        try bench.store.write { try bench.store.connection.execute(sql) }
        let after = try #require(try bench.store.routeFigures(shiftIDs: [shift]).first)
        #expect(!after.sameFigures(as: before), "\(name) changed no figure: the case proves nothing")
        try Self.check(bench, "after \(name)")
    }

    @Test("positions appended to a session in a later write move its shift's figure")
    func appendInALaterWrite() throws {
        let bench = try IngestBench(onDisk: true)
        let start = try bench.at("2026-11-10T10:00")
        let shift = try bench.store.createCompletedShift(start: start, end: start.adding(milliseconds: 3 * 3_600_000))
        let writer = try bench.store.beginCapture(shiftID: shift, startedAt: start, source: "live")
        func positions(_ from: Int, _ count: Int) -> [Position] {
            (from..<(from + count)).compactMap {
                try? Position(at: start.adding(milliseconds: Int64($0) * 10_000), latitude: 41.88 + Double($0) * 0.0004, longitude: -87.63)
            }
        }
        try bench.store.write { try writer.append(positions(0, 30)) }
        let before = try #require(try bench.store.routeFigures(shiftIDs: [shift]).first)
        try Self.check(bench, "after the first batch")
        try bench.store.write { try writer.append(positions(30, 30)) }
        writer.finish()
        let after = try #require(try bench.store.routeFigures(shiftIDs: [shift]).first)
        #expect(after.meters > before.meters, "a later batch changed no figure")
        try Self.check(bench, "after the second batch")
    }
}
