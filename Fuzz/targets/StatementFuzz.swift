// Target `statement`: statements and expense lists read through their templates: the CSV
// reader, then Sources/DashImport/ShiftRows.swift `ShiftRowReader(template:zone:)` with each
// built-in statement template (shifts, deliveries, money lines), or
// Sources/DashImport/ExpenseRows.swift `ExpenseRowReader` with the built-in expenses template and
// with a `M/d/yyyy`, decimal-comma, semicolon, Windows-1252 one.
//
// Input: byte 0 picks the template (bits 0-2), the zone (bits 3-5) and, for a statement, whether
// it is read a second time with every chunk of records split between two threads, as a big
// file's are (bits 6 and 7 both set); byte 1 the chunk size; the rest is the file. Checked: what
// is handed on is in range, and two threads give what one gives.

@testable import DashImport
import DashModel
import Foundation

private let statementTemplates: [StatementTemplate] = StatementTemplate.builtInJSON.keys.sorted().map { name in
    guard let template = try? StatementTemplate.builtIn(name) else { fatalError("built-in template \(name) does not parse") }
    return template
}

private let expenseTemplates: [ExpenseTemplate] = {
    let other = #"""
        {"name": "fuzz-expenses", "delimiter": ";", "encoding": "windows-1252", "decimalMark": "comma", "dateFormat": "M/d/yyyy",
         "columns": {"date": ["datum", "date"], "amount": ["betrag", "amount"], "category": "kategorie", "note": ["notiz", "note"]}}
        """#
    guard let builtIn = try? ExpenseTemplate.builtIn(), let second = try? ExpenseTemplate.parse(Array(other.utf8), file: "fuzz")
    else { fatalError("the expense templates do not parse") }
    return [builtIn, second]
}()

/// Reads a statement and checks its rows; the outcome as text, to compare two ways of reading.
private func readStatement(_ template: StatementTemplate, zone: TimeZone, file: UnsafeBufferPointer<UInt8>, chunk: Int,
                           parallelRecords: Int?) -> String {
    var reader = ShiftRowReader(template: template, zone: zone)
    if let parallelRecords { reader.parallelRecords = parallelRecords }
    forEachChunk(file, size: chunk) { reader.feed($0) }
    let (rows, skipped, problems) = reader.finish()
    for row in rows {
        invariant(row.span.durationMilliseconds > 0, "a shift row of no length: \(row)")
        invariant(row.span.durationMilliseconds <= ShiftRowReader.longestShift, "a shift longer than 16 hours: \(row)")
        if let earnings = row.earnings { invariant(!earnings.amount.isNegative, "negative earnings: \(row)") }
    }
    for delivery in reader.deliveries {
        invariant(delivery.accepted <= delivery.delivered, "delivered before accepted: \(delivery)")
        invariant(delivery.accepted.milliseconds(to: delivery.delivered) <= ShiftRowReader.longestDelivery, "a delivery over 4 hours: \(delivery)")
    }
    invariant(problems.count <= ExpenseRowReader.maxProblems + 1, "\(problems.count) problems listed")
    return "\(rows)\n\(reader.deliveries)\n\(reader.moneyLines)\n\(skipped.map { "\($0.line) \($0.reason)" })\n\(problems.map(\.description))"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStatement(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let selector = input.byte(0)
    let zone = fuzzZone(selector >> 3 & 7)
    let file = input.rest(from: 2)
    let chunk = chunkSize(input.byte(1), count: file.count)
    let choice = Int(selector & 7)
    if choice < statementTemplates.count {
        let template = statementTemplates[choice]
        let serial = readStatement(template, zone: zone, file: file, chunk: chunk, parallelRecords: nil)
        // Both top bits: also split every chunk's records between two threads, as a big file's
        // are; the result must be the same as one thread's. (Rare: with Dispatch's threads in the
        // picture every such run costs libFuzzer a leak scan.)
        if selector & 0xC0 == 0xC0 {
            let parallel = readStatement(template, zone: zone, file: file, chunk: chunk, parallelRecords: 2)
            invariant(parallel == serial, "two threads and one disagree:\n  \(parallel.prefix(400))\n  \(serial.prefix(400))")
        }
    } else {
        let template = expenseTemplates[(choice - statementTemplates.count) % expenseTemplates.count]
        var reader = ExpenseRowReader(template: template, zone: zone)
        forEachChunk(file, size: chunk) { reader.feed($0) }
        let (rows, problems) = reader.finish()
        for row in rows { invariant(!row.amount.isNegative, "a negative expense: \(row)") }
        _ = problems.map(\.description)
        invariant(problems.count <= ExpenseRowReader.maxProblems + 1, "\(problems.count) problems listed")
    }
    return 0
}
