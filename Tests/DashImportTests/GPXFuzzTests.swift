@testable import DashImport
import DashModel
import Foundation
import Testing
import TestSupport

/// Random damage to real-looking GPX: the reader never traps, every point it hands on is in
/// range, and how the bytes are split into chunks never changes the outcome. `make fuzz` runs
/// many more cases than `make test`.
@Suite struct GPXFuzzTests {
    static var cases: Int { ProcessInfo.processInfo.environment["DASHPILOT_FUZZ"] == "1" ? 30_000 : 600 }

    final class Recorder: GPXReceiver {
        var events: [String] = []
        func gpxTrackBegan(index: Int) throws { events.append("T\(index)") }
        func gpxSegmentBegan(track: Int, segment: Int) throws { events.append("S\(track).\(segment)") }
        func gpxPoint(_ point: GPXPoint) throws {
            events.append("P\(point.at.millisecondsSinceEpoch),\(point.latitude),\(point.longitude),\(String(describing: point.horizontalAccuracy))")
        }
        func gpxSegmentEnded() throws { events.append("s") }
        func gpxTrackEnded() throws { events.append("t") }
    }

    /// The outcome as text: the events and the summary, or the problems.
    static func read(_ bytes: [UInt8], chunk: Int) -> String {
        let recorder = Recorder()
        let reader = GPXReader(receiver: recorder)
        do {
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + chunk)
                try bytes[offset..<end].withUnsafeBytes { try reader.feed($0) }
                offset = end
            }
            let summary = try reader.finish()
            return "ok \(summary.points) " + recorder.events.joined(separator: ";")
        } catch let error as GPXReadError {
            // libxml2 words an error after the bytes it has seen; the verdict and the lines are the contract.
            return "refused at lines " + error.problems.map { String($0.line) }.joined(separator: ",")
        } catch {
            return "other \(error)"
        }
    }

    static let seed = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="OsmAnd 4" xmlns="http://www.topografix.com/GPX/1/1" xmlns:ot="http://opentracksapp.com/xmlschemas/v1">
         <wpt lat="41.9" lon="-87.6"><name>A &amp; B</name></wpt>
         <trk><name><![CDATA[Dinner]]></name><trkseg>
          <trkpt lat="41.8800" lon="-87.6300"><time>2026-11-02T16:00:00.250Z</time><hdop>4</hdop></trkpt>
          <trkpt lat="41.8801" lon="-87.6301"><time>2026-11-02T10:00:01-06:00</time>
           <extensions><ot:accuracy_horizontal>3.5</ot:accuracy_horizontal></extensions></trkpt>
         </trkseg><trkseg>
          <trkpt lat='41.89' lon='-87.63'><time>2026-11-02T16:10:00Z</time></trkpt>
         </trkseg></trk>
        </gpx>
        """.utf8)

    static let splinters: [[UInt8]] = ["<", ">", "&", "&#0;", "&#x1F600;", "]]>", "<!DOCTYPE gpx>", "\"", "'", "=", "/", "\u{0}",
                                       "\u{FEFF}", "<trkpt lat=\"1\" lon=\"2\">", "</trkseg>", "NaN", "1e999", "-", ".", "9"].map { Array($0.utf8) }

    @Test func damagedFilesAreReadOrRefusedNeverMisread() {
        var random = SplitMix64(state: 31)
        for _ in 0..<Self.cases {
            var bytes = Self.seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<max(1, bytes.count), using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &random) }
                case 1: if at < bytes.count { bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...20, using: &random))) }
                case 2: bytes.insert(contentsOf: Self.splinters[Int.random(in: 0..<Self.splinters.count, using: &random)], at: min(at, bytes.count))
                default: bytes = Array(bytes.prefix(at))
                }
            }
            let whole = Self.read(bytes, chunk: max(1, bytes.count))
            let pieces = Self.read(bytes, chunk: Int.random(in: 1...97, using: &random))
            #expect(whole == pieces, "chunking changed the outcome for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            #expect(!whole.hasPrefix("other"), "\(whole)")
            if whole.hasPrefix("ok") {
                for event in whole.split(separator: ";") where event.hasPrefix("P") {
                    let fields = event.dropFirst().split(separator: ",")
                    let latitude = fields.count > 1 ? Double(fields[1]) : nil
                    let longitude = fields.count > 2 ? Double(fields[2]) : nil
                    #expect(latitude.map { (-90...90).contains($0) } == true, "\(event)")
                    #expect(longitude.map { $0 >= -180 && $0 < 180 } == true, "\(event)")
                }
            }
        }
    }
}
