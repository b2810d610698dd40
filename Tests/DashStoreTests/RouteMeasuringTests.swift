import DashModel
@testable import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Measuring many routes at once (read on one thread, measured on another) gives, shift for
/// shift, exactly what measuring each alone gives.
@Suite struct RouteMeasuringTests {
    @Test func batchMeasuresEqualOneByOne() throws {
        let store = try Store.inMemory()
        var ids: [Int64] = []
        // Shift 1: longer than two chunks, two capture sessions interleaved, a parked stretch,
        // a sample that goes back in time. Shift 2: no route. Shift 3: a short route.
        let count = MeterPipeline.chunk * 2 + 1_234
        for (index, samples) in [count, 0, 500].enumerated() {
            let start = minute(Int64(index) * 2_000)
            let id = try store.createCompletedShift(start: start, end: start.adding(milliseconds: Int64(count + 10) * 1_000))
            ids.append(id)
            guard samples > 0 else { continue }
            let first = try store.beginCapture(shiftID: id, startedAt: start, source: "test")
            let second = try store.beginCapture(shiftID: id, startedAt: start, source: "test")
            try store.write {
                var a: [Position] = [], b: [Position] = []
                for n in 0..<samples {
                    // One step back in time every 5,000 samples.
                    let at = start.adding(milliseconds: Int64(n) * 1_000 - (n % 5_000 == 4_999 ? 3_000 : 0))
                    let t = Double(n)
                    let position = try Position(at: at, latitude: 41.8 + 0.01 * sin(t / 300), longitude: -87.6 + 0.01 * cos(t / 200))
                    if n % 7 == 3 { b.append(position) } else { a.append(position) }
                }
                try first.append(a)
                try second.append(b)
                first.finish()
                second.finish()
            }
        }
        let unparked = try store.recordedMeters(shiftIDs: ids)
        try store.connection.run("INSERT INTO routeSuspension (shiftId, startedAtMs, endedAtMs) VALUES (?1, ?2, ?3)",
                                 [.integer(ids[0]), .integer(minute(100).millisecondsSinceEpoch), .integer(minute(130).millisecondsSinceEpoch)])
        let batch = try store.recordedMeters(shiftIDs: ids)
        let single = try ids.map { try store.recordedMeters(shiftID: $0) }
        #expect(batch == single)
        #expect(batch[0] > 1_000 && batch[1] == 0 && batch[2] > 0)
        #expect(batch[0] < unparked[0], "what was recorded while parked is not mileage")
        #expect(batch[2] == unparked[2])
        let facts = try store.shiftFacts()
        #expect(facts.map(\.meters) == [batch[0], nil, batch[2]])
    }
}

/// docs/record.md: evidence an import keeps on your shift past your times is kept, not counted:
/// the shift's miles are those of the samples within its times.
@Suite struct MilesWithinTheShiftTests {
    @Test func samplesPastTheShiftsEndAreNotItsMiles() throws {
        let store = try Store.inMemory()
        let shift = try store.createCompletedShift(start: minute(0), end: minute(10))
        try store.write {
            let writer = try store.beginCapture(shiftID: shift, startedAt: minute(0), source: "t", importID: nil)
            // Due north, 0.001 degree a minute (about 111 m): 10 steps within, 10 past the end.
            try writer.append((0...20).map { try Position(at: minute(Int64($0)), latitude: 45 + Double($0) * 0.001, longitude: -93, horizontalAccuracy: 5) })
            writer.finish()
        }
        // A walker's pace (1.85 m/s): measured by geodesic-1, every step, as this test is about
        // the shift's window, not about what vehicle-1 counts as driving.
        try store.connection.run("UPDATE captureSession SET measureMethod = 'geodesic-1'")
        let within = try store.recordedMeters(shiftIDs: [shift])[0]
        #expect(within > 1_100 && within < 1_120, "\(within)")
    }
}
