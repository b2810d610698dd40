import Foundation

/// A wall-clock date and time with no zone: year, month, day, hour, minute, second, millisecond.
///
/// Calendar arithmetic is integer arithmetic on the proleptic Gregorian calendar (days from
/// civil, after H. Hinnant's algorithms), so it is exact, fast, and the same under any `TZ`.
public struct CivilTime: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    /// Refuses impossible fields: February 30, hour 24, minute 60. A leap second (60) is refused:
    /// no writer we read emits one, and a time that cannot be placed is better refused than moved.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) throws(ModelError) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilTime.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
              (0...999).contains(millisecond)
        else {
            throw .impossibleTime(String(format: "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, second))
        }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The wall time at `instant` seen with a UTC offset of `offsetSeconds`.
    public init(instant: Instant, offsetSeconds: Int) {
        let local = instant.millisecondsSinceEpoch + Int64(offsetSeconds) * 1000
        let (days, msOfDay) = local.floorDivided(by: 86_400_000)
        let (y, m, d) = CivilTime.civil(fromDays: days)
        year = y
        month = m
        day = d
        hour = Int(msOfDay / 3_600_000)
        minute = Int(msOfDay / 60_000 % 60)
        second = Int(msOfDay / 1000 % 60)
        millisecond = Int(msOfDay % 1000)
    }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a civil date.
    public static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date `days` after 1970-01-01.
    public static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// This wall time read as if it were UTC, in milliseconds since the epoch.
    public var millisecondsAsIfUTC: Int64 {
        CivilTime.days(year: year, month: month, day: day) * 86_400_000
            + Int64(hour) * 3_600_000 + Int64(minute) * 60_000 + Int64(second) * 1000 + Int64(millisecond)
    }

    /// The instant this wall time names at a fixed UTC offset.
    public func instant(offsetSeconds: Int) -> Instant {
        Instant(millisecondsSinceEpoch: millisecondsAsIfUTC - Int64(offsetSeconds) * 1000)
    }

    /// The one instant this wall time names in `zone`. A wall time skipped by a DST change (a gap)
    /// or lived twice (an overlap) is refused, not guessed: the caller must give an offset.
    public func instant(in zone: TimeZone) throws(ModelError) -> Instant {
        let asUTC = millisecondsAsIfUTC
        // Every offset in force within a day and a half either side; transitions closer together
        // than that do not occur in the tz database's current rules.
        var offsets: [Int] = []
        for probe in [asUTC - 129_600_000, asUTC, asUTC + 129_600_000] {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(probe) / 1000))
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        var matches: [Instant] = []
        for offset in offsets {
            let candidate = instant(offsetSeconds: offset)
            let actual = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(candidate.millisecondsSinceEpoch) / 1000))
            if actual == offset, !matches.contains(candidate) { matches.append(candidate) }
        }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw .nonexistentLocalTime(iso8601Local, zone.identifier)
        default: throw .ambiguousLocalTime(iso8601Local, zone.identifier)
        }
    }

    /// `2026-11-02T09:00:00`, with `.123` when there are milliseconds.
    public var iso8601Local: String {
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
        if millisecond != 0 { text += String(format: ".%03d", millisecond) }
        return text
    }

    /// ISO 8601 with the offset: `2026-11-02T09:00:00-05:00`, or `Z` for a zero offset.
    public func iso8601(offsetSeconds: Int) -> String {
        iso8601Local + Self.offsetText(offsetSeconds)
    }

    /// `Z`, `+01:00`, `-05:30`.
    public static func offsetText(_ seconds: Int) -> String {
        guard seconds != 0 else { return "Z" }
        // Offsets before standard time (local mean time, e.g. -04:56:02 in New York) keep their
        // seconds, so every printed time reads back as the same instant.
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", magnitude / 3600, magnitude / 60 % 60)
        if magnitude % 60 != 0 { text += String(format: ":%02d", magnitude % 60) }
        return text
    }

    /// The weekday, 1 = Monday ... 7 = Sunday (ISO 8601).
    public var isoWeekday: Int {
        let days = CivilTime.days(year: year, month: month, day: day)
        let (_, remainder) = (days + 3).floorDivided(by: 7)  // 1970-01-01 was a Thursday
        return Int(remainder) + 1
    }
}

extension Int64 {
    /// Quotient and non-negative remainder (floor division), for instants before 1970 too.
    func floorDivided(by divisor: Int64) -> (Int64, Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
