#if canImport(Glibc)
import Glibc
#endif

/// Coordinates as GPX writes them: `xsd:decimal` only. `Double(_:)` would also take `NaN`,
/// `inf`, `1e999` and `0x28.b4p0` (docs/facts.md, "XML on Linux"); those are refused here, before any
/// conversion, by the grammar `[+-]? (digits ('.' digits?)? | '.' digits)`.
///
/// Any number of digits is a valid `xsd:decimal` (a writer printing a double's exact binary value
/// gives 70 digits, some give hundreds): up to ``maxCharacters`` the value is the nearest double
/// (glibc's strtod is correctly rounded at any length). Longer is refused: no writer needs it,
/// and the bound keeps the conversion's buffer on the stack.
enum DecimalText {
    /// The longest decimal read, in characters (sign and point included, surrounding space not).
    static let maxCharacters = 1024

    /// The value of `bytes` if they are a plain decimal of at most ``maxCharacters`` characters,
    /// else nil. Surrounding XML whitespace is allowed (attribute values and element text may carry it).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > start, end - start <= maxCharacters else { return nil }
        var index = start
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        var point = false
        while index < end {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
            } else if byte == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if let fast = exactQuotient(bytes, from: start, to: end) { return fast }
        // The grammar has been checked, so strtod reads exactly this text, correctly rounded.
        let count = end - start
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer -> Double in
            for offset in 0..<count { buffer[offset] = CChar(bitPattern: bytes[start + offset]) }
            buffer[count] = 0
            guard let base = buffer.baseAddress else { return .nan }
            return strtod(base, nil)
        }
        return value.isFinite ? value : nil
    }

    /// Powers of ten that a Double holds exactly.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The common case without strtod: at most 15 significant digits and 22 decimals, so both
    /// the digits as an integer and the power of ten are exact doubles and one IEEE division
    /// gives the correctly rounded value (Clinger's fast path). Nil when it does not apply.
    private static func exactQuotient(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 } else if bytes[index] == UInt8(ascii: "+") { index += 1 }
        var mantissa: Int64 = 0
        var significant = 0
        var decimals = 0
        var point = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                point = true
            } else {
                if mantissa != 0 || byte != UInt8(ascii: "0") { significant += 1 }
                guard significant <= 15 else { return nil }
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                if point { decimals += 1 }
            }
            index += 1
        }
        guard decimals <= 22 else { return nil }
        let value = Double(mantissa) / powersOfTen[decimals]
        return negative ? -value : value
    }

    static func parse(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
