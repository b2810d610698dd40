import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// A store driven through the real `dashpilot` binary in Chicago time, its whole record dumped
/// in-process between commands: each refusal's exit status and that it wrote nothing.
struct BinaryStore {
    let folder: TemporaryDirectory
    let path: String
    let out: String

    init(_ name: String) throws {
        folder = try TemporaryDirectory(name)
        path = folder.path("dashpilot.sqlite")
        out = folder.path("log")
    }

    @discardableResult
    func run(_ words: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run([ProcessHarness.dashpilot, "--store", path, "--tz", "America/Chicago"] + words, output: out)
    }

    func dump() throws -> [String] { try dumpRecord(Store.open(at: path, create: false)) }

    func file(_ name: String, _ text: String) throws -> String {
        let file = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// `count` track points a minute apart from `start` (UTC, `2026-11-02T16:00`), in one segment.
    func track(_ name: String, start: String, count: Int) throws -> String {
        let base = try TimeText.instant(start + "Z", zone: .gmt)
        let points = (0..<count).map { index -> String in
            let at = TimeText.local(base.adding(milliseconds: Int64(index) * 60_000), zone: .gmt)
            return "<trkpt lat=\"\(44.97 + Double(index) * 0.0005)\" lon=\"-93.27\"><time>\(at)</time></trkpt>"
        }
        return try file(name, """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """)
    }
}

/// Issue 17, item 5: `shift edit` corrects a completed shift's times in place (docs/cli.md
/// "shift edit"). Before: no command changed a shift's times; delete and retype lost its route,
/// deliveries and tips.
@Suite struct ShiftEditTests {
    @Test func anEditKeepsTheRouteAndDeliveriesAndSaysWhatTheTimesWere() throws {
        let store = try BinaryStore("DashPilotShiftEdit")
        #expect(try store.run("shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15", "--pause", "12:00/12:20").status == 0)
        // 16:40Z is 10:40 in Chicago: 30 positions 10:40-11:09, on the driver's shift.
        #expect(try store.run("import", "gpx", try store.track("a.gpx", start: "2026-11-02T16:40", count: 30)).status == 0)
        #expect(try store.run("delivery", "add", "--shift", "1", "--accepted", "11:00", "--delivered", "11:25", "--pay", "8.50").status == 0)
        let edited = try store.run("shift", "edit", "1", "--start", "2026-11-02T10:00")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout == "shift 1: 2026-11-02 10:30-14:15 -> 10:00-14:15 (was 10:30)\n")
        let both = try store.run("shift", "edit", "1", "--start", "2026-11-02T10:15", "--end", "2026-11-02T16:00")
        #expect(both.stdout == "shift 1: 2026-11-02 10:00-14:15 -> 10:15-16:00 (was 10:00-14:15)\n", "\(both.stderr)")
        let direct = try Store.open(at: store.path, create: false)
        #expect(try direct.routeSampleCount(shiftID: 1) == 30)
        #expect(try direct.deliveries(of: 1).count == 1)
        #expect(try direct.pauses(of: 1).count == 1)
        #expect(try direct.requireShift(1).start == (try TimeText.instant("2026-11-02T16:15Z", zone: .gmt)))
    }

    @Test func anEditLeavingRecordsOutsideIsRefusedNamingThemAndWritesNothing() throws {
        let store = try BinaryStore("DashPilotShiftEditMisfit")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00")
        // 30 positions 11:50-12:19 local.
        try store.run("import", "gpx", try store.track("a.gpx", start: "2026-11-02T17:50", count: 30))
        for (accepted, delivered) in [("12:14", "12:30"), ("12:40", "13:00"), ("13:10", "13:20"), ("11:00", "11:20")] {
            #expect(try store.run("delivery", "add", "--shift", "1", "--accepted", accepted, "--delivered", delivered).status == 0)
        }
        let before = try store.dump()
        let refused = try store.run("shift", "edit", "1", "--end", "2026-11-02T12:00")
        #expect(refused.status == 65)
        #expect(refused.stderr == "dashpilot: error: shift 1: 3 deliveries and 19 route positions fall outside 10:00-12:00; the first at 12:01; "
                + "nothing was written\n")
        #expect(try store.dump() == before)
        // A pause is named too.
        try store.run("shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T14:00", "--pause", "10:10/10:20")
        let pause = try store.run("shift", "edit", "2", "--start", "2026-11-03T10:15")
        #expect(pause.status == 65)
        #expect(pause.stderr.contains("shift 2: 1 pause falls outside 10:15-14:00; the first at 10:10"), "\(pause.stderr)")
    }

    @Test func anOverlapAnEndBeforeTheStartAndAnActiveOrMissingShiftAreRefused() throws {
        let store = try BinaryStore("DashPilotShiftEditRefusals")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00")
        try store.run("shift", "add", "--start", "2026-11-02T15:00", "--end", "2026-11-02T18:00")
        let before = try store.dump()
        let overlap = try store.run("shift", "edit", "1", "--end", "2026-11-02T15:30")
        #expect(overlap.status == 65)
        #expect(overlap.stderr == "dashpilot: error: shift 1 at 2026-11-02 10:00-15:30 would overlap shift 2 (2026-11-02 15:00-18:00); "
                + "shifts cannot overlap; nothing was written\n")
        let backwards = try store.run("shift", "edit", "1", "--start", "2026-11-02T14:30")
        #expect(backwards.status == 65)
        #expect(backwards.stderr.contains("the end (2026-11-02 Mon 14:00) is not after the start (2026-11-02 Mon 14:30)"), "\(backwards.stderr)")
        #expect(try store.run("shift", "edit", "9", "--start", "2026-11-02T09:00").status == 1)
        #expect(try store.run("shift", "edit", "1").status == 64)
        #expect(try store.dump() == before)
    }

    /// A shift an import made: its times are its evidence's (docs/record.md), refused naming the import.
    @Test func aShiftAnImportMadeIsRefusedNamingTheImport() throws {
        let store = try BinaryStore("DashPilotShiftEditMade")
        #expect(try store.run("import", "gpx", try store.track("week45.gpx", start: "2026-11-02T16:00", count: 20)).status == 0)
        let before = try store.dump()
        let refused = try store.run("shift", "edit", "1", "--start", "2026-11-02T09:00")
        #expect(refused.status == 65)
        #expect(refused.stderr.hasPrefix("dashpilot: error: shift 1 was made by import 1 (week45.gpx): its times are its evidence's"), "\(refused.stderr)")
        #expect(try store.dump() == before)
        // Undo still removes it whole: the edit changed nothing.
        #expect(try store.run("imports", "undo", "1").status == 0)
        #expect(try store.run("shifts").stdout == "no shifts\n")
    }

    /// The real clock (the binary's): an end after it needs --allow-future, exit 64, in local time.
    @Test func anEndInTheFutureNeedsAllowFuture() throws {
        let store = try BinaryStore("DashPilotShiftEditFuture")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00")
        let before = try store.dump()
        let refused = try store.run("shift", "edit", "1", "--end", "2099-11-02T14:00")
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("dashpilot: error: --end 2099-11-02 Mon 14:00 (America/Chicago) is after now ("), "\(refused.stderr)")
        #expect(refused.stderr.contains("needs --allow-future"))
        #expect(try store.dump() == before)
        let allowed = try store.run("shift", "edit", "1", "--end", "2099-11-02T14:00", "--allow-future")
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.hasPrefix("shift 1: 2026-11-02 10:00-14:00 -> 10:00-14:00+"), "\(allowed.stdout)")
        #expect(allowed.stdout.hasSuffix(" (was 14:00)\n"))
    }

    /// `--platform`: the platform of the one figure you typed (a shift has none of its own).
    @Test func platformMovesYourOneTypedFigureAndRefusesWhenThereIsNoneOrSeveral() throws {
        let store = try BinaryStore("DashPilotShiftEditPlatform")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00", "--earnings", "88.20")
        let moved = try store.run("shift", "edit", "1", "--platform", "DoorDash")
        #expect(moved.stdout == "shift 1: your earnings 88.20 (tips not reported) are for DoorDash (was the whole shift)\n", "\(moved.stderr)")
        let again = try store.run("shift", "edit", "1", "--platform", "Uber Eats")
        #expect(again.stdout == "shift 1: your earnings 88.20 (tips not reported) are for Uber Eats (was DoorDash)\n")
        let direct = try Store.open(at: store.path, create: false)
        #expect(try direct.requireShift(1).earnings == nil)
        #expect(try direct.shiftEarnings(of: 1).map(\.platform) == ["Uber Eats"])
        try store.run("shift", "earnings", "1", "10", "--platform", "DoorDash")
        let before = try store.dump()
        let several = try store.run("shift", "edit", "1", "--platform", "Grubhub")
        #expect(several.status == 65)
        #expect(several.stderr.contains("shift 1 holds your figures for DoorDash, Uber Eats"), "\(several.stderr)")
        #expect(try store.dump() == before)
        try store.run("shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T14:00")
        let withSecond = try store.dump()
        let none = try store.run("shift", "edit", "2", "--platform", "Grubhub")
        #expect(none.status == 65)
        #expect(none.stderr.contains("shift 2 holds no earnings you typed"))
        // With times too: one transaction, so the refused platform leaves the times as they were.
        let both = try store.run("shift", "edit", "2", "--start", "2026-11-03T09:00", "--platform", "Grubhub")
        #expect(both.status == 65)
        #expect(try store.dump() == withSecond)
    }
}
