/// The decimal mark and the tips placement a file's amounts show (`template suggest`).
public enum MoneyInference {
    /// The mark that reads every filled cell: the point unless only the comma does, or both do
    /// and some cell ends in a comma and one or two digits (`12,50`) while none ends in a point
    /// and one or two digits. `unreadable`: cells the chosen mark does not read.
    public static func decimalMark(_ cells: [String]) -> (mark: DecimalMark, unreadable: Int) {
        let filled = cells.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        func misses(_ mark: DecimalMark) -> Int { filled.filter { (try? AmountText.parse($0, decimalMark: mark)) == nil }.count }
        let point = misses(.point), comma = misses(.comma)
        func endsInFraction(_ text: String, _ mark: Character) -> Bool {
            let digits = text.reversed().prefix { $0.isASCII && $0.isNumber }.count
            guard (1...2).contains(digits) else { return false }
            return text.dropLast(digits).last == mark
        }
        let commaFractions = filled.contains { endsInFraction($0, ",") }
        let pointFractions = filled.contains { endsInFraction($0, ".") }
        if comma < point || (comma == point && commaFractions && !pointFractions) { return (.comma, comma) }
        return (.point, point)
    }

    /// `within` unless a sampled row has tips above its pay, or tips with a blank pay (which
    /// `within` refuses): then `onTop`. `evidence`: rows with both a pay and tips.
    public static func tipsAre(pay: [String?], tips: [String?], mark: DecimalMark) -> (placement: TipsPlacement, evidence: Int) {
        var evidence = 0
        for (payCell, tipsCell) in zip(pay, tips) {
            guard let tipsText = tipsCell, let tip = try? AmountText.parse(tipsText, decimalMark: mark), tip != .zero else { continue }
            guard let payText = payCell, let amount = try? AmountText.parse(payText, decimalMark: mark) else { return (.onTop, evidence) }
            if tip > amount { return (.onTop, evidence) }
            evidence += 1
        }
        return (.within, evidence)
    }
}

import DashModel
import Foundation
