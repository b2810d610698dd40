@testable import DashImport
import DashModel
import Foundation
import Testing

/// Statement dates and times (issue 4, "Local times"; docs/facts.md, "Dates and times"; docs/templates.md).
@Suite("StatementTime: statement dates and times, never guessed")
struct StatementTimeTests {
    // MARK: - Helpers

    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier), "no zone \(identifier)")
    }

    static func utcInstant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0, ms: Int = 0) throws -> Instant {
        try CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: ms).instant(offsetSeconds: 0)
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) throws -> CivilTime {
        try CivilTime(year: year, month: month, day: day)
    }

    /// The error `body` throws, or nil when it throws none.
    static func error<T>(_ body: () throws(StatementTimeError) -> T) -> StatementTimeError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// Reads `cell` with `pattern` and places it in `zone`.
    static func instant(_ pattern: String, _ cell: String, in zoneName: String, date: CivilTime? = nil) throws -> Instant {
        try StatementTime.instant(StatementTimePattern(pattern).parse(cell), date: date, zone: zone(zoneName))
    }

    // MARK: - Every letter

    struct ReadCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let cell: String
        let date: [Int]?
        let time: [Int]?
        let offset: Int?
        var testDescription: String { "\(pattern) ← \(cell.debugDescription)" }

        init(_ pattern: String, _ cell: String, date: [Int]? = nil, time: [Int]? = nil, offset: Int? = nil) {
            self.pattern = pattern
            self.cell = cell
            self.date = date
            self.time = time
            self.offset = offset
        }
    }

    static let readCases: [ReadCase] = [
        // yyyy, MM, dd, and numbers written without separators.
        ReadCase("yyyy-MM-dd", "2026-11-02", date: [2026, 11, 2]),
        ReadCase("yyyyMMdd", "20261102", date: [2026, 11, 2]),
        ReadCase("yyyy-MM-dd", "  2026-11-02\t", date: [2026, 11, 2]),
        ReadCase("yyyy-MM-dd", "2024-02-29", date: [2024, 2, 29]),
        // yy: the pivot is 2000-2099.
        ReadCase("yy-MM-dd", "26-11-02", date: [2026, 11, 2]),
        ReadCase("M/d/yy", "3/8/00", date: [2000, 3, 8]),
        ReadCase("M/d/yy", "1/4/99", date: [2099, 1, 4]),
        // M and d: one or two digits.
        ReadCase("M/d/yyyy", "3/8/2026", date: [2026, 3, 8]),
        ReadCase("M/d/yyyy", "03/08/2026", date: [2026, 3, 8]),
        ReadCase("M/d/yyyy", "12/31/2026", date: [2026, 12, 31]),
        ReadCase("MM/dd/yyyy", "03/08/2026", date: [2026, 3, 8]),
        ReadCase("dd.MM.yyyy", "08.03.2026", date: [2026, 3, 8]),
        // MMM / MMMM: English names, short or full, any case.
        ReadCase("MMM d, yyyy", "Mar 8, 2026", date: [2026, 3, 8]),
        ReadCase("MMM d, yyyy", "march 8, 2026", date: [2026, 3, 8]),
        ReadCase("MMMM d, yyyy", "MARCH 8, 2026", date: [2026, 3, 8]),
        ReadCase("MMM d, yyyy", "Sept 1, 2026", date: [2026, 9, 1]),
        ReadCase("MMM d, yyyy", "Sep 1, 2026", date: [2026, 9, 1]),
        ReadCase("MMM d, yyyy", "May 1, 2026", date: [2026, 5, 1]),
        ReadCase("d MMM yyyy", "1 jan 2026", date: [2026, 1, 1]),
        ReadCase("d MMM yyyy", "31 December 2026", date: [2026, 12, 31]),
        // EEE: checked against the date.
        ReadCase("EEE, MMM d, yyyy", "Sun, Mar 8, 2026", date: [2026, 3, 8]),
        ReadCase("EEEE d MMMM yyyy", "sunday 8 march 2026", date: [2026, 3, 8]),
        ReadCase("EEE yyyy-MM-dd", "Thurs 2026-11-05", date: [2026, 11, 5]),
        // H, HH: a 24-hour clock.
        ReadCase("H:mm", "9:05", time: [9, 5, 0, 0]),
        ReadCase("H:mm", "09:05", time: [9, 5, 0, 0]),
        ReadCase("HH:mm", "21:05", time: [21, 5, 0, 0]),
        ReadCase("HH:mm", "00:00", time: [0, 0, 0, 0]),
        ReadCase("HH:mm", "23:59", time: [23, 59, 0, 0]),
        ReadCase("HH'h'mm", "09h05", time: [9, 5, 0, 0]),
        // h, hh, a: a 12-hour clock; 12 AM is midnight, 12 PM noon.
        ReadCase("h:mm a", "9:10 AM", time: [9, 10, 0, 0]),
        ReadCase("h:mm a", "9:10 PM", time: [21, 10, 0, 0]),
        ReadCase("h:mm a", "12:00 AM", time: [0, 0, 0, 0]),
        ReadCase("h:mm a", "12:30 PM", time: [12, 30, 0, 0]),
        ReadCase("h:mm a", "11:59 pm", time: [23, 59, 0, 0]),
        ReadCase("h:mm a", "9:10 a.m.", time: [9, 10, 0, 0]),
        ReadCase("h:mm a", "9:10 P.M.", time: [21, 10, 0, 0]),
        ReadCase("h:mm a", "9:10 Am", time: [9, 10, 0, 0]),
        ReadCase("hh:mm a", "09:10 AM", time: [9, 10, 0, 0]),
        ReadCase("h:mma", "9:10PM", time: [21, 10, 0, 0]),
        // A space in the pattern: one or more blanks, including the narrow no-break space macOS writes.
        ReadCase("h:mm a", "9:10\u{202F}AM", time: [9, 10, 0, 0]),
        ReadCase("h:mm a", "9:10\u{A0}PM", time: [21, 10, 0, 0]),
        ReadCase("h:mm a", "9:10   AM", time: [9, 10, 0, 0]),
        ReadCase("h:mm a", "9:10\tAM", time: [9, 10, 0, 0]),
        // m, s, ss.
        ReadCase("H:m:s", "9:5:7", time: [9, 5, 7, 0]),
        ReadCase("HH:mm:ss", "09:05:07", time: [9, 5, 7, 0]),
        // S: exactly as many digits as letters, truncated to the millisecond.
        ReadCase("HH:mm:ss.S", "09:05:07.5", time: [9, 5, 7, 500]),
        ReadCase("HH:mm:ss.SS", "09:05:07.25", time: [9, 5, 7, 250]),
        ReadCase("HH:mm:ss.SSS", "09:05:07.154", time: [9, 5, 7, 154]),
        ReadCase("HH:mm:ss,SSS", "09:05:07,004", time: [9, 5, 7, 4]),
        ReadCase("HH:mm:ss.SSSSSS", "09:05:07.123456", time: [9, 5, 7, 123]),
        ReadCase("HH:mm:ss.SSSSSSSSS", "09:05:07.999999999", time: [9, 5, 7, 999]),
        // XXX, XX, X, Z, 'Z', z.
        ReadCase("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-02T09:00:00-05:00", date: [2026, 11, 2], time: [9, 0, 0, 0], offset: -18_000),
        ReadCase("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-02T09:00:00+05:30", date: [2026, 11, 2], time: [9, 0, 0, 0], offset: 19_800),
        ReadCase("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-02T09:00:00Z", date: [2026, 11, 2], time: [9, 0, 0, 0], offset: 0),
        ReadCase("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-02t09:00:00z", date: [2026, 11, 2], time: [9, 0, 0, 0], offset: 0),
        ReadCase("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-02T09:00:00-00:00", date: [2026, 11, 2], time: [9, 0, 0, 0], offset: 0),
        ReadCase("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-02T09:00:00+14:00", date: [2026, 11, 2], time: [9, 0, 0, 0], offset: 50_400),
        ReadCase("HH:mmXX", "09:00-0500", time: [9, 0, 0, 0], offset: -18_000),
        ReadCase("HH:mmXX", "09:00Z", time: [9, 0, 0, 0], offset: 0),
        ReadCase("HH:mmX", "09:00-05", time: [9, 0, 0, 0], offset: -18_000),
        ReadCase("HH:mmX", "09:00+0530", time: [9, 0, 0, 0], offset: 19_800),
        ReadCase("HH:mm Z", "09:00 -0500", time: [9, 0, 0, 0], offset: -18_000),
        ReadCase("HH:mm Z", "09:00 +0000", time: [9, 0, 0, 0], offset: 0),
        ReadCase("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", "2025-10-24T12:31:17.000Z", date: [2025, 10, 24], time: [12, 31, 17, 0], offset: 0),
        ReadCase("HH:mm:ss.SSS Z z", "22:49:20.154 -0500 CDT", time: [22, 49, 20, 154], offset: -18_000),
        ReadCase("HH:mm:ss.SSS Z z", "22:49:20.154 -0600 cst", time: [22, 49, 20, 154], offset: -21_600),
        // Quoted literals, and '' for a quote.
        ReadCase("yyyy-MM-dd 'at' HH:mm", "2026-11-02 at 09:05", date: [2026, 11, 2], time: [9, 5, 0, 0]),
        ReadCase("yyyy-MM-dd 'at' HH:mm", "2026-11-02 AT 09:05", date: [2026, 11, 2], time: [9, 5, 0, 0]),
        ReadCase("h:mm 'o''clock' a", "9:05 o'clock PM", time: [21, 5, 0, 0]),
        ReadCase("''yy-MM-dd", "'26-11-02", date: [2026, 11, 2]),
    ]

    @Test("every letter reads its field", arguments: readCases)
    func everyLetter(_ c: ReadCase) throws {
        let parsed = try StatementTimePattern(c.pattern).parse(c.cell)
        #expect(parsed.date.map { [$0.year, $0.month, $0.day] } == c.date)
        #expect(parsed.time.map { [$0.hour, $0.minute, $0.second, $0.millisecond] } == c.time)
        #expect(parsed.offsetSeconds == c.offset)
        // Reading the bytes gives the same as reading the string.
        var cell = c.cell
        let fromBytes = try cell.withUTF8 { bytes in try StatementTimePattern(c.pattern).parse(utf8: bytes) }
        #expect(fromBytes == parsed)
    }

    @Test("the time of day is kept as written, for messages")
    func timeTextAsWritten() throws {
        #expect(try StatementTimePattern("MM/dd/yyyy h:mm a").parse(" 03/08/2026 2:30 AM ").timeText == "2:30 AM")
        #expect(try StatementTimePattern("yyyy-MM-dd HH:mm:ss").parse("2026-03-08 02:30:00").timeText == "02:30:00")
        #expect(try StatementTimePattern("yyyy-MM-dd").parse("2026-03-08").timeText == nil)
        #expect(try StatementTimePattern("h:mm a MMM d, yyyy").parse("2:30 AM Mar 8, 2026").timeText == "2:30 AM")
    }

    @Test("what a pattern reads")
    func patternFlags() throws {
        let dateOnly = try StatementTimePattern("M/d/yyyy")
        #expect(dateOnly.hasDate && !dateOnly.hasTime && !dateOnly.hasOffset)
        let timeOnly = try StatementTimePattern("h:mm a")
        #expect(!timeOnly.hasDate && timeOnly.hasTime && !timeOnly.hasOffset)
        let full = try StatementTimePattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
        #expect(full.hasDate && full.hasTime && full.hasOffset)
        #expect(full.description == "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
        #expect(try StatementTimePattern("HH:mm") == StatementTimePattern("HH:mm"))
    }

    // MARK: - Shipped and seen formats (docs/templates.md)

    struct FormatCase: Sendable, CustomTestStringConvertible {
        let source: String
        let pattern: String
        let cell: String
        let zone: String
        /// The expected instant in UTC: year, month, day, hour, minute, second, millisecond.
        let utc: [Int]
        var testDescription: String { "\(source): \(cell)" }
    }

    static let formatCases: [FormatCase] = [
        FormatCase(source: "Uber trip activity", pattern: "yyyy-MM-dd HH:mm:ss", cell: "2026-03-29 12:39:45",
                   zone: "America/Chicago", utc: [2026, 3, 29, 17, 39, 45, 0]),
        // The numeric offset decides; the abbreviation is ignored, and so is the template's zone.
        FormatCase(source: "Uber vs reporting", pattern: "yyyy-MM-dd HH:mm:ss.SSS Z z", cell: "2025-09-01 22:49:20.154 -0500 CDT",
                   zone: "Europe/Berlin", utc: [2025, 9, 2, 3, 49, 20, 154]),
        FormatCase(source: "Uber payout row", pattern: "yyyy-MM-dd HH:mm:ss.SSS Z z", cell: "2025-09-08 04:00:00.000 -0500 CDT",
                   zone: "Asia/Tokyo", utc: [2025, 9, 8, 9, 0, 0, 0]),
        FormatCase(source: "Uber personal data", pattern: "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", cell: "2025-10-24T12:31:17.000Z",
                   zone: "America/Los_Angeles", utc: [2025, 10, 24, 12, 31, 17, 0]),
        FormatCase(source: "Uber personal data (XXX)", pattern: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", cell: "2025-10-24T12:31:17.000Z",
                   zone: "America/Los_Angeles", utc: [2025, 10, 24, 12, 31, 17, 0]),
        FormatCase(source: "MileIQ-style log", pattern: "M/d/yyyy H:mm", cell: "1/4/2016 9:10",
                   zone: "America/Los_Angeles", utc: [2016, 1, 4, 17, 10, 0, 0]),
        FormatCase(source: "shift spreadsheet (rideshare-tracker)", pattern: "yyyy-MM-dd HH:mm", cell: "2026-01-15 06:30",
                   zone: "America/Chicago", utc: [2026, 1, 15, 12, 30, 0, 0]),
        FormatCase(source: "US 12-hour export (Spark, Instacart-style)", pattern: "MM/dd/yyyy h:mm a", cell: "03/15/2026 7:45 PM",
                   zone: "America/Chicago", utc: [2026, 3, 16, 0, 45, 0, 0]),
        FormatCase(source: "Uber statement event (with a year)", pattern: "MMM d, yyyy h:mm a", cell: "Aug 24, 2025 4:45 PM",
                   zone: "America/New_York", utc: [2025, 8, 24, 20, 45, 0, 0]),
        FormatCase(source: "European export", pattern: "dd.MM.yyyy HH:mm", cell: "24.08.2025 16:45",
                   zone: "Europe/Berlin", utc: [2025, 8, 24, 14, 45, 0, 0]),
        FormatCase(source: "DoorDash dash date", pattern: "yyyy-MM-dd", cell: "2025-01-06",
                   zone: "America/New_York", utc: [2025, 1, 6, 5, 0, 0, 0]),
        FormatCase(source: "Grubhub/Flex block, two-digit year", pattern: "M/d/yy h:mm a", cell: "11/2/26 6:00 AM",
                   zone: "America/Denver", utc: [2026, 11, 2, 13, 0, 0, 0]),
    ]

    @Test("each shipped and seen format", arguments: formatCases)
    func shippedFormats(_ c: FormatCase) throws {
        let expected = try Self.utcInstant(c.utc[0], c.utc[1], c.utc[2], c.utc[3], c.utc[4], c.utc[5], ms: c.utc[6])
        #expect(try Self.instant(c.pattern, c.cell, in: c.zone) == expected)
    }

    @Test("a DoorDash dash: a date cell and 12-hour start and end cells")
    func doorDashDash() throws {
        let date = try #require(try StatementTimePattern("yyyy-MM-dd").parse("2025-01-06").date)
        let clock = try StatementTimePattern("h:mm a")
        let span = try StatementTime.span(date: date, start: clock.parse("10:27 AM"), end: clock.parse("12:12 PM"),
                                          zone: Self.zone("America/New_York"), endMayBeNextDay: false)
        #expect(span.start == (try Self.utcInstant(2025, 1, 6, 15, 27)))
        #expect(span.end == (try Self.utcInstant(2025, 1, 6, 17, 12)))
        #expect(span.durationMilliseconds == 105 * 60_000)
    }

    @Test("a delivery log with times only takes the date from elsewhere (novags1755/delivery-tracker)")
    func deliveryTrackerTimes() throws {
        let clock = try StatementTimePattern("hh:mm a")
        let fileDate = try Self.day(2025, 4, 12)
        let at = try StatementTime.instant(clock.parse("09:10 AM"), date: fileDate, zone: Self.zone("America/Los_Angeles"))
        #expect(at == (try Self.utcInstant(2025, 4, 12, 16, 10)))
        // With no date anywhere: an error, not today's date.
        let losAngeles = try Self.zone("America/Los_Angeles")
        let error = Self.error { () throws(StatementTimeError) in
            try StatementTime.instant(clock.parse("09:10 AM"), zone: losAngeles)
        }
        // The time as dashpilot read it, never the cell's text.
        #expect(error == .noDate(time: "09:10"))
        #expect(error?.description == "the time 09:10 has no date, and the row gives none")
    }

    @Test("a cell's own date wins over the row's")
    func ownDateWins() throws {
        let parsed = try StatementTimePattern("yyyy-MM-dd HH:mm").parse("2026-05-05 10:00")
        let at = try StatementTime.instant(parsed, date: Self.day(2026, 1, 1), zone: Self.zone("UTC"))
        #expect(at == (try Self.utcInstant(2026, 5, 5, 10, 0)))
    }

    // MARK: - DST gap and overlap (America/Chicago 2026: gap 03-08 02:00-03:00, overlap 11-01 01:00-02:00)

    struct DSTCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let cell: String
        let gap: Bool
        let message: String
        var testDescription: String { cell }
    }

    static let dstCases: [DSTCase] = [
        DSTCase(pattern: "MM/dd/yyyy h:mm a", cell: "03/08/2026 2:30 AM", gap: true,
                message: "02:30 on 2026-03-08 does not exist in America/Chicago (the clocks jump forward); give an offset"),
        DSTCase(pattern: "yyyy-MM-dd HH:mm", cell: "2026-03-08 02:30", gap: true,
                message: "02:30 on 2026-03-08 does not exist in America/Chicago (the clocks jump forward); give an offset"),
        DSTCase(pattern: "yyyy-MM-dd HH:mm:ss", cell: "2026-03-08 02:00:00", gap: true,
                message: "02:00 on 2026-03-08 does not exist in America/Chicago (the clocks jump forward); give an offset"),
        DSTCase(pattern: "yyyy-MM-dd HH:mm:ss", cell: "2026-03-08 02:59:59", gap: true,
                message: "02:59:59 on 2026-03-08 does not exist in America/Chicago (the clocks jump forward); give an offset"),
        DSTCase(pattern: "yyyy-MM-dd HH:mm", cell: "2026-11-01 01:30", gap: false,
                message: "01:30 on 2026-11-01 happens twice in America/Chicago (the clocks go back); give an offset"),
        DSTCase(pattern: "MM/dd/yyyy h:mm a", cell: "11/01/2026 1:00 AM", gap: false,
                message: "01:00 on 2026-11-01 happens twice in America/Chicago (the clocks go back); give an offset"),
        DSTCase(pattern: "yyyy-MM-dd HH:mm:ss", cell: "2026-11-01 01:59:59", gap: false,
                message: "01:59:59 on 2026-11-01 happens twice in America/Chicago (the clocks go back); give an offset"),
    ]

    @Test("a wall time in a DST gap or overlap is refused, naming the time and the zone", arguments: dstCases)
    func dstRefused(_ c: DSTCase) throws {
        let parsed = try StatementTimePattern(c.pattern).parse(c.cell)
        let chicago = try Self.zone("America/Chicago")
        let error = Self.error { () throws(StatementTimeError) in try StatementTime.instant(parsed, zone: chicago) }
        let unwrapped = try #require(error)
        switch unwrapped {
        case .nonexistentLocalTime: #expect(c.gap)
        case .ambiguousLocalTime: #expect(!c.gap)
        default: Issue.record("unexpected \(unwrapped)")
        }
        #expect(unwrapped.description == c.message)
        // The same through the date/time/offset entry point, which shows the canonical time.
        let date = try #require(parsed.date)
        let viaParts = Self.error { () throws(StatementTimeError) in
            try StatementTime.instant(date: date, time: parsed.time, offset: nil, zone: chicago)
        }
        #expect(viaParts != nil)
    }

    @Test("the same wall times with an explicit offset are exact")
    func dstWithOffset() throws {
        let pattern = try StatementTimePattern("yyyy-MM-dd'T'HH:mm:ssXXX")
        let chicago = try Self.zone("America/Chicago")
        // The gap: 02:30 at CST (-06:00) is 08:30Z, which Chicago calls 03:30 CDT.
        #expect(try StatementTime.instant(pattern.parse("2026-03-08T02:30:00-06:00"), zone: chicago) == (try Self.utcInstant(2026, 3, 8, 8, 30)))
        // The overlap: both readings of 01:30, an hour apart.
        let first = try StatementTime.instant(pattern.parse("2026-11-01T01:30:00-05:00"), zone: chicago)
        let second = try StatementTime.instant(pattern.parse("2026-11-01T01:30:00-06:00"), zone: chicago)
        #expect(first == (try Self.utcInstant(2026, 11, 1, 6, 30)))
        #expect(second == (try Self.utcInstant(2026, 11, 1, 7, 30)))
        #expect(first.milliseconds(to: second) == 3_600_000)
        // The parts entry point with an offset too.
        let parts = try StatementTime.instant(date: Self.day(2026, 3, 8), time: TimeOfDay(hour: 2, minute: 30), offset: -21_600, zone: chicago)
        #expect(parts == (try Self.utcInstant(2026, 3, 8, 8, 30)))
    }

    @Test("the times either side of a DST change are read")
    func dstEdges() throws {
        let chicago = "America/Chicago"
        let pattern = "yyyy-MM-dd HH:mm:ss"
        let beforeGap = try Self.instant(pattern, "2026-03-08 01:59:59", in: chicago)
        let afterGap = try Self.instant(pattern, "2026-03-08 03:00:00", in: chicago)
        #expect(beforeGap == (try Self.utcInstant(2026, 3, 8, 7, 59, 59)))
        #expect(afterGap == (try Self.utcInstant(2026, 3, 8, 8, 0, 0)))
        #expect(beforeGap.milliseconds(to: afterGap) == 1000)
        #expect(try Self.instant(pattern, "2026-11-01 00:59:59", in: chicago) == (try Self.utcInstant(2026, 11, 1, 5, 59, 59)))
        #expect(try Self.instant(pattern, "2026-11-01 02:00:00", in: chicago) == (try Self.utcInstant(2026, 11, 1, 8, 0, 0)))
    }

    // MARK: - The month boundary at local midnight

    @Test("2026-03-31 23:59:59 and 2026-04-01 00:00:00 in Chicago: one second apart, on different local dates")
    func monthBoundary() throws {
        let chicago = try Self.zone("America/Chicago")
        let pattern = try StatementTimePattern("yyyy-MM-dd HH:mm:ss")
        let march = try StatementTime.instant(pattern.parse("2026-03-31 23:59:59"), zone: chicago)
        let april = try StatementTime.instant(pattern.parse("2026-04-01 00:00:00"), zone: chicago)
        #expect(march == (try Self.utcInstant(2026, 4, 1, 4, 59, 59)))
        #expect(april == (try Self.utcInstant(2026, 4, 1, 5, 0, 0)))
        #expect(march.milliseconds(to: april) == 1000)
        let marchLocal = TimeText.civil(march, zone: chicago)
        let aprilLocal = TimeText.civil(april, zone: chicago)
        #expect([marchLocal.year, marchLocal.month, marchLocal.day] == [Int]([2026, 3, 31]))
        #expect([aprilLocal.year, aprilLocal.month, aprilLocal.day] == [Int]([2026, 4, 1]))
        // Both are on April 1 in UTC: bucketing by UTC date would put March's last second in April.
        #expect(CivilTime(instant: march, offsetSeconds: 0).month == 4)
    }

    // MARK: - Spans: an end earlier than the start

    @Test("an overnight shift 22:00-02:00 ends the next day only when the template allows it")
    func overnightShift() throws {
        let chicago = try Self.zone("America/Chicago")
        let clock = try StatementTimePattern("HH:mm")
        let date = try Self.day(2026, 3, 10)
        let span = try StatementTime.span(date: date, start: clock.parse("22:00"), end: clock.parse("02:00"), zone: chicago, endMayBeNextDay: true)
        #expect(span.start == (try Self.utcInstant(2026, 3, 11, 3, 0)))
        #expect(span.end == (try Self.utcInstant(2026, 3, 11, 7, 0)))
        #expect(span.durationMilliseconds == 4 * 3_600_000)

        let refused = Self.error { () throws(StatementTimeError) in
            try StatementTime.span(date: date, start: clock.parse("22:00"), end: clock.parse("02:00"), zone: chicago, endMayBeNextDay: false)
        }
        #expect(refused == .endNotAfterStart(start: "22:00", end: "02:00", date: "2026-03-10"))
        #expect(refused?.description
            == "the end 02:00 is not after the start 22:00 on 2026-03-10, and the template does not say that an end may fall on the next day")
    }

    @Test("an end equal to the start is the next day only when allowed")
    func equalEnd() throws {
        let utc = try Self.zone("UTC")
        let clock = try StatementTimePattern("h:mm a")
        let date = try Self.day(2026, 6, 1)
        let span = try StatementTime.span(date: date, start: clock.parse("9:00 PM"), end: clock.parse("9:00 PM"), zone: utc, endMayBeNextDay: true)
        #expect(span.durationMilliseconds == 24 * 3_600_000)
        let refused = Self.error { () throws(StatementTimeError) in
            try StatementTime.span(date: date, start: clock.parse("9:00 PM"), end: clock.parse("9:00 PM"), zone: utc, endMayBeNextDay: false)
        }
        #expect(refused == .endNotAfterStart(start: "21:00", end: "21:00", date: "2026-06-01"))
    }

    @Test("a same-day shift is the same whether or not the template allows the next day")
    func sameDayShift() throws {
        let chicago = try Self.zone("America/Chicago")
        let clock = try StatementTimePattern("h:mm a")
        let date = try Self.day(2026, 3, 10)
        for allowed in [true, false] {
            let span = try StatementTime.span(date: date, start: clock.parse("10:27 AM"), end: clock.parse("12:12 PM"), zone: chicago, endMayBeNextDay: allowed)
            #expect(span.start == (try Self.utcInstant(2026, 3, 10, 15, 27)))
            #expect(span.durationMilliseconds == 105 * 60_000)
        }
    }

    @Test("overnight across the spring-forward night lasts an hour less than the wall clock says")
    func overnightAcrossGap() throws {
        let chicago = try Self.zone("America/Chicago")
        let clock = try StatementTimePattern("HH:mm")
        let span = try StatementTime.span(date: Self.day(2026, 3, 7), start: clock.parse("22:00"), end: clock.parse("03:30"),
                                          zone: chicago, endMayBeNextDay: true)
        #expect(span.start == (try Self.utcInstant(2026, 3, 8, 4, 0)))
        #expect(span.end == (try Self.utcInstant(2026, 3, 8, 8, 30)))
        // Ending in the gap on the next day is refused.
        let march7 = try Self.day(2026, 3, 7)
        let refused = Self.error { () throws(StatementTimeError) in
            try StatementTime.span(date: march7, start: clock.parse("22:00"), end: clock.parse("02:30"),
                                   zone: chicago, endMayBeNextDay: true)
        }
        #expect(refused == .nonexistentLocalTime(time: "02:30", date: "2026-03-08", zone: "America/Chicago"))
        // Starting on the gap day and ending at 02:30 the day after is fine: 02:30 exists on 03-09.
        let after = try StatementTime.span(date: Self.day(2026, 3, 8), start: clock.parse("22:00"), end: clock.parse("02:30"),
                                           zone: chicago, endMayBeNextDay: true)
        #expect(after.end == (try Self.utcInstant(2026, 3, 9, 7, 30)))
    }

    @Test("start and end with their own dates are placed as they are, and must not be reversed")
    func datedSpans() throws {
        let chicago = try Self.zone("America/Chicago")
        let pattern = try StatementTimePattern("M/d/yyyy H:mm")
        let span = try StatementTime.span(start: pattern.parse("1/4/2026 22:10"), end: pattern.parse("1/5/2026 1:31"),
                                          zone: chicago, endMayBeNextDay: false)
        #expect(span.durationMilliseconds == (3 * 60 + 21) * 60_000)
        let empty = try StatementTime.span(start: pattern.parse("1/4/2026 9:10"), end: pattern.parse("1/4/2026 9:10"),
                                           zone: chicago, endMayBeNextDay: false)
        #expect(empty.durationMilliseconds == 0)
        let reversed = Self.error { () throws(StatementTimeError) in
            try StatementTime.span(start: pattern.parse("1/5/2026 1:31"), end: pattern.parse("1/4/2026 22:10"), zone: chicago, endMayBeNextDay: true)
        }
        #expect(reversed == .endBeforeStart(start: "2026-01-05 01:31", end: "2026-01-04 22:10"))
        // A start with a date and an end with only a time: the end is on the start's date.
        let mixed = try StatementTime.span(start: pattern.parse("1/4/2026 22:10"), end: StatementTimePattern("H:mm").parse("1:31"),
                                           zone: chicago, endMayBeNextDay: true)
        #expect(mixed == span)
        // No date anywhere.
        let clock = try StatementTimePattern("HH:mm")
        let undated = Self.error { () throws(StatementTimeError) in
            try StatementTime.span(start: clock.parse("09:00"), end: clock.parse("10:00"), zone: chicago, endMayBeNextDay: true)
        }
        #expect(undated == .noDate(time: "09:00"))
    }

    @Test("times of day with offsets compare as UTC times")
    func spanWithOffsets() throws {
        let clock = try StatementTimePattern("HH:mmXXX")
        let tokyo = try Self.zone("Asia/Tokyo")
        let july1 = try Self.day(2026, 7, 1)
        // 23:00-05:00 on July 1 is 04:00Z on July 2, and 00:30-06:00 on July 1 is 06:30Z on July 1,
        // earlier: the end is on the next day, so only when allowed.
        let overnight = try StatementTime.span(date: july1, start: clock.parse("23:00-05:00"), end: clock.parse("00:30-06:00"),
                                               zone: tokyo, endMayBeNextDay: true)
        #expect(overnight.start == (try Self.utcInstant(2026, 7, 2, 4, 0)))
        #expect(overnight.end == (try Self.utcInstant(2026, 7, 2, 6, 30)))
        let refused = Self.error { () throws(StatementTimeError) in
            try StatementTime.span(date: july1, start: clock.parse("23:00-05:00"), end: clock.parse("00:30-06:00"),
                                   zone: tokyo, endMayBeNextDay: false)
        }
        #expect(refused == .endNotAfterStart(start: "23:00", end: "00:30", date: "2026-07-01"))
        // 23:00Z, then 22:30-02:00, which is 00:30Z on July 2: later in UTC though earlier on the wall
        // clock, so the same date, with no next-day rule needed.
        let sameDay = try StatementTime.span(date: july1, start: clock.parse("23:00Z"), end: clock.parse("22:30-02:00"),
                                             zone: tokyo, endMayBeNextDay: false)
        #expect(sameDay.start == (try Self.utcInstant(2026, 7, 1, 23, 0)))
        #expect(sameDay.end == (try Self.utcInstant(2026, 7, 2, 0, 30)))
    }

    // MARK: - Never TimeZone.current

    @Test("the result depends only on the zone passed in")
    func onlyTheExplicitZone() throws {
        let pattern = try StatementTimePattern("yyyy-MM-dd HH:mm")
        let parsed = try pattern.parse("2026-07-01 12:00")
        // Parsing takes no zone at all: the same fields, whatever the process's TZ.
        #expect(parsed == ParsedTime(date: try Self.day(2026, 7, 1), time: try TimeOfDay(hour: 12, minute: 0), offsetSeconds: nil, timeText: "12:00"))
        let expected: [(String, Instant)] = [
            ("America/Chicago", try Self.utcInstant(2026, 7, 1, 17, 0)),
            ("Europe/Berlin", try Self.utcInstant(2026, 7, 1, 10, 0)),
            ("Asia/Kolkata", try Self.utcInstant(2026, 7, 1, 6, 30)),
            ("UTC", try Self.utcInstant(2026, 7, 1, 12, 0)),
        ]
        for (name, instant) in expected {
            #expect(try StatementTime.instant(parsed, zone: Self.zone(name)) == instant, "\(name)")
        }
        // A cell with an offset is the same instant under every zone.
        let offsetCell = try StatementTimePattern("yyyy-MM-dd HH:mmXXX").parse("2026-07-01 12:00+02:00")
        for (name, _) in expected {
            #expect(try StatementTime.instant(offsetCell, zone: Self.zone(name)) == (try Self.utcInstant(2026, 7, 1, 10, 0)), "\(name)")
        }
        // Two zones, two answers: the zone argument is what is used.
        let chicago = try StatementTime.instant(parsed, zone: Self.zone("America/Chicago"))
        let berlin = try StatementTime.instant(parsed, zone: Self.zone("Europe/Berlin"))
        #expect(berlin.milliseconds(to: chicago) == 7 * 3_600_000)
    }

    // MARK: - Impossible dates and times

    struct RefusalCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let cell: String
        let message: String
        var testDescription: String { "\(pattern) ← \(cell.debugDescription)" }
    }

    static let impossibleCases: [RefusalCase] = [
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-02-30", message: "the cell (10 characters: digits and '-') is not a real date (February 2026 has 28 days)"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-02-29", message: "the cell (10 characters: digits and '-') is not a real date (February 2026 has 28 days)"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2100-02-29", message: "the cell (10 characters: digits and '-') is not a real date (February 2100 has 28 days)"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-04-31", message: "the cell (10 characters: digits and '-') is not a real date (April 2026 has 30 days)"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-13-01", message: "the cell (10 characters: digits and '-') is not a real date (there is no month 13)"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-00-10", message: "the cell (10 characters: digits and '-') is not a real date (there is no month 0)"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-01-00", message: "the cell (10 characters: digits and '-') is not a real date (there is no day 0)"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "0000-01-01", message: "the cell (10 characters: digits and '-') is not a real date (there is no year 0)"),
        RefusalCase(pattern: "MM/dd/yyyy h:mm a", cell: "02/30/2026 9:00 AM",
                    message: "the cell (18 characters: letters, digits, spaces, '/' and ':') is not a real date (February 2026 has 28 days)"),
        RefusalCase(pattern: "EEE, MMM d, yyyy", cell: "Sat, Mar 8, 2026",
                    message: "the cell (16 characters: letters, digits, spaces and ',') is not a real date (2026-03-08 is a Sunday, not a Saturday)"),
        RefusalCase(pattern: "HH:mm", cell: "24:00",
                    message: "the cell (5 characters: digits and ':') is not a real time of day (the hours run from 00 to 23; midnight is 00:00 of the next day)"),
        RefusalCase(pattern: "HH:mm", cell: "23:60", message: "the cell (5 characters: digits and ':') is not a real time of day (the minutes run from 00 to 59)"),
        RefusalCase(pattern: "HH:mm:ss", cell: "23:59:60",
                    message: "the cell (8 characters: digits and ':') is not a real time of day (the seconds run from 00 to 59; a leap second is refused)"),
        RefusalCase(pattern: "h:mm a", cell: "13:00 PM",
                    message: "the cell (8 characters: letters, digits, a space and ':') is not a real time of day (on a 12-hour clock the hours run from 1 to 12)"),
        RefusalCase(pattern: "h:mm a", cell: "0:30 AM",
                    message: "the cell (7 characters: letters, digits, a space and ':') is not a real time of day (on a 12-hour clock the hours run from 1 to 12)"),
        RefusalCase(pattern: "HH:mmXXX", cell: "09:00+14:30",
                    message: "the cell (11 characters: digits, ':' and '+') has an impossible UTC offset (offsets run from -14:00 to +14:00)"),
        RefusalCase(pattern: "HH:mmXXX", cell: "09:00-05:60",
                    message: "the cell (11 characters: digits, ':' and '-') has an impossible UTC offset (the offset's minutes run from 00 to 59)"),
    ]

    @Test("impossible dates, times and offsets are refused, never rolled over", arguments: impossibleCases)
    func impossible(_ c: RefusalCase) throws {
        let pattern = try StatementTimePattern(c.pattern)
        let error = Self.error { () throws(StatementTimeError) in try pattern.parse(c.cell) }
        #expect(error?.description == c.message)
        #expect(error?.isPatternError == false)
    }

    @Test("a time of day is validated when built by hand too")
    func timeOfDayInit() throws {
        #expect(Self.error { () throws(StatementTimeError) in try TimeOfDay(hour: 24, minute: 0) } != nil)
        #expect(Self.error { () throws(StatementTimeError) in try TimeOfDay(hour: 10, minute: 60) } != nil)
        #expect(try TimeOfDay(hour: 2, minute: 30).description == "02:30")
        #expect(try TimeOfDay(hour: 2, minute: 30, second: 15).description == "02:30:15")
        #expect(try TimeOfDay(hour: 2, minute: 30, second: 15, millisecond: 250).description == "02:30:15.250")
        #expect(try TimeOfDay(hour: 23, minute: 0) > TimeOfDay(hour: 9, minute: 59, second: 59))
    }

    @Test("a date alone is local midnight, and a midnight that does not exist is refused")
    func dateAlone() throws {
        #expect(try Self.instant("yyyy-MM-dd", "2026-04-01", in: "America/Chicago") == (try Self.utcInstant(2026, 4, 1, 5, 0)))
        // Chile moves its clocks at midnight: 2026-09-06 00:00 does not exist in Santiago.
        let santiago = try Self.zone("America/Santiago")
        let september6 = try Self.day(2026, 9, 6)
        let error = Self.error { () throws(StatementTimeError) in
            try StatementTime.instant(date: september6, time: nil, offset: nil, zone: santiago)
        }
        #expect(error == .nonexistentLocalTime(time: "00:00", date: "2026-09-06", zone: "America/Santiago"))
    }

    // MARK: - Garbage: the whole cell or nothing

    static let garbageCases: [RefusalCase] = [
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-11-02x",
                    message: "the cell (11 characters: a letter, digits and '-') does not match the date pattern 'yyyy-MM-dd': the first 10 characters match, and 1 more follows (a letter)"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-11-02 09:00",
                    message: "the cell (16 characters: digits, a space, '-' and ':') does not match the date pattern 'yyyy-MM-dd': the first 10 characters match, and 6 more follow (digits, a space and ':')"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-11-2",
                    message: "the cell (9 characters: digits and '-') does not match the date pattern 'yyyy-MM-dd': expected a two-digit day of the month (dd) at character 9, found a digit"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-11",
                    message: "the cell (7 characters: digits and '-') does not match the date pattern 'yyyy-MM-dd': it ends where '-' is expected"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "x2026-11-02",
                    message: "the cell (11 characters: a letter, digits and '-') does not match the date pattern 'yyyy-MM-dd': expected a four-digit year (yyyy) at character 1, found a letter"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026/11/02",
                    message: "the cell (10 characters: digits and '/') does not match the date pattern 'yyyy-MM-dd': expected '-' at character 5, found '/'"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "+2026-11-02",
                    message: "the cell (11 characters: digits, '+' and '-') does not match the date pattern 'yyyy-MM-dd': expected a four-digit year (yyyy) at character 1, found '+'"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "20261-11-02",
                    message: "the cell (11 characters: digits and '-') does not match the date pattern 'yyyy-MM-dd': expected '-' at character 5, found a digit"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "２０２６-11-02",
                    message: "the cell (10 characters: digits, digits other than 0-9 and '-') does not match the date pattern 'yyyy-MM-dd': expected a four-digit year (yyyy) at character 1, found a digit other than 0-9"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "2026-11-02\u{0}",
                    message: "the cell (11 characters: digits, '-' and U+0000) does not match the date pattern 'yyyy-MM-dd': the first 10 characters match, and 1 more follows (U+0000)"),
        RefusalCase(pattern: "M/d/yyyy", cell: "123/4/2026",
                    message: "the cell (10 characters: digits and '/') does not match the date pattern 'M/d/yyyy': expected '/' at character 3, found a digit"),
        RefusalCase(pattern: "M/d/yyyy", cell: "1/4/26",
                    message: "the cell (6 characters: digits and '/') does not match the date pattern 'M/d/yyyy': expected a four-digit year (yyyy) at character 5, found a digit"),
        RefusalCase(pattern: "MMM d, yyyy", cell: "Marc 8, 2026",
                    message: "the cell (12 characters: letters, digits, spaces and ',') does not match the date pattern 'MMM d, yyyy': expected an English month name such as Mar or March (MMM) at character 1, found a letter"),
        RefusalCase(pattern: "MMM d, yyyy", cell: "Mär 8, 2026",
                    message: "the cell (11 characters: letters, digits, spaces and ',') does not match the date pattern 'MMM d, yyyy': expected an English month name such as Mar or March (MMM) at character 1, found a letter"),
        RefusalCase(pattern: "h:mm a", cell: "9:10 AMX",
                    message: "the cell (8 characters: letters, digits, a space and ':') does not match the date pattern 'h:mm a': expected AM or PM (a) at character 6, found a letter"),
        RefusalCase(pattern: "h:mm a", cell: "9:10 A",
                    message: "the cell (6 characters: a letter, digits, a space and ':') does not match the date pattern 'h:mm a': expected AM or PM (a) at character 6, found a letter"),
        RefusalCase(pattern: "h:mm a", cell: "9:10",
                    message: "the cell (4 characters: digits and ':') does not match the date pattern 'h:mm a': it ends where a space is expected"),
        RefusalCase(pattern: "h:mm a", cell: "9:10AM",
                    message: "the cell (6 characters: letters, digits and ':') does not match the date pattern 'h:mm a': expected a space at character 5, found a letter"),
        RefusalCase(pattern: "hh:mm a", cell: "9:10 AM",
                    message: "the cell (7 characters: letters, digits, a space and ':') does not match the date pattern 'hh:mm a': expected a two-digit hour (hh) at character 1, found a digit"),
        RefusalCase(pattern: "HH:mm:ss.SSS", cell: "09:05:07.12",
                    message: "the cell (11 characters: digits, ':' and '.') does not match the date pattern 'HH:mm:ss.SSS': expected 3 digits of a fraction of a second (SSS) at character 10, found a digit"),
        RefusalCase(pattern: "HH:mm:ss.SSS", cell: "09:05:07.1234",
                    message: "the cell (13 characters: digits, ':' and '.') does not match the date pattern 'HH:mm:ss.SSS': the first 12 characters match, and 1 more follows (a digit)"),
        RefusalCase(pattern: "HH:mmXXX", cell: "09:00-0500",
                    message: "the cell (10 characters: digits, ':' and '-') does not match the date pattern 'HH:mmXXX': expected an offset such as -05:00 or Z (XXX) at character 6, found '-'"),
        RefusalCase(pattern: "HH:mmXXX", cell: "09:00-05",
                    message: "the cell (8 characters: digits, ':' and '-') does not match the date pattern 'HH:mmXXX': expected an offset such as -05:00 or Z (XXX) at character 6, found '-'"),
        RefusalCase(pattern: "HH:mm Z", cell: "09:00 Z",
                    message: "the cell (7 characters: a letter, digits, a space and ':') does not match the date pattern 'HH:mm Z': expected an offset such as -0500 (Z) at character 7, found a letter"),
        RefusalCase(pattern: "yyyy-MM-dd HH:mm:ss.SSS Z z", cell: "2025-09-01 22:49:20.154 CDT",
                    message: "the cell (27 characters: letters, digits, spaces, '-', ':' and '.') does not match the date pattern 'yyyy-MM-dd HH:mm:ss.SSS Z z': expected an offset such as -0500 (Z) at character 25, found a letter"),
        RefusalCase(pattern: "yyyy-MM-dd HH:mm:ss.SSS Z z", cell: "2025-09-01 22:49:20.154 -0500",
                    message: "the cell (29 characters: digits, spaces, '-', ':' and '.') does not match the date pattern 'yyyy-MM-dd HH:mm:ss.SSS Z z': it ends where a space is expected"),
        RefusalCase(pattern: "HH:mm Z z", cell: "22:49 -0500 CDTXY",
                    message: "the cell (17 characters: letters, digits, spaces, ':' and '-') does not match the date pattern 'HH:mm Z z': expected a zone abbreviation such as CDT (z) at character 13, found a letter"),
        RefusalCase(pattern: "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", cell: "2025-10-24T12:31:17.000",
                    message: "the cell (23 characters: a letter, digits, '-', ':' and '.') does not match the date pattern 'yyyy-MM-dd'T'HH:mm:ss.SSS'Z'': it ends where 'Z' is expected"),
        RefusalCase(pattern: "yyyy-MM-dd", cell: "1,234",
                    message: "the cell (5 characters: digits and ',') does not match the date pattern 'yyyy-MM-dd': expected a four-digit year (yyyy) at character 1, found a digit"),
    ]

    @Test("garbage is refused, and a prefix is never accepted", arguments: garbageCases)
    func garbage(_ c: RefusalCase) throws {
        let pattern = try StatementTimePattern(c.pattern)
        let error = Self.error { () throws(StatementTimeError) in try pattern.parse(c.cell) }
        let unwrapped = try #require(error)
        guard case .mismatch = unwrapped else {
            Issue.record("expected a mismatch, got \(unwrapped)")
            return
        }
        #expect(unwrapped.description == c.message)
    }

    @Test("a blank cell is an error, not a time", arguments: ["", " ", "\t", "\u{A0}", " \u{202F} "])
    func blank(_ cell: String) throws {
        let error = Self.error { () throws(StatementTimeError) in try StatementTimePattern("yyyy-MM-dd").parse(cell) }
        #expect(error == .blank(pattern: "yyyy-MM-dd"))
        #expect(error?.description == "the cell is blank, where a date or time like 'yyyy-MM-dd' is expected")
    }

    // MARK: - Pattern errors

    @Test("an unknown letter is named", arguments: [
        ("yyyy-MM-ddTHH:mm", "T"), ("YYYY-MM-dd", "Y"), ("yyyy-MM-dd HH:mm:ss.fff", "f"), ("D/M/yyyy", "D"),
        ("yyyy-MM-dd kk:mm", "k"), ("yyyy-'W'ww", "w"), ("yyyy-MM-dd HH:mm:ss VV", "V"),
    ])
    func unknownLetter(pattern: String, letter: String) throws {
        let error = Self.error { () throws(StatementTimeError) in try StatementTimePattern(pattern) }
        #expect(error == .unknownLetter(pattern: pattern, letter: Character(letter)))
        #expect(error?.isPatternError == true)
        #expect(error?.description.contains("unknown letter '\(letter)'") == true)
    }

    @Test("a pattern that cannot be read as a whole is refused", arguments: [
        ("", "it is empty"),
        ("yyy-MM-dd", "'yyy' is not a field"),
        ("yyyyy-MM-dd", "'yyyyy' is not a field"),
        ("MMMMM d, yyyy", "'MMMMM' is not a field"),
        ("ddd", "'ddd' is not a field"),
        ("HH:mm:ss.SSSSSSSSSS", "'SSSSSSSSSS' is not a field"),
        ("HH:mm XXXX", "'XXXX' is not a field"),
        ("HH:mm aa", "'aa' is not a field"),
        ("MM/dd", "a date needs a year, a month and a day"),
        ("MMM d h:mm a", "a date needs a year, a month and a day"),
        ("yyyy-MM", "a date needs a year, a month and a day"),
        ("HH", "a time of day needs hours and minutes"),
        ("mm:ss", "a time of day needs hours and minutes"),
        ("HH:mm.SSS", "fractions of a second (S) need seconds (s)"),
        ("h:mm", "h is the hour of a 12-hour clock and needs a"),
        ("HH:mm a", "a (AM or PM) needs the hour of a 12-hour clock"),
        ("yyyy-MM-dd'T", "a quote (') is never closed"),
        ("yyyy-MM-dd HH:mm:ss yyyy", "it reads the year twice"),
        ("yyyy-MM-dd MMM", "it reads the month twice"),
        ("HH:mmXXX Z", "it reads the offset twice"),
        ("HH:mm:ss'Z'XXX", "it reads the offset twice"),
        ("Mdyyyy", "M reads one or two digits, so it cannot be followed directly by d"),
        ("yyyyMMd", "valid"),
        ("yyyyMdd", "M reads one or two digits, so it cannot be followed directly by dd"),
        ("Hmm", "H reads one or two digits, so it cannot be followed directly by mm"),
        ("yyyy-MM-ddXXX", "an offset needs a time of day"),
        ("HH:mm z", "a zone abbreviation (z) is read and ignored, so it needs a numeric offset"),
        ("EEE HH:mm", "a weekday (E) needs a full date"),
        ("'at' - ", "it has no date or time fields"),
    ])
    func badPattern(pattern: String, reason: String) throws {
        let error = Self.error { () throws(StatementTimeError) in try StatementTimePattern(pattern) }
        if reason == "valid" {
            #expect(error == nil)
            return
        }
        let unwrapped = try #require(error)
        guard case .badPattern = unwrapped else {
            Issue.record("expected a bad pattern, got \(unwrapped)")
            return
        }
        #expect(unwrapped.isPatternError)
        #expect(unwrapped.description.hasPrefix("the date pattern '\(pattern)' cannot be used: \(reason)"), "\(unwrapped)")
    }

    /// Issue 26: a pattern of 450 KB of quoted text compiled, and every cell it did not read
    /// quoted it. Now the length and the pieces of text are bounded, and the refusal does not
    /// quote the pattern; every shape the documentation lists still compiles.
    @Test("a pattern longer than any statement needs is refused without being quoted")
    func tooLargePatterns() throws {
        let long = "yyyy-MM-dd" + String(repeating: " 'x'", count: 100_000)
        let error = Self.error { () throws(StatementTimeError) in try StatementTimePattern(long) }
        #expect(error == .patternTooLarge(reason: "has 400010 characters; a pattern has at most 64 (yyyy-MM-dd'T'HH:mm:ss.SSSXXX has 28)"))
        #expect(error?.isPatternError == true)
        #expect((error?.description.count ?? 0) < 120)
        let pieces = "yyyy-MM-dd" + String(repeating: " 'a'", count: 10)
        #expect(Self.error { () throws(StatementTimeError) in try StatementTimePattern(pieces) }
                == .patternTooLarge(reason: "has 22 pieces of literal text (text between its fields, and runs of spaces); a pattern has at most 20"))
        // 64 characters of which many are not ASCII: counted as characters, not bytes.
        #expect(Self.error { () throws(StatementTimeError) in try StatementTimePattern("yyyy-MM-dd '" + String(repeating: "é", count: 50) + "'") } == nil)
        for shape in ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm:ss.SSS Z z", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'",
                      "M/d/yyyy H:mm", "MM/dd/yyyy h:mm a", "MMM d, yyyy h:mm a", "dd.MM.yyyy HH:mm", "EEE, MMM d, yyyy 'at' h:mm:ss.SSS a XXX z"] {
            #expect(Self.error { () throws(StatementTimeError) in try StatementTimePattern(shape) } == nil, "\(shape)")
        }
    }

    @Test("messages are lower-case, for FILE:LINE: COLUMN: message")
    func messagesAreLowerCase() throws {
        let samples: [StatementTimeError] = [
            .badPattern(pattern: "x", reason: "y"), .blank(pattern: "HH:mm"), .noDate(time: "9:00"),
            .endNotAfterStart(start: "a", end: "b", date: "2026-01-01"), .endBeforeStart(start: "a", end: "b"),
            .unknownLetter(pattern: "Q", letter: "Q"), .patternTooLarge(reason: "has 70 characters"),
        ]
        for error in samples {
            let first = try #require(error.description.first)
            #expect(first.isLowercase || first == "'", "\(error)")
        }
    }
}
