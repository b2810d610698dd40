import DashModel
import Foundation

/// One shift row of a statement: its span and the statement's figures for it.
public struct ShiftRow: Sendable, Equatable {
    public let line: Int
    public let span: Interval
    /// The gross and the tips within it as the statement gives them; nil when it gives none.
    public let earnings: PaidAmount?
    public let platform: String?
}

/// Reads a statement whose rows are shifts, with a template: every row checked, every bad row
/// listed, skipped rows (totals, repeated headers) reported. Only the template's columns are
/// read; any other column (a customer's name, an address) is never looked at.
public struct ShiftRowReader {
    public let template: StatementTemplate
    public let zone: TimeZone
    private var reader: CSVReader
    private var columnIndex: [StatementTemplate.Field: Int] = [:]
    private var headerNames: [String] = []
    private var headerSeen = false
    public private(set) var rows: [ShiftRow] = []
    public private(set) var skipped: [(line: Int, reason: String)] = []
    private var problems: [RowProblem] = []

    public init(template: StatementTemplate, zone: TimeZone) {
        self.template = template
        self.zone = zone
        reader = CSVReader(dialect: template.dialect)
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var records: [CSVRecord] = []
        reader.feed(bytes) { records.append($0) }
        for record in records { take(record) }
    }

    public mutating func finish() -> (rows: [ShiftRow], skipped: [(line: Int, reason: String)], problems: [RowProblem]) {
        var records: [CSVRecord] = []
        do {
            try reader.finish { records.append($0) }
        } catch let error as CSVReadError {
            problems += error.problems.map { RowProblem(line: $0.line, column: nil, message: $0.message) }
        } catch {
            problems.append(RowProblem(line: 0, column: nil, message: "\(error)"))
        }
        for record in records { take(record) }
        if !headerSeen, problems.isEmpty { problems.append(RowProblem(line: 0, column: nil, message: "the file is empty: no header row")) }
        problems.sort { $0.line < $1.line }
        return (rows, skipped, Array(problems.prefix(ExpenseRowReader.maxProblems)))
    }

    private mutating func take(_ record: CSVRecord) {
        guard headerSeen else {
            headerSeen = true
            headerNames = record.fields.map(ExpenseTemplate.normalizedHeader)
            for field in StatementTemplate.Field.allCases {
                guard let accepted = template.columns[field] else { continue }
                if let index = headerNames.firstIndex(where: { accepted.contains($0) }) {
                    columnIndex[field] = index
                } else if field == .date || field == .start || field == .end {
                    problems.append(RowProblem(line: record.line, column: nil, message: """
                        no \(field.rawValue) column: the template '\(template.name)' looks for \(accepted.map { "'\($0)'" }.joined(separator: " or "))
                        """))
                }
            }
            return
        }
        guard columnIndex[.date] != nil, columnIndex[.start] != nil, columnIndex[.end] != nil else { return }
        row(record)
    }

    private func cell(_ record: CSVRecord, _ field: StatementTemplate.Field) -> String {
        guard let index = columnIndex[field], index < record.fields.count else { return "" }
        return record.fields[index].trimmingCharacters(in: .whitespaces)
    }

    private mutating func row(_ record: CSVRecord) {
        let line = record.line
        // A repeated header, or a row the template says to skip (a totals row).
        if record.fields.map(ExpenseTemplate.normalizedHeader) == headerNames {
            skipped.append((line, "a repeated header"))
            return
        }
        for rule in template.skip where rule.values.contains(cell(record, rule.column).lowercased()) {
            skipped.append((line, "\(rule.column.rawValue) is '\(cell(record, rule.column))'"))
            return
        }
        var bad = false
        func problem(_ column: String, _ message: String) {
            bad = true
            problems.append(RowProblem(line: line, column: column, message: message))
        }
        var date: CivilTime?
        do { date = try template.dateFormat.parse(cell(record, .date)).date } catch { problem("date", "\(error)") }
        var start: ParsedTime?, end: ParsedTime?
        do { start = try template.timeFormat.parse(cell(record, .start)) } catch { problem("start", "\(error)") }
        do { end = try template.timeFormat.parse(cell(record, .end)) } catch { problem("end", "\(error)") }
        var span: Interval?
        if let date, let start, let end {
            do {
                span = try StatementTime.span(date: date, start: start, end: end, zone: zone, endMayBeNextDay: template.endMayBeNextDay)
            } catch {
                problem("end", "\(error)")
            }
        }
        var gross: Money?, tips: Money?
        do { gross = try AmountText.parse(cell(record, .gross), decimalMark: template.decimalMark) } catch { problem("gross", "\(error)") }
        do { tips = try AmountText.parse(cell(record, .tips), decimalMark: template.decimalMark) } catch { problem("tips", "\(error)") }
        var earnings: PaidAmount?
        if let gross {
            do { earnings = try PaidAmount(gross, tips: tips) } catch { problem("gross", "\(error)") }
        } else if tips != nil {
            problem("tips", "tips are given but the gross is blank: the tips are part of the gross")
        }
        if let span, span.durationMilliseconds <= 0 { problem("end", "the shift must end after it starts") }
        guard !bad, let span else { return }
        let platformText = cell(record, .platform)
        rows.append(ShiftRow(line: line, span: span, earnings: earnings, platform: platformText.isEmpty ? template.platform : platformText))
    }
}
