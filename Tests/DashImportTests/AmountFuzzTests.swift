@testable import DashImport
import DashModel
import Foundation
import Testing
import TestSupport

/// Random cells against an independent reference: the grammar of `AmountText` written again as a
/// regular expression, with the value taken from the digits by `Money(parsing:)`. The parser never
/// traps, accepts exactly what the reference accepts, with the same value, and refuses the rest.
/// `make fuzz` (DASHPILOT_FUZZ=1) runs many more cases than `make test`.
@Suite struct AmountFuzzTests {
    static var cases: Int { ProcessInfo.processInfo.environment["DASHPILOT_FUZZ"] == "1" ? 200_000 : 3000 }

    /// What the reference says of a cell.
    enum Verdict: Equatable, CustomStringConvertible {
        case blank
        case amount(Money)
        case tooLarge
        case refused

        var description: String {
            switch self {
            case .blank: "blank"
            case .amount(let money): "amount \(money)"
            case .tooLarge: "too large"
            case .refused: "refused"
            }
        }
    }

    /// The reference grammar, one regular expression per mark. Written from the spec, not from
    /// the scanner: blanks around the cell; a sign before or after a leading currency (not both),
    /// or a trailing currency; or parentheses around an unsigned amount; groups of three.
    struct Reference {
        let blankOnly: Regex<AnyRegexOutput>
        let point: Regex<AnyRegexOutput>
        let comma: Regex<AnyRegexOutput>

        init() throws {
            let blank = "[ \t\u{A0}\u{202F}]"
            let prefix = "(?:[$€£]\(blank)*|(?:USD|EUR|GBP)\(blank)+)"
            let suffix = "(?:\(blank)*[$€£]|\(blank)+(?:USD|EUR|GBP))"
            func cell(_ number: String) -> String {
                let plain = "[+-]?\(number)\(suffix)?|[+-]\(prefix)\(number)|\(prefix)[+-]?\(number)"
                let negated = "\\(\(blank)*(?:\(prefix)\(number)|\(number)\(suffix)?)\(blank)*\\)"
                return "\(blank)*(?:\(plain)|\(negated))\(blank)*"
            }
            let groupedPoint = "[1-9][0-9]{0,2}(?:,[0-9]{3})+"
            let numberPoint = "(?:(?:[0-9]+|\(groupedPoint))(?:\\.[0-9]{0,4})?|\\.[0-9]{1,4})"
            let groupedComma = ["\\.", " ", "\u{A0}", "\u{202F}"].map { "[1-9][0-9]{0,2}(?:\($0)[0-9]{3})+" }.joined(separator: "|")
            let numberComma = "(?:(?:[0-9]+|\(groupedComma))(?:,[0-9]{0,4})?|,[0-9]{1,4})"
            blankOnly = try Regex("\(blank)*")
            point = try Regex(cell(numberPoint))
            comma = try Regex(cell(numberComma))
        }

        func verdict(_ text: String, _ mark: DecimalMark) -> Verdict {
            if text.wholeMatch(of: blankOnly) != nil { return .blank }
            guard text.wholeMatch(of: mark == .point ? point : comma) != nil else { return .refused }
            // The value: the ASCII digits and the decimal mark, everything else dropped.
            let markCharacter: Character = mark == .point ? "." : ","
            var plain = text.contains("-") || text.contains("(") ? "-" : ""
            for character in text {
                if character == markCharacter {
                    plain.append(".")
                } else if ("0"..."9").contains(character) {
                    plain.append(character)
                }
            }
            do throws(MoneyError) {
                let money = try Money(parsing: plain)
                // One recorded amount is at most Money.largestRecordable in magnitude.
                return money.units.magnitude > Money.largestRecordable.units.magnitude ? .tooLarge : .amount(money)
            } catch .outOfRange {
                return .tooLarge
            } catch {
                return .refused
            }
        }
    }

    static func outcome(_ text: String, _ mark: DecimalMark) -> Verdict {
        do throws(AmountError) {
            guard let money = try AmountText.parse(text, decimalMark: mark) else { return .blank }
            return .amount(money)
        } catch .tooLarge {
            return .tooLarge
        } catch {
            // Every refusal describes the cell it was given (its shape, never its text).
            return error.shape == CellShape(text) ? .refused : .amount(Money(units: .min))
        }
    }

    /// Pieces of cells: the alphabet of the brief, plus the currency codes and the other blanks
    /// as whole pieces so they turn up often enough to matter.
    static let pieces: [String] = Array("0123456789").map(String.init) + [
        ".", ",", "$", "€", "£", " ", "-", "+", "(", ")", "a", "e", "x", "N", "U", "S", "D", "E", "R", "G", "B", "P",
        "\t", "\u{A0}", "\u{202F}", "USD", "EUR", "GBP", "000", "123", "1,234", "1.234", "1 234", ",50", ".50",
    ]

    /// Random cells made of pieces.
    static func randomCell(_ random: inout SplitMix64) -> String {
        let length = Int.random(in: 0...12, using: &random)
        return (0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
    }

    /// Cells built from the grammar's parts, then sometimes damaged by one piece, so that a good
    /// share of them is accepted and the near misses are close to real.
    static func shapedCell(_ random: inout SplitMix64, _ mark: DecimalMark) -> String {
        func pick(_ options: [String]) -> String { options[Int.random(in: 0..<options.count, using: &random)] }
        // Mostly within the limit of one recorded amount (8 whole digits), sometimes far past Int64.
        let digitCount = Int.random(in: 0...3, using: &random) == 0 ? Int.random(in: 9...22, using: &random) : Int.random(in: 1...8, using: &random)
        var whole = String((0..<digitCount).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        if Bool.random(using: &random) {
            let separator = mark == .point ? pick([",", ",", ".", " ", "\u{A0}"]) : pick([".", " ", "\u{A0}", "\u{202F}", ",", "\t"])
            var grouped = ""
            for (offset, character) in whole.reversed().enumerated() {
                if offset > 0, offset % 3 == 0 { grouped.append(separator) }
                grouped.append(character)
            }
            whole = String(grouped.reversed())
        }
        let fraction = String((0..<Int.random(in: 0...5, using: &random)).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        let markText = Bool.random(using: &random) ? (mark == .point ? "." : ",") : pick([".", ","])
        var number = pick(["", "", "0", "00"]) + whole + (Int.random(in: 0...3, using: &random) == 0 ? "" : markText + fraction)
        if Int.random(in: 0...9, using: &random) == 0 { number = markText + fraction }
        let prefix = pick(["", "", "", "$", "€", "£ ", "USD ", "EUR  ", "GBP", "$\u{A0}"])
        let suffix = prefix.isEmpty ? pick(["", "", "", "€", " €", " USD", "GBP", "\u{202F}£"]) : ""
        let sign = pick(["", "", "", "-", "+", "--"])
        var cell: String
        switch Int.random(in: 0...3, using: &random) {
        case 0: cell = sign + prefix + number + suffix
        case 1: cell = prefix + sign + number + suffix
        case 2:
            let inner = pick(["", "", "", "-"]) + prefix + pick(["", "", "", "-", "+"]) + number + suffix
            cell = "(" + pick(["", " ", "\t"]) + inner + pick(["", " "]) + ")"
        default: cell = prefix + number + suffix
        }
        cell = pick(["", "", " ", "\t", "\u{A0}"]) + cell + pick(["", "", " ", "\u{202F}"])
        if Int.random(in: 0...3, using: &random) == 0 {
            var characters = Array(cell)
            let at = Int.random(in: 0...characters.count, using: &random)
            switch Int.random(in: 0...2, using: &random) {
            case 0 where at < characters.count: characters.remove(at: at)
            case 1 where at < characters.count: characters[at] = Character(pick(pieces.filter { $0.count == 1 }))
            default: characters.insert(Character(pick(pieces.filter { $0.count == 1 })), at: at)
            }
            cell = String(characters)
        }
        return cell
    }

    @Test("random cells: no trap, and the parser agrees with the reference grammar", arguments: [DecimalMark.point, .comma])
    func agreesWithReference(mark: DecimalMark) throws {
        let reference = try Reference()
        var random = SplitMix64(state: mark == .point ? 4 : 44)
        var accepted = 0
        var refused = 0
        var disagreements: [String] = []
        for round in 0..<Self.cases {
            let text = round.isMultiple(of: 2) ? Self.randomCell(&random) : Self.shapedCell(&random, mark)
            let expected = reference.verdict(text, mark)
            let actual = Self.outcome(text, mark)
            if case .amount = expected { accepted += 1 } else if expected == .refused { refused += 1 }
            if actual != expected, disagreements.count < 20 {
                disagreements.append("\(text.debugDescription): parser \(actual), reference \(expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Neither side of the grammar goes untested.
        #expect(accepted > Self.cases / 10)
        #expect(refused > Self.cases / 3)
    }

    @Test("long random digit runs never trap: either an amount or too large")
    func longRuns() throws {
        let reference = try Reference()
        var random = SplitMix64(state: 7)
        for _ in 0..<(Self.cases / 10) {
            let count = Int.random(in: 1...200, using: &random)
            let text = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let outcome = Self.outcome(text, .point)
            #expect(outcome == reference.verdict(text, .point), "\(text)")
        }
    }
}
