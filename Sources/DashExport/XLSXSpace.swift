import DashReport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The free-space precheck of an XLSX export: a fair estimate of the most disk space the
/// write takes at once, so an export that cannot fit is refused before any work, and one
/// that fits is not. It is not what keeps a workbook whole: a disk that fills anyway (someone
/// else writing, an estimate too low) is caught by XLSXVerification after `workbook_close`.
///
/// Where the space goes (libxlsxwriter 1.1.4, constant-memory mode, every temporary file in
/// the target's folder): while cells are written, each sheet's rows stream to a file of its
/// own, s(k) bytes of sheet XML for sheet k; all of them stay until `workbook_close`. It then
/// packs sheet by sheet: sheet k's XML is copied into a second temporary file (s(k) bytes),
/// its row file is closed (freed), the copy is deflated into the workbook (z(k) bytes) and
/// freed. So the peak is while sheet k is copied, for the worst k:
///
///     peak = max over k of [ s(k) + s(k+1) + ... + s(n) ]   (row files not yet packed)
///                        + s(k)                             (its copy)
///                        + z(1) + ... + z(k-1)              (the workbook so far)
///
/// s(k) is estimated from the cells (`sheetBytes`: each cell's markup and reference, its text
/// exactly as escaped, a number's digits at most); z(k) as s(k) / 4, where the sheets measured
/// deflate 7 to 10 times. Measured (the smallest private tmpfs the export fits in, the
/// precheck off; docs/export.md):
///
/// | data | workbook | sheets' XML | real peak | this estimate | the old check |
/// | --- | --- | --- | --- | --- | --- |
/// | FaultTests' 1,500 shifts | 132 KB | 1.14 MB | 1.82 MB (13.8x) | 2.37 MB (18x) | 10.5 MB (80x) |
/// | a year: 20,075 deliveries | 985 KB | 9.5 MB | 18.6 MB (18.9x) | 22.1 MB (22x) | not measured |
///
/// The estimate is 18 to 30% above the real peak (a number's digits are counted at 18 when a
/// time or a distance usually prints fewer), so an export the folder can hold is refused only
/// when the free space is within that margin of the peak.
enum XLSXSpace {
    /// Markup around a text cell's text: `<c r="` `" t="inlineStr"><is><t>` `</t></is></c>`,
    /// plus ` s="NN"` (the header's style); `xml:space="preserve"` adds 21 when the text
    /// starts or ends with a space.
    static let textCellMarkup = 50
    static let preserveMarkup = 21
    /// Markup around a number: `<c r="` `" s="NN"><v>` `</v></c>`.
    static let numberCellMarkup = 26
    /// The digits libxlsxwriter prints (`%.16G`) for an hours, distance or time value at most
    /// (a serial date-time like 46328.43750000001); an amount or a count prints as its plain
    /// text, a date as a 5-digit serial.
    static let fractionDigits = 18
    /// `<row r="` `" spans="1:NN">` `</row>`, plus the row's number.
    static let rowMarkup = 32
    /// A sheet's head and tail (dimension, views, columns, autofilter): measured under 1 KB.
    static let sheetMarkup = 4_096
    /// The workbook's other parts (styles, theme, content types, ...): measured 17 KB.
    static let otherParts: UInt64 = 64 * 1024
    /// How many times the sheets deflate at least, for the workbook's share of the peak.
    static let deflateRatio: UInt64 = 4

    /// Each sheet's XML in bytes, estimated from its cells: Summary first, Charts, then each table.
    static func sheetBytes(_ data: ExportData) -> [UInt64] {
        var summary = sheetMarkup + rowMarkup + 1 + textCell("DashPilot export", row: 0, column: 0)
        for (index, entry) in data.summary.enumerated() {
            summary += rowMarkup + digits(index + 2) + textCell(entry.label, row: index + 1, column: 0) + cellBytes(entry.value, row: index + 1, column: 1)
        }
        // The Charts sheet holds no cells (its charts are parts of their own, within otherParts).
        var sheets = [UInt64(summary), UInt64(sheetMarkup)]
        // The mileage log as its CSV shape: its total rows and columns outweigh the sheet's footer.
        for table in data.tables {
            var bytes = sheetMarkup + rowMarkup + 1
            for (column, name) in table.columns.enumerated() { bytes += textCell(HumanHeaders.header(name), row: 0, column: column) }
            for (index, row) in table.rows.enumerated() {
                bytes += rowMarkup + digits(index + 2)
                for (column, cell) in row.enumerated() { bytes += cellBytes(cell, row: index + 1, column: column) }
            }
            sheets.append(UInt64(bytes))
        }
        return sheets
    }

    static func cellBytes(_ cell: Cell, row: Int, column: Int) -> Int {
        let number: Int
        switch cell {
        case .empty: return 0
        case let .text(text): return textCell(XLSXWorkbook.cellText(text), row: row, column: column)
        case .money, .decimal, .integer: number = (CellText.plain(cell)?.utf8.count ?? fractionDigits) + 1
        case .date: number = 5
        case .hours, .distance, .time: number = fractionDigits
        }
        return numberCellMarkup + reference(row: row, column: column) + number
    }

    static func textCell(_ text: String, row: Int, column: Int) -> Int {
        let edges = text.first.map { $0.isWhitespace } == true || text.last.map { $0.isWhitespace } == true
        return textCellMarkup + (edges ? preserveMarkup : 0) + reference(row: row, column: column) + XLSXVerification.escapedLength(text)
    }

    /// The length of a cell's reference (`AB1234`) for a 0-based row and column.
    static func reference(row: Int, column: Int) -> Int { (column < 26 ? 1 : column < 702 ? 2 : 3) + digits(row + 1) }

    static func digits(_ number: Int) -> Int { String(number).utf8.count }

    /// The peak of the formula above, plus the other parts.
    static func peakBytes(sheets: [UInt64]) -> UInt64 {
        var peak: UInt64 = 0
        var packed: UInt64 = 0
        for k in sheets.indices {
            let unpacked = sheets[k...].reduce(0, +)
            peak = max(peak, unpacked + sheets[k] + packed)
            packed += sheets[k] / deflateRatio
        }
        return peak + otherParts
    }

    /// Refuses an export that cannot fit in the folder of `path`. A process file size limit is
    /// not checked here: it meets libxlsxwriter mid-write, which the verification reports
    /// (naming the limit, XLSXExport.write).
    static func check(for data: ExportData, at path: String) throws(XLSXError) {
        let sheets = sheetBytes(data)
        let peak = peakBytes(sheets: sheets)
        var space = statvfs()
        if statvfs(PathParts.parent(of: path), &space) == 0 {
            let free = UInt64(space.f_bavail) * UInt64(space.f_frsize)
            guard free >= peak else {
                throw XLSXError(action: "writing \(path)", reason: "not enough free space (about \(megabytes(peak)) MB needed at the peak, \(free / 1_000_000) MB free)")
            }
        }
    }

    static func megabytes(_ bytes: UInt64) -> String { String(format: "%.1f", Double(bytes) / 1_000_000) }
}
