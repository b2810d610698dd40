/// The first rows of a CSV file of unknown shape, read the way a template would read them: its
/// encoding and delimiter found from the bytes (`template suggest`, docs/templates.md, "A
/// template from any CSV"). Only a bounded prefix is ever looked at.
public struct CSVSample: Sendable, Equatable {
    public var encoding: CSVTextEncoding
    public var delimiter: UInt8
    /// The header's fields as written (a UTF-8 byte-order mark dropped by the reader).
    public var header: [String]
    /// The data records after the header, at most ``CSVSniffer/maxRows``, in file order.
    public var rows: [CSVRecord]
    /// True when the file has more than the rows sampled (or more bytes than were read).
    public var truncated: Bool

    /// The delimiter as a template writes it: the character, or `tab`.
    public var delimiterName: String { delimiter == 0x09 ? "tab" : String(Character(Unicode.Scalar(delimiter))) }
}

/// Why a file gives no sample: nothing a template could read.
public struct CSVSniffError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Finds a CSV file's encoding and delimiter from its first bytes.
public enum CSVSniffer {
    /// The rows a draft is made from: enough to see a week of work, few enough to read at once.
    public static let maxRows = 200
    /// The most bytes read: a prefix this long is cut after its last line end.
    public static let maxBytes = 1 << 20
    /// The delimiters tried, in the order a tie is broken.
    static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    /// The encoding the bytes are in: UTF-8 when they are valid UTF-8 (ASCII included); else
    /// Windows-1252 when a byte 0x80-0x9F is one of its characters (the C1 controls Latin-1
    /// would read there never appear in text), else Latin-1.
    public static func encoding(of bytes: [UInt8]) -> CSVTextEncoding {
        var validator = UTF8Validator()
        var valid = true
        for (offset, byte) in bytes.enumerated() where byte >= 0x80 || validator.pending > 0 {
            let (first, second) = validator.check(byte, offset: offset, line: 0)
            if first != nil || second != nil {
                valid = false
                break
            }
        }
        if valid { return .utf8 }
        let c1 = bytes.filter { (0x80...0x9F).contains($0) }
        if c1.isEmpty { return .latin1 }
        return c1.allSatisfy(CSVTextDecoder.isDefinedInWindows1252) ? .windows1252 : .latin1
    }

    /// The sample of `prefix`, the file's first bytes (`complete`: the whole file). The
    /// delimiter is the one that reads the most records without a problem, with more than one
    /// field; a tie goes to the earlier of `,` `;` tab `|`.
    public static func sample(_ prefix: [UInt8], complete: Bool) throws(CSVSniffError) -> CSVSample {
        var bytes = prefix
        if !complete, let lastEnd = bytes.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) { bytes.removeSubrange((lastEnd + 1)...) }
        let encoding = encoding(of: bytes)
        var best: (score: (Int, Int, Int), delimiter: UInt8, records: [CSVRecord])?
        for delimiter in delimiters {
            guard let dialect = CSVDialect(delimiter: delimiter, encoding: encoding) else { continue }
            var reader = CSVReader(dialect: dialect)
            var records: [CSVRecord] = []
            bytes.withUnsafeBytes { raw in reader.feed(raw) { records.append($0) } }
            try? reader.finish { records.append($0) }
            guard let header = records.first, header.fields.count > 1 else { continue }
            // Fewest problems first, then the most rows read, then the most fields.
            let score = (-reader.problems.count, records.count, header.fields.count)
            if best.map({ score > $0.score }) ?? true { best = (score, delimiter, records) }
        }
        guard let best, let header = best.records.first else {
            throw CSVSniffError(message: "no header of two or more fields separated by a comma, a semicolon, a tab or a '|'")
        }
        let data = Array(best.records.dropFirst())
        return CSVSample(encoding: encoding, delimiter: best.delimiter, header: header.fields,
                         rows: Array(data.prefix(maxRows)), truncated: data.count > maxRows || !complete)
    }
}
