import DashModel
import Foundation

/// A calendar date with no zone: the unit a report's periods are made of. Arithmetic is
/// integer arithmetic on the proleptic Gregorian calendar (``CivilTime``), the same under any `TZ`.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int64

    public init(number: Int64) { self.number = number }

    /// Refuses an impossible date (February 30).
    public init(year: Int, month: Int, day: Int) throws(ModelError) {
        _ = try CivilTime(year: year, month: month, day: day)
        number = CivilTime.days(year: year, month: month, day: day)
    }

    /// `2026-11-02`, range-checked.
    public init(parsing text: String) throws(ModelError) {
        let date = try TimeText.date(text)
        number = CivilTime.days(year: date.year, month: date.month, day: date.day)
    }

    /// The local date of `instant` in `zone`.
    public init(_ instant: Instant, in zone: TimeZone) {
        let civil = TimeText.civil(instant, zone: zone)
        number = CivilTime.days(year: civil.year, month: civil.month, day: civil.day)
    }

    public var parts: (year: Int, month: Int, day: Int) { CivilTime.civil(fromDays: number) }
    public var year: Int { parts.year }
    public var month: Int { parts.month }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

    public func adding(days: Int64) -> Day { Day(number: number + days) }

    /// The first day of the month `months` after this day's month.
    public func firstOfMonth(adding months: Int = 0) -> Day {
        let (year, month, _) = parts
        let index = year * 12 + (month - 1) + months
        // Years here are 1...9999, so the index is never negative.
        return Day(number: CivilTime.days(year: index / 12, month: index % 12 + 1, day: 1))
    }

    /// 1 = Monday ... 7 = Sunday.
    public var isoWeekday: Int { Int(((number + 3) % 7 + 7) % 7) + 1 }

    /// The ISO 8601 week-numbering year and week (week 1 holds the year's first Thursday).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: Int64(4 - isoWeekday))
        let year = thursday.year
        let firstOfYear = CivilTime.days(year: year, month: 1, day: 1)
        return (year, Int((thursday.number - firstOfYear) / 7) + 1)
    }

    /// The Monday of ISO week `week` of `year`; nil when that year has no such week (53 exists
    /// only in years whose week 1 starts so that 53 Thursdays fall in them).
    public static func isoWeekStart(year: Int, week: Int) -> Day? {
        guard week >= 1, week <= 53 else { return nil }
        // January 4th is always in week 1.
        let january4 = Day(number: CivilTime.days(year: year, month: 1, day: 4))
        let monday = january4.adding(days: Int64(1 - january4.isoWeekday)).adding(days: Int64(week - 1) * 7)
        return monday.isoWeek == (year, week) ? monday : nil
    }

    /// The first instant of this date in `zone`: local midnight, or, where a DST change skips
    /// midnight, the first instant the clocks show this date. Never depends on the process's `TZ`.
    public func start(in zone: TimeZone) -> Instant {
        let midnight = number * 86_400_000
        var offsets: [Int] = []
        for probe in [midnight - 129_600_000, midnight, midnight + 129_600_000] {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(probe) / 1000))
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        // Midnight lived once or twice: the earliest instant whose local time is 00:00 that day.
        let lived = offsets.map { midnight - Int64($0) * 1000 }.filter { Day(Instant(millisecondsSinceEpoch: $0), in: zone) == self
            && TimeText.civil(Instant(millisecondsSinceEpoch: $0), zone: zone).hour == 0 }
        if let first = lived.min() { return Instant(millisecondsSinceEpoch: first) }
        // Midnight skipped: the transition, found by halving between the candidates.
        var low = midnight - Int64(offsets.max() ?? 0) * 1000 - 86_400_000
        var high = midnight - Int64(offsets.min() ?? 0) * 1000 + 86_400_000
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if Day(Instant(millisecondsSinceEpoch: middle), in: zone) >= self { high = middle } else { low = middle }
        }
        return Instant(millisecondsSinceEpoch: high)
    }

    public var description: String {
        let (year, month, day) = parts
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
