import DashIngest
import DashModel
import DashStore
import Foundation
import Testing

/// Issue 18, "no cost grows with the square of anything": an import's work (SQLite's
/// instructions, counted: the same on a loaded machine) doubles at most a little more than its
/// input, and barely grows with what the store already holds. Each case failed before the fix
/// it guards (docs/performance.md "The doubling series"): a shift log's islands each read every
/// earlier shift; a GPX file's tracks each scanned every capture session, and its sessions were
/// grouped by shift with a filter per shift.
@Suite("import growth")
struct ImportGrowthTests {
    /// `count` one-hour shifts, four a day from 2010-01-01, skipping the first `skip` slots.
    static func shiftLog(_ count: Int, skip: Int = 0) -> String {
        var text = "Date,Start,End,Platform,Earnings,Tips\n"
        let first = CivilTime.days(year: 2010, month: 1, day: 1)
        for slot in skip..<(skip + count) {
            let date = CivilTime.civil(fromDays: first + Int64(slot / 4))
            let hour = [6, 9, 13, 18][slot % 4]
            text += String(format: "%04d-%02d-%02d,%02d:00,%02d:00,DoorDash,%d.%02d,\n", date.year, date.month, date.day, hour, hour + 1,
                           20 + slot % 30, slot % 100)
        }
        return text
    }

    /// `count` tracks of two points 30 s apart from 2015-01-01T06:00Z, `apart` seconds apart
    /// (three hours: each its own shift).
    static func manyTracks(_ count: Int, apart: Int = 10_800) -> String {
        var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
        let start = 1_420_092_000  // 2015-01-01T06:00:00Z
        let formatter = ISO8601DateFormatter()
        for index in 0..<count {
            text += "<trk><trkseg>"
            for step in 0..<2 {
                let date = Date(timeIntervalSince1970: Double(start + index * apart + step * 30))
                text += "<trkpt lat=\"41.\(1000 + index % 1000)\" lon=\"-87.6\(100 + step)\"><time>\(formatter.string(from: date))</time></trkpt>"
            }
            text += "</trkseg></trk>"
        }
        return text + "</gpx>\n"
    }

    func logWork(_ bench: IngestBench, _ text: String, name: String) throws -> Int {
        let template = try bench.template("shift-log")
        let (end, work) = try bench.store.connection.countingInstructions { try bench.statement(name, text, template: template) }
        #expect(end.importID != nil)
        return work
    }

    @Test("a shift log twice as long costs at most 2.3 times the work")
    func shiftLogDoubles() throws {
        let small = try logWork(try IngestBench(), Self.shiftLog(400), name: "small.csv")
        let large = try logWork(try IngestBench(), Self.shiftLog(800), name: "large.csv")
        #expect(Double(large) / Double(small) < 2.3, "400 rows: \(small)k instructions, 800 rows: \(large)k")
    }

    @Test("100 rows cost about the same into a store of 1,600 shifts as into an empty one")
    func shiftLogIntoFullStore() throws {
        let empty = try logWork(try IngestBench(), Self.shiftLog(100, skip: 1_600), name: "late.csv")
        let full = try IngestBench()
        _ = try logWork(full, Self.shiftLog(1_600), name: "early.csv")
        let into = try logWork(full, Self.shiftLog(100, skip: 1_600), name: "late.csv")
        #expect(Double(into) / Double(empty) < 1.5, "into empty: \(empty)k instructions, into 1,600 shifts: \(into)k")
    }

    @Test("a GPX file of twice as many tracks costs at most 2.3 times the work")
    func manyTracksDouble() throws {
        func work(_ count: Int) throws -> Int {
            let bench = try IngestBench()
            let (end, work) = try bench.store.connection.countingInstructions { try bench.gpx("tracks-\(count).gpx", Self.manyTracks(count)) }
            #expect(end.importID != nil)
            return work
        }
        let small = try work(300), large = try work(600)
        #expect(Double(large) / Double(small) < 2.3, "300 tracks: \(small)k instructions, 600 tracks: \(large)k")
    }
}
