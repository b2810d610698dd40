import DashModel
import DashReport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The export as one spreadsheet: a "Summary" sheet (a title row, then a label in column A and
/// a typed value in column B per headline figure), then a sheet per table of `ExportData.tables`
/// ("Periods", "Shifts", "Deliveries", "Expenses", "Mileage log"), each with a bold, frozen
/// header row of the table's column names, an autofilter over its rows, and column widths that
/// fit the content.
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
        do {
            // The report's `to` date at 00:00 UTC: depends only on the arguments.
            try workbook.setProperties(title: "DashPilot export", created: data.report.request.to.number * 86_400)
            try writeSummary(data.summary, to: workbook)
            for table in data.tables { try writeTable(table, to: workbook) }
            try workbook.close()
        } catch {
            workbook.discard()
            throw withFileSizeLimit(error)
        }
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

    static func writeSummary(_ summary: [(label: String, value: Cell)], to workbook: XLSXWorkbook) throws(XLSXError) {
        let sheet = try workbook.addSheet(name: "Summary")
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

    static func writeTable(_ table: ReportTable, to workbook: XLSXWorkbook) throws(XLSXError) {
        let sheet = try workbook.addSheet(name: sheetName(table.name))
        // Widths first (set before any cell, and from every row), then rows strictly in order.
        var widths = table.columns.map(\.count)
        for row in table.rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], CellText.plain(cell)?.count ?? 0)
            }
        }
        for (column, width) in widths.enumerated() { try workbook.setColumnWidth(sheet, column, columnWidth(width)) }
        for (column, name) in table.columns.enumerated() { try workbook.writeString(sheet, 0, column, name, style: .header) }
        for (index, row) in table.rows.enumerated() {
            for (column, cell) in row.enumerated() { try write(cell, to: workbook, sheet, index + 1, column) }
        }
        try workbook.freezeRows(sheet, 1)
        if !table.columns.isEmpty { try workbook.autofilter(sheet, lastRow: table.rows.count, lastColumn: table.columns.count - 1) }
    }

    /// The content's characters plus a little room (thousands separators, the filter button).
    static func columnWidth(_ characters: Int) -> Double { Double(min(characters + 3, maxColumnWidth)) }

    static func write(_ cell: Cell, to workbook: XLSXWorkbook, _ sheet: XLSXWorkbook.Sheet, _ row: Int, _ column: Int) throws(XLSXError) {
        switch cell {
        case .empty: return
        case let .text(text): try workbook.writeString(sheet, row, column, text)
        case let .integer(value): try workbook.writeNumber(sheet, row, column, Double(value))
        case let .money(value): try workbook.writeNumber(sheet, row, column, number(value), style: .money)
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
}
