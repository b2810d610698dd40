import Foundation

extension ModelError {
    /// The message with its instants as the person typed them: the local time in `zone` with
    /// the UTC instant beside, `the end (2026-11-02 09:00 America/Chicago, 15:00Z) is not after
    /// the start (2026-11-02 13:00 America/Chicago, 19:00Z)`. Other cases are `description`.
    public func description(in zone: TimeZone) -> String {
        switch self {
        case let .endsBeforeStart(start, end):
            "the end (\(TimeText.localBesideUTC(end, zone: zone))) is not after the start (\(TimeText.localBesideUTC(start, zone: zone)))"
        default: description
        }
    }
}

extension TimeText {
    /// `2026-11-02 09:00 America/Chicago, 15:00Z`: the local time with the UTC instant beside
    /// (its date too when the UTC date is another day); `2026-11-02 15:00 UTC` in UTC itself.
    /// Seconds are shown only when the instant has them.
    public static func localBesideUTC(_ instant: Instant, zone: TimeZone) -> String {
        let local = civil(instant, zone: zone), utc = CivilTime(instant: instant, offsetSeconds: 0)
        let seconds = instant.millisecondsSinceEpoch % 60_000 != 0
        func time(_ c: CivilTime) -> String {
            String(format: "%02d:%02d", c.hour, c.minute) + (seconds ? String(format: ":%02d", c.second) : "")
        }
        func date(_ c: CivilTime) -> String { String(format: "%04d-%02d-%02d", c.year, c.month, c.day) }
        let name = zone.identifier == "GMT" ? "UTC" : zone.identifier
        if ["UTC", "Etc/UTC"].contains(name) { return "\(date(utc)) \(time(utc)) UTC" }
        let sameDay = local.year == utc.year && local.month == utc.month && local.day == utc.day
        return "\(date(local)) \(time(local)) \(name), " + (sameDay ? "" : date(utc) + " ") + time(utc) + "Z"
    }
}
