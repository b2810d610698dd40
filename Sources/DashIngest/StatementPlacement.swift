import DashImport
import DashModel
import DashStore

/// Where one import puts its new evidence until the shifts are planned: a shift parked in year 1,
/// made the first time something needs it (docs/shifts-from-evidence.md). Nothing of an import
/// is placed by looking at the shifts as they happen to be; the planner places everything once
/// the file is in, so the order of files never decides.
final class EvidenceParking {
    let store: Store
    let importID: Int64
    private(set) var shiftID: Int64?
    /// Deliveries judged and numbered on the parked shift, written once placed (StagedDeliveries.swift).
    var staged: StagedDeliveries?

    init(store: Store, importID: Int64) {
        self.store = store
        self.importID = importID
    }

    /// The parked shift, made on first use.
    func shift() throws -> Int64 {
        if let shiftID { return shiftID }
        let id = try store.createParkedShift(importID: importID)
        shiftID = id
        return id
    }

    /// Plans the shifts around everything parked (and around `also`, evidence this import
    /// moved or changed elsewhere); nil when nothing was parked or moved.
    func settle(also: [Interval] = []) throws -> SettleOutcome? {
        var outcome: SettleOutcome?
        func add(_ next: SettleOutcome) {
            var merged = outcome ?? SettleOutcome()
            merged.created += next.created
            merged.kept += next.kept
            merged.removed += next.removed
            merged.outsideDriverShifts += next.outsideDriverShifts
            merged.strayPoints += next.strayPoints
            outcome = merged
        }
        if let shiftID {
            // Island by island: evidence further apart than the planner reaches is planned apart,
            // so memory is that of the busiest stretch, not of the whole file.
            for island in try store.parkedIslands(shiftID, staged: staged) {
                add(try store.settleShifts(from: Instant(millisecondsSinceEpoch: island.lowerBound),
                                           to: Instant(millisecondsSinceEpoch: island.upperBound), parked: island, staged: staged))
                // Before the next island's plan, which may reach the shifts these went to.
                try staged?.writePlaced()
            }
            try staged?.finish()
            staged = nil
            try store.deleteParkedShift(shiftID)
        }
        for span in also {
            add(try store.settleShifts(from: span.start, to: span.end, parked: span.start.millisecondsSinceEpoch...span.end.millisecondsSinceEpoch))
        }
        if var merged = outcome {
            merged.created = Array(Set(merged.created)).sorted()
            merged.removed = Array(Set(merged.removed)).sorted()
            merged.kept = Array(Set(merged.kept).subtracting(merged.created).subtracting(merged.removed)).sorted()
            outcome = merged
        }
        return outcome
    }
}

extension StatementIngest {
    /// Something of a file to put on a shift: a delivery row, or a trip's money lines (at the
    /// first line's time).
    struct Placeable {
        let line: Int
        let accepted: Instant
        let delivered: Instant
    }

    /// Every item goes on the import's parked shift; the planner places it once the file is in.
    static func place(_ items: [Placeable], parking: EvidenceParking) throws -> [(shift: Int64, end: Instant?)?] {
        guard !items.isEmpty else { return [] }
        let shift = try parking.shift()
        return items.map { _ in (shift, nil) }
    }
}
