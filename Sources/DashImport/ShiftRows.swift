import DashModel
import Foundation

/// One delivery row of a statement: when it was accepted and delivered, and its own pay.
public struct DeliveryRow: Sendable, Equatable {
    public let line: Int
    public let accepted: Instant
    public let delivered: Instant
    /// The delivery's own pay and the tips within it; nil when the row gives none.
    public let own: PaidAmount?
    public let platform: String?
    public let pickup: String?
    /// SHA-256 of the trip's id when the template maps one (the platform's own identity: a
    /// later statement with other figures for it is a conflict), else of what the row says (the
    /// same delivery in two statements has the same key).
    public let recordKey: RecordKey
    /// True when `recordKey` comes from the platform's trip id.
    public let keyIsDeclared: Bool
}

/// One money line of a statement (Uber's payments file): an amount paid for a trip, when it was
/// recorded, and the tips within it.
public struct MoneyLineRow: Sendable, Equatable {
    public let line: Int
    /// The key of the trip's delivery (the same as a trips file's row for that trip).
    public let tripKey: RecordKey
    public let at: Instant
    /// Negative for a fee or a reversal.
    public let amount: Money
    public let tips: Money?
    public let platform: String?
    /// SHA-256 of the line's id when the template maps one, else of what the line says.
    public let recordKey: RecordKey
    public let keyIsDeclared: Bool
}

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
    /// The zone, remembering each local day's offset (the zone database is slow per row). A
    /// class: each worker of a parallel chunk has its own.
    private var resolver: ZoneResolver
    private var reader: CSVReader
    /// Per field (by ``StatementTemplate/Field/ordinal``), its column in the file.
    private var columnIndex = [Int?](repeating: nil, count: StatementTemplate.Field.allCases.count)
    /// Platform and pickup texts already checked, with what they became (a file repeats a few
    /// names many thousand times).
    private var checkedPlatforms: [String: Result<String, ModelError>] = [:]
    private var checkedPickups: [String: Result<String, ModelError>] = [:]
    private var headerNames: [String] = []
    private var headerRaw: [String] = []
    private var headerSeen = false
    public private(set) var rows: [ShiftRow] = []
    /// The rows of a `deliveries` template.
    public private(set) var deliveries: [DeliveryRow] = []
    /// The rows of a `moneyLines` template.
    public private(set) var moneyLines: [MoneyLineRow] = []
    public private(set) var skipped: [(line: Int, reason: String)] = []
    private var problems: [RowProblem] = []
    /// Row problems found past the first ``ExpenseRowReader/maxProblems``: counted, not kept, so
    /// a file of bad rows costs no more memory than a file of good ones.
    private var problemsDropped = 0

    /// True once the CSV reader has stopped (a fatal problem, or too many): the file is refused
    /// and the rest of it need not be fed.
    public var stopped: Bool { reader.stopped }

    /// Longest spans a row may describe: an end earlier than the start rolls to the next day only
    /// within these, so a typo is an error rather than a day-long shift.
    static let longestShift: Int64 = 16 * 3_600_000
    static let longestDelivery: Int64 = 4 * 3_600_000

    /// Header words that mark a column as personal.
    static let personalWords = ["customer", "client", "recipient", "address", "street", "phone", "email", "e-mail", "dropoff address",
                                "drop-off address", "buyer", "consumer"]

    public init(template: StatementTemplate, zone: TimeZone) {
        self.template = template
        self.zone = zone
        resolver = ZoneResolver(zone)
        reader = CSVReader(dialect: template.dialect)
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var records: [CSVRecord] = []
        reader.feed(bytes) { records.append($0) }
        take(records)
        RowProblem.keepFirst(&problems, dropped: &problemsDropped)
    }

    /// Below this many records a chunk is decoded on this thread alone (tests set it to compare
    /// both ways).
    var parallelRecords = 1_024

    /// Decodes records in file order. A big chunk is split in two halves decoded at once on two
    /// cores (turning a cell into times, amounts and a record key is most of reading a
    /// statement; splitting the bytes instead would have to know where quoted newlines are),
    /// each half by a copy of this reader that shares nothing mutable with the other, and the
    /// halves' rows, skips and problems are appended in order: the same result as one thread.
    private mutating func take(_ records: [CSVRecord]) {
        var rest = records[...]
        while !headerSeen, let first = rest.first {
            take(first)
            rest = rest.dropFirst()
        }
        guard rest.count >= parallelRecords else {
            for record in rest { take(record) }
            return
        }
        let middle = rest.startIndex + rest.count / 2
        let halves = [Half(self.emptyCopy(), rest[..<middle]), Half(self.emptyCopy(), rest[middle...])]
        DispatchQueue.concurrentPerform(iterations: halves.count) { halves[$0].run() }
        for half in halves {
            rows += half.reader.rows
            deliveries += half.reader.deliveries
            moneyLines += half.reader.moneyLines
            skipped += half.reader.skipped
            problems += half.reader.problems
        }
    }

    /// The same template, header and checked names, with no rows yet and a resolver of its own.
    private func emptyCopy() -> ShiftRowReader {
        var copy = self
        copy.resolver = ZoneResolver(zone)
        copy.rows = []
        copy.deliveries = []
        copy.moneyLines = []
        copy.skipped = []
        copy.problems = []
        return copy
    }

    /// One half of a chunk and the reader that decodes it: touched by one thread at a time
    /// (its worker, then the caller after `concurrentPerform` returns).
    private final class Half: @unchecked Sendable {
        var reader: ShiftRowReader
        let records: ArraySlice<CSVRecord>
        init(_ reader: ShiftRowReader, _ records: ArraySlice<CSVRecord>) {
            self.reader = reader
            self.records = records
        }
        func run() { for record in records { reader.take(record) } }
    }

    public mutating func finish() -> (rows: [ShiftRow], skipped: [(line: Int, reason: String)], problems: [RowProblem]) {
        let (records, csvProblems) = RowProblem.finishing(&reader)
        problems += csvProblems
        take(records)
        return (rows, skipped, RowProblem.listed(problems, headerSeen: headerSeen, dropped: problemsDropped))
    }

    private mutating func take(_ record: CSVRecord) {
        guard headerSeen else {
            headerSeen = true
            headerRaw = record.fields
            headerNames = record.fields.map(ExpenseTemplate.normalizedHeader)
            for field in StatementTemplate.Field.allCases {
                guard let accepted = template.columns[field] else { continue }
                if let index = headerNames.firstIndex(where: { accepted.contains($0) }) {
                    // Nothing identifying a customer or an address is stored, even mapped by mistake.
                    if let word = Self.personalWords.first(where: { headerNames[index].contains($0) }) {
                        problems.append(RowProblem(line: record.line, column: nil, message: """
                            the template maps \(field.rawValue) to the column '\(record.fields[index])', which looks personal ('\(word)'); \
                            dashpilot never stores a customer's details or an address
                            """))
                        continue
                    }
                    columnIndex[field.ordinal] = index
                } else if [.gross, .pay, .amount].contains(field) {
                    problems.append(RowProblem(line: record.line, column: nil, message: """
                        no \(field.rawValue) column: the template '\(template.name)' looks for \(accepted.map { "'\($0)'" }.joined(separator: " or ")); \
                        the statement's money would be ignored
                        """))
                } else if template.requiredFields.contains(field) {
                    problems.append(RowProblem(line: record.line, column: nil, message: """
                        no \(field.rawValue) column: the template '\(template.name)' looks for \(accepted.map { "'\($0)'" }.joined(separator: " or "))
                        """))
                } else if template.skip.contains(where: { $0.column == field }) || template.tipsWhen?.column == field {
                    // A rule on a missing column would read every row as blank: an `unless` rule
                    // would skip the whole file, a `values` rule nothing.
                    problems.append(RowProblem(line: record.line, column: nil, message: """
                        no \(field.rawValue) column: the template '\(template.name)' has a rule on it and looks for \
                        \(accepted.map { "'\($0)'" }.joined(separator: " or "))
                        """))
                }
            }
            return
        }
        guard template.requiredFields.allSatisfy({ columnIndex[$0.ordinal] != nil }) else { return }
        if isSkipped(record) { return }
        switch template.kind {
        case .shifts: row(record)
        case .deliveries: deliveryRow(record)
        case .moneyLines: moneyLine(record)
        }
    }

    private func cell(_ record: CSVRecord, _ field: StatementTemplate.Field) -> String {
        guard let index = columnIndex[field.ordinal], index < record.fields.count else { return "" }
        return record.fields[index].trimmingBlanks
    }

    /// A repeated header, or a row the template says to skip (a totals row): reported.
    private mutating func isSkipped(_ record: CSVRecord) -> Bool {
        // Cheap first: the same text as the header row, or (rarely) the same after normalising.
        if record.fields == headerRaw
            || (record.fields.first.map { $0.count < 64 && !$0.isEmpty && !($0.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? false)
                    && ExpenseTemplate.normalizedHeader($0) == headerNames.first } == true
                && record.fields.map(ExpenseTemplate.normalizedHeader) == headerNames) {
            skipped.append((record.line, "a repeated header"))
            return true
        }
        for rule in template.skip where rule.matches(cell(record, rule.column)) {
            skipped.append((record.line, rule.reason(cell(record, rule.column))))
            return true
        }
        return false
    }

    /// The row's date when the times are times of day; nil when each time cell carries its own.
    private func rowDate(_ record: CSVRecord, problem: (String, String) -> Void) -> CivilTime? {
        guard !template.timeFormat.hasDate, let format = template.dateFormat else { return nil }
        do { return try format.parse(cell(record, .date)).date } catch {
            problem("date", "\(error)")
            return nil
        }
    }

    /// The platform a row names, else the template's.
    private mutating func platform(_ record: CSVRecord, problem: (String, String) -> Void) -> String? {
        let text = cell(record, .platform)
        guard !text.isEmpty else { return template.platform }
        let checked = checkedPlatforms[text] ?? Result { () throws(ModelError) in try PlainText.validated(text, field: "the platform", maxLength: 100) }
        checkedPlatforms[text] = checked
        switch checked {
        case let .success(name): return name
        case let .failure(error):
            problem("platform", "\(error)")
            return nil
        }
    }

    /// The key of a trip's delivery: the platform's trip id, in the platform's namespace.
    static func tripKey(platform: String?, trip: String) -> RecordKey {
        SHA256.recordKey(["trip", platform ?? "", trip])
    }

    private mutating func moneyLine(_ record: CSVRecord) {
        let line = record.line
        // Into a local list, so the closure holds no access to self (which would copy the reader
        // at every call of one of its methods below).
        var found: [RowProblem] = []
        defer { problems += found }
        func problem(_ column: String, _ message: String) { found.append(RowProblem(line: line, column: column, message: message)) }
        let trip = cell(record, .trip)
        let amountText = cell(record, .amount)
        guard !amountText.isEmpty else {
            skipped.append((line, "no amount: not earnings (a payout, a transfer, cash collected or a refund)"))
            return
        }
        var amount: Money?
        do { amount = try AmountText.parse(amountText, decimalMark: template.decimalMark) } catch { problem("amount", "\(error)") }
        guard !trip.isEmpty else {
            if let amount, found.isEmpty {
                skipped.append((line, "earnings of \(amount.formatted()) with no trip: not recorded (add them to the shift by hand)"))
            }
            return
        }
        if trip.utf8.count > 200 { problem("trip", "a trip id longer than 200 characters") }
        var tips: Money?
        if let rule = template.tipsWhen, rule.matches(cell(record, rule.column)) {
            tips = amount
        } else {
            do { tips = try AmountText.parse(cell(record, .tips), decimalMark: template.decimalMark) } catch { problem("tips", "\(error)") }
        }
        var at: Instant?
        do {
            let parsed = try template.timeFormat.parse(cell(record, .time))
            at = try StatementTime.instant(parsed, date: rowDate(record, problem: problem), zone: resolver)
        } catch { problem("time", "\(error)") }
        let platform = platform(record, problem: problem)
        guard found.isEmpty, let amount, let at else { return }
        let lineID = cell(record, .line)
        let key = lineID.isEmpty
            ? SHA256.recordKey(["line-content", platform ?? "", trip, String(at.millisecondsSinceEpoch), amount.units.description,
                                tips?.units.description ?? "-", cell(record, .description), cell(record, .category)])
            : SHA256.recordKey(["line", platform ?? "", lineID])
        moneyLines.append(MoneyLineRow(line: line, tripKey: Self.tripKey(platform: platform, trip: trip), at: at, amount: amount, tips: tips,
                                       platform: platform,
                                       recordKey: key, keyIsDeclared: !lineID.isEmpty))
    }

    private mutating func deliveryRow(_ record: CSVRecord) {
        let line = record.line
        // Into a local list, so the closure holds no access to self (which would copy the reader
        // at every call of one of its methods below).
        var found: [RowProblem] = []
        defer { problems += found }
        func problem(_ column: String, _ message: String) { found.append(RowProblem(line: line, column: column, message: message)) }
        let date = rowDate(record, problem: problem)
        var accepted: ParsedTime?, delivered: ParsedTime?
        do { accepted = try template.timeFormat.parse(cell(record, .accepted)) } catch { problem("accepted", "\(error)") }
        do { delivered = try template.timeFormat.parse(cell(record, .delivered)) } catch { problem("delivered", "\(error)") }
        var span: Interval?
        if let accepted, let delivered, date != nil || template.timeFormat.hasDate {
            do {
                if accepted == delivered {
                    // Accepted and delivered in the same minute as written: the same instant, not a day apart.
                    let instant = try StatementTime.instant(accepted, date: date, zone: resolver)
                    span = try? Interval(start: instant, end: instant)
                } else {
                    span = try StatementTime.span(date: date, start: accepted, end: delivered, zone: resolver,
                                                  endMayBeNextDay: template.endMayBeNextDay)
                }
            } catch {
                problem("delivered", "\(error)")
            }
        }
        let own = paidAmount(record, amount: .pay, field: "a delivery's pay", problem: problem)
        let pickupText = cell(record, .pickup)
        var pickup: String?
        if !pickupText.isEmpty {
            let checked = checkedPickups[pickupText]
                ?? Result { () throws(ModelError) in try PlainText.validated(pickupText, field: "the pickup", maxLength: PickupPlace.maxNameLength) }
            checkedPickups[pickupText] = checked
            switch checked {
            case let .success(name): pickup = name
            case let .failure(error): problem("pickup", "\(error)")
            }
        }
        let platform = platform(record, problem: problem)
        let trip = cell(record, .trip)
        if trip.utf8.count > 200 { problem("trip", "a trip id longer than 200 characters") }
        if let span, span.durationMilliseconds > Self.longestDelivery {
            problem("delivered", "a delivery of more than 4 hours (\(span.start) to \(span.end)): is the time earlier than the acceptance by mistake?")
        }
        guard found.isEmpty, let span else { return }
        let content = [span.start.millisecondsSinceEpoch, span.end.millisecondsSinceEpoch].map(String.init)
            + [own?.amount.units.description ?? "-", own?.tips?.units.description ?? "-", platform ?? "", pickup ?? ""]
        deliveries.append(DeliveryRow(line: line, accepted: span.start, delivered: span.end, own: own, platform: platform, pickup: pickup,
                                      recordKey: trip.isEmpty ? SHA256.recordKey(content) : Self.tripKey(platform: platform, trip: trip),
                                      keyIsDeclared: !trip.isEmpty))
    }

    /// The amount column and the tips column of a row as one paid amount: nil when the amount is
    /// blank (not recorded, never 0.00); tips without an amount, or above it, are problems.
    private func paidAmount(_ record: CSVRecord, amount column: StatementTemplate.Field, field: String,
                            problem: (String, String) -> Void) -> PaidAmount? {
        var amount: Money?, tips: Money?
        do { amount = try AmountText.parse(cell(record, column), decimalMark: template.decimalMark) } catch { problem(column.rawValue, "\(error)") }
        do { tips = try AmountText.parse(cell(record, .tips), decimalMark: template.decimalMark) } catch { problem("tips", "\(error)") }
        guard let amount else {
            if tips != nil { problem("tips", "tips are given but the \(column.rawValue) is blank: the tips are part of it") }
            return nil
        }
        do { return try PaidAmount(amount, tips: tips, field: field) } catch {
            problem(column.rawValue, "\(error)")
            return nil
        }
    }

    private mutating func row(_ record: CSVRecord) {
        let line = record.line
        // Into a local list, so the closure holds no access to self (which would copy the reader
        // at every call of one of its methods below).
        var found: [RowProblem] = []
        defer { problems += found }
        func problem(_ column: String, _ message: String) { found.append(RowProblem(line: line, column: column, message: message)) }
        let date = rowDate(record, problem: problem)
        var start: ParsedTime?, end: ParsedTime?
        do { start = try template.timeFormat.parse(cell(record, .start)) } catch { problem("start", "\(error)") }
        do { end = try template.timeFormat.parse(cell(record, .end)) } catch { problem("end", "\(error)") }
        var span: Interval?
        if let start, let end, start == end {
            problem("end", "the shift must end after it starts")
        } else if let start, let end, date != nil || template.timeFormat.hasDate {
            do {
                span = try StatementTime.span(date: date, start: start, end: end, zone: resolver, endMayBeNextDay: template.endMayBeNextDay)
            } catch {
                problem("end", "\(error)")
            }
        }
        let earnings = paidAmount(record, amount: .gross, field: "earnings", problem: problem)
        if let span, span.durationMilliseconds <= 0 { problem("end", "the shift must end after it starts") }
        if let span, span.durationMilliseconds > Self.longestShift {
            problem("end", "a shift of more than 16 hours (\(span.start) to \(span.end)): is the end earlier than the start by mistake?")
        }
        let platform = platform(record, problem: problem)
        guard found.isEmpty, let span else { return }
        rows.append(ShiftRow(line: line, span: span, earnings: earnings, platform: platform))
    }
}

extension String {
    /// Without the spaces and tabs around it; a byte scan, not Foundation's CharacterSet.
    var trimmingBlanks: String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last,
              first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return self }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while end > start, bytes[bytes.index(before: end)] == 0x20 || bytes[bytes.index(before: end)] == 0x09 { end = bytes.index(before: end) }
        return String(self[start..<end])
    }
}
