@testable import DashImport
import DashModel
import Foundation
import Testing
import TestSupport

/// The GPX reader driven directly: namespaces, accuracy, text delivery, encodings.
@Suite struct GPXReaderTests {
    static let twoPoints = [
        GPXText.point("44.9778", "-93.2650", "2026-11-02T14:03:07Z"),
        GPXText.point("44.9779", "-93.2650", "2026-11-02T14:03:08Z"),
    ]

    // MARK: - Namespaces

    @Test(arguments: [(GPXText.gpx11, "1.1"), (GPXText.gpx10, "1.0"),
                      ("https://www.topografix.com/GPX/1/1", "1.1"), ("https://www.topografix.com/GPX/1/0", "1.0")])
    func bothVersionsAreReadByTheirNamespace(namespace: String, version: String) throws {
        let reading = try readGPX(GPXText.track(Self.twoPoints, namespace: namespace, version: version))
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.version == version)
        #expect(summary.creator == "DashPilot tests")
        #expect(summary.tracks == 1)
        #expect(summary.segments == 1)
        #expect(summary.points == 2)
        #expect(reading.receiver.events == ["track 0", "segment 0.0", "point", "point", "end segment", "end track"])
        #expect(reading.points.map(\.line) == [5, 6])
        #expect(reading.points.map(\.latitude) == [44.9778, 44.9779])
        #expect(reading.points.map(\.longitude) == [-93.2650, -93.2650])
        #expect(reading.points.map(\.at) == [try utc(2026, 11, 2, 14, 3, 7), try utc(2026, 11, 2, 14, 3, 8)])
        #expect(reading.points.map(\.horizontalAccuracy) == [nil, nil])
    }

    @Test func anyPrefixForTheGPXNamespaceWorks() throws {
        let text = """
            <?xml version="1.0"?>
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1" creator="prefixed">
             <g:trk><g:trkseg>
              <g:trkpt lat="10.5" lon="20.25"><g:time>2026-11-02T14:03:07Z</g:time><g:hdop>2</g:hdop></g:trkpt>
             </g:trkseg></g:trk>
            </g:gpx>

            """
        let reading = try readGPX(text)
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.version == "1.1")
        #expect(summary.creator == "prefixed")
        #expect(reading.points.count == 1)
        #expect(reading.points.first?.latitude == 10.5)
        #expect(reading.points.first?.longitude == 20.25)
        #expect(reading.points.first?.horizontalAccuracy == 10)
        #expect(reading.points.first?.line == 4)
    }

    @Test func theGPXPrefixBoundToAnotherNamespaceIsNotGPX() throws {
        // The usual default prefix, but bound to another URI: matched by URI, so nothing here is GPX.
        let text = """
            <?xml version="1.0"?>
            <gpx xmlns="http://example.com/not-gpx" version="1.1">
             <trk><trkseg><trkpt lat="1" lon="2"><time>2026-11-02T14:03:07Z</time></trkpt></trkseg></trk>
            </gpx>

            """
        let reading = try readGPX(text)
        #expect(reading.refused)
        #expect(reading.lines == [2])
        #expect(reading.problems.first?.message.contains("not a GPX file") == true)
        #expect(reading.points.isEmpty)
    }

    @Test func elementsNamedLikeGPXInAnotherNamespaceAreNotPoints() throws {
        let text = GPXText.track([
            GPXText.point("1", "2", "2026-11-02T14:03:07Z"),
            "   <o:trkpt xmlns:o=\"urn:other\" lat=\"3\" lon=\"4\"><time>2026-11-02T14:03:08Z</time></o:trkpt>",
            "   <trkpt xmlns=\"\" lat=\"5\" lon=\"6\"><time>2026-11-02T14:03:09Z</time></trkpt>",
            GPXText.point("7", "8", "2026-11-02T14:03:10Z"),
        ])
        let reading = try readGPX(text)
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.points == 2)
        #expect(reading.points.map(\.latitude) == [1, 7])
        #expect(reading.points.map(\.line) == [5, 8])
    }

    @Test func aTimeOrHdopInAnotherNamespaceIsNotTheirs() throws {
        let text = GPXText.track([
            GPXText.point("1", "2", "2026-11-02T14:03:07Z", "<o:hdop xmlns:o=\"urn:other\">9</o:hdop>"),
            GPXText.point("1", "2", nil, "<o:time xmlns:o=\"urn:other\">2026-11-02T14:03:08Z</o:time>"),
        ])
        let reading = try readGPX(text)
        // The second point has no GPX time: left out and counted, not refused (issue 14).
        #expect(!reading.refused)
        #expect(reading.points.count == 1)
        #expect(reading.summary?.untimed.total == 1)
        #expect(reading.summary?.untimed.places.first?.firstLine == 6)
    }

    @Test func trackAndSegmentBoundariesAreHandedOnInOrder() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="t">
            <trk><trkseg><trkpt lat="1" lon="1"><time>2026-11-02T14:00:00Z</time></trkpt></trkseg>
            <trkseg></trkseg><trkseg><trkpt lat="1" lon="1"><time>2026-11-02T14:00:01Z</time></trkpt></trkseg></trk>
            <trk><trkseg><trkpt lat="2" lon="2"><time>2026-11-02T15:00:00Z</time></trkpt></trkseg></trk>
            </gpx>
            """
        let reading = try readGPX(text)
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.tracks == 2)
        #expect(summary.segments == 4)
        #expect(summary.points == 3)
        #expect(reading.receiver.events == [
            "track 0", "segment 0.0", "point", "end segment", "segment 0.1", "end segment", "segment 0.2", "point", "end segment", "end track",
            "track 1", "segment 1.0", "point", "end segment", "end track",
        ])
    }

    // MARK: - Accuracy

    @Test(arguments: [
        ("DashPilot tests", 12.5), ("GPSLogger 131 - http://gpslogger.mendhak.com/", 12.5), ("Garmin Connect", 12.5),
        ("OsmAnd~ 4.6.8", 2.5), ("OsmAnd Maps 4.7", 2.5), ("osmand", 2.5), ("Locus Map 4.21.0 (Android)", 2.5),
        ("Strava OsmAnd export", 12.5),
    ])
    func hdopIsADilutionUnlessTheCreatorWritesMetres(creator: String, metres: Double) throws {
        let text = GPXText.track([GPXText.point("1", "2", "2026-11-02T14:03:07Z", "<hdop>2.5</hdop>")], creator: creator)
        let reading = try readGPX(text)
        #expect(reading.summary?.creator == creator)
        #expect(reading.points.map(\.horizontalAccuracy) == [metres])
    }

    @Test func theDOPFactorIsFiveMetres() {
        #expect(GPXReader.metresPerHDOP == 5)
    }

    @Test func openTracksAccuracyIsMetresAndWinsOverHdop() throws {
        let openTracks = "xmlns:opentracks=\"http://opentracksapp.com/xmlschemas/v1\""
        let text = GPXText.track([
            // accuracy_horizontal alone, with hdop (either order), in another namespace, and none at all.
            GPXText.point("1", "2", "2026-11-02T14:03:07Z",
                          "<extensions><opentracks:accuracy_horizontal \(openTracks)>8.5</opentracks:accuracy_horizontal></extensions>"),
            GPXText.point("1", "2", "2026-11-02T14:03:08Z",
                          "<hdop>3</hdop><extensions><opentracks:accuracy_horizontal \(openTracks)>4</opentracks:accuracy_horizontal></extensions>"),
            GPXText.point("1", "2", "2026-11-02T14:03:09Z",
                          "<extensions><ot:accuracy_horizontal xmlns:ot=\"http://opentracksapp.com/xmlschemas/v1\">6</ot:accuracy_horizontal></extensions><hdop>3</hdop>"),
            GPXText.point("1", "2", "2026-11-02T14:03:10Z",
                          "<hdop>3</hdop><extensions><x:accuracy_horizontal xmlns:x=\"urn:other\">1</x:accuracy_horizontal></extensions>"),
            GPXText.point("1", "2", "2026-11-02T14:03:11Z",
                          "<extensions><gpxtpx:TrackPointExtension xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>"),
        ], creator: "OpenTracks")
        let reading = try readGPX(text)
        #expect(reading.summary != nil, "refused: \(reading.problems)")
        #expect(reading.points.map(\.horizontalAccuracy) == [8.5, 4, 6, 15, nil])
    }

    @Test func aBadAccuracyIsAProblem() throws {
        let text = GPXText.track([
            GPXText.point("1", "2", "2026-11-02T14:03:07Z", "<hdop>-1</hdop>"),
            GPXText.point("1", "2", "2026-11-02T14:03:08Z", "<hdop>NaN</hdop>"),
            GPXText.point("1", "2", "2026-11-02T14:03:09Z",
                          "<extensions><o:accuracy_horizontal xmlns:o=\"http://opentracksapp.com/xmlschemas/v1\">1e3</o:accuracy_horizontal></extensions>"),
        ])
        let reading = try readGPX(text)
        #expect(reading.refused)
        #expect(reading.lines == [5, 6, 7])
        #expect(reading.points.isEmpty)
    }

    // MARK: - Text in pieces

    /// A file exercising every way text arrives: plain, CDATA (whole and in part), character
    /// references in text and in attributes, entities for markup characters, comments inside.
    static let piecesFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="pieces and bits" xmlns="http://www.topografix.com/GPX/1/1">
         <trk><name>A &lt;test&gt; track</name>
          <trkseg>
           <trkpt lat="44.9778" lon="-93.2650"><time>2026-11-02T14:03:07Z</time><hdop>1.5</hdop></trkpt>
           <trkpt lat="44.9779" lon="-93.2651"><time><![CDATA[2026-11-02T14:03:08.250Z]]></time></trkpt>
           <trkpt lat="44.9780" lon="-93.2652"><time>2026-11-02T<![CDATA[14:03:09]]>Z</time></trkpt>
           <trkpt lat="&#52;4.9781" lon="-&#x39;3.2653"><time>&#50;026-11-02T14:03:10Z</time></trkpt>
           <trkpt lat="44.9782" lon="-93.2654"><time>2026-11-02T14<!-- a comment -->:03:11Z</time><hdop>&#x32;</hdop></trkpt>
           <trkpt lat="44.9783" lon="-93.2655"><time>
             2026-11-02T14:03:12Z
           </time></trkpt>
          </trkseg>
         </trk>
        </gpx>

        """

    static func checkPieces(_ reading: Reading) throws {
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.creator == "pieces and bits")
        #expect(summary.points == 6)
        #expect(reading.points.map(\.at) == [
            try utc(2026, 11, 2, 14, 3, 7), try utc(2026, 11, 2, 14, 3, 8, ms: 250), try utc(2026, 11, 2, 14, 3, 9),
            try utc(2026, 11, 2, 14, 3, 10), try utc(2026, 11, 2, 14, 3, 11), try utc(2026, 11, 2, 14, 3, 12),
        ])
        #expect(reading.points.map(\.latitude) == [44.9778, 44.9779, 44.9780, 44.9781, 44.9782, 44.9783])
        #expect(reading.points.map(\.longitude) == [-93.2650, -93.2651, -93.2652, -93.2653, -93.2654, -93.2655])
        #expect(reading.points.map(\.horizontalAccuracy) == [7.5, nil, nil, nil, 10, nil])
        #expect(reading.points.map(\.line) == [5, 6, 7, 8, 9, 10])
    }

    @Test func textInCDATAAndCharacterReferencesIsRead() throws {
        try Self.checkPieces(try readGPX(Self.piecesFile))
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64])
    func textSplitAcrossChunksIsRead(chunkSize: Int) throws {
        try Self.checkPieces(try readGPX(Self.piecesFile, chunkSize: chunkSize))
    }

    @Test func aFileFedOneByteAtATimeGivesWhatTheWholeFileGives() throws {
        let text = GPXText.track((0..<20).map {
            GPXText.point("44.97\($0 + 10)", "-93.26\($0 + 10)", "2026-11-02T14:03:\($0 + 10).\($0 * 37)+01:00", "<hdop>\($0).5</hdop>")
        })
        let whole = try readGPX(text)
        let bytewise = try readGPX(text, chunkSize: 1)
        #expect(whole.summary != nil, "refused: \(whole.problems)")
        #expect(whole.points.count == 20)
        #expect(bytewise.points == whole.points)
        #expect(bytewise.summary == whole.summary)
        #expect(bytewise.receiver.events == whole.receiver.events)
    }

    @Test func anOverlongTimeTextIsRefused() throws {
        let text = GPXText.track([GPXText.point("1", "2", "2026-11-02T14:03:07." + String(repeating: "0", count: 300) + "Z")])
        let reading = try readGPX(text, chunkSize: 7)
        #expect(reading.refused)
        #expect(reading.lines == [5])
    }

    // MARK: - Encodings

    @Test func utf8WithAndWithoutBOMReadTheSame() throws {
        let text = GPXText.track(Self.twoPoints, creator: "Café Ωmega")
        let plain = try readGPX(Array(text.utf8))
        let bom = try readGPX([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(plain.summary?.creator == "Café Ωmega")
        #expect(bom.summary?.creator == "Café Ωmega")
        #expect(plain.points.count == 2)
        #expect(bom.points == plain.points)
    }

    @Test(arguments: [false, true])
    func utf16WithBOMIsRead(bigEndian: Bool) throws {
        let text = GPXText.track(Self.twoPoints, creator: "Café Ωmega", declaration: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
        let reading = try readGPX(utf16(text, bigEndian: bigEndian))
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.creator == "Café Ωmega")
        #expect(reading.points == (try readGPX(GPXText.track(Self.twoPoints))).points)
    }

    @Test(arguments: [4, 5, 64])
    func utf16FedInSmallChunksIsRead(chunkSize: Int) throws {
        let text = GPXText.track(Self.twoPoints, declaration: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
        for bigEndian in [false, true] {
            let reading = try readGPX(utf16(text, bigEndian: bigEndian), chunkSize: chunkSize)
            #expect(reading.summary != nil, "refused: \(reading.problems)")
            #expect(reading.points.count == 2)
        }
    }

    @Test(arguments: [1, 2, 3])
    func utf16FedInChunksOfFewerThanFourBytesIsRead(chunkSize: Int) throws {
        let text = GPXText.track(Self.twoPoints, declaration: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
        for bigEndian in [false, true] {
            let reading = try readGPX(utf16(text, bigEndian: bigEndian), chunkSize: chunkSize)
            #expect(reading.summary != nil, "refused: \(reading.problems)")
            #expect(reading.points.count == 2)
        }
    }

    @Test
    func markupCharactersInTheCreatorAreDecoded() throws {
        let reading = try readGPX(GPXText.track(Self.twoPoints, creator: "Tom &amp; Jerry &lt;tracker&gt; &#169; &quot;x&quot;"))
        #expect(reading.summary?.creator == "Tom & Jerry <tracker> © \"x\"")
    }

    @Test func aDeclaredISO88591FileIsDecoded() throws {
        // "Café" in ISO-8859-1: é is the single byte 0xE9, invalid on its own in UTF-8.
        let head = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx version=\"1.1\" creator=\"Caf".utf8) + [0xE9]
        let middle = Array("\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n <trk><name>Caf".utf8) + [0xE9]
        let tail = Array("</name><trkseg>\n  \(GPXText.point("1.5", "2.5", "2026-11-02T14:03:07Z"))\n </trkseg></trk>\n</gpx>\n".utf8)
        let reading = try readGPX(head + middle + tail)
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.creator == "Café")
        #expect(reading.points.map(\.latitude) == [1.5])
        #expect(reading.points.map(\.line) == [4])
    }

    @Test(arguments: [1, 3])
    func aDeclaredISO88591FileFedInPiecesIsDecoded(chunkSize: Int) throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx version=\"1.1\" creator=\"Caf".utf8) + [0xE9, 0xFC]
            + Array("\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n\(GPXText.point("1.5", "2.5", "2026-11-02T14:03:07Z"))\n</trkseg></trk>\n</gpx>\n".utf8)
        let reading = try readGPX(bytes, chunkSize: chunkSize)
        #expect(reading.summary?.creator == "Café\u{FC}")
        #expect(reading.points.map(\.line) == [4])
    }

    @Test func lineNumbersBeyond65535AreExact() throws {
        let gap = String(repeating: "\n", count: 70_000)
        let text = GPXText.track([GPXText.point("1", "2", "2026-11-02T14:03:07Z") + gap, GPXText.point("1", "2", "2026-11-02T14:03:08Z"),
                                  GPXText.point("NaN", "2", "2026-11-02T14:03:09Z")])
        let reading = try readGPX(text)
        #expect(reading.lines == [70_007])
        let good = try readGPX(text.replacingOccurrences(of: "\"NaN\"", with: "\"1\""))
        #expect(good.points.map(\.line) == [5, 70_006, 70_007])
    }

    @Test func anUndeclaredNonUTF8ByteIsRefused() throws {
        let bytes = Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><name>Caf".utf8)
            + [0xE9] + Array("</name></trk>\n</gpx>\n".utf8)
        let reading = try readGPX(bytes)
        #expect(reading.refused)
        #expect(reading.lines == [3])
    }

    // MARK: - Ignored content

    @Test func waypointsAndRoutesAreCountedAsIgnored() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="t">
             <metadata><name>x</name><time>not a time at all</time></metadata>
             <wpt lat="1" lon="2"><time>2026-11-02T14:00:00Z</time><name>Pickup</name></wpt>
             <wpt lat="99" lon="2"><time>never</time></wpt>
             <rte><rtept lat="1" lon="2"><time>2026-11-02T14:00:00Z</time></rtept><rtept lat="NaN" lon="2"/></rte>
             <trk><trkseg><trkpt lat="1" lon="2"><time>2026-11-02T14:00:00Z</time></trkpt></trkseg></trk>
             <extensions><trk><trkseg><trkpt lat="5" lon="5"><time>2026-11-02T14:00:00Z</time></trkpt></trkseg></trk></extensions>
            </gpx>
            """
        let reading = try readGPX(text)
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.waypointsIgnored == 2)
        #expect(summary.routesIgnored == 1)
        #expect(summary.tracks == 1)
        #expect(summary.points == 1)
        #expect(reading.points.map(\.latitude) == [1])
    }

    @Test func summaryCountsTheBytesRead() throws {
        let text = GPXText.track(Self.twoPoints)
        let reading = try readGPX(text, chunkSize: 3)
        #expect(reading.summary?.bytes == Int64(text.utf8.count))
    }

    @Test func aReceiverErrorStopsTheReadingAndIsRethrown() throws {
        struct Enough: Error {}
        final class Stopper: GPXReceiver {
            var seen = 0
            func gpxTrackBegan(index: Int) throws {}
            func gpxSegmentBegan(track: Int, segment: Int) throws {}
            func gpxPoint(_ point: GPXPoint) throws {
                seen += 1
                if seen == 2 { throw Enough() }
            }
            func gpxSegmentEnded() throws {}
            func gpxTrackEnded() throws {}
        }
        let stopper = Stopper()
        let reader = GPXReader(receiver: stopper)
        let bytes = Array(GPXText.track((0..<5).map { GPXText.point("1", "2", "2026-11-02T14:03:0\($0)Z") }).utf8)
        #expect(throws: Enough.self) {
            try bytes.withUnsafeBytes { try reader.feed($0) }
            try reader.finish()
        }
        #expect(stopper.seen == 2)
    }
}
