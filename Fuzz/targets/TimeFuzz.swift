// Target `time`: local times in statement cells (Sources/DashImport/StatementTime.swift: a
// pattern compiled by `StatementTimePattern`, cells parsed with it and placed on the time line by
// `StatementTime`) and the ISO 8601 reader of the command line and files
// (Sources/DashModel/TimeText.swift `TimeText.instant(_:zone:)`, `TimeText.date`).
//
// Input: byte 0 picks the zone and whether an end may fall on the next day; then lines (LF): the
// first is a pattern, the next ones cells. Every line is also read by `TimeText`. Checked: what a
// pattern reads is in range; a span never ends before it starts.

import DashImport
import DashModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTime(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let selector = input.byte(0)
    let zone = fuzzZone(selector)
    let resolver = ZoneResolver(zone)
    let endMayBeNextDay = selector & 0x80 != 0
    let lines = input.rest(from: 1).split(separator: 0x0A, omittingEmptySubsequences: false).prefix(8)
        .map { String(decoding: $0, as: UTF8.self) }
    guard let patternText = lines.first else { return 0 }

    for line in lines {
        if let instant = try? TimeText.instant(line, zone: zone) {
            _ = TimeText.local(instant, zone: zone)
            _ = instant.description
        }
        if let date = try? TimeText.date(line) {
            invariant((1...9999).contains(date.year) && (1...12).contains(date.month), "TimeText.date gave \(date)")
        }
    }

    let pattern: StatementTimePattern
    do {
        pattern = try StatementTimePattern(patternText)
    } catch {
        _ = error.description
        _ = error.isPatternError
        return 0
    }
    var parsed: [ParsedTime] = []
    for cell in lines.dropFirst() {
        do {
            let value = try pattern.parse(cell)
            if let date = value.date {
                invariant((1...9999).contains(date.year) && (1...12).contains(date.month)
                              && (1...CivilTime.daysIn(month: date.month, year: date.year)).contains(date.day),
                          "'\(cell)' read as the date \(date)")
            }
            if let time = value.time {
                invariant((0...23).contains(time.hour) && (0...59).contains(time.minute) && (0...59).contains(time.second)
                              && (0...999).contains(time.millisecond), "'\(cell)' read as the time \(time)")
                _ = time.description
            }
            if let offset = value.offsetSeconds { invariant(abs(offset) <= 14 * 3600, "'\(cell)' read with offset \(offset)") }
            invariant(value.date != nil || !pattern.hasDate, "pattern has a date, '\(cell)' gave none")
            invariant(value.time != nil || !pattern.hasTime, "pattern has a time, '\(cell)' gave none")
            parsed.append(value)
            let rowDate = try? CivilTime(year: 2026, month: 3, day: 8)
            if let instant = try? StatementTime.instant(value, date: rowDate, zone: resolver) {
                _ = instant.description
                // ZoneResolver's per-day shortcut gives the same answers as CivilTime.instant(in:).
                if value.offsetSeconds == nil, let day = value.date ?? rowDate {
                    let time = value.time ?? .midnight
                    let exact = try? CivilTime(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute,
                                               second: time.second, millisecond: time.millisecond).instant(in: zone)
                    invariant(exact == instant, "ZoneResolver gives \(instant), CivilTime.instant(in:) \(String(describing: exact)) for '\(cell)' in \(zone.identifier)")
                }
            }
        } catch {
            _ = error.description
        }
    }
    for (start, end) in zip(parsed, parsed.dropFirst()) {
        do {
            let span = try StatementTime.span(date: try? CivilTime(year: 2026, month: 11, day: 1), start: start, end: end,
                                              zone: resolver, endMayBeNextDay: endMayBeNextDay)
            invariant(span.end >= span.start, "a span ends before it starts")
        } catch {
            _ = error.description
        }
    }
    return 0
}
