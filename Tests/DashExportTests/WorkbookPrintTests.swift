import DashModel
import Foundation
import TestSupport
import Testing
@testable import DashExport
@testable import DashReport

/// The workbook an accountant can print (issue 16), read back with openpyxl as XLSXTests does:
/// human headers, money at the cent with the currency's format, distances and hours shown to two
/// places with their precision kept, every sheet's print settings, and the charts' parts.
@Suite struct WorkbookPrintTests {
    struct Layout: Decodable {
        let title: String
        let orientation: String?
        let paper: Int?
        let fitToPage: Bool
        let fitToWidth: Int?
        let fitToHeight: Int?
        let titleRows: String?
        let header: [String]
        let footer: String?
        let gridLines: Bool
    }

    struct Read: Decodable {
        let layouts: [Layout]
        let names: [String]
        let parts: [String: String]
    }

    static let script = """
        import sys, json, zipfile
        import openpyxl
        path = sys.argv[1]
        wb = openpyxl.load_workbook(path)
        out = {"layouts": []}
        for ws in wb.worksheets:
            ps = ws.page_setup
            pr = ws.sheet_properties.pageSetUpPr
            h = ws.oddHeader
            out["layouts"].append({"title": ws.title, "orientation": ps.orientation,
                "paper": int(ps.paperSize) if ps.paperSize is not None else None,
                "fitToPage": bool(pr is not None and pr.fitToPage),
                "fitToWidth": int(ps.fitToWidth) if ps.fitToWidth is not None else None,
                "fitToHeight": int(ps.fitToHeight) if ps.fitToHeight is not None else None,
                "titleRows": ws.print_title_rows,
                "header": [h.left.text or "", h.center.text or "", h.right.text or ""],
                "footer": ws.oddFooter.center.text, "gridLines": bool(ws.print_options.gridLines)})
        z = zipfile.ZipFile(path)
        out["names"] = sorted(z.namelist())
        out["parts"] = {n: z.read(n).decode("utf-8") for n in z.namelist() if n.startswith("xl/charts/") or "rels" in n or n.startswith("xl/drawings/")}
        json.dump(out, sys.stdout)
        """

    static func read(_ path: String) throws -> Read {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: XLSXTests.python)
        process.arguments = ["-c", script, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openpyxl could not read \(path): `make deps` installs python3-openpyxl")
        return try JSONDecoder().decode(Read.self, from: data)
    }

    @Test("every sheet prints landscape on letter, one page wide, its header row on every page, titled", arguments: [true, false])
    func printSettings(constantMemory: Bool) throws {
        let folder = try TemporaryDirectory("WorkbookPrintTests")
        let read = try Self.read(try XLSXTests.write(try XLSXTests.sample(), in: folder, constantMemory: constantMemory))
        #expect(read.layouts.map(\.title) == ["Summary", "Charts", "Periods", "Shifts", "Platforms", "Deliveries", "Expenses", "Other income", "Mileage log"])
        for layout in read.layouts {
            #expect(layout.orientation == "landscape", "\(layout.title)")
            #expect(layout.paper == 1, "\(layout.title): US letter")
            // fitToWidth 1 is the format's default, so libxlsxwriter leaves it out: openpyxl reads nil.
            #expect(layout.fitToPage && (layout.fitToWidth ?? 1) == 1 && layout.fitToHeight == 0, "\(layout.title)")
            #expect(layout.titleRows == (layout.title == "Charts" ? nil : "$1:$1"), "\(layout.title)")
            // The sample's span: October and November 2026.
            #expect(layout.header == ["DashPilot", layout.title, "2026-10-01 to 2026-11-30"], "\(layout.title)")
            #expect(layout.footer == "Page &P of &N", "\(layout.title)")
            #expect(layout.gridLines, "\(layout.title)")
        }
    }

    @Test("the Charts sheet holds three charts drawn from the Periods sheet's cells", arguments: [true, false])
    func chartsExist(constantMemory: Bool) throws {
        let folder = try TemporaryDirectory("WorkbookPrintTests")
        let data = try XLSXTests.sample()
        let read = try Self.read(try XLSXTests.write(data, in: folder, constantMemory: constantMemory))
        for part in ["xl/charts/chart1.xml", "xl/charts/chart2.xml", "xl/charts/chart3.xml", "xl/drawings/drawing1.xml",
                     "xl/drawings/_rels/drawing1.xml.rels", "xl/worksheets/_rels/sheet2.xml.rels"] {
            #expect(read.names.contains(part), "\(part) is missing")
        }
        // The Charts sheet (sheet2) draws drawing1, which holds the three charts.
        #expect(read.parts["xl/worksheets/_rels/sheet2.xml.rels"]?.contains("../drawings/drawing1.xml") == true)
        let drawing = read.parts["xl/drawings/_rels/drawing1.xml.rels"] ?? ""
        #expect((1...3).allSatisfy { drawing.contains("../charts/chart\($0).xml") })
        // Two months: rows 2 and 3 of Periods; gross is column L, net after expenses Q, worked
        // hours J, gross per worked hour U; the categories are the periods' starts (A).
        let columns = data.report.periodsTable.columns
        #expect(columns.firstIndex(of: "gross_earnings") == 11 && columns.firstIndex(of: "net_after_expenses") == 16)
        #expect(columns.firstIndex(of: "worked_hours") == 9 && columns.firstIndex(of: "earnings_per_worked_hour") == 20)
        let gross = read.parts["xl/charts/chart1.xml"] ?? ""
        #expect(gross.contains("<c:barChart>") && gross.contains("Periods!$L$2:$L$3") && gross.contains("Periods!$Q$2:$Q$3"))
        #expect(gross.contains("Periods!$A$2:$A$3") && gross.contains("Gross and net after expenses per period"))
        #expect(read.parts["xl/charts/chart2.xml"]?.contains("Periods!$J$2:$J$3") == true)
        let hourly = read.parts["xl/charts/chart3.xml"] ?? ""
        #expect(hourly.contains("<c:lineChart>") && hourly.contains("Periods!$U$2:$U$3"))
    }

    @Test("money cells hold the cent value with the currency's format; distances and hours show two places")
    func moneyAndDistanceFormats() throws {
        let folder = try TemporaryDirectory("WorkbookPrintTests")
        var data = try XLSXTests.sample()
        data.currencyCode = "USD"
        let book = try XLSXTests.read(try XLSXTests.write(data, in: folder, "usd.xlsx"))
        let shifts = try #require(book.sheets.first { $0.name == "Shifts" })
        let header = try #require(shifts.rows.first).map(\.v)
        let fuel = try #require(header.firstIndex(of: "Estimated fuel"))
        let miles = try #require(header.firstIndex(of: "Miles"))
        let worked = try #require(header.firstIndex(of: "Worked hours"))
        // Shift 1: 42,195.5 m at 31.5 mpg and 3.459 a gallon: fuel has sub-cent units.
        let estimate = try #require(data.report.shifts.first?.estimatedFuel)
        #expect(estimate.units % 100 != 0, "the sample's estimate has sub-cent units: \(estimate)")
        let cell = try #require(XLSXTests.cell(shifts, 1, fuel))
        #expect(cell.f == ##""$"#,##0.00;-"$"#,##0.00"##)
        #expect(cell.v == String(describing: Double(estimate.formatted()) ?? 0), "\(cell.v) is not \(estimate.formatted())")
        // A distance keeps its precision (26.2190...), shown with two places; hours too.
        let distance = try #require(XLSXTests.cell(shifts, 1, miles))
        #expect(distance.f == "0.00" && (distance.v.split(separator: ".").last?.count ?? 0) > 2, "\(distance)")
        #expect(XLSXTests.cell(shifts, 1, worked)?.f == "0.00")
        // Another currency: its code after the amount; none recorded: plain two places.
        #expect(XLSXExport.moneyFormat(currency: "EUR") == ##"#,##0.00 "EUR";-#,##0.00 "EUR""##)
        #expect(XLSXExport.moneyFormat(currency: nil) == "#,##0.00")
        #expect(XLSXExport.moneyFormat(currency: "u$d") == "#,##0.00")
        // Half away from zero to the cent, never -0.
        #expect(XLSXExport.cents(Money(units: 1_234_550)) == 123.46)
        #expect(XLSXExport.cents(Money(units: -1_234_550)) == -123.46)
        #expect(XLSXExport.cents(Money(units: 1_234_549)) == 123.45)
        #expect(XLSXExport.cents(Money(units: -49)).sign == .plus)
    }

    @Test("every column of every table has a human header, in miles and in km")
    func everyColumnHasAHumanHeader() throws {
        var tables = try XLSXTests.sample().tables
        let km = ReportRequest(from: try Day(parsing: "2026-11-01"), to: try Day(parsing: "2026-12-01"), unit: .month,
                               zone: XLSXTests.chicago, distanceUnit: .km, rates: nil)
        let empty = ExportData(report: try Report(request: km, facts: [], expenses: []), deliveries: [], expenses: [])
        tables += empty.tables
        #expect(tables.count == 14)
        for table in tables {
            for column in table.columns {
                #expect(HumanHeaders.names[column] != nil, "\(table.name).\(column) has no human header (HumanHeaders.swift)")
            }
        }
        #expect(HumanHeaders.header("gross_earnings") == "Gross" && HumanHeaders.header("worked_hours") == "Worked hours")
        #expect(HumanHeaders.header("platform_tips") == "Platform tips (within gross)")
        // Within a table no two columns read the same.
        for table in tables { #expect(Set(table.columns.map(HumanHeaders.header)).count == table.columns.count, "\(table.name)") }
    }
}
