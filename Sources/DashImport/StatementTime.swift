import DashModel
import Foundation

// Dates and times in statement cells (issue 4, "Local times"; docs/facts.md, "Dates and times").
//
// A template names the shape of its time cells with a pattern such as "yyyy-MM-dd HH:mm:ss" or
// "M/d/yyyy h:mm a". `StatementTimePattern` compiles one once and reads cells with it; the reading
// is a hand-written, anchored scan over the cell's UTF-8 bytes (no `DateFormatter`, no
// `Calendar`, no `TimeZone.current`), so it never reads a prefix, never rolls February 30 into
// March, and never depends on the locale or the `TZ` the process runs under. `StatementTime` then
// places what was read on the time line: exactly when the cell gives an offset, else as a wall time
// in the template's zone, where a time a daylight-saving change skips or repeats is an error.

/// A compiled date/time pattern for one kind of statement cell.
///
/// ## Letters
///
/// | letters  | reads                                                        | example        |
/// |----------|--------------------------------------------------------------|----------------|
/// | `yyyy`   | a four-digit year                                            | `2026`         |
/// | `yy`     | a two-digit year, 2000 to 2099 (`26` is 2026, `99` is 2099)  | `26`           |
/// | `M`      | a month, one or two digits                                   | `3`, `03`, `11`|
/// | `MM`     | a month, exactly two digits                                  | `03`           |
/// | `MMM`    | an English month name, short or full, any case (`MMMM` too)  | `Mar`, `March`, `Sept` |
/// | `d`      | a day of the month, one or two digits                        | `8`, `08`      |
/// | `dd`     | a day of the month, exactly two digits                       | `08`           |
/// | `EEE`    | an English weekday, short or full, any case (`E` to `EEEE`); checked against the date | `Sun`, `Sunday` |
/// | `H`, `HH`| an hour of a 24-hour clock, 0 to 23 (one or two digits / exactly two) | `9`, `09`, `21` |
/// | `h`, `hh`| an hour of a 12-hour clock, 1 to 12; needs `a`              | `9`, `09`, `12`|
/// | `m`, `mm`| minutes, 0 to 59                                             | `5`, `05`      |
/// | `s`, `ss`| seconds, 0 to 59 (a leap second, 60, is refused)             | `07`           |
/// | `S`...   | a fraction of a second, exactly as many digits as letters (1 to 9), kept to the millisecond, truncated | `.154` for `SSS` |
/// | `a`      | AM or PM, any case, also `a.m.` / `p.m.`                     | `AM`, `pm`     |
/// | `X`      | `Z`, or an offset `+hh` or `+hhmm`                           | `Z`, `-05`     |
/// | `XX`     | `Z`, or an offset `+hhmm`                                    | `Z`, `-0500`   |
/// | `XXX`    | `Z`, or an offset `+hh:mm`                                   | `Z`, `-05:00`  |
/// | `Z`      | an offset `+hhmm` (not the letter Z; `ZZ`, `ZZZ` the same)   | `-0500`        |
/// | `z`      | a zone abbreviation, read and ignored (1 to 4 letters); needs a numeric offset beside it | `CDT` |
/// | `'Z'`    | the letter `Z` (or `z`) as written by UTC exports: the time is **UTC**, offset 0 | `Z` |
/// | `'text'` | the text as written; `''` is one quote, inside or outside quotes | `'T'`      |
/// | a space  | one or more blanks: space, tab, U+00A0, U+202F (macOS writes `9:10\u{202F}AM`) |  |
/// | other    | any other character stands for itself                       | `-` `/` `:` `.` `,` |
///
/// Any other ASCII letter is an error that names it: text must be quoted (`'T'`), so a typo in a
/// template is found when the template is loaded, not on some later row. Letters in literal text
/// match either case; month and weekday names and AM/PM are English only.
///
/// A pattern is refused unless it makes sense as a whole: a date needs all of year, month and day
/// (a date without a year, as in Uber's PDF statements, is not read); a time needs hours and
/// minutes; `s` needs `m`, `S` needs `s`; `h` and `a` go together (and `H` does not take `a`); an
/// offset needs a time; `z` needs `X`/`Z`, because an abbreviation such as CST names more than one
/// offset; no field twice; and a one-or-two-digit field (`M`, `d`, `H`, `h`, `m`, `s`) is not
/// followed directly by another number, which could not be split. It has at most
/// ``maxCharacters`` characters and ``maxLiteralParts`` pieces of literal text, far above any
/// shape below: the template is refused on loading, not row by row.
///
/// A cell must match the whole pattern: blanks around it are dropped, and anything left over
/// (`2026-11-02x`) is an error, never a prefix. Every field is range-checked: February 30, month
/// 13, hour 24 (midnight is 00:00 of the next day), minute 60 and offsets beyond ±14:00 are errors.
///
/// Shipped and seen shapes: `yyyy-MM-dd HH:mm:ss` (Uber trip activity), `yyyy-MM-dd HH:mm:ss.SSS Z z`
/// (Uber `vs reporting`, `2025-09-01 22:49:20.154 -0500 CDT`), `yyyy-MM-dd'T'HH:mm:ss.SSSXXX`,
/// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` (Uber personal data, `2025-10-24T12:31:17.000Z`, whose `Z` is
/// false: its template reads it with ``ignoringZoneDesignator()``), `yyyy-MM-dd` with
/// `h:mm a` start and end cells (a DoorDash dash), `M/d/yyyy H:mm` (a MileIQ-style log),
/// `yyyy-MM-dd HH:mm` (a shift spreadsheet), `MM/dd/yyyy h:mm a`, `MMM d, yyyy h:mm a`,
/// `dd.MM.yyyy HH:mm`, `HH:mm`.
public struct StatementTimePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as the template writes it.
    public let pattern: String
    private let tokens: [PatternToken]
    /// The pattern reads a date (year, month and day).
    public let hasDate: Bool
    /// The pattern reads a time of day (at least hours and minutes).
    public let hasTime: Bool
    /// The pattern reads an explicit UTC offset (`X`, `XX`, `XXX`, `Z` or `'Z'`).
    public let hasOffset: Bool
    /// The pattern reads a quoted `'Z'` (UTC), or, once ``ignoringZoneDesignator()`` made it so,
    /// the letter Z as text that names no offset.
    public let hasZoneDesignator: Bool
    /// The `'Z'` is read as text, not as UTC (``ignoringZoneDesignator()``).
    public let zoneDesignatorIgnored: Bool

    /// The longest pattern read, in characters: the longest shipped or seen shape,
    /// `yyyy-MM-dd'T'HH:mm:ss.SSSXXX`, has 28. A template's pattern is quoted in every message
    /// about a cell it does not read (issue 26: a 450 KB `dateFormat` made 37.5 MB of stderr).
    public static let maxCharacters = 64
    /// The most pieces of literal text (the text between fields, and each run of spaces) a
    /// pattern has: `EEE, MMM d, yyyy 'at' h:mm:ss.SSS a XXX z` has 14.
    public static let maxLiteralParts = 20

    /// Compiles `pattern`; an unknown letter or a pattern that cannot be read as a whole is an error.
    public init(_ pattern: String) throws(StatementTimeError) {
        self.init(pattern: pattern, tokens: try PatternCompiler.compile(pattern), zoneDesignatorIgnored: false)
    }

    private init(pattern: String, tokens: [PatternToken], zoneDesignatorIgnored: Bool) {
        self.pattern = pattern
        self.tokens = tokens
        let fields = Set(tokens.compactMap(\.kind.field))
        hasDate = fields.contains(.year)
        hasTime = fields.contains(.hour)
        hasOffset = fields.contains(.offset)
        self.zoneDesignatorIgnored = zoneDesignatorIgnored
        hasZoneDesignator = zoneDesignatorIgnored || tokens.contains { $0.kind == .utc }
    }

    /// The same pattern with its quoted `'Z'` read as the letter and nothing more: the cell
    /// must still end in `Z` (either case), but the time is a wall time, placed in the
    /// template's zone like any time without an offset. For files whose `Z` is false (Uber's
    /// personal data download writes local wall times as `2025-07-23T09:28:31.000Z`;
    /// docs/templates.md, "The Uber templates"). Nil when the pattern has no `'Z'`, or also
    /// reads a numeric offset (`X`, `Z`), which is never false.
    public func ignoringZoneDesignator() -> StatementTimePattern? {
        guard tokens.contains(where: { $0.kind == .utc }) else { return nil }
        let literal = tokens.map { $0.kind == .utc ? PatternToken(kind: .literal([UInt8(ascii: "Z")]), spelling: "'Z'") : $0 }
        let ignored = StatementTimePattern(pattern: pattern, tokens: literal, zoneDesignatorIgnored: true)
        return ignored.hasOffset ? nil : ignored
    }

    public var description: String { pattern }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.pattern == rhs.pattern && lhs.zoneDesignatorIgnored == rhs.zoneDesignatorIgnored }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(zoneDesignatorIgnored)
    }

    /// Reads `cell` as a whole. A blank cell is an error (`.blank`); a caller for whom the column
    /// is optional checks for blank first.
    public func parse(_ cell: String) throws(StatementTimeError) -> ParsedTime {
        var cell = cell
        let result: Result<ParsedTime, StatementTimeError> = cell.withUTF8 { bytes in
            Result { () throws(StatementTimeError) -> ParsedTime in try parse(utf8: bytes) }
        }
        return try result.get()
    }

    /// The same over a cell's UTF-8 bytes, for a reader that has not made a `String` of them.
    public func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(StatementTimeError) -> ParsedTime {
        var scan = CellScan(bytes: bytes)
        scan.trimBlanks()
        if scan.index == scan.end { throw .blank(pattern: pattern) }
        let first = scan.index

        var year: Int?, month: Int?, day: Int?, weekday: Int?
        var hour: Int?, minute: Int?, second: Int?, millisecond: Int?
        var twelveHour = false
        var afternoon: Bool?
        var offsetSign = 0, offsetHours = 0, offsetMinutes = 0
        var offsetGiven = false
        var timeStart: Int?
        var timeEnd = first

        for token in tokens {
            let at = scan.index
            var ok = true
            switch token.kind {
            case .literal(let text):
                ok = scan.skip(literal: text)
            case .blank:
                ok = scan.skipBlanks()
            case .utc:
                ok = scan.skip(letter: UInt8(ascii: "z"))
                offsetGiven = ok
            case .year(let digits):
                year = scan.number(min: digits, max: digits).map { digits == 2 ? 2000 + $0 : $0 }
                ok = year != nil
            case .month(let width):
                month = scan.number(min: width, max: 2)
                ok = month != nil
            case .monthName:
                month = scan.name(in: NameTables.months)
                ok = month != nil
            case .day(let width):
                day = scan.number(min: width, max: 2)
                ok = day != nil
            case .weekday:
                weekday = scan.name(in: NameTables.weekdays)
                ok = weekday != nil
            case .hour24(let width):
                hour = scan.number(min: width, max: 2)
                ok = hour != nil
            case .hour12(let width):
                hour = scan.number(min: width, max: 2)
                twelveHour = true
                ok = hour != nil
            case .minute(let width):
                minute = scan.number(min: width, max: 2)
                ok = minute != nil
            case .second(let width):
                second = scan.number(min: width, max: 2)
                ok = second != nil
            case .fraction(let digits):
                if let value = scan.number(min: digits, max: digits) {
                    var ms = value
                    if digits > 3 {
                        for _ in 3..<digits { ms /= 10 }
                    } else {
                        for _ in digits..<3 { ms *= 10 }
                    }
                    millisecond = ms
                } else {
                    ok = false
                }
            case .meridiem:
                afternoon = scan.meridiem()
                ok = afternoon != nil
            case .offset(let style):
                if style != .rfc822, scan.skip(letter: UInt8(ascii: "z")) {
                    offsetGiven = true
                } else if let sign = scan.sign(), let hours = scan.number(min: 2, max: 2) {
                    offsetSign = sign
                    offsetHours = hours
                    switch style {
                    case .hours:
                        if let minutes = scan.number(min: 2, max: 2) { offsetMinutes = minutes }
                    case .compact, .rfc822:
                        if let minutes = scan.number(min: 2, max: 2) { offsetMinutes = minutes } else { ok = false }
                    case .colon:
                        if scan.skip(literal: [UInt8(ascii: ":")]), let minutes = scan.number(min: 2, max: 2) {
                            offsetMinutes = minutes
                        } else {
                            ok = false
                        }
                    }
                    offsetGiven = ok
                } else {
                    ok = false
                }
            case .zoneName:
                ok = scan.letters(max: 4) > 0
            }
            guard ok else { throw scan.mismatch(pattern: pattern, token: token, at: at, cellStart: first) }
            if token.kind.isTimeOfDay {
                if timeStart == nil { timeStart = at }
                timeEnd = scan.index
            }
        }
        if scan.index < scan.end { throw scan.leftOver(pattern: pattern, cellStart: first) }
        let read = scan  // immutable from here, so the error closures below capture a copy

        // The fields, in reading order: the date, then the time, then the offset.
        var date: CivilTime?
        if let year, let month, let day {
            let fail = { (reason: String) in StatementTimeError.notARealDate(cell: CellShape(read.text(from: first)), reason: reason) }
            guard year >= 1 else { throw fail("there is no year 0") }
            guard (1...12).contains(month) else { throw fail("there is no month \(month)") }
            guard day >= 1 else { throw fail("there is no day 0") }
            let days = CivilTime.daysIn(month: month, year: year)
            guard day <= days else { throw fail("\(NameTables.monthNames[month - 1]) \(year) has \(days) days") }
            let civil: CivilTime
            do { civil = try CivilTime(year: year, month: month, day: day) } catch { throw fail("\(error)") }
            if let weekday, weekday != civil.isoWeekday {
                throw fail("\(StatementTime.dateText(civil)) is a \(NameTables.weekdayNames[civil.isoWeekday - 1]), "
                    + "not a \(NameTables.weekdayNames[weekday - 1])")
            }
            date = civil
        }

        var time: TimeOfDay?
        if let rawHour = hour, let minute {
            let fail = { (reason: String) in StatementTimeError.notARealTime(cell: CellShape(read.text(from: first)), reason: reason) }
            var hour = rawHour
            if twelveHour {
                guard (1...12).contains(rawHour) else { throw fail("on a 12-hour clock the hours run from 1 to 12") }
                hour = rawHour % 12 + (afternoon == true ? 12 : 0)
            } else {
                guard rawHour <= 23 else { throw fail("the hours run from 00 to 23; midnight is 00:00 of the next day") }
            }
            guard minute <= 59 else { throw fail("the minutes run from 00 to 59") }
            let second = second ?? 0
            guard second <= 59 else { throw fail("the seconds run from 00 to 59; a leap second is refused") }
            time = TimeOfDay(validHour: hour, minute: minute, second: second, millisecond: millisecond ?? 0)
        }

        var offset: Int?
        if offsetGiven {
            let fail = { (reason: String) in StatementTimeError.badOffset(cell: CellShape(read.text(from: first)), reason: reason) }
            guard offsetMinutes <= 59 else { throw fail("the offset's minutes run from 00 to 59") }
            guard offsetHours * 60 + offsetMinutes <= StatementTime.maximumOffsetMinutes else {
                throw fail("offsets run from -14:00 to +14:00")
            }
            offset = offsetSign * (offsetHours * 3600 + offsetMinutes * 60)
        }

        let timeText = timeStart.map { read.text(from: $0, to: timeEnd) }
        return ParsedTime(date: date, time: time, offsetSeconds: offset, timeText: timeText)
    }
}

/// What one cell says: a date, a time of day, an explicit offset, each there only when the pattern
/// reads it. Nothing here is on the time line yet: `StatementTime` places it.
public struct ParsedTime: Hashable, Sendable {
    /// The calendar date, at 00:00 (only its year, month and day mean anything).
    public var date: CivilTime?
    /// The wall-clock time of day.
    public var time: TimeOfDay?
    /// The UTC offset the cell gives, in seconds east of UTC (`-05:00` is -18000); `Z` is 0.
    public var offsetSeconds: Int?
    /// The time-of-day part of the cell as written (`2:30 AM`), for messages.
    public var timeText: String?

    public init(date: CivilTime? = nil, time: TimeOfDay? = nil, offsetSeconds: Int? = nil, timeText: String? = nil) {
        self.date = date
        self.time = time
        self.offsetSeconds = offsetSeconds
        self.timeText = timeText
    }

    /// The time for a message, as dashpilot read it (`HH:mm`, with seconds when there are any;
    /// 00:00 for a date alone): never the cell's text (``CellShape``).
    var shownTime: String { time?.description ?? "00:00" }
}

/// A wall-clock time of day, 00:00:00.000 to 23:59:59.999.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int
    public let second: Int
    public let millisecond: Int

    public static let midnight = TimeOfDay(validHour: 0, minute: 0, second: 0, millisecond: 0)

    /// Refuses hour 24, minute 60, second 60 and anything outside the day.
    public init(hour: Int, minute: Int, second: Int = 0, millisecond: Int = 0) throws(StatementTimeError) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second), (0...999).contains(millisecond) else {
            let shown = StatementTime.padded(hour, 2) + ":" + StatementTime.padded(minute, 2) + ":" + StatementTime.padded(second, 2)
                + "." + StatementTime.padded(millisecond, 3)
            throw .notARealTime(cell: CellShape(shown), reason: "a day runs from 00:00:00.000 to 23:59:59.999")
        }
        self.init(validHour: hour, minute: minute, second: second, millisecond: millisecond)
    }

    init(validHour hour: Int, minute: Int, second: Int, millisecond: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// Milliseconds since midnight (on a day with no clock change).
    public var millisecondOfDay: Int { ((hour * 60 + minute) * 60 + second) * 1000 + millisecond }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.millisecondOfDay < rhs.millisecondOfDay }

    /// `02:30`, `02:30:15` when there are seconds, `02:30:15.250` when there are milliseconds.
    public var description: String {
        var text = StatementTime.padded(hour, 2) + ":" + StatementTime.padded(minute, 2)
        if second != 0 || millisecond != 0 { text += ":" + StatementTime.padded(second, 2) }
        if millisecond != 0 { text += "." + StatementTime.padded(millisecond, 3) }
        return text
    }
}

/// Places what cells say on the time line. The zone is always an argument (the template's, or
/// `--tz`): nothing here reads `TimeZone.current`, so the result is the same under any `TZ`.
public enum StatementTime {
    /// Offsets beyond ±14:00 do not exist (Kiribati is +14:00, Baker Island -12:00).
    static let maximumOffsetMinutes = 14 * 60

    /// The instant of `time` (midnight when nil) on `date`.
    ///
    /// With an `offset` (seconds east of UTC) the instant is exact, whatever the zone says. Without
    /// one, the wall time is read in `zone`; a wall time a daylight-saving change skips (a gap) or
    /// repeats (an overlap) is an error naming the time and the zone, never a guess.
    public static func instant(date: CivilTime, time: TimeOfDay?, offset: Int?, zone: TimeZone) throws(StatementTimeError) -> Instant {
        try resolve(day: date, time: time, shown: time?.description ?? "00:00", offset: offset, zone: ZoneResolver(zone))
    }

    /// The instant a cell names. A cell with no date of its own (a time-of-day column) takes
    /// `date`, the row's date; a cell's own date always wins.
    public static func instant(_ parsed: ParsedTime, date: CivilTime? = nil, zone: TimeZone) throws(StatementTimeError) -> Instant {
        try instant(parsed, date: date, zone: ZoneResolver(zone))
    }

    /// As ``instant(_:date:zone:)-(_,_,TimeZone)``, with a resolver that remembers each day's offset.
    public static func instant(_ parsed: ParsedTime, date: CivilTime? = nil, zone: ZoneResolver) throws(StatementTimeError) -> Instant {
        guard let day = parsed.date ?? date else { throw .noDate(time: parsed.shownTime) }
        return try resolve(day: day, time: parsed.time, shown: parsed.shownTime, offset: parsed.offsetSeconds, zone: zone)
    }

    /// The interval [start, end) of a row with a start and an end, such as a dash or a block.
    ///
    /// The start's date is its own, else `date` (the row's). An end with a date of its own is
    /// placed as it is, and must not be before the start (equal is an empty interval). An end with
    /// only a time of day is on the start's date, unless its wall time is earlier than or equal
    /// to the start's (22:00 to 02:00, or 22:00 to 22:00): then it is on the next day when
    /// `endMayBeNextDay` (the template says shifts may cross midnight), and an error otherwise. The
    /// wall times are compared, not instants, so a shift ending on the day after a clock change is
    /// not refused for a time that exists only on the other day. When both cells give offsets, the
    /// comparison is of UTC times of day.
    public static func span(
        date: CivilTime? = nil, start: ParsedTime, end: ParsedTime, zone: TimeZone, endMayBeNextDay: Bool
    ) throws(StatementTimeError) -> Interval {
        try span(date: date, start: start, end: end, zone: ZoneResolver(zone), endMayBeNextDay: endMayBeNextDay)
    }

    /// As the span above, with a resolver that remembers each day's offset.
    public static func span(
        date: CivilTime? = nil, start: ParsedTime, end: ParsedTime, zone: ZoneResolver, endMayBeNextDay: Bool
    ) throws(StatementTimeError) -> Interval {
        guard let startDay = start.date ?? date else { throw .noDate(time: start.shownTime) }
        let startInstant = try resolve(day: startDay, time: start.time, shown: start.shownTime, offset: start.offsetSeconds, zone: zone)
        var endDay = end.date ?? startDay
        if end.date == nil {
            var startOfDay = (start.time ?? .midnight).millisecondOfDay
            var endOfDay = (end.time ?? .midnight).millisecondOfDay
            if let startOffset = start.offsetSeconds, let endOffset = end.offsetSeconds {
                startOfDay -= startOffset * 1000
                endOfDay -= endOffset * 1000
            }
            if endOfDay <= startOfDay {
                guard endMayBeNextDay else {
                    throw .endNotAfterStart(start: start.shownTime, end: end.shownTime, date: dateText(startDay))
                }
                endDay = try nextDay(after: startDay)
            }
        }
        let endInstant = try resolve(day: endDay, time: end.time, shown: end.shownTime, offset: end.offsetSeconds, zone: zone)
        guard endInstant >= startInstant else {
            throw .endBeforeStart(start: dateText(startDay) + " " + start.shownTime, end: dateText(endDay) + " " + end.shownTime)
        }
        do {
            return try Interval(start: startInstant, end: endInstant)
        } catch {
            throw .endBeforeStart(start: dateText(startDay) + " " + start.shownTime, end: dateText(endDay) + " " + end.shownTime)
        }
    }

    // MARK: Internals

    private static func resolve(day: CivilTime, time: TimeOfDay?, shown: String, offset: Int?, zone: ZoneResolver) throws(StatementTimeError) -> Instant {
        let time = time ?? .midnight
        let civil: CivilTime
        do {
            civil = try CivilTime(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute,
                                  second: time.second, millisecond: time.millisecond)
        } catch {
            throw .impossibleDate(date: dateText(day), reason: "\(error)")
        }
        if let offset {
            guard abs(offset) <= maximumOffsetMinutes * 60 else {
                throw .badOffset(cell: CellShape(CivilTime.offsetText(offset)), reason: "offsets run from -14:00 to +14:00")
            }
            return civil.instant(offsetSeconds: offset)
        }
        do {
            return try zone.instant(civil)
        } catch {
            switch error {
            case .nonexistentLocalTime: throw .nonexistentLocalTime(time: shown, date: dateText(day), zone: zone.zone.identifier)
            case .ambiguousLocalTime: throw .ambiguousLocalTime(time: shown, date: dateText(day), zone: zone.zone.identifier)
            default: throw .impossibleDate(date: dateText(day), reason: "\(error)")
            }
        }
    }

    private static func nextDay(after day: CivilTime) throws(StatementTimeError) -> CivilTime {
        let (year, month, dayOfMonth) = CivilTime.civil(fromDays: CivilTime.days(year: day.year, month: day.month, day: day.day) + 1)
        do {
            return try CivilTime(year: year, month: month, day: dayOfMonth)
        } catch {
            throw .impossibleDate(date: dateText(day), reason: "the day after it is past the year 9999")
        }
    }

    /// `2026-03-08`.
    static func dateText(_ day: CivilTime) -> String {
        padded(day.year, 4) + "-" + padded(day.month, 2) + "-" + padded(day.day, 2)
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Why a pattern or a cell is refused. `description` is the lower-case message the importer shows
/// after `FILE:LINE: COLUMN: ` (for a cell) or after the template's file and key (for a pattern).
/// A cell that does not read is described by its shape, never quoted (``CellShape``); one that
/// did read is named by what dashpilot read (a time as 02:30, a date as 2026-03-08). The pattern,
/// from the template, is quoted.
public enum StatementTimeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pattern has a letter that is not one of `y M d E H h m s S a X Z z`.
    case unknownLetter(pattern: String, letter: Character)
    /// The pattern cannot be read as a whole (a field twice, a date without a year, an unclosed quote...).
    case badPattern(pattern: String, reason: String)
    /// The pattern is longer, or has more pieces of text, than any pattern a statement needs;
    /// the pattern itself is not quoted.
    case patternTooLarge(reason: String)
    /// The cell is blank (or only blanks).
    case blank(pattern: String)
    /// The cell does not have the pattern's shape; `detail` says where.
    case mismatch(cell: CellShape, pattern: String, detail: String)
    /// The cell has the shape of a date that does not exist: February 30, month 13, a wrong weekday.
    case notARealDate(cell: CellShape, reason: String)
    /// A date read from a cell that cannot be placed (shown as dashpilot read it: `2026-03-08`).
    case impossibleDate(date: String, reason: String)
    /// The cell has the shape of a time that does not exist: 24:00, 10:60, 13:00 PM.
    case notARealTime(cell: CellShape, reason: String)
    /// The cell's offset is out of range.
    case badOffset(cell: CellShape, reason: String)
    /// A time of day with no date in the cell nor in the row.
    case noDate(time: String)
    /// The wall time falls in a daylight-saving gap of the zone.
    case nonexistentLocalTime(time: String, date: String, zone: String)
    /// The wall time falls in a daylight-saving overlap of the zone.
    case ambiguousLocalTime(time: String, date: String, zone: String)
    /// An end time of day not after the start, and the template does not let it be the next day.
    case endNotAfterStart(start: String, end: String, date: String)
    /// An end, with its own date, before the start.
    case endBeforeStart(start: String, end: String)

    /// True for a problem with the template's pattern rather than with a cell.
    public var isPatternError: Bool {
        switch self {
        case .unknownLetter, .badPattern, .patternTooLarge: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case let .unknownLetter(pattern, letter):
            return "the date pattern '\(pattern)' has an unknown letter '\(letter)' (the letters are y M d E H h m s S a X Z z; "
                + "put text in quotes, as in 'T')"
        case let .badPattern(pattern, reason):
            return "the date pattern '\(pattern)' cannot be used: \(reason)"
        case let .patternTooLarge(reason):
            return "the date pattern \(reason)"
        case let .blank(pattern):
            return "the cell is blank, where a date or time like '\(pattern)' is expected"
        case let .mismatch(cell, pattern, detail):
            return "the cell (\(cell)) does not match the date pattern '\(pattern)': \(detail)"
        case let .notARealDate(cell, reason):
            return "the cell (\(cell)) is not a real date (\(reason))"
        case let .impossibleDate(date, reason):
            return "\(date) is not a real date (\(reason))"
        case let .notARealTime(cell, reason):
            return "the cell (\(cell)) is not a real time of day (\(reason))"
        case let .badOffset(cell, reason):
            return "the cell (\(cell)) has an impossible UTC offset (\(reason))"
        case let .noDate(time):
            return "the time \(time) has no date, and the row gives none"
        case let .nonexistentLocalTime(time, date, zone):
            return "\(time) on \(date) does not exist in \(zone) (the clocks jump forward); give an offset"
        case let .ambiguousLocalTime(time, date, zone):
            return "\(time) on \(date) happens twice in \(zone) (the clocks go back); give an offset"
        case let .endNotAfterStart(start, end, date):
            return "the end \(end) is not after the start \(start) on \(date), "
                + "and the template does not say that an end may fall on the next day"
        case let .endBeforeStart(start, end):
            return "the end \(end) is before the start \(start)"
        }
    }
}

// MARK: - Compiling a pattern

private enum OffsetStyle: Hashable, Sendable {
    /// `X`: `Z`, `+hh` or `+hhmm`.
    case hours
    /// `XX`: `Z` or `+hhmm`.
    case compact
    /// `XXX`: `Z` or `+hh:mm`.
    case colon
    /// `Z`: `+hhmm` only.
    case rfc822
}

/// One field a pattern holds, for "twice" and "needs" checks.
private enum Field: Hashable, Sendable {
    case year, month, day, weekday, hour, minute, second, fraction, meridiem, offset, zoneName
}

private enum TokenKind: Hashable, Sendable {
    case literal([UInt8])
    case blank
    case utc
    case year(digits: Int)
    /// `width` 1: one or two digits; 2: exactly two.
    case month(width: Int)
    case monthName
    case day(width: Int)
    case weekday
    case hour24(width: Int)
    case hour12(width: Int)
    case minute(width: Int)
    case second(width: Int)
    case fraction(digits: Int)
    case meridiem
    case offset(OffsetStyle)
    case zoneName

    var field: Field? {
        switch self {
        case .literal, .blank: nil
        case .utc, .offset: .offset
        case .year: .year
        case .month, .monthName: .month
        case .day: .day
        case .weekday: .weekday
        case .hour24, .hour12: .hour
        case .minute: .minute
        case .second: .second
        case .fraction: .fraction
        case .meridiem: .meridiem
        case .zoneName: .zoneName
        }
    }

    /// Reads digits (so it cannot follow a one-or-two-digit field directly).
    var isNumeric: Bool {
        switch self {
        case .year, .month, .day, .hour24, .hour12, .minute, .second, .fraction: true
        default: false
        }
    }

    /// Reads one or two digits.
    var isVariableWidth: Bool {
        switch self {
        case .month(1), .day(1), .hour24(1), .hour12(1), .minute(1), .second(1): true
        default: false
        }
    }

    var isTimeOfDay: Bool {
        switch self {
        case .hour24, .hour12, .minute, .second, .fraction, .meridiem: true
        default: false
        }
    }
}

private struct PatternToken: Hashable, Sendable {
    let kind: TokenKind
    /// The letters as the pattern writes them (`MM`), or the literal text, for messages.
    let spelling: String

    /// What this token expects, for a message.
    var expectation: String {
        switch kind {
        case .literal(let bytes): return "'" + String(decoding: bytes, as: UTF8.self) + "'"
        case .blank: return "a space"
        case .utc: return "'Z'"
        case .year(4): return "a four-digit year (yyyy)"
        case .year: return "a two-digit year (yy)"
        case .month(1): return "a month number (M)"
        case .month: return "a two-digit month (MM)"
        case .monthName: return "an English month name such as Mar or March (\(spelling))"
        case .day(1): return "a day of the month (d)"
        case .day: return "a two-digit day of the month (dd)"
        case .weekday: return "an English weekday such as Sun or Sunday (\(spelling))"
        case .hour24(1), .hour12(1): return "an hour (\(spelling))"
        case .hour24, .hour12: return "a two-digit hour (\(spelling))"
        case .minute(1): return "minutes (m)"
        case .minute: return "two-digit minutes (mm)"
        case .second(1): return "seconds (s)"
        case .second: return "two-digit seconds (ss)"
        case .fraction(let digits): return "\(digits) digit\(digits == 1 ? "" : "s") of a fraction of a second (\(spelling))"
        case .meridiem: return "AM or PM (a)"
        case .offset(.hours): return "an offset such as -05, -0500 or Z (X)"
        case .offset(.compact): return "an offset such as -0500 or Z (XX)"
        case .offset(.colon): return "an offset such as -05:00 or Z (XXX)"
        case .offset(.rfc822): return "an offset such as -0500 (\(spelling))"
        case .zoneName: return "a zone abbreviation such as CDT (z)"
        }
    }
}

private enum PatternCompiler {
    static func compile(_ pattern: String) throws(StatementTimeError) -> [PatternToken] {
        // Before anything is built from it (the byte count is at least the character count).
        let limit = StatementTimePattern.maxCharacters
        if pattern.utf8.count > limit, pattern.count > limit {
            throw .patternTooLarge(reason: "has \(pattern.count) characters; a pattern has at most \(limit) "
                                       + "(yyyy-MM-dd'T'HH:mm:ss.SSSXXX has 28)")
        }
        let bytes = Array(pattern.utf8)
        func bad(_ reason: String) -> StatementTimeError { .badPattern(pattern: pattern, reason: reason) }
        guard !bytes.isEmpty else { throw bad("it is empty") }
        var tokens: [PatternToken] = []
        func addLiteral(_ text: [UInt8]) {
            if case .literal(let previous)? = tokens.last?.kind {
                let merged = previous + text
                tokens[tokens.count - 1] = PatternToken(kind: .literal(merged), spelling: String(decoding: merged, as: UTF8.self))
            } else {
                tokens.append(PatternToken(kind: .literal(text), spelling: String(decoding: text, as: UTF8.self)))
            }
        }
        let quote = UInt8(ascii: "'")
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == quote {
                if i + 1 < bytes.count, bytes[i + 1] == quote {
                    addLiteral([quote])
                    i += 2
                    continue
                }
                var text: [UInt8] = []
                var j = i + 1
                while true {
                    guard j < bytes.count else { throw bad("a quote (') is never closed") }
                    if bytes[j] == quote {
                        if j + 1 < bytes.count, bytes[j + 1] == quote {
                            text.append(quote)
                            j += 2
                            continue
                        }
                        break
                    }
                    text.append(bytes[j])
                    j += 1
                }
                i = j + 1
                if text == [UInt8(ascii: "Z")] {
                    tokens.append(PatternToken(kind: .utc, spelling: "'Z'"))
                } else {
                    addLiteral(text)
                }
            } else if isLetter(byte) {
                var count = 1
                while i + count < bytes.count, bytes[i + count] == byte { count += 1 }
                let spelling = String(repeating: Character(Unicode.Scalar(byte)), count: count)
                tokens.append(PatternToken(kind: try letterKind(byte, count: count, spelling: spelling, pattern: pattern), spelling: spelling))
                i += count
            } else if byte == UInt8(ascii: " ") {
                while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
                tokens.append(PatternToken(kind: .blank, spelling: " "))
            } else {
                addLiteral([byte])
                i += 1
            }
        }
        let literalParts = tokens.filter { if case .literal = $0.kind { true } else { $0.kind == .blank } }.count
        if literalParts > StatementTimePattern.maxLiteralParts {
            throw .patternTooLarge(reason: "has \(literalParts) pieces of literal text (text between its fields, and runs of spaces); "
                                       + "a pattern has at most \(StatementTimePattern.maxLiteralParts)")
        }
        try check(tokens, pattern: pattern)
        return tokens
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func letterKind(_ letter: UInt8, count: Int, spelling: String, pattern: String) throws(StatementTimeError) -> TokenKind {
        func wrongCount(_ advice: String) -> StatementTimeError {
            .badPattern(pattern: pattern, reason: "'\(spelling)' is not a field (\(advice))")
        }
        switch Unicode.Scalar(letter) {
        case "y":
            guard count == 4 || count == 2 else { throw wrongCount("write yyyy for a four-digit year or yy for a two-digit one") }
            return .year(digits: count)
        case "M":
            switch count {
            case 1, 2: return .month(width: count)
            case 3, 4: return .monthName
            default: throw wrongCount("write M, MM or MMM")
            }
        case "d":
            guard count <= 2 else { throw wrongCount("write d or dd") }
            return .day(width: count)
        case "E":
            guard count <= 4 else { throw wrongCount("write EEE") }
            return .weekday
        case "H":
            guard count <= 2 else { throw wrongCount("write H or HH") }
            return .hour24(width: count)
        case "h":
            guard count <= 2 else { throw wrongCount("write h or hh") }
            return .hour12(width: count)
        case "m":
            guard count <= 2 else { throw wrongCount("write m or mm") }
            return .minute(width: count)
        case "s":
            guard count <= 2 else { throw wrongCount("write s or ss") }
            return .second(width: count)
        case "S":
            guard count <= 9 else { throw wrongCount("at most nine S") }
            return .fraction(digits: count)
        case "a":
            guard count == 1 else { throw wrongCount("write a") }
            return .meridiem
        case "X":
            switch count {
            case 1: return .offset(.hours)
            case 2: return .offset(.compact)
            case 3: return .offset(.colon)
            default: throw wrongCount("write X, XX or XXX")
            }
        case "Z":
            guard count <= 3 else { throw wrongCount("write Z for -0500, or XXX for -05:00") }
            return .offset(.rfc822)
        case "z":
            guard count <= 4 else { throw wrongCount("write z") }
            return .zoneName
        default:
            throw .unknownLetter(pattern: pattern, letter: Character(Unicode.Scalar(letter)))
        }
    }

    private static func check(_ tokens: [PatternToken], pattern: String) throws(StatementTimeError) {
        func bad(_ reason: String) -> StatementTimeError { .badPattern(pattern: pattern, reason: reason) }
        var fields = Set<Field>()
        for token in tokens {
            guard let field = token.kind.field else { continue }
            guard fields.insert(field).inserted else { throw bad("it reads the \(name(of: field)) twice") }
        }
        guard !fields.isEmpty else { throw bad("it has no date or time fields") }
        let dateFields = fields.intersection([.year, .month, .day])
        if !dateFields.isEmpty, dateFields.count < 3 {
            throw bad("a date needs a year, a month and a day (as in yyyy-MM-dd); dates without a year are not read")
        }
        if fields.contains(.weekday), dateFields.isEmpty { throw bad("a weekday (E) needs a full date to be checked against") }
        if fields.contains(.hour) != fields.contains(.minute) { throw bad("a time of day needs hours and minutes (as in HH:mm)") }
        if fields.contains(.second), !fields.contains(.minute) { throw bad("seconds (s) need minutes (m)") }
        if fields.contains(.fraction), !fields.contains(.second) { throw bad("fractions of a second (S) need seconds (s)") }
        let twelveHour = tokens.contains { if case .hour12 = $0.kind { true } else { false } }
        if twelveHour, !fields.contains(.meridiem) {
            throw bad("h is the hour of a 12-hour clock and needs a (AM or PM); use H for a 24-hour clock")
        }
        if fields.contains(.meridiem), !twelveHour {
            throw bad("a (AM or PM) needs the hour of a 12-hour clock, h; H is the hour of a 24-hour clock")
        }
        if fields.contains(.offset), !fields.contains(.hour) { throw bad("an offset needs a time of day") }
        if fields.contains(.zoneName), !fields.contains(.offset) {
            throw bad("a zone abbreviation (z) is read and ignored, so it needs a numeric offset (XXX or Z) too: "
                + "an abbreviation such as CST names more than one offset")
        }
        for (current, next) in zip(tokens, tokens.dropFirst()) where current.kind.isVariableWidth && next.kind.isNumeric {
            throw bad("\(current.spelling) reads one or two digits, so it cannot be followed directly by \(next.spelling); "
                + "write \(current.spelling)\(current.spelling) or put a separator between them")
        }
    }

    private static func name(of field: Field) -> String {
        switch field {
        case .year: "year"
        case .month: "month"
        case .day: "day"
        case .weekday: "weekday"
        case .hour: "hour"
        case .minute: "minutes"
        case .second: "seconds"
        case .fraction: "fraction of a second"
        case .meridiem: "AM/PM"
        case .offset: "offset"
        case .zoneName: "zone abbreviation"
        }
    }
}

// MARK: - Names

private enum NameTables {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Lower-case spellings and their month numbers: each month's three-letter and full name, and `sept`.
    static let months: [([UInt8], Int)] = {
        var table: [([UInt8], Int)] = []
        for (index, name) in monthNames.enumerated() {
            let lower = Array(name.lowercased().utf8)
            table.append((Array(lower.prefix(3)), index + 1))
            if lower.count > 3 { table.append((lower, index + 1)) }
        }
        table.append((Array("sept".utf8), 9))
        return table
    }()

    /// Lower-case spellings and their ISO weekday numbers (1 = Monday): three-letter, full, and
    /// `tues`, `thur`, `thurs`.
    static let weekdays: [([UInt8], Int)] = {
        var table: [([UInt8], Int)] = []
        for (index, name) in weekdayNames.enumerated() {
            let lower = Array(name.lowercased().utf8)
            table.append((Array(lower.prefix(3)), index + 1))
            table.append((lower, index + 1))
        }
        table.append((Array("tues".utf8), 2))
        table.append((Array("thur".utf8), 4))
        table.append((Array("thurs".utf8), 4))
        return table
    }()
}

// MARK: - Scanning a cell

/// A cursor over one cell's bytes; each method consumes what it recognises, or nothing.
private struct CellScan {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var end: Int

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        end = bytes.count
    }

    /// A blank at `i` (see ``blankLength(in:at:end:)``): its length in bytes, or 0.
    func blankLength(at i: Int) -> Int { DashImport.blankLength(in: bytes, at: i, end: end) }

    mutating func trimBlanks() {
        while blankLength(at: index) > 0 { index += blankLength(at: index) }
        while end > index {
            let last = bytes[end - 1]
            if last == 0x20 || last == 0x09 {
                end -= 1
            } else if last == 0xA0, end - 2 >= index, bytes[end - 2] == 0xC2 {
                end -= 2
            } else if last == 0xAF, end - 3 >= index, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80 {
                end -= 3
            } else {
                return
            }
        }
    }

    /// One or more blanks.
    mutating func skipBlanks() -> Bool {
        let start = index
        while blankLength(at: index) > 0 { index += blankLength(at: index) }
        return index > start
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// `text` exactly, ASCII letters in either case.
    mutating func skip(literal text: [UInt8]) -> Bool {
        guard end - index >= text.count else { return false }
        for (offset, byte) in text.enumerated() where Self.lower(bytes[index + offset]) != Self.lower(byte) { return false }
        index += text.count
        return true
    }

    /// One ASCII letter given in lower case, in either case.
    mutating func skip(letter: UInt8) -> Bool {
        guard index < end, Self.lower(bytes[index]) == letter else { return false }
        index += 1
        return true
    }

    /// `min` to `max` ASCII digits (as many as there are, up to `max`), or nil and nothing consumed.
    mutating func number(min: Int, max: Int) -> Int? {
        var value = 0
        var count = 0
        while count < max, index + count < end {
            let byte = bytes[index + count]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            count += 1
        }
        guard count >= min else { return nil }
        index += count
        return value
    }

    /// `+` (1) or `-` (-1), or nil.
    mutating func sign() -> Int? {
        guard index < end else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "+"): index += 1; return 1
        case UInt8(ascii: "-"): index += 1; return -1
        default: return nil
        }
    }

    /// A run of ASCII letters, at most `max`: its length, consumed; 0 (nothing consumed) when
    /// there are none or too many.
    mutating func letters(max: Int) -> Int {
        var count = 0
        while index + count < end, Self.isLetter(bytes[index + count]) { count += 1 }
        guard count <= max else { return 0 }
        index += count
        return count
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower(byte))
    }

    /// A whole word of ASCII letters found in `table` (compared in lower case): its number.
    mutating func name(in table: [([UInt8], Int)]) -> Int? {
        var count = 0
        while index + count < end, Self.isLetter(bytes[index + count]) { count += 1 }
        guard count > 0 else { return nil }
        for (spelling, value) in table where spelling.count == count {
            var same = true
            for offset in 0..<count where Self.lower(bytes[index + offset]) != spelling[offset] {
                same = false
                break
            }
            if same {
                index += count
                return value
            }
        }
        return nil
    }

    /// `AM`/`PM` or `A.M.`/`P.M.`, any case: true for PM; nil (nothing consumed) otherwise.
    mutating func meridiem() -> Bool? {
        let start = index
        guard index < end else { return nil }
        let first = Self.lower(bytes[index])
        guard first == UInt8(ascii: "a") || first == UInt8(ascii: "p") else { return nil }
        index += 1
        let dotted = skip(literal: [UInt8(ascii: ".")])
        guard skip(letter: UInt8(ascii: "m")), !dotted || skip(literal: [UInt8(ascii: ".")]) else {
            index = start
            return nil
        }
        // `AMX` is not AM: a letter right after is part of another word.
        if index < end, Self.isLetter(bytes[index]) {
            index = start
            return nil
        }
        return first == UInt8(ascii: "p")
    }

    // MARK: Error path only

    func text(from start: Int, to stop: Int? = nil) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(stop ?? end)]), as: UTF8.self)
    }

    /// Characters (as a person counts them) from `start` to `stop`.
    func characterCount(from start: Int, to stop: Int) -> Int { text(from: start, to: stop).count }

    /// The character at byte `i`, named by kind (``CellShape/named(_:)``), never shown.
    func named(at i: Int) -> String {
        var iterator = UnsafeBufferPointer(rebasing: bytes[i..<end]).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return CellShape.named(scalar) }
        return "a byte that is not UTF-8"
    }

    func mismatch(pattern: String, token: PatternToken, at i: Int, cellStart: Int) -> StatementTimeError {
        let detail: String
        if i >= end {
            detail = "it ends where \(token.expectation) is expected"
        } else {
            detail = "expected \(token.expectation) at character \(characterCount(from: cellStart, to: i) + 1), found \(named(at: i))"
        }
        return .mismatch(cell: CellShape(text(from: cellStart)), pattern: pattern, detail: detail)
    }

    func leftOver(pattern: String, cellStart: Int) -> StatementTimeError {
        let rest = CellShape(text(from: index))
        let first = characterCount(from: cellStart, to: index)
        let detail = "the first \(first) character\(first == 1 ? "" : "s") match, and \(rest.characters) more "
            + (rest.characters == 1 ? "follows" : "follow") + " (\(rest.kinds))"
        return .mismatch(cell: CellShape(text(from: cellStart)), pattern: pattern, detail: detail)
    }
}
