import Foundation
import Testing
import TestSupport

/// Nothing the tool writes to stderr (what cron mails and logs keep) holds a position, and no
/// amount appears there unless the command was about that amount (a refusal naming the figures
/// in conflict, as an import must).
@Suite struct PrivacyTests {
    /// Text like 41.8781 or -87.62: a coordinate's shape.
    static func positions(in text: String) -> [String] {
        var found: [String] = []
        let chars = Array(text)
        var index = 0
        while index < chars.count {
            guard chars[index].isNumber else { index += 1; continue }
            var end = index
            while end < chars.count, chars[end].isNumber { end += 1 }
            if end + 3 < chars.count, chars[end] == ".", chars[end + 1].isNumber, chars[end + 2].isNumber, chars[end + 3].isNumber {
                var stop = end + 1
                while stop < chars.count, chars[stop].isNumber { stop += 1 }
                found.append(String(chars[index..<stop]))
                index = stop
            } else {
                index = end
            }
        }
        return found
    }

    @Test func aBadCoordinateThatLooksLikeAPlaceIsNotEchoed() throws {
        let store = try CLIStore()
        let file = store.folder.path("bad.gpx")
        try Data("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="41.8781x" lon="-87.6298"><time>2026-11-02T14:03:07Z</time></trkpt>
            <trkpt lat="41.8790" lon="-87,6301"><time>2026-11-02T14:03:08Z</time></trkpt>
            </trkseg></trk></gpx>

            """.utf8).write(to: URL(fileURLWithPath: file))
        let result = store.run("import", "gpx", file)
        #expect(result.status == .dataError)
        #expect(result.stderr.contains(":3: latitude (8 characters, not shown) is not a plain decimal number"), "\(result.stderr)")
        #expect(result.stderr.contains(":4: longitude (8 characters, not shown)"), "\(result.stderr)")
        #expect(!result.stderr.contains("41.87") && !result.stderr.contains("87.6"), "\(result.stderr)")
    }

    /// Imports, reports and exports of the sample data say nothing on stderr that has a
    /// position's shape; with --quiet they say nothing at all.
    @Test func theSampleDataLeavesNoPositionOnStderr() throws {
        let store = try CLIStore()
        let gpx = try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot + "/SampleData/gpx").filter { $0.hasSuffix(".gpx") }
            .sorted().map { Fixtures.packageRoot + "/SampleData/gpx/" + $0 }
        var stderr = ""
        for words in [["import", "gpx"] + gpx, ["report", "--range", "2026-11"], ["export", "--range", "2026-11", "--format", "text", "--out", "-"],
                      ["shifts"], ["check"]] {
            let result = store.run(words: words)
            #expect(result.status == .success, "\(words): \(result.stderr)")
            stderr += result.stderr
            let quiet = runCLI(["--store", store.path, "--tz", "America/Chicago", "--quiet"] + words.map { $0 == "gpx" ? "gpx" : $0 })
            if words[0] != "import" { #expect(quiet.stderr.isEmpty, "\(words) --quiet: \(quiet.stderr)") }
        }
        #expect(Self.positions(in: stderr).isEmpty, "\(Self.positions(in: stderr))")
    }
}
