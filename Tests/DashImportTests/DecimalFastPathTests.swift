@testable import DashImport
import Testing
import TestSupport

@Suite struct DecimalFastPathTests {
    /// The integer-division fast path and strtod agree bit for bit on random plain decimals,
    /// short ones (the fast path) and long ones (strtod).
    @Test func fastPathIsCorrectlyRounded() {
        var random = SplitMix64(state: 99)
        for _ in 0..<50_000 {
            let whole = String(Int.random(in: 0...999, using: &random))
            let fraction = String((0..<Int.random(in: 0...20, using: &random)).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let sign = ["", "-", "+"][Int.random(in: 0...2, using: &random)]
            let text = sign + whole + (fraction.isEmpty ? "" : "." + fraction)
            let reference = Double(text)
            #expect(DecimalText.parse(text)?.bitPattern == reference?.bitPattern, "\(text)")
        }
    }
}
