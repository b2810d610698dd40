/// The SHA-256 that identifies an imported row across files (docs/record.md, "Any order, exact undo, nothing twice": work by
/// record key and content, never by file name). Held as its 32 bytes, so the hundred thousand
/// keys of a big statement are not a hundred thousand strings; the store keeps it as 64
/// lower-case hex digits.
public struct RecordKey: Hashable, Sendable, CustomStringConvertible {
    // The digest's bytes in order, eight to a word, big-endian.
    private let w0, w1, w2, w3: UInt64

    /// From SHA-256's eight state words, in order.
    public init(words h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
        w0 = UInt64(h.0) << 32 | UInt64(h.1)
        w1 = UInt64(h.2) << 32 | UInt64(h.3)
        w2 = UInt64(h.4) << 32 | UInt64(h.5)
        w3 = UInt64(h.6) << 32 | UInt64(h.7)
    }

    /// From exactly 64 lower-case hex digits (the store's form); nil for anything else.
    public init?(hex: String) {
        var words: [UInt64] = []
        words.reserveCapacity(4)
        var word: UInt64 = 0, digits = 0
        for byte in hex.utf8 {
            let value: UInt8
            switch byte {
            case 0x30...0x39: value = byte - 0x30
            case 0x61...0x66: value = byte - 0x61 + 10
            default: return nil
            }
            guard words.count < 4 else { return nil }
            word = word << 4 | UInt64(value)
            digits += 1
            if digits == 16 {
                words.append(word)
                word = 0
                digits = 0
            }
        }
        guard words.count == 4, digits == 0 else { return nil }
        (w0, w1, w2, w3) = (words[0], words[1], words[2], words[3])
    }

    /// The 64 lower-case hex digits.
    public var hex: String {
        String(unsafeUninitializedCapacity: 64) { text in
            let digits: StaticString = "0123456789abcdef"
            let table = digits.utf8Start
            for (index, word) in [w0, w1, w2, w3].enumerated() {
                for nibble in 0..<16 { text[index * 16 + nibble] = table[Int((word >> UInt64(60 - 4 * nibble)) & 0xF)] }
            }
            return 64
        }
    }

    public var description: String { hex }
}
