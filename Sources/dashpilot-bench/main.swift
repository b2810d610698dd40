import DashModel
import DashStore
import Foundation
import SQLiteKit

// Benchmarks for `make bench`: route writing and shift deletion on an on-disk store.
// Figures are medians; ratios compare measurements taken in the same run, so the machine's
// noise (up to 28% between runs here) largely cancels. Results go to stdout.

let positionsPerShift = 28_800  // 8 hours at 1 Hz
let shiftsInBigStore = Int(ProcessInfo.processInfo.environment["BENCH_SHIFTS"] ?? "") ?? 250
let batch = 100

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// An 8-hour drive starting at `start`, wandering around Chicago.
func route(start: Instant) throws -> [Position] {
    var positions: [Position] = []
    positions.reserveCapacity(positionsPerShift)
    for i in 0..<positionsPerShift {
        let t = Double(i)
        positions.append(try Position(at: start.adding(milliseconds: Int64(i) * 1000),
                                      latitude: 41.88 + 0.02 * sin(t / 900), longitude: -87.63 + 0.03 * cos(t / 700),
                                      horizontalAccuracy: 5 + Double(i % 7)))
    }
    return positions
}

struct ShiftWrite {
    var total: Double
    var perBatch: [Double]  // seconds per `batch` positions
}

/// Records one 8-hour shift with its route in one transaction; times each batch.
func writeShift(_ store: Store, index: Int) throws -> ShiftWrite {
    let start = Instant(secondsSinceEpoch: 1_788_000_000 + Int64(index) * 86_400)
    let positions = try route(start: start)
    let clock = ContinuousClock()
    var perBatch: [Double] = []
    let began = clock.now
    try store.write {
        let id = try store.createCompletedShift(start: start, end: start.adding(milliseconds: Int64(positionsPerShift) * 1000))
        let writer = try store.beginCapture(shiftID: id, startedAt: start, source: "bench")
        var offset = 0
        while offset < positions.count {
            let slice = positions[offset..<min(offset + batch, positions.count)]
            let t0 = clock.now
            try writer.append(slice)
            perBatch.append(seconds(clock.now - t0))
            offset += batch
        }
        writer.finish()
    }
    return ShiftWrite(total: seconds(clock.now - began), perBatch: perBatch)
}

func microsPerPosition(_ batches: ArraySlice<Double>) -> Double { median(Array(batches)) / Double(batch) * 1e6 }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dashpilot-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

print("DashPilot benchmarks (release build, on-disk store in \(folder), WAL, synchronous=FULL)")
print("route: \(positionsPerShift) positions per 8-hour shift, written in batches of \(batch) in one transaction")
print()

// 1. One shift into an empty store: flat cost from the first to the 28,800th position.
do {
    let store = try Store.open(at: folder + "/one.sqlite", create: true)
    var runs: [ShiftWrite] = []
    for index in 0..<5 { runs.append(try writeShift(store, index: index)) }
    let first = runs.map { microsPerPosition($0.perBatch.prefix(10)) }
    let last = runs.map { microsPerPosition($0.perBatch.suffix(10)) }
    let rates = runs.map { Double(positionsPerShift) / $0.total }
    print("1. one 8-hour shift (5 runs, medians)")
    print(String(format: "   first 1,000 positions: %.2f us/position", median(first)))
    print(String(format: "   last 1,000 positions:  %.2f us/position", median(last)))
    print(String(format: "   ratio last/first:      %.2f (goal: flat, within 1.5)", median(zip(last, first).map { $0 / $1 })))
    print(String(format: "   whole shift incl. commit: %.0f positions/s (goal: >= 300,000)", median(rates)))
    print()
}

// 2. The 250th shift of a store that already holds 249, against the first shift of an empty
// store. After the fill, each round writes one shift into a fresh empty store and then one into
// the big store, so both are measured under the same conditions (the kernel still writing back
// the fill, other load) and the noise falls on both alike.
do {
    let store = try Store.open(at: folder + "/big.sqlite", create: true)
    if let cache = ProcessInfo.processInfo.environment["BENCH_CACHE_KIB"] { try store.connection.execute("PRAGMA cache_size = -\(cache)") }
    let clock = ContinuousClock()
    let began = clock.now
    for index in 0..<(shiftsInBigStore - 5) { _ = try writeShift(store, index: index) }
    let fill = seconds(clock.now - began)
    var empty: [Double] = []
    var full: [Double] = []
    for round in 0..<5 {
        let fresh = try Store.open(at: folder + "/fresh-\(round).sqlite", create: true)
        empty.append(microsPerPosition(try writeShift(fresh, index: 0).perBatch[...]))
        full.append(microsPerPosition(try writeShift(store, index: shiftsInBigStore - 5 + round).perBatch[...]))
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/big.sqlite")[.size] as? Int) ?? 0
    print("2. a store of \(shiftsInBigStore) shifts, \(shiftsInBigStore * positionsPerShift) positions (\(size / 1_000_000) MB)")
    print(String(format: "   fill: %.1f s for %d shifts, %.0f positions/s including commits", fill, shiftsInBigStore - 5,
                 Double((shiftsInBigStore - 5) * positionsPerShift) / fill))
    print(String(format: "   first shift of an empty store:  %.2f us/position (median of 5)", median(empty)))
    print(String(format: "   shifts %d-%d of the big store: %.2f us/position (median of 5, interleaved)",
                 shiftsInBigStore - 4, shiftsInBigStore, median(full)))
    print(String(format: "   ratio big/empty: %.2f (goal: flat)", median(full) / median(empty)))
    print()

    // 3. Deleting a shift with an 8-hour route, from the big store.
    var deletes: [Double] = []
    let ids = try store.shifts().map(\.id)
    for id in ids.suffix(5) {
        let t0 = clock.now
        try store.deleteCompletedShift(id)
        deletes.append(seconds(clock.now - t0))
    }
    print("3. deleting a shift with an 8-hour route (5 deletes from the big store)")
    print(String(format: "   median %.3f s, max %.3f s (goal: under 0.5 s)", median(deletes), deletes.max() ?? .nan))
}
