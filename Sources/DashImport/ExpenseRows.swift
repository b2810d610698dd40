import DashModel
import Foundation

/// One expense read from a CSV row, checked by the record's rules.
public struct ExpenseRow: Sendable, Equatable {
    public let line: Int
    public let occurredAt: Instant
    public let amount: Money
    public let category: String
    public let note: String?
    /// The row's currency (its `currency` cell, else the template's); nil when neither says.
    public var currency: String? = nil
    /// SHA-256 of what the row says (instant, amount, category, note; category and note folded
    /// as `PickupPlace.matchKey` folds them, so `parking` and `Parking` are one key): the same
    /// expense in two files has the same key, so overlapping files give the union.
    public let recordKey: RecordKey
    /// The key earlier builds gave this row (category and note as written), when it differs
    /// from `recordKey`: a store written by them holds this one, so an import matches either.
    public let legacyRecordKey: RecordKey?
}

/// A problem at a line of an expenses file, with the column where there is one.
public struct RowProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: String?
    public let message: String
    public var description: String { "\(line): " + (column.map { "\($0): " } ?? "") + message }

    public init(line: Int, column: String?, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// Ends a CSV reader: the records of its last chunk, and its own problems as row problems.
    static func finishing(_ reader: inout CSVReader) -> (records: [CSVRecord], problems: [RowProblem]) {
        var records: [CSVRecord] = []
        do {
            try reader.finish { records.append($0) }
            return (records, [])
        } catch let error as CSVReadError {
            return (records, error.problems.map { RowProblem(line: $0.line, column: nil, message: $0.message) })
        } catch {
            return (records, [RowProblem(line: 0, column: nil, message: "\(error)")])
        }
    }

    /// Keeps a reader's first ``ExpenseRowReader/maxProblems`` row problems (they come in line
    /// order, so these are the ones listed) and counts the rest.
    static func keepFirst(_ problems: inout [RowProblem], dropped: inout Int) {
        guard problems.count > ExpenseRowReader.maxProblems else { return }
        dropped += problems.count - ExpenseRowReader.maxProblems
        problems.removeLast(problems.count - ExpenseRowReader.maxProblems)
    }

    /// A file's problems as they are listed: in line order, an empty file said so, at most
    /// ``ExpenseRowReader/maxProblems`` and how many more (`dropped` were counted, not kept).
    static func listed(_ problems: [RowProblem], headerSeen: Bool, dropped: Int = 0) -> [RowProblem] {
        var problems = problems
        if !headerSeen, problems.isEmpty { problems.append(RowProblem(line: 0, column: nil, message: "the file is empty: no header row")) }
        problems.sort { $0.line < $1.line }
        guard problems.count + dropped > ExpenseRowReader.maxProblems else { return problems }
        let more = problems.count + dropped - ExpenseRowReader.maxProblems
        problems = Array(problems.prefix(ExpenseRowReader.maxProblems))
        problems.append(RowProblem(line: problems.last?.line ?? 0, column: nil, message: "and \(more) more problems not listed"))
        return problems
    }
}

/// Reads an expenses CSV with a template: every row checked, every bad row listed.
///
/// A date is read with the template's `dateFormat` when it has one, else as `YYYY-MM-DD` or an
/// ISO 8601 time. A date without a time is recorded at 12:00 local (as `expense add` does, so
/// it stays on its day in any nearby report zone); a time without an offset is local in `zone`,
/// and one a DST change skips or repeats is refused. The amount is required; blank is refused, not
/// zero. A blank category is `other`. A note longer than 200 characters is refused, not cut.
public struct ExpenseRowReader {
    public let template: ExpenseTemplate
    public let zone: TimeZone
    private var reader: CSVReader
    private var columnIndex: [ExpenseTemplate.Field: Int] = [:]
    private var headerSeen = false
    public private(set) var rows: [ExpenseRow] = []
    public private(set) var problems: [RowProblem] = []
    /// The first row's currency and line: every other row's must be the same.
    private var firstCurrency: (code: String, line: Int)?
    /// Row problems past the first ``maxProblems``: counted, not kept.
    private var problemsDropped = 0
    public static let maxProblems = 50

    /// True once the CSV reader has stopped (a fatal problem, or too many): the file is refused
    /// and the rest of it need not be fed.
    public var stopped: Bool { reader.stopped }

    public init(template: ExpenseTemplate, zone: TimeZone) {
        self.template = template
        self.zone = zone
        reader = CSVReader(dialect: template.dialect)
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var records: [CSVRecord] = []
        reader.feed(bytes) { records.append($0) }
        for record in records { take(record) }
        RowProblem.keepFirst(&problems, dropped: &problemsDropped)
    }

    /// Ends the file; the rows, or every problem (the CSV's and the rows').
    public mutating func finish() -> (rows: [ExpenseRow], problems: [RowProblem]) {
        let (records, csvProblems) = RowProblem.finishing(&reader)
        problems += csvProblems
        for record in records { take(record) }
        return (rows, RowProblem.listed(problems, headerSeen: headerSeen, dropped: problemsDropped))
    }

    private mutating func take(_ record: CSVRecord) {
        guard headerSeen else {
            header(record)
            return
        }
        row(record)
    }

    private mutating func header(_ record: CSVRecord) {
        headerSeen = true
        let names = record.fields.map(ExpenseTemplate.normalizedHeader)
        for field in ExpenseTemplate.Field.allCases {
            guard let accepted = template.columns[field] else { continue }
            // A set: a template may name thousands of headers for a file of thousands of columns.
            if let index = names.firstIndex(where: Set(accepted).contains) {
                columnIndex[field] = index
            } else if field == .date || field == .amount {
                // The header by its shape, never its text: a file with no header row has a
                // row (a name, an address) there, and stderr goes to cron mail (issue 26).
                let none = record.fields.count == 1 ? "the header's one column is not" : "none of the header's \(record.fields.count) columns is"
                problems.append(RowProblem(line: record.line, column: nil, message: """
                    no \(field.rawValue) column: \(none) named as the template \(MessageText.quoted(template.name)) looks for \
                    (\(MessageText.list(accepted, separator: " or "))); is the first line a header?
                    """))
            }
        }
    }

    private func cell(_ record: CSVRecord, _ field: ExpenseTemplate.Field) -> String? {
        guard let index = columnIndex[field], index < record.fields.count else { return nil }
        return record.fields[index]
    }

    private mutating func row(_ record: CSVRecord) {
        guard columnIndex[.date] != nil, columnIndex[.amount] != nil else { return }
        let line = record.line
        var bad = false
        func problem(_ column: String, _ message: String) {
            bad = true
            problems.append(RowProblem(line: line, column: column, message: message))
        }
        var occurredAt: Instant?
        let dateText = (cell(record, .date) ?? "").trimmingCharacters(in: .whitespaces)
        if dateText.isEmpty {
            problem("date", "an expense needs a date")
        } else if let pattern = template.dateFormat {
            do {
                let parsed = try pattern.parse(dateText)
                if parsed.time == nil, parsed.offsetSeconds == nil, let day = parsed.date {
                    occurredAt = try CivilTime(year: day.year, month: day.month, day: day.day, hour: 12).instant(in: zone)
                } else {
                    occurredAt = try StatementTime.instant(parsed, zone: zone)
                }
            } catch {
                problem("date", "\(error)")
            }
        } else if dateText.count == 10 {
            do {
                let day = try TimeText.date(dateText)
                occurredAt = try CivilTime(year: day.year, month: day.month, day: day.day, hour: 12).instant(in: zone)
            } catch {
                problem("date", Self.describe(error, cell: dateText))
            }
        } else {
            do { occurredAt = try TimeText.instant(dateText, zone: zone) } catch { problem("date", Self.describe(error, cell: dateText)) }
        }
        var currency = template.currency
        let currencyText = (cell(record, .currency) ?? "").trimmingCharacters(in: .whitespaces)
        if !currencyText.isEmpty {
            currency = CurrencyCode.normalized(currencyText)
            if currency == nil { problem("currency", "not a currency code (\(CellShape(currencyText))): an ISO 4217 code is three letters, such as USD") }
        }
        if let currency {
            if let first = firstCurrency, first.code != currency {
                problem("currency", "its amount is in \(currency), line \(first.line)'s in \(first.code): amounts in two currencies never add")
            } else if firstCurrency == nil {
                firstCurrency = (currency, line)
            }
        }
        var amount: Money?
        do {
            let written = try AmountText.read(cell(record, .amount) ?? "", decimalMark: template.decimalMark)
            amount = written.amount
            if let sign = written.currency, let currency, !sign.fits(currency) {
                problem("amount", "the amount is written in another currency than the row's (\(currency))")
            }
            if amount == nil { problem("amount", "an expense needs an amount (blank is not 0.00)") }
            if let value = amount, value.isNegative { problem("amount", "an expense cannot be negative (a refund is not an expense)") }
        } catch {
            problem("amount", "\(error)")
        }
        let categoryText = (cell(record, .category) ?? "").trimmingCharacters(in: .whitespaces)
        let category = categoryText.isEmpty ? ExpenseCategory.other.rawValue : categoryText
        let noteText = (cell(record, .note) ?? "").trimmingCharacters(in: .whitespaces)
        var note: String? = nil
        if !noteText.isEmpty {
            do { note = try PlainText.validated(noteText, field: "the note", maxLength: Expense.maxNoteLength) } catch { problem("note", "\(error)") }
        }
        guard !bad, let occurredAt, let amount else { return }
        do {
            let expense = try Expense(id: 0, occurredAt: occurredAt, amount: amount, category: category, note: note)
            // The note's "n" marks it from "-" (no note): folded after it, so the mark stays as it was.
            let fields = [String(expense.occurredAt.millisecondsSinceEpoch), String(expense.amount.units), expense.category,
                          expense.note.map { "n" + $0 } ?? "-"]
            var folded = fields
            folded[2] = KeyText.fold(expense.category)
            folded[3] = expense.note.map { "n" + KeyText.fold($0) } ?? "-"
            let key = SHA256.recordKey(folded)
            let legacy = folded == fields ? nil : SHA256.recordKey(fields)
            var row = ExpenseRow(line: line, occurredAt: expense.occurredAt, amount: expense.amount, category: expense.category,
                                 note: expense.note, recordKey: key, legacyRecordKey: legacy == key ? nil : legacy)
            row.currency = currency
            rows.append(row)
        } catch {
            problem("category", "\(error)")
        }
    }

    /// A date cell's error as a message that describes the cell by its shape: the model's
    /// messages for an unreadable date or time quote the text (they are for a command line).
    static func describe(_ error: ModelError, cell: String) -> String {
        switch error {
        case .unreadableDate:
            "the cell (\(CellShape(cell))) is not a date (write 2026-11-02)"
        case .unreadableTime:
            "the cell (\(CellShape(cell))) is not a date or an ISO 8601 time (write 2026-11-02, or 2026-11-02T09:30 "
                + "optionally with Z or an offset such as -05:00)"
        case .impossibleTime:
            "the cell (\(CellShape(cell))) is not a real date (a month past 12 or a day past the month's end)"
        default:
            "\(error)"
        }
    }
}
