import DashModel
import Foundation
import TestSupport
import Testing
@testable import DashExport
@testable import DashReport

/// The `platforms` table as a spreadsheet reader sees it (openpyxl, as XLSXTests), and the
/// `platforms` column of the Shifts sheet.
@Suite struct PlatformSheetTests {
    static func m(_ text: String) throws -> Money { try Money(parsing: text) }

    /// Two November shifts: one with DoorDash and doordash trips and an Uber total above its
    /// trips; one with a whole-shift typed figure and Uber trips.
    static func sample() throws -> ExportData {
        let zone = TimeZone(identifier: "America/Chicago") ?? .gmt
        let start1 = try TimeText.instant("2026-11-02T17:00", zone: zone)
        let start2 = try TimeText.instant("2026-11-04T11:00", zone: zone)
        let facts = [
            ShiftFacts(shift: try Shift(id: 1, start: start1, end: start1.adding(milliseconds: 3 * 3_600_000)), isPaused: false, pauses: [],
                       offers: 4, deliveries: 4, cancelledDeliveries: 0, outsideTips: .zero, meters: nil,
                       money: [PlatformMoney(platform: "doordash", source: .trips, gross: try m("12.50"), tips: try m("3.00"), trips: 1),
                               PlatformMoney(platform: "DoorDash", source: .trips, gross: try m("8.25"), trips: 1),
                               PlatformMoney(platform: "Uber", source: .statementTotal, gross: try m("30.00"), fees: try m("4.20")),
                               PlatformMoney(platform: "Uber", source: .trips, gross: try m("27.10"), trips: 2)]),
            ShiftFacts(shift: try Shift(id: 2, start: start2, end: start2.adding(milliseconds: 2 * 3_600_000)), isPaused: false, pauses: [],
                       offers: 1, deliveries: 1, cancelledDeliveries: 0, outsideTips: .zero, meters: nil,
                       money: [PlatformMoney(platform: nil, source: .typed, gross: try m("40.00"), tips: try m("5.00")),
                               PlatformMoney(platform: "Uber", source: .trips, gross: try m("38.00"), trips: 1)]),
        ]
        let request = ReportRequest(from: try Day(parsing: "2026-11-01"), to: try Day(parsing: "2026-12-01"), unit: .month, zone: zone, rates: nil)
        return ExportData(report: try Report(request: request, facts: facts, expenses: []), deliveries: [], expenses: [])
    }

    @Test("the Platforms sheet reads back a row per platform, letter case merged, each cell as the CSV says")
    func platformsSheet() throws {
        let folder = try TemporaryDirectory("PlatformSheetTests")
        let data = try Self.sample()
        let book = try XLSXTests.read(try XLSXTests.write(data, in: folder))
        let sheet = try #require(book.sheets.first { $0.name == "Platforms" })
        #expect(sheet.rows.first?.map(\.v) == Report.platformColumns.map(HumanHeaders.header))
        #expect(sheet.rows.count == 4, "a header, DoorDash, Uber and the whole-shift figure")
        let table = data.report.platformsTable
        for (r, row) in table.rows.enumerated() {
            for (c, cell) in row.enumerated() { XLSXTests.expect(XLSXTests.cell(sheet, r + 1, c), is: cell, "Platforms row \(r + 2) col \(c)") }
        }
        // DoorDash: 12.50 + 8.25 from two spellings, one platform; 3.00 tips; no fees recorded.
        #expect(sheet.rows[1].map(\.v).dropFirst(2) == ["DoorDash", "1", "2", "20.75", "3", "", "", ""])
        #expect(XLSXTests.cell(sheet, 1, 7)?.k == "none")
        // Uber: the 30.00 total counts on shift 1 (not its 27.10 trips); on shift 2 the whole-shift figure counts.
        #expect(sheet.rows[2].map(\.v).dropFirst(2) == ["Uber", "1", "3", "30", "", "4.2", "", ""])
        #expect(sheet.rows[3].map(\.v).dropFirst(2) == ["", "1", "0", "40", "5", "", "", ""])
        let shifts = try #require(book.sheets.first { $0.name == "Shifts" })
        let column = try #require(shifts.rows.first?.firstIndex { $0.v == "Platforms" })
        #expect(XLSXTests.cell(shifts, 1, column)?.v == "DoorDash, Uber")
        #expect(XLSXTests.cell(shifts, 2, column)?.v == "Uber")
        // Gross 50.75 + 40.00 is the platforms' sum: nothing lost, nothing twice.
        #expect(data.report.total.gross == (try Self.m("90.75")))
        #expect(data.report.total.fees == (try Self.m("4.20")))
        #expect(data.report.total.earningsNotes.count == 2)
    }
}
