@testable import DashImport
import Foundation
import Testing

/// The per-element limits on attributes and namespace declarations (GPXTagLimits.swift): real
/// files, and every shape of markup the scan must not miscount, still read; a tag one past a
/// limit is refused at its line, however the file is chunked and encoded.
@Suite struct GPXTagLimitsTests {
    /// Garmin's root element: eight namespace declarations, a schemaLocation, creator and version.
    static let garmin = """
        <?xml version="1.0" encoding="UTF-8" standalone="no" ?>
        <gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3" \
        xmlns:wptx1="http://www.garmin.com/xmlschemas/WaypointExtension/v1" \
        xmlns:gpxtrx="http://www.garmin.com/xmlschemas/GpxExtensions/v3" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" \
        xmlns:gpxpx="http://www.garmin.com/xmlschemas/PowerExtension/v1" \
        xmlns:trp="http://www.garmin.com/xmlschemas/TripExtensions/v1" \
        xmlns:adv="http://www.garmin.com/xmlschemas/AdventuresExtensions/v1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" creator="Garmin Connect" version="1.1" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/11.xsd \
        http://www.garmin.com/xmlschemas/GpxExtensions/v3 http://www8.garmin.com/xmlschemas/GpxExtensionsv3.xsd">
          <metadata><link href="connect.garmin.com"><text>Garmin Connect</text></link><time>2026-11-02T14:00:00.000Z</time></metadata>
          <trk><name>Delivery</name><type>driving</type><trkseg>
            <trkpt lat="44.97" lon="-93.27"><ele>250.0</ele><time>2026-11-02T14:00:00.000Z</time>
              <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
            <trkpt lat="44.9701" lon="-93.27"><ele>250.2</ele><time>2026-11-02T14:00:01.000Z</time></trkpt>
          </trkseg></trk>
        </gpx>

        """

    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"

    /// A file whose line 4 is one point with `extra` more attributes (after lat and lon) and
    /// `namespaces` declarations; lines 2-3 may be replaced by `between`.
    static func file(extra: Int, namespaces: Int = 0, between: String = "<trk><trkseg>") -> String {
        let attributes = (0..<extra).map { " a\($0)='\($0)'" }.joined() + (0..<namespaces).map { " xmlns:n\($0)=\"u:\($0)\"" }.joined()
        return head + between + "\n<trkpt lat=\"44.97\" lon=\"-93.27\"" + attributes + "><time>2026-11-02T14:00:00Z</time></trkpt>\n"
            + "</trkseg></trk></gpx>\n"
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + text.utf16.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    @Test(arguments: [1, 7, 1 << 16])
    func garminsRootWithItsNamespacesStillReads(chunkSize: Int) throws {
        let reading = try readGPX(Self.garmin, chunkSize: chunkSize)
        #expect(reading.problems == [])
        #expect(reading.points.count == 2)
        #expect(reading.summary?.creator == "Garmin Connect")
    }

    @Test(arguments: [1, 5, 1 << 16])
    func exactlyAtTheLimitsReads(chunkSize: Int) throws {
        // lat and lon are two of the 64.
        let text = Self.file(extra: GPXTagLimits.maxAttributes - 2, namespaces: GPXTagLimits.maxNamespaces)
        let reading = try readGPX(text, chunkSize: chunkSize)
        #expect(reading.problems == [])
        #expect(reading.points.count == 1)
    }

    @Test(arguments: [1, 5, 1 << 16])
    func onePastALimitIsRefusedAtItsLine(chunkSize: Int) throws {
        let attributes = try readGPX(Self.file(extra: GPXTagLimits.maxAttributes - 1), chunkSize: chunkSize)
        #expect(attributes.refused)
        #expect(attributes.problems.map(\.description) == ["4: an element has more than 64 attributes (the limit; GPX writers use a few)"])
        let namespaces = try readGPX(Self.file(extra: 0, namespaces: GPXTagLimits.maxNamespaces + 1), chunkSize: chunkSize)
        #expect(namespaces.problems.map(\.description)
                    == ["4: an element has more than 32 namespace declarations (the limit; GPX writers use a few)"])
    }

    /// `=` and `>` where they are not attribute syntax: in values, comments, CDATA, processing
    /// instructions and text. None is counted, and the tags after them still are.
    @Test func equalsSignsOutsideTagsAreNotCounted() throws {
        let many = String(repeating: "a=\"1\" ", count: 100)
        let between = "<!-- " + many + "> - -> --><?pi " + many + "> ? ?><trk><name><![CDATA[<x " + many + "> ]] ]>]]>"
            + many + "</name><trkseg " + "xmlnsx='1' xmlns:x=\"1\" >"
        let values = (0..<30).map { " v\($0)=\"a=b > c 'd=e'\"" }.joined()
        let text = Self.file(extra: 0, between: between).replacingOccurrences(of: "lon=\"-93.27\"", with: "lon=\"-93.27\"" + values)
        for chunkSize in [1, 3, 1 << 16] {
            let reading = try readGPX(text, chunkSize: chunkSize)
            #expect(reading.problems == [], "chunks of \(chunkSize)")
            #expect(reading.points.count == 1)
        }
        // And the counting still runs after all of them.
        let refused = try readGPX(text.replacingOccurrences(of: values, with: values + values + values))
        #expect(refused.problems.map(\.line) == [4])
    }

    /// Names that only look like namespace declarations are attributes, and spaces around `=`
    /// are allowed.
    @Test func namespaceDeclarationsAreToldApartByName() throws {
        let declarations = (0..<40).map { " xmlns:n\($0) = 'u:\($0)'" }.joined()
        let lookalikes = (0..<63).map { " xmlnsn\($0) =\n'\($0)'" }.joined()
        let namespaces = try readGPX(Self.file(extra: 0).replacingOccurrences(of: "lon=\"-93.27\"", with: "lon=\"-93.27\"" + declarations))
        #expect(namespaces.problems.map(\.message).first?.contains("namespace declarations") == true)
        let attributes = try readGPX(Self.file(extra: 0).replacingOccurrences(of: "lon=\"-93.27\"", with: "lon=\"-93.27\"" + lookalikes))
        // The lookalikes are attributes: 65 with lat and lon, one past that limit (and far past
        // the namespaces' one, had they been counted as namespaces).
        #expect(attributes.problems.map(\.message).first?.contains("more than 64 attributes") == true, "\(attributes.problems)")
    }

    @Test(arguments: [false, true])
    func utf16IsScannedInItsOwnUnits(bigEndian: Bool) throws {
        let fine = Self.file(extra: 62).replacingOccurrences(of: "UTF-8", with: "UTF-16")
        #expect(try readGPX(Self.utf16(fine, bigEndian: bigEndian), chunkSize: 3).problems == [])
        let refused = Self.file(extra: 63).replacingOccurrences(of: "UTF-8", with: "UTF-16")
        #expect(try readGPX(Self.utf16(refused, bigEndian: bigEndian), chunkSize: 3).problems.map(\.line) == [4])
    }

    /// The scan cannot read EBCDIC's markup, so an EBCDIC file is refused (libxml2 would read it).
    @Test func ebcdicIsRefused() throws {
        let bytes: [UInt8] = [0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0xA5, 0x85, 0x99, 0xA2, 0x89, 0x96, 0x95, 0x7E]
        let reading = try readGPX(bytes)
        #expect(reading.problems.map(\.description) == ["1: the file is in EBCDIC; GPX files are UTF-8 or UTF-16"])
    }
}
