import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Schema v7's no-overlap triggers look at two shifts, not all of them; they must refuse
/// exactly what v1's full scan refused. Seeded: random spans (active ones included) are
/// inserted and moved, and every accept or refuse is compared with a brute-force check.
@Suite struct OverlapTriggerTests {
    static let farEnd: Int64 = 253_402_300_799_999

    static func overlaps(_ a: (Int64, Int64?), _ b: (Int64, Int64?)) -> Bool {
        a.0 < (b.1 ?? farEnd) && b.0 < (a.1 ?? farEnd)
    }

    @Test("inserts and moves are refused exactly when a span meets another", arguments: [1, 2, 3, 4] as [UInt64])
    func sameAsTheFullScan(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let store = try Store.inMemory()
        var stored: [Int64: (Int64, Int64?)] = [:]
        for _ in 0..<400 {
            let start = Int64.random(in: 0..<2_000, using: &random) * 60_000
            let end: Int64? = Int64.random(in: 0..<40, using: &random) == 0 ? nil : start + Int64.random(in: 1...120, using: &random) * 60_000
            let expectRefused = stored.values.contains { Self.overlaps($0, (start, end)) }
            if let id = stored.keys.sorted().randomElement(using: &random), Bool.random(using: &random) {
                // Move an existing shift.
                let others = stored.filter { $0.key != id }.values
                let refused = others.contains { Self.overlaps($0, (start, end)) }
                do {
                    try store.connection.run("UPDATE shift SET startedAtMs = ?2, endedAtMs = ?3 WHERE id = ?1",
                                             [.integer(id), .integer(start), .int(end)])
                    #expect(!refused, "moved shift \(id) onto another: \(start)-\(end.map(String.init) ?? "now")")
                    stored[id] = (start, end)
                } catch {
                    #expect(refused, "refused a free move: \(error)")
                }
            } else {
                do {
                    try store.connection.run("INSERT INTO shift (startedAtMs, endedAtMs) VALUES (?1, ?2)",
                                             [.integer(start), .int(end)])
                    #expect(!expectRefused, "inserted an overlapping shift \(start)-\(end.map(String.init) ?? "now")")
                    stored[store.connection.lastInsertRowID] = (start, end)
                } catch {
                    #expect(expectRefused, "refused a free span: \(error)")
                }
            }
        }
        #expect(stored.count > 20)
    }
}
