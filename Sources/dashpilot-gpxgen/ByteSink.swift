import Foundation

enum GenError: Error, CustomStringConvertible {
    case usage(String)
    case io(String)

    var description: String {
        switch self {
        case .usage(let m): return m
        case .io(let m): return m
        }
    }
}

/// A file written through a small buffer: text goes into the buffer as UTF-8 bytes, and the
/// buffer goes to the FileHandle whenever it passes 64 KiB. Numbers and times are formatted
/// straight into the buffer (no `String(format:)`), which keeps a year of fixes fast.
final class ByteSink {
    private var buffer: [UInt8] = []
    private let handle: FileHandle
    private var flushed = 0
    private var cachedDay = Int.min
    private var cachedDate: (year: Int, month: Int, day: Int) = (1970, 1, 1)
    static let flushThreshold = 1 << 16

    /// Bytes written so far, buffered or not.
    var count: Int { flushed + buffer.count }

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw GenError.io("cannot create \(path)")
        }
        guard let h = FileHandle(forWritingAtPath: path) else {
            throw GenError.io("cannot open \(path) for writing")
        }
        handle = h
        buffer.reserveCapacity(ByteSink.flushThreshold + 4096)
    }

    func put(_ s: StaticString) {
        s.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    func put(_ s: String) {
        buffer.append(contentsOf: s.utf8)
    }

    /// Text for XML character data or attribute values.
    func escaped(_ s: String) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "&"): put("&amp;")
            case UInt8(ascii: "<"): put("&lt;")
            case UInt8(ascii: ">"): put("&gt;")
            case UInt8(ascii: "\""): put("&quot;")
            default: buffer.append(b)
            }
        }
    }

    func flushIfNeeded() throws {
        if buffer.count >= ByteSink.flushThreshold { try flush() }
    }

    func flush() throws {
        if buffer.isEmpty { return }
        try handle.write(contentsOf: buffer)
        flushed += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        try handle.close()
    }

    // MARK: - Numbers

    /// A non-negative integer, zero-padded to `width` digits.
    func uint(_ value: UInt64, width: Int = 1) {
        var length = 1
        var probe = value / 10
        while probe > 0 {
            length += 1
            probe /= 10
        }
        let w = max(length, width)
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: w))
        var n = value
        var i = start + w - 1
        repeat {
            buffer[i] = 48 + UInt8(n % 10)
            n /= 10
            i -= 1
        } while n > 0
    }

    func int(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        uint(value.magnitude.toUInt64)
    }

    private static let powers: [Int64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// A decimal rounded to `maxDecimals` places, trailing zeros dropped down to `minDecimals`
    /// (Java's `Double.toString` look with min 1, `NumberFormat`'s with min 0).
    func decimal(_ value: Double, maxDecimals: Int, minDecimals: Int) {
        let p = ByteSink.powers[maxDecimals]
        let scaled = Int64((abs(value) * Double(p)).rounded())
        if value < 0 && scaled != 0 { buffer.append(UInt8(ascii: "-")) }
        uint(UInt64(scaled / p))
        var frac = scaled % p
        var digits = maxDecimals
        while digits > minDecimals && frac % 10 == 0 {
            frac /= 10
            digits -= 1
        }
        if digits > 0 {
            buffer.append(UInt8(ascii: "."))
            uint(UInt64(frac), width: digits)
        }
    }

    // MARK: - Times

    enum Fraction {
        /// Always `.SSS`.
        case millis
        /// Java's ISO_OFFSET_DATE_TIME: `.1`, `.12`, `.123`, or nothing at a whole second.
        case trimmed
        /// Whole seconds.
        case none
    }

    /// An ISO 8601 time at the given offset: `Z` when the offset is nil, else `+hh:mm`.
    func time(_ utcMs: Int64, offsetSeconds: Int?, fraction: Fraction) {
        let localMs = utcMs + Int64(offsetSeconds ?? 0) * 1000
        let seconds = Civil.floorDiv(localMs, 1000)
        let millis = localMs - seconds * 1000
        let day = Int(Civil.floorDiv(seconds, 86_400))
        let sod = Int(seconds - Int64(day) * 86_400)
        if day != cachedDay {
            cachedDay = day
            cachedDate = Civil.date(day)
        }
        uint(UInt64(cachedDate.year), width: 4)
        buffer.append(UInt8(ascii: "-"))
        uint(UInt64(cachedDate.month), width: 2)
        buffer.append(UInt8(ascii: "-"))
        uint(UInt64(cachedDate.day), width: 2)
        buffer.append(UInt8(ascii: "T"))
        uint(UInt64(sod / 3600), width: 2)
        buffer.append(UInt8(ascii: ":"))
        uint(UInt64(sod / 60 % 60), width: 2)
        buffer.append(UInt8(ascii: ":"))
        uint(UInt64(sod % 60), width: 2)
        switch fraction {
        case .millis:
            buffer.append(UInt8(ascii: "."))
            uint(UInt64(millis), width: 3)
        case .trimmed:
            if millis != 0 {
                var frac = millis
                var digits = 3
                while frac % 10 == 0 {
                    frac /= 10
                    digits -= 1
                }
                buffer.append(UInt8(ascii: "."))
                uint(UInt64(frac), width: digits)
            }
        case .none:
            break
        }
        if let offset = offsetSeconds {
            buffer.append(UInt8(ascii: offset < 0 ? "-" : "+"))
            let m = abs(offset) / 60
            uint(UInt64(m / 60), width: 2)
            buffer.append(UInt8(ascii: ":"))
            uint(UInt64(m % 60), width: 2)
        } else {
            buffer.append(UInt8(ascii: "Z"))
        }
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}
