import CCrypto
import DashModel

/// SHA-256 (FIPS 180-4), streaming: the fingerprint an ImportRecord keeps of a file's bytes and
/// of its content, and the record keys of rows. Computed by Debian's libcrypto, whose block
/// function uses the processor's SHA extensions where they exist (issue 18: the scalar Swift
/// version that was here cost about 30% of an import's instructions); checked against the FIPS
/// test vectors and the digests the earlier version gave (Tests/DashImportTests/HelperTests.swift).
/// A value: its state is a plain C struct, so a copy is a copy.
public struct SHA256: Sendable {
    private var context = SHA256_CTX()

    public init() { _ = ccrypto_sha256_init(&context) }

    /// Feeds bytes; any amount, any number of times.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        _ = ccrypto_sha256_update(&context, base, bytes.count)
    }

    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The digest as 64 lower-case hex digits. The hasher is consumed.
    public mutating func finalizeHex() -> String {
        var digest = SHA256.Digest()
        withUnsafeMutableBytes(of: &digest.bytes) { raw in
            if let base = raw.bindMemory(to: UInt8.self).baseAddress { _ = ccrypto_sha256_final(base, &context) }
        }
        return digest.hex
    }

    /// The key of a record made of `fields`: each field length-prefixed before hashing, so no two
    /// different lists of fields share a key (`a|b` + `` and `a` + `b|` would, joined by `|`).
    public static func recordKey(_ fields: [String]) -> RecordKey {
        // One buffer for the whole message: each field as its UTF-8 length in decimal, ':', its bytes.
        var capacity = 0
        for field in fields { capacity += field.utf8.count + 21 }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { buffer in
            var count = 0
            for field in fields {
                let length = field.utf8.count
                var width = 1, power = 10
                while length >= power { width += 1; power *= 10 }
                var rest = length
                for index in stride(from: width - 1, through: 0, by: -1) {
                    buffer[count + index] = 0x30 + UInt8(rest % 10)
                    rest /= 10
                }
                count += width
                buffer[count] = 0x3A
                count += 1
                let copied = field.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                    for (offset, byte) in bytes.enumerated() { buffer[count + offset] = byte }
                    return bytes.count
                }
                if let copied { count += copied } else {
                    for byte in field.utf8 {
                        buffer[count] = byte
                        count += 1
                    }
                }
            }
            return Digest(of: UnsafeRawBufferPointer(start: buffer.baseAddress, count: count)).recordKey
        }
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hex($0) }
    }

    /// The digest of a whole message in hand, in lower-case hex: one call, no buffering.
    public static func hex(_ bytes: UnsafeRawBufferPointer) -> String { Digest(of: bytes).hex }

    /// Thirty-two digest bytes.
    struct Digest {
        var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        init() {}

        /// The digest of a whole message in hand.
        init(of message: UnsafeRawBufferPointer) {
            // libcrypto reads nothing through a null pointer of length 0, but give it a byte to point at.
            var empty: UInt8 = 0
            withUnsafeMutableBytes(of: &bytes) { raw in
                guard let out = raw.bindMemory(to: UInt8.self).baseAddress else { return }
                if let base = message.baseAddress, !message.isEmpty {
                    ccrypto_sha256(base, message.count, out)
                } else {
                    ccrypto_sha256(&empty, 0, out)
                }
            }
        }

        /// The digest's bytes as the eight big-endian state words a RecordKey is made of.
        var recordKey: RecordKey {
            withUnsafeBytes(of: bytes) { raw in
                func word(_ index: Int) -> UInt32 { UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)) }
                return RecordKey(words: (word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7)))
            }
        }

        /// 64 lower-case hex digits.
        var hex: String {
            withUnsafeBytes(of: bytes) { raw in
                String(unsafeUninitializedCapacity: 64) { text in
                    let digits: StaticString = "0123456789abcdef"
                    let table = digits.utf8Start
                    for index in 0..<32 {
                        let byte = raw[index]
                        text[index * 2] = table[Int(byte >> 4)]
                        text[index * 2 + 1] = table[Int(byte & 0xF)]
                    }
                    return 64
                }
            }
        }
    }
}
