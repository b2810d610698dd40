@testable import DashCLI
import Foundation
import Testing
import TestSupport

/// The import's progress bar: on a terminal's stderr for big files only; never under --quiet or
/// in a pipe.
@Suite struct GPXImportProgressTests {
    /// A valid GPX text of just over `mebibytes` MiB: one track of 1 Hz points, each padded with an
    /// ignored 2 kB description, so that the file is big with few rows to insert.
    static func bigText(mebibytes: Int) -> (text: String, points: Int) {
        let padding = "<desc>" + String(repeating: "padding ", count: 250) + "</desc></trkpt>"
        func padded(_ point: FixturePoint) -> String { String(GPXFixture.line(point).dropLast("</trkpt>".count)) + padding }
        let perPoint = padded(GPXFixture.drive(count: 1)[0]).utf8.count + 4
        let count = (mebibytes << 20) / perPoint * 102 / 100
        var lines = GPXFixture.document(segment: []).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let segment = lines.firstIndex(of: "  <trkseg>") ?? 3
        lines.insert(contentsOf: GPXFixture.drive(count: count).map { "   " + padded($0) }, at: segment + 1)
        return (lines.joined(separator: "\n"), count)
    }

    static let nine = bigText(mebibytes: 9)
    static let seven = bigText(mebibytes: 7)

    static func bigFile(in store: CLIStore, mebibytes: Int = 9) throws -> (path: String, points: Int) {
        let (text, points) = mebibytes == 7 ? seven : nine
        #expect(text.utf8.count > mebibytes << 20)
        #expect(text.utf8.count < (mebibytes + 1) << 20)
        return (try store.file("big.gpx", text), points)
    }

    static func importing(_ path: String, store: CLIStore, terminal: Bool, extra: [String] = []) -> CLIResult {
        runCLI(["--store", store.path, "--tz", "America/Chicago"] + extra + ["import", "gpx", path], stderrIsTerminal: terminal)
    }

    @Test func aBigImportDrawsABarOnATerminal() throws {
        let store = try CLIStore()
        let (path, points) = try Self.bigFile(in: store)
        let result = Self.importing(path, store: store, terminal: true)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stderr.contains("\r"))
        // It moves: more than one percentage is drawn.
        #expect(Set(result.stderr.split(separator: "\r").compactMap { $0.split(separator: "]").last?.split(separator: "%").first }).count > 2)
        #expect(result.stderr.contains("%"))
        #expect(result.stderr.contains("100%"))
        #expect(result.stderr.contains("big.gpx ["))
        // The bar is cleared before the summary is printed.
        #expect(result.stderr.hasSuffix("\r\u{1B}[K"))
        #expect(result.stdout.contains("big.gpx: imported as import 1"))
        #expect(result.stdout.contains("\(points) route samples"))
    }

    @Test func noBarInAPipe() throws {
        let store = try CLIStore()
        let path = try Self.bigFile(in: store).path
        let result = Self.importing(path, store: store, terminal: false)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(!result.stderr.contains("\r"))
        #expect(!result.stderr.contains("%"))
        #expect(result.stdout.contains("big.gpx: imported as import 1"))
    }

    @Test func noBarUnderQuiet() throws {
        let store = try CLIStore()
        let (path, points) = try Self.bigFile(in: store)
        let result = Self.importing(path, store: store, terminal: true, extra: ["--quiet"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout == "")
        #expect(try store.values("SELECT count(*) FROM routeSample") == [[.integer(Int64(points))]])
    }

    @Test func noBarForASmallFile() throws {
        let store = try CLIStore()
        let path = try Self.bigFile(in: store, mebibytes: 7).path
        let result = Self.importing(path, store: store, terminal: true)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test func theBarIsClearedBeforeProblemsAreListed() throws {
        let store = try CLIStore()
        let path = try Self.bigFile(in: store).path
        // Cut the file in its last megabyte: a truncated file, found at the end.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.removeLast(1000)
        try store.file("big.gpx", bytes: bytes)
        let result = Self.importing(path, store: store, terminal: true)
        #expect(result.status == .dataError)
        #expect(result.stderr.contains("%"))
        let pieces = result.stderr.components(separatedBy: "\r\u{1B}[K")
        #expect(pieces.count == 2)
        #expect(pieces.last?.hasPrefix("dashpilot: error: \(path):") == true)
        #expect(pieces.last?.contains("\r") == false)
        #expect(result.stderr.hasSuffix("dashpilot: \(path): nothing imported\n"))
    }
}
