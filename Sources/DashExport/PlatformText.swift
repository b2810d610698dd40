import DashModel
import DashReport

/// The per-platform figures as text (docs/report.md, "Per platform"): under the report's table
/// the whole span's, a row per platform; `report --platforms` a row per period and platform
/// then the totals. Money naming no platform (a figure for a whole shift) is `(no platform)`.
extension ReportText {
    /// `OTHER`: income on no shift, a column only when the span has some (issue 27).
    static func platformHeader(other: Bool) -> [String] {
        ["PLATFORM", "SHIFTS", "TRIPS", "GROSS", "TIPS", "FEES", "ON TRIPS"] + (other ? ["OTHER"] : [])
    }

    static func platformCells(_ row: [Cell], columns: [String], other: Bool) -> [String] {
        func cell(_ name: String) -> Cell { columns.firstIndex(of: name).flatMap { $0 < row.count ? row[$0] : nil } ?? .empty }
        return [CellText.plain(cell("platform")) ?? "(no platform)", text(cell("shifts")), text(cell("trips")),
                text(cell("gross_earnings")), text(cell("platform_tips")), text(cell("fees")), text(cell("trip_distance"))]
            + (other ? [text(cell("other_income"))] : [])
    }

    /// `By platform:` and the whole span's table; nothing when no money or trip is recorded.
    static func platformSummary(_ report: Report) -> String {
        let table = report.platformsTotalTable
        guard !table.rows.isEmpty else { return "" }
        let other = report.total.otherIncome != nil
        return "\n" + wrapped("By platform (names in any letter case are one):")
            + ReportText.table(header: platformHeader(other: other), rows: table.rows.map { platformCells($0, columns: table.columns, other: other) },
                               leftAligned: [0], ruleBeforeLast: false)
    }

    /// `report --platforms`: a row per period and platform, then the totals per platform.
    public static func renderPlatforms(_ report: Report) -> String {
        let table = report.platformsTable
        var out = wrapped(title(report) + ", by platform")
        guard !report.platformsTotalTable.rows.isEmpty else { return out + "no money or trips recorded in this span\n" }
        let periodColumn = table.columns.firstIndex(of: "period_start") ?? 0
        let other = report.total.otherIncome != nil
        var rows: [[String]] = []
        for row in table.rows {
            guard case let .date(start)? = row.indices.contains(periodColumn) ? row[periodColumn] : nil,
                  let period = report.rows.first(where: { $0.period.start == start })?.period else { continue }
            rows.append([label(period, unit: report.request.unit)] + platformCells(row, columns: table.columns, other: other))
        }
        let totals = report.platformsTotalTable
        for row in totals.rows { rows.append(["TOTAL"] + platformCells(row, columns: totals.columns, other: other)) }
        out += ReportText.table(header: ["PERIOD"] + platformHeader(other: other), rows: rows, leftAligned: [0, 1], ruleBeforeLast: false)
        return out + earningsNotes(report)
    }

    /// The earnings notes, one sentence each; nothing when there are none.
    static func earningsNotes(_ report: Report) -> String {
        let notes = report.total.earningsNotes
        guard !notes.isEmpty else { return "" }
        return wrapped("Earnings notes (two figures for the same money; the first counts):")
            + notes.map { wrapped("- " + $0.text) }.joined()
    }
}
