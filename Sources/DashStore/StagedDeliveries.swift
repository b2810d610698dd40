import DashModel
import SQLiteKit

/// Deliveries a statement import has judged and numbered but not yet written: the planner takes
/// them as evidence on the import's parked shift, exactly as if they were stored there, and each
/// is written once, straight onto the shift its island's plan gives it.
///
/// Writing every row on the parked shift and then moving it cost a 100,000-row import an insert
/// and an update per row: the update rewrote `deliveryByShift` and fired the offer and figure
/// triggers again (the moves were a fifth of the import, docs/performance.md). The planner sees
/// the same pieces in the same order either way: the parked shift's stored deliveries and these
/// merged by (accepted, id), the order `deliveryByShift` gives.
///
/// Inside the import's transaction, like the parked shift; every staged delivery must be written
/// before the import ends (``finish()``): one left would be lost.
public final class StagedDeliveries {
    /// One staged delivery as the planner reads it: when it lies, and its tag (the order it was
    /// staged in, from 0). Its id is `firstID + tag`: the caller numbers staged deliveries
    /// consecutively.
    struct Entry {
        let accepted: Int64
        let end: Int64
        let tag: Int32
    }

    /// Where one staged delivery goes.
    public struct Placement: Sendable, Equatable {
        public let tag: Int
        public let id: Int64
        public let shiftID: Int64
    }

    /// The parked shift the entries sit on, as far as the planner knows.
    public let parkedShiftID: Int64
    public let importID: Int64
    /// The id of the first staged delivery; the n-th has `firstID + n`.
    public let firstID: Int64
    /// Each staged delivery's times, by tag, from the caller's rows: not copied here (a
    /// 100,000-row file's peak memory is its rows and SQLite's page cache).
    private let times: (Int) -> (accepted: Int64, end: Int64)
    /// The tags by (accepted, tag), which is (accepted, id): four bytes a delivery.
    private var order: [Int32]
    /// By tag: written yet.
    private var written: [Bool]
    private var unwrittenCount: Int
    /// Writes placements (each entry once) onto their shifts, inside the transaction.
    private let writer: ([Placement]) throws -> Void
    /// Releases what the writer holds.
    private let done: () -> Void

    /// `count` deliveries, ids `firstID` on, tag n's times `times(n)`.
    public init(parkedShiftID: Int64, importID: Int64, firstID: Int64, count: Int, times: @escaping (Int) -> (accepted: Int64, end: Int64),
                write: @escaping ([Placement]) throws -> Void, done: @escaping () -> Void = {}) {
        self.parkedShiftID = parkedShiftID
        self.importID = importID
        self.firstID = firstID
        self.times = times
        writer = write
        self.done = done
        written = Array(repeating: false, count: count)
        unwrittenCount = count
        order = (0..<count).map { Int32(truncatingIfNeeded: $0) }
        // A file is most often in time order already: sorted only when it is not.
        let inOrder = zip(order, order.dropFirst()).allSatisfy { times(Int($0.0)).accepted <= times(Int($0.1)).accepted }
        if !inOrder { order.sort { (times(Int($0)).accepted, $0) < (times(Int($1)).accepted, $1) } }
    }

    private func entry(_ tag: Int32) -> Entry {
        let span = times(Int(tag))
        return Entry(accepted: span.accepted, end: max(span.accepted, span.end), tag: tag)
    }

    /// How many are staged and not yet written.
    public var pendingCount: Int { unwrittenCount }

    /// Ends the staging: refused while a staged delivery is unwritten (the parked shift is about
    /// to go, and the row would never be written; a fault of the import's code, never of its file).
    public func finish() throws {
        try writePlaced()
        done()
        guard unwrittenCount == 0 else { throw StagedDeliveriesUnplaced(count: unwrittenCount, importID: importID) }
    }

    func id(of entry: Entry) -> Int64 { firstID + Int64(entry.tag) }

    /// The unwritten entries accepted within `window` (all when nil), by (accepted, id), read
    /// as they are iterated.
    func entries(in window: ClosedRange<Int64>?) -> LazyMapSequence<LazyFilterSequence<ArraySlice<Int32>>, Entry> {
        let low = window.map { bound in firstIndex { times(Int($0)).accepted >= bound.lowerBound } } ?? 0
        let high = window.map { bound in firstIndex { times(Int($0)).accepted > bound.upperBound } } ?? order.count
        return order[low..<high].lazy.filter { !self.written[Int($0)] }.map(entry)
    }

    private func firstIndex(where belongs: (Int32) -> Bool) -> Int {
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if belongs(order[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The tag of delivery `id` when it is staged and not yet written.
    func unwrittenTag(of id: Int64) -> Int? {
        let tag = id - firstID
        guard tag >= 0, tag < Int64(written.count), !written[Int(tag)] else { return nil }
        return Int(tag)
    }

    /// Placements the planner made and not yet written.
    private var placed: [Placement] = []

    /// Notes where the planner put staged deliveries (each is then no longer evidence on the
    /// parked shift); ``writePlaced()`` writes them.
    func place(_ placements: [Placement]) {
        for placement in placements where !written[placement.tag] {
            written[placement.tag] = true
            unwrittenCount -= 1
            placed.append(placement)
        }
    }

    /// Writes the deliveries placed so far, by id. Called by the import after each island's
    /// plan, outside the plan's savepoint: inside it, every page the rows change would be
    /// copied to the savepoint's journal first (memory that grows with the island, and a copy
    /// of each page), where at the transaction's own level nothing is copied.
    public func writePlaced() throws {
        guard !placed.isEmpty else { return }
        placed.sort { $0.id < $1.id }
        try writer(placed)
        placed.removeAll(keepingCapacity: true)
    }
}

/// Staged deliveries the planner gave no shift: the import is rolled back.
public struct StagedDeliveriesUnplaced: Error, Sendable, Equatable, CustomStringConvertible {
    public let count: Int
    public let importID: Int64
    public var description: String { "\(count) deliveries of import \(importID) were given no shift; nothing was written" }
}
