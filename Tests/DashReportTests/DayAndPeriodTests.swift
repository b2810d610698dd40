import DashModel
@testable import DashReport
import Foundation
import Testing

/// Days, ISO weeks, the first instant of a day in a zone, and the periods a report is cut into.
/// Every expected instant is a fixed UTC time worked out from the zone's rules, so the results
/// cannot depend on the process's `TZ` (which these tests never change).
@Suite("Day and Period")
struct DayAndPeriodTests {
    static func day(_ text: String) throws -> Day { try Day(parsing: text) }

    static func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }

    /// A UTC instant from its wall time at offset zero.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) throws -> Instant {
        try CivilTime(year: year, month: month, day: day, hour: hour, minute: minute).instant(offsetSeconds: 0)
    }

    static let hour: Int64 = 3_600_000

    // MARK: - Day

    @Test("a date parses to its day number and prints back")
    func parsing() throws {
        // 1970..2025 is 56 years with 14 leap days (1972...2024): 56 * 365 + 14 = 20454.
        let newYear = try Self.day("2026-01-01")
        #expect(newYear.number == 20_454)
        #expect(try Self.day("1970-01-01").number == 0)
        #expect(try Self.day("1969-12-31").number == -1)
        let date = try Self.day("2026-11-02")
        #expect(date.number == 20_454 + 305)  // Jan..Oct of a common year: 304 days, then the 2nd
        #expect(date.year == 2026 && date.month == 11 && date.parts.day == 2)
        #expect(date.description == "2026-11-02")
        #expect(try Day(year: 2026, month: 11, day: 2) == date)
        #expect(try Self.day("2028-02-29").adding(days: 1) == Self.day("2028-03-01"))
    }

    @Test("an impossible or malformed date is refused", arguments: ["2026-02-30", "2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
                                                                    "2026-2-3", "2026-02-03T00:00", "", "20260203"])
    func refusal(text: String) {
        #expect(throws: ModelError.self) { try Day(parsing: text) }
    }

    @Test("Day(year:month:day:) refuses February 30")
    func refusalByParts() {
        #expect(throws: ModelError.self) { try Day(year: 2026, month: 2, day: 30) }
        #expect(throws: ModelError.self) { try Day(year: 2026, month: 13, day: 1) }
    }

    @Test("ISO weekday, 1 = Monday ... 7 = Sunday", arguments: [
        ("1970-01-01", 4), ("1969-12-31", 3), ("2026-01-01", 4), ("2026-03-08", 7), ("2026-03-09", 1),
        ("2026-11-01", 7), ("2026-11-30", 1), ("2026-12-31", 4), ("2027-01-01", 5), ("2028-02-29", 2),
    ])
    func isoWeekday(text: String, weekday: Int) throws {
        #expect(try Self.day(text).isoWeekday == weekday)
    }

    @Test("ISO week-numbering year and week", arguments: [
        ("2026-12-31", 2026, 53), ("2027-01-01", 2026, 53), ("2027-01-02", 2026, 53), ("2027-01-03", 2026, 53),
        ("2027-01-04", 2027, 1), ("2026-12-28", 2026, 53), ("2026-12-27", 2026, 52),
        ("2026-01-01", 2026, 1), ("2025-12-29", 2026, 1), ("2025-12-28", 2025, 52),
        ("2026-03-30", 2026, 14), ("2026-04-05", 2026, 14), ("2024-12-30", 2025, 1), ("2021-01-03", 2020, 53),
    ])
    func isoWeek(text: String, year: Int, week: Int) throws {
        let got = try Self.day(text).isoWeek
        #expect(got.year == year)
        #expect(got.week == week)
    }

    @Test("the Monday of an ISO week, or nil for a week the year does not have", arguments: [
        (2026, 53, "2026-12-28"), (2026, 1, "2025-12-29"), (2026, 14, "2026-03-30"), (2027, 1, "2027-01-04"),
        (2025, 52, "2025-12-22"), (2020, 53, "2020-12-28"), (2027, 53, nil), (2025, 53, nil), (2026, 0, nil), (2026, 54, nil),
    ] as [(Int, Int, String?)])
    func isoWeekStart(year: Int, week: Int, monday: String?) throws {
        let expected = try monday.map { try Self.day($0) }
        #expect(Day.isoWeekStart(year: year, week: week) == expected)
    }

    @Test("years with 53 ISO weeks: 2015, 2020, 2026; with 52: 2024, 2025, 2027", arguments: [
        (2015, 53), (2020, 53), (2026, 53), (2024, 52), (2025, 52), (2027, 52),
    ])
    func weeksInYear(year: Int, weeks: Int) {
        #expect((Day.isoWeekStart(year: year, week: 53) != nil ? 53 : 52) == weeks)
        #expect(Day.isoWeekStart(year: year, week: 52) != nil)
    }

    // MARK: - The first instant of a day

    @Test("New York: midnight, and days of 23 and 25 hours around the DST changes")
    func startInNewYork() throws {
        let zone = try Self.zone("America/New_York")
        // 2026-03-08 starts in EST (-5); clocks jump 02:00 -> 03:00 that morning.
        #expect(try Self.day("2026-03-08").start(in: zone) == Self.utc(2026, 3, 8, 5))
        #expect(try Self.day("2026-03-09").start(in: zone) == Self.utc(2026, 3, 9, 4))
        // 2026-11-01 starts in EDT (-4); clocks fall back 02:00 -> 01:00.
        #expect(try Self.day("2026-11-01").start(in: zone) == Self.utc(2026, 11, 1, 4))
        #expect(try Self.day("2026-11-02").start(in: zone) == Self.utc(2026, 11, 2, 5))
        #expect(try Self.day("2026-07-01").start(in: zone) == Self.utc(2026, 7, 1, 4))

        func length(_ text: String) throws -> Int64 {
            let day = try Self.day(text)
            return day.start(in: zone).milliseconds(to: day.adding(days: 1).start(in: zone))
        }
        #expect(try length("2026-03-07") == 24 * Self.hour)
        #expect(try length("2026-03-08") == 23 * Self.hour)
        #expect(try length("2026-11-01") == 25 * Self.hour)
        #expect(try length("2026-11-02") == 24 * Self.hour)
    }

    /// Zones whose 2026 DST change happens at local midnight, probed with Foundation:
    /// Havana -05:00 -> -04:00 at 2026-03-08T05:00Z (00:00 -> 01:00) and back at 2026-11-01T05:00Z
    /// (01:00 -> 00:00, so midnight of Nov 1 is lived twice); Beirut +02:00 -> +03:00 at
    /// 2026-03-28T22:00Z (00:00 -> 01:00 on Mar 29); Santiago -04:00 -> -03:00 at 2026-09-06T04:00Z.
    @Test("a day whose midnight is skipped starts at the transition; a twice-lived midnight at the first", arguments: [
        ("America/Havana", "2026-03-08", 2026, 3, 8, 5),
        ("America/Havana", "2026-03-07", 2026, 3, 7, 5),
        ("America/Havana", "2026-11-01", 2026, 11, 1, 4),
        ("America/Havana", "2026-11-02", 2026, 11, 2, 5),
        ("Asia/Beirut", "2026-03-29", 2026, 3, 28, 22),
        ("Asia/Beirut", "2026-03-30", 2026, 3, 29, 21),
        ("America/Santiago", "2026-09-06", 2026, 9, 6, 4),
        ("Asia/Tokyo", "2026-01-01", 2025, 12, 31, 15),
        ("UTC", "2026-01-01", 2026, 1, 1, 0),
    ])
    func startAcrossSkippedMidnight(zoneID: String, text: String, year: Int, month: Int, dayOfMonth: Int, hour: Int) throws {
        let zone = try Self.zone(zoneID)
        let day = try Self.day(text)
        let start = day.start(in: zone)
        #expect(start == (try Self.utc(year, month, dayOfMonth, hour)))
        #expect(Day(start, in: zone) == day)
        #expect(Day(start.adding(milliseconds: -1), in: zone) == day.adding(days: -1))
    }

    @Test("Havana's 2026-03-08 is 23 hours and starts at 01:00 local; its 2026-11-01 is 25 hours")
    func havanaLengths() throws {
        let zone = try Self.zone("America/Havana")
        let skipped = try Self.day("2026-03-08")
        #expect(TimeText.civil(skipped.start(in: zone), zone: zone).hour == 1)
        #expect(skipped.start(in: zone).milliseconds(to: skipped.adding(days: 1).start(in: zone)) == 23 * Self.hour)
        let doubled = try Self.day("2026-11-01")
        #expect(doubled.start(in: zone).milliseconds(to: doubled.adding(days: 1).start(in: zone)) == 25 * Self.hour)
    }

    @Test("every day of 2026 starts at the first instant whose local date is that day", arguments: [
        "America/New_York", "America/Chicago", "America/Havana", "America/Santiago", "Asia/Beirut", "Australia/Lord_Howe", "UTC",
    ])
    func startIsFirstInstantOfTheDay(zoneID: String) throws {
        let zone = try Self.zone(zoneID)
        let first = try Self.day("2026-01-01")
        var failures: [String] = []
        for offset in Int64(0)..<366 {
            let day = first.adding(days: offset)
            let start = day.start(in: zone)
            if Day(start, in: zone) != day || Day(start.adding(milliseconds: -1), in: zone) != day.adding(days: -1) {
                failures.append(day.description)
            }
        }
        #expect(failures.isEmpty)
    }

    // MARK: - Period.containing

    @Test("the period of each unit holding a day", arguments: [
        ("2026-03-05", PeriodUnit.day, WeekStart.monday, "2026-03-05", "2026-03-06"),
        ("2026-04-01", .week, .monday, "2026-03-30", "2026-04-06"),
        ("2026-04-01", .week, .sunday, "2026-03-29", "2026-04-05"),
        ("2026-03-29", .week, .monday, "2026-03-23", "2026-03-30"),
        ("2026-03-29", .week, .sunday, "2026-03-29", "2026-04-05"),
        ("2026-03-30", .week, .monday, "2026-03-30", "2026-04-06"),
        ("2026-03-30", .week, .sunday, "2026-03-29", "2026-04-05"),
        ("2026-04-04", .week, .sunday, "2026-03-29", "2026-04-05"),
        ("2026-12-31", .week, .monday, "2026-12-28", "2027-01-04"),
        ("2026-02-15", .month, .monday, "2026-02-01", "2026-03-01"),
        ("2026-12-31", .month, .monday, "2026-12-01", "2027-01-01"),
        ("2026-01-01", .quarter, .monday, "2026-01-01", "2026-04-01"),
        ("2026-05-31", .quarter, .monday, "2026-04-01", "2026-07-01"),
        ("2026-09-30", .quarter, .monday, "2026-07-01", "2026-10-01"),
        ("2026-12-31", .quarter, .monday, "2026-10-01", "2027-01-01"),
        ("2026-07-04", .year, .monday, "2026-01-01", "2027-01-01"),
        ("2026-01-01", .taxQuarter, .monday, "2026-01-01", "2026-04-01"),
        ("2026-03-31", .taxQuarter, .monday, "2026-01-01", "2026-04-01"),
        ("2026-04-01", .taxQuarter, .monday, "2026-04-01", "2026-06-01"),
        ("2026-05-31", .taxQuarter, .monday, "2026-04-01", "2026-06-01"),
        ("2026-06-01", .taxQuarter, .monday, "2026-06-01", "2026-09-01"),
        ("2026-08-31", .taxQuarter, .monday, "2026-06-01", "2026-09-01"),
        ("2026-09-01", .taxQuarter, .monday, "2026-09-01", "2027-01-01"),
        ("2026-12-31", .taxQuarter, .monday, "2026-09-01", "2027-01-01"),
    ])
    func containing(text: String, unit: PeriodUnit, weekStart: WeekStart, start: String, end: String) throws {
        let period = Period.containing(try Self.day(text), unit: unit, weekStart: weekStart)
        #expect(period == Period(start: try Self.day(start), end: try Self.day(end)))
    }

    @Test("for every day of 2025-2027, the period holding it holds it and tiles the calendar", arguments: [
        (PeriodUnit.day, WeekStart.monday), (.week, .monday), (.week, .sunday), (.month, .monday), (.quarter, .monday),
        (.year, .monday), (.taxQuarter, .monday),
    ])
    func containingTiles(unit: PeriodUnit, weekStart: WeekStart) throws {
        let first = try Self.day("2025-01-01")
        var failures: [String] = []
        for offset in Int64(0)..<(365 * 3) {
            let day = first.adding(days: offset)
            let period = Period.containing(day, unit: unit, weekStart: weekStart)
            let next = Period.containing(period.end, unit: unit, weekStart: weekStart)
            if !period.contains(day) || period.start >= period.end || next.start != period.end
                || Period.containing(period.start, unit: unit, weekStart: weekStart) != period {
                failures.append(day.description)
            }
            if unit == .week, period.start.isoWeekday != (weekStart == .monday ? 1 : 7) { failures.append("weekday \(day)") }
        }
        #expect(failures.isEmpty)
    }

    // MARK: - Period.split

    @Test("split clips the first and last period to [from, to)")
    func splitClips() throws {
        let months = Period.split(from: try Self.day("2026-01-10"), to: try Self.day("2026-03-15"), unit: .month)
        #expect(months == [
            Period(start: try Self.day("2026-01-10"), end: try Self.day("2026-02-01")),
            Period(start: try Self.day("2026-02-01"), end: try Self.day("2026-03-01")),
            Period(start: try Self.day("2026-03-01"), end: try Self.day("2026-03-15")),
        ])
        // Wednesday 2026-03-04 to Friday 2026-03-20.
        let mondayWeeks = Period.split(from: try Self.day("2026-03-04"), to: try Self.day("2026-03-20"), unit: .week, weekStart: .monday)
        #expect(mondayWeeks.map(\.start.description) == ["2026-03-04", "2026-03-09", "2026-03-16"])
        #expect(mondayWeeks.map(\.end.description) == ["2026-03-09", "2026-03-16", "2026-03-20"])
        let sundayWeeks = Period.split(from: try Self.day("2026-03-04"), to: try Self.day("2026-03-20"), unit: .week, weekStart: .sunday)
        #expect(sundayWeeks.map(\.start.description) == ["2026-03-04", "2026-03-08", "2026-03-15"])
        #expect(sundayWeeks.map(\.end.description) == ["2026-03-08", "2026-03-15", "2026-03-20"])
        // Inside one period: one clipped row.
        let inside = Period.split(from: try Self.day("2026-05-02"), to: try Self.day("2026-05-03"), unit: .year)
        #expect(inside == [Period(start: try Self.day("2026-05-02"), end: try Self.day("2026-05-03"))])
    }

    @Test("an empty or reversed range splits into nothing")
    func splitEmpty() throws {
        let day = try Self.day("2026-05-02")
        #expect(Period.split(from: day, to: day, unit: .month).isEmpty)
        #expect(Period.split(from: day.adding(days: 1), to: day, unit: .day).isEmpty)
    }

    @Test("a year in tax quarters is 3, 2, 3 and 4 months")
    func splitTaxQuarters() throws {
        let quarters = Period.split(from: try Self.day("2026-01-01"), to: try Self.day("2027-01-01"), unit: .taxQuarter)
        #expect(quarters.map(\.start.description) == ["2026-01-01", "2026-04-01", "2026-06-01", "2026-09-01"])
        #expect(quarters.map(\.end.description) == ["2026-04-01", "2026-06-01", "2026-09-01", "2027-01-01"])
        let months = quarters.map { ($0.end.year * 12 + $0.end.month) - ($0.start.year * 12 + $0.start.month) }
        #expect(months == [3, 2, 3, 4])
    }

    @Test("split covers [from, to) with no gap or overlap, each row inside one period of its unit", arguments: [
        (PeriodUnit.day, WeekStart.monday), (.week, .monday), (.week, .sunday), (.month, .monday), (.quarter, .monday),
        (.year, .monday), (.taxQuarter, .monday),
    ])
    func splitCovers(unit: PeriodUnit, weekStart: WeekStart) throws {
        let from = try Self.day("2025-11-19"), to = try Self.day("2027-02-03")
        let periods = Period.split(from: from, to: to, unit: unit, weekStart: weekStart)
        let first = try #require(periods.first)
        let last = try #require(periods.last)
        #expect(first.start == from)
        #expect(last.end == to)
        for (earlier, later) in zip(periods, periods.dropFirst()) { #expect(earlier.end == later.start) }
        for period in periods {
            #expect(period.start < period.end)
            let whole = Period.containing(period.start, unit: unit, weekStart: weekStart)
            #expect(whole.start <= period.start && period.end <= whole.end)
        }
        let days = periods.reduce(Int64(0)) { $0 + $1.end.number - $1.start.number }
        #expect(days == to.number - from.number)
    }
}
