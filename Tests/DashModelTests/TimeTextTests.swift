import DashModel
import Foundation
import Testing

/// Every test passes an explicit zone, and the expected instants are constants: the results are
/// the same whatever `TZ` the test process has (the tests never change it).
@Suite("TimeText: strict ISO 8601")
struct TimeTextTests {
    static let newYork = "America/New_York"

    private func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    private func ms(_ text: String, _ zoneID: String = "UTC") throws -> Int64 {
        try TimeText.instant(text, zone: zone(zoneID)).millisecondsSinceEpoch
    }

    @Test("times with Z or an offset are exact, whichever zone is given", arguments: ["UTC", "America/New_York", "Asia/Tokyo", "Pacific/Chatham"])
    func explicitOffsets(zoneID: String) throws {
        #expect(try ms("2026-11-02T14:00:00Z", zoneID) == 1_793_628_000_000)
        #expect(try ms("2026-11-02T14:00Z", zoneID) == 1_793_628_000_000)
        #expect(try ms("2026-11-02t14:00:00z", zoneID) == 1_793_628_000_000)
        #expect(try ms("2026-11-02 14:00:00Z", zoneID) == 1_793_628_000_000)
        #expect(try ms("2026-11-02T09:30:15.250-05:00", zoneID) == 1_793_629_815_250)
        #expect(try ms("2026-11-02T09:30:15.250-0500", zoneID) == 1_793_629_815_250)
        #expect(try ms("2026-11-02T15:00:00+01", zoneID) == 1_793_628_000_000)
        #expect(try ms("2026-11-02T19:30:00+05:30", zoneID) == 1_793_628_000_000)
        #expect(try ms("2026-11-02T14:00:00+00:00", zoneID) == 1_793_628_000_000)
        #expect(try ms("1969-12-31T23:59:59.999Z", zoneID) == -1)
    }

    @Test("fractions are kept to the millisecond and finer digits truncated", arguments: [
        (".1", Int64(100)), (".12", 120), (".123", 123), (".1239", 123), (".999999", 999), (",5", 500), (".000", 0),
    ])
    func fractions(fraction: String, millisecond: Int64) throws {
        #expect(try ms("2026-11-02T14:00:00\(fraction)Z") == 1_793_628_000_000 + millisecond)
    }

    @Test("impossible dates and times are refused, not rolled over", arguments: [
        "2026-02-30T12:00:00Z", "2026-02-29T12:00:00Z", "2026-04-31T00:00Z", "2026-13-01T00:00Z", "2026-00-10T00:00Z",
        "2026-11-00T00:00Z", "2026-11-02T24:00:00Z", "2026-11-02T23:60:00Z", "2026-11-02T23:59:60Z", "2100-02-29T00:00Z",
    ])
    func impossibleRefused(text: String) throws {
        let error = try #require(throws: ModelError.self) { try ms(text) }
        guard case .impossibleTime = error else {
            Issue.record("expected impossibleTime, got \(error)")
            return
        }
    }

    @Test("leap days exist only in leap years")
    func leapDays() throws {
        #expect(try ms("2028-02-29T12:00:00Z") == 1_835_438_400_000)
        #expect(try ms("2000-02-29T00:00Z") == 951_782_400_000)
        #expect(throws: ModelError.self) { try ms("2026-02-29T12:00:00Z") }
    }

    @Test("malformed text is refused as unreadable", arguments: [
        "", "2026-11-02", "2026-11-2T09:30Z", "2026-11-02T9:30Z", "2026-11-02T09:30:1Z", "2026-11-02T09:30:15.Z",
        "2026-11-02T09:30Zjunk", "2026-11-02T09:30:00+15:00", "2026-11-02T09:30:00+05:60", "2026-11-02T09:30:00 +05:00",
        "2026/11/02T09:30Z", "2026-11-02X09:30Z", "2026-11-02T09:30:00+5", "2026-11-02T09:30:00EST", " 2026-11-02T09:30Z",
    ])
    func malformedRefused(text: String) throws {
        #expect(throws: ModelError.unreadableTime(text)) { try ms(text) }
    }

    @Test("a wall time without an offset is read in the given zone, with that date's offset")
    func localTimes() throws {
        #expect(try ms("2026-01-15T09:00", Self.newYork) == 1_768_485_600_000)  // EST, -05:00
        #expect(try ms("2026-07-01T09:00", Self.newYork) == 1_782_910_800_000)  // EDT, -04:00
        #expect(try ms("2026-11-02T14:00:00", "UTC") == 1_793_628_000_000)
        #expect(try ms("2026-11-02T23:00:00", "Asia/Tokyo") == 1_793_628_000_000)
        // Either side of the gap and the overlap are ordinary times.
        #expect(try ms("2026-03-08T01:59", Self.newYork) == 1_772_953_140_000)
        #expect(try ms("2026-03-08T03:30", Self.newYork) == 1_772_955_000_000)
        #expect(try ms("2026-11-01T02:30", Self.newYork) == 1_793_518_200_000)
    }

    @Test("a wall time skipped by the spring DST change is refused as nonexistent")
    func dstGapRefused() throws {
        #expect(throws: ModelError.nonexistentLocalTime("2026-03-08T02:30:00", Self.newYork)) {
            try ms("2026-03-08T02:30", Self.newYork)
        }
        #expect(throws: ModelError.nonexistentLocalTime("2026-03-08T02:00:00", Self.newYork)) {
            try ms("2026-03-08T02:00:00", Self.newYork)
        }
    }

    @Test("a wall time lived twice in the autumn DST change is refused as ambiguous")
    func dstOverlapRefused() throws {
        #expect(throws: ModelError.ambiguousLocalTime("2026-11-01T01:30:00", Self.newYork)) {
            try ms("2026-11-01T01:30", Self.newYork)
        }
        // With an offset either reading is exact: 01:30 EDT and 01:30 EST are an hour apart.
        let edt = try ms("2026-11-01T01:30-04:00", Self.newYork)
        let est = try ms("2026-11-01T01:30-05:00", Self.newYork)
        #expect(est - edt == 3_600_000)
    }

    @Test("the DST refusals name the zone so the user can give an offset")
    func dstMessages() {
        let text = ModelError.nonexistentLocalTime("2026-03-08T02:30:00", Self.newYork).description
        #expect(text.contains("2026-03-08T02:30:00"))
        #expect(text.contains(Self.newYork))
        #expect(ModelError.ambiguousLocalTime("2026-11-01T01:30:00", Self.newYork).description.contains("twice"))
    }

    @Test("dates are read strictly")
    func dates() throws {
        let date = try TimeText.date("2028-02-29")
        #expect(date.year == 2028 && date.month == 2 && date.day == 29)
        #expect(throws: ModelError.impossibleTime("2026-02-29 00:00:00")) { try TimeText.date("2026-02-29") }
        #expect(throws: ModelError.unreadableDate("2026-2-28")) { try TimeText.date("2026-2-28") }
        #expect(throws: ModelError.unreadableDate("2026-02-28T00:00")) { try TimeText.date("2026-02-28T00:00") }
    }

    @Test("instants print as UTC ISO 8601, with milliseconds only when there are some")
    func instantDescription() {
        #expect(Instant(millisecondsSinceEpoch: 1_793_628_000_000).description == "2026-11-02T14:00:00Z")
        #expect(Instant(millisecondsSinceEpoch: 1_793_628_000_123).description == "2026-11-02T14:00:00.123Z")
        #expect(Instant(millisecondsSinceEpoch: -1).description == "1969-12-31T23:59:59.999Z")
        #expect(Instant(secondsSinceEpoch: 0).description == "1970-01-01T00:00:00Z")
    }

    @Test("local text carries the zone's offset at that instant and reads back to the same instant")
    func localRoundTrip() throws {
        let newYork = try zone(Self.newYork)
        let winter = Instant(millisecondsSinceEpoch: 1_768_485_600_000)
        let summer = Instant(millisecondsSinceEpoch: 1_782_910_800_250)
        #expect(TimeText.local(winter, zone: newYork) == "2026-01-15T09:00:00-05:00")
        #expect(TimeText.local(summer, zone: newYork) == "2026-07-01T09:00:00.250-04:00")
        for instant in [winter, summer, Instant(millisecondsSinceEpoch: 1_793_518_200_000)] {
            #expect(try TimeText.instant(TimeText.local(instant, zone: newYork), zone: newYork) == instant)
        }
        #expect(TimeText.offsetSeconds(at: summer, in: newYork) == -14_400)
        #expect(TimeText.civil(summer, zone: newYork).hour == 9)
    }
}
