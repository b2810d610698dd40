@testable import DashCLI
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// A GPX track point for the fixtures: where and when, and the accuracy the file gives.
struct FixturePoint {
    var latitude: Double
    var longitude: Double
    var at: Instant
    var hdop: Double? = nil
}

/// GPX files written by the tests, inline.
enum GPXFixture {
    /// 2026-11-02T14:00:00Z (08:00 in Chicago), a Monday well before the CLI tests' fixed clock.
    static let base = Instant(millisecondsSinceEpoch: 1_793_628_000_000)

    static func at(_ seconds: Int) -> Instant { base.adding(milliseconds: Int64(seconds) * 1000) }

    /// `2026-11-02T14:00:05Z`, or the same instant with another offset.
    static func time(_ instant: Instant, offsetSeconds: Int = 0) -> String {
        CivilTime(instant: instant, offsetSeconds: offsetSeconds).iso8601(offsetSeconds: offsetSeconds)
    }

    static func coordinate(_ value: Double) -> String { String(format: "%.9f", value) }

    static func line(_ point: FixturePoint) -> String {
        "<trkpt lat=\"\(coordinate(point.latitude))\" lon=\"\(coordinate(point.longitude))\"><time>\(time(point.at))</time>"
            + (point.hdop.map { "<hdop>\($0)</hdop><pdop>\($0)</pdop>" } ?? "") + "</trkpt>"
    }

    /// A GPX 1.1 file: tracks of segments of points, one element per line.
    static func document(_ tracks: [[[FixturePoint]]], creator: String = "DashPilot tests") -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<gpx version=\"1.1\" creator=\"\(creator)\" xmlns=\"http://www.topografix.com/GPX/1/1\">"]
        for track in tracks {
            lines.append(" <trk>")
            for segment in track {
                lines.append("  <trkseg>")
                lines += segment.map { "   " + line($0) }
                lines.append("  </trkseg>")
            }
            lines.append(" </trk>")
        }
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func document(segment: [FixturePoint], creator: String = "DashPilot tests") -> String { document([[segment]], creator: creator) }

    /// `count` points one second apart from `start` seconds after ``base``, heading north from
    /// (44.97, -93.27) by about 5 m a second.
    static func drive(count: Int, start: Int = 0, latitude: Double = 44.97, longitude: Double = -93.27) -> [FixturePoint] {
        (0..<count).map { FixturePoint(latitude: latitude + Double($0) * 0.000045, longitude: longitude, at: at(start + $0)) }
    }
}

/// A text line `[ID, FILE, ...]` split on runs of spaces.
func columns(_ line: Substring) -> [String] { line.split(separator: " ").map(String.init) }

extension CLIStore {
    /// Writes `text` (or `bytes`) to a file of this store's folder and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String { try file(name, bytes: Array(text.utf8)) }

    @discardableResult
    func file(_ name: String, bytes: [UInt8]) throws -> String {
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Creates the store, empty.
    func createEmpty() throws { _ = try Store.open(at: path, create: true) }

    /// The store opened directly, for reading what a command wrote.
    func direct() throws -> Store { try Store.open(at: path, create: false) }

    /// Every row of every table.
    func dump() throws -> [String] { try dumpRecord(try direct()) }

    func importGPX(_ paths: String...) -> CLIResult { run(words: ["import", "gpx"] + paths) }

    /// One column of one table, in id order.
    func values(_ sql: String) throws -> [[SQLValue]] {
        try direct().connection.query(sql).map(\.values)
    }
}

/// Runs the command line in-process like ``runCLI(_:input:terminal:environment:systemZone:)``, with
/// a console whose standard error is (or is not) a terminal.
func runCLI(_ words: [String], stderrIsTerminal: Bool) -> CLIResult {
    let captured = Captured(input: [])
    let console = Console(out: { captured.out($0) }, err: { captured.err($0) }, readLine: { nil },
                          stdinIsTerminal: false, stderrIsTerminal: stderrIsTerminal)
    let context = CLIContext(console: console, environment: [:], now: { fixedNow },
                             systemZone: TimeZone(identifier: "UTC") ?? .current)
    let status = DashPilotCLI.run(words, context: context)
    return CLIResult(status: status, stdout: captured.stdout, stderr: captured.stderr)
}

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
