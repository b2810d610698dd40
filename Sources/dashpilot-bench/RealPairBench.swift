import Foundation

/// Group 13 (issue 27): the real Los Angeles Uber download (public files, read where they sit:
/// `../shared/realfiles/uber-2025-la` beside the project, or `BENCH_REALFILES`), the payments
/// file (13,178 lines) and then the trips file (2,021 rows) into a fresh store, through the
/// binary; against SQLite inserting the rows the pair wrote (its floor). Medians of 3. Goal
/// (issue 27): the pair under 5 s together, memory under 64 MB.
func realPairBench() throws {
    let base = ProcessInfo.processInfo.environment["BENCH_REALFILES"]
        ?? FileManager.default.currentDirectoryPath + "/../shared/realfiles/uber-2025-la"
    let payments = base + "/driver_payments-0.csv", trips = base + "/driver_lifetime_trips-0.csv"
    print()
    guard FileManager.default.fileExists(atPath: payments), FileManager.default.fileExists(atPath: trips) else {
        print("13. the real Uber pair: skipped (no \\(base); BENCH_REALFILES names the folder)")
        return
    }
    var pairs: [Double] = [], paymentRuns: [Double] = [], tripRuns: [Double] = [], floors: [Double] = [], peak = 0
    for run in 0..<3 {
        let store = folder + "/real-pair-\(run).sqlite"
        removeStoreFiles(store)
        let options = ["--store", store, "--tz", "America/Los_Angeles", "--quiet", "import", "statement"]
        let first = try launch(dashpilot, options + [payments, "--template", "uber-driver-payments"])
        let firstStatus = lastLaunchStatus
        let second = try launch(dashpilot, options + [trips, "--template", "uber-driver-trips"])
        guard firstStatus == 0, lastLaunchStatus == 0 else {
            print("13. the real Uber pair: refused (exits \(firstStatus), \(lastLaunchStatus)): no figure")
            return
        }
        paymentRuns.append(first.seconds)
        tripRuns.append(second.seconds)
        pairs.append(first.seconds + second.seconds)
        peak = max(peak, first.peakKiB, second.peakKiB)
        notePeak("the real Uber pair", max(first.peakKiB, second.peakKiB))
        floors.append(try sqliteStatementFloor(from: store, store: folder + "/real-pair-floor.sqlite",
                                               tables: ["importRecord", "shift", "pickupPlace", "offer", "delivery", "deliveryLine"]))
        removeStoreFiles(store)
    }
    let pair = median(pairs), floor = median(floors)
    print("13. the real Uber pair (LA, 2025 download): payments then trips into a fresh store, through the binary, medians of 3")
    print(String(format: "   payments %.2f s, trips %.2f s, the pair %.2f s; peak memory %.1f MB (goals: pair < 5 s, < 64 MB)",
                 median(paymentRuns), median(tripRuns), pair, Double(peak) / 1024))
    print(String(format: "   SQLite inserting the rows the pair wrote (shifts, offers, deliveries, money lines): %.3f s; the pair takes %.1fx it",
                 floor, pair / floor))
    record("the real Uber pair (payments + trips)", measured: String(format: "%.2f s, %.0f MB", pair, Double(peak) / 1024),
           goal: "< 5 s, < 64 MB", floor: String(format: "SQLite insert of its rows %.3f s", floor), ratio: ratioText(pair / floor),
           met: pair < 5 && peak < 64 * 1024)
}
