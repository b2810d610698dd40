/// The proof that a finished workbook is whole, read back from the file before it may replace
/// anything (XLSXWorkbook.close). libxlsxwriter checks the writes of the zip itself but not
/// those of its temporary files (each sheet's rows, then each part, written with unchecked
/// `fprintf`/`fwrite`): when the disk fills (or a file size limit is met) while one is
/// written, glibc drops the buffered bytes that failed, `workbook_close` zips what the file
/// holds and returns `LXW_NO_ERROR`, and the zip is internally consistent, its CRC-32s
/// computed over the cut data. So the check has two layers:
///
/// 1. The zip (ZipReader): the end record ends the file, the directory sits before it, the
///    entries tile the file from byte 0, each local header agrees with its directory record,
///    each entry inflates to exactly its size and CRC-32. A short or failed write of the zip
///    itself removes or shifts bytes, so one of these fails.
/// 2. Each XML part (XMLShape): one balanced document, the root element closed, no `<` inside
///    a tag; and each worksheet holds exactly the `<row>`, `<c>` and `<v>` elements written and, in constant-memory
///    mode (strings inline), exactly the text bytes written, as libxlsxwriter escapes them.
///    Lost bytes run from the failed write to the end of a stdio buffer (4 KiB), or to the end
///    of the file when no space comes back (a size limit: always). A loss at the end leaves an
///    element open; a loss in the middle (space came back: libxlsxwriter frees each sheet's
///    row file before writing the sheet's closing tags) removes markup, which unbalances the
///    document or changes a count, or text, which changes the text bytes.
///
/// What it cannot see: a loss wholly inside one tag's attributes (`s="12"` read as `s="1"`) or
/// one number's digits (`<v>12.5</v>` read as `<v>1.5</v>`), which needs a write to fail there
/// and space to come back, from another process, before the next flush. docs/export.md says so.
enum XLSXVerification {
    /// What one sheet should hold, counted as it is written (rows in order).
    struct Sheet: Equatable {
        let name: String
        var cells = 0
        var rows = 0
        var textBytes = 0
        /// Cells with a `<v>`: numbers; strings too with a shared-string table.
        var numbers = 0
        var strings = 0
        private var lastRow = -1

        init(name: String) { self.name = name }

        /// `kind`: a number, a (non-empty) string, or a formatted blank.
        enum Kind { case number, string, blank }

        mutating func add(row: Int, _ kind: Kind, textBytes: Int = 0) {
            cells += 1
            if kind == .number { numbers += 1 } else if kind == .string { strings += 1 }
            if row != lastRow {
                rows += 1
                lastRow = row
            }
            self.textBytes += textBytes
        }
    }

    /// The parts every workbook of ours has, besides one `xl/worksheets/sheetN.xml` a sheet.
    static let requiredParts = ["[Content_Types].xml", "_rels/.rels", "docProps/app.xml", "docProps/core.xml", "xl/workbook.xml",
                                "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/theme/theme1.xml"]

    /// The bytes `text` takes in a sheet, as libxlsxwriter 1.1.4 writes an inline string:
    /// control characters but tab and line feed as `_xHHHH_` (`lxw_escape_control_characters`),
    /// then `&` as `&amp;`, `<` as `&lt;`, `>` as `&gt;` (`lxw_escape_data`).
    static func escapedLength(_ text: String) -> Int {
        var length = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): length += 5
            case UInt8(ascii: "<"), UInt8(ascii: ">"): length += 4
            case 0x09, 0x0A: length += 1
            case 0x01..<0x20: length += 7
            default: length += 1
            }
        }
        return length
    }

    static func verify(descriptor: Int32, path: String, sheets: [Sheet], inlineStrings: Bool) throws(XLSXError) {
        func damaged(_ reason: String) -> XLSXError { XLSXError(action: "writing \(path)", reason: "the finished file is not whole: \(reason)") }
        let zip: ZipReader
        do { zip = try ZipReader(descriptor: descriptor) } catch { throw damaged(error.reason) }
        let names = zip.entries.map(\.name)
        let sheetParts = sheets.indices.map { "xl/worksheets/sheet\($0 + 1).xml" }
        guard Set(names).count == names.count else { throw damaged("a part appears twice") }
        for part in requiredParts + sheetParts where !names.contains(part) { throw damaged("\(part) is missing") }
        for entry in zip.entries {
            let isXML = entry.name.hasSuffix(".xml") || entry.name.hasSuffix(".rels")
            var shape = XMLShape()
            do { try zip.expand(entry) { bytes in if isXML { shape.feed(bytes) } } } catch { throw damaged(error.reason) }
            guard isXML else { continue }
            let index = sheetParts.firstIndex(of: entry.name)
            if let problem = shape.finish() { throw damaged("\(index.map { "the \(sheets[$0].name) sheet (\(entry.name))" } ?? entry.name): \(problem)") }
            guard let index else { continue }
            let sheet = sheets[index]
            let values = sheet.numbers + (inlineStrings ? 0 : sheet.strings)
            guard shape.rows == sheet.rows, shape.cells == sheet.cells, shape.values == values,
                  !inlineStrings || shape.textBytes == sheet.textBytes
            else {
                throw damaged("the \(sheet.name) sheet holds \(shape.rows) rows, \(shape.cells) cells and \(shape.textBytes) bytes of text,"
                              + " not the \(sheet.rows), \(sheet.cells) and \(sheet.textBytes) written")
            }
        }
    }
}
