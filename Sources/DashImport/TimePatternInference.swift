/// The date and time patterns (``StatementTimePattern``) that read every sampled cell of a
/// column (`template suggest`). Candidates are tried in a fixed order, the strictest and most
/// common first (`yyyy-MM-dd` before `yyyy-M-d`, `HH:mm` before `H:mm`, month-first before
/// day-first), and the first that reads every non-blank cell is taken, so the same cells always
/// give the same pattern.
public enum TimePatternInference {
    /// What the cells of a column are.
    public enum Shape: Sendable { case dateOnly, timeOnly, dateAndTime, any }

    /// The pattern found, and whether a day-first reading would have read every cell too (a
    /// file whose days are all 12 or less cannot tell `M/d` from `d/M`).
    public struct Found: Sendable, Equatable {
        public let pattern: String
        public let dayFirstAlsoReads: Bool
    }

    static let dates = ["yyyy-MM-dd", "yyyy-M-d", "yyyy/MM/dd", "yyyy/M/d", "MM/dd/yyyy", "M/d/yyyy", "dd/MM/yyyy", "d/M/yyyy",
                        "M/d/yy", "d/M/yy", "dd.MM.yyyy", "d.M.yyyy", "MM-dd-yyyy", "dd-MM-yyyy", "MMM d, yyyy", "d MMM yyyy",
                        "EEE, MMM d, yyyy", "EEE MMM d yyyy"]
    static let clocks = ["HH:mm", "H:mm", "HH:mm:ss", "H:mm:ss", "hh:mm a", "h:mm a", "h:mma", "hh:mm:ss a", "h:mm:ss a"]
    static let separators = [" ", "'T'", ", "]
    static let offsets = ["", "'Z'", "XXX", "XX", " XX", " XXX", " XX z", "XX z"]

    /// The clock patterns with their fractions of a second (`.SSS`: as many digits as the first
    /// cell has after the seconds, so only a few are tried).
    static func clocks(fractionDigits: Int?) -> [String] {
        clocks.flatMap { clock -> [String] in
            guard clock.contains("ss"), let digits = fractionDigits, digits > 0 else { return [clock] }
            let fraction = "." + String(repeating: "S", count: digits)
            let withFraction = clock.hasSuffix(" a") ? clock.replacingOccurrences(of: "ss a", with: "ss\(fraction) a") : clock + fraction
            return [withFraction, clock]
        }
    }

    /// Digits after a `.` that follows the last `:` of `cell` (the seconds' fraction), if any.
    static func fractionDigits(_ cell: String) -> Int? {
        guard let colon = cell.lastIndex(of: ":") else { return nil }
        let rest = cell[cell.index(after: colon)...]
        guard let dot = rest.firstIndex(of: ".") else { return nil }
        let digits = rest[rest.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }.count
        return digits > 0 && digits <= 9 ? digits : nil
    }

    /// The candidate patterns of a shape, in the order they are preferred.
    static func candidates(_ shape: Shape, fractionDigits: Int?) -> [String] {
        let times = clocks(fractionDigits: fractionDigits).flatMap { clock in offsets.map { clock + $0 } }
        var dateTimes: [String] = []
        for date in dates {
            for separator in separators { for time in times { dateTimes.append(date + separator + time) } }
        }
        switch shape {
        case .dateOnly: return dates
        case .timeOnly: return times
        case .dateAndTime: return dateTimes
        case .any: return dates + times + dateTimes
        }
    }

    /// The first candidate of `shape` that reads every non-blank cell of `cells`; nil when no
    /// cell is filled or none reads them all.
    public static func infer(_ cells: [String], shape: Shape) -> Found? {
        let filled = cells.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let first = filled.first else { return nil }
        func readsAll(_ candidate: String) -> Bool {
            guard let pattern = try? StatementTimePattern(candidate) else { return false }
            return filled.allSatisfy { (try? pattern.parse($0)) != nil }
        }
        guard let found = candidates(shape, fractionDigits: fractionDigits(first)).first(where: readsAll) else { return nil }
        let swapped = swapDayMonth(found)
        return Found(pattern: found, dayFirstAlsoReads: swapped != found && readsAll(swapped))
    }

    /// `M/d/yyyy...` as `d/M/yyyy...` (and `MM/dd` as `dd/MM`).
    static func swapDayMonth(_ pattern: String) -> String {
        if pattern.hasPrefix("MM/dd") { return "dd/MM" + pattern.dropFirst(5) }
        if pattern.hasPrefix("M/d") { return "d/M" + pattern.dropFirst(3) }
        return pattern
    }
}

import Foundation
