import DashModel

/// SHA-256 (FIPS 180-4), streaming: the fingerprint an ImportRecord keeps of a file's bytes and
/// of its content. Foundation on Linux has no digest API and no outside package may be used, so
/// it is written here (checked against the FIPS test vectors in the tests).
public struct SHA256: Sendable {
    private var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
    private var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    public init() { pending.reserveCapacity(64) }

    /// Feeds bytes; any amount, any number of times.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var index = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            index = take
            if pending.count == 64 {
                let block = pending
                block.withUnsafeBytes { if let p = $0.baseAddress { compressBlocks(p, count: 1) } }
                pending.removeAll(keepingCapacity: true)
            }
        }
        let whole = (bytes.count - index) / 64
        if whole > 0 { compressBlocks(base + index, count: whole) }
        index += whole * 64
        if index < bytes.count { pending.append(contentsOf: UnsafeRawBufferPointer(start: base + index, count: bytes.count - index)) }
    }

    public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

    /// The digest as 64 lower-case hex digits. The hasher is consumed.
    public mutating func finalizeHex() -> String {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBytes { update($0) }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
            for shift in stride(from: 28, through: 0, by: -4) { text.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return String(decoding: text, as: UTF8.self)
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
            var hasher = SHA256(unbuffered: ())
            hasher.digestWhole(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
            return RecordKey(words: (hasher.h0, hasher.h1, hasher.h2, hasher.h3, hasher.h4, hasher.h5, hasher.h6, hasher.h7))
        }
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hex($0) }
    }

    /// The digest of a whole message in hand, in lower-case hex: no buffering, no arrays.
    public static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        var hasher = SHA256(unbuffered: ())
        hasher.digestWhole(bytes)
        return hasher.hexDigest
    }

    /// Hashes a whole message in hand, padding included: no buffering, no arrays.
    private mutating func digestWhole(_ bytes: UnsafeRawBufferPointer) {
        let whole = bytes.count / 64
        if whole > 0, let base = bytes.baseAddress { compressBlocks(base, count: whole) }
        // The rest, the 0x80 marker, zeros and the bit length: one or two blocks.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
            let rest = bytes.count - whole * 64
            for index in 0..<rest { tail[index] = bytes[whole * 64 + index] }
            tail[rest] = 0x80
            let blocks = rest + 9 <= 64 ? 1 : 2
            for index in (rest + 1)..<(blocks * 64 - 8) { tail[index] = 0 }
            let bitLength = UInt64(bytes.count) &* 8
            for index in 0..<8 { tail[blocks * 64 - 8 + index] = UInt8(truncatingIfNeeded: bitLength >> UInt64(56 - 8 * index)) }
            if let base = tail.baseAddress { compressBlocks(UnsafeRawPointer(base), count: blocks) }
        }
    }

    private init(unbuffered: Void) {}

    /// The state words as 64 lower-case hex digits.
    private var hexDigest: String {
        let words = (h0, h1, h2, h3, h4, h5, h6, h7)
        return withUnsafeBytes(of: words) { raw in
            String(unsafeUninitializedCapacity: 64) { text in
                let digits: StaticString = "0123456789abcdef"
                let table = digits.utf8Start
                for index in 0..<8 {
                    let word = raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                    for nibble in 0..<8 { text[index * 8 + nibble] = table[Int((word >> UInt32(28 - 4 * nibble)) & 0xF)] }
                }
                return 64
            }
        }
    }

    private mutating func compressBlocks(_ data: UnsafeRawPointer, count: Int) {
        var s0 = h0, s1 = h1, s2 = h2, s3 = h3, s4 = h4, s5 = h5, s6 = h6, s7 = h7
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            SHA256.k.withUnsafeBufferPointer { k in
                for blockIndex in 0..<count {
                    let block = data + blockIndex * 64
                    for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
                    for i in 16..<64 {
                        let x = w[i - 15], y = w[i - 2]
                        let sigma0 = x.rotr(7) ^ x.rotr(18) ^ (x &>> 3)
                        let sigma1 = y.rotr(17) ^ y.rotr(19) ^ (y &>> 10)
                        w[i] = w[i - 16] &+ sigma0 &+ w[i - 7] &+ sigma1
                    }
                    var a = s0, b = s1, c = s2, d = s3, e = s4, f = s5, g = s6, h = s7
                    // Eight rounds per pass with the variables' roles rotated by hand instead of
                    // shuffled: no moves between rounds.
                    @inline(__always) func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
                                                 _ g: UInt32, _ h: inout UInt32, _ kw: UInt32) {
                        let t1 = h &+ (e.rotr(6) ^ e.rotr(11) ^ e.rotr(25)) &+ (g ^ (e & (f ^ g))) &+ kw
                        let t2 = (a.rotr(2) ^ a.rotr(13) ^ a.rotr(22)) &+ ((a & b) | (c & (a | b)))
                        d = d &+ t1
                        h = t1 &+ t2
                    }
                    var i = 0
                    while i < 64 {
                        round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
                        round(h, a, b, &c, d, e, f, &g, k[i + 1] &+ w[i + 1])
                        round(g, h, a, &b, c, d, e, &f, k[i + 2] &+ w[i + 2])
                        round(f, g, h, &a, b, c, d, &e, k[i + 3] &+ w[i + 3])
                        round(e, f, g, &h, a, b, c, &d, k[i + 4] &+ w[i + 4])
                        round(d, e, f, &g, h, a, b, &c, k[i + 5] &+ w[i + 5])
                        round(c, d, e, &f, g, h, a, &b, k[i + 6] &+ w[i + 6])
                        round(b, c, d, &e, f, g, h, &a, k[i + 7] &+ w[i + 7])
                        i += 8
                    }
                    s0 &+= a; s1 &+= b; s2 &+= c; s3 &+= d; s4 &+= e; s5 &+= f; s6 &+= g; s7 &+= h
                }
            }
        }
        h0 = s0; h1 = s1; h2 = s2; h3 = s3; h4 = s4; h5 = s5; h6 = s6; h7 = s7
    }
}

extension UInt32 {
    @inline(__always) fileprivate func rotr(_ count: UInt32) -> UInt32 { (self &>> count) | (self &<< (32 &- count)) }
}
