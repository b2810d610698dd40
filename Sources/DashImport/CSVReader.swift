/// One record of a CSV file: its fields, decoded, and the physical line it starts on (a record
/// whose quoted field holds line breaks spans several lines; the first is the one to name).
public struct CSVRecord: Sendable, Equatable {
    public let line: Int
    public let fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// A problem at a physical line of a CSV file, with the byte it concerns when there is one.
public struct CSVProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The physical line, from 1.
    public let line: Int
    /// Lower-case and actionable, without the line (the caller prefixes the file and line).
    public let message: String
    /// From the start of the file, counting from 0 and including any byte-order mark.
    public let byteOffset: Int?

    public init(line: Int, message: String, byteOffset: Int? = nil) {
        self.line = line
        self.message = message
        self.byteOffset = byteOffset
    }

    public var description: String { "line \(line): \(message)" }
}

/// Why a CSV file was refused: every problem found, in the order of the file.
public struct CSVReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public let problems: [CSVProblem]
    /// True when the reader stopped at ``CSVReader/maxProblems``: more may follow.
    public let stoppedAtLimit: Bool

    public var description: String {
        problems.map(\.description).joined(separator: "\n") + (stoppedAtLimit ? "\nmore problems not listed" : "")
    }
}

/// How a CSV file is written: its delimiter, its text encoding, and the longest record accepted.
public struct CSVDialect: Sendable, Equatable {
    /// The byte between fields.
    public let delimiter: UInt8
    public let encoding: CSVTextEncoding
    /// A record longer than this (line ends and quotes included) stops the reading: it is almost
    /// always a quote that never closes, swallowing the file, and this bounds the memory it takes.
    public let maxRecordBytes: Int

    public static let defaultMaxRecordBytes = 1 << 20

    /// Comma-separated UTF-8.
    public static let standard = CSVDialect(checked: UInt8(ascii: ","), .utf8, defaultMaxRecordBytes)

    /// Nil when `delimiter` cannot separate fields: a quote, a line end, a space, a letter or
    /// digit, a control byte other than tab, or a byte outside ASCII (which could be part of a
    /// character); or when `maxRecordBytes` is not positive.
    public init?(delimiter: UInt8 = UInt8(ascii: ","), encoding: CSVTextEncoding = .utf8,
                 maxRecordBytes: Int = CSVDialect.defaultMaxRecordBytes) {
        guard CSVDialect.canDelimit(delimiter), maxRecordBytes > 0 else { return nil }
        self.init(checked: delimiter, encoding, maxRecordBytes)
    }

    private init(checked delimiter: UInt8, _ encoding: CSVTextEncoding, _ maxRecordBytes: Int) {
        self.delimiter = delimiter
        self.encoding = encoding
        self.maxRecordBytes = maxRecordBytes
    }

    /// The delimiter a template names: the character itself (`,` `;` `|`, or a tab), or the
    /// words `comma`, `semicolon`, `tab`, `pipe`. Nil for anything else.
    public static func delimiter(named name: String) -> UInt8? {
        let byte: UInt8
        switch name.lowercased() {
        case "comma": byte = UInt8(ascii: ",")
        case "semicolon": byte = UInt8(ascii: ";")
        case "tab", "\\t": byte = 0x09
        case "pipe", "bar": byte = UInt8(ascii: "|")
        default:
            let utf8 = Array(name.utf8)
            guard utf8.count == 1 else { return nil }
            byte = utf8[0]
        }
        return canDelimit(byte) ? byte : nil
    }

    static func canDelimit(_ byte: UInt8) -> Bool {
        if byte == 0x09 { return true }
        guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") else { return false }
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        return !isDigit && !isLetter
    }

    /// The delimiter as messages name it.
    var delimiterName: String {
        switch delimiter {
        case UInt8(ascii: ","): "a comma"
        case UInt8(ascii: ";"): "a semicolon"
        case 0x09: "a tab"
        case UInt8(ascii: "|"): "a '|'"
        default: "a '\(Character(Unicode.Scalar(delimiter)))'"
        }
    }
}

/// A streaming CSV reader over bytes (RFC 4180, and what real statements do beyond it:
/// docs/facts.md, "CSV and amounts").
///
/// Bytes go in with ``feed(_:_:)`` in chunks of any size, cut anywhere, even inside a UTF-8
/// character or between the CR and LF of a line end; records come out as they complete, and
/// ``finish(_:)`` ends the file. Memory holds one chunk's records and the record being read, never
/// the file. Why a byte-level state machine rather than lines first: a quoted field may hold line
/// breaks, and in Swift `"\r\n"` is one `Character`, so splitting text on `"\n"` silently fails
/// on CRLF files. Counting lines in the state machine also gives the physical line of every
/// problem, which a line-first parser gets wrong after the first quoted line break.
///
/// What it accepts: quoted fields, doubled quotes, line breaks inside quotes kept exactly as
/// written (CRLF stays CRLF); records ended by LF, CRLF or CR, the last one optionally; a UTF-8
/// byte-order mark at the start (dropped); blank lines (skipped: a line holding only the delimiter
/// is not blank but a record of empty fields). The first record, the header, fixes the number of
/// fields; it is handed on like any other record.
///
/// What it refuses, listing every bad line it can (up to ``maxProblems``): a record whose number
/// of fields differs from the header's (never padded or shifted); a quote inside an unquoted field
/// (`ab"c`, and ` "ab"` with spaces before the quote); text after a closing quote (`"ab"c`); a byte
/// the encoding does not allow, named with its offset and value; a NUL byte. A record with a
/// problem is not handed on, and each record gets at most one problem (its first). Reading goes
/// on after these, since the next line end puts the reader back in step. It stops at a quote
/// that never closes (reported at the line where it opened: everything after it was swallowed
/// into one field, so nothing after it can be trusted), at a record longer than
/// ``CSVDialect/maxRecordBytes``, and at a UTF-16 byte-order mark, or a UTF-8 one in a file
/// declared Latin-1 or Windows-1252 (read in the declared encoding, every line would be wrong).
///
/// A file with problems may still hand on good records before ``finish(_:)`` throws: callers that
/// write must treat the file as refused as a whole, and may use the records only to list their
/// own problems beside the reader's.
public struct CSVReader {
    /// The most problems listed for one file; the reading stops at that many.
    public static let maxProblems = 50

    public let dialect: CSVDialect
    /// The problems so far, in the order of the file.
    public private(set) var problems: [CSVProblem] = []
    /// True once the reader has stopped reading (a fatal problem, or ``maxProblems`` reached):
    /// the caller may stop feeding it.
    public private(set) var stopped = false
    private var stoppedAtLimit = false
    private var finished = false

    // Byte classes (the order matters: in a quoted field, classes up to `delimiterClass` are plain).
    private static let plain: UInt8 = 0
    private static let delimiterClass: UInt8 = 1
    private static let quoteClass: UInt8 = 2
    private static let crClass: UInt8 = 3
    private static let lfClass: UInt8 = 4
    private static let checkClass: UInt8 = 5
    /// What each byte means to the state machine: plain ASCII, the delimiter, a quote, CR, LF,
    /// or a byte the encoding must check (0x80 and above, and NUL).
    private let byteClass: [UInt8]
    /// The first bytes of the file, held until there are three so a BOM is seen whole.
    private var head: [UInt8] = []
    private var headDone = false
    /// The file offset of the next byte to process.
    private var offset = 0
    /// The physical line of the next byte, from 1.
    private var line = 1
    /// The previous byte was a CR: an LF now completes that line end rather than starting another.
    private var afterCR = false
    private var utf8 = UTF8Validator()

    // The record being read.
    private enum Phase { case betweenRecords, fieldStart, unquoted, quoted, quoteInQuoted }
    private var phase = Phase.betweenRecords
    /// The field's content is `field` followed by the chunk's bytes `run` (indexes into `chunk`).
    /// Most fields lie inside one chunk with nothing to unescape, so they are decoded straight
    /// from the chunk and never copied; `field` takes the bytes only when a field crosses a chunk
    /// boundary or a doubled quote breaks the run.
    private var field: [UInt8] = []
    private var runStart = 0
    private var runEnd = 0
    /// The chunk being processed (nil between calls), and the file offset of its first byte.
    private var chunk: UnsafePointer<UInt8>?
    private var chunkOffset = 0
    private var fieldIsASCII = true
    private var fields: [String] = []
    private var fieldCount = 0
    private var recordLine = 0
    private var recordOffset = 0
    /// The offset at which the record becomes too long (`Int.max` between records).
    private var recordLimit = Int.max
    private var recordHasProblem = false
    private var quoteLine = 0
    private var quoteOffset = 0
    /// The header's number of fields, once the header has been read.
    private var expectedFields: Int?
    /// Another usual delimiter seen in a header of one field: the likely real one, for messages.
    private var likelyDelimiter: String?
    /// Records completed but not yet handed on.
    private var ready: [CSVRecord] = []

    public init(dialect: CSVDialect = .standard) {
        self.dialect = dialect
        var classes = [UInt8](repeating: CSVReader.plain, count: 256)
        for byte in 0x80...0xFF { classes[byte] = CSVReader.checkClass }
        classes[0] = CSVReader.checkClass
        classes[0x0D] = CSVReader.crClass
        classes[0x0A] = CSVReader.lfClass
        classes[Int(UInt8(ascii: "\""))] = CSVReader.quoteClass
        classes[Int(dialect.delimiter)] = CSVReader.delimiterClass
        byteClass = classes
        field.reserveCapacity(256)
    }

    // MARK: - Feeding

    /// Reads the next bytes of the file and hands `body` every record they complete, in order.
    /// If `body` throws, the error comes out here and the reader must not be used again.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ body: (CSVRecord) throws -> Void) rethrows {
        guard !finished else { return }
        var rest = bytes
        if !headDone {
            let take = min(3 - head.count, rest.count)
            head.append(contentsOf: rest.prefix(take))
            rest = UnsafeRawBufferPointer(rebasing: rest[take...])
            if head.count == 3 { startAfterHead() }
        }
        if headDone, !rest.isEmpty { process(rest) }
        try deliver(body)
    }

    /// Ends the file: hands `body` the last record (a file need not end with a line break), then
    /// throws ``CSVReadError`` if any problem was found. The reader is done after this.
    public mutating func finish(_ body: (CSVRecord) throws -> Void) throws {
        endOfInput()
        try deliver(body)
        if let error { throw error }
    }

    /// The problems as an error, or nil when there are none.
    public var error: CSVReadError? {
        problems.isEmpty ? nil : CSVReadError(problems: problems, stoppedAtLimit: stoppedAtLimit)
    }

    /// All the records of a file held in memory: for small inputs and tests.
    public static func records(in bytes: [UInt8], dialect: CSVDialect = .standard) throws(CSVReadError) -> [CSVRecord] {
        var reader = CSVReader(dialect: dialect)
        var records: [CSVRecord] = []
        bytes.withUnsafeBytes { reader.feed($0) { records.append($0) } }
        reader.endOfInput()
        records.append(contentsOf: reader.ready)
        if let error = reader.error { throw error }
        return records
    }

    private mutating func deliver(_ body: (CSVRecord) throws -> Void) rethrows {
        guard !ready.isEmpty else { return }
        var batch: [CSVRecord] = []
        swap(&batch, &ready)
        for record in batch { try body(record) }
        batch.removeAll(keepingCapacity: true)
        ready = batch
    }

    private mutating func endOfInput() {
        guard !finished else { return }
        finished = true
        if !headDone { startAfterHead() }
        guard !stopped else { return }
        if let fault = utf8.finish() { report(fault) }
        switch phase {
        case .betweenRecords:
            break
        case .fieldStart, .unquoted, .quoteInQuoted:
            endField()
            endRecord()
        case .quoted:
            let message = "a quote opened here (byte offset \(quoteOffset)) is never closed, so the rest of the file was read "
                + "as one field; a quote inside a quoted field must be doubled (\"\")"
            add(CSVProblem(line: quoteLine, message: message, byteOffset: quoteOffset))
        }
    }

    // MARK: - The start of the file

    /// Decides about a byte-order mark from the first bytes (three, or fewer in a shorter
    /// file), then reads them.
    private mutating func startAfterHead() {
        headDone = true
        let bytes = head
        head = []
        var skip = 0
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            fatal(CSVProblem(line: 1, message: "the file starts with a UTF-16 byte-order mark; save it as CSV UTF-8", byteOffset: 0))
            return
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard dialect.encoding == .utf8 else {
                fatal(CSVProblem(line: 1, message: "the file starts with a UTF-8 byte-order mark, but the template says it is "
                                     + "\(dialect.encoding.displayName); declare it UTF-8", byteOffset: 0))
                return
            }
            skip = 3
            offset = 3
        }
        if bytes.count > skip { bytes[skip...].withUnsafeBytes { process($0) } }
    }

    // MARK: - The state machine

    private mutating func process(_ bytes: UnsafeRawBufferPointer) {
        bytes.withMemoryRebound(to: UInt8.self) { process($0) }
    }

    private mutating func process(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !stopped, let base = bytes.baseAddress else { return }
        let count = bytes.count
        let start = offset
        chunk = base
        chunkOffset = start
        defer {
            // The chunk's memory is the caller's: what is left of a field moves into `field`.
            flushRun()
            chunk = nil
        }
        let table = byteClass
        table.withUnsafeBufferPointer { classes in scan(base, count, start, classes) }
        offset = start + count
    }

    private mutating func scan(_ base: UnsafePointer<UInt8>, _ count: Int, _ start: Int, _ classes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < count {
            // The common case first: a run of plain ASCII inside a field, taken in one go.
            if phase == .unquoted || phase == .quoted, utf8.pending == 0 {
                let end = recordLimit - start < count ? recordLimit - start : count
                var plainEnd = index
                if phase == .unquoted {
                    while plainEnd < end, classes[Int(base[plainEnd])] == CSVReader.plain { plainEnd += 1 }
                } else {
                    while plainEnd < end, classes[Int(base[plainEnd])] <= CSVReader.delimiterClass { plainEnd += 1 }
                }
                if plainEnd > index {
                    appendContent(index, plainEnd)
                    afterCR = false
                    index = plainEnd
                    continue
                }
            }
            offset = start + index
            let byte = base[index]
            step(byte, classes[Int(byte)])
            index += 1
            if stopped { break }
        }
    }

    /// One byte at `offset`, on `line`.
    private mutating func step(_ byte: UInt8, _ kind: UInt8) {
        if phase == .betweenRecords {
            if kind == CSVReader.crClass {
                line += 1
                afterCR = true
                return
            }
            if kind == CSVReader.lfClass {
                // A blank line, or the LF of a CRLF.
                if afterCR { afterCR = false } else { line += 1 }
                return
            }
            beginRecord()
        }
        if offset >= recordLimit {
            recordTooLong()
            return
        }
        if kind == CSVReader.checkClass || utf8.pending > 0 { checkEncoding(byte) }
        if kind == CSVReader.crClass {
            if phase == .quoted {
                appendByte()
            } else {
                endField()
                endRecord()
            }
            line += 1
            afterCR = true
            return
        }
        if kind == CSVReader.lfClass {
            if phase == .quoted {
                appendByte()
                if !afterCR { line += 1 }
            } else {
                endField()
                endRecord()
                line += 1
            }
            afterCR = false
            return
        }
        afterCR = false
        switch phase {
        case .betweenRecords, .fieldStart:
            if kind == CSVReader.delimiterClass {
                endField()
            } else if kind == CSVReader.quoteClass {
                phase = .quoted
                quoteLine = line
                quoteOffset = offset
            } else {
                appendByte()
                phase = .unquoted
            }
        case .unquoted:
            if kind == CSVReader.delimiterClass {
                endField()
                phase = .fieldStart
            } else {
                if kind == CSVReader.quoteClass { quoteInUnquotedField() }
                appendByte()
            }
        case .quoted:
            if kind == CSVReader.quoteClass { phase = .quoteInQuoted } else { appendByte() }
        case .quoteInQuoted:
            if kind == CSVReader.quoteClass {
                // The second quote of a pair stands for one quote.
                appendByte()
                phase = .quoted
            } else if kind == CSVReader.delimiterClass {
                endField()
                phase = .fieldStart
            } else {
                recordProblem(line, "text after the closing quote of a field (byte offset \(offset)); "
                                  + "a quote inside a quoted field must be doubled (\"\")", at: offset)
                // Read on as if unquoted, to find where the record ends.
                appendByte()
                phase = .unquoted
            }
        }
    }

    private mutating func beginRecord() {
        phase = .fieldStart
        recordLine = line
        recordOffset = offset
        recordLimit = offset > Int.max - dialect.maxRecordBytes ? Int.max : offset + dialect.maxRecordBytes
        recordHasProblem = false
    }

    /// The byte at `offset`, which is in the chunk being processed, joins the field.
    @inline(__always) private mutating func appendByte() {
        appendContent(offset - chunkOffset, offset - chunkOffset + 1)
    }

    /// The chunk's bytes `from..<to` join the field: they extend the run when they follow it.
    @inline(__always) private mutating func appendContent(_ from: Int, _ to: Int) {
        if runStart < runEnd, runEnd == from {
            runEnd = to
        } else {
            flushRun()
            runStart = from
            runEnd = to
        }
    }

    private mutating func flushRun() {
        if runStart < runEnd, let chunk { field.append(contentsOf: UnsafeBufferPointer(start: chunk + runStart, count: runEnd - runStart)) }
        runStart = 0
        runEnd = 0
    }

    private mutating func endField() {
        if !recordHasProblem {
            let encoding = dialect.encoding
            let ascii = fieldIsASCII
            let text: String
            if field.isEmpty {
                if runStart < runEnd, let chunk {
                    let run = UnsafeBufferPointer(start: chunk + runStart, count: runEnd - runStart)
                    text = CSVTextDecoder.string(run, encoding: encoding, ascii: ascii)
                } else {
                    text = ""
                }
            } else {
                flushRun()
                text = field.withUnsafeBufferPointer { CSVTextDecoder.string($0, encoding: encoding, ascii: ascii) }
            }
            fields.append(text)
        }
        fieldCount += 1
        runStart = 0
        runEnd = 0
        if !field.isEmpty { field.removeAll(keepingCapacity: true) }
        fieldIsASCII = true
        phase = .fieldStart
    }

    private mutating func endRecord() {
        if let expectedFields {
            if fieldCount != expectedFields { wrongFieldCount(expected: expectedFields) }
        } else {
            expectedFields = fieldCount
            if fieldCount == 1, let header = fields.first {
                let others: [(Character, String)] = [(",", "a comma"), (";", "a semicolon"), ("\t", "a tab"), ("|", "'|'")]
                likelyDelimiter = others.first { $0.0.asciiValue != dialect.delimiter && header.contains($0.0) }?.1
            }
        }
        if !recordHasProblem { ready.append(CSVRecord(line: recordLine, fields: fields)) }
        fields = []
        fields.reserveCapacity(expectedFields ?? 16)
        fieldCount = 0
        phase = .betweenRecords
        recordLimit = Int.max
    }

    // MARK: - Problems

    private mutating func checkEncoding(_ byte: UInt8) {
        if byte >= 0x80 { fieldIsASCII = false }
        switch dialect.encoding {
        case .utf8:
            let (first, second) = utf8.check(byte, offset: offset, line: line)
            if let first { report(first) }
            if let second { report(second) }
        case .latin1:
            break
        case .windows1252:
            if !CSVTextDecoder.isDefinedInWindows1252(byte) {
                report(UTF8Validator.Fault(byte: byte, offset: offset, line: line, kind: .undefinedInWindows1252))
            }
        }
        if byte == 0 { report(UTF8Validator.Fault(byte: byte, offset: offset, line: line, kind: .nul)) }
    }

    private mutating func report(_ fault: UTF8Validator.Fault) {
        let hex = String(fault.byte, radix: 16, uppercase: true)
        let value = "0x" + (hex.count < 2 ? "0" + hex : hex)
        recordProblem(fault.line, "byte \(value) at byte offset \(fault.offset) \(fault.kind.explanation); "
                          + fault.kind.hint, at: fault.offset)
    }

    private mutating func quoteInUnquotedField() {
        var leadingSpaces = field.allSatisfy { $0 == 0x20 }
        if let chunk, runStart < runEnd {
            leadingSpaces = leadingSpaces && UnsafeBufferPointer(start: chunk + runStart, count: runEnd - runStart).allSatisfy { $0 == 0x20 }
        }
        if leadingSpaces {
            recordProblem(line, "a quote after spaces at the start of a field (byte offset \(offset)); "
                              + "remove the spaces before the opening quote", at: offset)
        } else {
            recordProblem(line, "a quote inside a field that does not start with one (byte offset \(offset)); "
                              + "quote the whole field and double the quote inside it, as in \"ab\"\"c\"", at: offset)
        }
    }

    private mutating func wrongFieldCount(expected: Int) {
        let found = fieldCount
        let hint = if let likelyDelimiter {
            "the header is one field: is the file delimited by \(likelyDelimiter)? say so in the template"
        } else if found > expected {
            "a field with \(dialect.delimiterName) must be quoted"
        } else {
            "every column needs its field, even an empty one"
        }
        recordProblem(recordLine, "expected \(expected) field\(expected == 1 ? "" : "s") as in the header, found \(found); \(hint)", at: nil)
    }

    private mutating func recordTooLong() {
        let size = CSVReader.byteCount(dialect.maxRecordBytes)
        if phase == .quoted {
            let message = "a quote opened here (byte offset \(quoteOffset)) does not close within \(size); "
                + "a quote inside a quoted field must be doubled (\"\")"
            fatal(CSVProblem(line: quoteLine, message: message, byteOffset: quoteOffset))
        } else {
            let message = "the record starting here is longer than \(size); check that the file is CSV and that its line ends were kept"
            fatal(CSVProblem(line: recordLine, message: message, byteOffset: recordOffset))
        }
    }

    /// The record's first problem; later ones in the same record are not listed.
    private mutating func recordProblem(_ line: Int, _ message: String, at byteOffset: Int?) {
        guard !recordHasProblem else { return }
        recordHasProblem = true
        add(CSVProblem(line: line, message: message, byteOffset: byteOffset))
    }

    /// A problem after which nothing can be trusted: the reading stops.
    private mutating func fatal(_ problem: CSVProblem) {
        stopped = true
        add(problem)
    }

    private mutating func add(_ problem: CSVProblem) {
        guard problems.count < CSVReader.maxProblems else { return }
        problems.append(problem)
        if problems.count == CSVReader.maxProblems, !stopped {
            stopped = true
            stoppedAtLimit = true
        }
    }

    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
