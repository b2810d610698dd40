import DashImport
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

/// `BENCH_FOLDER=PATH` keeps the stores and files there for a profiler; otherwise a temporary
/// folder, removed at the end.
let keptFolder = ProcessInfo.processInfo.environment["BENCH_FOLDER"]
let folder = keptFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("dashpilot-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { if keptFolder == nil { try? FileManager.default.removeItem(atPath: folder) } }

print("DashPilot benchmarks (release build, on-disk store in \(folder), WAL, synchronous=FULL)")
print("route: \(positionsPerShift) positions per 8-hour shift, written in batches of \(batch) in one transaction")
print()

/// `BENCH_ONLY=6` (or `1,2`) runs only those groups: 1, 2 (route writes), 4 (GPX import and
/// mileage), 6 (statement import), 9 (vehicle distance, issue 15), 10 (the doubling series, issue 18).
let only = Set((ProcessInfo.processInfo.environment["BENCH_ONLY"] ?? "").split(separator: ",").compactMap { Int($0) })
func wanted(_ group: Int) -> Bool { only.isEmpty || only.contains(group) }

// 1. One shift into an empty store: flat cost from the first to the 28,800th position.
if wanted(1) {
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
if wanted(2) {
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

// MARK: - GPX import (issue 3)

/// Runs a program; returns its wall time, its standard output and its own peak RSS in KiB.
func launch(_ executable: String, _ arguments: [String]) throws -> (seconds: Double, output: String, peakKiB: Int) {
    let outputPath = folder + "/launch-output.txt"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let clock = ContinuousClock()
    let t0 = clock.now
    var pid = pid_t()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
        throw NSError(domain: "bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable)"])
    }
    // The child's own high-water mark, read from /proc while it runs: wait4's ru_maxrss would
    // include this process's memory, which a spawned child shares until it execs.
    var status: Int32 = 0
    var peak = 0
    while true {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
            peak = max(peak, kib)
        }
        if waitpid(pid, &status, WNOHANG) == pid { break }
        usleep(5_000)
    }
    let elapsed = seconds(clock.now - t0)
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    lastLaunchStatus = (status >> 8) & 0xFF
    return (elapsed, output, peak)
}

/// The exit status of the last ``launch(_:_:)``: a benchmark of a refused import measures nothing.
nonisolated(unsafe) var lastLaunchStatus: Int32 = 0

func which(_ name: String) -> String? {
    for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
        return folder + "/" + name
    }
    return nil
}

let binFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let dashpilot = binFolder + "/dashpilot"
let generator = binFolder + "/dashpilot-gpxgen"
print()
if !wanted(4) {
} else if FileManager.default.isExecutableFile(atPath: dashpilot), FileManager.default.isExecutableFile(atPath: generator) {
    let gpxFolder = folder + "/gpx"
    try FileManager.default.createDirectory(atPath: gpxFolder + "/year", withIntermediateDirectories: true)
    _ = try launch(generator, ["--out", gpxFolder, "--one-shift-hours", "8", "--name", "shift8.gpx"])
    let shiftFile = gpxFolder + "/shift8.gpx"
    let shiftBytes = (try? FileManager.default.attributesOfItem(atPath: shiftFile)[.size] as? Int) ?? 0

    // 4a. One 8-hour file, end to end (process start, store open, read, parse, filter, insert, commit).
    var runs: [Double] = []
    var oneRun = (seconds: 0.0, output: "", peakKiB: 0)
    for round in 0..<5 {
        let store = folder + "/gpx-one-\(round).sqlite"
        oneRun = try launch(dashpilot, ["--store", store, "--quiet", "import", "gpx", shiftFile])
        runs.append(oneRun.seconds)
    }
    let oneRate = Double(positionsPerShift) / median(runs)
    print("4. GPX import, end to end through the dashpilot binary (read, parse, filter, insert, commit)")
    print(String(format: "   one 8-hour file (28,800 points, %.1f MB): median %.3f s = %.0f points/s (goal: >= 300,000)",
                 Double(shiftBytes) / 1e6, median(runs), oneRate))

    // 4d. Over a store holding that file (each round's store of 4a): the same file again (the
    // second entirely duplicates), a longer export of it (10 hours, the first 8 the same
    // instants), then undoing the 8-hour import (its instants pass to the longer export's).
    _ = try launch(generator, ["--out", gpxFolder, "--one-shift-hours", "10", "--name", "shift10.gpx"])
    var again: [Double] = [], longer: [Double] = [], undo: [Double] = []
    var longerPeak = 0, undoPeak = 0
    for round in 0..<5 {
        let store = folder + "/gpx-one-\(round).sqlite"
        again.append(try launch(dashpilot, ["--store", store, "--quiet", "import", "gpx", shiftFile]).seconds)
        let long = try launch(dashpilot, ["--store", store, "--quiet", "import", "gpx", gpxFolder + "/shift10.gpx"])
        longer.append(long.seconds)
        longerPeak = max(longerPeak, long.peakKiB)
        let undone = try launch(dashpilot, ["--store", store, "--quiet", "imports", "undo", "1"])
        undo.append(undone.seconds)
        undoPeak = max(undoPeak, undone.peakKiB)
    }
    print(String(format: "   the same 8-hour file again: median %.3f s; a 10-hour export holding it (36,000 points): median %.3f s, peak %.1f MB; "
                 + "undoing the 8-hour import then: median %.3f s, peak %.1f MB",
                 median(again), median(longer), Double(longerPeak) / 1024, median(undo), Double(undoPeak) / 1024))

    // 4b. Reference parsers on the same file, in the same run.
    if let gpsbabel = which("gpsbabel") {
        let times = try (0..<3).map { _ in try launch(gpsbabel, ["-i", "gpx", "-f", shiftFile, "-o", "unicsv", "-F", "/dev/null"]).seconds }
        let rate = Double(positionsPerShift) / median(times)
        print(String(format: "   GPSBabel, GPX to CSV: %.0f points/s; dashpilot import is %.1fx faster", rate, oneRate / rate))
    } else {
        print("   GPSBabel: not installed (make bench installs it as root)")
    }
    if let python = which("python3") {
        let script = "import sys,time\ntry:\n import gpxpy\nexcept ImportError:\n print('none'); sys.exit()\nt=time.time()\ng=gpxpy.parse(open(sys.argv[1]))\nn=sum(len(s.points) for k in g.tracks for s in k.segments)\nprint(n/(time.time()-t))"
        let output = try launch(python, ["-c", script, shiftFile]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        if let rate = Double(output) {
            print(String(format: "   gpxpy, parse only: %.0f points/s; dashpilot import is %.1fx faster", rate, oneRate / rate))
        } else {
            print("   gpxpy: not installed (make bench installs python3-gpxpy as root)")
        }
    }

    // 4c. A year: 250 files in one command, each its own transaction.
    let years = ProcessInfo.processInfo.environment["BENCH_YEAR_SHIFTS"].flatMap { Int($0) } ?? 250
    _ = try launch(generator, ["--out", gpxFolder + "/year", "--year"])
    let yearFiles = try FileManager.default.contentsOfDirectory(atPath: gpxFolder + "/year").filter { $0.hasSuffix(".gpx") }.sorted()
        .prefix(years).map { gpxFolder + "/year/" + $0 }
    let yearStore = folder + "/gpx-year.sqlite"
    let year = try launch(dashpilot, ["--store", yearStore, "--quiet", "import", "gpx"] + yearFiles)
    let bigFile = gpxFolder + "/big.gpx"
    _ = try launch(generator, ["--out", gpxFolder, "--bytes", "256MiB", "--name", "big.gpx"])
    // The generator's endless shift runs for weeks: a made shift lasts at most 16 hours (docs/record.md),
    // so it goes on a shift entered by hand, as a driver who logged for weeks would (ending after
    // today's clock: --allow-future, issue 17).
    _ = try launch(dashpilot, ["--store", folder + "/gpx-big.sqlite", "--tz", "America/Chicago", "--quiet", "shift", "add",
                               "--start", "2026-11-02T07:00", "--end", "2027-06-01T00:00", "--allow-future"])
    let big = try launch(dashpilot, ["--store", folder + "/gpx-big.sqlite", "--quiet", "import", "gpx", bigFile])
    let bigStatus = lastLaunchStatus
    try? FileManager.default.removeItem(atPath: bigFile)
    let yearPoints = yearFiles.count * positionsPerShift
    print(String(format: "   a year, %d files, %d points: %.1f s = %.0f points/s (goal: under 30 s)", yearFiles.count, yearPoints,
                 year.seconds, Double(yearPoints) / year.seconds))
    print(String(format: "   peak memory: %.1f MB importing one 8-hour file, %.1f MB the year, %.1f MB one 256 MiB file in %.1f s (goal: under 64 MB whatever the size)",
                 Double(oneRun.peakKiB) / 1024, Double(year.peakKiB) / 1024, Double(big.peakKiB) / 1024, big.seconds))
    if bigStatus != 0 { print("   the 256 MiB import FAILED (exit \(bigStatus)): the figure above is not an import's") }

    // 5. Mileage from the stored route, in-process.
    let store = try Store.open(at: yearStore, create: false)
    let shifts = try store.shifts().map(\.id)
    let clock = ContinuousClock()
    var single: [Double] = []
    for id in shifts.prefix(20) {
        let t0 = clock.now
        _ = try store.recordedMeters(shiftID: id)
        single.append(seconds(clock.now - t0))
    }
    let t0 = clock.now
    var metres = 0.0
    for id in shifts { metres += try store.recordedMeters(shiftID: id) }
    let all = seconds(clock.now - t0)
    print()
    print("5. mileage measured from the stored route")
    print(String(format: "   one 8-hour shift: median %.1f ms (goal: under 20 ms)", median(single) * 1000))
    print(String(format: "   all %d shifts of the year: %.2f s, %.0f miles (goal: under 3 s)", shifts.count, all, MileageMeter.miles(metres)))
} else {
    print("4-5. GPX import and mileage: build the dashpilot and dashpilot-gpxgen products first (make bench does)")
}

// MARK: - Statement import (issue 4)

if wanted(6), FileManager.default.isExecutableFile(atPath: dashpilot) {
    // 100,000 delivery rows over 250 days, 400 a day two minutes apart, in the delivery-log shape.
    let csvPath = folder + "/deliveries.csv"
    var text = "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n"
    text.reserveCapacity(7_000_000)

    var seed: UInt64 = 42
    func next() -> UInt64 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return seed >> 33
    }
    var rows = 0
    var day = CivilTime.days(year: 2026, month: 1, day: 5)
    while rows < 100_000 {
        let date = CivilTime.civil(fromDays: day)
        let dateText = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
        for index in 0..<400 where rows < 100_000 {
            let minute = 8 * 60 + index * 2
            let pay = 300 + Int(next() % 1200)
            let tip = Int(next() % UInt64(pay / 2 + 1))
            text += "\(dateText),\(String(format: "%02d:%02d", minute / 60, minute % 60)),\(String(format: "%02d:%02d", (minute + 1) / 60, (minute + 1) % 60)),"
                + "DoorDash,\(pay / 100).\(String(format: "%02d", pay % 100)),\(tip / 100).\(String(format: "%02d", tip % 100)),Place \(next() % 50)\n"
            rows += 1
        }
        day += 1
    }
    try text.write(toFile: csvPath, atomically: true, encoding: .utf8)
    // Three runs, each into a fresh store: the machine's noise is a few tenths of a second.
    var runs: [(seconds: Double, output: String, peakKiB: Int)] = []
    for run in 0..<3 {
        let store = folder + "/statement-\(run).sqlite"
        runs.append(try launch(dashpilot, ["--store", store, "--tz", "America/Chicago", "--quiet",
                                           "import", "statement", csvPath, "--template", "delivery-log", "--create-shifts"]))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
    }
    print()
    print("6. statement import: 100,000 delivery rows (delivery-log, --create-shifts), end to end through the binary")
    print(String(format: "   median %.2f s of 3 (%@), peak memory %.1f MB (goals: under 2 s, under 64 MB)",
                 median(runs.map(\.seconds)), runs.map { String(format: "%.2f", $0.seconds) }.joined(separator: ", "),
                 Double(runs.map(\.peakKiB).max() ?? 0) / 1024))
    var csvOnly: [Double] = []
    for _ in 0..<3 {
        let clock = ContinuousClock()
        let t0 = clock.now
        var reader = CSVReader()
        var count = 0
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { reader.feed($0) { _ in count += 1 } }
        try reader.finish { _ in count += 1 }
        csvOnly.append(seconds(clock.now - t0))
    }
    print(String(format: "   the CSV reader alone: %.3f s (median of 3)", median(csvOnly)))
    if let python = which("python3") {
        let script = "import csv,sys,time\nt=time.time()\nn=sum(1 for _ in csv.reader(open(sys.argv[1], newline='')))\nprint(time.time()-t)"
        if let pythonSeconds = Double(try launch(python, ["-c", script, csvPath]).output.trimmingCharacters(in: .whitespacesAndNewlines)) {
            print(String(format: "   Python's csv module reading the same file: %.3f s (the CSV reader is %.1fx its speed;"
                         + " the whole import takes %.0fx its time)",
                         pythonSeconds, pythonSeconds / median(csvOnly), median(runs.map(\.seconds)) / pythonSeconds))
        }
    }
}

// MARK: - Report (issue 5)

if wanted(7), FileManager.default.isExecutableFile(atPath: dashpilot) {
    // A year: 250 eight-hour shifts of 2026 with 1 Hz routes (7.2 million samples), 20
    // deliveries each (5,000), earnings on 9 shifts in 10, fuel on 3 in 4, 300 expenses.
    let path = folder + "/report-year.sqlite"
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let clock = ContinuousClock()
    let began = clock.now
    do {
        let store = try Store.open(at: path, create: true)
        let newYear = Instant(secondsSinceEpoch: 1_767_276_000)  // 2026-01-01T14:00:00Z
        for index in 0..<250 {
            let start = newYear.adding(milliseconds: Int64(index * 365 / 250) * 86_400_000)
            let positions = try route(start: start)
            try store.write {
                let id = try store.createCompletedShift(start: start, end: start.adding(milliseconds: Int64(positionsPerShift) * 1000),
                                                        pauses: [try Interval(start: start.adding(milliseconds: 4 * 3_600_000),
                                                                              end: start.adding(milliseconds: 4 * 3_600_000 + 1_800_000))])
                let writer = try store.beginCapture(shiftID: id, startedAt: start, source: "bench")
                var offset = 0
                while offset < positions.count {
                    try writer.append(positions[offset..<min(offset + batch, positions.count)])
                    offset += batch
                }
                writer.finish()
                for n in 0..<20 {
                    let accepted = start.adding(milliseconds: Int64(n) * 1_400_000 + 60_000)
                    try store.acceptOffer(shiftID: id, at: accepted, platform: n % 3 == 0 ? "Uber" : "DoorDash",
                                          deliveries: [NewDelivery(deliveredAt: accepted.adding(milliseconds: 1_200_000),
                                                                   ownAmount: try PaidAmount(Money(units: Int64(50_000 + n * 1_000)),
                                                                                             tips: Money(units: 20_000)))])
                }
                if index % 10 != 0 {
                    try store.setEarnings(id, try PaidAmount(Money(units: Int64(1_500_000 + index * 1_234)), tips: Money(units: 400_000)))
                }
                if index % 4 != 0 {
                    try store.setFuel(id, try FuelAssumption(milesPerGallon: Money(units: 275_000), pricePerGallon: Money(units: 34_590)))
                }
            }
        }
        try store.write {
            for n in 0..<300 {
                _ = try store.addExpense(at: newYear.adding(milliseconds: Int64(n) * 105_000_000), amount: Money(units: Int64(10_000 + n * 137)),
                                         category: ["fuel", "parking", "tolls", "phone", "supplies"][n % 5])
            }
        }
    }
    print()
    print(String(format: "7. report over a year (250 shifts, 7.2 million samples, 5,000 deliveries, 300 expenses; built in %.0f s)",
                 seconds(clock.now - began)))
    for (label, words, goal) in [("12 months, a row per month", ["--range", "2026", "--period", "month"], "under 3 s"),
                                 ("one month (June)", ["--range", "2026-06"], "under 0.3 s")] {
        var runs: [(seconds: Double, output: String, peakKiB: Int)] = []
        for _ in 0..<3 {
            runs.append(try launch(dashpilot, ["--store", path, "--tz", "America/Chicago", "report"] + words + ["--format", "csv"]))
        }
        print(String(format: "   %@: median %.2f s of 3 (%@), peak memory %.1f MB (goals: %@, under 64 MB)", label,
                      median(runs.map(\.seconds)), runs.map { String(format: "%.2f", $0.seconds) }.joined(separator: ", "),
                      Double(runs.map(\.peakKiB).max() ?? 0) / 1024, goal))
    }
    // The floor: one scan of every sample in C through SQLite, as the issue measures it.
    let sqlite3 = which("sqlite3")
    if let sqlite3 {
        let scan = try launch(sqlite3, [path, "SELECT count(*), sum(latitude), sum(longitude) FROM routeSample"])
        print(String(format: "   sqlite3 scanning every sample (count and two sums): %.2f s", scan.seconds))
    }
}

// MARK: - Export (issue 6)

if wanted(8), FileManager.default.isExecutableFile(atPath: dashpilot) {
    // The year of group 7 (run it in the same bench, or keep it with BENCH_FOLDER).
    let path = folder + "/report-year.sqlite"
    if !FileManager.default.fileExists(atPath: path) {
        print()
        print("8. export: needs the year store of group 7 (BENCH_ONLY=7,8)")
    } else {
        let base = ["--store", path, "--tz", "America/Chicago", "--quiet"]
        let span = ["--range", "2026", "--period", "month"]
        func measure(_ words: [String], clean: String? = nil) throws -> (median: Double, runs: [Double], peakKiB: Int) {
            var runs: [(seconds: Double, output: String, peakKiB: Int)] = []
            for _ in 0..<3 {
                if let clean { try? FileManager.default.removeItem(atPath: clean) }
                runs.append(try launch(dashpilot, base + words))
            }
            return (median(runs.map(\.seconds)), runs.map(\.seconds), runs.map(\.peakKiB).max() ?? 0)
        }
        let report = try measure(["report"] + span + ["--format", "csv"])
        let csv = try measure(["export"] + span + ["--format", "csv", "--out", folder + "/export-csv"], clean: folder + "/export-csv")
        let xlsx = try measure(["export"] + span + ["--format", "xlsx", "--out", folder + "/export.xlsx"], clean: folder + "/export.xlsx")
        let xlsxBytes = (try? FileManager.default.attributesOfItem(atPath: folder + "/export.xlsx")[.size] as? Int) ?? 0
        // The tax summary reads the same facts (issue 16): it should cost what the report does.
        let tax = try measure(["tax", "--year", "2026", "--format", "csv"])
        print()
        print("8. export of the year (12 months; 250 shifts, 5,000 deliveries, 300 expenses), through the binary, medians of 3")
        print(String(format: "   the report alone (csv to stdout): %.2f s", report.median))
        print(String(format: "   tax --year (the summary, both methods): %.2f s, ratio to the report %.2f, peak %.1f MB",
                     tax.median, tax.median / report.median, Double(tax.peakKiB) / 1024))
        print(String(format: "   export csv (ten files, the tax summary's four among them): %.2f s, %.2f s beyond the report, peak %.1f MB (goals: under 2 s beyond, under 64 MB)",
                     csv.median, csv.median - report.median, Double(csv.peakKiB) / 1024))
        print(String(format: "   export xlsx (%.0f KB): %.2f s, %.2f s beyond the report, peak %.1f MB (goals: under 2 s beyond, under 64 MB)",
                     Double(xlsxBytes) / 1024, xlsx.median, xlsx.median - report.median, Double(xlsx.peakKiB) / 1024))
    }
}

// MARK: - Vehicle distance (issue 15)

if wanted(9) { vehicleBench() }

// MARK: - Doubling (issue 18)

if wanted(10), FileManager.default.isExecutableFile(atPath: dashpilot) { try doublingBench() }
