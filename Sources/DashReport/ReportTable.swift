import DashModel

/// One value of a report table, typed, so each renderer writes it its own way (CSV text, a
/// spreadsheet's date or number cell, a JSON value) and none computes anything.
public enum Cell: Sendable, Equatable {
    /// Not recorded: an empty cell, JSON null. Never the same as zero.
    case empty
    case text(String)
    case integer(Int)
    case money(Money)
    /// An exact decimal shown with the places it has (at least two): a fuel price of 3.459.
    case decimal(Money)
    /// A duration in milliseconds, shown as decimal hours.
    case hours(Int64)
    /// Miles or kilometres.
    case distance(Double)
    case date(Day)
    /// An instant with the report zone's offset at that instant.
    case time(Instant, offsetSeconds: Int)

    public static func money(_ value: Money?) -> Cell { value.map { .money($0) } ?? .empty }
    public static func hours(_ value: Int64?) -> Cell { value.map { .hours($0) } ?? .empty }
    public static func distance(_ value: Double?) -> Cell { value.map { .distance($0) } ?? .empty }
}

/// A format-neutral table: named columns and rows of cells.
public struct ReportTable: Sendable, Equatable {
    public let name: String
    public let columns: [String]
    public let rows: [[Cell]]
}

extension Report {
    /// The per-distance word of column names: `miles` / `mile`, or `km` / `km`.
    private var distanceWords: (total: String, per: String) { request.distanceUnit == .mi ? ("miles", "mile") : ("km", "km") }

    /// The `periods.csv` columns (docs/export.md, "What is written"), in order, a row per period, and since
    /// issue 16 `standard_mileage_deduction` (the miles times the rate in force on each shift's
    /// date; empty without a rate table or with no shift on a date it covers), and since issue 27
    /// `other_income` (income on no shift at instants in the period, in the net after expenses,
    /// never in the gross or the rates; empty when the period has none).
    public var periodsTable: ReportTable {
        let (total, per) = distanceWords
        let columns = ["period_start", "period_end", "shifts", "active_shifts", "offers", "deliveries", "cancelled_deliveries",
                       "elapsed_hours", "paused_hours", "worked_hours", total, "gross_earnings", "shifts_without_earnings",
                       "platform_tips", "outside_tips", "expenses", "net_after_expenses", "estimated_fuel",
                       "shifts_without_fuel_assumption", "estimated_net_after_fuel", "earnings_per_worked_hour", "earnings_per_\(per)",
                       "standard_mileage_deduction", "other_income"]
        return ReportTable(name: "periods", columns: columns, rows: rows.map { periodRow($0.period, $0.figures) })
    }

    public func periodRow(_ period: Period, _ f: PeriodFigures) -> [Cell] {
        let unit = request.distanceUnit
        return [.date(period.start), .date(period.end), .integer(f.shifts), .integer(f.activeShifts), .integer(f.offers),
                .integer(f.deliveries), .integer(f.cancelledDeliveries), .hours(f.elapsed), .hours(f.paused), .hours(f.worked),
                .distance(f.distance(unit)), .money(f.gross), .integer(f.shiftsWithoutEarnings), .money(f.platformTips),
                .money(f.outsideTips), .money(f.expenses), .money(f.netAfterExpenses), .money(f.estimatedFuel),
                .integer(f.shiftsWithoutFuelAssumption), .money(f.estimatedNetAfterFuel), .money(f.earningsPerWorkedHour),
                .money(f.earningsPerDistance(unit)), .money(f.mileageDeduction), .money(f.otherIncome)]
    }

    /// The `shifts.csv` columns, in order, a row per shift that started in the span.
    public var shiftsTable: ReportTable {
        let (total, per) = distanceWords
        let columns = ["shift_id", "started_at", "ended_at", "state", "elapsed_hours", "paused_hours", "worked_hours", total, total + "_source", "offers",
                       "deliveries", "cancelled_deliveries", "gross_earnings", "platform_tips", "outside_tips", "fuel_mpg",
                       "fuel_price_per_gallon", "estimated_fuel", "estimated_net_after_fuel", "earnings_per_worked_hour", "earnings_per_\(per)"]
        let unit = request.distanceUnit
        let zone = request.zone
        func time(_ instant: Instant?) -> Cell {
            instant.map { .time($0, offsetSeconds: TimeText.offsetSeconds(at: $0, in: zone)) } ?? .empty
        }
        let rows: [[Cell]] = shifts.map { s in
            [.integer(Int(s.shift.id)), time(s.shift.start), time(s.shift.end), .text(s.state.rawValue), .hours(s.elapsed), .hours(s.paused),
             .hours(s.worked), .distance(s.facts.distanceMeters.map(unit.amount(meters:))), .text(s.facts.milesSource.rawValue),
             .integer(s.facts.offers), .integer(s.facts.deliveries),
             .integer(s.facts.cancelledDeliveries), .money(s.gross), .money(s.platformTips), .money(s.facts.outsideTips),
             s.shift.fuel.map { .decimal($0.milesPerGallon) } ?? .empty, s.shift.fuel.map { .decimal($0.pricePerGallon) } ?? .empty,
             .money(s.estimatedFuel),
             .money(s.estimatedNetAfterFuel), .money(s.perWorkedHour), .money(s.perDistance(unit))]
        }
        return ReportTable(name: "shifts", columns: columns, rows: rows)
    }
}
