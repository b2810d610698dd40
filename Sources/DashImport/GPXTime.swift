import DashModel

/// `xsd:dateTime` as GPX writers write it, read from bytes without building a String:
/// `2026-11-02T14:03:07Z`, with any number of fractional digits (kept to the millisecond,
/// truncated), with `Z`, `+hh:mm`, `+hhmm`, or no zone at all (the schema says UTC, and that is how
/// it is read; the summary counts such times). Every field is range-checked (no February 30).
enum GPXTime {
    enum Failure: Error, Equatable {
        case unreadable
        case impossible
    }

    struct Reading {
        let instant: Instant
        let hadZone: Bool
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Reading {
        var start = 0
        var end = bytes.count
        while start < end, DecimalText.isSpace(bytes[start]) { start += 1 }
        while end > start, DecimalText.isSpace(bytes[end - 1]) { end -= 1 }
        var i = start
        func digits(_ count: Int) -> Int? {
            guard i + count <= end else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[i]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
                i += 1
            }
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard i < end, bytes[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), skip(0x2D), let month = digits(2), skip(0x2D), let day = digits(2),
              skip(0x54) || skip(0x74) || skip(0x20),
              let hour = digits(2), skip(0x3A), let minute = digits(2), skip(0x3A), let second = digits(2)
        else { throw .unreadable }
        var millisecond = 0
        if skip(0x2E) {
            var count = 0
            while i < end, bytes[i] >= 48, bytes[i] <= 57 {
                if count < 3 { millisecond = millisecond * 10 + Int(bytes[i] - 48) }
                count += 1
                i += 1
            }
            guard count > 0 else { throw .unreadable }
            for _ in min(count, 3)..<3 { millisecond *= 10 }
        }
        let civil: CivilTime
        do {
            civil = try CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond)
        } catch {
            throw .impossible
        }
        if i == end { return Reading(instant: civil.instant(offsetSeconds: 0), hadZone: false) }
        if skip(0x5A) || skip(0x7A) {
            guard i == end else { throw .unreadable }
            return Reading(instant: civil.instant(offsetSeconds: 0), hadZone: true)
        }
        let sign: Int
        if skip(0x2B) { sign = 1 } else if skip(0x2D) { sign = -1 } else { throw .unreadable }
        guard let offsetHours = digits(2), offsetHours <= 14 else { throw .unreadable }
        _ = skip(0x3A)
        guard let offsetMinutes = digits(2), offsetMinutes < 60, i == end else { throw .unreadable }
        return Reading(instant: civil.instant(offsetSeconds: sign * (offsetHours * 3600 + offsetMinutes * 60)), hadZone: true)
    }
}
