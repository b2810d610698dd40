import Foundation

/// A small seeded pseudo-random generator (xoshiro256**, seeded through SplitMix64).
///
/// The generator never reads the clock or the system's entropy: the same seed gives the same
/// stream on every run, so the sample files can be rebuilt byte for byte. Its own helpers
/// (`unit`, `uniform`, `int`, `normal`) are used instead of the standard library's
/// `random(in:using:)`, whose algorithms are not promised to stay the same across releases.
struct Rng {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64
    private var spareNormal: Double?

    init(seed: UInt64) {
        var sm = seed
        s0 = Rng.splitMix(&sm)
        s1 = Rng.splitMix(&sm)
        s2 = Rng.splitMix(&sm)
        s3 = Rng.splitMix(&sm)
        spareNormal = nil
    }

    /// One SplitMix64 step: used to seed and to derive independent sub-seeds.
    static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A seed for an independent stream, derived from a parent seed and a label.
    static func derive(_ seed: UInt64, _ label: UInt64) -> UInt64 {
        var state = seed ^ (label &* 0xD1B5_4A32_D192_ED03)
        _ = splitMix(&state)
        return splitMix(&state)
    }

    mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform in [a, b).
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * unit()
    }

    /// Uniform integer in a...b (inclusive).
    mutating func int(_ a: Int, _ b: Int) -> Int {
        if b <= a { return a }
        let span = UInt64(b - a + 1)
        return a + Int(next() % span)
    }

    mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// Standard normal variate (Box-Muller, keeping the spare).
    mutating func normal() -> Double {
        if let spare = spareNormal {
            spareNormal = nil
            return spare
        }
        var u = unit()
        while u <= 1e-300 { u = unit() }
        let v = unit()
        let r = (-2.0 * log(u)).squareRoot()
        let angle = 2.0 * Double.pi * v
        spareNormal = r * sin(angle)
        return r * cos(angle)
    }

    /// Index chosen with the given (non-negative) weights.
    mutating func weighted(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        if total <= 0 { return 0 }
        var x = unit() * total
        for (i, w) in weights.enumerated() {
            if x < w { return i }
            x -= w
        }
        return weights.count - 1
    }
}
