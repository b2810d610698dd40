import CXLSXWriter
import DashReport

/// The workbook's charts (issue 16), on a "Charts" sheet after the Summary, drawn from the
/// Periods sheet's cells (each series a range of it, so they follow any edit there): gross and
/// net after expenses per period (columns), worked hours per period (columns), and gross per
/// worked hour per period (a line). libxlsxwriter 1.1.4 has no combined chart with a secondary
/// axis (`chart_combine` came later), so hours and the hourly figure are two charts.
///
/// Constant-memory mode: the charts hold only references (libxlsxwriter cannot fill a chart's
/// cached values from rows already streamed to disk); Excel and LibreOffice draw them from the
/// referenced cells when the file opens.
extension XLSXExport {
    static let chartsSheetName = "Charts"

    /// What one chart shows: series by their Periods column names.
    struct ChartPlan {
        let kind: XLSXWorkbook.ChartKind
        let title: String
        let axis: String
        let numberFormat: String
        let columns: [String]
    }

    static func chartPlans(moneyFormat: String) -> [ChartPlan] {
        [ChartPlan(kind: .column, title: "Gross and net after expenses per period", axis: "Amount", numberFormat: moneyFormat,
                   columns: ["gross_earnings", "net_after_expenses"]),
         ChartPlan(kind: .column, title: "Worked hours per period", axis: "Hours", numberFormat: "0", columns: ["worked_hours"]),
         ChartPlan(kind: .line, title: "Gross per worked hour per period", axis: "Per hour", numberFormat: moneyFormat,
                   columns: ["earnings_per_worked_hour"])]
    }

    /// Rows of the Charts sheet each chart takes, with a row of room below it.
    static let chartRows = 20

    /// The Charts sheet, when the Periods sheet has rows to draw; nothing otherwise.
    static func writeCharts(_ periods: ReportTable, to workbook: XLSXWorkbook, span: String) throws(XLSXError) {
        guard !periods.rows.isEmpty, let category = periods.columns.firstIndex(of: "period_start") else { return }
        let sheet = try workbook.addSheet(name: chartsSheetName)
        try workbook.setPrinting(sheet, title: chartsSheetName, span: span, repeatRows: 0)
        let source = sheetName(periods.name)
        for (index, plan) in chartPlans(moneyFormat: workbook.moneyFormat).enumerated() {
            let series = plan.columns.compactMap { name in periods.columns.firstIndex(of: name) }
            guard !series.isEmpty else { continue }
            try workbook.insertChart(sheet, row: 1 + index * chartRows, column: 1, kind: plan.kind, title: plan.title, axis: plan.axis,
                                     numberFormat: plan.numberFormat, dataSheet: source, categoryColumn: category, valueColumns: series,
                                     lastRow: periods.rows.count)
        }
    }
}

extension XLSXWorkbook {
    enum ChartKind { case column, line }

    /// A chart of `valueColumns` of `dataSheet` (rows 1...lastRow; row 0, the header, names
    /// each series) against `categoryColumn`, placed at (`row`, `column`) of `sheet`, 720 by
    /// 346 pixels.
    func insertChart(_ sheet: Sheet, row: Int, column: Int, kind: ChartKind, title: String, axis: String, numberFormat: String,
                     dataSheet: String, categoryColumn: Int, valueColumns: [Int], lastRow: Int) throws(XLSXError) {
        let action = "adding the chart \"\(title)\" to \(sheet.name)"
        let workbook = try open(action)
        let (r, c) = try Self.place(sheet, row, column)
        let (last, categories) = try Self.place(sheet, lastRow, categoryColumn)
        let type = UInt8((kind == .column ? LXW_CHART_COLUMN : LXW_CHART_LINE).rawValue)
        guard let chart = workbook_add_chart(workbook, type) else {
            throw XLSXError(action: action, reason: "libxlsxwriter could not create it")
        }
        chart_title_set_name(chart, title)
        for value in valueColumns {
            let (_, v) = try Self.place(sheet, 0, value)
            guard let series = chart_add_series(chart, nil, nil) else { throw XLSXError(action: action, reason: "libxlsxwriter could not add a series") }
            chart_series_set_categories(series, dataSheet, 1, categories, last, categories)
            chart_series_set_values(series, dataSheet, 1, v, last, v)
            chart_series_set_name_range(series, dataSheet, 0, v)
        }
        chart_axis_set_name(chart.pointee.y_axis, axis)
        chart_axis_set_num_format(chart.pointee.y_axis, numberFormat)
        chart_axis_set_num_format(chart.pointee.x_axis, "yyyy-mm-dd")
        chart_legend_set_position(chart, UInt8(LXW_CHART_LEGEND_BOTTOM.rawValue))
        var options = lxw_chart_options()
        options.x_scale = 1.5
        options.y_scale = 1.2
        let error = title.withCString { text in
            options.description = UnsafeMutablePointer(mutating: text)
            return worksheet_insert_chart_opt(sheet.pointer, r, c, chart, &options)
        }
        try Self.check(error, action)
    }
}
