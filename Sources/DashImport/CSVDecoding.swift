/// How the bytes of a CSV file become text.
///
/// UTF-8 is the default and is strict: a file from a bank that is really Latin-1 must be refused
/// with the line and byte, never read with U+FFFD in place of `é` (`String(decoding:as:)` does
/// that silently; docs/facts.md, "CSV and amounts"). The single-byte encodings are only used when the
/// template says so: every byte is a character in them, so nothing could ever detect a wrong guess.
public enum CSVTextEncoding: String, Sendable, CaseIterable {
    /// Strict UTF-8: overlong forms, surrogates, code points past U+10FFFF, lone continuation
    /// bytes and cut-short sequences are all refused.
    case utf8
    /// ISO-8859-1: byte N is U+00NN, so every byte is defined (0x80-0x9F are the C1 controls).
    case latin1
    /// Windows-1252: Latin-1 except 0x80-0x9F, which are `€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ' ' " " • – — ˜ ™ š › œ ž Ÿ`;
    /// the five bytes it leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) are refused.
    case windows1252

    /// The name used in messages.
    var displayName: String {
        switch self {
        case .utf8: "UTF-8"
        case .latin1: "Latin-1"
        case .windows1252: "Windows-1252"
        }
    }
}

/// Why a byte (or the sequence it starts) cannot be read in the file's encoding.
enum CSVByteFault: Equatable, Sendable {
    /// A UTF-8 continuation byte (0x80-0xBF) with no lead byte before it.
    case loneContinuation
    /// A lead byte whose sequence is broken by a byte that is not a continuation, or by the end of the file.
    case cutShort(expected: Int, endOfFile: Bool)
    /// C0, C1, or E0/F0 followed by a too-small second byte: a character written with more bytes than it needs.
    case overlong
    /// ED A0-BF: UTF-16 surrogate halves, which UTF-8 may not encode.
    case surrogate
    /// F4 90 and above: past U+10FFFF.
    case beyondUnicode
    /// F5-FF: never used in UTF-8.
    case neverUTF8
    /// A byte Windows-1252 does not define.
    case undefinedInWindows1252
    /// 0x00: almost always a UTF-16 file read as bytes.
    case nul

    /// The explanation that follows "byte 0xNN at offset N".
    var explanation: String {
        switch self {
        case .loneContinuation: "is not valid UTF-8 (a continuation byte with no lead byte before it)"
        case .cutShort(let expected, true): "is not valid UTF-8 (it starts a \(expected)-byte sequence that the end of the file cuts short)"
        case .cutShort(let expected, false): "is not valid UTF-8 (it starts a \(expected)-byte sequence that is cut short)"
        case .overlong: "is not valid UTF-8 (an overlong encoding)"
        case .surrogate: "is not valid UTF-8 (it encodes a UTF-16 surrogate)"
        case .beyondUnicode: "is not valid UTF-8 (it encodes a code point past U+10FFFF)"
        case .neverUTF8: "is not valid UTF-8 (a byte never used in UTF-8)"
        case .undefinedInWindows1252: "is not a character in Windows-1252"
        case .nul: "is a NUL byte, which a CSV file never holds"
        }
    }

    /// What the user can do about it.
    var hint: String {
        switch self {
        case .nul: "the file may be UTF-16 (\"Unicode text\"): save it as CSV UTF-8"
        case .undefinedInWindows1252: "the file is in another encoding: save it as CSV UTF-8, or declare its encoding in the template"
        default: "if the file is Latin-1 or Windows-1252, declare it with \"encoding\" in the template; otherwise save it as CSV UTF-8"
        }
    }
}

/// A streaming strict UTF-8 validator, one byte at a time, that remembers where the current
/// sequence started so a fault names the lead byte (the byte a user sees in a hex editor: for a
/// Latin-1 `é`, 0xE9) and its line. It carries its state across chunks of any size.
///
/// Only bytes of 0x80 and above, and the first byte after one, need to pass through it: an ASCII
/// byte with nothing pending is always valid, which is what keeps the reader's fast path fast.
struct UTF8Validator: Sendable {
    /// Continuation bytes still expected; 0 when between characters.
    private(set) var pending = 0
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    /// The sequence in progress: its lead byte, length, offset in the file and physical line.
    private(set) var lead: UInt8 = 0
    private var length = 0
    private(set) var leadOffset = 0
    private(set) var leadLine = 0

    /// A fault found, reported against its lead byte.
    struct Fault: Equatable, Sendable {
        let byte: UInt8
        let offset: Int
        let line: Int
        let kind: CSVByteFault
    }

    /// Checks `byte` at `offset` on `line`. At most one fault comes back per call; when a pending
    /// sequence is broken by `byte`, the fault is the sequence's and `byte` itself is then checked
    /// afresh, and its own fault (if any) is the second element.
    mutating func check(_ byte: UInt8, offset: Int, line: Int) -> (Fault?, Fault?) {
        if pending > 0 {
            if byte >= lower, byte <= upper {
                pending -= 1
                lower = 0x80
                upper = 0xBF
                return (nil, nil)
            }
            // The second byte of E0, ED, F0 and F4 sequences has a narrower range; a continuation
            // byte outside it says why the sequence is bad more precisely than "cut short".
            var kind = CSVByteFault.cutShort(expected: length, endOfFile: false)
            if pending == length - 1, byte >= 0x80, byte <= 0xBF {
                switch lead {
                case 0xE0, 0xF0: kind = .overlong
                case 0xED: kind = .surrogate
                case 0xF4: kind = .beyondUnicode
                default: break
                }
            }
            let fault = Fault(byte: lead, offset: leadOffset, line: leadLine, kind: kind)
            reset()
            // A continuation byte right after the broken sequence belongs to it: the one fault covers it.
            if byte >= 0x80, byte <= 0xBF { return (fault, nil) }
            return (fault, start(byte, offset: offset, line: line))
        }
        return (start(byte, offset: offset, line: line), nil)
    }

    /// The end of the file: a sequence still open is cut short.
    mutating func finish() -> Fault? {
        guard pending > 0 else { return nil }
        let fault = Fault(byte: lead, offset: leadOffset, line: leadLine, kind: .cutShort(expected: length, endOfFile: true))
        reset()
        return fault
    }

    private mutating func reset() {
        pending = 0
        lower = 0x80
        upper = 0xBF
    }

    private mutating func start(_ byte: UInt8, offset: Int, line: Int) -> Fault? {
        switch byte {
        case 0x00..<0x80: return nil
        case 0x80...0xBF: return Fault(byte: byte, offset: offset, line: line, kind: .loneContinuation)
        case 0xC0, 0xC1: return Fault(byte: byte, offset: offset, line: line, kind: .overlong)
        case 0xC2...0xDF: begin(byte, 2, 0x80, 0xBF)
        case 0xE0: begin(byte, 3, 0xA0, 0xBF)
        case 0xED: begin(byte, 3, 0x80, 0x9F)
        case 0xE1...0xEF: begin(byte, 3, 0x80, 0xBF)
        case 0xF0: begin(byte, 4, 0x90, 0xBF)
        case 0xF1...0xF3: begin(byte, 4, 0x80, 0xBF)
        case 0xF4: begin(byte, 4, 0x80, 0x8F)
        default: return Fault(byte: byte, offset: offset, line: line, kind: .neverUTF8)
        }
        leadOffset = offset
        leadLine = line
        return nil
    }

    private mutating func begin(_ byte: UInt8, _ count: Int, _ low: UInt8, _ high: UInt8) {
        lead = byte
        length = count
        pending = count - 1
        lower = low
        upper = high
    }
}

/// Turning a field's bytes into a `String`.
enum CSVTextDecoder {
    /// The scalars of Windows-1252's 0x80-0x9F, 0 where the byte is undefined.
    /// (From the WHATWG encoding index for windows-1252; Python's `cp1252` codec agrees.)
    static let windows1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// Whether `byte` is a character of Windows-1252.
    @inline(__always) static func isDefinedInWindows1252(_ byte: UInt8) -> Bool {
        byte < 0x80 || byte > 0x9F || windows1252High[Int(byte - 0x80)] != 0
    }

    /// The text of `bytes`, which the reader has already checked for `encoding` (so nothing here
    /// can fail). `ascii` says every byte is below 0x80, where all three encodings agree.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, encoding: CSVTextEncoding, ascii: Bool) -> String {
        if ascii || encoding == .utf8 { return String(decoding: bytes, as: UTF8.self) }
        // Each byte becomes at most 3 UTF-8 bytes (the Windows-1252 punctuation is U+2xxx).
        return String(unsafeUninitializedCapacity: bytes.count * 3) { out in
            var count = 0
            for byte in bytes {
                var scalar = UInt32(byte)
                if encoding == .windows1252, byte >= 0x80, byte <= 0x9F { scalar = windows1252High[Int(byte - 0x80)] }
                if scalar < 0x80 {
                    out[count] = UInt8(scalar)
                    count += 1
                } else if scalar < 0x800 {
                    out[count] = UInt8(0xC0 | (scalar >> 6))
                    out[count + 1] = UInt8(0x80 | (scalar & 0x3F))
                    count += 2
                } else {
                    out[count] = UInt8(0xE0 | (scalar >> 12))
                    out[count + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                    out[count + 2] = UInt8(0x80 | (scalar & 0x3F))
                    count += 3
                }
            }
            return count
        }
    }
}
