import DashIngest
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// Issue 13, gap 2 (docs/gpx.md, "Into the record"): of the positions imports give at one
/// instant the route keeps the best by a rule of their own (the more accurate; a known accuracy
/// beats none; then the smaller latitude, then longitude), whatever the order of the files, and
/// each import holds every position it gave, so undoing any one is never having imported it.
@Suite struct RouteInstantTests {
    /// A point: seconds after 2026-11-05T22:10:00Z, position, HDOP (5 m of accuracy each; nil: none).
    struct Point { var second: Int; var latitude: Double; var longitude = -87.63; var hdop: Double? }

    static func gpx(_ points: [Point], padding: String = "") -> String {
        let formatter = ISO8601DateFormatter()
        let first = formatter.date(from: "2026-11-05T22:10:00Z") ?? Date(timeIntervalSince1970: 0)
        var text = "<?xml version=\"1.0\"?>\(padding)<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        for point in points {
            let time = formatter.string(from: first.addingTimeInterval(Double(point.second)))
            text += "\(padding)<trkpt lat=\"\(point.latitude)\" lon=\"\(point.longitude)\"><time>\(time)</time>"
                + (point.hdop.map { "<hdop>\($0)</hdop><pdop>\($0)</pdop>" } ?? "") + "</trkpt>"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    /// Track A: 60 points 10 s apart. Track B: 60 points from A's 31st, sharing 30 instants: there
    /// B is identical, more accurate, without accuracy, or as accurate a little further north or south.
    static let a: [Point] = (0..<60).map { Point(second: $0 * 10, latitude: 41.88 + Double($0) * 0.0002, hdop: 3) }
    static let b: [Point] = (0..<60).map { index in
        let second = 300 + index * 10
        guard index < 30 else { return Point(second: second, latitude: 41.886 + Double(index) * 0.0002, hdop: 2) }
        var point = a[30 + index]
        switch index % 5 {
        case 0: break                                    // identical: one position
        case 1: point.hdop = 1; point.latitude += 0.00001  // B more accurate: B's
        case 2: point.hdop = nil; point.latitude -= 0.00001 // B without accuracy: A's
        case 3: point.latitude += 0.00001                // as accurate, further north: A's
        default: point.latitude -= 0.00001; point.longitude += 0.00001 // as accurate, further south: B's
        }
        return point
    }

    /// The record (report figures and exports without ids), then every shift's route and the
    /// positions kept aside, each with its capture session's label (the file's, so the same in
    /// any order), ids left out.
    static func dump(_ bench: IngestBench) throws -> [String] {
        var lines = try RecordDump.of(bench.store, zone: bench.zone)
        for row in try bench.store.connection.query("""
            SELECT s.startedAtMs, s.endedAtMs, r.recordedAtMs, r.latitude, r.longitude, r.horizontalAccuracyM, c.source
            FROM routeSample r JOIN shift s ON s.id = r.shiftId JOIN captureSession c ON c.id = r.captureSessionId
            ORDER BY s.startedAtMs, r.recordedAtMs, c.source
            """) { lines.append("route " + row.values.map(render).joined(separator: " ")) }
        for row in try bench.store.connection.query("""
            SELECT s.startedAtMs, a.recordedAtMs, a.latitude, a.longitude, a.horizontalAccuracyM, c.source
            FROM routeSampleAside a JOIN captureSession c ON c.id = a.captureSessionId JOIN shift s ON s.id = c.shiftId
            ORDER BY s.startedAtMs, a.recordedAtMs, c.source, a.latitude, a.longitude
            """) { lines.append("aside " + row.values.map(render).joined(separator: " ")) }
        return lines
    }

    /// A store with `files` imported in that order, and their import ids.
    static func record(_ files: [(String, String)]) throws -> (bench: IngestBench, ids: [Int64?]) {
        let bench = try IngestBench()
        var ids: [Int64?] = []
        for (name, text) in files {
            let end = try bench.gpx(name, text)
            #expect(!end.isRefused, "\(name): \(end)")
            ids.append(end.importID)
        }
        return (bench, ids)
    }

    static func expectSame(_ expected: [String], _ got: [String], _ what: String) {
        let same = expected == got
        #expect(same, "\(what): \(RecordPropertyTests.difference(expected, got))")
    }

    @Test func eachSharedInstantKeepsTheBetterPositionInEitherOrder() throws {
        let files = [("a.gpx", Self.gpx(Self.a)), ("b.gpx", Self.gpx(Self.b))]
        let forward = try Self.record(files), backward = try Self.record(files.reversed())
        #expect(forward.ids.allSatisfy { $0 != nil } && backward.ids.allSatisfy { $0 != nil })
        Self.expectSame(try Self.dump(forward.bench), try Self.dump(backward.bench), "a then b against b then a")
        // The rule itself, instant by instant: one position per instant, the better one.
        let route = try forward.bench.store.connection.query("""
            SELECT r.recordedAtMs, r.latitude, r.longitude, c.source FROM routeSample r JOIN captureSession c ON c.id = r.captureSessionId
            ORDER BY r.recordedAtMs
            """)
        #expect(route.count == 90)
        for index in 0..<30 {
            let row = route[30 + index]
            let expected = index % 5 == 1 || index % 5 == 4 ? Self.b[index] : Self.a[30 + index]
            #expect(row["latitude"].double == expected.latitude && row["longitude"].double == expected.longitude, "shared instant \(index)")
            if index % 5 == 1 || index % 5 == 4 { #expect(row["source"].string?.hasPrefix("b.gpx") == true) }
            if index % 5 == 2 || index % 5 == 3 { #expect(row["source"].string?.hasPrefix("a.gpx") == true) }
        }
        #expect(try forward.bench.store.connection.scalar("SELECT count(*) FROM routeSampleAside") == .integer(30))
    }

    @Test(arguments: [false, true], [0, 1])
    func undoingEitherIsNeverHavingImportedIt(reversed: Bool, undo: Int) throws {
        let files = [("a.gpx", Self.gpx(Self.a)), ("b.gpx", Self.gpx(Self.b))]
        let order = reversed ? Array(files.reversed()) : files
        let imported = try Self.record(order)
        let id = try #require(imported.ids[undo])
        let undone = try imported.bench.store.undoImport(id)
        #expect(undone.routeSamplesRestored > 0 || undone.routeSamples < 60, "\(undone)")
        var other = order
        other.remove(at: undo)
        let alone = try Self.record(other)
        Self.expectSame(try Self.dump(alone.bench), try Self.dump(imported.bench), "\(order.map(\.0)), undoing \(order[undo].0)")
        #expect(try imported.bench.store.structuralFaults() == [])
    }

    /// The same points in other bytes are the same import (nothing twice); undoing either track
    /// afterwards still leaves the other's whole route.
    @Test(arguments: [0, 1]) func reexportsAddNothingAndUndoLeavesTheOther(undo: Int) throws {
        let files = [("a.gpx", Self.gpx(Self.a)), ("b.gpx", Self.gpx(Self.b)),
                     ("a-again.gpx", Self.gpx(Self.a, padding: "\n  ")), ("b-again.gpx", Self.gpx(Self.b, padding: "\n\t"))]
        let imported = try Self.record(files)
        #expect(imported.ids[2] == nil && imported.ids[3] == nil)
        let again = try Self.record(files)
        Self.expectSame(try Self.dump(again.bench), try Self.dump(imported.bench), "importing the re-exports twice")
        _ = try imported.bench.store.undoImport(try #require(imported.ids[undo]))
        let alone = try Self.record([files[1 - undo]])
        Self.expectSame(try Self.dump(alone.bench), try Self.dump(imported.bench), "undoing \(files[undo].0) after the re-exports")
    }

    /// Seeded: three or four overlapping tracks of random accuracies, some positions shared
    /// exactly, imported in random orders, give one record; undoing any one equals never having
    /// imported it.
    @Test(arguments: [3, 14, 2026] as [UInt64])
    func anyOrderAndAnyUndoOfOverlappingTracks(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let base: [Point] = (0..<80).map { Point(second: $0 * 10, latitude: 41.88 + Double($0) * 0.0002, hdop: nil) }
        var files: [(String, String)] = []
        for track in 0..<(3 + Int.random(in: 0...1, using: &random)) {
            let first = Int.random(in: 0..<40, using: &random), count = Int.random(in: 20..<40, using: &random)
            let points = base[first..<min(80, first + count)].map { point in
                var point = point
                let hdops: [Double?] = [nil, 1, 2, 2, 3]
                point.hdop = hdops[Int.random(in: 0..<hdops.count, using: &random)]
                if Int.random(in: 0..<3, using: &random) == 0 { point.latitude += Double(Int.random(in: -2...2, using: &random)) * 0.00001 }
                return point
            }
            files.append(("t\(track).gpx", Self.gpx(points)))
        }
        let reference = try Self.dump(try Self.record(files).bench)
        for _ in 0..<2 {
            let shuffled = files.shuffled(using: &random)
            Self.expectSame(reference, try Self.dump(try Self.record(shuffled).bench), "seed \(seed): \(shuffled.map(\.0))")
        }
        let order = files.shuffled(using: &random)
        for undo in order.indices {
            let imported = try Self.record(order)
            var without = order
            without.remove(at: undo)
            let expected = try Self.dump(try Self.record(without).bench)
            if let id = imported.ids[undo] { _ = try imported.bench.store.undoImport(id) }
            Self.expectSame(expected, try Self.dump(imported.bench), "seed \(seed): \(order.map(\.0)), undoing \(order[undo].0)")
        }
    }
}

extension ImportEnd {
    var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }
}
