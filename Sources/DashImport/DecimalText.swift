#if canImport(Glibc)
import Glibc
#endif

/// Coordinates as GPX writes them: `xsd:decimal` only. `Double(_:)` would also take `NaN`,
/// `inf`, `1e999` and `0x28.b4p0` (RELIABILITY.md section 2); those are refused here, before any
/// conversion, by the grammar `[+-]? (digits ('.' digits?)? | '.' digits)`.
enum DecimalText {
    /// The value of `bytes` if they are a plain decimal of at most 40 characters, else nil.
    /// Surrounding XML whitespace is allowed (attribute values and element text may carry it).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > start, end - start <= 40 else { return nil }
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

    static func parse(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
