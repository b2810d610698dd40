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

    @Test func theSampleWeeksImportAsTheirReadmeCounts() throws {
        let files = Self.files
        try #require(files.count == 7)
        let store = try CLIStore()
        let result = store.run(words: ["import", "gpx"] + files)
        #expect(result.status == .success, "\(result.stderr)")
        // README: 34,814 points in 13 segments; 14 non-increasing times, 8 jumps, 13 inaccurate.
        let direct = try Store.open(at: store.path, create: false)
        let counts = Dictionary(uniqueKeysWithValues: try direct.counts().tables.map { ($0.name, $0.rows) })
        #expect(counts["routeSample"] == 34_814 - 14 - 8 - 13)
        #expect(counts["captureSession"] == 13)
        #expect(counts["shift"] == 7)
        #expect(counts["importRecord"] == 7)
        let rejected = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  rejected:") }
        #expect(rejected.count == 7)
        #expect(try direct.structuralFaults().isEmpty)

        // Deleting a shift forgets the import that only it held; the file then imports again.
        let first = try #require(try direct.shifts().first)
        #expect(store.run("shift", "delete", String(first.id), "--yes").status == .success)
        #expect(try direct.imports().count == 6)
        let again = store.run(words: ["import", "gpx", files[0]])
        #expect(again.stdout.contains("imported as import"), "\(again.stdout)")
    }
}
