import DashExport
import DashModel
import DashReport
import DashStore
import Foundation

enum ReportCommand {
    static let spec = CommandSpec(
        path: ["report"], abstract: "Hours, miles, fuel, earnings and net per period.",
        usage: """
            report [--period P] [--from DATE] [--to DATE] [--range EXPR]
                   [--today DATE] [--week-start DAY] [--format F] [--shifts]
                   [--platforms]
                   [--units U] [--mileage-rates T] [--strict]
            """,
        options: [
            OptionHelp(name: "period", value: "P", help: "A row per day, week, month, quarter, year or tax-quarter (US estimated-tax periods). Default: the range's own unit, else month."),
            OptionHelp(name: "from", value: "DATE", help: "First local date (YYYY-MM-DD), inclusive."),
            OptionHelp(name: "to", value: "DATE", help: "Local date the report stops before (exclusive)."),
            OptionHelp(name: "range", value: "EXPR", help: "2026, 2026-03, 2026-03-05, 2026Q1, 2026-W14, 2026-TQ2, today, yesterday, this-month, last-month (or week, quarter, tax-quarter, year)."),
            OptionHelp(name: "today", value: "DATE", help: "The date relative ranges count from (default: the clock's, in --tz): reproduces a cron report."),
            OptionHelp(name: "week-start", value: "DAY", help: "monday (ISO, the default) or sunday, for --period week and this-week/last-week."),
            OptionHelp(name: "format", value: "F", help: "text (default), csv (the periods.csv or shifts.csv columns) or json (docs/report.md)."),
            OptionHelp(name: "shifts", value: nil, help: "A row per shift (the shifts.csv view) instead of per period."),
            OptionHelp(name: "platforms", value: nil, help: "A row per period and platform (the platforms.csv view), then the totals."),
            OptionHelp(name: "units", value: "U", help: "mi (default) or km, for distances and per-distance rates."),
            OptionHelp(name: "mileage-rates", value: "T", help: "The standard-mileage rate table: us-irs-business (default), a table file's path, or none."),
            EmptySpan.strictOption,
        ],
        discussion: """
            A shift belongs to the period its start falls in, in the report's zone (--tz), with
            its pauses, deliveries, tips and route; an expense by when it was incurred, and
            other income ('income add') by its date, shown apart from GROSS and counted in NET
            only, so the rates stay the shifts' own. Periods
            are half-open [start, end) in local dates. Only completed shifts are counted; active
            ones are counted apart and listed. A figure no shift recorded is shown as '-' (an
            empty cell in CSV, null in JSON), never as 0.00, and what is missing is counted.
            Rates (per worked hour, per mile) are over the shifts that have both figures. The
            fuel estimate and recorded fuel expenses are two views, never both subtracted.
            Without --range, --from or --to the report covers everything recorded. A span holding
            no record says so on stderr, naming where the records lie; --strict makes that exit 1.
            """,
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let request = try makeRequest(run)
            let store = try run.store
            let (report, holdsRecords): (Report, Bool) = try store.read {
                let (from, to) = request.instants
                // A sum that does not fit, in the store's reads or the report's: exit 65, naming
                // the records beyond Money.largestRecordable (docs/report.md), as export does.
                do {
                    let facts = try store.shiftFacts(from: from, to: to)
                    let expenses = try store.expenses(from: from, to: to)
                    let otherIncome = try store.otherIncome(from: from, to: to)
                    return (try Report(request: request, facts: facts, expenses: expenses, otherIncome: otherIncome),
                            !facts.isEmpty || !expenses.isEmpty || !otherIncome.isEmpty)
                } catch let error as MoneyError {
                    throw CommandFailure(message: "\(error)", status: .dataError)
                }
            }
            let format = try run.arguments.value("format") ?? "text"
            let shifts = run.arguments.has("shifts"), platforms = run.arguments.has("platforms")
            if shifts, platforms { throw UsageError(message: "--shifts and --platforms are two views: give one") }
            guard ["text", "csv", "json"].contains(format) else { throw UsageError(message: "--format must be text, csv or json, not '\(format)'") }
            if let status = try EmptySpan.check(run, request: request, holdsRecords: holdsRecords) { return status }
            switch format {
            case "text" where platforms: run.context.console.out(ReportText.renderPlatforms(report))
            case "csv" where platforms: run.context.console.out(CSVText.render(report.platformsTable))
            case "json" where platforms: run.context.console.out(ReportJSON.renderPlatforms(report))
            case "text": run.context.console.out(shifts ? ReportText.renderShifts(report) : ReportText.render(report))
            case "csv": run.context.console.out(CSVText.render(shifts ? report.shiftsTable : report.periodsTable))
            case "json": run.context.console.out(shifts ? ReportJSON.renderShifts(report) : ReportJSON.render(report))
            default: throw UsageError(message: "--format must be text, csv or json, not '\(format)'")
            }
            return .success
        })

    /// The report's span, grain, zone, units and rate table from the options (shared with export).
    static func makeRequest(_ run: Invocation) throws -> ReportRequest {
        let args = run.arguments
        var weekStart: WeekStart
        switch try args.value("week-start") ?? run.config.weekStart ?? "monday" {
        case "monday": weekStart = .monday
        case "sunday": weekStart = .sunday
        case let other: throw UsageError(message: "--week-start must be monday or sunday, not '\(other)'")
        }
        let today: Day
        if let text = try args.value("today") {
            do { today = try Day(parsing: text) } catch { throw UsageError(message: "--today: \(error)") }
        } else {
            today = Day(run.now, in: run.zone)
        }
        var unit: PeriodUnit?
        if let text = try args.value("period") {
            guard let parsed = PeriodUnit(rawValue: text) else {
                throw UsageError(message: "--period must be day, week, month, quarter, year or tax-quarter, not '\(text)'")
            }
            unit = parsed
        }
        func day(_ option: String) throws -> Day? {
            guard let text = try args.value(option) else { return nil }
            do { return try Day(parsing: text) } catch { throw UsageError(message: "--\(option): \(error)") }
        }
        var from = try day("from"), to = try day("to")
        if let text = try args.value("range") {
            guard from == nil, to == nil else { throw UsageError(message: "--range names the whole span: give it without --from and --to") }
            let expression: PeriodExpression
            do { expression = try PeriodExpression.parse(text, today: today, weekStart: weekStart) } catch {
                throw UsageError(message: "--range: \(error)")
            }
            from = expression.period.start
            to = expression.period.end
            // `2026-W14` is an ISO week: one row, Monday first, whatever --week-start says.
            if expression.isISOWeek, unit == nil { weekStart = .monday }
            unit = unit ?? expression.unit
        }
        let grain = unit ?? .month
        if from == nil || to == nil {
            // Everything recorded, from the start of the period holding the first record to the
            // end of the one holding the last; with nothing recorded, the period holding today.
            let span = try run.store.recordedSpan()
            let first = span.map { Day($0.first, in: run.zone) } ?? today
            let last = span.map { Day($0.last, in: run.zone) } ?? today
            from = from ?? Period.containing(min(first, to.map { $0.adding(days: -1) } ?? first), unit: grain, weekStart: weekStart).start
            to = to ?? Period.containing(max(last, from ?? last), unit: grain, weekStart: weekStart).end
        }
        guard let from, let to, from < to else { throw UsageError(message: "--to must come after --from (it is exclusive)") }
        guard from.year >= 1, to.year <= 9999 else { throw UsageError(message: "a report's dates lie in the years 0001 to 9999") }
        let distanceUnit: DistanceUnit
        switch try args.value("units") ?? "mi" {
        case "mi": distanceUnit = .mi
        case "km": distanceUnit = .km
        case let other: throw UsageError(message: "--units must be mi or km, not '\(other)'")
        }
        var request = ReportRequest(from: from, to: to, unit: grain, weekStart: weekStart, zone: run.zone, distanceUnit: distanceUnit,
                                    rates: try rates(run))
        // Expenses by category as the tax summary groups them (docs/tax.md): one map for both.
        request.categories = try TaxCommand.categories(run)
        try refuseTooManyRows(request)
        return request
    }

    /// More than `ReportRequest.maxPeriods` rows is a usage error naming the count and the
    /// shortest period that fits (report and export alike; docs/report.md).
    static func refuseTooManyRows(_ request: ReportRequest) throws {
        let count = request.periodCount
        guard count > ReportRequest.maxPeriods else { return }
        let longer = PeriodUnit.allCases.filter { $0 != .taxQuarter }.first {
            Period.count(from: request.from, to: request.to, unit: $0, weekStart: request.weekStart) <= ReportRequest.maxPeriods
        }
        throw UsageError(message: "\(request.from) to \(request.to) by \(request.unit.rawValue) is \(count) rows;"
                                  + " a report has at most \(ReportRequest.maxPeriods)",
                         hint: longer.map { "give a longer --period (--period \($0.rawValue) fits) or a shorter span" }
                             ?? "give a shorter span (--from and --to, or --range)")
    }

    static func rates(_ run: Invocation) throws -> MileageRateTable? {
        let name = try run.arguments.value("mileage-rates") ?? run.config.mileageRates ?? "us-irs-business"
        if name == "none" { return nil }
        do {
            if let builtIn = try MileageRateTable.builtIn(name) { return builtIn }
            guard name.contains("/") || name.hasSuffix(".json") else {
                throw UsageError(message: "unknown mileage rate table '\(name)'",
                                 hint: Suggestions.shipped(name, among: MileageRateTable.builtInJSON.keys, otherwise: "or a table file's path; or none"))
            }
            return try MileageRateTable.parse(Data(try run.templateFile(name, option: "--mileage-rates", what: "the rate table")), file: name)
        } catch let error as MileageRateError {
            throw CommandFailure(message: "\(error)", status: .dataError)
        }
    }
}
