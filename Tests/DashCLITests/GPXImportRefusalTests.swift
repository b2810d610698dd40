@testable import DashCLI
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// Every refused file exits 65, lists each problem as `FILE:LINE: reason`, says nothing was
/// imported, and leaves the store exactly as it was.
@Suite struct GPXImportRefusalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        /// The line of each problem, in order; 0 for a problem of the whole file (no line).
        var lines: [Int]
        /// Words the first problem's message holds.
        var says: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, lines: [Int], says: String) {
            self.init(name, bytes: Array(text.utf8), lines: lines, says: says)
        }

        init(_ name: String, bytes: [UInt8], lines: [Int], says: String) {
            self.name = name
            self.bytes = bytes
            self.lines = lines
            self.says = says
        }
    }

    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    static let root = "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"

    /// Lines 1-2 the head, 3 `<trk><trkseg>`, then one point a line from line 4, then the end.
    static func file(_ points: [String], head: String = head) -> String {
        head + root + "<trk><trkseg>\n" + points.map { $0 + "\n" }.joined() + "</trkseg></trk>\n</gpx>\n"
    }

    static func point(_ latitude: String, _ longitude: String, _ time: String? = "2026-11-02T14:00:00Z") -> String {
        "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\">" + (time.map { "<time>\($0)</time>" } ?? "") + "</trkpt>"
    }

    static let good = point("44.97", "-93.27")
    static let complete = file([good, point("44.9701", "-93.27", "2026-11-02T14:00:01Z"), point("44.9702", "-93.27", "2026-11-02T14:00:02Z")])

    static func utf16LE(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static var refusals: [Case] {
        let cutInside = complete.components(separatedBy: "14:00:01Z")[0] + "14:0"
        let cutBetween = complete.components(separatedBy: "</trkseg>")[0]
        return [
            Case("DOCTYPE", head + "<!DOCTYPE gpx [ <!ENTITY xxe SYSTEM \"file:///etc/passwd\"> ]>\n" + root + "<trk/>\n</gpx>\n",
                 lines: [2], says: "DOCTYPE"),
            Case("DOCTYPE in UTF-16", bytes: utf16LE("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<!DOCTYPE gpx>\n" + root + "<trk/>\n</gpx>\n"),
                 lines: [2], says: "DOCTYPE"),
            Case("truncated inside an element", cutInside, lines: [5], says: "ends"),
            Case("truncated between elements", cutBetween, lines: [6], says: "ends"),
            Case("KML", head + "<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n<Document/>\n</kml>\n", lines: [2], says: "not a GPX file"),
            Case("plain text", "14 deliveries, 83 miles\n", lines: [1], says: "not well-formed"),
            Case("JSON", "{\"type\": \"FeatureCollection\", \"features\": []}\n", lines: [1], says: "not well-formed"),
            Case("empty", bytes: [], lines: [0], says: "the file is empty"),
            Case("no point with a time", file([point("44.9701", "-93.27", nil), point("44.9702", "-93.27", nil)]), lines: [4],
                 says: "no track point has a time (2 without one)"),
            Case("February 30", file([good, point("44.9701", "-93.27", "2026-02-30T14:00:01Z")]), lines: [5], says: "not a real date and time"),
            Case("latitude 91", file([good, point("91", "-93.27")]), lines: [5], says: "latitude 91 is outside [-90, 90]"),
            Case("latitude -90.0001", file([good, point("-90.0001", "-93.27")]), lines: [5], says: "latitude (8 characters, not shown) is outside [-90, 90]"),
            Case("longitude 180", file([good, point("44.97", "180")]), lines: [5], says: "longitude 180 is outside [-180, 180)"),
            Case("coordinates that are not plain decimals",
                 file([good, point("NaN", "-93.27"), point("44.97", "inf"), point("1e999", "-93.27"), point("44.97", "1e2"),
                       point("0x28.b4p0", "-93.27"), point("", "-93.27"), good]),
                 lines: [5, 6, 7, 8, 9, 10], says: "latitude 'NaN' is not a plain decimal number"),
        ]
    }

    /// A store holding one hand-made shift on another day, so "unchanged" is not "empty".
    static func store() throws -> CLIStore {
        let store = try CLIStore()
        #expect(store.run("shift", "add", "--start", "2026-10-05T09:00", "--end", "2026-10-05T12:00").status == .success)
        return store
    }

    @Test(arguments: refusals)
    func aRefusedFileWritesNothing(refusal: Case) throws {
        let store = try Self.store()
        let path = try store.file("track.gpx", bytes: refusal.bytes)
        let before = try store.dump()
        let result = store.importGPX(path)
        #expect(result.status == .dataError)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "")
        #expect(lines.dropLast().last == "dashpilot: \(path): nothing imported")
        let errors = lines.filter { $0.hasPrefix("dashpilot: error: ") }
        #expect(errors.count == refusal.lines.count, "\(result.stderr)")
        #expect(errors.count == lines.count - 2, "every line but the last is an error: \(result.stderr)")
        for (error, line) in zip(errors, refusal.lines) {
            #expect(error.hasPrefix("dashpilot: error: \(path):" + (line > 0 ? "\(line): " : " ")), "\(error)")
        }
        #expect(errors.first?.contains(refusal.says) == true, "\(result.stderr)")
        #expect(try store.dump() == before)
        #expect(store.run("imports").stdout == "no imports\n")
    }

    @Test(arguments: refusals)
    func aRefusedFileIsRefusedInADryRunToo(refusal: Case) throws {
        let store = try Self.store()
        let path = try store.file("track.gpx", bytes: refusal.bytes)
        let before = try store.dump()
        let result = store.run(words: ["import", "gpx", path, "--dry-run"])
        #expect(result.status == .dataError)
        #expect(result.stderr.hasSuffix("dashpilot: \(path): nothing imported\n"))
        #expect(try store.dump() == before)
    }

    @Test func everyBadPointIsListedNotJustTheFirst() throws {
        let store = try Self.store()
        let refusal = try #require(Self.refusals.first { $0.name.hasPrefix("coordinates") })
        let path = try store.file("bad.gpx", bytes: refusal.bytes)
        let result = store.importGPX(path)
        #expect(result.stderr.contains("\(path):5: latitude 'NaN' is not a plain decimal number"))
        #expect(result.stderr.contains("\(path):6: longitude 'inf' is not a plain decimal number"))
        #expect(result.stderr.contains("\(path):7: latitude (5 characters, not shown) is not a plain decimal number"))
        #expect(result.stderr.contains("\(path):8: longitude '1e2' is not a plain decimal number"))
        #expect(result.stderr.contains("\(path):9: latitude (9 characters, not shown) is not a plain decimal number"))
        #expect(result.stderr.contains("\(path):10: latitude '' is not a plain decimal number"))
    }

    @Test func longitudeMinus180IsAccepted() throws {
        let store = try Self.store()
        let path = try store.file("edge.gpx", Self.file([Self.point("-90", "-180"), Self.point("90", "179.999999", "2026-11-02T14:00:30Z"),
                                                         Self.point("-90", "-179.99999", "2026-11-02T14:01:00Z")]))
        let result = store.importGPX(path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(try store.values("SELECT latitude, longitude FROM routeSample ORDER BY id") == [[.real(-90), .real(-180)], [.real(-90), .real(-179.99999)]])
        // The second point, at the other pole, is a jump the filter rejects.
        #expect(result.stdout.contains("implausible jump: 1"))
    }

    @Test func tooManyProblemsSaySoAndStillWriteNothing() throws {
        let store = try Self.store()
        let points = [Self.good] + (0..<80).map { _ in Self.point("NaN", "1") }
        let path = try store.file("many.gpx", Self.file(points))
        let before = try store.dump()
        let result = store.importGPX(path)
        #expect(result.status == .dataError)
        #expect(result.stderr.components(separatedBy: "dashpilot: error: ").count - 1 == 50)
        #expect(result.stderr.contains("dashpilot: \(path): more problems not listed\n"))
        #expect(result.stderr.hasSuffix("dashpilot: \(path): nothing imported\n"))
        #expect(try store.dump() == before)
    }

    @Test func aMissingFileExitsSixtySix() throws {
        let store = try Self.store()
        let before = try store.dump()
        let missing = store.folder.path("no-such.gpx")
        let result = store.importGPX(missing)
        #expect(result.status == .noInput)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("dashpilot: error: \(missing): "))
        #expect(result.stderr.contains("No such file"))
        #expect(try store.dump() == before)
        // A folder is no file either.
        let folder = store.importGPX(store.folder.path)
        #expect(folder.status == .noInput)
        #expect(folder.stderr.contains("is a folder"))
        #expect(try store.dump() == before)
    }

    @Test func aMissingFileAmongGoodOnesStillExitsSixtySix() throws {
        let store = try Self.store()
        let good = try store.file("good.gpx", Self.complete)
        let result = store.importGPX(store.folder.path("no-such.gpx"), good)
        #expect(result.status == .noInput)
        #expect(result.stdout.contains("good.gpx: imported as import"))
        #expect(try store.values("SELECT count(*) FROM routeSample") == [[.integer(3)]])
    }
}
