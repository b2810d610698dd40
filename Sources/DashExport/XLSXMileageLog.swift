import DashReport

/// The Mileage log sheet (issue 16, "The mileage log an auditor reads"): a row per completed
/// shift under the filter, then, below a blank row and outside the filter, the totals as numbers
/// in the distance column: "Total" (the sum of the rows as shown, each to the hundredth), the
/// standard-mileage deduction (money; the rate table named in the purpose column), and with the
/// vehicle's miles for the year, those miles and the business share (a percentage cell). The CSV's
/// total-only columns (`standard_mileage_deduction`, `business_share_percent`) are these rows here.
extension XLSXExport {
    static func writeMileageLog(_ data: ExportData, to workbook: XLSXWorkbook, span: String) throws(XLSXError) {
        let table = data.mileageLogShifts
        let distance = table.columns.firstIndex(of: data.report.request.distanceUnit == .mi ? "miles" : "km") ?? 4
        let purpose = table.columns.firstIndex(of: "purpose") ?? 8
        let totals = data.mileageTotals
        let word = data.report.request.distanceUnit == .mi ? "miles" : "km"
        var footer: [FooterRow] = [
            ("Total", [(distance, .distance(totals.distance))], percent: false),
            ("Standard-mileage deduction", [(distance, .money(totals.deduction)), (purpose, .text(totals.note))], percent: false),
        ]
        if let vehicle = totals.vehicleDistance {
            footer.append(("Vehicle \(word) in the year (odometer)", [(distance, Cell.distance(vehicle))], percent: false))
            // A percentage cell: the fraction, shown as 62.35%.
            footer.append(("Business share", totals.businessSharePercent.map { [(distance, Cell.decimal($0))] } ?? [], percent: true))
        }
        try writeTable(table, to: workbook, span: span, footer: footer)
    }
}
