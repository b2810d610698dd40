import DashStore
import Foundation
import Testing
import TestSupport

/// The committed sample tracks (`SampleData/gpx`, written by dashpilot-gpxgen, whose README
/// counts what each file holds) import as their README says, and a deleted shift's file can be
/// imported again.
@Suite struct GPXSampleDataTests {
    static var files: [String] {
        let folder = Fixtures.packageRoot + "/SampleData/gpx"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".gpx") }.sorted()
            .map { folder + "/" + $0 }
    }

    /// From the generator's README table: per file, points, segments and the four kinds of
    /// rejectable fix (equal time, earlier time, jump, inaccurate).
    static func readmeCounts() throws -> (files: Int, points: Int, segments: Int, rejectable: Int) {
        let text = try String(contentsOfFile: Fixtures.packageRoot + "/SampleData/gpx/README.md", encoding: .utf8)
        var files = 0, points = 0, segments = 0, rejectable = 0
        for line in text.split(separator: "\n") where line.hasPrefix("| `") && line.contains(".gpx") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // file, writer, local time, points, segments, waypoints, t=, t<, jumps, inaccurate, km, bytes
            guard cells.count >= 10, let p = Int(cells[3]), let s = Int(cells[4]),
                  let a = Int(cells[6]), let b = Int(cells[7]), let c = Int(cells[8]), let d = Int(cells[9]) else { continue }
            files += 1
            points += p
            segments += s
            // OsmAnd writes whole seconds: its equal-time fix, a few metres off, is a same-second
            // burst, which the filter keeps (docs/gpx.md, "The acceptance filter").
            rejectable += (cells[1].hasPrefix("OsmAnd") ? 0 : a) + b + c + d
        }
        return (files, points, segments, rejectable)
    }

    @Test func theSampleWeeksImportAsTheirReadmeCounts() throws {
        let files = Self.files
        let expected = try Self.readmeCounts()
        try #require(files.count == expected.files && files.count >= 7)
        let store = try CLIStore()
        let result = store.run(words: ["import", "gpx"] + files)
        #expect(result.status == .success, "\(result.stderr)")
        let direct = try Store.open(at: store.path, create: false)
        let counts = Dictionary(uniqueKeysWithValues: try direct.counts().tables.map { ($0.name, $0.rows) })
        #expect(counts["routeSample"] == expected.points - expected.rejectable)
        #expect(counts["captureSession"] == expected.segments)
        #expect(counts["shift"] == files.count)
        #expect(counts["importRecord"] == files.count)
        let rejected = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  rejected:") }
        #expect(rejected.count == files.count)
        #expect(try direct.structuralFaults().isEmpty)

        // Deleting a shift forgets the import that only it held; the file then imports again.
        let first = try #require(try direct.shifts().first)
        #expect(store.run("shift", "delete", String(first.id), "--yes").status == .success)
        #expect(try direct.imports().count == files.count - 1)
        let again = store.run(words: ["import", "gpx", files[0]])
        #expect(again.stdout.contains("imported as import"), "\(again.stdout)")
    }
}
