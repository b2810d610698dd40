@testable import DashImport
import Testing

/// What reading a file gave: the records handed on, and the problems when it was refused.
struct CSVOutcome: Equatable, CustomStringConvertible {
    var records: [CSVRecord] = []
    var problems: [CSVProblem] = []
    var stoppedAtLimit = false

    var refused: Bool { !problems.isEmpty }
    var lines: [Int] { problems.map(\.line) }

    var description: String {
        records.map { "\($0.line): \($0.fields.map(\.debugDescription).joined(separator: ","))" }.joined(separator: "\n")
            + "\n" + problems.map { "\($0.description) @\($0.byteOffset.map(String.init) ?? "-")" }.joined(separator: "\n")
            + (stoppedAtLimit ? "\n(stopped at the limit)" : "")
    }
}

/// Pushes `bytes` into a ``CSVReader`` `chunkSize` bytes at a time, as an import does with a file.
func readCSV(_ bytes: [UInt8], dialect: CSVDialect = .standard, chunkSize: Int = 1 << 18) -> CSVOutcome {
    var reader = CSVReader(dialect: dialect)
    var outcome = CSVOutcome()
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + max(1, chunkSize))
        bytes[offset..<end].withUnsafeBytes { reader.feed($0) { outcome.records.append($0) } }
        offset = end
    }
    do {
        try reader.finish { outcome.records.append($0) }
    } catch let error as CSVReadError {
        outcome.problems = error.problems
        outcome.stoppedAtLimit = error.stoppedAtLimit
    } catch {
        outcome.problems = [CSVProblem(line: 0, message: "unexpected error \(error)")]
    }
    return outcome
}

/// The UTF-8 bytes of `text`.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A dialect the tests know to be valid; `.standard` if it were not, which the expected records then catch.
func dialect(_ delimiter: Character = ",", _ encoding: CSVTextEncoding = .utf8, maxRecordBytes: Int = CSVDialect.defaultMaxRecordBytes) -> CSVDialect {
    guard let byte = delimiter.asciiValue else { return .standard }
    return CSVDialect(delimiter: byte, encoding: encoding, maxRecordBytes: maxRecordBytes) ?? .standard
}

/// A file the reader must accept, and the records it must give.
struct AcceptedCSV: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    var dialect: CSVDialect = .standard
    let records: [CSVRecord]
    var testDescription: String { name }
}

/// A file the reader must refuse: each problem's line, a phrase of its message, and its byte offset where it has one.
struct RefusedCSV: Sendable, CustomTestStringConvertible {
    struct Expected: Sendable {
        let line: Int
        let phrase: String
        var offset: Int?
    }

    let name: String
    let bytes: [UInt8]
    var dialect: CSVDialect = .standard
    let problems: [Expected]
    /// The lines of the records still handed on.
    var recordLines: [Int] = []
    var testDescription: String { name }
}

@Suite struct CSVReaderTests {
    static func record(_ line: Int, _ fields: String...) -> CSVRecord { CSVRecord(line: line, fields: fields) }

    // MARK: - Accepted

    static let accepted: [AcceptedCSV] = [
        AcceptedCSV(name: "LF line ends", bytes: utf8("a,b\nc,d\n"), records: [record(1, "a", "b"), record(2, "c", "d")]),
        AcceptedCSV(name: "CRLF, no final line end", bytes: utf8("a,b\r\nc,d"), records: [record(1, "a", "b"), record(2, "c", "d")]),
        AcceptedCSV(name: "CR only (old Mac)", bytes: utf8("a,b\rc,d\re,f\r"),
                    records: [record(1, "a", "b"), record(2, "c", "d"), record(3, "e", "f")]),
        AcceptedCSV(name: "mixed line ends", bytes: utf8("a,b\r\nc,d\re,f\ng,h"),
                    records: [record(1, "a", "b"), record(2, "c", "d"), record(3, "e", "f"), record(4, "g", "h")]),
        AcceptedCSV(name: "a UTF-8 BOM is dropped", bytes: [0xEF, 0xBB, 0xBF] + utf8("date,amount\n2026-11-02,12.50\n"),
                    records: [record(1, "date", "amount"), record(2, "2026-11-02", "12.50")]),
        AcceptedCSV(name: "quoted CRLF kept as written", bytes: utf8("a,b\r\n\"x\r\ny\",z\r\nc,d\r\n"),
                    records: [record(1, "a", "b"), record(2, "x\r\ny", "z"), record(4, "c", "d")]),
        AcceptedCSV(name: "quoted LF and CR kept as written", bytes: utf8("a,b\n\"1\n2\",\"3\r4\"\nc,d\n"),
                    records: [record(1, "a", "b"), record(2, "1\n2", "3\r4"), record(5, "c", "d")]),
        AcceptedCSV(name: "doubled quotes", bytes: utf8("a,b\n\"say \"\"hi\"\"\",\"\"\"\"\n"),
                    records: [record(1, "a", "b"), record(2, "say \"hi\"", "\"")]),
        AcceptedCSV(name: "delimiter inside quotes", bytes: utf8("a,b\n\"$1,234.56\",x\n"),
                    records: [record(1, "a", "b"), record(2, "$1,234.56", "x")]),
        AcceptedCSV(name: "empty trailing fields", bytes: utf8("a,b,c\n1,,\n,,\n"),
                    records: [record(1, "a", "b", "c"), record(2, "1", "", ""), record(3, "", "", "")]),
        AcceptedCSV(name: "a line of only the delimiter is a record of empty fields", bytes: utf8("a,b\n,\n"),
                    records: [record(1, "a", "b"), record(2, "", "")]),
        AcceptedCSV(name: "empty quoted fields", bytes: utf8("a,b\n\"\",\"\"\n"), records: [record(1, "a", "b"), record(2, "", "")]),
        AcceptedCSV(name: "spaces belong to the field", bytes: utf8(" a , b \n 1 ,2\n"),
                    records: [record(1, " a ", " b "), record(2, " 1 ", "2")]),
        AcceptedCSV(name: "file ending without a line break", bytes: utf8("a,b\nc,d"), records: [record(1, "a", "b"), record(2, "c", "d")]),
        AcceptedCSV(name: "file ending in a quoted field", bytes: utf8("a,b\nc,\"d\""), records: [record(1, "a", "b"), record(2, "c", "d")]),
        AcceptedCSV(name: "only a header", bytes: utf8("date,amount,tip\n"), records: [record(1, "date", "amount", "tip")]),
        AcceptedCSV(name: "only a header, no line break", bytes: utf8("date,amount"), records: [record(1, "date", "amount")]),
        AcceptedCSV(name: "blank lines skipped, lines still counted", bytes: utf8("\na,b\n\n\r\n\rc,d\n\n"),
                    records: [record(2, "a", "b"), record(6, "c", "d")]),
        AcceptedCSV(name: "semicolon delimiter", bytes: utf8("a;b\n\"1;2\";3,50\n"), dialect: dialect(";"),
                    records: [record(1, "a", "b"), record(2, "1;2", "3,50")]),
        AcceptedCSV(name: "tab delimiter", bytes: utf8("a\tb\n1,5\t\"x\ty\"\n"), dialect: dialect("\t"),
                    records: [record(1, "a", "b"), record(2, "1,5", "x\ty")]),
        AcceptedCSV(name: "bar delimiter", bytes: utf8("a|b\n1|2\n"), dialect: dialect("|"), records: [record(1, "a", "b"), record(2, "1", "2")]),
        AcceptedCSV(name: "an empty file", bytes: [], records: []),
        AcceptedCSV(name: "only a BOM", bytes: [0xEF, 0xBB, 0xBF], records: []),
        AcceptedCSV(name: "only blank lines", bytes: utf8("\n\r\n\r"), records: []),
        AcceptedCSV(name: "one byte", bytes: utf8("x"), records: [record(1, "x")]),
        AcceptedCSV(name: "a one-column file", bytes: utf8("note\n\"\"\nx\n"), records: [record(1, "note"), record(2, ""), record(3, "x")]),
        AcceptedCSV(name: "UTF-8 text of 2, 3 and 4 bytes", bytes: utf8("name,amount\nCafé Müller,€12 🚗\n"),
                    records: [record(1, "name", "amount"), record(2, "Café Müller", "€12 🚗")]),
        AcceptedCSV(name: "line numbers after a record of several lines",
                    bytes: utf8("a,b\n\"1\n\n3\",x\ny,z\n"), records: [record(1, "a", "b"), record(2, "1\n\n3", "x"), record(5, "y", "z")]),
        AcceptedCSV(name: "Latin-1 é and 0x80 as U+0080", bytes: utf8("a,b\ncaf") + [0xE9] + utf8(",") + [0x80] + utf8("\n"),
                    dialect: dialect(",", .latin1), records: [record(1, "a", "b"), record(2, "café", "\u{80}")]),
        AcceptedCSV(name: "Windows-1252 € as 0x80, curly quotes, Ÿ", bytes: utf8("a,b\n") + [0x80] + utf8("12,") + [0x93, 0xE9, 0x94, 0x9F] + utf8("\n"),
                    dialect: dialect(",", .windows1252), records: [record(1, "a", "b"), record(2, "€12", "“é”Ÿ")]),
        AcceptedCSV(name: "Windows-1252 with semicolons and CRLF", bytes: utf8("Betrag;Zweck\r\n12,50 ") + [0x80] + utf8(";Caf") + [0xE9] + utf8("\r\n"),
                    dialect: dialect(";", .windows1252), records: [record(1, "Betrag", "Zweck"), record(2, "12,50 €", "Café")]),
    ]

    @Test(arguments: accepted)
    func acceptedFilesGiveTheirRecords(_ file: AcceptedCSV) {
        let outcome = readCSV(file.bytes, dialect: file.dialect)
        #expect(outcome.problems == [], "\(outcome)")
        #expect(outcome.records == file.records, "\(outcome)")
    }

    // MARK: - Refused

    static let refused: [RefusedCSV] = [
        RefusedCSV(name: "the wrong number of fields, every bad line listed",
                   bytes: utf8("a,b,c\n1,2,3\n1,2\n1,2,3,4\n1,2,3\n5\n"),
                   problems: [.init(line: 3, phrase: "expected 3 fields as in the header, found 2; every column needs its field"),
                              .init(line: 4, phrase: "expected 3 fields as in the header, found 4; a field with a comma must be quoted"),
                              .init(line: 6, phrase: "expected 3 fields as in the header, found 1")],
                   recordLines: [1, 2, 5]),
        RefusedCSV(name: "the wrong number of fields after a record of several lines",
                   bytes: utf8("a,b\n\"x\ny\",z\n1,2,3\n"),
                   problems: [.init(line: 4, phrase: "expected 2 fields as in the header, found 3")], recordLines: [1, 2]),
        RefusedCSV(name: "a wrong count with semicolons names the semicolon", bytes: utf8("a;b\n1;2;3\n"), dialect: dialect(";"),
                   problems: [.init(line: 2, phrase: "a field with a semicolon must be quoted")], recordLines: [1]),
        RefusedCSV(name: "a semicolon file read with commas: the message says so",
                   bytes: utf8("Datum;Betrag;Zweck\n2026-11-02;12,50;Tip\n"),
                   problems: [.init(line: 2, phrase: "expected 1 field as in the header, found 2; the header is one field: is the file delimited by a semicolon?")],
                   recordLines: [1]),
        RefusedCSV(name: "an unterminated quote is reported where it opened",
                   bytes: utf8("a,b\n1,2\n\"open,3\n4,5\n6,7\n"),
                   problems: [.init(line: 3, phrase: "a quote opened here (byte offset 8) is never closed", offset: 8)], recordLines: [1, 2]),
        RefusedCSV(name: "an unterminated quote after a quoted line break",
                   bytes: utf8("a,b\n\"1\n2\",x\ny,\"z\n\n"),
                   problems: [.init(line: 4, phrase: "is never closed", offset: 14)], recordLines: [1, 2]),
        RefusedCSV(name: "an unterminated quote in the header", bytes: utf8("\"a,b\n1,2\n"),
                   problems: [.init(line: 1, phrase: "is never closed", offset: 0)]),
        RefusedCSV(name: "a quote in the middle of an unquoted field", bytes: utf8("a,b\nab\"c,d\ne,f\n"),
                   problems: [.init(line: 2, phrase: "a quote inside a field that does not start with one (byte offset 6)", offset: 6)],
                   recordLines: [1, 3]),
        RefusedCSV(name: "text after a closing quote", bytes: utf8("a,b\n\"ab\"c,d\ne,f\n"),
                   problems: [.init(line: 2, phrase: "text after the closing quote of a field (byte offset 8)", offset: 8)],
                   recordLines: [1, 3]),
        RefusedCSV(name: "a space before an opening quote", bytes: utf8("a,b\n1, \"2\"\n"),
                   problems: [.init(line: 2, phrase: "remove the spaces before the opening quote", offset: 7)], recordLines: [1]),
        RefusedCSV(name: "every kind of bad line in one file, each listed",
                   bytes: utf8("a,b\nab\"c,d\n\"x\"y,z\n1,2,3\nok,ok\n\"q\nq\"\"\"w,1\n"),
                   problems: [.init(line: 2, phrase: "a quote inside a field"), .init(line: 3, phrase: "text after the closing quote"),
                              .init(line: 4, phrase: "found 3"), .init(line: 7, phrase: "text after the closing quote", offset: 37)],
                   recordLines: [1, 5]),
        RefusedCSV(name: "invalid UTF-8: an overlong encoding", bytes: utf8("a,b\nx,") + [0xC0, 0xAF] + utf8("\n"),
                   problems: [.init(line: 2, phrase: "byte 0xC0 at byte offset 6 is not valid UTF-8 (an overlong encoding)", offset: 6)],
                   recordLines: [1]),
        RefusedCSV(name: "invalid UTF-8: an overlong three-byte encoding", bytes: utf8("a,b\nx,y") + [0xE0, 0x80, 0xAF],
                   problems: [.init(line: 2, phrase: "byte 0xE0 at byte offset 7 is not valid UTF-8 (an overlong encoding)", offset: 7)],
                   recordLines: [1]),
        RefusedCSV(name: "invalid UTF-8: a lone continuation byte", bytes: utf8("a,b\n") + [0x80] + utf8("x,y\n"),
                   problems: [.init(line: 2, phrase: "byte 0x80 at byte offset 4 is not valid UTF-8 (a continuation byte with no lead byte", offset: 4)],
                   recordLines: [1]),
        RefusedCSV(name: "invalid UTF-8: a sequence cut short by the end of the file", bytes: utf8("a,b\nx,y") + [0xE2, 0x82],
                   problems: [.init(line: 2, phrase: "byte 0xE2 at byte offset 7 is not valid UTF-8 (it starts a 3-byte sequence that the end of the file cuts short)", offset: 7)],
                   recordLines: [1]),
        RefusedCSV(name: "invalid UTF-8: Latin-1 é in a file read as UTF-8", bytes: utf8("a,b\ncaf") + [0xE9] + utf8(",y\nc,d\n"),
                   problems: [.init(line: 2, phrase: "byte 0xE9 at byte offset 7 is not valid UTF-8 (it starts a 3-byte sequence that is cut short); if the file is Latin-1 or Windows-1252", offset: 7)],
                   recordLines: [1, 3]),
        RefusedCSV(name: "invalid UTF-8: a sequence cut short by the line end", bytes: utf8("a,b\nx,y") + [0xC3] + utf8("\nc,d\n"),
                   problems: [.init(line: 2, phrase: "byte 0xC3 at byte offset 7", offset: 7)], recordLines: [1, 3]),
        RefusedCSV(name: "invalid UTF-8: a surrogate", bytes: utf8("a,b\nx,") + [0xED, 0xA0, 0x80] + utf8("\n"),
                   problems: [.init(line: 2, phrase: "(it encodes a UTF-16 surrogate)", offset: 6)], recordLines: [1]),
        RefusedCSV(name: "invalid UTF-8: past U+10FFFF", bytes: utf8("a,b\nx,") + [0xF4, 0x90, 0x80, 0x80] + utf8("\n"),
                   problems: [.init(line: 2, phrase: "past U+10FFFF", offset: 6)], recordLines: [1]),
        RefusedCSV(name: "invalid UTF-8: a byte never used", bytes: utf8("a,b\nx,") + [0xFF] + utf8("\n"),
                   problems: [.init(line: 2, phrase: "byte 0xFF at byte offset 6 is not valid UTF-8 (a byte never used in UTF-8)", offset: 6)],
                   recordLines: [1]),
        RefusedCSV(name: "invalid UTF-8 inside a quoted field, on its own physical line",
                   bytes: utf8("a,b\n\"x\ny") + [0xE9] + utf8("\",z\n"),
                   problems: [.init(line: 3, phrase: "byte 0xE9 at byte offset 8", offset: 8)], recordLines: [1]),
        RefusedCSV(name: "offsets count the BOM", bytes: [0xEF, 0xBB, 0xBF] + utf8("a,b\n") + [0x80] + utf8(",y\n"),
                   problems: [.init(line: 2, phrase: "byte 0x80 at byte offset 7", offset: 7)], recordLines: [1]),
        RefusedCSV(name: "invalid UTF-8 on several lines, each listed",
                   bytes: utf8("a,b\n") + [0xE9] + utf8(",1\nok,ok\n2,") + [0xFC] + utf8("\n"),
                   problems: [.init(line: 2, phrase: "0xE9", offset: 4), .init(line: 4, phrase: "0xFC", offset: 16)], recordLines: [1, 3]),
        RefusedCSV(name: "Windows-1252: 0x81 is not a character", bytes: utf8("a,b\nx,") + [0x81] + utf8("\n"), dialect: dialect(",", .windows1252),
                   problems: [.init(line: 2, phrase: "byte 0x81 at byte offset 6 is not a character in Windows-1252", offset: 6)],
                   recordLines: [1]),
        RefusedCSV(name: "Windows-1252: the other undefined bytes", bytes: utf8("a\n") + [0x8D] + utf8("\n") + [0x8F] + utf8("\n") + [0x90] + utf8("\n") + [0x9D] + utf8("\n"),
                   dialect: dialect(",", .windows1252),
                   problems: [.init(line: 2, phrase: "0x8D", offset: 2), .init(line: 3, phrase: "0x8F", offset: 4),
                              .init(line: 4, phrase: "0x90", offset: 6), .init(line: 5, phrase: "0x9D", offset: 8)],
                   recordLines: [1]),
        RefusedCSV(name: "a NUL byte", bytes: utf8("a,b\nx,\0\n"),
                   problems: [.init(line: 2, phrase: "byte 0x00 at byte offset 6 is a NUL byte", offset: 6)], recordLines: [1]),
        RefusedCSV(name: "a UTF-16 file", bytes: [0xFF, 0xFE] + utf8("a,b\n").flatMap { [$0, 0] },
                   problems: [.init(line: 1, phrase: "the file starts with a UTF-16 byte-order mark; save it as CSV UTF-8", offset: 0)]),
        RefusedCSV(name: "a UTF-8 BOM in a file declared Latin-1", bytes: [0xEF, 0xBB, 0xBF] + utf8("a,b\n"), dialect: dialect(",", .latin1),
                   problems: [.init(line: 1, phrase: "starts with a UTF-8 byte-order mark, but the template says it is Latin-1", offset: 0)]),
        RefusedCSV(name: "a quoted field that does not close within the record limit stops the reading",
                   bytes: utf8("a,b\n1,\"2\n3,4\n5,6\n7,8\n9,10\n") + utf8(String(repeating: "x,y\n", count: 10)), dialect: dialect(",", maxRecordBytes: 16),
                   problems: [.init(line: 2, phrase: "a quote opened here (byte offset 6) does not close within 16 bytes", offset: 6)], recordLines: [1]),
        RefusedCSV(name: "a record longer than the limit stops the reading",
                   bytes: utf8("a,b\n") + utf8(String(repeating: "x", count: 40)) + utf8(",1\n1,2\n"), dialect: dialect(",", maxRecordBytes: 32),
                   problems: [.init(line: 2, phrase: "the record starting here is longer than 32 bytes", offset: 4)], recordLines: [1]),
    ]

    @Test(arguments: refused)
    func refusedFilesNameEachBadLine(_ file: RefusedCSV) {
        let outcome = readCSV(file.bytes, dialect: file.dialect)
        #expect(outcome.lines == file.problems.map(\.line), "\(outcome)")
        for (problem, expected) in zip(outcome.problems, file.problems) {
            #expect(problem.message.contains(expected.phrase), "\(problem)")
            if let offset = expected.offset { #expect(problem.byteOffset == offset, "\(problem)") }
            #expect(problem.message.first?.isLowercase == true, "messages start in lower case: \(problem.message)")
        }
        #expect(outcome.records.map(\.line) == file.recordLines, "\(outcome)")
        #expect(!outcome.stoppedAtLimit)
    }

    @Test func theWrongFieldCountMessageReadsAsDocumented() {
        let outcome = readCSV(utf8("a,b,c,d,e\n1,2,3,4,5\n1,2,3,4,5\n1,2,3,4,5\n1,2,3,4,5\n1,2,3,4,5\n1,2,3,4,5,6\n"))
        #expect(outcome.problems.map(\.description) == ["line 7: expected 5 fields as in the header, found 6; a field with a comma must be quoted"])
        #expect(outcome.problems.first?.byteOffset == nil)
    }

    @Test func problemsStopAtTheLimitOfFifty() {
        let bytes = utf8("a,b\n" + String(repeating: "1,2,3\n", count: 80))
        let outcome = readCSV(bytes)
        #expect(outcome.problems.count == CSVReader.maxProblems)
        #expect(outcome.lines == Array(2...51))
        #expect(outcome.stoppedAtLimit)
    }

    @Test func aBadHeaderStillSetsTheFieldCount() {
        // The header's own problem is listed; the rows are judged against its three fields, not shifted.
        let outcome = readCSV(utf8("a,b\"x,c\n1,2,3\n1,2\n"))
        #expect(outcome.lines == [1, 3])
        #expect(outcome.records.map(\.line) == [2])
    }

    // MARK: - Chunking

    /// Byte by byte, in small odd sizes, and whole: the same records and the same problems.
    @Test(arguments: accepted.map { ($0.name, $0.bytes, $0.dialect) } + refused.map { ($0.name, $0.bytes, $0.dialect) })
    func chunkSizeNeverChangesTheOutcome(name: String, bytes: [UInt8], dialect: CSVDialect) {
        let whole = readCSV(bytes, dialect: dialect, chunkSize: max(1, bytes.count))
        for size in [1, 2, 3, 5, 7, 64] {
            #expect(readCSV(bytes, dialect: dialect, chunkSize: size) == whole, "\(name), chunks of \(size)")
        }
        // The whole-buffer convenience agrees: the records when accepted, nothing when refused.
        #expect((try? CSVReader.records(in: bytes, dialect: dialect)) == (whole.refused ? nil : whole.records))
    }

    @Test func aCRLFSplitAcrossChunksIsOneLineEnd() {
        // "a,b\r" | "\nc,d\r" | "\n\"x\r" | "\ny\"": each CR at the end of a chunk, its LF at the start of the next.
        var reader = CSVReader()
        var records: [CSVRecord] = []
        for piece in ["a,b\r", "\nc,d\r", "\n\"x\r", "\ny\",z"] {
            utf8(piece).withUnsafeBytes { reader.feed($0) { records.append($0) } }
        }
        #expect(throws: Never.self) { try reader.finish { records.append($0) } }
        #expect(records == [Self.record(1, "a", "b"), Self.record(2, "c", "d"), Self.record(3, "x\r\ny", "z")])
    }

    @Test func recordsComeOutAsTheirBytesArriveNotAtTheEnd() {
        var reader = CSVReader()
        var seen: [Int] = []
        utf8("a,b\n1,2\n3,").withUnsafeBytes { reader.feed($0) { seen.append($0.line) } }
        #expect(seen == [1, 2])
        utf8("4\n").withUnsafeBytes { reader.feed($0) { seen.append($0.line) } }
        #expect(seen == [1, 2, 3])
        #expect(throws: Never.self) { try reader.finish { seen.append($0.line) } }
        #expect(seen == [1, 2, 3])
    }

    struct Stop: Error, Equatable {}

    @Test func anErrorFromTheCallerComesOutOfFeed() {
        var reader = CSVReader()
        #expect(throws: Stop.self) {
            try utf8("a,b\n1,2\n").withUnsafeBytes { bytes in try reader.feed(bytes) { _ in throw Stop() } }
        }
    }

    @Test func recordsInThrowsTheProblems() {
        #expect(throws: CSVReadError.self) { try CSVReader.records(in: utf8("a,b\n1\n")) }
        #expect((try? CSVReader.records(in: utf8("a,b\n1,2"))) == [Self.record(1, "a", "b"), Self.record(2, "1", "2")])
    }

    // MARK: - Dialects

    @Test(arguments: [(",", UInt8(ascii: ",")), (";", UInt8(ascii: ";")), ("\t", 0x09), ("|", UInt8(ascii: "|")),
                      ("comma", UInt8(ascii: ",")), ("Semicolon", UInt8(ascii: ";")), ("tab", 0x09), ("pipe", UInt8(ascii: "|")),
                      (":", UInt8(ascii: ":"))])
    func delimitersByName(name: String, byte: UInt8) {
        #expect(CSVDialect.delimiter(named: name) == byte)
    }

    @Test(arguments: ["\"", "a", "Z", "7", " ", "\n", "\r", "", ",,", "é", "\0"])
    func bytesThatCannotDelimit(name: String) {
        #expect(CSVDialect.delimiter(named: name) == nil)
        if let byte = name.utf8.first, name.utf8.count == 1 { #expect(CSVDialect(delimiter: byte) == nil) }
    }

    @Test func aRecordLimitMustBePositive() {
        #expect(CSVDialect(maxRecordBytes: 0) == nil)
        #expect(CSVDialect(delimiter: 0x80) == nil)
        #expect(CSVDialect(delimiter: UInt8(ascii: ";"), encoding: .latin1, maxRecordBytes: 10)?.delimiter == UInt8(ascii: ";"))
    }

    // MARK: - Decoding

    @Test func latin1MapsEveryByteToTheSameCodePoint() {
        let bytes = (0x20...0xFF).map(UInt8.init).filter { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "\"") && $0 != 0x7F }
        let outcome = readCSV(bytes, dialect: dialect(",", .latin1))
        #expect(outcome.problems == [])
        #expect(outcome.records.first?.fields.first?.unicodeScalars.map(\.value) == bytes.map(UInt32.init))
    }

    @Test func windows1252AgreesWithItsTableAndRefusesOnlyTheFiveHoles() {
        for byte in UInt8(0x80)...UInt8(0x9F) {
            let outcome = readCSV([byte], dialect: dialect(",", .windows1252))
            let undefined = [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains(byte)
            #expect(outcome.refused == undefined, "0x\(String(byte, radix: 16))")
            if !undefined {
                #expect(outcome.records.first?.fields.first?.unicodeScalars.first?.value == CSVTextDecoder.windows1252High[Int(byte - 0x80)])
            }
        }
        #expect(readCSV(utf8("x,") + [0x80], dialect: dialect(",", .windows1252)).records.first?.fields == ["x", "€"])
    }

    /// Every valid UTF-8 encoding of a sample of scalars reads back as the scalar, at every
    /// boundary length (1 to 4 bytes).
    @Test(arguments: [0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF] as [UInt32])
    func validUTF8AtEveryBoundaryIsRead(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = String(Character(scalar))
        let outcome = readCSV(utf8(text))
        #expect(outcome.problems == [])
        #expect(outcome.records.first?.fields == [text])
    }
}
