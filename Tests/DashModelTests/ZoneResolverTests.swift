import DashModel
import Foundation
import Testing

/// The resolver remembers each local day's offset: it must give exactly what the exact path
/// gives, instants and refusals alike, across DST changes and odd historical offsets.
@Suite struct ZoneResolverTests {
    static func wallTimes(year: Int, stepMinutes: Int) -> [CivilTime] {
        var times: [CivilTime] = []
        let first = CivilTime.days(year: year, month: 1, day: 1), last = CivilTime.days(year: year + 1, month: 1, day: 1)
        for day in first..<last {
            let (y, m, d) = CivilTime.civil(fromDays: day)
            for minute in stride(from: 0, to: 24 * 60, by: stepMinutes) {
                if let time = try? CivilTime(year: y, month: m, day: d, hour: minute / 60, minute: minute % 60) { times.append(time) }
            }
        }
        return times
    }

    static func outcome(_ body: () throws(ModelError) -> Instant) -> String {
        do { return "\(try body().millisecondsSinceEpoch)" } catch { return "\(error)" }
    }

    @Test(arguments: ["America/Chicago", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "Asia/Kolkata", "UTC"])
    func theSameAsTheExactPathEveryQuarterHourOfAYear(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let resolver = ZoneResolver(zone)
        var refusals = 0
        for time in Self.wallTimes(year: 2026, stepMinutes: 15) {
            let fast = Self.outcome { () throws(ModelError) in try resolver.instant(time) }
            let exact = Self.outcome { () throws(ModelError) in try time.instant(in: zone) }
            #expect(fast == exact, "\(time.iso8601Local) in \(zoneName)")
            if Int64(fast) == nil { refusals += 1 }
        }
        // Chicago: the spring gap (4 quarter hours) and the autumn overlap (4): both refused.
        if zoneName == "America/Chicago" { #expect(refusals == 8) }
        if zoneName == "UTC" || zoneName == "Asia/Kolkata" { #expect(refusals == 0) }
    }

    /// Before standard time: New York's local mean time (-04:56:02) and the switch in 1883.
    @Test func historicalOffsetsWithSeconds() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let resolver = ZoneResolver(zone)
        for time in Self.wallTimes(year: 1883, stepMinutes: 7) {
            let fast = Self.outcome { () throws(ModelError) in try resolver.instant(time) }
            let exact = Self.outcome { () throws(ModelError) in try time.instant(in: zone) }
            #expect(fast == exact, "\(time.iso8601Local)")
        }
    }
}
