import DashStore
import Foundation
import Testing
import TestSupport

/// Issue 17, item 5, a property: editing a shift and editing it back gives the same record (the
/// whole dump) and the same report bytes, whatever the edit, when everything still fits.
@Suite struct ShiftEditRoundTripTests {
    @Test(arguments: [UInt64(5), 42, 2026])
    func editingAShiftAndBackGivesTheSameRecordAndReport(seed: UInt64) throws {
        let store = try BinaryStore("DashPilotShiftEditRoundTrip")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00", "--pause", "12:00/12:15", "--earnings", "70")
        // 40 positions 11:00-11:39 local, a delivery 11:10-11:30 with a cash tip.
        try store.run("import", "gpx", try store.track("a.gpx", start: "2026-11-02T17:00", count: 40))
        try store.run("delivery", "add", "--shift", "1", "--accepted", "11:10", "--delivered", "11:30", "--pay", "9")
        try store.run("tip", "add", "1", "4", "--method", "cash", "--at", "2026-11-02T11:31")
        try store.run("shift", "add", "--start", "2026-11-02T18:00", "--end", "2026-11-02T20:00")
        func reports() throws -> [String] {
            try ["text", "json", "csv"].map { try store.run("report", "--range", "2026-11", "--shifts", "--format", $0).stdout }
        }
        let record = try store.dump(), report = try reports()
        var random = SplitMix64(state: seed)
        for _ in 0..<3 {
            // A start from 06:00 to 11:00 and an end from 12:15 to 17:59, by the minute.
            let start = 360 + Int(random.next() % 301), end = 735 + Int(random.next() % 345)
            func at(_ minutes: Int) -> String { String(format: "2026-11-02T%02d:%02d", minutes / 60, minutes % 60) }
            let edited = try store.run("shift", "edit", "1", "--start", at(start), "--end", at(end))
            #expect(edited.status == 0, "\(edited.stderr)")
            #expect(try store.run("shift", "edit", "1", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00").status == 0)
            #expect(try store.dump() == record)
            #expect(try reports() == report)
        }
    }
}
