@testable import DashImport
import DashModel
import Foundation
import Testing
import TestSupport

/// Times as GPX writers write them: offsets, fractions, no zone.
@Suite struct GPXTimeTests {
    static func instant(ofTime time: String) throws -> Instant? {
        try readGPX(GPXText.track([GPXText.point("1", "2", time)])).points.first?.at
    }

    @Test(arguments: [
        "2026-11-02T14:03:07Z", "2026-11-02T14:03:07z", "2026-11-02T14:03:07+00:00", "2026-11-02T14:03:07-00:00",
        "2026-11-02T19:33:07+05:30", "2026-11-02T19:33:07+0530", "2026-11-02T06:03:07-08:00", "2026-11-02T06:03:07-0800",
        "2026-11-03T03:48:07+13:45", "2026-11-02T00:03:07-14:00",
    ])
    func offsetsGiveTheSameInstant(time: String) throws {
        #expect(try Self.instant(ofTime: time) == (try utc(2026, 11, 2, 14, 3, 7)))
    }

    @Test func anOffsetCarriesTheInstantAcrossMidnightAndMonthEnds() throws {
        #expect(try Self.instant(ofTime: "2026-12-31T20:00:00-05:00") == (try utc(2027, 1, 1, 1, 0, 0)))
        #expect(try Self.instant(ofTime: "2027-03-01T01:00:00+02:00") == (try utc(2027, 2, 28, 23, 0, 0)))
    }

    @Test(arguments: [
        (".1", 100), (".12", 120), (".123", 123), (".1234", 123), (".12345", 123), (".123456", 123), (".1234567", 123),
        (".12345678", 123), (".123456789", 123), (".999999999", 999), (".0009", 0), (".5", 500), (".05", 50), (".005", 5),
        (".000", 0), (".9999999999999", 999),
    ])
    func fractionalSecondsAreKeptToTheMillisecondTruncated(fraction: String, milliseconds: Int) throws {
        let expected = try utc(2026, 11, 2, 14, 3, 7, ms: milliseconds)
        #expect(try Self.instant(ofTime: "2026-11-02T14:03:07\(fraction)Z") == expected)
        // With an offset too.
        #expect(try Self.instant(ofTime: "2026-11-02T08:03:07\(fraction)-06:00") == expected)
        // And with no zone.
        #expect(try Self.instant(ofTime: "2026-11-02T14:03:07\(fraction)") == expected)
    }

    @Test func timesWithoutAZoneAreUTCAndCounted() throws {
        let reading = try readGPX(GPXText.track([
            GPXText.point("1", "2", "2026-11-02T14:03:07"),
            GPXText.point("1", "2", "2026-11-02T14:03:08Z"),
            GPXText.point("1", "2", "2026-11-02T14:03:09.5"),
            GPXText.point("1", "2", "2026-11-02T09:03:10-05:00"),
        ]))
        let summary = try #require(reading.summary, "refused: \(reading.problems)")
        #expect(summary.timesWithoutZone == 2)
        #expect(reading.points.map(\.at) == [
            try utc(2026, 11, 2, 14, 3, 7), try utc(2026, 11, 2, 14, 3, 8), try utc(2026, 11, 2, 14, 3, 9, ms: 500),
            try utc(2026, 11, 2, 14, 3, 10),
        ])
    }

    @Test func aSpaceOrLowerCaseTSeparatorIsRead() throws {
        #expect(try Self.instant(ofTime: "2026-11-02t14:03:07Z") == (try utc(2026, 11, 2, 14, 3, 7)))
        #expect(try Self.instant(ofTime: "  2026-11-02T14:03:07Z\n ") == (try utc(2026, 11, 2, 14, 3, 7)))
    }

    @Test func extremesOfTheCalendarAreRead() throws {
        #expect(try Self.instant(ofTime: "1970-01-01T00:00:00Z") == Instant(millisecondsSinceEpoch: 0))
        #expect(try Self.instant(ofTime: "1969-12-31T23:59:59.999Z") == Instant(millisecondsSinceEpoch: -1))
        #expect(try Self.instant(ofTime: "2000-02-29T12:00:00Z") == (try utc(2000, 2, 29, 12, 0, 0)))
        #expect(try Self.instant(ofTime: "1900-02-29T12:00:00Z") == nil)
    }

    // GPXTime directly.

    static func parse(_ text: String) -> Result<GPXTime.Reading, GPXTime.Failure> {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in Result { () throws(GPXTime.Failure) -> GPXTime.Reading in try GPXTime.parse(buffer) } }
    }

    @Test func gpxTimeSaysWhetherAZoneWasGiven() throws {
        #expect((try Self.parse("2026-11-02T14:03:07Z").get()).hadZone)
        #expect((try Self.parse("2026-11-02T14:03:07+01:00").get()).hadZone)
        #expect(!(try Self.parse("2026-11-02T14:03:07").get()).hadZone)
    }

    @Test func gpxTimeTellsImpossibleFromUnreadable() {
        #expect(throws: GPXTime.Failure.impossible) { try Self.parse("2026-02-30T14:03:07Z").get() }
        #expect(throws: GPXTime.Failure.impossible) { try Self.parse("2026-02-30T14:03:07").get() }
        #expect(throws: GPXTime.Failure.unreadable) { try Self.parse("2026-02-3T14:03:07Z").get() }
        #expect(throws: GPXTime.Failure.unreadable) { try Self.parse("").get() }
        #expect(throws: GPXTime.Failure.unreadable) { try Self.parse("2026-11-02T14:03:07+01").get() }
        #expect(throws: GPXTime.Failure.unreadable) { try Self.parse("2026-11-02T14:03:07.").get() }
        #expect(throws: GPXTime.Failure.unreadable) { try Self.parse("+2026-11-02T14:03:07Z").get() }
        #expect(throws: GPXTime.Failure.unreadable) { try Self.parse("2026-11-02T14:03:07 Z").get() }
    }
}
