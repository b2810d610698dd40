import DashIngest
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing

/// A segment is cut where it breaks for longer than the split gap. When every segment's points
/// arrive in time order the importer knows the parts as it writes them (GPXImportJob's
/// `sessionParts`) and the route is not read back; otherwise the store reads it in time order
/// (`Store.prepareImportedRoute`). Both give the same sessions. (The reader drops a point earlier
/// than the one before it, so a segment reaching the importer is in time order; the reading back
/// stays for any session the importer did not see whole.)
@Suite("session parts")
struct SessionPartsTests {
    /// A lunch and a dinner drive in one segment (a 3-hour break), plus a short second segment.
    static func file() -> String {
        let formatter = ISO8601DateFormatter()
        let lunch = formatter.date(from: "2026-11-05T17:00:00Z") ?? Date(timeIntervalSince1970: 0)
        var points: [(Date, Double)] = []
        for minute in 0...40 { points.append((lunch.addingTimeInterval(Double(minute) * 60), 41.88 + Double(minute) * 0.0005)) }
        for minute in 0...30 { points.append((lunch.addingTimeInterval(Double(220 + minute) * 60), 41.90 + Double(minute) * 0.0004)) }
        func segment(_ points: [(Date, Double)]) -> String {
            "<trkseg>" + points.map { "<trkpt lat=\"\($0.1)\" lon=\"-87.63\"><time>\(formatter.string(from: $0.0))</time></trkpt>" }.joined() + "</trkseg>"
        }
        let second = (0...10).map { (lunch.addingTimeInterval(Double(260 + $0) * 60), 41.92 + Double($0) * 0.0004) }
        return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk>"
            + segment(points) + segment(second) + "</trk></gpx>\n"
    }

    @Test("a segment with a 3-hour break is two sessions, each part of it on its own shift")
    func cutWhileWriting() throws {
        let bench = try IngestBench()
        #expect(try bench.gpx("day.gpx", Self.file()).importID != nil)
        let sessions = try bench.store.connection.query("""
            SELECT s.startedAtMs, s.endedAtMs, (SELECT count(*) FROM routeSample r WHERE r.captureSessionId = s.id), s.source
            FROM captureSession s ORDER BY s.startedAtMs
            """)
        #expect(sessions.map { $0[2].int64 } == [41, 31, 11])
        #expect(sessions.map { $0[3].string ?? "" } == ["day.gpx track 1 segment 1", "day.gpx track 1 segment 1 part 2", "day.gpx track 1 segment 2"])
        let first = try bench.at("2026-11-05T11:00"), gap = Int64(220 * 60_000)
        #expect(sessions.map { $0[0].int64 ?? 0 } == [first.millisecondsSinceEpoch, first.millisecondsSinceEpoch + gap,
                                                      first.millisecondsSinceEpoch + 260 * 60_000])
        #expect(try bench.store.shifts().count == 2)
    }

    /// The same positions written by hand in two stores: one prepared with the parts known, one
    /// reading its route back.
    @Test("the parts known while writing are the parts the route gives")
    func knownPartsAreTheScannedOnes() throws {
        var results: [[[String]]] = []
        for known in [false, true] {
            let store = try Store.inMemory()
            let start = Instant(millisecondsSinceEpoch: 1_794_000_000_000)
            let importID = try store.write { try store.beginImport(kind: .gpx, fileName: "hand.gpx", sha256: String(repeating: "a", count: 64), template: nil, at: start) }
            var parts: [Int64: [(start: Int64, end: Int64)]] = [:]
            try store.write {
                let shift = try store.createImportedShift(start: start, importID: importID)
                // Points at these minutes: breaks of 90 and 61 minutes cut, 60 does not.
                for minutes in [[0, 1, 2, 92, 93, 153], [200, 201, 262]] {
                    let times = minutes.map { start.millisecondsSinceEpoch + Int64($0) * 60_000 }
                    let writer = try store.beginCapture(shiftID: shift, startedAt: Instant(millisecondsSinceEpoch: times[0]), source: "hand", importID: importID)
                    try writer.append(try times.map { try Position(at: Instant(millisecondsSinceEpoch: $0), latitude: 41.9, longitude: -87.6, horizontalAccuracy: nil) })
                    writer.finish()
                    try store.endCapture(writer.captureSessionID, at: Instant(millisecondsSinceEpoch: times[times.count - 1]))
                    var cut: [(start: Int64, end: Int64)] = []
                    for time in times {
                        if let last = cut.last, time - last.end <= 60 * 60_000 { cut[cut.count - 1].end = time } else { cut.append((time, time)) }
                    }
                    parts[writer.captureSessionID] = cut
                }
                _ = try store.prepareImportedRoute(importID, splitGap: 60 * 60_000, known: known ? parts : nil)
            }
            results.append(try store.connection.query("SELECT id, shiftId, startedAtMs, endedAtMs, source FROM captureSession ORDER BY id")
                .map { $0.values.map { String(describing: $0) } })
            results.append(try store.connection.query("SELECT id, shiftId, captureSessionId, recordedAtMs FROM routeSample ORDER BY id")
                .map { $0.values.map { String(describing: $0) } })
        }
        // Sessions, then samples, of the scanned store and of the known one.
        #expect(results[0] == results[2])
        #expect(results[1] == results[3])
        #expect(results[0].count == 4, "each session cut in two: \(results[0])")
    }
}
