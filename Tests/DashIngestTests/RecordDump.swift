import DashExport
import DashModel
import DashReport
import DashStore
import Foundation

/// The record as the report and the CSV export show it, with the ids the store assigns set
/// aside (docs/record.md, "Any order, exact undo, nothing twice"): two stores holding the same
/// record give equal dumps whatever order their files came in.
enum RecordDump {
    /// Every report figure per shift in start order, then each export table as CSV with its id
    /// columns dropped.
    static func of(_ store: Store, zone: TimeZone) throws -> [String] {
        let facts = try store.shiftFacts()
        var lines = try facts.map { try shiftLine($0, zone: zone) }
        let request = ReportRequest(from: try Day(year: 2026, month: 10, day: 1), to: try Day(year: 2027, month: 1, day: 1),
                                    unit: .week, zone: zone, rates: nil)
        let (from, to) = request.instants
        let expenses = try store.expenses(from: from, to: to)
        // Income on no shift (issue 27): in any order once, undone with the last import holding it.
        let otherIncome = try store.otherIncome(from: from, to: to)
        let report = try Report(request: request, facts: try store.shiftFacts(from: from, to: to), expenses: expenses, otherIncome: otherIncome)
        let data = ExportData(report: report, deliveries: try store.deliveryRecords(from: from, to: to), expenses: expenses,
                              otherIncome: otherIncome)
        for table in data.tables {
            lines.append("== \(table.name).csv")
            lines += withoutIDs(CSVText.render(table))
        }
        return lines
    }

    /// One shift's span, worked time, metres, counts and money as the report counts it, and its
    /// trips' platform-reported distance.
    static func shiftLine(_ facts: ShiftFacts, zone: TimeZone) throws -> String {
        let figures = ShiftFigures(facts, zone: zone, rates: nil)
        let shift = facts.shift
        let meters = facts.meters.map { String(format: "%.6f", $0) } ?? "-"
        let money = facts.money.map { "\($0.platform ?? "-")/\($0.source.rawValue)/\($0.gross)/\(text($0.tips))/\(text($0.fees))/\($0.trips)" }
            .sorted().joined(separator: " ")
        let counted = figures.counted.map { counted in
            counted.shares.map { "\($0.platform ?? "-")/\($0.source?.rawValue ?? "-")/\(text($0.gross))/\(text($0.tips))/\(text($0.fees))/\($0.trips)" }
                .joined(separator: " ")
                + " notes " + counted.notes.map { "\($0.counted.label) \($0.counted.gross) vs \($0.other.label) \($0.other.gross) (\($0.other.platform ?? "-"))" }
                .joined(separator: "; ")
        } ?? "-"
        return "shift \(shift.start.millisecondsSinceEpoch)-\(shift.end.map { String($0.millisecondsSinceEpoch) } ?? "open")"
            + " earnings \(text(shift.earnings?.amount))/\(text(shift.earnings?.tips)) worked \(figures.worked.map(String.init) ?? "-")"
            + " m \(meters) offers \(facts.offers) deliveries \(facts.deliveries) cancelled \(facts.cancelledDeliveries)"
            + " pay \(text(facts.deliveriesPay))/\(text(facts.deliveriesPlatformTips)) gross \(text(figures.gross))"
            + " tips \(text(figures.platformTips)) fees \(text(figures.fees)) money [\(money)] counted [\(counted)]"
            // The trips' platform-reported distance, counted or not (issue 27): undone with its import, never doubled.
            + " platform mm \(facts.platformDistance.map { "\($0.millimetres)/\($0.trips)" } ?? "-")"
    }

    static func text(_ money: Money?) -> String { money.map { "\($0)" } ?? "-" }

    /// CSV lines without the columns named `id` or `..._id`.
    static func withoutIDs(_ csv: String) -> [String] {
        let rows = fields(csv)
        guard let header = rows.first else { return [] }
        let keep = header.indices.filter { header[$0] != "id" && !header[$0].hasSuffix("_id") }
        return rows.map { row in keep.map { $0 < row.count ? row[$0] : "?" }.joined(separator: ",") }
    }

    /// RFC 4180 fields (as CSVText writes them: CRLF ends, quotes doubled), quotes kept off.
    static func fields(_ csv: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var chars = Array(csv).makeIterator()
        var pending: Character? = nil
        while let c = pending ?? chars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    let next = chars.next()
                    if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                } else { field.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field); field = ""
            } else if c == "\r\n" || c == "\n" {
                row.append(field); field = ""; rows.append(row); row = []
            } else { field.append(c) }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
