import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// Issue 13, "Proof": the record is a function of the SET of imported files (docs/record.md,
/// "Any order, exact undo, nothing twice"; docs/shifts-from-evidence.md). Seeded: a failure
/// names its seed and files, and replays. The generated files never give two figures for one
/// platform's work, so no file is refused for a conflict and every order must give one record;
/// a refusal of any kind is itself reported as a failure.
@Suite struct RecordPropertyTests {
    static let seeds: [UInt64] = [1, 13, 2026]

    /// A fresh store with `files` imported in that order: its dump, and each file's import id.
    static func record(_ files: [CorpusFile]) throws -> (dump: [String], ids: [Int64?]) {
        let bench = try IngestBench()
        var ids: [Int64?] = []
        for file in files {
            let end = try bench.load(file)
            if end.end == "refused" {
                Issue.record("\(file.name) refused after \(files.prefix { $0.name != file.name }.map(\.name)): \(end.problems)")
            }
            ids.append(end.importID)
        }
        return (try RecordDump.of(bench.store, zone: bench.zone), ids)
    }

    static func corpus(seed: UInt64) throws -> [CorpusFile] { try RecordCorpus.samples() + RecordCorpus.generated(seed: seed) }

    /// The first line two dumps differ at, for the failure message.
    static func difference(_ a: [String], _ b: [String]) -> String {
        for (index, pair) in zip(a, b).enumerated() where pair.0 != pair.1 {
            return "line \(index):\n  expected \(pair.0)\n  got      \(pair.1)"
        }
        return a.count == b.count ? "none" : "lengths \(a.count) and \(b.count); extra: \((a.count > b.count ? a : b).suffix(abs(a.count - b.count)))"
    }

    static func expectSame(_ expected: [String], _ got: [String], _ what: @autoclosure () -> String) {
        let same = expected == got
        #expect(same, "\(what()): \(difference(expected, got))")
    }

    /// Random subsets, each in its order and in shuffled ones: one record.
    @Test(arguments: seeds)
    func anyOrderGivesOneRecord(seed: UInt64) throws {
        let all = try Self.corpus(seed: seed)
        var random = SplitMix64(state: seed ^ 0x5EED)
        for round in 0..<2 {
            let subset = round == 0 ? all : all.filter { _ in Int.random(in: 0..<10, using: &random) < 6 }
            let reference = try Self.record(subset).dump
            let shuffled = subset.shuffled(using: &random)
            Self.expectSame(reference, try Self.record(shuffled).dump,
                            "seed \(seed): \(subset.map(\.name)) then in the order \(shuffled.map(\.name))")
            let reversed = Array(subset.reversed())
            Self.expectSame(reference, try Self.record(reversed).dump, "seed \(seed): \(subset.map(\.name)) reversed")
        }
    }

    /// Undoing the first, a middle or the last import equals never having imported it.
    @Test(arguments: seeds) func undoingOneImportIsNeverHavingImportedIt(seed: UInt64) throws {
        var random = SplitMix64(state: seed ^ 0x0DD0)
        let files = try Self.corpus(seed: seed).shuffled(using: &random)
        for position in [0, Int.random(in: 1..<(files.count - 1), using: &random), files.count - 1] {
            let bench = try IngestBench()
            var undone: Int64?
            for (index, file) in files.enumerated() {
                let end = try bench.load(file)
                if index == position { undone = end.importID }
            }
            var without = files
            without.remove(at: position)
            let expected = try Self.record(without).dump
            let what = "seed \(seed): \(files.map(\.name)), undoing \(files[position].name) (position \(position))"
            guard let undone else {
                // It was recorded as nothing (a duplicate, or nothing added): the record is the same without it.
                Self.expectSame(expected, try RecordDump.of(bench.store, zone: bench.zone), what + ", not recorded")
                continue
            }
            do {
                try bench.store.undoImport(undone)
            } catch {
                Issue.record("\(what): undo refused: \(error)")
                continue
            }
            Self.expectSame(expected, try RecordDump.of(bench.store, zone: bench.zone), what)
        }
    }

    /// Every file twice, and a re-saved copy of each, equals every file once.
    @Test(arguments: seeds)
    func importingTwiceIsImportingOnce(seed: UInt64) throws {
        var random = SplitMix64(state: seed ^ 0x7A1C)
        let files = try Self.corpus(seed: seed).shuffled(using: &random)
        let once = try Self.record(files).dump
        let again = files + files.shuffled(using: &random) + files.map(\.resaved).shuffled(using: &random)
        Self.expectSame(once, try Self.record(again).dump, "seed \(seed): \(files.map(\.name)) then again and re-saved")
    }
}
