import Foundation
import Testing
import TestSupport

/// No write of any command reaches a damaged store: the first write of a process runs
/// quick_check (a reviewer saw `expense add` and `shift add` write past a garbage page).
@Suite struct DamagedStoreWriteTests {
    @Test func oneRowWritesRefuseADamagedStore() throws {
        let folder = try TemporaryDirectory("DashPilotDamagedWrite")
        let store = folder.path("s.sqlite")
        let out = folder.path("log")
        let base = [ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"]
        let made = try ProcessHarness.run(base + ["import", "gpx", Fixtures.packageRoot + "/SampleData/gpx/2026-11-05-dinner.gpx"], output: out)
        try #require(made.status == 0, "\(made.stderr)")
        _ = try ProcessHarness.run(["/usr/bin/sqlite3", store, "PRAGMA wal_checkpoint(TRUNCATE)"], output: out)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let pages = bytes.count / 4096
        try #require(pages > 8)
        // Garbage over a page in the middle (a route page, which one-row writes never touch).
        let page = pages / 2
        for index in (page * 4096)..<((page + 1) * 4096) { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        try bytes.write(to: URL(fileURLWithPath: store))
        for words in [["expense", "add", "--date", "2026-11-03", "--amount", "5", "--category", "fuel"],
                      ["shift", "add", "--start", "2026-11-20T10:00", "--end", "2026-11-20T11:00"]] {
            let result = try ProcessHarness.run(base + words, output: out)
            #expect(result.status == 1, "\(words): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("damaged") && result.stderr.contains(store), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes, "\(words) wrote to the damaged store")
        }
    }
}
