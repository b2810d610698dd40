import DashModel
import Testing

@Suite("CivilTime: calendar arithmetic")
struct CivilTimeTests {
    @Test("known dates map to known day numbers")
    func knownDays() {
        #expect(CivilTime.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilTime.days(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilTime.days(year: 1, month: 1, day: 1) == -719_162)
        #expect(CivilTime.days(year: 9999, month: 12, day: 31) == 2_932_896)
        #expect(CivilTime.days(year: 1969, month: 12, day: 31) == -1)
    }

    @Test("days round-trip over every day from year 1 to 9999, each the day after the one before")
    func daysRoundTrip() {
        var previous = CivilTime.civil(fromDays: -719_163)  // 0000-12-31, proleptic
        #expect(previous.year == 0 && previous.month == 12 && previous.day == 31)
        var failures = 0
        for days in Int64(-719_162)...2_932_896 {
            let date = CivilTime.civil(fromDays: days)
            if CivilTime.days(year: date.year, month: date.month, day: date.day) != days { failures += 1 }
            // The next day: same month and day + 1, or the first of the next month (or year).
            let expected: (Int, Int, Int) = previous.day < CivilTime.daysIn(month: previous.month, year: previous.year)
                ? (previous.year, previous.month, previous.day + 1)
                : previous.month < 12 ? (previous.year, previous.month + 1, 1) : (previous.year + 1, 1, 1)
            if (date.year, date.month, date.day) != expected { failures += 1 }
            previous = date
        }
        #expect(failures == 0)
        #expect(previous.year == 9999 && previous.month == 12 && previous.day == 31)
    }

    @Test("leap years follow the Gregorian rule")
    func leapYears() {
        #expect(CivilTime.isLeap(2028))
        #expect(CivilTime.isLeap(2000))
        #expect(!CivilTime.isLeap(2026))
        #expect(!CivilTime.isLeap(2100))
        #expect(CivilTime.daysIn(month: 2, year: 2028) == 29)
        #expect(CivilTime.daysIn(month: 2, year: 2026) == 28)
        #expect(CivilTime.daysIn(month: 4, year: 2026) == 30)
        #expect(CivilTime.daysIn(month: 12, year: 2026) == 31)
    }

    @Test("impossible fields are refused", arguments: [
        (2026, 2, 29, 0, 0, 0, 0), (2026, 2, 30, 0, 0, 0, 0), (2026, 13, 1, 0, 0, 0, 0), (2026, 1, 1, 24, 0, 0, 0),
        (2026, 1, 1, 0, 60, 0, 0), (2026, 1, 1, 0, 0, 60, 0), (2026, 1, 1, 0, 0, 0, 1000), (0, 1, 1, 0, 0, 0, 0),
        (10000, 1, 1, 0, 0, 0, 0), (2026, 1, 1, -1, 0, 0, 0),
    ])
    func impossibleFields(y: Int, mo: Int, d: Int, h: Int, mi: Int, s: Int, ms: Int) {
        #expect(throws: ModelError.self) {
            try CivilTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s, millisecond: ms)
        }
    }

    @Test("an instant and its wall time round-trip at any offset, before 1970 too", arguments: [0, -18_000, 19_800, 50_400, -43_200])
    func instantRoundTrip(offset: Int) {
        for ms in stride(from: Int64(-4_000_000_000_123), through: 4_000_000_000_000, by: 123_456_789_011) {
            let instant = Instant(millisecondsSinceEpoch: ms)
            let civil = CivilTime(instant: instant, offsetSeconds: offset)
            #expect(civil.instant(offsetSeconds: offset) == instant)
        }
    }

    @Test("wall time fields at an offset")
    func wallFields() throws {
        let civil = CivilTime(instant: Instant(millisecondsSinceEpoch: 1_793_629_815_250), offsetSeconds: -18_000)
        #expect(civil == (try CivilTime(year: 2026, month: 11, day: 2, hour: 9, minute: 30, second: 15, millisecond: 250)))
        #expect(civil.iso8601(offsetSeconds: -18_000) == "2026-11-02T09:30:15.250-05:00")
        #expect(civil.iso8601Local == "2026-11-02T09:30:15.250")
        #expect(CivilTime.offsetText(19_800) == "+05:30")
        #expect(CivilTime.offsetText(0) == "Z")
        #expect(CivilTime.offsetText(-34_200) == "-09:30")
    }

    @Test("ISO weekdays count from Monday")
    func weekdays() throws {
        #expect(try CivilTime(year: 1970, month: 1, day: 1).isoWeekday == 4)  // Thursday
        #expect(try CivilTime(year: 2026, month: 11, day: 2).isoWeekday == 1)  // Monday
        #expect(try CivilTime(year: 2026, month: 11, day: 1).isoWeekday == 7)  // Sunday
        #expect(try CivilTime(year: 1969, month: 12, day: 31).isoWeekday == 3)  // Wednesday
    }

    @Test("intervals are half-open and refuse an end before the start")
    func intervals() throws {
        let a = Instant(millisecondsSinceEpoch: 1000)
        let b = Instant(millisecondsSinceEpoch: 2000)
        let c = Instant(millisecondsSinceEpoch: 3000)
        #expect(throws: ModelError.endsBeforeStart(start: b, end: a)) { try Interval(start: b, end: a) }
        let first = try Interval(start: a, end: b)
        let second = try Interval(start: b, end: c)
        #expect(first.contains(a))
        #expect(!first.contains(b))
        #expect(!first.overlaps(second))  // touching is not overlapping
        #expect(try Interval(start: a, end: c).overlaps(second))
        #expect(first.durationMilliseconds == 1000)
        #expect(try Interval(start: a, end: a).durationMilliseconds == 0)
    }
}
