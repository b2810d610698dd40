@testable import DashCLI
import DashImport
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// `dashpilot import gpx`, `imports` and `imports undo` through the command line, in-process.
@Suite struct GPXImportTests {
    @Test func theFixtureClockIsWhatItSays() {
        #expect(GPXFixture.time(GPXFixture.base) == "2026-11-02T14:00:00Z")
        #expect(GPXFixture.base < Instant(millisecondsSinceEpoch: Int64(fixedNow.timeIntervalSince1970 * 1000)))
    }

    // MARK: - Shift attachment

    @Test func aTrackGoesToTheShiftThatCoversIt() throws {
        let store = try CLIStore()
        #expect(store.run("shift", "add", "--start", "2026-11-02T07:00", "--end", "2026-11-02T10:00").stdout == "added shift 1\n")
        let shiftsBefore = try store.dump().filter { $0.hasPrefix("shift:") }
        let path = try store.file("covered.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 60)))
        let result = store.importGPX(path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout == """
            covered.gpx: imported as import 1: GPX 1.1 by DashPilot tests, 1 track, 1 segment, 60 points
              added: on shift 1; 1 capture session; 60 route samples

            """)
        // No shift was added or changed.
        #expect(try store.dump().filter { $0.hasPrefix("shift:") } == shiftsBefore)
        #expect(try store.values("SELECT DISTINCT shiftId FROM routeSample") == [[.integer(1)]])
        #expect(try store.values("SELECT shiftId, startedAtMs, endedAtMs, source, importId FROM captureSession") == [[
            .integer(1), .integer(GPXFixture.at(0).millisecondsSinceEpoch), .integer(GPXFixture.at(59).millisecondsSinceEpoch),
            .text("covered.gpx track 1 segment 1"), .integer(1),
        ]])
        #expect(store.run("shift", "show", "1").stdout.contains("route:     60 positions in 1 capture session\n"))
    }

    @Test func aTrackWithNoCoveringShiftMakesANewOneSpanningItsAcceptedPoints() throws {
        let store = try CLIStore()
        // Another day's shift, which must not be used.
        store.run("shift", "add", "--start", "2026-11-01T07:00", "--end", "2026-11-01T10:00")
        var points = GPXFixture.drive(count: 30)
        points[0].hdop = 20        // 100 m: too inaccurate, so the shift starts at the second point
        points[29].hdop = 11       // 55 m: the shift ends at the 29th
        let path = try store.file("new.gpx", GPXFixture.document(segment: points))
        let result = store.importGPX(path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == """
            new.gpx: imported as import 1: GPX 1.1 by DashPilot tests, 1 track, 1 segment, 30 points
              added: new shift 2; 1 capture session; 28 route samples; 2 points rejected
              rejected: 2 (too inaccurate: 2)

            """)
        #expect(try store.values("SELECT id, startedAtMs, endedAtMs, importId FROM shift WHERE id = 2") == [[
            .integer(2), .integer(GPXFixture.at(1).millisecondsSinceEpoch), .integer(GPXFixture.at(28).millisecondsSinceEpoch), .integer(1),
        ]])
        let show = store.run("shift", "show", "2").stdout
        #expect(show.contains("start:     2026-11-02T08:00:01-06:00"))
        #expect(show.contains("end:       2026-11-02T08:00:28-06:00"))
        #expect(show.contains("state:     completed"))
    }

    /// A point more than the split gap from every other point of its file is a stray fix
    /// (docs/record.md): a file of one point makes no shift, and, every point of it being
    /// rejected, is refused (exit 65, issue 14).
    @Test func aOnePointTrackIsAStrayFix() throws {
        let store = try CLIStore()
        let path = try store.file("one.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 1)))
        let result = store.importGPX(path)
        #expect(result.status == .dataError)
        #expect(result.stdout == "", "\(result.stdout)")
        #expect(result.stderr == "dashpilot: error: \(path): all 1 point rejected (stray fixes: 1); nothing imported\n", "\(result.stderr)")
        // Two points a second apart make a shift of at least a second.
        let two = try store.file("two.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 2)))
        #expect(store.importGPX(two).status == .success)
        #expect(try store.values("SELECT startedAtMs, endedAtMs FROM shift") == [[
            .integer(GPXFixture.at(0).millisecondsSinceEpoch), .integer(GPXFixture.at(1).millisecondsSinceEpoch),
        ]])
    }

    @Test func eachTrackFindsItsOwnShiftAndEachSegmentIsACaptureSession() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T07:00", "--end", "2026-11-02T09:00")
        // Track 1 at 08:00 Chicago (covered, two segments); track 2 at 11:00 Chicago (no shift).
        let first = [GPXFixture.drive(count: 10), GPXFixture.drive(count: 10, start: 600)]
        let second = [GPXFixture.drive(count: 20, start: 3 * 3600)]
        let path = try store.file("two.gpx", GPXFixture.document([first, second]))
        let result = store.importGPX(path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("2 tracks, 3 segments, 40 points"))
        #expect(result.stdout.contains("added: new shift 2; on shift 1; 3 capture sessions; 40 route samples"))
        #expect(try store.values("SELECT shiftId, source FROM captureSession ORDER BY id") == [
            [.integer(1), .text("two.gpx track 1 segment 1")], [.integer(1), .text("two.gpx track 1 segment 2")],
            [.integer(2), .text("two.gpx track 2 segment 1")],
        ])
        #expect(try store.values("SELECT shiftId, count(*) FROM routeSample GROUP BY shiftId ORDER BY shiftId") == [
            [.integer(1), .integer(20)], [.integer(2), .integer(20)],
        ])
    }

    @Test func theShiftOptionPutsTracksOnThatShift() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T07:00", "--end", "2026-11-02T10:00")
        let path = try store.file("forced.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 10)))
        let result = store.run(words: ["import", "gpx", path, "--shift", "1"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("added: on shift 1; 1 capture session; 10 route samples"))
        #expect(try store.values("SELECT count(*) FROM shift") == [[.integer(1)]])
        #expect(try store.values("SELECT DISTINCT shiftId FROM routeSample") == [[.integer(1)]])
    }

    @Test func theShiftOptionLeavesOutPointsOutsideThatShift() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T10:00")
        let before = try store.dump()
        // At 08:00 Chicago, before shift 1 starts: every point is left out, nothing is recorded.
        let early = try store.file("early.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 10)))
        let result = store.run(words: ["import", "gpx", early, "--shift", "1"])
        #expect(result.status == .success)
        #expect(result.stdout == "early.gpx: nothing to add (10 points outside the shift); nothing imported\n")
        #expect(try store.dump() == before)
        // A track that straddles the shift's start: the part inside is kept.
        let straddle = try store.file("straddle.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 20, start: 3590)))
        let kept = store.run(words: ["import", "gpx", straddle, "--shift", "1"])
        #expect(kept.stdout.contains("added: on shift 1; 1 capture session; 10 route samples"), "\(kept.stdout)")
        #expect(kept.stdout.contains("left out: 10 points outside the shift"))
        #expect(try store.values("SELECT count(*) FROM routeSample WHERE shiftId = 1") == [[.integer(10)]])
        let afterStraddle = try store.dump()
        // An unknown shift.
        let unknown = store.run(words: ["import", "gpx", early, "--shift", "9"])
        #expect(unknown.status == .failure)
        #expect(unknown.stderr.contains("nothing imported"))
        #expect(try store.dump() == afterStraddle)
        // Not an id.
        #expect(store.run(words: ["import", "gpx", early, "--shift", "one"]).status == .usage)
        #expect(try store.dump() == afterStraddle)
    }

    /// docs/record.md: your shift keeps your times; a track running past them goes on it,
    /// kept whole, and the summary says how much lies outside.
    @Test func aTrackRunningPastYourShiftGoesOnItAndSaysSo() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T07:00", "--end", "2026-11-02T08:00:30")
        // 08:00:00 to 08:00:59 Chicago: starts inside shift 1 and runs 29 s past its end.
        let path = try store.file("long.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 60)))
        let result = store.importGPX(path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("added: on shift 1; 1 capture session; 60 route samples"), "\(result.stdout)")
        #expect(result.stdout.contains("note: 0.01 h of it lies outside your shift 1's times"), "\(result.stdout)")
        #expect(try store.values("SELECT startedAtMs, endedAtMs FROM shift")
                == [[.integer(GPXFixture.at(-3600).millisecondsSinceEpoch), .integer(GPXFixture.at(30).millisecondsSinceEpoch)]])
    }

    @Test func aTrackRunningIntoYourNextShiftGoesOnIt() throws {
        let store = try CLIStore()
        // Track from 08:00 to 08:20 Chicago; a hand-made shift starts at 08:10.
        store.run("shift", "add", "--start", "2026-11-02T08:10", "--end", "2026-11-02T09:00")
        let path = try store.file("into.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 1200)))
        let result = store.importGPX(path)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("on shift 1"), "\(result.stdout)")
        #expect(try store.values("SELECT count(*) FROM shift") == [[.integer(1)]])
    }

    @Test
    func oneRejectedPointIsSingular() throws {
        let store = try CLIStore()
        var points = GPXFixture.drive(count: 3)
        points[2].at = points[0].at   // earlier (an equal whole second at another place is a burst, kept)
        let result = store.importGPX(try store.file("one.gpx", GPXFixture.document(segment: points)))
        #expect(result.stdout.contains("  added: new shift 1; 1 capture session; 2 route samples; 1 point rejected\n"))
    }

    @Test func aTrackEndingExactlyAtItsShiftsEndIsAccepted() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T07:00", "--end", "2026-11-02T08:00:59")
        let result = store.importGPX(try store.file("edge.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 60))))
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("added: on shift 1; 1 capture session; 60 route samples"))
    }

    @Test func segmentsAndTracksWithNoAcceptedPointAddNothing() throws {
        let store = try CLIStore()
        var rejected = GPXFixture.drive(count: 3, start: 7200)
        for index in rejected.indices { rejected[index].hdop = 40 }
        // Track 1: an empty segment, a segment of rejected points, a real one. Track 2: only rejected points.
        let text = GPXFixture.document([[[], rejected, GPXFixture.drive(count: 5)], [rejected]])
        let result = store.importGPX(try store.file("sparse.gpx", text))
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("2 tracks, 4 segments, 11 points"))
        #expect(result.stdout.contains("added: new shift 1; 1 capture session; 5 route samples; 6 points rejected"))
        #expect(try store.values("SELECT count(*) FROM shift") == [[.integer(1)]])
        #expect(try store.values("SELECT source FROM captureSession") == [[.text("sparse.gpx track 1 segment 3")]])
    }

    @Test(arguments: ["UTF-8 with BOM", "UTF-16LE", "UTF-16BE", "ISO-8859-1"])
    func everyEncodingImports(encoding: String) throws {
        let store = try CLIStore()
        let points = GPXFixture.drive(count: 10)
        var text = GPXFixture.document(segment: points, creator: "Caf\u{E9}")
        let bytes: [UInt8]
        switch encoding {
        case "UTF-8 with BOM":
            bytes = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case "ISO-8859-1":
            text = text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
            bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        default:
            text = text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
            let big = encoding == "UTF-16BE"
            bytes = (big ? [0xFE, 0xFF] : [0xFF, 0xFE]) + text.utf16.flatMap { big ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        let result = store.importGPX(try store.file("encoded.gpx", bytes: bytes))
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("encoded.gpx: imported as import 1: GPX 1.1 by Caf\u{E9}, 1 track, 1 segment, 10 points\n"))
        #expect(try store.values("SELECT recordedAtMs, latitude FROM routeSample ORDER BY id")
                == points.map { [.integer($0.at.millisecondsSinceEpoch), .real(Double(GPXFixture.coordinate($0.latitude)) ?? .nan)] })
        // The same points in UTF-8 are the same content.
        let plain = try store.file("plain.gpx", GPXFixture.document(segment: points, creator: "Caf\u{E9}"))
        #expect(store.importGPX(plain).stdout.contains("already imported as import 1 (encoded.gpx)"))
    }

    // MARK: - One transaction per file

    @Test(arguments: [false, true])
    func eachFileIsItsOwnTransaction(badFirst: Bool) throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-10-05T09:00", "--end", "2026-10-05T12:00")
        let before = try store.dump()
        // The bad file's first segment (1,100 points) is written before its second segment's bad point is read.
        let badText = GPXFixture.document([[GPXFixture.drive(count: 1100), GPXFixture.drive(count: 5, start: 2000, latitude: 45.5)]])
            .replacingOccurrences(of: "lat=\"45.500180000\"", with: "lat=\"NaN\"")
        #expect(badText.components(separatedBy: "lat=\"NaN\"").count == 2)
        let bad = try store.file("bad.gpx", badText)
        let good = try store.file("good.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 50, start: 7200)))
        let result = badFirst ? store.importGPX(bad, good) : store.importGPX(good, bad)
        #expect(result.status == .dataError)
        #expect(result.stdout.contains("good.gpx: imported as import"))
        #expect(!result.stdout.contains("bad.gpx"))
        #expect(result.stderr.contains("dashpilot: error: \(bad):"))
        #expect(result.stderr.contains("latitude 'NaN' is not a plain decimal number"))
        #expect(result.stderr.hasSuffix("dashpilot: \(bad): nothing imported\n"))
        // Only the good file's rows were added.
        let after = try store.dump()
        #expect(after.filter { !before.contains($0) }.count == 1 + 1 + 1 + 50)
        #expect(try store.values("SELECT fileName FROM importRecord") == [[.text("good.gpx")]])
        #expect(try store.values("SELECT count(*) FROM routeSample") == [[.integer(50)]])
    }

    @Test func aDuplicatedFileInOneCommandIsImportedOnce() throws {
        let store = try CLIStore()
        let path = try store.file("twice.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 20)))
        let result = store.importGPX(path, path)
        #expect(result.status == .success)
        #expect(result.stdout.hasSuffix("twice.gpx: already imported as import 1 (twice.gpx); nothing added\n"))
        #expect(try store.values("SELECT count(*) FROM routeSample") == [[.integer(20)]])
    }

    // MARK: - Content already in the store

    @Test func reimportingTheSameFileAddsNothingAndSaysSo() throws {
        let store = try CLIStore()
        let path = try store.file("again.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 40)))
        #expect(store.importGPX(path).status == .success)
        let before = try store.dump()
        let again = store.importGPX(path)
        #expect(again.status == .success)
        #expect(again.stdout == "again.gpx: already imported as import 1 (again.gpx); nothing added\n")
        #expect(try store.dump() == before)
        // Under another name too.
        let copy = try store.file("copy.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 40)))
        #expect(store.importGPX(copy).stdout == "copy.gpx: already imported as import 1 (again.gpx); nothing added\n")
        #expect(try store.dump() == before)
        // A dry run says the same.
        #expect(store.run(words: ["import", "gpx", copy, "--dry-run"]).stdout.contains("already imported as import 1"))
    }

    /// The same points as ``GPXFixture/document(_:creator:)`` writes, as another program would:
    /// other whitespace, attributes in the other order, other offsets for the same instants, a
    /// prefix for the namespace, CDATA, and an accuracy written as 2.50 rather than 2.5.
    static func reexport(_ points: [FixturePoint]) -> String {
        let offsets = [19_800, -28_800, 0, 3600, -34_200]
        var text = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\r\n<g:gpx creator='DashPilot tests'\r\n"
            + "   xmlns:g='http://www.topografix.com/GPX/1/1' version='1.1'><g:metadata><g:name>Export</g:name></g:metadata><g:trk><g:name>Monday</g:name><g:trkseg>"
        for (index, point) in points.enumerated() {
            let offset = offsets[index % offsets.count]
            var time = GPXFixture.time(point.at, offsetSeconds: offset)
            if offset == -28_800 { time = String(time.dropLast(3)) + time.suffix(2) }   // -0800
            let written = index % 2 == 0 ? time : "<![CDATA[\(time)]]>"
            text += "\r\n\t<g:trkpt   lon='\(GPXFixture.coordinate(point.longitude))'\n lat='\(GPXFixture.coordinate(point.latitude))000' >"
                + "<g:ele>250.0</g:ele><g:time>\(written)</g:time>"
                + (point.hdop.map { "<g:hdop>\(String(format: "%.2f", $0))</g:hdop>" } ?? "") + "<g:sat>9</g:sat></g:trkpt>"
        }
        return text + "</g:trkseg></g:trk></g:gpx>"
    }

    @Test func aReexportOfTheSamePointsAddsNothing() throws {
        let store = try CLIStore()
        var points = GPXFixture.drive(count: 25)
        for index in points.indices where index % 3 == 0 { points[index].hdop = 2.5 }
        let original = try store.file("original.gpx", GPXFixture.document(segment: points))
        #expect(store.importGPX(original).status == .success)
        let before = try store.dump()
        let reexport = try store.file("reexport.gpx", Self.reexport(points))
        let result = store.importGPX(reexport)
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == "reexport.gpx: already imported as import 1 (original.gpx); nothing added\n")
        #expect(try store.dump() == before)
    }

    @Test func aReexportIsRecognisedTheOtherWayRoundToo() throws {
        let store = try CLIStore()
        let points = GPXFixture.drive(count: 25)
        let reexport = try store.file("reexport.gpx", Self.reexport(points))
        #expect(store.importGPX(reexport).status == .success)
        let before = try store.dump()
        let original = try store.file("original.gpx", GPXFixture.document(segment: points))
        #expect(store.importGPX(original).stdout.contains("already imported as import 1 (reexport.gpx)"))
        #expect(try store.dump() == before)
    }

    /// The content fingerprint is time and position: the same points with other accuracy (a
    /// re-save by another program, hdop read otherwise) are the same content.
    @Test func aFileWithOtherAccuracyIsTheSameContent() throws {
        let store = try CLIStore()
        let points = GPXFixture.drive(count: 25)
        #expect(store.importGPX(try store.file("a.gpx", GPXFixture.document(segment: points))).status == .success)
        let before = try store.dump()
        var changed = points
        changed[12].hdop = 1
        let result = store.importGPX(try store.file("b.gpx", GPXFixture.document(segment: changed)))
        #expect(result.status == .success)
        #expect(result.stdout == "b.gpx: already imported as import 1 (a.gpx); nothing added\n")
        #expect(try store.dump() == before)
    }

    /// Another file holding a stored segment's instants (a longer export holding an imported
    /// day, a point nudged by rounding) adds those instants once: the route keeps one position per
    /// instant, the better by docs/gpx.md's rule (here the smaller latitude; identical positions are
    /// one), and each file holds its own positions, so undoing any leaves the others' route.
    @Test func aSegmentTheRouteAlreadyHoldsIsHeldAside() throws {
        let store = try CLIStore()
        let points = GPXFixture.drive(count: 25)
        #expect(store.importGPX(try store.file("a.gpx", GPXFixture.document(segment: points))).status == .success)
        let route = { try store.values("SELECT recordedAtMs, latitude, longitude FROM routeSample ORDER BY recordedAtMs") }
        let before = try route()
        var nudged = points
        nudged[12].latitude += 0.000001
        let result = store.importGPX(try store.file("b.gpx", GPXFixture.document(segment: nudged)))
        #expect(result.status == .success)
        #expect(result.stdout.hasPrefix("b.gpx: imported as import 2"), "\(result.stdout)")
        #expect(try route() == before)
        #expect(try store.values("SELECT count(*) FROM routeSampleAside") == [[.integer(25)]])
        // Beside a new segment, the known instants are held once more; 100 s later is the same shift.
        let later = GPXFixture.drive(count: 10, start: 100)
        let both = store.importGPX(try store.file("c.gpx", GPXFixture.document([[nudged], [later]])))
        #expect(both.stdout.contains("added: on shift 1; 2 capture sessions;"), "\(both.stdout)")
        let withLater = try route()
        #expect(withLater.count == 35 && Array(withLater.prefix(25)) == before)
        #expect(try store.values("SELECT count(*) FROM routeSampleAside") == [[.integer(50)]])
        // Undoing a: the nudged position (b's and c's, identical: one) is the route's at that instant.
        #expect(store.run("imports", "undo", "1").status == .success)
        let nudgedRoute = try route()
        #expect(nudgedRoute.count == 35 && nudgedRoute[12][1] != before[12][1] && Array(nudgedRoute.prefix(12)) == Array(before.prefix(12)))
        #expect(store.run("imports", "undo", "3").status == .success)
        #expect(try route() == Array(nudgedRoute.prefix(25)))
        #expect(try store.values("SELECT count(*) FROM routeSampleAside") == [[.integer(0)]])
    }

    // MARK: - Dry run

    @Test func aDryRunPrintsTheSummaryAndWritesNothing() throws {
        let store = try CLIStore()
        try store.createEmpty()
        var points = GPXFixture.drive(count: 30)
        points[10] = FixturePoint(latitude: points[9].latitude, longitude: points[9].longitude, at: points[9].at)
        let path = try store.file("dry.gpx", GPXFixture.document(segment: points))
        let before = try store.dump()
        let result = store.run(words: ["import", "gpx", path, "--dry-run"])
        #expect(result.status == .success, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == "dry.gpx: dry run, nothing written: GPX 1.1 by DashPilot tests, 1 track, 1 segment, 30 points")
        #expect(lines.dropFirst().first?.hasPrefix("  would add: new shift 1; 1 capture session; 29 route samples; 1 point") == true)
        #expect(lines.last == "  rejected: 1 (not later than the point before: 1)")
        #expect(try store.dump() == before)
        #expect(store.run("imports").stdout == "no imports\n")
        // The real import afterwards gets what the dry run announced.
        let real = store.importGPX(path)
        #expect(real.stdout.contains("  added: new shift 1; 1 capture session; 29 route samples; 1 point"))
        #expect(try store.values("SELECT count(*) FROM routeSample") == [[.integer(29)]])
    }

    @Test func theSummaryCountsWaypointsRoutesAndZonelessTimes() throws {
        let store = try CLIStore()
        let text = """
            <?xml version="1.0"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Old Logger">
             <wpt lat="44.97" lon="-93.27"><name>Pickup</name></wpt>
             <rte><rtept lat="44.97" lon="-93.27"/></rte><rte/>
             <trk><trkseg>
              <trkpt lat="44.97" lon="-93.27"><time>2026-11-02T14:00:00</time></trkpt>
              <trkpt lat="44.97005" lon="-93.27"><time>2026-11-02T14:00:01</time></trkpt>
              <trkpt lat="44.9701" lon="-93.27"><time>2026-11-02T14:00:02Z</time></trkpt>
             </trkseg></trk>
            </gpx>
            """
        let result = store.importGPX(try store.file("old.gpx", text))
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout == """
            old.gpx: imported as import 1: GPX 1.0 by Old Logger, 1 track, 1 segment, 3 points
              added: new shift 1; 1 capture session; 3 route samples
              ignored: 1 waypoint, 2 routes
              note: 2 times had no zone and were read as UTC, as the GPX schema says

            """)
        #expect(try store.values("SELECT recordedAtMs FROM routeSample ORDER BY id") == [
            [.integer(GPXFixture.at(0).millisecondsSinceEpoch)], [.integer(GPXFixture.at(1).millisecondsSinceEpoch)],
            [.integer(GPXFixture.at(2).millisecondsSinceEpoch)],
        ])
    }

    @Test func maxAccuracyIsAnOption() throws {
        let store = try CLIStore()
        var points = GPXFixture.drive(count: 10)
        // 2.5, 7.5, ... 47.5 m: fractions, so a dilution of precision (whole numbers from 3 up
        // with no pdop or vdop would be read as metres).
        for index in points.indices { points[index].hdop = Double(index) + 0.5 }
        let path = try store.file("acc.gpx", GPXFixture.document(segment: points))
        let result = store.run(words: ["import", "gpx", path, "--max-accuracy", "20", "--dry-run"])
        #expect(result.stdout.contains("would add: new shift 1; 1 capture session; 4 route samples; 6 points rejected"), "\(result.stdout)")
        #expect(result.stdout.contains("rejected: 6 (too inaccurate: 6)"))
        for bad in ["0", "-5", "nan", "inf", "x"] {
            #expect(store.run(words: ["import", "gpx", path, "--max-accuracy", bad]).status == .usage, "\(bad)")
        }
    }

    @Test func theSummaryGivesEachRejectionReason() throws {
        let store = try CLIStore()
        var points = GPXFixture.drive(count: 12)
        points[3].at = points[1].at                                             // not later
        points[5].hdop = 30                                                     // 150 m: too inaccurate
        points[7].latitude += 0.01                                              // 1.1 km in a second: a jump
        points[8].latitude += 0.01
        let path = try store.file("reasons.gpx", GPXFixture.document(segment: points))
        let result = store.importGPX(path)
        #expect(result.stdout.contains("added: new shift 1; 1 capture session; 8 route samples; 4 points rejected"))
        #expect(result.stdout.contains("  rejected: 4 (not later than the point before: 1, too inaccurate: 1, implausible jump: 2)\n"))
    }

    // MARK: - imports and undo

    @Test func importsListsEveryImport() throws {
        let store = try CLIStore()
        try store.createEmpty()
        #expect(store.run("imports").stdout == "no imports\n")
        store.run("shift", "add", "--start", "2026-11-02T07:00", "--end", "2026-11-02T10:00")
        #expect(store.importGPX(try store.file("morning.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 10)))).status == .success)
        #expect(store.importGPX(try store.file("noon.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 5, start: 4 * 3600)))).status == .success)
        let list = store.run("imports")
        #expect(list.status == .success)
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(columns(lines[0]) == ["ID", "IMPORTED", "KIND", "FILE", "ADDED"])
        #expect(columns(lines[1]).first == "1")
        #expect(columns(lines[1]).contains("morning.gpx"))
        #expect(columns(lines[1]).contains("gpx"))
        #expect(lines[1].hasSuffix("on shift 1; 1 capture session; 10 route samples"))
        #expect(columns(lines[2]).first == "2")
        #expect(columns(lines[2]).contains("noon.gpx"))
        #expect(lines[2].hasSuffix("new shift 2; 1 capture session; 5 route samples"))
        #expect(store.run("imports", "list").stdout == list.stdout)
    }

    @Test func theImportRecordKeepsTheFilesSHA256() throws {
        let store = try CLIStore()
        let text = GPXFixture.document(segment: GPXFixture.drive(count: 3))
        #expect(store.importGPX(try store.file("sha.gpx", text)).status == .success)
        #expect(try store.values("SELECT kind, fileName, sha256 FROM importRecord") == [
            [.text("gpx"), .text("sha.gpx"), .text(SHA256.hex(Array(text.utf8)))],
        ])
    }

    @Test func undoRemovesExactlyWhatANewShiftImportAdded() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-10-05T09:00", "--end", "2026-10-05T12:00")
        let before = try store.dump()
        let path = try store.file("undo.gpx", GPXFixture.document([[GPXFixture.drive(count: 30), GPXFixture.drive(count: 30, start: 100)]]))
        #expect(store.importGPX(path).status == .success)
        #expect(try store.dump() != before)
        let undo = store.run("imports", "undo", "1")
        #expect(undo.status == .success, "\(undo.stderr)")
        #expect(undo.stdout == "undid import 1 (undo.gpx): removed 1 shift, 2 capture sessions, 60 route samples\n")
        #expect(try store.dump() == before)
        #expect(store.run("imports").stdout == "no imports\n")
        // Gone means gone: a second undo is refused, and the file imports again.
        #expect(store.run("imports", "undo", "1").status == .failure)
        #expect(store.importGPX(path).stdout.contains("imported as import 2"))
    }

    @Test func undoOfAnImportIntoAnExistingShiftLeavesTheShift() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T07:00", "--end", "2026-11-02T10:00")
        store.run("shift", "earnings", "1", "80")
        let before = try store.dump()
        #expect(store.importGPX(try store.file("on.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 30)))).status == .success)
        let undo = store.run("imports", "undo", "1")
        #expect(undo.stdout == "undid import 1 (on.gpx): removed 1 capture session, 30 route samples\n")
        #expect(try store.dump() == before)
    }

    @Test func undoIsRefusedOnceTheCreatedShiftHasEarnings() throws {
        let store = try CLIStore()
        #expect(store.importGPX(try store.file("paid.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 30)))).status == .success)
        #expect(store.run("shift", "earnings", "1", "42.00").status == .success)
        let before = try store.dump()
        let undo = store.run("imports", "undo", "1")
        #expect(undo.status == .failure)
        #expect(undo.stdout == "")
        #expect(undo.stderr.contains("import 1 cannot be undone: shift 1 carries your entries and would be removed; nothing was changed"))
        #expect(try store.dump() == before)
        // Once the earnings are cleared, it can be.
        store.run("shift", "earnings", "1", "--clear")
        #expect(store.run("imports", "undo", "1").status == .success)
        #expect(try store.values("SELECT count(*) FROM shift") == [[.integer(0)]])
    }

    /// Undo is exact (docs/record.md): the shift the first track made stays while the second
    /// track's points are on it, fitted to them; undoing both, in either order, leaves nothing.
    @Test func undoOfTheFirstOfTwoTracksOnOneShiftKeepsTheShiftForTheSecond() throws {
        let store = try CLIStore()
        let points = GPXFixture.drive(count: 30)
        #expect(store.importGPX(try store.file("a.gpx", GPXFixture.document(segment: points))).status == .success)
        // Other points inside the created shift's span, half a second later and a little east.
        let changed = points.dropLast().map {
            FixturePoint(latitude: $0.latitude, longitude: $0.longitude + 0.0001, at: $0.at.adding(milliseconds: 500))
        }
        #expect(store.importGPX(try store.file("b.gpx", GPXFixture.document(segment: Array(changed)))).stdout.contains("on shift 1"))
        let undo = store.run("imports", "undo", "1")
        #expect(undo.status == .success)
        #expect(try store.values("SELECT count(*) FROM shift") == [[.integer(1)]])
        #expect(try store.values("SELECT count(*) FROM routeSample") == [[.integer(Int64(changed.count))]])
        let first = try #require(changed.first).at.millisecondsSinceEpoch, last = try #require(changed.last).at.millisecondsSinceEpoch
        #expect(try store.values("SELECT startedAtMs, endedAtMs FROM shift") == [[.integer(first), .integer(last)]])
        #expect(store.run("imports", "undo", "2").status == .success)
        #expect(try store.values("SELECT count(*) FROM shift") == [[.integer(0)]])
        #expect(try store.values("SELECT count(*) FROM routeSample") == [[.integer(0)]])
    }

    @Test func undoOfAnUnknownImportIsRefused() throws {
        let store = try CLIStore()
        try store.createEmpty()
        let result = store.run("imports", "undo", "7")
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("dashpilot: error: "))
        #expect(store.run("imports", "undo", "x").status == .usage)
    }

    // MARK: - What is stored

    @Test func onlyTimeLatitudeLongitudeAndAccuracyAreStored() throws {
        let store = try CLIStore()
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="GPSLogger 131" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
             <metadata><name>SecretMetadataName</name><desc>SecretDescription</desc><author><name>SecretAuthor</name></author></metadata>
             <trk><name>SecretTrackName</name><desc>1234 Secret Street</desc><type>driving</type>
              <trkseg>
               <trkpt lat="44.970000001" lon="-93.270000002"><ele>251.5</ele><time>2026-11-02T14:00:00.123Z</time><magvar>3</magvar>
                <geoidheight>-31</geoidheight><name>SecretPointName</name><cmt>SecretComment</cmt><sym>Car</sym><fix>3d</fix><sat>11</sat>
                <hdop>1.2</hdop><vdop>2.7</vdop><pdop>3.1</pdop><ageofdgpsdata>4</ageofdgpsdata>
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>12.5</gpxtpx:speed><gpxtpx:course>87</gpxtpx:course>
                <gpxtpx:hr>140</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
               <trkpt lat="44.97005" lon="-93.27"><ele>252.0</ele><time>2026-11-02T14:00:01.5Z</time><speed>5.5</speed></trkpt>
              </trkseg>
             </trk>
            </gpx>
            """
        let path = try store.file("rich.gpx", text)
        #expect(store.importGPX(path).status == .success)
        let direct = try store.direct()
        let columnNames = try direct.connection.query("SELECT * FROM routeSample LIMIT 1").first?.columns
        #expect(columnNames == ["id", "shiftId", "captureSessionId", "recordedAtMs", "latitude", "longitude", "horizontalAccuracyM"])
        #expect(try store.values("SELECT recordedAtMs, latitude, longitude, horizontalAccuracyM FROM routeSample ORDER BY id") == [
            [.integer(GPXFixture.base.millisecondsSinceEpoch + 123), .real(44.970000001), .real(-93.270000002), .real(6)],
            [.integer(GPXFixture.base.millisecondsSinceEpoch + 1500), .real(44.97005), .real(-93.27), .null],
        ])
        // Everything but the import record, whose digests are arbitrary hex.
        let everything = try store.dump().filter { !$0.hasPrefix("importRecord:") }.joined(separator: "\n")
        for secret in ["Secret", "251.5", "252", "12.5", "140", "Car", "driving", "GPSLogger"] {
            #expect(!everything.contains(secret), "\(secret) was stored")
        }
    }
}
