import DashModel
import Foundation
import Testing
import TestSupport

/// The tax summary an export carries (docs/tax.md, "In an export"), through the real binary:
/// the tax CSVs are `tax`'s own tables for the tax year of the span's last day, January 1
/// to the end of the estimated-tax period that day falls in; the workbook's "Tax summary"
/// sheet read back with openpyxl; the mileage log's total the sum of its printed rows wherever
/// it is printed; every amount entered reaching the tax tables once.
@Suite struct TaxExportTests {
    static func export(_ bench: TaxBench, _ range: String, _ name: String) throws -> String {
        let out = bench.folder.path(name)
        let result = try bench.run("export", "--range", range, "--format", "csv", "--out", out)
        try #require(result.status == 0, "\(range): \(result.stderr)")
        return out
    }

    /// An export's span against `tax` for the period holding its last day: 2026 ends in TQ4
    /// (the year); July 2026 ends in TQ3 (Jan 1 to Aug 31, not July's end); the first quarter
    /// ends in TQ1; September ends in TQ4, so its tax tables are the whole year.
    @Test(arguments: [("2026", "TQ4"), ("2026-07", "TQ3"), ("2026Q1", "TQ1"), ("2026-09", "TQ4")])
    func theFourTaxTablesAreTaxsOwn(range: String, quarter: String) throws {
        let bench = try TaxCommandTests.year2026()
        let out = try Self.export(bench, range, "export")
        let tax = ["tax", "--year", "2026", "--quarter", quarter]
        let csv = try bench.run(tax + ["--format", "csv"])
        try #require(csv.status == 0, "\(csv.stderr)")
        #expect(try bench.read(out + "/tax_summary.csv") == csv.stdout, "\(range): tax_summary.csv is not `tax --quarter \(quarter)`")
        let json = try TaxRead.json(try bench.run(tax + ["--format", "json"]).stdout)
        for (file, list) in [("tax_platforms", "platforms"), ("tax_mileage", "mileage"), ("tax_expenses", "expenses")] {
            let rows = TaxRead.csvObjects(try bench.read(out + "/\(file).csv"))
            #expect(rows == (try TaxRead.objects(json, list)), "\(range): \(file).csv is not the JSON's \(list)")
        }
        // The export takes no income-tax rate: the row is there, empty.
        #expect(try TaxRead.summaryCSV(csv.stdout)["income_tax"] == Pair(nil, nil))
    }

    /// The hand-worked year in the workbook: labels are text, money a number of whole cents
    /// with a currency format, a figure not computed an empty cell; the headers human.
    @Test func theTaxSummarySheetReadBack() throws {
        let bench = try TaxCommandTests.year2026()
        let book = bench.folder.path("year.xlsx")
        let result = try bench.run("export", "--range", "2026", "--format", "xlsx", "--out", book)
        try #require(result.status == 0, "\(result.stderr)")
        let sheets = try Workbook.read(book)
        let summary = try #require(sheets["Tax summary"])
        #expect(summary.first?.map(\.v) == ["Section", "Schedule C line", "Key", "Item", "Standard method", "Actual method"])
        #expect(summary.first?.allSatisfy { $0.k == "str" } == true)
        let csv = TaxRead.csvRows(try bench.run("tax", "--year", "2026", "--format", "csv").stdout)
        try #require(summary.count == csv.count, "\(summary.count) rows in the sheet, \(csv.count) in the CSV")
        for (row, cells) in zip(summary.dropFirst(), csv.dropFirst()) {
            for column in 0..<4 {
                let cell = row[column]
                if cells[column].isEmpty {
                    #expect(cell.k == "none", "\(cells[2]) column \(column): \(cell)")
                } else {
                    #expect(cell.k == "str" && cell.t == "s" && cell.v == cells[column], "\(cells[2]) column \(column): \(cell)")
                }
            }
            for column in 4..<6 {
                let cell = row[column]
                guard !cells[column].isEmpty else {
                    #expect(cell.k == "none", "\(cells[2]) column \(column): \(cell) should be empty")
                    continue
                }
                let value = try? Money(parsing: cell.v)
                #expect(["int", "float"].contains(cell.k) && cell.t == "n" && cell.f == "#,##0.00", "\(cells[2]): \(cell)")
                #expect(value.map { $0.units % 100 == 0 } == true, "\(cells[2]): \(cell.v) is not whole cents")
                #expect(value == (try Money(parsing: cells[column])), "\(cells[2]) column \(column): \(cell.v), the CSV \(cells[column])")
            }
        }
        let byKey = Dictionary(summary.dropFirst().map { ($0[2].v, $0) }, uniquingKeysWith: { first, _ in first })
        let money = { (cell: Workbook.Cell?) in cell.flatMap { try? Money(parsing: $0.v) } }
        let (profit, actualProfit, se) = (try Money(parsing: "1357.43"), try Money(parsing: "1483.84"), try Money(parsing: "191.80"))
        #expect(money(byKey["net_profit"]?[4]) == profit)
        #expect(money(byKey["net_profit"]?[5]) == actualProfit)
        #expect(money(byKey["self_employment_tax"]?[4]) == se)
        #expect(byKey["vehicle_costs_covered"]?[5].k == "none")
        #expect(sheets["Tax platforms"]?.first?.map(\.v) == ["Platform", "Shifts", "Gross", "Fees withheld", "Platform tips (within gross)", "Other income (on no shift)"])
        #expect(sheets["Tax mileage"]?.first?.first?.v == "Rate from" && sheets["Tax expenses"]?.first?.first?.v == "Category")
        #expect(sheets["Tax platforms"]?.dropFirst().map { money($0[2]) } == [try Money(parsing: "575.25"), try Money(parsing: "1220.00")])
    }

    /// Five routes of 2026 whose miles round (their exact sum, 28.85 to the hundredth, is not
    /// the sum of the five as printed): the log's total is the sum of its printed rows in the
    /// CSV, the workbook and the text, and the business miles the tax tables value.
    @Test func theMileageLogTotalIsTheSumOfItsPrintedRows() throws {
        let bench = try TaxBench()
        var tracks: [String] = []
        for (day, count) in [1201, 1733, 2467, 3011, 877].enumerated() {
            tracks.append(try bench.file("day\(day).gpx", GPXFixture.document(segment: GPXFixture.drive(count: count, start: day * 86_400))))
        }
        try bench.build([["import", "gpx"] + tracks])
        let out = try Self.export(bench, "2026", "export")

        let log = TaxRead.csvRows(try bench.read(out + "/mileage_log.csv"))
        let printed = try log.filter { $0.first?.hasPrefix("2026-") == true }.map { try Money(parsing: $0[4]) }
        try #require(printed.count == 5)
        let sum = try printed.reduce(Money.zero) { try $0.adding($1) }
        let total = try #require(log.first { $0.first == "total" })
        #expect(try Money(parsing: total[4]) == sum, "mileage_log.csv: total \(total[4]), rows \(printed)")
        // The fixture is one where rounding matters: the exact miles, to the hundredth, are not the sum.
        let periods = TaxRead.csvObjects(try bench.read(out + "/periods.csv"))
        let exact = try #require(Double(periods.first?["miles"] ?? ""))
        try #require(Int64((exact * 100).rounded()) != sum.units / 100, "the routes no longer round: \(exact) against \(sum)")

        let mileage = TaxRead.csvObjects(try bench.read(out + "/tax_mileage.csv"))
        let business = try mileage.reduce(Money.zero) { try $0.adding(try Money(parsing: $1["business_miles"] ?? "")) }
        #expect(business == sum, "tax_mileage.csv: \(business), the log \(sum)")

        let book = bench.folder.path("log.xlsx")
        try #require(try bench.run("export", "--range", "2026", "--format", "xlsx", "--out", book).status == 0)
        let sheet = try #require(try Workbook.read(book)["Mileage log"])
        let cents = { (cell: Workbook.Cell) -> Int64? in Double(cell.v).map { Int64(($0 * 100).rounded()) } }
        let rows = sheet.filter { $0.first?.k == "datetime" }.compactMap { cents($0[4]) }
        #expect(rows == printed.map { $0.units / 100 }, "the sheet's rows are the CSV's")
        let sheetTotal = sheet.first { $0.first?.v == "Total" }.flatMap { cents($0[4]) }
        #expect(sheetTotal == rows.reduce(0, +), "the sheet's total \(String(describing: sheetTotal)), its rows \(rows)")

        let text = try bench.run("export", "--range", "2026", "--format", "text", "--out", "-")
        let section = text.stdout.components(separatedBy: "Mileage log\n").dropFirst().first ?? ""
        let lines = section.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let textRows = try lines.filter { $0.first?.hasPrefix("2026-") == true }.map { try Money(parsing: $0[3]) }
        #expect(textRows == printed, "the text's rows: \(textRows)")
        let textTotal = try lines.first { $0.first == "total" }.map { try Money(parsing: $0[1]) }
        #expect(textTotal == sum, "the text's total: \(String(describing: textTotal))")
    }

    /// Every gross amount entered reaches tax_platforms.csv once and the summary's gross
    /// receipts with the outside tip; every expense reaches tax_expenses.csv once.
    @Test func everyAmountEnteredIsCountedOnce() throws {
        let bench = try TaxCommandTests.year2026()
        let out = try Self.export(bench, "2026", "export")
        var entered: [String: Money] = [:]
        for (platform, amount) in TaxCommandTests.grossEntered {
            entered[platform] = try (entered[platform] ?? .zero).adding(try Money(parsing: amount))
        }
        let platforms = TaxRead.csvObjects(try bench.read(out + "/tax_platforms.csv"))
        var counted: [String: Money] = [:]
        for row in platforms { counted[row["platform"] ?? ""] = try Money(parsing: row["gross"] ?? "") }
        #expect(counted == entered, "tax_platforms.csv gross \(counted), entered \(entered)")
        let gross = try entered.values.reduce(Money.zero) { try $0.adding($1) }
        let summary = try TaxRead.summaryCSV(try bench.read(out + "/tax_summary.csv"))
        let receipts = try gross.adding(try Money(parsing: TaxCommandTests.outsideTips))
        #expect(summary["gross_receipts"] == Pair(receipts.formatted(), receipts.formatted()))
        #expect(summary["platform_gross"] == Pair(gross.formatted(), gross.formatted()))

        let expenses = TaxRead.csvObjects(try bench.read(out + "/tax_expenses.csv"))
        let amounts = try expenses.reduce(Money.zero) { try $0.adding(try Money(parsing: $1["amount"] ?? "")) }
        let spent = try TaxCommandTests.expenses.reduce(Money.zero) { try $0.adding(try Money(parsing: $1.amount)) }
        #expect(amounts == spent, "tax_expenses.csv \(amounts), entered \(spent)")
        #expect(expenses.compactMap { Int($0["expenses"] ?? "") }.reduce(0, +) == TaxCommandTests.expenses.count)
        // Under the standard method what is deducted is the amount less the vehicle costs covered.
        let standard = try expenses.reduce(Money.zero) { try $0.adding(try Money(parsing: $1["deducted_standard"] ?? "")) }
        let covered = try Money(parsing: summary["vehicle_costs_covered"]?.standard ?? "")
        #expect(try standard.adding(covered) == spent)
    }
}

/// A workbook's sheets as openpyxl reads them (/usr/bin/python3, as XLSXTests does).
enum Workbook {
    struct Cell: Decodable, Equatable, CustomStringConvertible {
        /// none, int, float, str, datetime.
        let k: String
        let v: String
        /// openpyxl's data_type and number_format.
        let t: String
        let f: String
        var description: String { "\(k) \(v) \(t) \(f)" }
    }

    static let script = """
        import sys, json, datetime
        try:
            import openpyxl
        except ImportError:
            sys.exit(3)
        wb = openpyxl.load_workbook(sys.argv[1])
        out = {}
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
            out[ws.title] = rows
        json.dump(out, sys.stdout)
        """

    static func read(_ path: String) throws -> [String: [[Cell]]] {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "\(python) is missing: `make deps` installs python3-openpyxl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus != 3, "\(python) cannot import openpyxl: `make deps` installs python3-openpyxl")
        try #require(process.terminationStatus == 0, "openpyxl could not read \(path)")
        return try JSONDecoder().decode([String: [[Cell]]].self, from: data)
    }
}
