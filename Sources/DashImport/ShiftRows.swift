import DashModel
import Foundation

/// Reads a statement whose rows are shifts, with a template: every row checked, every bad row
/// listed, skipped rows (totals, repeated headers) reported. Only the template's columns are
/// read; any other column (a customer's name, an address) is never looked at.
public struct ShiftRowReader {
    public let template: StatementTemplate
    public let zone: TimeZone
    /// The zone, remembering each local day's offset (the zone database is slow per row). A
    /// class: each worker of a parallel chunk has its own.
    var resolver: ZoneResolver
    private var reader: CSVReader
    /// Per field (by ``StatementTemplate/Field/ordinal``), its column in the file.
    var columnIndex = [Int?](repeating: nil, count: StatementTemplate.Field.allCases.count)
    /// Platform and pickup texts already checked, with what they became (a file repeats a few
    /// names many thousand times).
    var checkedPlatforms: [String: Result<String, ModelError>] = [:]
    var checkedPickups: [String: Result<String, ModelError>] = [:]
    /// The labels rows share (``labels(driver:currency:)``).
    var sharedLabels: [LabelKey: RowLabels] = [:]
    /// Repeated texts folded for record keys (``folded(_:)``).
    var foldedNames: [String: String] = [:]
    /// Driver cells already checked, with their folded form (a fleet file repeats a few ids).
    var checkedDrivers: [String: Result<String, ModelError>] = [:]
    var headerNames: [String] = []
    var headerRaw: [String] = []
    var headerLine = 1
    var headerSeen = false
    public internal(set) var rows: [ShiftRow] = []
    /// The rows of a `deliveries` template.
    public internal(set) var deliveries: [DeliveryRow] = []
    /// The rows of a `moneyLines` template.
    public internal(set) var moneyLines: [MoneyLineRow] = []
    /// The lines of a `moneyLines` template that name no trip: income on no shift.
    public internal(set) var triplessLines: [TriplessLine] = []
    public internal(set) var skipped: [SkippedRow] = []
    /// Delivery rows accepted at their pickup time because their request time came after it
    /// (Uber Reserve; the `pickedUp` column): noted in the import's summary, not refused.
    public internal(set) var acceptedAtPickup: [Int] = []
    /// Delivery rows of trips that did not complete (`cancelledWhen`) but were picked up, read
    /// as trips ending at their pickup (no drop-off time): noted in the import's summary.
    public internal(set) var cancelledAfterPickup: [Int] = []
    /// Rows of a shared ride's other riders (`sharedRideWhen`) joined to their trip's row
    /// (``joinSharedRides()``): noted in the import's summary.
    public internal(set) var sharedRideRows: [Int] = []
    var problems: [RowProblem] = []
    /// The driver whose rows are read (`driver:` of the initialiser), as given; nil: every row,
    /// and a file naming two drivers is refused.
    public let driver: String?
    /// `driver` folded as ids are compared (letter case and surrounding blanks ignored).
    let driverKey: String?
    /// The distinct driver ids the rows name, folded (never shown: only counted).
    var driversSeen: Set<String> = []
    /// Rows of the `driver` asked for (when one was).
    var driverRows = 0
    /// Rows skipped because they are another driver's, or name none, when a driver was asked for.
    public internal(set) var otherDriverRows = 0
    /// The currencies the kept rows are in (each row's column, else the template's).
    public internal(set) var currencies: Set<String> = []
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

    /// A reader of `template`'s rows in `zone`. With `driver`, only that driver's rows are read
    /// (the template's `driver` column compared case-insensitively): other drivers' rows are
    /// skipped and counted (``otherDriverRows``), and a file with none of the driver's is a
    /// problem; without, a file whose driver column names two or more ids is refused.
    public init(template: StatementTemplate, zone: TimeZone, driver: String? = nil) {
        self.template = template
        self.zone = zone
        self.driver = driver
        driverKey = driver.map(KeyText.fold)
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
            triplessLines += half.reader.triplessLines
            skipped += half.reader.skipped
            acceptedAtPickup += half.reader.acceptedAtPickup
            cancelledAfterPickup += half.reader.cancelledAfterPickup
            problems += half.reader.problems
            driversSeen.formUnion(half.reader.driversSeen)
            driverRows += half.reader.driverRows
            otherDriverRows += half.reader.otherDriverRows
            currencies.formUnion(half.reader.currencies)
        }
    }

    /// The same template, header and checked names, with no rows yet and a resolver of its own.
    private func emptyCopy() -> ShiftRowReader {
        var copy = self
        copy.resolver = ZoneResolver(zone)
        copy.rows = []
        copy.deliveries = []
        copy.moneyLines = []
        copy.triplessLines = []
        copy.skipped = []
        copy.acceptedAtPickup = []
        copy.cancelledAfterPickup = []
        copy.problems = []
        copy.driversSeen = []
        copy.driverRows = 0
        copy.otherDriverRows = 0
        copy.currencies = []
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

    public mutating func finish() -> (rows: [ShiftRow], skipped: [SkippedRow], problems: [RowProblem]) {
        let (records, csvProblems) = RowProblem.finishing(&reader)
        problems += csvProblems
        take(records)
        problems += fileProblems()
        joinSharedRides()
        return (rows, skipped, RowProblem.listed(problems, headerSeen: headerSeen, dropped: problemsDropped))
    }

    private mutating func take(_ record: CSVRecord) {
        guard headerSeen else {
            headerSeen = true
            headerLine = record.line
            headerRaw = record.fields
            headerNames = record.fields.map(ExpenseTemplate.normalizedHeader)
            for field in StatementTemplate.Field.allCases {
                guard let accepted = template.columns[field] else { continue }
                // A set: a template may name thousands of headers for a file of thousands of columns.
                if let index = headerNames.firstIndex(where: Set(accepted).contains) {
                    // Nothing identifying a customer or an address is stored, even mapped by mistake.
                    if let word = Self.personalWords.first(where: { headerNames[index].contains($0) }) {
                        // Named as the template names it (the header matched that name).
                        problems.append(RowProblem(line: record.line, column: nil, message: """
                            the template maps \(field.rawValue) to the column \(MessageText.quoted(headerNames[index])), which looks \
                            personal ('\(word)'); dashpilot never stores a customer's details or an address
                            """))
                        continue
                    }
                    columnIndex[field.ordinal] = index
                } else if [.gross, .pay, .amount].contains(field) {
                    problems.append(RowProblem(line: record.line, column: nil, message: """
                        no \(field.rawValue) column: the template \(MessageText.quoted(template.name)) looks for \(MessageText.list(accepted, separator: " or ")); \
                        the statement's money would be ignored
                        """))
                } else if template.requiredFields.contains(field) {
                    problems.append(RowProblem(line: record.line, column: nil, message: """
                        no \(field.rawValue) column: the template \(MessageText.quoted(template.name)) looks for \(MessageText.list(accepted, separator: " or "))
                        """))
                } else if template.ruleFields.contains(field) {
                    // A rule on a missing column would read every row as blank: an `unless` rule
                    // would skip the whole file, a `values` rule nothing.
                    problems.append(RowProblem(line: record.line, column: nil, message: """
                        no \(field.rawValue) column: the template \(MessageText.quoted(template.name)) has a rule on it and looks for \
                        \(MessageText.list(accepted, separator: " or "))
                        """))
                }
            }
            return
        }
        guard template.requiredFields.allSatisfy({ columnIndex[$0.ordinal] != nil }) else { return }
        if isSkipped(record) { return }
        guard case let .read(driver) = admitDriver(record) else { return }
        switch template.kind {
        case .shifts: row(record, driver: driver)
        case .deliveries: deliveryRow(record, driver: driver)
        case .moneyLines: moneyLine(record, driver: driver)
        }
    }

    func cell(_ record: CSVRecord, _ field: StatementTemplate.Field) -> String {
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
            skipped.append(SkippedRow(line: record.line, reason: "a repeated header", account: .repeatedHeader, amount: nil))
            return true
        }
        for rule in template.skip where rule.matches(cell(record, rule.column)) {
            skipped.append(SkippedRow(line: record.line, reason: rule.reason(cell(record, rule.column)),
                                      account: rule.account.map(FileAccount.Class.init(notIncome:)) ?? .skippedBy(rule.column.rawValue),
                                      amount: skippedAmount(record)))
            return true
        }
        return false
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
