import DashIngest
import DashStore
import Foundation
import Testing
import TestSupport

/// Issue 27, item 5, "Proof": shift ids are stable under every order (docs/shifts-from-evidence.md,
/// "Ids"). On the record property tests' corpus (RecordCorpus.swift), shuffled by seed, each file
/// is imported, undone and imported again, and after every import:
/// - each shift id that held work before still names a shift holding that work, unless it was
///   joined into a shift with an older id (which then holds it all), or the work was split (then
///   the id, if it stands, holds a part of it);
/// - undoing that import gives every piece of work the shift id it had before, exactly.
/// Work is the rows shifts hold: capture sessions, deliveries, statement rows, by their ids.
@Suite struct ShiftIDPropertyTests {
    static let seeds: [UInt64] = [7, 2027]

    /// Each row's shift: "c12" (capture session 12), "d40" (delivery), "e3" (statement row).
    static func placement(_ store: Store) throws -> [String: Int64] {
        var placed: [String: Int64] = [:]
        for row in try store.connection.query("""
            SELECT 'c' || id AS k, shiftId FROM captureSession UNION ALL SELECT 'd' || id, shiftId FROM delivery
            UNION ALL SELECT 'e' || id, shiftId FROM shiftEarning
            """) {
            placed[row["k"].string ?? "?"] = row["shiftId"].int64
        }
        return placed
    }

    static func shiftIDs(_ store: Store) throws -> Set<Int64> {
        Set(try store.connection.query("SELECT id FROM shift").compactMap { $0["id"].int64 })
    }

    /// How often the rule's joined and split branches were taken.
    struct Tally {
        var joins = 0, splits = 0
    }

    /// Two Uber trips on 26 November paid at 12:00 and 12:30 (one shift from their payments), their
    /// times 10:00-10:20 and 12:40-13:00 (two shifts: the payments' shift splits), and a shift-log
    /// row 10:30-12:30 that joins those two. Imported in this order (among the shuffled corpus),
    /// each rule of ids is met: a split, a join, and the undo of each.
    static func splitAndJoin() -> [CorpusFile] {
        let lines = ["split-1-L1,split-1,trip completed order,2026-11-26 12:00:10.000 -0600 CST,9.50,9.50,9.50,",
                     "split-2-L1,split-2,trip completed order,2026-11-26 12:30:10.000 -0600 CST,7.25,7.25,6.25,1.00"]
        let trips = ["split-1,a7c3-sample-driver,S,S,v,P,Uber Eats,2026-11-26 10:00:05,2026-11-26 10:20:40,a,b,2.0,completed,Eats,card",
                     "split-2,a7c3-sample-driver,S,S,v,P,Uber Eats,2026-11-26 12:40:05,2026-11-26 13:00:40,a,b,2.0,completed,Eats,card"]
        return [CorpusFile(name: "split-payments.csv", kind: .statement(template: "uber-payments"),
                           text: RecordCorpus.paymentsHeader + lines.joined(separator: "\n") + "\n"),
                CorpusFile(name: "split-trips.csv", kind: .statement(template: "uber-trips"),
                           text: RecordCorpus.tripsHeader + trips.joined(separator: "\n") + "\n"),
                CorpusFile(name: "join-shift-log.csv", kind: .statement(template: "shift-log"),
                           text: RecordCorpus.shiftLogHeader + "2026-11-26,10:30,12:30,DoorDash,30.00,4.00\n")]
    }

    /// The stability rule from `before` to `after` (the first broken one, or nil).
    static func broken(before: [String: Int64], after: [String: Int64], standing: Set<Int64>, tally: inout Tally) -> String? {
        var work: [Int64: [String]] = [:]
        for (key, shift) in before where after[key] != nil { work[shift, default: []].append(key) }
        for (id, keys) in work.sorted(by: { $0.key < $1.key }) {
            let now = Set(keys.compactMap { after[$0] })
            if now.count == 1, let only = now.first {
                if only == id { continue }
                if only < id && !standing.contains(id) {
                    tally.joins += 1
                    continue
                }
                return "shift \(id)'s work \(keys.sorted()) is all on shift \(only)" + (standing.contains(id) ? ", and \(id) stands" : "")
            }
            tally.splits += 1
            if standing.contains(id), !now.contains(id) {
                return "shift \(id)'s work \(keys.sorted()) was split onto \(now.sorted()), and \(id) names other work"
            }
        }
        return nil
    }

    @Test(arguments: seeds)
    func idsHoldUnderEveryOrderAndUndoGivesThemBack(seed: UInt64) throws {
        var random = SplitMix64(state: seed ^ 0x1D5)
        var files = try RecordPropertyTests.corpus(seed: seed).shuffled(using: &random)
        // The split-and-join files in their order, each at a random place after the one before.
        var place = 0
        for file in Self.splitAndJoin() {
            place = Int.random(in: place...files.count, using: &random)
            files.insert(file, at: place)
            place += 1
        }
        let bench = try IngestBench()
        var tally = Tally()
        var checked = 0
        for (index, file) in files.enumerated() {
            let what = "seed \(seed): \(files.prefix(index).map(\.name)) then \(file.name)"
            let before = try Self.placement(bench.store)
            let first = try bench.load(file)
            #expect(first.end != "refused", "\(what): \(first.problems)")
            guard let importID = first.importID else { continue }
            let after = try Self.placement(bench.store)
            if let broken = Self.broken(before: before, after: after, standing: try Self.shiftIDs(bench.store), tally: &tally) {
                Issue.record("\(what): \(broken)")
            }
            try bench.store.undoImport(importID)
            let undone = try Self.placement(bench.store)
            let moved = undone.filter { before[$0.key] != $0.value }.sorted { $0.key < $1.key }.map { "\($0.key) on \($0.value), was \(before[$0.key] ?? -1)" }
            #expect(undone.count == before.count && moved.isEmpty, "\(what), undone: \(moved)")
            let again = try bench.load(file)
            #expect(again.end == first.end, "\(what), again: \(again.problems)")
            var ignored = Tally()
            if let broken = Self.broken(before: before, after: try Self.placement(bench.store), standing: try Self.shiftIDs(bench.store), tally: &ignored) {
                Issue.record("\(what), again: \(broken)")
            }
            checked += 1
        }
        #expect(checked >= 20, "seed \(seed): only \(checked) files recorded")
        #expect(tally.joins > 0 && tally.splits > 0, "seed \(seed): \(tally)")
    }
}
