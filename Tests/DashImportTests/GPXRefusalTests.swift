@testable import DashImport
import DashModel
import Foundation
import Testing
import TestSupport

/// Files the reader refuses, each with the line of every problem.
@Suite struct GPXRefusalTests {
    // MARK: - DOCTYPE and entities

    static let doctypes = [
        "<!DOCTYPE gpx>",
        "<!DOCTYPE gpx SYSTEM \"file:///etc/passwd\">",
        "<!DOCTYPE gpx PUBLIC \"-//x//y\" \"http://example.com/gpx.dtd\">",
        "<!DOCTYPE gpx [ <!ENTITY t \"2026-11-02T14:03:07Z\"> ]>",
        "<!DOCTYPE gpx [ <!ENTITY xxe SYSTEM \"file:///etc/hostname\"> ]>",
        "<!DOCTYPE gpx [ <!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"> ]>",
    ]

    static func withDoctype(_ doctype: String) -> String {
        let usesEntity = doctype.contains("ENTITY t") ? "&t;" : doctype.contains("xxe") ? "&xxe;" : doctype.contains("ENTITY c") ? "&c;" : "2026-11-02T14:03:07Z"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            \(doctype)
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
             <trk><trkseg><trkpt lat="1" lon="2"><time>\(usesEntity)</time></trkpt></trkseg></trk>
            </gpx>

            """
    }

    @Test(arguments: doctypes)
    func aDoctypeIsRefusedAtItsLine(doctype: String) throws {
        let reading = try readGPX(Self.withDoctype(doctype))
        #expect(reading.refused)
        #expect(reading.lines == [2])
        #expect(reading.problems.first?.message.contains("DOCTYPE") == true)
        #expect(reading.points.isEmpty)
        #expect(reading.receiver.events.isEmpty)
    }

    @Test(arguments: doctypes)
    func aDoctypeIsRefusedInUTF16Too(doctype: String) throws {
        let text = Self.withDoctype(doctype).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        for bigEndian in [false, true] {
            let bytes = utf16(text, bigEndian: bigEndian)
            // A byte search would not find it.
            #expect(!String(decoding: bytes, as: UTF8.self).contains("DOCTYPE"))
            let reading = try readGPX(bytes)
            #expect(reading.refused)
            #expect(reading.lines == [2])
            #expect(reading.problems.first?.message.contains("DOCTYPE") == true)
            #expect(reading.points.isEmpty)
        }
    }

    @Test func aDoctypeFedByteByByteIsRefused() throws {
        let reading = try readGPX(Self.withDoctype(Self.doctypes[4]), chunkSize: 1)
        #expect(reading.refused)
        #expect(reading.lines == [2])
        #expect(reading.problems.first?.message.contains("DOCTYPE") == true)
    }

    // MARK: - Truncated, empty, not GPX

    static let complete = GPXText.track([
        GPXText.point("1", "2", "2026-11-02T14:03:07Z"),
        GPXText.point("1", "2", "2026-11-02T14:03:08Z"),
        GPXText.point("1", "2", "2026-11-02T14:03:09Z"),
    ])

    @Test func aFileCutInTheMiddleOfAnElementIsRefusedAtItsLastLine() throws {
        // Line 6 is the second point; cut inside its start tag.
        let cut = Self.complete.range(of: "lon=\"2\"><time>2026-11-02T14:03:08Z")
        let prefix = String(Self.complete[..<(try #require(cut)).lowerBound]) + "lo"
        let reading = try readGPX(prefix)
        #expect(reading.refused)
        #expect(reading.lines == [6])
        #expect(reading.problems.count == 1)
        #expect(reading.problems.first?.message.contains("ends") == true)
    }

    @Test func aFileCutInsideATimeIsRefusedAndItsPointIsNotHandedOn() throws {
        let cut = try #require(Self.complete.range(of: "14:03:08Z"))
        let reading = try readGPX(String(Self.complete[..<cut.lowerBound]) + "14:0")
        #expect(reading.refused)
        #expect(reading.lines == [6])
        #expect(reading.points.count <= 1)
    }

    @Test func aFileCutBetweenElementsIsRefusedAtItsLastLine() throws {
        // Ends right after the second point's end tag and its newline: the last line is line 6.
        let cut = try #require(Self.complete.range(of: "14:03:08Z</time></trkpt>\n"))
        let reading = try readGPX(String(Self.complete[..<cut.upperBound]))
        #expect(reading.refused)
        #expect(reading.problems.count == 1)
        #expect(reading.lines == [6])
        #expect(reading.problems.first?.message.contains("ends") == true)
    }

    @Test func aFileCutBeforeTheFinalEndTagIsRefused() throws {
        let cut = try #require(Self.complete.range(of: "</gpx>"))
        let reading = try readGPX(String(Self.complete[..<cut.lowerBound]))
        #expect(reading.refused)
        // The file's last line is line 9, `</trk>`.
        #expect(reading.lines == [9])
        #expect(reading.problems.first?.message.contains("ends") == true)
    }

    @Test func anEmptyFileIsRefused() throws {
        let reading = try readGPX([UInt8]())
        #expect(reading.refused)
        #expect(reading.problems == [GPXProblem(line: 0, message: "the file is empty")])
    }

    @Test(arguments: [[0xEF, 0xBB, 0xBF], Array("\n\n  ".utf8), Array("<?xml version=\"1.0\"?>\n".utf8), [0xFF, 0xFE]] as [[UInt8]])
    func aFileWithNoElementIsRefused(bytes: [UInt8]) throws {
        let reading = try readGPX(bytes)
        #expect(reading.refused)
        #expect(reading.problems.count == 1)
    }

    @Test func aKMLFileIsNotGPX() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
             <Document><Placemark><LineString><coordinates>-93.26,44.97,0</coordinates></LineString></Placemark></Document>
            </kml>

            """
        let reading = try readGPX(text)
        #expect(reading.refused)
        #expect(reading.lines == [2])
        #expect(reading.problems.first?.message.contains("not a GPX file") == true)
        #expect(reading.problems.first?.message.contains("<kml>") == true)
    }

    /// Without a namespace `<gpx>` is read as the version it declares (issue 14: ridewithgps);
    /// with no version, or one that is not 1.0 or 1.1, it is not GPX.
    @Test(arguments: ["", " version=\"2.0\"", " version=\"\""])
    func aGPXElementWithNoNamespaceAndNoKnownVersionIsNotGPX(version: String) throws {
        let text = "<?xml version=\"1.0\"?>\n<gpx\(version)>\n<trk/>\n</gpx>\n"
        let reading = try readGPX(text)
        #expect(reading.refused)
        #expect(reading.lines == [2])
        #expect(reading.problems.first?.message.contains("not a GPX file") == true)
    }

    @Test(arguments: ["1.0", "1.1"])
    func aGPXElementWithNoNamespaceIsReadAsItsDeclaredVersion(version: String) throws {
        let text = "<?xml version=\"1.0\"?>\n<gpx version=\"\(version)\"><trk><trkseg>"
            + "<trkpt lat=\"1\" lon=\"2\"><time>2026-11-02T14:03:07Z</time></trkpt></trkseg></trk>"
            // An element of the GPX namespace inside an unnamespaced file is not the file's.
            + "<trk xmlns=\"urn:other\"><trkseg><trkpt lat=\"3\" lon=\"4\"/></trkseg></trk></gpx>\n"
        let reading = try readGPX(text)
        #expect(!reading.refused, "\(reading.problems)")
        #expect(reading.summary?.version == version)
        #expect(reading.summary?.declaresNoNamespace == true)
        #expect(reading.points.map(\.latitude) == [1])
        // A namespaced file says nothing of it.
        #expect(try readGPX(GPXText.track([GPXText.point("1", "2", "2026-11-02T14:03:07Z")])).summary?.declaresNoNamespace == false)
    }

    @Test(arguments: [
        ("Monday: 14 deliveries, 83 miles\n", 1),
        ("{\"type\": \"FeatureCollection\",\n \"features\": []}\n", 1),
        ("\n\n\nlat,lon,time\n44.97,-93.26,2026-11-02T14:03:07Z\n", 4),
    ])
    func plainTextAndJSONAreRefused(text: String, line: Int) throws {
        let reading = try readGPX(text)
        #expect(reading.refused)
        #expect(reading.problems.count == 1)
        #expect(reading.lines == [line])
        #expect(reading.points.isEmpty)
    }

    @Test func twoRootsAreRefused() throws {
        let reading = try readGPX(Self.complete + "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"/>\n")
        #expect(reading.refused)
        #expect(reading.lines == [11])
    }

    // MARK: - Bad points: every one listed

    /// Untimed points are left out and counted by segment; only a file with no timed point at all
    /// is refused (issue 14: partly timed files).
    @Test func untimedPointsAreLeftOutAndCountedBySegment() throws {
        let reading = try readGPX(GPXText.track([
            GPXText.point("1", "2", "2026-11-02T14:03:07Z"),
            GPXText.point("1", "2", nil, "<ele>5</ele>"),
            GPXText.point("1", "2", "2026-11-02T14:03:09Z"),
            GPXText.point("1", "2", nil),
        ]))
        #expect(!reading.refused)
        #expect(reading.points.map(\.line) == [5, 7])
        #expect(reading.summary?.untimed.total == 2)
        #expect(reading.summary?.untimed.places == [GPXUntimedPoints.Place(track: 1, segment: 1, firstLine: 6, count: 2)])
        #expect(reading.summary?.untimed.placesText == "track 1 segment 1 (2 from line 6)")
        let none = try readGPX(GPXText.track([GPXText.point("1", "2", nil), GPXText.point("1", "2", nil)]))
        #expect(none.problems == [GPXProblem(line: 5, message: "no track point has a time (2 without one): nothing to import")])
    }

    @Test func aPointWithNoCoordinatesIsRefused() throws {
        let reading = try readGPX(GPXText.track([
            "   <trkpt lon=\"2\"><time>2026-11-02T14:03:07Z</time></trkpt>",
            "   <trkpt lat=\"1\"><time>2026-11-02T14:03:08Z</time></trkpt>",
            "   <trkpt><time>2026-11-02T14:03:09Z</time></trkpt>",
        ]))
        #expect(reading.refused)
        #expect(reading.lines == [5, 6, 7])
    }

    @Test(arguments: ["2026-02-30T14:03:07Z", "2026-02-29T14:03:07Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z",
                      "2026-11-02T24:00:00Z", "2026-11-02T23:60:00Z", "2026-11-02T23:59:61Z", "2026-00-10T00:00:00Z"])
    func anImpossibleTimeIsRefused(time: String) throws {
        let reading = try readGPX(GPXText.track([GPXText.point("1", "2", "2026-11-02T14:03:07Z"), GPXText.point("1", "2", time)]))
        #expect(reading.refused)
        #expect(reading.lines == [6])
        #expect(reading.problems.first?.message.contains(time) == true)
        #expect(reading.problems.first?.message.contains("not a real date and time") == true)
    }

    @Test func february29OfALeapYearIsReal() throws {
        let reading = try readGPX(GPXText.track([GPXText.point("1", "2", "2028-02-29T14:03:07Z")]))
        #expect(reading.points.map(\.at) == [try utc(2028, 2, 29, 14, 3, 7)])
    }

    @Test(arguments: ["", "yesterday", "2026-11-02", "2026-11-02T14:03Z", "2026-11-02T14:03:07.Z", "2026-11-02T14:03:07+5:30",
                      "2026-11-02T14:03:07+15:00", "2026-11-02T14:03:07+05:60", "2026-11-02T14:03:07Z junk", "26-11-02T14:03:07Z",
                      "2026-11-02T14:03:07ZZ", "1730556187"])
    func anUnreadableTimeIsRefused(time: String) throws {
        let reading = try readGPX(GPXText.track([GPXText.point("1", "2", time)]))
        #expect(reading.refused)
        #expect(reading.lines == [5])
    }

    @Test func aTimeOnItsOwnLineIsReportedAtThatLine() throws {
        let reading = try readGPX(GPXText.track([
            "   <trkpt lat=\"1\" lon=\"2\">",
            "    <ele>3</ele>",
            "    <time>2026-02-30T10:00:00Z</time>",
            "   </trkpt>",
        ]))
        #expect(reading.refused)
        #expect(reading.lines == [7])
    }

    @Test(arguments: [
        ("91", "0", false), ("-90.0001", "0", false), ("90.0000001", "0", false), ("0", "180", false), ("0", "180.0", false),
        ("0", "-180.0001", false), ("0", "540", false),
        ("90", "0", true), ("-90", "0", true), ("-90.0000", "0", true), ("0", "-180", true), ("0", "179.9999999", true),
        ("+45.5", "-0", true), (" 45.5 ", "\t-93.2\n", true),
    ])
    func coordinatesOutsideTheirRangeAreRefused(latitude: String, longitude: String, accepted: Bool) throws {
        let reading = try readGPX(GPXText.track([GPXText.point(latitude, longitude, "2026-11-02T14:03:07Z")]))
        #expect(reading.refused == !accepted, "\(reading.problems)")
        if accepted {
            #expect(reading.points.count == 1)
            #expect(reading.points.first?.latitude == Double(latitude.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(reading.points.first?.longitude == Double(longitude.trimmingCharacters(in: .whitespacesAndNewlines)))
        } else {
            #expect(reading.lines == [5])
            #expect(reading.points.isEmpty)
        }
    }

    @Test func everyBadCoordinateIsListedWithItsLine() throws {
        let bad = ["NaN", "nan", "inf", "-Infinity", "1e999", "1e2", "0x28.b4p0", "", " ", "1.2.3", "45,5", "--1", "٤٥"]
        var points = [GPXText.point("1", "2", "2026-11-02T14:03:00Z")]
        for (index, text) in bad.enumerated() {
            points.append(GPXText.point(text, "2", "2026-11-02T14:03:\(10 + index)Z"))
            points.append(GPXText.point("1", text, "2026-11-02T14:04:\(10 + index)Z"))
        }
        points.append(GPXText.point("91", "180", "2026-11-02T14:05:00Z"))
        points.append(GPXText.point("1", "2", "2026-11-02T14:05:01Z"))
        let reading = try readGPX(GPXText.track(points))
        #expect(reading.refused)
        // Line 5 is the good first point; then two bad points per text; then a point bad twice.
        let expected = (0..<(2 * bad.count)).map { 6 + $0 } + [6 + 2 * bad.count, 6 + 2 * bad.count]
        #expect(reading.lines == expected)
        for (index, text) in bad.enumerated() {
            // A text with more than three digits could be most of a real position: not shown.
            let shown = text.filter(\.isASCII).filter(\.isNumber).count <= 3 ? "'\(text)'" : "(\(text.utf8.count) characters, not shown)"
            #expect(reading.problems[2 * index].message.contains("latitude \(shown) is not a plain decimal number"))
            #expect(reading.problems[2 * index + 1].message.contains("longitude \(shown) is not a plain decimal number"))
        }
        #expect(reading.problems.suffix(2).map(\.message) == ["latitude 91 is outside [-90, 90]", "longitude 180 is outside [-180, 180)"])
        // Once the file has a problem nothing more is handed on (the first points wait in the
        // look-ahead that decides what <hdop> means, so not even the good first one is).
        #expect(reading.points.isEmpty)
    }

    @Test func badPointsAndBadTimesAreAllListedInDocumentOrder() throws {
        let reading = try readGPX(GPXText.track([
            GPXText.point("1", "2", "2026-02-30T14:03:07Z"),
            GPXText.point("NaN", "2", "2026-11-02T14:03:08Z"),
            GPXText.point("1", "2", nil),
            GPXText.point("1", "2", "2026-11-02T14:03:10Z", "<hdop>x</hdop>"),
            GPXText.point("1", "2", "2026-11-02T14:03:11Z"),
        ]))
        #expect(reading.refused)
        // Line 7 has no time: left out, not a problem.
        #expect(reading.lines == [5, 6, 8])
        #expect(reading.points.isEmpty)
    }

    @Test func problemsAreCappedAtTheLimit() throws {
        let points = (0..<(GPXReader.maxProblems + 20)).map { _ in GPXText.point("NaN", "2", "2026-11-02T14:03:07Z") }
        let reading = try readGPX(GPXText.track(points))
        #expect(reading.refused)
        #expect(reading.problems.count == GPXReader.maxProblems)
        #expect(reading.lines == Array(5..<(5 + GPXReader.maxProblems)))
    }

    @Test func pointProblemsComeBeforeALaterXMLError() throws {
        let text = GPXText.track([GPXText.point("NaN", "2", "2026-11-02T14:03:07Z"), GPXText.point("1", "2", "2026-11-02T14:03:08Z")])
        let cut = try #require(text.range(of: "  </trkseg>"))
        let reading = try readGPX(String(text[..<cut.lowerBound]) + "  </trk>\n")
        #expect(reading.refused)
        #expect(reading.lines == [5, 7])
        #expect(reading.problems.last?.message.contains("not well-formed") == true)
    }
}
