import CXLSXWriter
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A spreadsheet could not be written: what was being done (naming the file, or the sheet and
/// cell) and why (libxlsxwriter's `lxw_strerror` text, or the system's).
public struct XLSXError: Error, Equatable, Sendable, CustomStringConvertible {
    public let action: String
    public let reason: String

    public init(action: String, reason: String) {
        self.action = action
        self.reason = reason
    }

    public var description: String { "\(action): \(reason)" }
}

/// A thin, safe owner of one libxlsxwriter workbook.
///
/// Every `lxw_error` is checked and becomes an `XLSXError`. The C workbook is handed to
/// `workbook_close` exactly once on every path: `close()` (which checks its result), or
/// `discard()` / `deinit` when the caller gave up midway.
///
/// The file at `path` must not exist: it is created here, exclusively and mode 0600, before
/// libxlsxwriter opens it (its `fopen("wb")` truncates the file and keeps the mode), so no one
/// else can read the workbook while it is built. libxlsxwriter's own temporary files (each
/// sheet's rows, then each part) are made by its `tmpfileplus` in the same folder: 0600,
/// O_EXCL, and unlinked as soon as they are open, so they are never readable by others nor
/// left by a kill. `close()` then verifies the finished file (XLSXVerification) through the
/// descriptor opened here, and flushes it; the caller renames it (AtomicFiles). On any
/// failure the file is removed.
///
/// Text is written only with `worksheet_write_string`: a note that reads `=HYPERLINK(...)`
/// stays a string cell, never a formula.
final class XLSXWorkbook {
    /// Excel's limit for one cell's text, in UTF-16 code units (what Excel counts).
    static let maxStringLength = 32_767
    /// Excel's limit for a sheet name, in characters.
    static let maxSheetNameLength = 31
    static let maxRow = Int(LXW_ROW_MAX) - 1
    static let maxColumn = Int(LXW_COL_MAX) - 1

    /// The cell formats a renderer may ask for, created once per workbook on first use.
    enum Style: Hashable, CaseIterable {
        case money, decimal, hours, distance, date, dateTime, header, percent
        /// A table's header: bold, wrapped at words, at the top of its cell.
        case wrappedHeader
        /// Text longer than its column is wide (a tax note): wrapped at words, at the top.
        case wrappedText

        /// `.money`'s is the workbook's `moneyFormat` (the currency's, XLSXExport.moneyFormat).
        var numberFormat: String? {
            switch self {
            case .money: "#,##0.00"
            case .percent: "0.00%"
            case .decimal: "0.00##"
            case .hours, .distance: "0.00"
            case .date: "yyyy-mm-dd"
            case .dateTime: "yyyy-mm-dd hh:mm:ss"
            case .header, .wrappedHeader, .wrappedText: nil
            }
        }
    }

    /// A worksheet of this workbook; valid until the workbook is closed.
    struct Sheet {
        let name: String
        fileprivate let index: Int
        /// For the print settings and charts (XLSXPrint.swift, XLSXCharts.swift).
        let pointer: UnsafeMutablePointer<lxw_worksheet>
    }

    let path: String
    private var workbook: UnsafeMutablePointer<lxw_workbook>?
    private var styles: [Style: UnsafeMutablePointer<lxw_format>] = [:]
    /// The folder libxlsxwriter's temporary files go to: `PATH.d`, made here 0700 beside the
    /// file, so they use the space the precheck measured (not /tmp's), and a kill inside
    /// `tmpfileplus` (between its open and its unlink) leaves its `tmp.XXXXXX` file in a
    /// folder of ours that no one else can read, which the next export removes
    /// (ExportLeftovers), not among the user's files. Removed with the workbook.
    private let temporaryFolder: UnsafeMutablePointer<CChar>?
    private let temporaryFolderPath: String
    /// The file at `path`, created here; verified and flushed through it.
    private var descriptor: Int32
    private let constantMemory: Bool
    /// The number format of `.money` cells: `#,##0.00`, or a currency's (XLSXExport.moneyFormat).
    var moneyFormat = Style.money.numberFormat ?? "#,##0.00"
    /// What each sheet should hold, counted as it is written, for the verification.
    private(set) var expected: [XLSXVerification.Sheet] = []

    /// `constantMemory`: libxlsxwriter keeps one row in memory and streams the others to a
    /// temporary file; rows must then be written in order (a cell of an earlier row is lost).
    init(path: String, constantMemory: Bool) throws(XLSXError) {
        self.path = path
        self.constantMemory = constantMemory
        descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw XLSXError(action: "creating \(path)", reason: String(cString: strerror(errno)))
        }
        _ = fchmod(descriptor, 0o600)  // the umask may only have narrowed it; never wider
        temporaryFolderPath = path + ".d"
        guard mkdir(temporaryFolderPath, 0o700) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            unlink(path)
            throw XLSXError(action: "creating \(temporaryFolderPath)", reason: reason)
        }
        temporaryFolder = strdup(temporaryFolderPath)
        var options = lxw_workbook_options(constant_memory: constantMemory ? 1 : 0, tmpdir: temporaryFolder, use_zip64: 0)
        guard let workbook = workbook_new_opt(path, &options) else {
            free(temporaryFolder)
            Self.removeFolder(temporaryFolderPath)
            Glibc.close(descriptor)
            unlink(path)
            throw XLSXError(action: "creating the workbook \(path)", reason: "libxlsxwriter could not allocate it")
        }
        self.workbook = workbook
    }

    deinit {
        discard()
        free(temporaryFolder)
    }

    /// The C workbook while it is open (internal for XLSXPrint.swift and XLSXCharts.swift).
    func open(_ action: @autoclosure () -> String) throws(XLSXError) -> UnsafeMutablePointer<lxw_workbook> {
        guard let workbook else { throw XLSXError(action: action(), reason: "the workbook \(path) is already closed") }
        return workbook
    }

    static func check(_ error: lxw_error, _ action: @autoclosure () -> String) throws(XLSXError) {
        guard error != LXW_NO_ERROR else { return }
        let reason = lxw_strerror(error).map { String(cString: $0) } ?? "libxlsxwriter error \(error.rawValue)"
        throw XLSXError(action: action(), reason: reason)
    }

    /// The document properties: a title and the creation time written into docProps/core.xml.
    /// libxlsxwriter reads `created == 0` as "now", so the epoch itself is written one second
    /// later: a file must never depend on the clock.
    func setProperties(title: String, created: Int64) throws(XLSXError) {
        let workbook = try open("setting the properties of \(path)")
        var error = LXW_NO_ERROR
        title.withCString { title in
            var properties = lxw_doc_properties()
            properties.title = UnsafeMutablePointer(mutating: title)
            properties.created = time_t(created == 0 ? 1 : created)
            error = workbook_set_properties(workbook, &properties)
        }
        try Self.check(error, "setting the properties of \(path)")
    }

    /// Adds a worksheet; the name must be 1...31 characters without `[]:*?/\` and unused.
    func addSheet(name: String) throws(XLSXError) -> Sheet {
        let workbook = try open("adding the sheet \"\(name)\"")
        guard !name.isEmpty, name.count <= Self.maxSheetNameLength else {
            throw XLSXError(action: "adding the sheet \"\(name)\"", reason: "a sheet name has 1 to \(Self.maxSheetNameLength) characters")
        }
        try Self.check(workbook_validate_sheet_name(workbook, name), "adding the sheet \"\(name)\"")
        guard let sheet = workbook_add_worksheet(workbook, name) else {
            throw XLSXError(action: "adding the sheet \"\(name)\"", reason: "libxlsxwriter could not create it")
        }
        expected.append(XLSXVerification.Sheet(name: name))
        return Sheet(name: name, index: expected.count - 1, pointer: sheet)
    }

    /// The cached format of `style`.
    private func format(_ style: Style?) throws(XLSXError) -> UnsafeMutablePointer<lxw_format>? {
        guard let style else { return nil }
        if let format = styles[style] { return format }
        let workbook = try open("adding a cell format")
        guard let format = workbook_add_format(workbook) else {
            throw XLSXError(action: "adding a cell format", reason: "libxlsxwriter could not allocate it")
        }
        if let numberFormat = style == .money ? moneyFormat : style.numberFormat { format_set_num_format(format, numberFormat) }
        if style == .header || style == .wrappedHeader { format_set_bold(format) }
        if style == .wrappedHeader || style == .wrappedText {
            format_set_text_wrap(format)
            format_set_align(format, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue))
        }
        styles[style] = format
        return format
    }

    static func place(_ sheet: Sheet, _ row: Int, _ column: Int) throws(XLSXError) -> (lxw_row_t, lxw_col_t) {
        guard let r = lxw_row_t(exactly: row), row <= maxRow, let c = lxw_col_t(exactly: column), column <= maxColumn else {
            throw XLSXError(action: "writing \(sheet.name) row \(row) column \(column)",
                            reason: "outside a worksheet's 1,048,576 rows and 16,384 columns")
        }
        return (r, c)
    }

    /// What Excel can hold of `text`: at most 32,767 UTF-16 code units, cut at a character
    /// boundary. Cutting (rather than refusing) was chosen so one pasted-in essay of a note
    /// cannot make a whole export fail; the CSV export keeps every character. A NUL, which a C
    /// string cannot carry and XML cannot hold, becomes U+FFFD so the text after it is kept.
    static func cellText(_ text: String) -> String {
        var text = text
        if text.utf8.contains(0) { text = text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") }
        guard text.utf16.count > maxStringLength else { return text }
        var units = 0
        var end = text.startIndex
        for character in text {
            units += character.utf16.count
            if units > maxStringLength { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

    /// Text, always as a string cell (never parsed as a formula), cut to Excel's limit.
    func writeString(_ sheet: Sheet, _ row: Int, _ column: Int, _ text: String, style: Style? = nil) throws(XLSXError) {
        let (r, c) = try Self.place(sheet, row, column)
        let format = try format(style)
        _ = try open("writing \(sheet.name) row \(row)")
        let cut = Self.cellText(text)
        let error = cut.withCString { worksheet_write_string(sheet.pointer, r, c, $0, format) }
        try Self.check(error, "writing text to \(sheet.name) row \(row) column \(column)")
        // An empty text is a blank cell when formatted, else no cell (libxlsxwriter's rule).
        if !cut.isEmpty || format != nil { expected[sheet.index].add(row: row, cut.isEmpty ? .blank : .string, textBytes: XLSXVerification.escapedLength(cut)) }
    }

    func writeNumber(_ sheet: Sheet, _ row: Int, _ column: Int, _ value: Double, style: Style? = nil) throws(XLSXError) {
        let (r, c) = try Self.place(sheet, row, column)
        guard value.isFinite else {
            throw XLSXError(action: "writing a number to \(sheet.name) row \(row) column \(column)", reason: "\(value) is not a finite number")
        }
        let format = try format(style)
        _ = try open("writing \(sheet.name) row \(row)")
        try Self.check(worksheet_write_number(sheet.pointer, r, c, value, format), "writing a number to \(sheet.name) row \(row) column \(column)")
        expected[sheet.index].add(row: row, .number)
    }

    /// A date or date-time cell (an Excel serial number with a date format). Excel's dates run
    /// from 1900 to 9999; anything else is refused rather than written as a wrong day.
    func writeDateTime(_ sheet: Sheet, _ row: Int, _ column: Int, year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0,
                       second: Double = 0, style: Style) throws(XLSXError) {
        let (r, c) = try Self.place(sheet, row, column)
        let action = "writing a date to \(sheet.name) row \(row) column \(column)"
        guard (1900...9999).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
              (0...59).contains(minute), second >= 0, second < 60
        else { throw XLSXError(action: action, reason: "\(year)-\(month)-\(day) \(hour):\(minute) is outside Excel's dates (1900-9999)") }
        let format = try format(style)
        _ = try open(action)
        var datetime = lxw_datetime(year: Int32(year), month: Int32(month), day: Int32(day), hour: Int32(hour), min: Int32(minute), sec: second)
        try Self.check(worksheet_write_datetime(sheet.pointer, r, c, &datetime, format), action)
        expected[sheet.index].add(row: row, .number)
    }

    /// A formatted cell with no value (an unformatted blank is simply not written).
    func writeBlank(_ sheet: Sheet, _ row: Int, _ column: Int, style: Style) throws(XLSXError) {
        let (r, c) = try Self.place(sheet, row, column)
        let format = try format(style)
        _ = try open("writing \(sheet.name) row \(row)")
        try Self.check(worksheet_write_blank(sheet.pointer, r, c, format), "writing a blank to \(sheet.name) row \(row) column \(column)")
        expected[sheet.index].add(row: row, .blank)
    }

    /// Freezes the rows above `rows` (1: the header row stays on screen).
    func freezeRows(_ sheet: Sheet, _ rows: Int) throws(XLSXError) {
        let (r, _) = try Self.place(sheet, rows, 0)
        _ = try open("freezing \(sheet.name)")
        worksheet_freeze_panes(sheet.pointer, r, 0)
    }

    /// An autofilter over rows 0...lastRow (row 0 the header) and columns 0...lastColumn.
    func autofilter(_ sheet: Sheet, lastRow: Int, lastColumn: Int) throws(XLSXError) {
        let (r, c) = try Self.place(sheet, lastRow, lastColumn)
        _ = try open("setting the autofilter of \(sheet.name)")
        try Self.check(worksheet_autofilter(sheet.pointer, 0, 0, r, c), "setting the autofilter of \(sheet.name)")
    }

    /// A column's width in characters of the default font.
    func setColumnWidth(_ sheet: Sheet, _ column: Int, _ width: Double) throws(XLSXError) {
        let (_, c) = try Self.place(sheet, 0, column)
        _ = try open("setting a column width of \(sheet.name)")
        try Self.check(worksheet_set_column(sheet.pointer, c, c, width, nil), "setting the width of \(sheet.name) column \(column)")
    }

    /// Writes the file: `workbook_close` (which frees the workbook whatever it returns), then
    /// the finished file is read back and verified (XLSXVerification: libxlsxwriter does not
    /// check the writes to its temporary files, so a full disk can give a workbook cut short
    /// with `LXW_NO_ERROR`), checked to be the very file created in `init`, and flushed with
    /// `fsync`. On an error the file is removed and nothing is left at `path`.
    func close() throws(XLSXError) {
        guard let workbook else { throw XLSXError(action: "closing \(path)", reason: "the workbook is already closed") }
        self.workbook = nil
        styles = [:]
        let error = Self.quietly { workbook_close(workbook) }
        do throws(XLSXError) {
            try Self.check(error, "writing \(path)")
            try XLSXVerification.verify(descriptor: descriptor, path: path, sheets: expected, inlineStrings: constantMemory)
            var written = stat(), named = stat()
            guard fstat(descriptor, &written) == 0, stat(path, &named) == 0, written.st_dev == named.st_dev, written.st_ino == named.st_ino else {
                throw XLSXError(action: "writing \(path)", reason: "the file was replaced while it was written")
            }
            guard fsync(descriptor) == 0 else { throw XLSXError(action: "writing \(path)", reason: "it could not be flushed (\(String(cString: strerror(errno))))") }
        } catch {
            closeDescriptor()
            unlink(path)
            throw error
        }
        closeDescriptor()
    }

    /// Gives up: frees the C workbook (through `workbook_close`, its only way to release its
    /// temporary files) and removes what it wrote. Nothing is left at `path`. Does nothing
    /// once closed or discarded.
    func discard() {
        guard let workbook else { return }
        self.workbook = nil
        styles = [:]
        _ = Self.quietly { workbook_close(workbook) }
        closeDescriptor()
        unlink(path)
    }

    /// Closes the file and removes the temporary folder (empty: libxlsxwriter unlinks each
    /// of its files as soon as it is open).
    private func closeDescriptor() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        Self.removeFolder(temporaryFolderPath)
    }

    /// Removes a temporary folder of ours and the files in it.
    static func removeFolder(_ folder: String) {
        if let directory = opendir(folder) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { unlink(folder + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(folder)
    }

    /// Whether libxlsxwriter's own `[ERROR] ...` lines on stderr are dropped while the file is
    /// written, so a failure is one line naming the target (the `XLSXError`). Set by the
    /// `dashpilot` process only (ExportCommand): stderr is the whole process's, and a test
    /// runner's own output on other threads must not vanish with it.
    nonisolated(unsafe) static var quietLibraryErrors = false
    private static let quietLock = NSLock()

    /// Runs `body` with stderr sent to /dev/null when `quietLibraryErrors` is set; one at a
    /// time, so each saved stderr is the real one.
    private static func quietly<T>(_ body: () -> T) -> T {
        guard quietLibraryErrors else { return body() }
        quietLock.lock()
        defer { quietLock.unlock() }
        fflush(nil)
        let saved = dup(2)
        let null = Glibc.open("/dev/null", O_WRONLY | O_CLOEXEC)
        if saved >= 0, null >= 0 { _ = dup2(null, 2) }
        defer {
            fflush(nil)
            if saved >= 0, null >= 0 { _ = dup2(saved, 2) }
            if saved >= 0 { Glibc.close(saved) }
            if null >= 0 { Glibc.close(null) }
        }
        return body()
    }

    var isOpen: Bool { workbook != nil }
}
