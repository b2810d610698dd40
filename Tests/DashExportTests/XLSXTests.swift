import DashModel
import Foundation
import TestSupport
import Testing
@testable import DashExport
@testable import DashReport

/// The XLSX export read back by a real spreadsheet reader (Debian's python3-openpyxl, run as
/// /usr/bin/python3): sheets, headers, typed cells equal to the CSV's text, no formula, the same
/// bytes every time, and errors instead of crashes or half-written files.
@Suite struct XLSXTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt
    static let injection = "=HYPERLINK(\"http://evil\",\"x\")"

    static func at(_ text: String) throws -> Instant { try TimeText.instant(text, zone: chicago) }
    static func money(_ text: String) throws -> Money { try Money(parsing: text) }

    /// Three shifts around the end of daylight time in Chicago (one active), three deliveries,
    /// four expenses (one outside the span), text that looks like formulas in three places.
    static func sample(from: String = "2026-10-01", to: String = "2026-12-01") throws -> ExportData {
        let start1 = try at("2026-10-30T09:15:30.250")
        let fuel = try FuelAssumption(milesPerGallon: try money("31.5"), pricePerGallon: try money("3.459"))
        let shift1 = try Shift(id: 1, start: start1, end: try at("2026-10-30T12:45"),
                               earnings: try PaidAmount(try money("85.40"), tips: try money("12.25")), fuel: fuel)
        let shift2 = try Shift(id: 2, start: try at("2026-11-02T17:00"), end: try at("2026-11-02T18:30:45"))
        let shift3 = try Shift(id: 3, start: try at("2026-11-03T10:00"), end: nil)
        let pause = ShiftPause(id: 1, shiftID: 1, start: try at("2026-10-30T10:00"), end: try at("2026-10-30T10:20"))
        let facts = [
            ShiftFacts(shift: shift1, isPaused: false, pauses: [pause], offers: 5, deliveries: 2, cancelledDeliveries: 1,
                       outsideTips: try money("4"), meters: 42_195.5),
            ShiftFacts(shift: shift2, isPaused: false, pauses: [], offers: 1, deliveries: 1, cancelledDeliveries: 0,
                       outsideTips: .zero, meters: nil),
            ShiftFacts(shift: shift3, isPaused: false, pauses: [], offers: 0, deliveries: 0, cancelledDeliveries: 0,
                       outsideTips: .zero, meters: nil),
        ]
        let first = try Delivery(id: 11, shiftID: 1, offerID: 21, acceptedAt: try at("2026-10-30T09:20"),
                                 arrivedAtPickupAt: try at("2026-10-30T09:31:07"), pickedUpAt: try at("2026-10-30T09:40"),
                                 deliveredAt: try at("2026-10-30T09:58:59.999"),
                                 ownAmount: try PaidAmount(try money("9.50"), tips: try money("2")))
        let deliveries = [
            DeliveryRecord(delivery: first, platform: "+1 Eats", pickupPlace: "@SUM(A1)", outsideTips: try money("4")),
            DeliveryRecord(delivery: try Delivery(id: 12, shiftID: 1, offerID: 22, acceptedAt: try at("2026-10-30T11:00"),
                                                  cancelledAt: try at("2026-10-30T11:05")),
                           platform: nil, pickupPlace: nil, outsideTips: .zero),
            DeliveryRecord(delivery: try Delivery(id: 13, shiftID: 2, offerID: 23, acceptedAt: try at("2026-11-02T17:10"),
                                                  deliveredAt: try at("2026-11-02T17:40")),
                           platform: "DoorDash", pickupPlace: "-5.00 Café, \"the\" place", outsideTips: .zero),
        ]
        let expenses = [
            try Expense(id: 1, occurredAt: try at("2026-10-31T08:00"), amount: try money("40.00"), category: "fuel", note: injection),
            try Expense(id: 2, occurredAt: try at("2026-11-02T19:00"), amount: .zero, category: "parking", note: nil),
            try Expense(id: 3, occurredAt: try at("2026-11-05T12:34:56"), amount: try money("1234567.8912"), category: "supplies",
                        note: "bags, \"insulated\" — ünïcode ✓ 🚗"),
            try Expense(id: 4, occurredAt: try at("2026-12-03T08:00"), amount: try money("5"), category: "fuel", note: "outside the span"),
        ]
        let request = ReportRequest(from: try Day(parsing: from), to: try Day(parsing: to), unit: .month, zone: chicago, rates: nil)
        let report = try Report(request: request, facts: facts, expenses: expenses)
        return ExportData(report: report, deliveries: deliveries, expenses: expenses)
    }

    // MARK: - Reading back

    struct ReadCell: Decodable, Equatable {
        /// none, int, float, str, datetime, or another Python type's name.
        let k: String
        let v: String
        /// openpyxl's data_type: n, s, d, b, f, e.
        let t: String
        /// openpyxl's number_format.
        let f: String
    }

    struct ReadSheet: Decodable, Equatable {
        let name: String
        let freeze: String?
        let filter: String?
        let rows: [[ReadCell]]
    }

    struct ReadBook: Decodable, Equatable {
        let sheets: [ReadSheet]
        let zipDates: [String]
        let core: String
        let formulaElements: Int
    }

    struct ReaderError: Error, CustomStringConvertible {
        let description: String
    }

    static let python = "/usr/bin/python3"

    static let script = """
        import sys, json, zipfile, datetime
        try:
            import openpyxl
        except ImportError:
            sys.exit(3)
        path = sys.argv[1]
        wb = openpyxl.load_workbook(path)
        out = {"sheets": []}
        for ws in wb.worksheets:
            rows = []
            for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=ws.max_column):
                cells = []
                for c in row:
                    v = c.value
                    if v is None: k, s = "none", ""
                    elif isinstance(v, bool): k, s = "bool", str(v)
                    elif isinstance(v, int): k, s = "int", str(v)
                    elif isinstance(v, float): k, s = "float", repr(v)
                    elif isinstance(v, datetime.datetime): k, s = "datetime", v.isoformat()
                    elif isinstance(v, str): k, s = "str", v
                    else: k, s = type(v).__name__, str(v)
                    cells.append({"k": k, "v": s, "t": c.data_type, "f": c.number_format})
                rows.append(cells)
            out["sheets"].append({"name": ws.title, "freeze": ws.freeze_panes, "filter": ws.auto_filter.ref, "rows": rows})
        z = zipfile.ZipFile(path)
        out["zipDates"] = sorted(set("%04d-%02d-%02d %02d:%02d:%02d" % i.date_time for i in z.infolist()))
        out["core"] = z.read("docProps/core.xml").decode("utf-8")
        out["formulaElements"] = sum(z.read(n).count(b"<f>") + z.read(n).count(b"<f ") for n in z.namelist() if n.startswith("xl/worksheets/"))
        json.dump(out, sys.stdout)
        """

    /// Every sheet of the file as openpyxl reads it. Fails, saying how to install it, when
    /// /usr/bin/python3 has no openpyxl.
    static func read(_ path: String) throws -> ReadBook {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ReaderError(description: "\(python) is missing: `make deps` installs python3-openpyxl (and Debian's python3)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 {
            throw ReaderError(description: "\(python) cannot import openpyxl: `make deps` installs python3-openpyxl")
        }
        guard process.terminationStatus == 0 else {
            throw ReaderError(description: "openpyxl could not read \(path) (exit \(process.terminationStatus)): \(errorText)")
        }
        return try JSONDecoder().decode(ReadBook.self, from: data)
    }

    static func write(_ data: ExportData, in folder: TemporaryDirectory, _ name: String = "export.xlsx",
                      constantMemory: Bool = XLSXExport.constantMemory) throws -> String {
        let path = folder.path(name)
        try XLSXExport.write(data, to: path, constantMemory: constantMemory)
        return path
    }

    // MARK: - Cells

    /// A cell read back is what the CSV says of the same cell (`CellText.plain`, which CSVText
    /// writes; the CSV's `'` before a formula-looking text is not needed in a string cell), with
    /// the type and number format of its kind.
    static func expect(_ read: ReadCell?, is cell: Cell, _ place: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let read else {
            if cell != .empty { Issue.record("\(place): no cell read, expected \(cell)", sourceLocation: sourceLocation) }
            return
        }
        #expect(read.t != "f", "\(place) is a formula", sourceLocation: sourceLocation)
        let csv = CellText.plain(cell)
        let number = Double(read.v)
        switch cell {
        case .empty:
            #expect(read.k == "none", "\(place): \(read) should be empty", sourceLocation: sourceLocation)
        case let .text(text):
            #expect(read.k == "str" && read.t == "s" && read.v == text, "\(place): \(read) should be the text \(text)",
                    sourceLocation: sourceLocation)
        case .integer:
            #expect(read.k == "int" && read.t == "n" && read.v == csv, "\(place): \(read) should be \(csv ?? "")", sourceLocation: sourceLocation)
        case .money:
            // The cent value itself (issue 16), never the unrounded amount.
            let read = (try? Money(parsing: read.v))
            let text = read?.formatted()
            #expect((read?.units ?? 1) % 100 == 0, "\(place): \(String(describing: read)) is not a whole number of cents", sourceLocation: sourceLocation)
            #expect(read != nil && text == csv,
                    "\(place): \(read) should be the amount \(csv ?? "")", sourceLocation: sourceLocation)
        case .decimal:
            let text = (try? Money(parsing: read.v))?.description
            #expect((read.k == "int" || read.k == "float") && read.f == "0.00##" && text == csv,
                    "\(place): \(read) should be the decimal \(csv ?? "")", sourceLocation: sourceLocation)
        case .hours:
            let text = number.map { Durations.hoursText(Int64(($0 * 3_600_000).rounded())) }
            #expect(read.t == "n" && read.f == "0.00" && text == csv, "\(place): \(read) should be \(csv ?? "") hours",
                    sourceLocation: sourceLocation)
        case .distance:
            let text = number.map(CellText.twoPlaces)
            #expect(read.t == "n" && read.f == "0.00" && text == csv, "\(place): \(read) should be the distance \(csv ?? "")",
                    sourceLocation: sourceLocation)
        case .date:
            #expect(read.k == "datetime" && read.t == "d" && read.f == "yyyy-mm-dd" && read.v == (csv ?? "") + "T00:00:00",
                    "\(place): \(read) should be the date \(csv ?? "")", sourceLocation: sourceLocation)
        case .time:
            // The local wall time, to the second; the CSV's text ends with the offset.
            #expect(read.k == "datetime" && read.t == "d" && read.f == "yyyy-mm-dd hh:mm:ss"
                        && read.v.prefix(19) == (csv ?? "").prefix(19),
                    "\(place): \(read) should be the local time of \(csv ?? "")", sourceLocation: sourceLocation)
        }
    }

    static func cell(_ sheet: ReadSheet, _ row: Int, _ column: Int) -> ReadCell? {
        guard row < sheet.rows.count, column < sheet.rows[row].count else { return nil }
        return sheet.rows[row][column]
    }

    static func expectContent(_ book: ReadBook, _ data: ExportData, sourceLocation: SourceLocation = #_sourceLocation) {
        // The mileage log's sheet holds its shift rows (its totals below them: MileageLogTests).
        let tables = data.tables.map { $0.name == "mileage_log" ? data.mileageLogShifts : $0 }
        #expect(book.sheets.map(\.name) == ["Summary", "Charts", "Periods", "Shifts", "Platforms", "Deliveries", "Expenses", "Other income", "Mileage log"],
                sourceLocation: sourceLocation)
        guard book.sheets.count == tables.count + 2 else { return }

        let summary = book.sheets[0]
        expect(cell(summary, 0, 0), is: .text("DashPilot export"), "Summary!A1", sourceLocation: sourceLocation)
        #expect(summary.rows.count == data.summary.count + 1, sourceLocation: sourceLocation)
        for (index, entry) in data.summary.enumerated() {
            expect(cell(summary, index + 1, 0), is: .text(entry.label), "Summary!A\(index + 2)", sourceLocation: sourceLocation)
            expect(cell(summary, index + 1, 1), is: entry.value, "Summary!B\(index + 2) (\(entry.label))", sourceLocation: sourceLocation)
        }

        for (table, sheet) in zip(tables, book.sheets.dropFirst(2)) {
            #expect(sheet.rows.first?.map(\.v) == table.columns.map(HumanHeaders.header), "\(sheet.name) header", sourceLocation: sourceLocation)
            #expect(sheet.rows.first?.allSatisfy { $0.t == "s" } == true, sourceLocation: sourceLocation)
            let footer = table.name == "mileage_log" ? 3 : 0
            #expect(sheet.rows.count == table.rows.count + 1 + footer, "\(sheet.name) rows", sourceLocation: sourceLocation)
            for (r, row) in table.rows.enumerated() {
                for (c, value) in row.enumerated() {
                    expect(cell(sheet, r + 1, c), is: value, "\(sheet.name) row \(r + 2) \(table.columns[c])", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(book.sheets.allSatisfy { $0.rows.allSatisfy { $0.allSatisfy { $0.t != "f" } } }, sourceLocation: sourceLocation)
        #expect(book.formulaElements == 0, sourceLocation: sourceLocation)
    }

    // MARK: - Tests

    @Test("every sheet, header and cell reads back typed and equal to the CSV's text", arguments: [true, false])
    func cellsReadBackAsTheCSVSays(constantMemory: Bool) throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let data = try Self.sample()
        // The sample covers every kind of cell.
        let kinds = Set(data.tables.flatMap { $0.rows.flatMap { $0.map { String(describing: $0).prefix(while: { $0 != "(" }) } } })
        #expect(kinds == ["empty", "text", "integer", "money", "decimal", "hours", "distance", "date", "time"])
        let book = try Self.read(try Self.write(data, in: folder, constantMemory: constantMemory))
        Self.expectContent(book, data)
    }

    @Test("both memory modes give the same cells")
    func memoryModesAgree() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let data = try Self.sample()
        let constant = try Self.read(try Self.write(data, in: folder, "c.xlsx", constantMemory: true))
        let normal = try Self.read(try Self.write(data, in: folder, "n.xlsx", constantMemory: false))
        #expect(constant.sheets == normal.sheets)
    }

    @Test("text that looks like a formula stays a string equal to what was written")
    func injectionStaysText() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let book = try Self.read(try Self.write(try Self.sample(), in: folder))
        let expenses = try #require(book.sheets.first { $0.name == "Expenses" })
        let note = try #require(expenses.rows.first?.firstIndex { $0.v == "Note" })
        let first = try #require(Self.cell(expenses, 1, note))
        #expect(first == ReadCell(k: "str", v: Self.injection, t: "s", f: "General"))
        let deliveries = try #require(book.sheets.first { $0.name == "Deliveries" })
        #expect(Self.cell(deliveries, 1, 3)?.v == "+1 Eats" && Self.cell(deliveries, 1, 3)?.t == "s")
        #expect(Self.cell(deliveries, 1, 14)?.v == "@SUM(A1)" && Self.cell(deliveries, 1, 14)?.t == "s")
        #expect(book.formulaElements == 0)
    }

    @Test("a cell not recorded is empty, and 0.00 is the number 0")
    func emptyIsNotZero() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let data = try Self.sample()
        let book = try Self.read(try Self.write(data, in: folder))
        let shifts = try #require(book.sheets.first { $0.name == "Shifts" })
        let header = try #require(shifts.rows.first).map(\.v)
        let gross = try #require(header.firstIndex(of: "Gross"))
        let outside = try #require(header.firstIndex(of: "Outside tips"))
        // Shift 2 recorded no earnings and no outside tips.
        #expect(data.report.shiftsTable.rows[1][gross] == .empty)
        #expect(Self.cell(shifts, 2, gross)?.k == "none")
        #expect(Self.cell(shifts, 2, outside) == ReadCell(k: "int", v: "0", t: "n", f: "#,##0.00"))
        let expenses = try #require(book.sheets.first { $0.name == "Expenses" })
        #expect(Self.cell(expenses, 2, 2) == ReadCell(k: "int", v: "0", t: "n", f: "#,##0.00"))
        #expect(Self.cell(expenses, 2, 4)?.k == "none")
    }

    @Test("each table's header row is frozen and filtered, the Summary's is not")
    func headerFrozenAndFiltered() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let book = try Self.read(try Self.write(try Self.sample(), in: folder))
        #expect(book.sheets.map(\.freeze) == [nil, nil, "A2", "A2", "A2", "A2", "A2", "A2", "A2"])
        // Periods: 24 columns (A:X), a header and 2 months; Platforms: 10 (A:J); Expenses: E, a
        // header and 3 rows; Other income: G, a header and none; Mileage log: 11 columns (A:K)
        // and 2 completed shifts, its total rows outside.
        #expect(book.sheets.map(\.filter) == [nil, nil, "A1:X3", "A1:W4", "A1:J2", "A1:O4", "A1:E4", "A1:G1", "A1:K3"])
    }

    @Test("the same arguments give the same bytes; nothing in the file depends on the clock")
    func sameBytesEveryTime() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let data = try Self.sample()
        let first = try Self.write(data, in: folder, "one.xlsx")
        let second = try Self.write(data, in: folder, "two.xlsx")
        let bytes = try #require(FileManager.default.contents(atPath: first))
        #expect(bytes.count > 0 && bytes == FileManager.default.contents(atPath: second))
        let book = try Self.read(first)
        #expect(book.zipDates == ["1980-01-01 00:00:00"])
        // Created and modified: the report's `to` date at 00:00 UTC, and no other date.
        let stamps = book.core.components(separatedBy: "2026-12-01T00:00:00Z").count - 1
        let dates = book.core.matches(of: try Regex("[0-9]{4}-[0-9]{2}-[0-9]{2}T")).count
        #expect(stamps == 2 && dates == 2, "\(book.core)")
        // Nothing but the file is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["one.xlsx", "two.xlsx"])
    }

    @Test("writing into a missing folder throws an XLSXError and leaves no file")
    func missingFolderThrows() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let path = folder.path("missing/export.xlsx")
        let error = #expect(throws: XLSXError.self) { try XLSXExport.write(try Self.sample(), to: path) }
        #expect(error?.action.contains(path) == true)
        #expect(error?.reason.isEmpty == false)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a path that is a folder throws, and the folder is left as it was")
    func folderAsPathThrows() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let path = folder.path("taken")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: XLSXError.self) { try XLSXExport.write(try Self.sample(), to: path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
    }

    /// A date Excel cannot hold (before 1900) fails the export midway: the workbook is closed
    /// once and nothing half-written is left. A file already at the path is never written
    /// over: the workbook is created exclusively (the CLI writes to a fresh temporary name and
    /// renames it, AtomicFiles).
    @Test("an error midway leaves no partial file; a file already there is kept")
    func errorMidwayKeepsOldFile() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let path = folder.path("export.xlsx")
        let data = try Self.sample(from: "1899-12-01", to: "1900-01-01")
        let error = #expect(throws: XLSXError.self) { try XLSXExport.write(data, to: path) }
        #expect(error?.action.contains("Summary") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let old = Data("old export".utf8)
        try old.write(to: URL(fileURLWithPath: path))
        let exists = #expect(throws: XLSXError.self) { try XLSXExport.write(try Self.sample(), to: path) }
        #expect(exists?.reason == "File exists")
        #expect(FileManager.default.contents(atPath: path) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.xlsx"])
    }

    @Test("text longer than Excel's 32,767 characters is cut at a character boundary")
    func longTextIsCut() throws {
        #expect(XLSXWorkbook.cellText(String(repeating: "a", count: 40_000)).count == 32_767)
        #expect(XLSXWorkbook.cellText(String(repeating: "a", count: 32_767)).count == 32_767)
        // An emoji is two UTF-16 units: never split in half.
        let emoji = XLSXWorkbook.cellText(String(repeating: "🚗", count: 20_000))
        #expect(emoji.count == 16_383 && emoji.utf16.count == 32_766)
        #expect(XLSXWorkbook.cellText("a\u{0}b") == "a\u{FFFD}b")

        let folder = try TemporaryDirectory("XLSXTests")
        let path = folder.path("long.xlsx")
        let workbook = try XLSXWorkbook(path: path, constantMemory: true)
        let sheet = try workbook.addSheet(name: "Long")
        let long = (0..<4_000).map { "word\($0) " }.joined()
        try workbook.writeString(sheet, 0, 0, long)
        try workbook.writeString(sheet, 1, 0, String(repeating: "é", count: 32_767))
        try workbook.close()
        let read = try #require(try Self.read(path).sheets.first)
        #expect(read.rows.first?.first?.v == String(long.prefix(32_767)))
        #expect(read.rows.last?.first?.v == String(repeating: "é", count: 32_767))
    }

    @Test("sheet names follow Excel's rules")
    func sheetNames() throws {
        #expect(XLSXExport.sheetName("mileage_log") == "Mileage log")
        #expect(XLSXExport.sheetName("periods") == "Periods")
        #expect(XLSXExport.sheetName(String(repeating: "x", count: 40)).count == 31)
        let folder = try TemporaryDirectory("XLSXTests")
        let workbook = try XLSXWorkbook(path: folder.path("names.xlsx"), constantMemory: false)
        _ = try workbook.addSheet(name: String(repeating: "n", count: 31))
        #expect(throws: XLSXError.self) { try workbook.addSheet(name: String(repeating: "n", count: 32)) }
        #expect(throws: XLSXError.self) { try workbook.addSheet(name: "a/b") }
        #expect(throws: XLSXError.self) { try workbook.addSheet(name: "") }
        _ = try workbook.addSheet(name: "Shifts")
        let duplicate = #expect(throws: XLSXError.self) { try workbook.addSheet(name: "shifts") }
        #expect(duplicate?.reason.lowercased().contains("already") == true)
        try workbook.close()
        #expect(try Self.read(folder.path("names.xlsx")).sheets.map(\.name) == [String(repeating: "n", count: 31), "Shifts"])
    }

    @Test("bad values and a closed workbook throw; an abandoned workbook leaves nothing")
    func refusals() throws {
        let folder = try TemporaryDirectory("XLSXTests")
        let path = folder.path("refusals.xlsx")
        let workbook = try XLSXWorkbook(path: path, constantMemory: false)
        let sheet = try workbook.addSheet(name: "S")
        #expect(throws: XLSXError.self) { try workbook.writeNumber(sheet, 0, 0, .nan) }
        #expect(throws: XLSXError.self) { try workbook.writeNumber(sheet, -1, 0, 1) }
        #expect(throws: XLSXError.self) { try workbook.writeNumber(sheet, 1_048_576, 0, 1) }
        #expect(throws: XLSXError.self) { try workbook.writeString(sheet, 0, 16_384, "x") }
        #expect(throws: XLSXError.self) { try workbook.writeDateTime(sheet, 0, 0, year: 1899, month: 12, day: 31, style: .date) }
        try workbook.writeBlank(sheet, 0, 0, style: .money)
        try workbook.close()
        #expect(!workbook.isOpen)
        #expect(throws: XLSXError.self) { try workbook.close() }
        #expect(throws: XLSXError.self) { try workbook.writeString(sheet, 1, 0, "late") }
        #expect(throws: XLSXError.self) { try workbook.addSheet(name: "T") }
        #expect(FileManager.default.fileExists(atPath: path))

        // Dropped without close: closed once by deinit, nothing at the path, no partial file.
        let abandoned = folder.path("abandoned.xlsx")
        do {
            let dropped = try XLSXWorkbook(path: abandoned, constantMemory: true)
            try dropped.writeString(try dropped.addSheet(name: "S"), 0, 0, "never written")
        }
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["refusals.xlsx"])
    }
}

/// The verification's XML layer (issue 12): a part cut at the end, or with bytes lost in the
/// middle, is told from a whole one.
@Suite struct XMLShapeTests {
    static let whole = #"<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a &amp; b</t></is></c>"#
        + #"<c r="B1" s="1"><v>12.5</v></c></row><row r="2"><c r="A2" s="2"/></row></sheetData></worksheet>"#

    static func shape(_ text: String) -> (problem: String?, rows: Int, cells: Int, values: Int, text: Int) {
        var shape = XMLShape()
        Array(text.utf8).withUnsafeBytes { shape.feed($0) }
        let problem = shape.finish()
        return (problem, shape.rows, shape.cells, shape.values, shape.textBytes)
    }

    @Test func aWholePartIsCounted() {
        let whole = Self.shape(Self.whole)
        #expect(whole.problem == nil && whole.rows == 2 && whole.cells == 3 && whole.values == 1)
        #expect(whole.text == XLSXVerification.escapedLength("a & b"))
    }

    @Test func everyCutIsCaughtAndEveryHoleChangesTheShape() {
        let bytes = Array(Self.whole.utf8)
        let full = Self.shape(Self.whole)
        for end in 1..<bytes.count {
            #expect(Self.shape(String(decoding: bytes[..<end], as: UTF8.self)).problem != nil, "cut at \(end)")
        }
        // Holes that take a tag's `<` or `>`, or text of a `t` element: the shape or the
        // counts differ. (A hole wholly inside one tag's attributes or one number's digits is
        // not seen: docs/export.md.)
        let textStart = Array(Self.whole.utf8).firstRange(of: Array("<t>".utf8)).map { $0.upperBound } ?? 0
        let inText = textStart..<(textStart + 9)
        for start in 0..<(bytes.count - 1) {
            for length in [1, 2, 5, 17] where start + length <= bytes.count {
                let taken = bytes[start..<(start + length)]
                guard taken.contains(UInt8(ascii: "<")) || taken.contains(UInt8(ascii: ">")) || inText.contains(start) else { continue }
                let holed = String(decoding: bytes[..<start] + bytes[(start + length)...], as: UTF8.self)
                let shape = Self.shape(holed)
                #expect(shape.problem != nil || shape.rows != full.rows || shape.cells != full.cells || shape.values != full.values || shape.text != full.text,
                        "a hole of \(length) at \(start) went unseen")
            }
        }
    }
}
