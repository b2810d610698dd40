import Foundation
import Testing
import TestSupport

/// Issue 12, item 6a, through the real binary: one element with 200,000 attributes (4 MB) or
/// 200,000 namespace declarations kept libxml2 busy for half a minute, holding the store's write
/// lock, before any callback could object. Such a tag is refused from the bytes, before the
/// parser sees it (Sources/DashImport/GPXTagLimits.swift): quickly, naming the file and the line,
/// exit 65, nothing written.
@Suite(.serialized) struct HostileGPXLimitsTests {
    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
    static let tail = "<time>2026-11-02T14:00:00Z</time></trkpt>\n</trkseg></trk></gpx>\n"

    /// A file whose line 4 is one `<trkpt>` with `count` extra attributes made by `attribute`.
    static func file(_ count: Int, _ attribute: (Int) -> String) -> String {
        var text = head + "<trkpt lat=\"44.97\" lon=\"-93.27\""
        text.reserveCapacity(count * 24 + 300)
        for index in 0..<count { text += " " + attribute(index) }
        return text + ">" + tail
    }

    static func utf16LE(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// Imports `bytes` into a store holding one shift; the status, stderr and seconds taken,
    /// after checking that nothing was written.
    static func importRefused(_ bytes: [UInt8], name: String) throws -> (status: Int32, stderr: String, seconds: Double, path: String) {
        let folder = try TemporaryDirectory("DashPilotHostileLimits")
        let store = folder.path("store.sqlite")
        let out = folder.path("log")
        let made = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--quiet", "shift", "add", "--start", "2026-11-02T10:30Z",
                                           "--end", "2026-11-02T14:15Z"], output: out)
        try #require(made.status == 0, "\(made.stderr)")
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let clock = ContinuousClock()
        let started = clock.now
        let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "import", "gpx", path], output: out)
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        #expect(result.stdout == "")
        let written = try ProcessHarness.sqlite(store, "SELECT (SELECT count(*) FROM routeSample), (SELECT count(*) FROM importRecord),"
                                                    + " (SELECT count(*) FROM shift)", output: out)
        #expect(written == "0|0|1", "nothing written: \(written)")
        return (result.status, result.stderr, seconds, path)
    }

    @Test func anElementWith200000AttributesIsRefusedInSeconds() throws {
        let text = Self.file(200_000) { "attribute_\(String(1_000_000 + $0).dropFirst())=\"x\"" }
        #expect(text.utf8.count > 4_000_000)
        let result = try Self.importRefused(Array(text.utf8), name: "attributes.gpx")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("dashpilot: error: \(result.path):4: an element has more than 64 attributes"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("dashpilot: \(result.path): nothing imported\n"), "\(result.stderr)")
        // It took 7 to 31 s before (libxml2's duplicate check); generous for a debug build.
        #expect(result.seconds < 5, "took \(result.seconds) s")
    }

    @Test func anElementWith200000NamespaceDeclarationsIsRefusedInSeconds() throws {
        let text = Self.file(200_000) { "xmlns:n\($0)=\"u:\($0)\"" }
        let result = try Self.importRefused(Array(text.utf8), name: "namespaces.gpx")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("dashpilot: error: \(result.path):4: an element has more than 32 namespace declarations"),
                "\(result.stderr)")
        #expect(result.seconds < 5, "took \(result.seconds) s")
    }

    /// The bytes are scanned in the file's own code units: UTF-16 does not hide the attributes.
    @Test func theSameAttackInUTF16IsRefusedToo() throws {
        let text = Self.file(200_000) { "a\($0)=\"x\"" }.replacingOccurrences(of: "UTF-8", with: "UTF-16")
        let result = try Self.importRefused(Self.utf16LE(text), name: "attributes16.gpx")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("\(result.path):4: an element has more than 64 attributes"), "\(result.stderr)")
        #expect(result.seconds < 5, "took \(result.seconds) s")
    }

    /// A declared encoding in which markup is other bytes (UTF-7 here: `<` is `+ADw-`) would hide
    /// the tag from the scan: it is refused at the declaration (issue 12, review: 8 s before).
    @Test func anEncodingThatHidesMarkupIsRefused() throws {
        let body = Self.file(200_000) { "a\($0)=\"x\"" }.dropFirst(Self.head.prefix(while: { $0 != "\n" }).count)
        let hidden = body.replacingOccurrences(of: "<", with: "+ADw-").replacingOccurrences(of: ">", with: "+AD4-")
        let text = "<?xml version=\"1.0\" encoding=\"UTF-7\"?>" + hidden
        let result = try Self.importRefused(Array(text.utf8), name: "utf7.gpx")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("\(result.path):1: the XML declaration names an encoding other than"), "\(result.stderr)")
        #expect(result.seconds < 5, "took \(result.seconds) s")
    }
}
