import DashModel
import DashReport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The export as one spreadsheet: a "Summary" sheet (a title row, then a label in column A and
/// a typed value in column B per headline figure), a "Charts" sheet (XLSXCharts.swift), then a
/// sheet per table of `ExportData.tables` ("Periods", "Shifts", "Platforms", "Deliveries",
/// "Expenses", "Mileage log"), each with a bold, frozen header row of human headers
/// (HumanHeaders; the CSV keeps the machine names), an autofilter over its rows, and column
/// widths that fit the content. Every sheet prints landscape, one page wide (XLSXPrint.swift).
///
/// Cells keep their type: text is a string cell (a note reading `=HYPERLINK(...)` stays text,
/// never a formula), amounts and counts are numbers with a number format, a date is a date cell
/// and a time is a date-time cell of the local wall time the CSV prints (its offset is not
/// kept: Excel has no zoned times). An empty cell is left unwritten, so it reads as no value
/// while 0.00 is the number 0.
///
/// The file is the same bytes for the same arguments: its creation time is the report's `to`
/// date at 00:00 UTC, and libxlsxwriter writes no other clock-dependent byte (XLSXTests checks
/// the zip entries' dates and core.xml).
public enum XLSXExport {
    /// Written in constant-memory mode: libxlsxwriter streams each finished row to a temporary
    /// file and writes strings inline instead of in a shared-string table. Measured (release
    /// build, 2 cores) on an export of 20,000 shifts and 200,000 deliveries, 3.4 million cells:
    /// beyond the ~97 MB the export's tables themselves take, constant memory added 1.7 MB of
    /// peak RSS, the default mode 336 MB (it keeps every cell until `workbook_close`); writing
    /// took about the same (11.7 s against 10.3 s) and the file was 2% larger (12.9 MB against
    /// 12.7 MB). The mode requires rows in order, which `writeTable` keeps: widths are computed
    /// first, then the header, then each row left to right.
    static let constantMemory = true

    /// Excel widths are in characters; a column never gets wider than this.
    static let maxColumnWidth = 60

    /// Writes the workbook to `path`, which must not exist: created 0600, verified whole after
    /// `workbook_close` and flushed (XLSXWorkbook), or removed on any failure. The caller
    /// renames it into place (AtomicFiles in the CLI).
    /// `quiet`: drop libxlsxwriter's own stderr lines (the dashpilot process; XLSXWorkbook).
    public static func write(_ data: ExportData, to path: String, quiet: Bool) throws(XLSXError) {
        XLSXWorkbook.quietLibraryErrors = quiet
        try write(data, to: path)
    }

    public static func write(_ data: ExportData, to path: String) throws(XLSXError) {
        try write(data, to: path, constantMemory: constantMemory)
    }

    static func write(_ data: ExportData, to path: String, constantMemory: Bool) throws(XLSXError) {
        try XLSXSpace.check(for: data, at: path)
        let workbook = try XLSXWorkbook(path: path, constantMemory: constantMemory)
        workbook.moneyFormat = moneyFormat(currency: data.currencyCode)
        let span = spanText(data.report.request)
        do {
            // The report's `to` date at 00:00 UTC: depends only on the arguments.
            try workbook.setProperties(title: "DashPilot export", created: data.report.request.to.number * 86_400)
            try writeSummary(data.summary, to: workbook, span: span)
            let tables = data.tables
            if let periods = tables.first(where: { $0.name == "periods" }) { try writeCharts(periods, to: workbook, span: span) }
            for table in tables {
                if table.name == "mileage_log" { try writeMileageLog(data, to: workbook, span: span) } else { try writeTable(table, to: workbook, span: span) }
            }
            try workbook.close()
        } catch {
            workbook.discard()
            throw withFileSizeLimit(error)
        }
    }

    /// The money cells' number format: a currency's symbol or code when the record names one
    /// (`"$"#,##0.00;-"$"#,##0.00` for USD, `#,##0.00 "EUR"` for another), else plain `#,##0.00`.
    static func moneyFormat(currency: String?) -> String {
        guard let code = currency, code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return "#,##0.00" }
        if code == "USD" { return "\"$\"#,##0.00;-\"$\"#,##0.00" }
        return "#,##0.00 \"\(code)\";-#,##0.00 \"\(code)\""
    }

    /// The span as the page header names it: `2026-01-01 to 2026-12-31` (the last day included).
    static func spanText(_ request: ReportRequest) -> String {
        let last = request.to.adding(days: -1)
        return last <= request.from ? request.from.description : "\(request.from) to \(last)"
    }

    /// A write that failed under a file size limit says so: libxlsxwriter's writes meet it
    /// (EFBIG) without telling which file, or silently (the verification finds the cut).
    static func withFileSizeLimit(_ error: XLSXError) -> XLSXError {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return error }
        return XLSXError(action: error.action, reason: error.reason + " (this process may write files of at most \(limit.rlim_cur) bytes)")
    }

    /// "Periods" for `periods`, "Mileage log" for `mileage_log`; at most 31 characters.
    static func sheetName(_ tableName: String) -> String {
        let words = tableName.replacingOccurrences(of: "_", with: " ")
        return String((words.prefix(1).uppercased() + words.dropFirst()).prefix(XLSXWorkbook.maxSheetNameLength))
    }

    static func writeSummary(_ summary: [(label: String, value: Cell)], to workbook: XLSXWorkbook, span: String) throws(XLSXError) {
        let sheet = try workbook.addSheet(name: "Summary")
        try workbook.setPrinting(sheet, title: "Summary", span: span, repeatRows: 1)
        let title = "DashPilot export"
        try workbook.writeString(sheet, 0, 0, title, style: .header)
        var widths = [title.count, 0]
        for (index, entry) in summary.enumerated() {
            try workbook.writeString(sheet, index + 1, 0, entry.label)
            try write(entry.value, to: workbook, sheet, index + 1, 1)
            widths[0] = max(widths[0], entry.label.count)
            widths[1] = max(widths[1], CellText.plain(entry.value)?.count ?? 0)
        }
        for (column, width) in widths.enumerated() { try workbook.setColumnWidth(sheet, column, columnWidth(width)) }
    }

    /// A row below a table: a label, cells at their columns; `percent`: its `.decimal` cells are
    /// percentages (62.35), written as the fraction with a percent format.
    typealias FooterRow = (label: String, cells: [(column: Int, value: Cell)], percent: Bool)

    /// A table's sheet: the human header row (HumanHeaders), bold, frozen, repeated on every
    /// printed page; the rows; an autofilter over the header and the rows. `footer`: rows after
    /// a blank one, outside the filter (the mileage log's totals): a bold label in column 0 and
    /// cells at their columns.
    static func writeTable(_ table: ReportTable, to workbook: XLSXWorkbook, span: String,
                           footer: [FooterRow] = []) throws(XLSXError) {
        let sheet = try workbook.addSheet(name: sheetName(table.name))
        try workbook.setPrinting(sheet, title: sheet.name, span: span, repeatRows: 1)
        // Widths first (set before any cell, and from every row), then rows strictly in order.
        let headers = table.columns.map(HumanHeaders.header)
        // A column is as wide as what it shows; its header wraps onto more lines rather than
        // widening it past `headerWidth` (a year's Shifts sheet printed one page wide stays legible).
        var widths = headers.map { min($0.count, headerWidth) }
        for row in table.rows {
            for (column, cell) in row.enumerated() where column < widths.count { widths[column] = max(widths[column], shownWidth(cell)) }
        }
        // A footer's values count (a total is wider than its rows), not its labels.
        for (column, cell) in footer.flatMap(\.cells) where column < widths.count { widths[column] = max(widths[column], shownWidth(cell) + 1) }
        for (column, width) in widths.enumerated() { try workbook.setColumnWidth(sheet, column, columnWidth(width)) }
        let lines = zip(headers, widths).map { header, width in headerLines(header, width: width + 1) }.max() ?? 1
        try workbook.setRowHeight(sheet, 0, points: 15 * Double(lines))
        for (column, name) in headers.enumerated() { try workbook.writeString(sheet, 0, column, name, style: .wrappedHeader) }
        for (index, row) in table.rows.enumerated() {
            // Text wider than its column (capped at maxColumnWidth) wraps, its row as tall as its
            // lines (set before the row's cells: constant-memory mode streams rows in order).
            var lines = 1
            for (column, cell) in row.enumerated() where column < widths.count {
                if case let .text(text) = cell, text.count > Int(columnWidth(widths[column])) {
                    lines = max(lines, headerLines(text, width: Int(columnWidth(widths[column])) - 1))
                }
            }
            if lines > 1 { try workbook.setRowHeight(sheet, index + 1, points: 15 * Double(lines)) }
            for (column, cell) in row.enumerated() {
                if lines > 1, case let .text(text) = cell {
                    try workbook.writeString(sheet, index + 1, column, text, style: .wrappedText)
                } else {
                    try write(cell, to: workbook, sheet, index + 1, column)
                }
            }
        }
        // Before the footer: in constant-memory mode libxlsxwriter refuses a range ending on a
        // row already streamed out.
        try workbook.freezeRows(sheet, 1)
        if !table.columns.isEmpty { try workbook.autofilter(sheet, lastRow: table.rows.count, lastColumn: table.columns.count - 1) }
        // A blank row, then each footer row; its label may run over the empty cells beside it.
        for (index, entry) in footer.enumerated() {
            let row = table.rows.count + 2 + index
            try workbook.writeString(sheet, row, 0, entry.label, style: .header)
            for (column, value) in entry.cells.sorted(by: { $0.column < $1.column }) {
                if entry.percent, case let .decimal(percent) = value {
                    try workbook.writeNumber(sheet, row, column, number(percent) / 100, style: .percent)
                } else {
                    try write(value, to: workbook, sheet, row, column)
                }
            }
        }
    }

    /// A header wider than this many characters wraps (unless its column's content is wider).
    static let headerWidth = 12

    /// The characters a cell shows: a time `2026-11-02 10:30:00` (19; the CSV's text adds the
    /// offset), a date 10, an amount with its thousands separators and a currency sign.
    static func shownWidth(_ cell: Cell) -> Int {
        switch cell {
        case .time: return 19
        case .date: return 10
        case .money: let text = CellText.plain(cell) ?? ""; return text.count + max(0, text.count - 4) / 3 + 1
        default: return CellText.plain(cell)?.count ?? 0
        }
    }

    /// The lines `header` takes wrapped at word boundaries in `width` characters (at most 4).
    static func headerLines(_ header: String, width: Int) -> Int {
        var lines = 1, used = 0
        for word in header.split(separator: " ") {
            if used > 0, used + 1 + word.count > width {
                lines += 1
                used = word.count
            } else {
                used += (used > 0 ? 1 : 0) + word.count
            }
        }
        return min(lines, 4)
    }

    /// The content's characters plus a little room (thousands separators, the filter button).
    static func columnWidth(_ characters: Int) -> Double { Double(min(characters + 3, maxColumnWidth)) }

    static func write(_ cell: Cell, to workbook: XLSXWorkbook, _ sheet: XLSXWorkbook.Sheet, _ row: Int, _ column: Int) throws(XLSXError) {
        switch cell {
        case .empty: return
        case let .text(text): try workbook.writeString(sheet, row, column, text)
        case let .integer(value): try workbook.writeNumber(sheet, row, column, Double(value))
        case let .money(value): try workbook.writeNumber(sheet, row, column, cents(value), style: .money)
        case let .decimal(value): try workbook.writeNumber(sheet, row, column, number(value), style: .decimal)
        case let .hours(milliseconds): try workbook.writeNumber(sheet, row, column, Double(milliseconds) / 3_600_000, style: .hours)
        case let .distance(value): try workbook.writeNumber(sheet, row, column, value, style: .distance)
        case let .date(day):
            let (year, month, dayOfMonth) = day.parts
            try workbook.writeDateTime(sheet, row, column, year: year, month: month, day: dayOfMonth, style: .date)
        case let .time(instant, offsetSeconds):
            // The local wall time: Excel has no zones, so the offset is applied, not kept.
            let local = CivilTime(instant: instant, offsetSeconds: offsetSeconds)
            let second = Double(local.second) + Double(local.millisecond) / 1000
            try workbook.writeDateTime(sheet, row, column, year: local.year, month: local.month, day: local.day, hour: local.hour,
                                       minute: local.minute, second: second, style: .dateTime)
        }
    }

    /// The nearest double to an exact amount (units and scale are exact doubles, so one
    /// division rounds once).
    static func number(_ money: Money) -> Double { Double(money.units) / Double(Money.scale) }

    /// A money cell's value (issue 16): the amount rounded half away from zero to the cent (as
    /// `Money.formatted()` and the CSV print it; an estimate such as fuel has sub-cent units),
    /// then the nearest double to that many cents: a cell never holds 56.33528670428975.
    static func cents(_ money: Money) -> Double {
        let step = Money.scale / 100
        let magnitude = (money.units.magnitude + UInt64(step / 2)) / UInt64(step)
        let cents = money.units < 0 && magnitude > 0 ? -Double(magnitude) : Double(magnitude)
        return cents / 100
    }
}
