@testable import DashCLI
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Logging gaps through the binary (docs/mileage.md): two segments of one shift 20 minutes apart
/// (within the split gap, so one shift) show 20 minutes unlogged in `shift show` and shifts.csv.
@Suite struct LoggingGapCLITests {
    @Test func minutesBetweenSegmentsAreShownAsUnlogged() throws {
        let store = try CLIStore()
        func segment(from: Int, count: Int) -> [FixturePoint] {
            (0..<count).map { FixturePoint(latitude: 41.88 + Double(from + $0) * 0.00005, longitude: -87.63, at: GPXFixture.at(from + $0 * 5)) }
        }
        // 0-295 s, then 1,495-1,790 s: a 1,200 s gap.
        let path = store.folder.path("two.gpx")
        try Data(GPXFixture.document([[segment(from: 0, count: 60), segment(from: 1495, count: 60)]]).utf8).write(to: URL(fileURLWithPath: path))
        let imported = store.run("import", "gpx", path)
        #expect(imported.status == .success, "\(imported.stderr)")
        let show = store.run("shift", "show", "1")
        #expect(show.stdout.contains("  unlogged:  0.33 h between route segments"), "\(show.stdout)")
        let out = store.folder.path("shifts.csv")
        #expect(store.run("export", "--range", "2026-11", "--format", "csv", "--table", "shifts", "--out", out).status == .success)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\r\n")
        #expect(lines.first?.hasSuffix(",platforms,unlogged_hours") == true)
        #expect(lines.dropFirst().first?.hasSuffix(",0.33") == true, "\(lines)")
    }
}

/// `shift remeasure` through the command line (docs/mileage.md, "History does not move"): a
/// shift measured by geodesic-1 (an older store's) keeps its miles until remeasured, then prints
/// both figures; `--all` finds nothing left.
@Suite struct RemeasureCLITests {
    @Test func remeasureSaysBeforeAndAfter() throws {
        let store = try CLIStore()
        let imported = store.run("import", "gpx", Fixtures.packageRoot + "/SampleData/gpx/2026-11-05-dinner.gpx")
        #expect(imported.status == .success, "\(imported.stderr)")
        let vehicle = store.run("shift", "show", "1").stdout
        try store.direct().connection.run("UPDATE captureSession SET measureMethod = 'geodesic-1'")
        let older = store.run("shift", "show", "1").stdout
        #expect(older != vehicle, "an older method's miles are its own")
        let moved = store.run("shift", "remeasure", "--all")
        #expect(moved.status == .success)
        #expect(moved.stdout.hasPrefix("shift 1: ") && moved.stdout.contains(" miles before, ")
                && moved.stdout.contains(" miles by vehicle-1 (2 capture sessions moved)"), "\(moved.stdout)")
        #expect(store.run("shift", "show", "1").stdout == vehicle)
        #expect(store.run("shift", "remeasure", "--all").stdout == "every shift is measured by the current method (vehicle-1)\n")
        #expect(store.run("shift", "remeasure", "1").stdout.contains("already measured by vehicle-1"))
        #expect(store.run("shift", "remeasure", "9").status != .success)
    }
}

/// The mileage log adds up as printed (issue 16): each shift's miles to the hundredth, and the
/// total row is the sum of those rows, in the CSV as in the report's own figures.
@Suite struct MileageLogTotalTests {
    @Test func theTotalIsTheSumOfTheRows() throws {
        let store = try CLIStore()
        let gpx = ["2026-11-05-dinner.gpx", "2026-11-06-dinner.gpx", "2026-11-07-dinner.gpx", "2026-11-13-lunch.gpx"]
        #expect(store.run(words: ["import", "gpx"] + gpx.map { Fixtures.packageRoot + "/SampleData/gpx/" + $0 }).status == .success)
        let out = store.folder.path("log.csv")
        #expect(store.run("export", "--range", "2026-11", "--format", "csv", "--table", "mileage_log", "--out", out).status == .success)
        let rows = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let miles = try #require(rows.first?.firstIndex(of: "miles"))
        let shifts = rows.dropFirst().filter { $0.first != "total" }
        #expect(shifts.count == 4)
        // Each row to the hundredth (printed with four places: the last two are zeros).
        let hundredths = shifts.compactMap { Int(($0[miles].replacingOccurrences(of: ".", with: ""))) }.map { $0 / 100 }
        #expect(shifts.allSatisfy { $0[miles].hasSuffix("00") })
        let total = try #require(rows.last { $0.first == "total" })
        #expect(Int(total[miles].replacingOccurrences(of: ".", with: "")).map { $0 / 100 } == hundredths.reduce(0, +))
    }
}
