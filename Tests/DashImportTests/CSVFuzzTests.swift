@testable import DashImport
import Foundation
import Testing
import TestSupport

/// Random tables written out as CSV read back exactly; random bytes and damaged CSV never trap,
/// and how the bytes are split into chunks never changes the records or the problems.
/// `make fuzz` (DASHPILOT_FUZZ=1) runs many more cases than `make test`.
@Suite struct CSVFuzzTests {
    static var cases: Int { ProcessInfo.processInfo.environment["DASHPILOT_FUZZ"] == "1" ? 30_000 : 300 }

    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    /// A piece of field text and its bytes in each encoding (nil where the encoding lacks it).
    struct Token {
        let text: String
        let utf8: [UInt8]
        let latin1: [UInt8]?
        let windows1252: [UInt8]?

        init(_ text: String, latin1: [UInt8]? = nil, windows1252: [UInt8]? = nil) {
            self.text = text
            utf8 = Array(text.utf8)
            let ascii = text.utf8.allSatisfy { $0 < 0x80 }
            self.latin1 = ascii ? utf8 : latin1
            self.windows1252 = ascii ? utf8 : windows1252
        }

        func bytes(_ encoding: CSVTextEncoding) -> [UInt8]? {
            switch encoding {
            case .utf8: utf8
            case .latin1: latin1
            case .windows1252: windows1252
            }
        }
    }

    static let tokens: [Token] = [
        Token("a"), Token("Zz"), Token("12.50"), Token(" "), Token("\""), Token("\"\""), Token(","), Token(";"), Token("\t"),
        Token("|"), Token("\n"), Token("\r\n"), Token("\r"), Token("é", latin1: [0xE9], windows1252: [0xE9]),
        Token("€", windows1252: [0x80]), Token("\u{80}", latin1: [0x80]), Token("🚗"), Token("’", windows1252: [0x92]),
        Token("ÿ", latin1: [0xFF], windows1252: [0xFF]),
    ]

    /// A random table, the CSV bytes it is written as (RFC 4180 quoting, where needed and at
    /// random elsewhere; random line ends; maybe a BOM; maybe no final line end), and the line
    /// each record starts on.
    static func randomFile(_ dialect: CSVDialect, using random: inout SplitMix64) -> (bytes: [UInt8], records: [CSVRecord]) {
        let columns = Int.random(in: 1...5, using: &random)
        let rows = Int.random(in: 1...6, using: &random)
        let lineEnds: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D]]
        var bytes: [UInt8] = dialect.encoding == .utf8 && Bool.random(using: &random) ? [0xEF, 0xBB, 0xBF] : []
        var records: [CSVRecord] = []
        var line = 1
        var lastLineEnd: [UInt8] = []
        for row in 0..<rows {
            // Blank lines between records are skipped, but counted.
            if row > 0, Int.random(in: 0..<5, using: &random) == 0 {
                // Not an LF right after a CR: the two would be one CRLF, not a blank line.
                let blank = lineEnds[Int.random(in: lastLineEnd == [0x0D] ? 1..<3 : 0..<3, using: &random)]
                bytes += blank
                lastLineEnd = blank
                line += 1
            }
            var fields: [String] = []
            let start = line
            for column in 0..<columns {
                if column > 0 { bytes.append(dialect.delimiter) }
                var text = ""
                var raw: [UInt8] = []
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    let token = tokens[Int.random(in: 0..<tokens.count, using: &random)]
                    guard let encoded = token.bytes(dialect.encoding) else { continue }
                    text += token.text
                    raw += encoded
                }
                let special = raw.contains { $0 == dialect.delimiter || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
                // An empty lone field must be quoted, or its line would be blank.
                let quote = special || (columns == 1 && raw.isEmpty) || Int.random(in: 0..<4, using: &random) == 0
                if quote {
                    bytes.append(UInt8(ascii: "\""))
                    for byte in raw {
                        if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                        bytes.append(byte)
                    }
                    bytes.append(UInt8(ascii: "\""))
                } else {
                    bytes += raw
                }
                line += physicalLineBreaks(raw)
                fields.append(text)
            }
            records.append(CSVRecord(line: start, fields: fields))
            if row < rows - 1 || Bool.random(using: &random) {
                lastLineEnd = lineEnds[Int.random(in: 0..<3, using: &random)]
                bytes += lastLineEnd
                line += 1
            }
        }
        return (bytes, records)
    }

    /// Line breaks as the reader counts them: LF, CRLF and a lone CR each end one line.
    static func physicalLineBreaks(_ bytes: [UInt8]) -> Int {
        var count = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A, index == 0 || bytes[index - 1] != 0x0D { count += 1 }
            if byte == 0x0D { count += 1 }
        }
        return count
    }

    static func randomDialect(using random: inout SplitMix64) -> CSVDialect {
        let encoding = CSVTextEncoding.allCases[Int.random(in: 0..<3, using: &random)]
        let limit = [4, 16, 64, CSVDialect.defaultMaxRecordBytes][Int.random(in: 0..<4, using: &random)]
        return CSVDialect(delimiter: delimiters[Int.random(in: 0..<4, using: &random)], encoding: encoding, maxRecordBytes: limit) ?? .standard
    }

    /// What must hold of any outcome, whatever the bytes.
    static func checkInvariants(_ outcome: CSVOutcome, _ bytes: [UInt8]) {
        let lines = physicalLineBreaks(bytes) + 1
        #expect(outcome.problems.count <= CSVReader.maxProblems)
        #expect(!outcome.stoppedAtLimit || outcome.problems.count == CSVReader.maxProblems)
        for problem in outcome.problems {
            #expect((1...lines).contains(problem.line), "\(problem) in a file of \(lines) lines")
            if let offset = problem.byteOffset { #expect((0..<max(1, bytes.count)).contains(offset), "\(problem)") }
            #expect(problem.message.first?.isLowercase == true, "\(problem)")
        }
        for (earlier, later) in zip(outcome.records, outcome.records.dropFirst()) {
            #expect(earlier.line < later.line, "\(outcome)")
        }
        if !outcome.refused, let first = outcome.records.first {
            #expect(outcome.records.allSatisfy { $0.fields.count == first.fields.count }, "\(outcome)")
        }
    }

    @Test func randomTablesReadBackExactly() {
        var random = SplitMix64(state: 4180)
        for _ in 0..<Self.cases {
            let dialect = CSVDialect(delimiter: Self.delimiters[Int.random(in: 0..<4, using: &random)],
                                     encoding: CSVTextEncoding.allCases[Int.random(in: 0..<3, using: &random)]) ?? .standard
            let file = Self.randomFile(dialect, using: &random)
            let outcome = readCSV(file.bytes, dialect: dialect, chunkSize: Int.random(in: 1...64, using: &random))
            #expect(outcome == CSVOutcome(records: file.records), "\(dialect) \(file.bytes)")
        }
    }

    @Test func damagedCSVIsReadOrRefusedTheSameWayInAnyChunks() {
        var random = SplitMix64(state: 1252)
        let splinters: [[UInt8]] = ["\"", "\"\"", ",", ";", "\t", "\r", "\n", "\r\n", "\u{FEFF}", "\0", " \"", "\"x"].map { Array($0.utf8) }
            + [[0xC3], [0xA9], [0xE2, 0x82], [0x80], [0x81], [0xFF, 0xFE], [0xED, 0xA0, 0x80], [0xF4, 0x90]]
        for _ in 0..<Self.cases {
            let dialect = Self.randomDialect(using: &random)
            var bytes = Self.randomFile(dialect, using: &random).bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<max(1, bytes.count), using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &random) }
                case 1: if at < bytes.count { bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random))) }
                case 2: bytes.insert(contentsOf: splinters[Int.random(in: 0..<splinters.count, using: &random)], at: min(at, bytes.count))
                default: bytes = Array(bytes.prefix(at))
                }
            }
            let whole = readCSV(bytes, dialect: dialect, chunkSize: max(1, bytes.count))
            let pieces = readCSV(bytes, dialect: dialect, chunkSize: Int.random(in: 1...17, using: &random))
            #expect(whole == pieces, "chunking changed the outcome for \(bytes) in \(dialect)")
            Self.checkInvariants(whole, bytes)
        }
    }

    @Test func randomBytesNeverTrapAndChunkingAgrees() {
        var random = SplitMix64(state: 65001)
        let alphabet: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|"), UInt8(ascii: "\""), UInt8(ascii: "\""),
                                 0x0D, 0x0A, UInt8(ascii: "a"), UInt8(ascii: " "), 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xEF, 0xBB, 0xBF, 0xF0, 0x00]
        for _ in 0..<Self.cases {
            let dialect = Self.randomDialect(using: &random)
            let count = Int.random(in: 0...200, using: &random)
            let bytes: [UInt8] = (0..<count).map { _ in
                Int.random(in: 0..<5, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random)
                                                          : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
            }
            let whole = readCSV(bytes, dialect: dialect, chunkSize: max(1, bytes.count))
            let pieces = readCSV(bytes, dialect: dialect, chunkSize: Int.random(in: 1...9, using: &random))
            #expect(whole == pieces, "chunking changed the outcome for \(bytes) in \(dialect)")
            Self.checkInvariants(whole, bytes)
        }
    }

    @Test func manyBadLinesStopAtTheLimitInAnyChunks() {
        var random = SplitMix64(state: 50)
        for _ in 0..<max(10, Self.cases / 30) {
            var text = "a,b\n"
            for _ in 0..<Int.random(in: 40...70, using: &random) {
                text += ["1,2\n", "1\n", "1,2,3\n", "x\"y,z\n", "\"x\"y,z\n", "\n"][Int.random(in: 0..<6, using: &random)]
            }
            let bytes = utf8(text)
            let whole = readCSV(bytes, chunkSize: bytes.count)
            #expect(whole == readCSV(bytes, chunkSize: Int.random(in: 1...13, using: &random)))
            Self.checkInvariants(whole, bytes)
        }
    }
}
