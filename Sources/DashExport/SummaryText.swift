import DashModel
import DashReport
import Foundation

/// An export's figures as a text template's context (docs/text-templates.md): the request, the
/// totals under their `periods.csv` names, and the lists `periods`, `expenses_by_category`,
/// `mileage_log` and `active_shifts`. Every value is a cell of the report's own tables (or a
/// figure the report holds), so nothing is computed twice.
public enum SummaryText {
    /// Renders `template` (Templates/reports/summary.txt, or the user's) over `data`.
    public static func render(_ data: ExportData, template: TextTemplate) throws -> String {
        try template.render(context(data))
    }

    /// The names offered for a report in miles or km, to check a template when it is read.
    /// They are those of `context(_:)` for an empty report, so the two cannot drift apart.
    public static func schema(_ unit: DistanceUnit = .mi) -> TextTemplateSchema {
        let request = ReportRequest(from: Day(number: 0), to: Day(number: 0), unit: .day, zone: TimeZone(identifier: "UTC") ?? .gmt,
                                    distanceUnit: unit, rates: nil)
        // A report over no days adds nothing up, so it cannot fail; were it to, every name is
        // unknown and every template is refused, loudly.
        guard let report = try? Report(request: request, facts: [], expenses: []) else { return TextTemplateSchema() }
        return context(ExportData(report: report, deliveries: [], expenses: [])).schema
    }

    /// The context of `data`: its schema and its values.
    public static func context(_ data: ExportData) -> TextTemplateContext {
        let report = data.report
        let request = report.request
        let total = report.total
        var top = Fields()
        top["from"] = .date(request.from)
        top["to"] = .date(request.to)
        top["last_day"] = .date(request.to.adding(days: -1))
        top["zone"] = .text(request.zone.identifier)
        top["period"] = .text(request.unit.rawValue)
        top["distance_unit"] = .text(request.distanceUnit.rawValue)
        top["distance_word"] = .text(request.distanceUnit == .mi ? "miles" : "km")
        let periods = report.periodsTable
        let whole = Period(start: request.from, end: request.to)
        top.add(columns: periods.columns, cells: report.periodRow(whole, total), except: ["period_start", "period_end"])
        top.addMissing(total)
        top["mileage_rates"] = request.rates.map { .text($0.name) } ?? .empty
        top["fuel_expenses"] = .money(total.expensesByCategory["fuel"] ?? .zero)
        top["fees"] = .money(total.fees)

        func periodItem(_ period: Period?, _ cells: [Cell], _ figures: PeriodFigures) -> Fields {
            var item = Fields()
            item["label"] = period.map { .text(ReportText.label($0, unit: request.unit)) } ?? .empty
            item.add(columns: periods.columns, cells: cells)
            item.addMissing(figures)
            return item
        }
        var periodItems = Fields.List(like: periodItem(nil, [], PeriodFigures()))
        for (row, cells) in zip(report.rows, periods.rows) { periodItems.append(periodItem(row.period, cells, row.figures)) }

        var categories = Fields.List(fields: ["category", "amount"])
        for (category, amount) in total.expensesByCategory.sorted(by: { $0.key < $1.key }) {
            var item = Fields()
            item["category"] = .text(category)
            item["amount"] = .money(amount)
            categories.append(item)
        }

        // The mileage log's shift rows; its totals at the top level, as the CSV's total rows give
        // them (the total is the sum of the rows as printed, not the report's unrounded distance).
        let log = data.mileageLogShifts
        let logTotals = data.mileageTotals
        top["mileage_log_distance"] = .distance(logTotals.distance)
        top["vehicle_year_distance"] = .distance(logTotals.vehicleDistance)
        top["business_share_percent"] = logTotals.businessSharePercent.map(Cell.decimal) ?? .empty
        func logItem(_ cells: [Cell]) -> Fields {
            var item = Fields()
            item.add(columns: log.columns, cells: cells)
            let started = cells[safe: log.columns.firstIndex(of: "started_at")]
            item["start_time"] = clock(started, from: nil)
            item["end_time"] = clock(cells[safe: log.columns.firstIndex(of: "ended_at")], from: started)
            return item
        }
        var mileage = Fields.List(like: logItem([]))
        for cells in log.rows { mileage.append(logItem(cells)) }

        let shifts = report.shiftsTable
        let activeColumns = ["shift_id", "started_at", "state"]
        var active = Fields.List(fields: Set(activeColumns))
        for (shift, cells) in zip(report.shifts, shifts.rows) where !shift.isCompleted {
            var item = Fields()
            for name in activeColumns { item[name] = cells[safe: shifts.columns.firstIndex(of: name)] }
            active.append(item)
        }

        // The whole span's figures per platform, under the `platforms.csv` names; `platform` is
        // `(no platform)` for money counted for a whole shift.
        let platformTable = report.platformsTotalTable
        var platforms = Fields.List(fields: Set(platformTable.columns).subtracting(["period_start", "period_end"]))
        for cells in platformTable.rows {
            var item = Fields()
            item.add(columns: platformTable.columns, cells: cells, except: ["period_start", "period_end"])
            if item["platform"] == .empty { item["platform"] = .text("(no platform)") }
            platforms.append(item)
        }

        let lists = ["periods": periodItems, "expenses_by_category": categories, "mileage_log": mileage, "active_shifts": active,
                     "platforms": platforms]
        return TextTemplateContext(
            schema: TextTemplateSchema(fields: top.schema, lists: lists.mapValues(\.schema)),
            record: TextTemplateRecord(fields: top.values, lists: lists.mapValues(\.items)))
    }

    /// Names under which a distance column is offered whatever the unit, so one template serves
    /// reports in miles and in km.
    static let aliases = ["miles": "distance", "km": "distance", "earnings_per_mile": "earnings_per_distance",
                          "earnings_per_km": "earnings_per_distance"]

    /// `09:30` of a time cell, in the offset it was printed with; with `from`, `+1` when it falls
    /// on a later local date than that (a shift past midnight). Empty for an empty cell.
    static func clock(_ cell: Cell, from start: Cell?) -> Cell {
        guard case let .time(instant, offset) = cell else { return .empty }
        let civil = CivilTime(instant: instant, offsetSeconds: offset)
        var text = String(format: "%02d:%02d", civil.hour, civil.minute)
        if case let .time(startInstant, startOffset)? = start {
            let first = CivilTime(instant: startInstant, offsetSeconds: startOffset)
            let days = CivilTime.days(year: civil.year, month: civil.month, day: civil.day)
                - CivilTime.days(year: first.year, month: first.month, day: first.day)
            if days > 0 { text += "+\(days)" }
        }
        return .text(text)
    }

    /// A record's fields and the schema's names, kept together.
    struct Fields {
        var schema: Set<String> = []
        var values: [String: Cell] = [:]

        subscript(name: String) -> Cell {
            get { values[name] ?? .empty }
            set {
                schema.insert(name)
                values[name] = newValue
            }
        }

        /// A table row under its column names (an empty cell for each it lacks), a distance
        /// column also under its alias.
        mutating func add(columns: [String], cells: [Cell], except: Set<String> = []) {
            for (index, name) in columns.enumerated() where !except.contains(name) {
                let cell = cells[safe: index]
                self[name] = cell
                if let alias = SummaryText.aliases[name] { self[alias] = cell }
            }
        }

        /// What the JSON report adds to a period's figures: the counts of what is missing
        /// beyond the columns, and the mileage deduction estimate.
        mutating func addMissing(_ figures: PeriodFigures) {
            self["shifts_without_route"] = .integer(figures.shiftsWithoutRoute)
            self["shifts_without_mileage_rate"] = .integer(figures.shiftsWithoutMileageRate)
            self["standard_mileage_deduction"] = .money(figures.mileageDeduction)
        }

        /// A list's items and the names each offers.
        struct List {
            var schema: TextTemplateSchema
            var items: [TextTemplateRecord] = []

            init(fields: Set<String>) { schema = TextTemplateSchema(fields: fields) }

            /// A list whose items offer the names `item` has (built from empty cells).
            init(like item: Fields) { schema = TextTemplateSchema(fields: item.schema) }

            mutating func append(_ item: Fields) {
                schema.fields.formUnion(item.schema)
                items.append(TextTemplateRecord(fields: item.values))
            }
        }
    }
}

extension Array where Element == Cell {
    /// The cell at `index`, or empty when there is none.
    fileprivate subscript(safe index: Int?) -> Cell {
        guard let index, indices.contains(index) else { return .empty }
        return self[index]
    }
}
