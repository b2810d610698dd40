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
