import Foundation

/// One row of the closing table (issue 18's Goals): the figure, what was measured, the goal (and
/// the floor when it names one), the machine's floor measured in the same run, their
/// ratio, and whether the goal (or only the floor) was met.
struct GoalRow {
    var figure: String
    var measured: String
    var goal: String
    var floor: String
    var ratio: String
    /// "met", "issue floor only", "not met", or "-" when nothing is asked of it.
    var verdict: String
}

nonisolated(unsafe) var goalRows: [GoalRow] = []

/// Records a row for the summary. `met` is the goal, `floorMet` the lesser floor.
func record(_ figure: String, measured: String, goal: String, floor: String = "", ratio: String = "", met: Bool?, floorMet: Bool? = nil) {
    let verdict = met.map { $0 ? "met" : (floorMet == true ? "issue floor only" : "NOT met") } ?? "-"
    goalRows.append(GoalRow(figure: figure, measured: measured, goal: goal, floor: floor, ratio: ratio, verdict: verdict))
}

/// Peak memory of each measured command, for the summary's memory row (goal: at most 64 MB).
nonisolated(unsafe) var peaks: [(String, Int)] = []

func notePeak(_ what: String, _ kib: Int) {
    if let index = peaks.firstIndex(where: { $0.0 == what }) { peaks[index].1 = max(peaks[index].1, kib) } else { peaks.append((what, kib)) }
}

func megabytes(_ kib: Int) -> String { String(format: "%.1f MB", Double(kib) / 1024) }

func printSummary() {
    if !peaks.isEmpty, let worst = peaks.max(by: { $0.1 < $1.1 }) {
        record("peak memory, any of these", measured: "\(megabytes(worst.1)) (\(worst.0))", goal: "<= 64 MB",
               met: worst.1 <= 64 * 1024)
    }
    guard !goalRows.isEmpty else { return }
    print()
    print("Summary (issue 18's goals; ratio = measured / the machine's floor, same run)")
    let header = GoalRow(figure: "figure", measured: "measured", goal: "goal", floor: "floor", ratio: "ratio", verdict: "met")
    let rows = [header] + goalRows
    let keys: [KeyPath<GoalRow, String>] = [\.figure, \.measured, \.goal, \.floor, \.ratio, \.verdict]
    let widths = keys.map { key in rows.map { $0[keyPath: key].count }.max() ?? 0 }
    func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    for (index, row) in rows.enumerated() {
        print("| " + zip(keys, widths).map { pad(row[keyPath: $0.0], $0.1) }.joined(separator: " | ") + " |")
        if index == 0 { print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|") }
    }
    if !peaks.isEmpty { print("peak memory: " + peaks.map { "\($0.0) \(megabytes($0.1))" }.joined(separator: "; ")) }
}
