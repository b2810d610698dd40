import Foundation
import DashReport

/// RFC 4180 CSV: comma-separated, CRLF line ends, a field quoted when it holds a comma, a
/// quote, CR or LF (quotes doubled). Text cells a spreadsheet would run as a formula are
/// neutralised (see `neutralised`); numbers are written as numbers, so -5.00 stays -5.00.
public enum CSVText {
    public static func render(_ table: ReportTable) -> String {
        var out = line(table.columns)
        for row in table.rows {
            out += line(row.map { cell in
                if case let .text(text) = cell { return neutralised(text) }
                return CellText.machine(cell) ?? ""
            })
        }
        return out
    }

    static func line(_ fields: [String]) -> String { fields.map(quoted).joined(separator: ",") + "\r\n" }

    static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A text cell that starts with `=`, `+`, `-`, `@`, a tab, CR or LF gets a leading `'`, the
    /// mark spreadsheets read as "this is text" (OWASP's advice for CSV injection). Only text
    /// cells: a number is never changed.
    public static func neutralised(_ text: String) -> String {
        guard let first = text.utf8.first, [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D, 0x0A].contains(first) else { return text }
        return "'" + text
    }
}
