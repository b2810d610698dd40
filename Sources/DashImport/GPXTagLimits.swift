/// A cheap look at a GPX file's bytes before libxml2 parses them: it refuses a start tag with
/// more attributes or namespace declarations than any GPX writer uses (issue 12, item 6a).
///
/// Why before the parser and not in `startElementNs`: libxml2 2.9 checks a tag's attributes for
/// duplicates pair by pair, and its namespace declarations likewise, before the callback is
/// called. One `<trkpt>` with 200,000 attributes spent all of its 7 to 31 seconds there, and the
/// callback came after (measured, docs/gpx.md), holding the store's write lock all that time. So
/// each chunk is scanned here first and the file refused the moment a tag passes a limit, before
/// libxml2 is given that chunk.
///
/// The scan follows XML's lexical structure only as far as it needs to: text, start and end tags,
/// quoted attribute values, comments, CDATA sections and processing instructions (the XML
/// declaration is one). Inside a start tag each `=` outside quotes ends an attribute name; a name
/// `xmlns` or `xmlns:...` is a namespace declaration (libxml2 counts those apart, as
/// `nb_namespaces`). On a `<!` that is neither a comment nor CDATA (a DOCTYPE, or malformed
/// markup) it stops looking: libxml2 refuses that markup when it reaches it, before any element
/// after it is parsed. Lines are counted at `\n`, as libxml2 counts them.
///
/// Encodings: code units are read as libxml2 detects them from the first four bytes: one byte
/// (UTF-8, ISO-8859-x and any other ASCII superset), two (UTF-16, with or without a BOM) or four
/// (UCS-4). EBCDIC, the one other encoding libxml2 detects, has its markup characters elsewhere,
/// so the scan could not see a tag; no GPX writer uses it, and such a file is refused.
struct GPXTagLimits {
    /// The most attributes one element may have. GPX's own elements have at most three (`gpx`:
    /// version, creator, xsi:schemaLocation); writers' extensions a few more.
    static let maxAttributes = 64
    /// The most namespace declarations one element may have. Garmin's `<gpx>` declares eight.
    static let maxNamespaces = 32

    private enum State: UInt8 {
        case text, markupStart, bang, bangDash, cdataOpen, cdata, comment, processing, endTag
        case tagName, inTag, attributeName, afterName, beforeValue, value, off
    }

    private var head: [UInt8] = []
    /// The encoding the XML declaration names, which libxml2 would switch to.
    private var declared = GPXDeclaredEncoding()
    private var width = 0
    private var bigEndian = false
    private var partial: [UInt8] = []
    private var state = State.text
    private var line = 1
    private var tagLine = 1
    private var attributes = 0
    private var namespaces = 0
    private var nameLength = 0
    /// How many leading units of the current attribute name match `xmlns:`.
    private var xmlnsMatched = 0
    private var quote: UInt32 = 0
    /// Progress through `CDATA[`, or the run of `-` / `]` before a closing `>`, or a `?` seen.
    private var run = 0

    private static let xmlnsColon: [UInt32] = Array("xmlns:".unicodeScalars.map(\.value))
    private static let cdataWord: [UInt32] = Array("CDATA[".unicodeScalars.map(\.value))

    /// Scans the next bytes of the file; a problem when a tag in them passes a limit (or the
    /// file is EBCDIC). Once a problem is returned the file is refused: do not call again.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> GPXProblem? {
        guard state != .off, !bytes.isEmpty else { return nil }
        if let problem = declared.take(bytes) {
            state = .off
            return problem
        }
        if width == 0 {
            head.append(contentsOf: bytes)
            guard head.count >= 4 else { return nil }
            if let problem = detect() { return problem }
            let held = head
            head = []
            return held.withUnsafeBytes { scanUnits($0) }
        }
        return scanUnits(bytes)
    }

    /// The encoding's code unit, from the first four bytes as libxml2 reads them.
    private mutating func detect() -> GPXProblem? {
        if head[0] == 0x4C, head[1] == 0x6F, head[2] == 0xA7, head[3] == 0x94 {
            state = .off
            return GPXProblem(line: 1, message: "the file is in EBCDIC; GPX files are UTF-8 or UTF-16")
        }
        (width, bigEndian) = GPXDeclaredEncoding.width(head)
        return nil
    }

    private mutating func scanUnits(_ bytes: UnsafeRawBufferPointer) -> GPXProblem? {
        if width == 1 { return scanBytes(bytes) }
        for byte in bytes {
            partial.append(byte)
            guard partial.count == width else { continue }
            var unit: UInt32 = 0
            for index in 0..<width {
                let shift = 8 * (bigEndian ? width - 1 - index : index)
                unit |= UInt32(partial[index]) << UInt32(shift)
            }
            partial.removeAll(keepingCapacity: true)
            if unit == 0x0A { line += 1 }
            let wasText = state == .text
            if let problem = step(unit) { return problem }
            if wasText, state == .markupStart { tagLine = line }
        }
        return nil
    }

    /// One-byte units, the common case, kept fast (it sees every byte of every import): text
    /// and quoted values are skipped in tight loops, and lines are counted apart, only where a
    /// tag's line is needed.
    private mutating func scanBytes(_ bytes: UnsafeRawBufferPointer) -> GPXProblem? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        let chunkLine = line
        /// Where in this chunk the current tag began; nil when it began in an earlier one.
        var tagOffset: Int?
        var index = 0
        while index < count {
            switch state {
            case .text:
                while index < count, base[index] != 0x3C { index += 1 }
                guard index < count else { break }
                state = .markupStart
                tagOffset = index
            case .value:
                let quote = UInt8(truncatingIfNeeded: self.quote)
                while index < count, base[index] != quote { index += 1 }
                guard index < count else { break }
                state = .inTag
            case .off:
                index = count
                continue
            // Runs that change no count, skipped without the state machine: most of a GPX file's
            // markup is element names (`trkpt`, `/time`) and attribute names (`lat`, `lon`).
            case .endTag:
                while index < count, base[index] != 0x3E { index += 1 }
                guard index < count else { break }
                state = .text
            case .tagName:
                while index < count, !Self.endsName(base[index]) { index += 1 }
                guard index < count else { break }
                if let problem = step(UInt32(base[index])) {
                    return GPXProblem(line: tagOffset.map { chunkLine + Self.newlines(base, $0) } ?? tagLine, message: problem.message)
                }
            case .attributeName where nameLength >= Self.xmlnsColon.count:
                // Past `xmlns:`'s length, a name's further characters decide nothing.
                while index < count, !Self.endsName(base[index]) { index += 1 }
                guard index < count else { break }
                if let problem = step(UInt32(base[index])) {
                    return GPXProblem(line: tagOffset.map { chunkLine + Self.newlines(base, $0) } ?? tagLine, message: problem.message)
                }
            default:
                if let problem = step(UInt32(base[index])) {
                    return GPXProblem(line: tagOffset.map { chunkLine + Self.newlines(base, $0) } ?? tagLine, message: problem.message)
                }
            }
            index += 1
        }
        if let tagOffset { tagLine = chunkLine + Self.newlines(base, tagOffset) }
        line = chunkLine + Self.newlines(base, count)
        return nil
    }

    /// The `\n` bytes among the first `count`, eight at a time: a byte of `x` is zero exactly
    /// when its high bit is clear in `(x & 0x7F..) + 0x7F.. | x | 0x7F..`.
    private static func newlines(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let raw = UnsafeRawPointer(base)
        var lines = 0
        var index = 0
        while index + 8 <= count {
            let x = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            lines += (~(((x & low) &+ low) | x | low)).nonzeroBitCount
            index += 8
        }
        while index < count {
            if base[index] == 0x0A { lines += 1 }
            index += 1
        }
        return lines
    }

    private static let lessThan: UInt32 = 0x3C, greaterThan: UInt32 = 0x3E, equals: UInt32 = 0x3D
    private static let slash: UInt32 = 0x2F, bang: UInt32 = 0x21, question: UInt32 = 0x3F, dash: UInt32 = 0x2D
    private static let openBracket: UInt32 = 0x5B, closeBracket: UInt32 = 0x5D, doubleQuote: UInt32 = 0x22, singleQuote: UInt32 = 0x27

    /// `>`, `/`, `=` or a space: where an element or attribute name stops.
    @inline(__always)
    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x3E || byte == 0x2F || byte == 0x3D || byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func isSpace(_ unit: UInt32) -> Bool { unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D }

    @inline(__always)
    private mutating func step(_ unit: UInt32) -> GPXProblem? {
        switch state {
        case .text:
            if unit == Self.lessThan { state = .markupStart }
        case .markupStart:
            switch unit {
            case Self.bang: state = .bang
            case Self.question: (state, run) = (.processing, 0)
            case Self.slash: state = .endTag
            default: (state, attributes, namespaces) = (.tagName, 0, 0)
            }
        case .bang:
            if unit == Self.dash {
                state = .bangDash
            } else if unit == Self.openBracket {
                (state, run) = (.cdataOpen, 0)
            } else {
                state = .off
            }
        case .bangDash:
            (state, run) = unit == Self.dash ? (.comment, 0) : (.off, 0)
        case .cdataOpen:
            guard unit == Self.cdataWord[run] else { state = .off; return nil }
            run += 1
            if run == Self.cdataWord.count { (state, run) = (.cdata, 0) }
        case .comment:
            if unit == Self.greaterThan, run >= 2 { state = .text } else { run = unit == Self.dash ? run + 1 : 0 }
        case .cdata:
            if unit == Self.greaterThan, run >= 2 { state = .text } else { run = unit == Self.closeBracket ? run + 1 : 0 }
        case .processing:
            if unit == Self.greaterThan, run == 1 { state = .text } else { run = unit == Self.question ? 1 : 0 }
        case .endTag:
            if unit == Self.greaterThan { state = .text }
        case .tagName:
            if unit == Self.greaterThan { state = .text } else if Self.isSpace(unit) || unit == Self.slash { state = .inTag }
        case .inTag:
            if unit == Self.greaterThan {
                state = .text
            } else if unit == Self.equals {
                (nameLength, xmlnsMatched) = (0, 0)
                return counted()
            } else if !Self.isSpace(unit), unit != Self.slash {
                state = .attributeName
                (nameLength, xmlnsMatched) = (1, unit == Self.xmlnsColon[0] ? 1 : 0)
            }
        case .attributeName:
            if unit == Self.equals {
                return counted()
            } else if Self.isSpace(unit) {
                state = .afterName
            } else if unit == Self.greaterThan {
                state = .text
            } else if unit == Self.slash {
                state = .inTag
            } else {
                if xmlnsMatched == nameLength, nameLength < Self.xmlnsColon.count, unit == Self.xmlnsColon[nameLength] { xmlnsMatched += 1 }
                nameLength += 1
            }
        case .afterName:
            if unit == Self.equals {
                return counted()
            } else if unit == Self.greaterThan {
                state = .text
            } else if !Self.isSpace(unit) {
                state = .attributeName
                (nameLength, xmlnsMatched) = (1, unit == Self.xmlnsColon[0] ? 1 : 0)
            }
        case .beforeValue:
            if unit == Self.doubleQuote || unit == Self.singleQuote {
                (state, quote) = (.value, unit)
            } else if unit == Self.greaterThan {
                state = .text
            } else if !Self.isSpace(unit) {
                state = .inTag
            }
        case .value:
            if unit == quote { state = .inTag }
        case .off:
            break
        }
        return nil
    }

    /// An attribute name has ended at `=`: counts it, and refuses the tag past a limit.
    private mutating func counted() -> GPXProblem? {
        state = .beforeValue
        let isNamespace = xmlnsMatched == 6 || (xmlnsMatched == 5 && nameLength == 5)
        if isNamespace { namespaces += 1 } else { attributes += 1 }
        if attributes > Self.maxAttributes {
            state = .off
            return GPXProblem(line: tagLine, message: "an element has more than \(Self.maxAttributes) attributes (the limit; GPX writers use a few)")
        }
        if namespaces > Self.maxNamespaces {
            state = .off
            return GPXProblem(line: tagLine,
                              message: "an element has more than \(Self.maxNamespaces) namespace declarations (the limit; GPX writers use a few)")
        }
        return nil
    }
}
