import DashModel
import DashReport

/// The report as JSON (docs/report.md): the request, then a member per period with the
/// `periods.csv` figures under the same names plus what the text report adds, the totals, and
/// the active shifts. Money, hours and distances are strings of the printed figure; an
/// unrecorded figure is null.
public enum ReportJSON {
    public static func render(_ report: Report) -> String {
        let table = report.periodsTable
        func figures(_ cells: [Cell], _ f: PeriodFigures) -> JSONValue {
            var members = zip(table.columns, cells).map { ($0.0, JSONValue.cell($0.1)) }
            members.append(("shifts_without_route", .integer(f.shiftsWithoutRoute)))
            members.append(("standard_mileage_deduction", .cell(.money(f.mileageDeduction))))
            members.append(("shifts_without_mileage_rate", .integer(f.shiftsWithoutMileageRate)))
            members.append(("expenses_by_category", .object(f.expensesByCategory.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.formatted())) })))
            return .object(members)
        }
        let periods = zip(report.rows, table.rows).map { figures($0.1, $0.0.figures) }
        let whole = Period(start: report.request.from, end: report.request.to)
        let active = report.shifts.filter { !$0.isCompleted }.map { s -> JSONValue in
            .object([("shift_id", .integer(Int(s.shift.id))),
                     ("started_at", .cell(.time(s.shift.start, offsetSeconds: TimeText.offsetSeconds(at: s.shift.start, in: report.request.zone)))),
                     ("state", .string(s.state.rawValue))])
        }
        return JSONValue.object(header(report) + [
            ("periods", .array(periods)),
            ("total", figures(report.periodRow(whole, report.total), report.total)),
            ("active_shifts", .array(active)),
        ]).text() + "\n"
    }

    /// `report --shifts --format json`: the request and a member per shift under the `shifts.csv` names.
    public static func renderShifts(_ report: Report) -> String {
        let table = report.shiftsTable
        let shifts = table.rows.map { row in JSONValue.object(zip(table.columns, row).map { ($0.0, JSONValue.cell($0.1)) }) }
        return JSONValue.object(header(report) + [("shifts", .array(shifts))]).text() + "\n"
    }

    static func header(_ report: Report) -> [(String, JSONValue)] {
        let request = report.request
        return [("from", .string(request.from.description)), ("to", .string(request.to.description)),
                ("zone", .string(request.zone.identifier)), ("period", .string(request.unit.rawValue)),
                ("week_start", .string(request.weekStart.rawValue)), ("distance_unit", .string(request.distanceUnit.rawValue)),
                ("mileage_rates", request.rates.map { .string($0.name) } ?? .null)]
    }
}
