import DashModel
import DashReport

/// The report as JSON (docs/report.md): the request, then a member per period with the
/// `periods.csv` figures under the same names plus what the text report adds, the totals, and
/// the active shifts. Money, hours and distances are strings of the printed figure; an
/// unrecorded figure is null.
public enum ReportJSON {
    public static func render(_ report: Report) -> String {
        let table = report.periodsTable
        func figures(_ period: Period, _ cells: [Cell], _ f: PeriodFigures) -> JSONValue {
            var members = zip(table.columns, cells).map { ($0.0, JSONValue.cell($0.1)) }
            members.append(("fees", .cell(.money(f.fees))))
            members.append(("platforms", platforms(report.platformRows(period, f))))
            members.append(("shifts_without_route", .integer(f.shiftsWithoutRoute)))
            // Shifts whose miles are their trips' platform-reported distance (docs/mileage.md).
            members.append(("shifts_on_platform_miles", .integer(f.shiftsOnPlatformDistance)))
            members.append(("shifts_timed_by_payments", .integer(f.shiftsTimedByPayments)))
            // The route's distance while no trip was active (docs/mileage.md, "Miles per
            // platform"): with each platform's trip_distance it is the routes' distance.
            members.append(("distance_between_trips",
                            .cell(.distance(f.shiftsWithPlatformMiles > 0 ? report.request.distanceUnit.amount(meters: f.metersBetweenTrips) : nil))))
            members.append(("shifts_without_mileage_rate", .integer(f.shiftsWithoutMileageRate)))
            members.append(("expenses_by_category", .object(f.expensesByCategory.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.formatted())) })))
            return .object(members)
        }
        let periods = zip(report.rows, table.rows).map { figures($0.0.period, $0.1, $0.0.figures) }
        let whole = Period(start: report.request.from, end: report.request.to)
        let active = report.shifts.filter { !$0.isCompleted }.map { s -> JSONValue in
            .object([("shift_id", .integer(Int(s.shift.id))),
                     ("started_at", .cell(.time(s.shift.start, offsetSeconds: TimeText.offsetSeconds(at: s.shift.start, in: report.request.zone)))),
                     ("state", .string(s.state.rawValue))])
        }
        return JSONValue.object(header(report) + [
            ("periods", .array(periods)),
            ("total", figures(whole, report.periodRow(whole, report.total), report.total)),
            ("active_shifts", .array(active)),
            ("earnings_notes", .array(report.total.earningsNotes.map(note))),
        ]).text() + "\n"
    }

    /// A member per platform under the `platforms.csv` names, without the period's dates.
    static func platforms(_ rows: [[Cell]]) -> JSONValue {
        let columns = Report.platformColumns
        return .array(rows.map { row in
            .object(zip(columns, row).filter { !["period_start", "period_end"].contains($0.0) }.map { ($0.0, JSONValue.cell($0.1)) })
        })
    }

    /// An earnings note: the shift, the platform (null: the whole shift), the figure that
    /// counts and the one that does not, and the sentence the text report prints.
    static func note(_ note: EarningsNote) -> JSONValue {
        func side(_ figure: EarningsNote.Side) -> JSONValue {
            .object([("figure", .string(figure.label)), ("source", figure.source.map { .string($0.rawValue) } ?? .null),
                     ("platform", figure.platform.map(JSONValue.string) ?? .null), ("gross", .string(figure.gross.formatted())),
                     ("parts", .array(figure.parts.map { side($0) }))])
        }
        return .object([("shift_id", .integer(Int(note.shiftID))), ("platform", note.platform.map(JSONValue.string) ?? .null),
                        ("counts", side(note.counted)), ("not_counted", side(note.other)), ("text", .string(note.text))])
    }

    /// `report --platforms --format json`: the request, a member per period and platform under
    /// the `platforms.csv` names, and `total`, a member per platform over the whole span.
    public static func renderPlatforms(_ report: Report) -> String {
        let table = report.platformsTable
        let rows = table.rows.map { row in JSONValue.object(zip(table.columns, row).map { ($0.0, JSONValue.cell($0.1)) }) }
        return JSONValue.object(header(report) + [
            ("platforms", .array(rows)), ("total", platforms(report.platformsTotalTable.rows)),
            ("earnings_notes", .array(report.total.earningsNotes.map(note))),
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
