import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Long runs for `make test-slow`: a year of routes in one on-disk store.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DASHPILOT_SLOW_TESTS"] == "1"))
struct SlowStoreTests {
    /// 250 eight-hour shifts at 1 Hz (7.2 million positions): every shift's route reads back
    /// complete and in order, deleting one takes exactly its rows, and SQLite finds no damage.
    @Test func aYearOfRoutesStaysWholeThroughADelete() throws {
        let folder = try TemporaryDirectory("DashPilotSlow")
        let store = try Store.open(at: folder.path("year.sqlite"), create: true)
        let perShift = 28_800
        var ids: [Int64] = []
        for index in 0..<250 {
            let start = Instant(secondsSinceEpoch: 1_767_225_600 + Int64(index) * 86_400)
            let id = try store.write {
                let id = try store.createCompletedShift(start: start, end: start.adding(milliseconds: Int64(perShift) * 1000))
                let writer = try store.beginCapture(shiftID: id, startedAt: start, source: "slow test")
                try writer.append((0..<perShift).map { i in
                    try Position(at: start.adding(milliseconds: Int64(i) * 1000), latitude: 41.8 + Double(i) * 1e-6,
                                 longitude: -87.6, horizontalAccuracy: 4)
                })
                return id
            }
            ids.append(id)
        }
        for id in [ids[0], ids[124], ids[249]] {
            #expect(try store.routeSampleCount(shiftID: id) == perShift)
            var previous = Instant(millisecondsSinceEpoch: .min)
            var count = 0
            try store.forEachRouteSample(shiftID: id) { sample in
                #expect(sample.position.at > previous)
                previous = sample.position.at
                count += 1
            }
            #expect(count == perShift)
        }
        let deleted = try store.deleteCompletedShift(ids[124])
        #expect(deleted.routeSamples == perShift)
        #expect(try store.counts().tables.first { $0.name == "routeSample" }?.rows == perShift * 249)
        #expect(try store.structuralFaults().isEmpty)
    }
}
