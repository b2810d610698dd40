import Foundation

/// Wall times to instants in one zone, fast for the many rows of one import: the same answers
/// as ``CivilTime/instant(in:)``, with the zone asked once per local day instead of five times
/// per row (the time zone database is the larger part of reading a statement otherwise).
///
/// Per local day it probes the zone's offset at four instants from a day and a half before the
/// day to a day and a half after it. When all four agree, no transition lies in that range (the
/// assumption ``CivilTime/instant(in:)`` already makes: transitions are never closer together
/// than a day and a half), so every wall time of the day has exactly that offset: no gap, no
/// overlap. A day near a transition takes the exact path every time.
public final class ZoneResolver {
    public let zone: TimeZone
    /// Local day (days since 1970-01-01) to its one offset, or nil when a transition is near.
    private var offsetOfDay: [Int64: Int?] = [:]

    public init(_ zone: TimeZone) { self.zone = zone }

    public func instant(_ civil: CivilTime) throws(ModelError) -> Instant {
        let day = CivilTime.days(year: civil.year, month: civil.month, day: civil.day)
        let offset: Int?
        if let known = offsetOfDay[day] {
            offset = known
        } else {
            offset = constantOffset(day: day)
            offsetOfDay[day] = offset
        }
        if let offset { return civil.instant(offsetSeconds: offset) }
        return try civil.instant(in: zone)
    }

    private func constantOffset(day: Int64) -> Int? {
        let midnight = day * 86_400_000
        var seen: Int?
        for probe in [midnight - 129_600_000, midnight, midnight + 86_400_000, midnight + 216_000_000] {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(probe) / 1000))
            if let seen, seen != offset { return nil }
            seen = offset
        }
        return seen
    }
}
