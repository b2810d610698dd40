import Foundation

/// Strict ISO 8601 reading for times typed on the command line and found in files.
///
/// Accepted: `2026-11-02T09:30`, `2026-11-02T09:30:15`, `2026-11-02T09:30:15.250` (a space may
/// stand for `T`), each optionally followed by `Z`, `+01:00`, `+0100` or `+01`. With an offset
/// the instant is exact; without one the wall time is read in the given zone, and a time that
/// does not exist there or exists twice (a DST change) is refused. Fractions finer than a
/// millisecond are truncated to the millisecond. Every field is range-checked (no February 30).
public enum TimeText {
    /// Reads a date and time; see the type's documentation for the forms.
    public static func instant(_ text: String, zone: TimeZone) throws(ModelError) -> Instant {
        var scanner = ByteScanner(text)
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2)
        else { throw .unreadableTime(text) }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") else { throw .unreadableTime(text) }
        guard let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2) else { throw .unreadableTime(text) }
        var second = 0
        var millisecond = 0
        if scanner.skip(":") {
            guard let s = scanner.digits(2) else { throw .unreadableTime(text) }
            second = s
            if scanner.skip(".") || scanner.skip(",") {
                var count = 0
                while let digit = scanner.digit() {
                    if count < 3 { millisecond = millisecond * 10 + digit }
                    count += 1
                }
                guard count > 0 else { throw .unreadableTime(text) }
                for _ in min(count, 3)..<3 { millisecond *= 10 }
            }
        }
        let civil = try CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond)
        if scanner.atEnd { return try civil.instant(in: zone) }
        if scanner.skip("Z") || scanner.skip("z") {
            guard scanner.atEnd else { throw .unreadableTime(text) }
            return civil.instant(offsetSeconds: 0)
        }
        let sign: Int
        if scanner.skip("+") { sign = 1 } else if scanner.skip("-") { sign = -1 } else { throw .unreadableTime(text) }
        guard let offsetHours = scanner.digits(2), offsetHours <= 14 else { throw .unreadableTime(text) }
        var offsetMinutes = 0
        var offsetSeconds = 0
        if !scanner.atEnd {
            let colon = scanner.skip(":")
            guard let m = scanner.digits(2), m < 60 else { throw .unreadableTime(text) }
            offsetMinutes = m
            // `+HH:MM:SS`, as local mean time offsets are printed.
            if colon, scanner.skip(":") {
                guard let s = scanner.digits(2), s < 60 else { throw .unreadableTime(text) }
                offsetSeconds = s
            }
        }
        guard scanner.atEnd else { throw .unreadableTime(text) }
        return civil.instant(offsetSeconds: sign * (offsetHours * 3600 + offsetMinutes * 60 + offsetSeconds))
    }

    /// Reads a calendar date, `2026-11-02`, range-checked.
    public static func date(_ text: String) throws(ModelError) -> CivilTime {
        var scanner = ByteScanner(text)
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2), scanner.atEnd
        else { throw .unreadableDate(text) }
        return try CivilTime(year: year, month: month, day: day)
    }

    /// `instant` as ISO 8601 local time in `zone` with its offset: `2026-11-02T09:00:00-05:00`.
    public static func local(_ instant: Instant, zone: TimeZone) -> String {
        let offset = offsetSeconds(at: instant, in: zone)
        return CivilTime(instant: instant, offsetSeconds: offset).iso8601(offsetSeconds: offset)
    }

    /// The wall time at `instant` in `zone`.
    public static func civil(_ instant: Instant, zone: TimeZone) -> CivilTime {
        CivilTime(instant: instant, offsetSeconds: offsetSeconds(at: instant, in: zone))
    }

    /// The zone's UTC offset at `instant`, in seconds.
    public static func offsetSeconds(at instant: Instant, in zone: TimeZone) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant.millisecondsSinceEpoch) / 1000))
    }
}

/// A cursor over ASCII bytes for the small fixed grammars above.
struct ByteScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - UInt8(ascii: "0"))
    }

    /// Exactly `count` digits, or nil (and the cursor may have moved).
    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let d = digit() else { return nil }
            value = value * 10 + d
        }
        return value
    }
}
