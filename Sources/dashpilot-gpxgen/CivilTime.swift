import DashModel

/// Calendar arithmetic without Foundation's `Date` or time zone database: the generator must give
/// the same bytes everywhere, so Chicago's offset comes from the US rule written out here.
enum Civil {
    /// Days since 1970-01-01 for a proleptic Gregorian date (DashModel's calendar arithmetic).
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        Int(CivilTime.days(year: year, month: month, day: day))
    }

    /// The date of a day number.
    static func date(_ days: Int) -> (year: Int, month: Int, day: Int) {
        CivilTime.civil(fromDays: Int64(days))
    }

    /// 0 = Sunday ... 6 = Saturday.
    static func weekday(_ days: Int) -> Int {
        ((days % 7) + 7 + 4) % 7
    }

    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// Day number of the n-th Sunday (1-based) of a month.
    static func nthSunday(_ year: Int, _ month: Int, _ n: Int) -> Int {
        let first = days(year, month, 1)
        let toSunday = (7 - weekday(first)) % 7
        return first + toSunday + 7 * (n - 1)
    }

    /// America/Chicago's UTC offset in seconds at a UTC instant, by the US rule in force since
    /// 2007: daylight time from the second Sunday of March, 02:00 CST (08:00 UTC), to the first
    /// Sunday of November, 02:00 CDT (07:00 UTC).
    static func chicagoOffset(utcSeconds: Int64) -> Int {
        let dayNumber = Int(floorDiv(utcSeconds, 86_400))
        let year = date(dayNumber).year
        let start = Int64(nthSunday(year, 3, 2)) * 86_400 + 8 * 3600
        let end = Int64(nthSunday(year, 11, 1)) * 86_400 + 7 * 3600
        return (utcSeconds >= start && utcSeconds < end) ? -5 * 3600 : -6 * 3600
    }

    /// The UTC instant of a Chicago wall-clock time (times inside the spring-forward gap are
    /// read as standard time; the generator never asks for them).
    static func utcSeconds(chicagoDay: Int, secondOfDay: Int) -> Int64 {
        let local = Int64(chicagoDay) * 86_400 + Int64(secondOfDay)
        let standard = local + 6 * 3600
        let offset = chicagoOffset(utcSeconds: standard)
        return local - Int64(offset)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Parses `YYYY-MM-DD` into a day number.
    static func parseDate(_ text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        let n = days(y, m, d)
        let back = date(n)
        guard back.year == y, back.month == m, back.day == d else { return nil }
        return n
    }

    static func isoDate(_ days: Int) -> String {
        let d = date(days)
        return "\(d.year)-\(pad2(d.month))-\(pad2(d.day))"
    }

    static func pad2(_ v: Int) -> String {
        v < 10 ? "0\(v)" : "\(v)"
    }
}
