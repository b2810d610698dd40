import DashModel
import TestSupport

/// Builders and a seeded scenario generator for the shift planner's tests.
enum PlanFixture {
    /// 2026-11-02T00:00Z plus minutes.
    static func at(_ minutes: Int64) -> Instant { Instant(millisecondsSinceEpoch: 1_793_577_600_000 + minutes * 60_000) }

    static func piece(
        _ id: String, _ kind: EvidenceKind, _ start: Int64, _ end: Int64? = nil, from importKey: String = "a", gapMinutes: Int64 = 60
    ) throws -> EvidencePiece {
        try EvidencePiece(
            id: EvidenceID(id), kind: kind, start: at(start), end: at(end ?? start), importKey: ImportKey(importKey),
            splitGapMilliseconds: gapMinutes * 60_000)
    }

    static func driver(_ id: Int64, _ start: Int64, _ end: Int64?) -> DriverShiftSpan {
        DriverShiftSpan(id: id, start: at(start), end: end.map(at))
    }

    /// Spans with their evidence ids: what the order-independence properties compare (ids aside).
    static func grouping(_ plan: ShiftPlan) -> [String] {
        plan.madeShifts.map { shift in
            "\(shift.span.start)-\(shift.span.end): " + shift.evidence.map(\.id.key).joined(separator: ",")
        } + plan.driverShifts.map { "driver \($0.id): " + $0.evidence.map(\.id.key).joined(separator: ",") }
    }

    /// Hours as milliseconds.
    static func hours(_ h: Int64) -> Int64 { h * 3_600_000 }

    /// A random evidence set over three days: overlapping tracks (some single points), shift rows,
    /// trips and money lines from four imports with different gaps, and a few driver's shifts
    /// that do not overlap each other (as the store keeps them).
    static func scenario(_ rng: inout SplitMix64) throws -> ShiftPlanInput {
        let imports: [(String, Int64)] = [("gpx-1", 60), ("gpx-2", 60), ("log", 90), ("pay", 30)]
        var pieces: [EvidencePiece] = []
        let count = Int.random(in: 0...36, using: &rng)
        for n in 0..<count {
            let (importKey, gap) = imports[Int.random(in: 0..<imports.count, using: &rng)]
            let kind = EvidenceKind.allCases[Int.random(in: 0..<4, using: &rng)]
            let start = Int64.random(in: 0...(3 * 1440), using: &rng)
            let length: Int64 =
                switch kind {
                case .trackSession: Bool.random(using: &rng) ? 0 : Int64.random(in: 1...240, using: &rng)
                case .shiftRow: Int64.random(in: 30...600, using: &rng)
                case .trip: Int64.random(in: 5...70, using: &rng)
                case .moneyLine: Bool.random(using: &rng) ? 0 : Int64.random(in: 1...20, using: &rng)
                }
            pieces.append(try piece("e\(n)", kind, start, start + length, from: importKey, gapMinutes: gap))
        }
        var drivers: [DriverShiftSpan] = []
        var cursor = Int64.random(in: 0...600, using: &rng)
        for id in 1...Int64.random(in: 1...4, using: &rng) where Int.random(in: 0..<3, using: &rng) > 0 {
            let length = Int64.random(in: 60...480, using: &rng)
            let active = id == 4 && Bool.random(using: &rng)
            drivers.append(driver(100 + id, cursor, active ? nil : cursor + length))
            cursor += length + Int64.random(in: 1...900, using: &rng)
        }
        return ShiftPlanInput(evidence: pieces, driverShifts: drivers)
    }

    /// The made shifts a plan would leave in the store, with ids 1, 2, ... for the new ones.
    static func holdings(after plan: ShiftPlan) -> [MadeShiftHolding] {
        var next: Int64 = 1 + (plan.madeShifts.compactMap { if case let .existing(id) = $0.id { id } else { nil } }.max() ?? 0)
        // (A revived id was given before and is below the sequence: never the next.)
        return plan.madeShifts.map { shift in
            let id: Int64
            switch shift.id {
            case let .existing(old), let .revived(old):
                id = old
            case .new:
                id = next
                next += 1
            }
            return MadeShiftHolding(id: id, evidence: Set(shift.evidence.map(\.id)))
        }
    }
}
