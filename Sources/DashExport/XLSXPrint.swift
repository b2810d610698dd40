import CXLSXWriter

/// How each sheet prints (issue 16: a year's workbook ran to 34 pages through LibreOffice,
/// portrait, cut across pages, no header after the first): landscape on US letter, scaled to one
/// page wide and as many pages high as the rows need, the header row repeated at the top of
/// every page, a page header naming DashPilot, the sheet and the span, and "Page N of M" below.
/// Gridlines print: a row of 20-odd columns shrunk to a landscape page is hard to follow across
/// without them.
extension XLSXWorkbook {
    /// libxlsxwriter's paper code for US letter (8.5 x 11 in).
    static let letterPaper: UInt8 = 1

    /// `title`: the page header's centre (the sheet's name); `span`: its right part.
    /// `repeatRows`: the rows 0...n-1 printed at the top of every page (1: the header row).
    func setPrinting(_ sheet: Sheet, title: String, span: String, repeatRows: Int) throws(XLSXError) {
        let action = "setting how \(sheet.name) prints"
        _ = try open(action)
        worksheet_set_landscape(sheet.pointer)
        worksheet_set_paper(sheet.pointer, Self.letterPaper)
        worksheet_fit_to_pages(sheet.pointer, 1, 0)
        worksheet_gridlines(sheet.pointer, UInt8(LXW_SHOW_ALL_GRIDLINES.rawValue))
        if repeatRows > 0 {
            let (last, _) = try Self.place(sheet, repeatRows - 1, 0)
            try Self.check(worksheet_repeat_rows(sheet.pointer, 0, last), action)
        }
        try Self.check(worksheet_set_header(sheet.pointer, Self.pageHeader(title: title, span: span)), action)
        try Self.check(worksheet_set_footer(sheet.pointer, Self.pageFooter), action)
    }

    /// `&LDashPilot&CPeriods&R2026-01-01 to 2026-12-31`: an `&` of the text doubled (Excel's
    /// codes start with one); at most 255 characters, Excel's limit.
    static func pageHeader(title: String, span: String) -> String {
        func plain(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "&&") }
        return String(("&LDashPilot&C" + plain(title) + "&R" + plain(span)).prefix(255))
    }

    static let pageFooter = "&CPage &P of &N"

    /// A row's height in points (15: one line of the default font); before any cell of the row
    /// (constant-memory mode writes a row's attributes with its first cell).
    func setRowHeight(_ sheet: Sheet, _ row: Int, points: Double) throws(XLSXError) {
        let (r, _) = try Self.place(sheet, row, 0)
        _ = try open("setting a row height of \(sheet.name)")
        try Self.check(worksheet_set_row(sheet.pointer, r, points, nil), "setting the height of \(sheet.name) row \(row)")
    }
}
