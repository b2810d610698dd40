import DashModel
import Foundation
import TestSupport
import Testing
@testable import DashExport
@testable import DashReport

/// The mileage log an auditor reads (issue 16): what measured each shift, the totals as numbers
/// outside the data and the filter, the vehicle's year and the business share, and one total that
/// is the sum of the rows as printed in the CSV, the workbook and the text summary alike.
@Suite struct MileageLogTests {
    static let zone = XLSXTests.chicago

    /// Four completed shifts in November 2026: two measured routes (vehicle-1; geodesic-1 and
    /// vehicle-1 sessions), one with odometer readings (recorded: they count over its route), one
    /// with neither. The routes' miles are chosen so that rounding each row and rounding the sum
    /// differ: 3 x 10.005 mi is 30.015 (30.02) while the rows print 10.01 + 10.01 + 10.01.
    static func sample(vehicleYearMiles: Double? = nil, unit: DistanceUnit = .mi) throws -> ExportData {
        func at(_ text: String) throws -> Instant { try TimeText.instant(text, zone: zone) }
        let mile = 1609.344
        func facts(_ id: Int64, _ day: String, meters: Double?, methods: [MeasureMethod] = [], recorded: RecordedMiles? = nil) throws -> ShiftFacts {
            let shift = try Shift(id: id, start: try at(day + "T10:00"), end: try at(day + "T13:00"),
                                  earnings: try PaidAmount(try Money(parsing: "50.00"), tips: .zero))
            var f = ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 1, deliveries: 1, cancelledDeliveries: 0, outsideTips: .zero,
                               meters: meters)
            f.measureMethods = methods
            f.recordedMiles = recorded
            return f
        }
        let all = [
            try facts(1, "2026-11-02", meters: 10.005 * mile, methods: [.vehicle1]),
            try facts(2, "2026-11-03", meters: 10.005 * mile, methods: [.geodesic1, .vehicle1]),
            try facts(3, "2026-11-04", meters: 10.005 * mile, methods: [.vehicle1], recorded: try RecordedMiles(odometerStart: 482_104, end: 482_520)),
            try facts(4, "2026-11-05", meters: nil),
            try facts(5, "2026-11-06", meters: 10.005 * mile, methods: [.vehicle1]),
        ]
        let request = ReportRequest(from: try Day(parsing: "2026-11-01"), to: try Day(parsing: "2026-12-01"), unit: .month, zone: zone,
                                    distanceUnit: unit, rates: try MileageRateTable.builtIn("us-irs-business"))
        var data = ExportData(report: try Report(request: request, facts: all, expenses: []), deliveries: [], expenses: [])
        data.vehicleYearMiles = vehicleYearMiles
        return data
    }

    /// The CSV as a script reads it: RFC 4180 fields (a quoted one may hold commas and "").
    static func csvRows(_ table: ReportTable) -> [[String]] {
        CSVText.render(table).split(separator: "\r\n").map { line in
            var fields = [""], quoted = false, previous: Character = " "
            for character in line {
                switch character {
                case "\"" where quoted: quoted = false
                case "\"": if previous == "\"" { fields[fields.count - 1].append("\"") }; quoted = true
                case "," where !quoted: fields.append("")
                default: fields[fields.count - 1].append(character)
                }
                previous = character
            }
            return fields
        }
    }

    @Test("measured_by names the driver's figure or the route's methods; the total is the rows' sum as printed")
    func csvShape() throws {
        let data = try Self.sample()
        let rows = Self.csvRows(data.mileageLog)
        let header = try #require(rows.first)
        #expect(header == ["date", "shift_id", "started_at", "ended_at", "miles", "miles_source", "odometer_start", "odometer_end", "purpose",
                           "platforms", "measured_by", "standard_mileage_deduction", "business_share_percent"])
        let shifts = Array(rows.dropFirst().prefix(5))
        #expect(shifts.map { $0[10] } == ["vehicle-1", "geodesic-1, vehicle-1", "recorded", "", "vehicle-1"])
        #expect(shifts.map { $0[4] } == ["10.0100", "10.0100", "41.6000", "", "10.0100"])
        // The total row: the sum of the printed rows (71.63, not 30.015 + 41.6 rounded once = 71.62),
        // the deduction a number in its own column (71.63 mi at 2026's 0.725: 51.93... as the
        // report computes it from each shift's miles), the rates in purpose, no share.
        let total = try #require(rows.last)
        #expect(rows.count == 7 && total[0] == "total" && total[4] == "71.6300")
        let deduction = try #require(data.report.total.mileageDeduction)
        #expect(total[11] == deduction.formatted() && total[8] == "standard-mileage rates: us-irs-business" && total[12] == "")
        #expect(shifts.allSatisfy { $0[11] == "" && $0[12] == "" }, "the total-only columns are empty on shift rows")
        #expect(data.mileageTotals.distance == 71.63)
    }

    @Test("with the vehicle's miles for the year: its row and the business share, a number")
    func vehicleYear() throws {
        let data = try Self.sample(vehicleYearMiles: 12_000)
        let rows = Self.csvRows(data.mileageLog)
        #expect(rows.suffix(3).map { $0[0] } == ["total", "vehicle_year", "business_share"])
        #expect(rows[rows.count - 2][4] == "12000.0000")
        // 71.63 / 12,000 = 0.59691...%: 0.60 to the hundredth.
        #expect(rows[rows.count - 1][12] == "0.60" && rows[rows.count - 1][4] == "")
        #expect(data.mileageTotals.businessSharePercent == (try Money(parsing: "0.60")))
        // In km the vehicle's miles are converted; a zero odometer distance gives no share.
        #expect(try Self.sample(vehicleYearMiles: 100, unit: .km).mileageTotals.vehicleDistance == 160.93)
        #expect(try Self.sample(vehicleYearMiles: 0).mileageTotals.businessSharePercent == nil)
        let half = try Self.sample(vehicleYearMiles: 143.26).mileageTotals.businessSharePercent
        #expect(half == (try Money(parsing: "50.00")))
    }

    @Test("the workbook's log: shift rows under the filter, totals below a blank row as numbers", arguments: [true, false])
    func workbookTotals(constantMemory: Bool) throws {
        let folder = try TemporaryDirectory("MileageLogTests")
        let data = try Self.sample(vehicleYearMiles: 12_000)
        let book = try XLSXTests.read(try XLSXTests.write(data, in: folder, constantMemory: constantMemory))
        let sheet = try #require(book.sheets.first { $0.name == "Mileage log" })
        // 11 columns (A:K), the header and 5 shifts: rows 1 to 6; the totals from row 8.
        #expect(sheet.filter == "A1:K6")
        #expect(sheet.rows.first?.map(\.v) == ["Date", "Shift", "Started", "Ended", "Miles", "Miles from", "Odometer start", "Odometer end",
                                               "Business purpose", "Platforms", "Measured by"])
        #expect(sheet.rows[6].allSatisfy { $0.k == "none" }, "a blank row between the shifts and the totals")
        let labels = sheet.rows.dropFirst(7).map { $0.first?.v }
        #expect(labels == ["Total", "Standard-mileage deduction", "Vehicle miles in the year (odometer)", "Business share"])
        let rowsSum = sheet.rows[1...5].compactMap { Double($0[4].v) }.reduce(0, +)
        let total = sheet.rows[7][4]
        #expect(total.t == "n" && total.f == "0.00" && Double(total.v) == 71.63)
        #expect(abs(rowsSum - 71.63) < 1e-9, "the rows as shown add up to the total: \(rowsSum)")
        let deduction = sheet.rows[8][4]
        let amount = try #require(data.report.total.mileageDeduction)
        #expect(deduction.t == "n" && deduction.f == "#,##0.00" && Double(deduction.v) == XLSXExport.cents(amount))
        #expect(sheet.rows[8][8].v == "standard-mileage rates: us-irs-business")
        #expect(sheet.rows[9][4].t == "n" && sheet.rows[9][4].f == "0.00" && Double(sheet.rows[9][4].v) == 12_000)
        let share = sheet.rows[10][4]
        #expect(share.t == "n" && share.f == "0.00%" && Double(share.v) == 0.006)
        #expect(sheet.rows[1...5].map { $0[10].v } == ["vehicle-1", "geodesic-1, vehicle-1", "recorded", "", "vehicle-1"])
    }

    @Test("the text summary prints the same total, the vehicle's year and the share")
    func textTotals() throws {
        let text = try TextTemplateTests.summary(try Self.sample(vehicleYearMiles: 12_000))
        let lines = text.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "Mileage log"))
        let rows = lines[(start + 2)...].prefix { !$0.hasPrefix("total") }
        let printed = rows.compactMap { line in line.split(separator: " ").dropFirst(3).first.flatMap { Double($0) } }
        #expect(printed == [10.01, 10.01, 41.6, 10.01])
        let total = try #require(lines.first { $0.hasPrefix("total") })
        #expect(total.split(separator: " ").last == "71.63")
        #expect(lines.contains { $0.hasPrefix("vehicle miles in the year (odometer)") && $0.hasSuffix("12000.00") })
        #expect(lines.contains { $0.hasPrefix("business share") && $0.hasSuffix(" 0.60%") })
        TextTemplateTests.expectWithinEightyColumns(text)
        // Without the vehicle's miles, neither line.
        let plain = try TextTemplateTests.summary(try Self.sample())
        #expect(!plain.contains("vehicle miles") && !plain.contains("business share"))
    }
}
