import DashModel
import DashStore
import Foundation

/// Group 11 (issue 18, "Scale"; opt-in: `BENCH_ONLY=11` or `BENCH_SCALE=1`, it writes about
/// 2.5 GB): a store of four years written in-process (2022-2025, YearStore.swift), then the
/// generator's year of GPX (2026, 250 files) imported as its fifth year through the binary,
/// batch by batch, each batch interleaved with the same files imported into a store of its own
/// as a first year. Then the year's report over each store, and the first write's guard on the
/// five years: the full checks (no stamp) against the stamp (Sources/DashStore/VerifiedStamp.swift).
func scaleBench() throws {
    let five = folder + "/scale-five.sqlite", one = folder + "/scale-one.sqlite"
    for path in [five, one] {
        removeStoreFiles(path)
    }
    let clock = ContinuousClock()
    let began = clock.now
    // With BENCH_FOLDER kept, the four years are kept too (scale-four.sqlite, about 1.8 GB) and
    // BENCH_SCALE_REUSE=1 copies them instead of writing them again (about 4 minutes here).
    let four = folder + "/scale-four.sqlite"
    if ProcessInfo.processInfo.environment["BENCH_SCALE_REUSE"] == "1", FileManager.default.fileExists(atPath: four) {
        try FileManager.default.copyItem(atPath: four, toPath: five)
    } else {
        do {
            let store = try Store.open(at: five, create: true)
            for year in 2022...2025 { try buildYear(store, newYear: newYearInstant(year)) }
        }
        if keptFolder != nil {
            try? FileManager.default.removeItem(atPath: four)
            try FileManager.default.copyItem(atPath: five, toPath: four)
        }
    }
    let built = seconds(clock.now - began)
    // One write before the measured imports: a copied store is another inode, its first write
    // checks in full (VerifiedStamp.swift); the batches below then find their stamp.
    _ = try launch(dashpilot, ["--store", five, "--tz", "America/Chicago", "--quiet", "expense", "add", "--date", "2025-12-31", "--amount", "1",
                               "--category", "tolls"])
    let gpxFolder = folder + "/gpx-scale"
    try FileManager.default.createDirectory(atPath: gpxFolder, withIntermediateDirectories: true)
    _ = try launch(generator, ["--out", gpxFolder, "--year"])
    let files = try FileManager.default.contentsOfDirectory(atPath: gpxFolder).filter { $0.hasSuffix(".gpx") }.sorted().map { gpxFolder + "/" + $0 }
    print()
    print(String(format: "11. scale: four years written in-process (or copied) in %.0f s (1,000 shifts, 28.8 M samples, %.0f MB), then 2026's %d GPX files as the fifth year",
                 built, fileMB(five), files.count))

    // The fifth year's import per point against the first year's: batches of 50 files, each
    // into the five-year store and into the one-year store, in alternating order.
    var firstYear: [Double] = [], fifthYear: [Double] = []
    let batches = stride(from: 0, to: files.count, by: 50).map { Array(files[$0..<min($0 + 50, files.count)]) }
    for (index, batch) in batches.enumerated() {
        let points = Double(batch.count * positionsPerShift)
        func into(_ store: String, _ label: String) throws -> Double {
            let run = try launch(dashpilot, ["--store", store, "--quiet", "import", "gpx"] + batch)
            if lastLaunchStatus != 0 { print("   import into \(store) FAILED (exit \(lastLaunchStatus))") }
            notePeak(label, run.peakKiB)
            return run.seconds / points * 1e6
        }
        if index % 2 == 0 {
            firstYear.append(try into(one, "scale: first year's GPX"))
            fifthYear.append(try into(five, "scale: fifth year's GPX"))
        } else {
            fifthYear.append(try into(five, "scale: fifth year's GPX"))
            firstYear.append(try into(one, "scale: first year's GPX"))
        }
    }
    func list(_ values: [Double], _ format: String = "%.2f") -> String { values.map { String(format: format, $0) }.joined(separator: ", ") }
    let importRatio = median(fifthYear) / median(firstYear)
    print(String(format: "   GPX import, us/point by batch of 50 files: first year %@ (median %.2f), fifth year %@ (median %.2f); ratio %.2f (goal: within 1.2)",
                 list(firstYear), median(firstYear), list(fifthYear), median(fifthYear), importRatio))
    record("scale: fifth year's GPX import per point", measured: String(format: "%.2f us/point", median(fifthYear)), goal: "ratio <= 1.2",
           floor: String(format: "first year %.2f us/point", median(firstYear)), ratio: ratioText(importRatio), met: importRatio <= 1.2)

    // The year's report over each: the same 2026 in both stores.
    var reportOne: [Double] = [], reportFive: [Double] = []
    let words = ["--tz", "America/Chicago", "report", "--range", "2026", "--period", "month", "--format", "csv"]
    for round in 0..<5 {
        let order = round % 2 == 0 ? [one, five] : [five, one]
        for store in order {
            let run = try launch(dashpilot, ["--store", store] + words)
            notePeak("scale: 12-month report", run.peakKiB)
            if store == one { reportOne.append(run.seconds) } else { reportFive.append(run.seconds) }
        }
    }
    let reportRatio = median(reportFive) / median(reportOne)
    print(String(format: "   12-month report of 2026: over the one-year store %@ s (median %.2f), over the five-year store (%.0f MB) %@ s (median %.2f); ratio %.2f (goal: within 1.2)",
                 list(reportOne), median(reportOne), fileMB(five), list(reportFive), median(reportFive), reportRatio))
    record("scale: fifth year's report", measured: String(format: "%.2f s", median(reportFive)), goal: "ratio <= 1.2",
           floor: String(format: "first year's %.2f s", median(reportOne)), ratio: ratioText(reportRatio), met: reportRatio <= 1.2)
    try guardBench(five)
}

/// The first write on the five-year store: `expense add` with no stamp (integrity_check and
/// foreign_key_check run), then again with the stamp its first run left (they are skipped);
/// sqlite3's quick_check and the full checks alone beside them. Warm cache: the store was just written.
func guardBench(_ five: String) throws {
    var full: [Double] = [], stamped: [Double] = [], trusted: [Bool] = []
    let add = ["--store", five, "--tz", "America/Chicago", "--quiet", "expense", "add", "--date", "2026-12-20", "--amount", "3", "--category", "tolls"]
    for _ in 0..<3 {
        VerifiedStamp.remove(store: five)
        full.append(try launch(dashpilot, add).seconds)
        let before = VerifiedStamp.read(store: five)?.sessionsSince
        stamped.append(try launch(dashpilot, add).seconds)
        trusted.append(before != nil && VerifiedStamp.read(store: five)?.sessionsSince == (before ?? 0) + 1)
    }
    var quick: [Double] = [], checks: [Double] = []
    if let sqlite3 = which("sqlite3") {
        for _ in 0..<3 {
            quick.append(try launch(sqlite3, [five, "PRAGMA quick_check"]).seconds)
            checks.append(try launch(sqlite3, [five, "PRAGMA integrity_check(3); SELECT count(*) FROM pragma_foreign_key_check"]).seconds)
        }
    }
    func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
    print(String(format: "   the first write (expense add) on the five-year store (%.0f MB): full checks %@ s (median %.2f); with the stamp %@ s (median %.3f), trusted %@",
                 fileMB(five), list(full), median(full), list(stamped), median(stamped), trusted.map { $0 ? "yes" : "NO" }.joined(separator: ", ")))
    if !quick.isEmpty {
        print(String(format: "   sqlite3 alone: quick_check %@ s (median %.2f); integrity_check + foreign_key_check %@ s (median %.2f)",
                     list(quick), median(quick), list(checks), median(checks)))
    }
    record("scale: first write's guard, five years", measured: String(format: "%.3f s", median(stamped)), goal: "< 2 s, refusing damage",
           floor: String(format: "full checks %.2f s; quick_check %.2f s", median(full), median(quick)),
           ratio: ratioText(median(stamped) / median(full)), met: median(stamped) < 2 && trusted.allSatisfy { $0 })
}

func fileMB(_ path: String) -> Double { Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6 }
