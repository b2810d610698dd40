import DashModel
import Foundation
import Testing
import TestSupport

/// The command line's readers (amounts, times) against random input: never a trap, and what they
/// accept is exactly what their grammar says, read back unchanged. `make fuzz` runs these with
/// many cases; `make test` runs a few thousand.
@Suite struct FuzzTests {
    static var cases: Int { ProcessInfo.processInfo.environment["DASHPILOT_FUZZ"] == "1" ? 2_000_000 : 20_000 }

    /// The grammar of a plain decimal, written independently of the parser: optional sign,
    /// digits, optional point and up to four digits, at least one digit, within range.
    static func referenceUnits(_ text: String) -> Int64? {
        var chars = Array(text)
        var negative = false
        if let first = chars.first, first == "-" || first == "+" {
            negative = first == "-"
            chars.removeFirst()
        }
        let parts = chars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count <= 2, !chars.filter({ $0 == "." }).dropFirst().contains(".") else { return nil }
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : []
        guard !(whole.isEmpty && fraction.isEmpty), fraction.count <= 4,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }), fraction.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        let digits = String(whole) + String(fraction) + String(repeating: "0", count: 4 - fraction.count)
        guard let magnitude = Int64(digits.isEmpty ? "0" : digits) else { return nil }
        return negative ? -magnitude : magnitude
    }

    @Test func moneyAcceptsExactlyItsGrammar() {
        var random = SplitMix64(state: 20_261_130)
        let alphabet = Array("0123456789012345678901234567890123456789..--+,$e x\u{0660}")
        for _ in 0..<Self.cases {
            let length = Int.random(in: 0...22, using: &random)
            let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            let parsed = try? Money(parsing: text)
            #expect(parsed?.units == Self.referenceUnits(text), "input: \(text.debugDescription)")
            if let parsed {
                #expect((try? Money(parsing: parsed.description)) == parsed, "round trip: \(text.debugDescription)")
            }
        }
    }

    @Test func timesAreReadExactlyOrRefused() {
        var random = SplitMix64(state: 7)
        let base = Array("2026-03-08T02:30:15.250-05:00")
        let replacements = Array("0123456789-:T .Z+z,")
        let zone = TimeZone(identifier: "America/New_York") ?? .gmt
        for _ in 0..<Self.cases / 4 {
            var chars = base
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<chars.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: chars[index] = replacements[Int.random(in: 0..<replacements.count, using: &random)]
                case 1: chars.remove(at: index)
                default: chars.insert(replacements[Int.random(in: 0..<replacements.count, using: &random)], at: index)
                }
                if chars.isEmpty { chars = base }
            }
            let text = String(chars)
            guard let instant = try? TimeText.instant(text, zone: zone) else { continue }
            // Whatever was accepted reads back as the same instant from its canonical UTC form.
            #expect((try? TimeText.instant(instant.description, zone: .gmt)) == instant, "input: \(text)")
            #expect((try? TimeText.instant(TimeText.local(instant, zone: zone), zone: .gmt)) == instant, "input: \(text)")
        }
    }
}
