import DashModel
import Foundation

/// Everything an export writes, as format-neutral tables (docs/export.md, "What is written"): the report's
/// periods and shifts, the deliveries of those shifts, the expenses and other income of the
/// span, the mileage log, and a summary of the headline figures and of what is missing. Renderers only render it.
public struct ExportData: Sendable {
    public let report: Report
    public let deliveries: [DeliveryRecord]
    /// The expenses incurred in the report's span, in time order.
    public let expenses: [Expense]
    /// The income on no shift at instants in the report's span, in time order.
    public let otherIncome: [OtherIncome]
    /// Each shift's platforms, as its deliveries name them, sorted: the mileage log's purpose.
    let platformsByShift: [Int64: [String]]
    /// The vehicle's total miles in the year (its odometer at the year's start and end: `vehicle
    /// odometer --year`), for the mileage log's business share; nil: not known (MileageLog.swift).
    public var vehicleYearMiles: Double? = nil
    /// The store's currency (ISO 4217, its imports'), for the workbook's money format; nil: the
    /// record names none, and amounts are plain numbers with two places (docs/export.md).
    public var currencyCode: String? = nil

    /// `deliveries` of the report's shifts; `expenses` and `otherIncome` may include some
    /// outside the span (they are left out here, as the report leaves them out).
    public init(report: Report, deliveries: [DeliveryRecord], expenses: [Expense], otherIncome: [OtherIncome] = []) {
        self.report = report
        let shiftIDs = Set(report.shifts.map(\.shift.id))
        self.deliveries = deliveries.filter { shiftIDs.contains($0.delivery.shiftID) }
        var platforms: [Int64: Set<String>] = [:]
        for record in self.deliveries {
            if let platform = record.platform { platforms[record.delivery.shiftID, default: []].insert(platform) }
        }
        platformsByShift = platforms.mapValues { $0.sorted() }
        let span = Period(start: report.request.from, end: report.request.to)
        self.expenses = expenses.filter { span.contains(Day($0.occurredAt, in: report.request.zone)) }
        self.otherIncome = otherIncome.filter { span.contains(Day($0.occurredAt, in: report.request.zone)) }
    }

    private var zone: TimeZone { report.request.zone }

    func time(_ instant: Instant?) -> Cell {
        instant.map { .time($0, offsetSeconds: TimeText.offsetSeconds(at: $0, in: zone)) } ?? .empty
    }

    private static func text(_ value: String?) -> Cell { value.map { .text($0) } ?? .empty }

    /// The tax summary of the span's tax year to the end of the estimated-tax period its last
    /// day falls in (docs/tax.md, "In an export"); nil: none (its tables are then not written).
    public var tax: TaxSummary? = nil

    /// The tables in the order files and sheets are written: the seven of the report (issue 27
    /// added `other_income` after `expenses`), then the tax summary's five.
    public var tables: [ReportTable] {
        [report.periodsTable, shiftsTable, report.platformsTable, deliveriesTable, expensesTable, otherIncomeTable, mileageLog] + (tax?.tables ?? [])
    }

    /// `shifts.csv`: the report's shifts table, a `platforms` column (the platforms its money
    /// names, `Report.platformsText`) and `unlogged_hours` (time between its route's segments
    /// that none covers: the logger was off; still working time; empty without a route).
    public var shiftsTable: ReportTable {
        let table = report.shiftsTable
        let rows = zip(table.rows, report.shifts).map { $0.0 + [Report.platformsText(of: $0.1), $0.1.facts.unlogged.map(Cell.hours) ?? .empty] }
        return ReportTable(name: table.name, columns: table.columns + ["platforms", "unlogged_hours"], rows: rows)
    }

    /// `deliveries.csv`: no money column beyond each delivery's own amount and tips, and the
    /// fees the platform kept of it (apart from its own amount).
    public var deliveriesTable: ReportTable {
        let columns = ["delivery_id", "shift_id", "offer_id", "platform", "accepted_at", "arrived_at_pickup_at", "picked_up_at",
                       "delivered_at", "cancelled_at", "state", "own_amount", "platform_tips", "outside_tips", "fees", "pickup_place"]
        let rows: [[Cell]] = deliveries.map { record in
            let d = record.delivery
            return [.integer(Int(d.id)), .integer(Int(d.shiftID)), .integer(Int(d.offerID)), Self.text(record.platform), time(d.acceptedAt),
                    time(d.arrivedAtPickupAt), time(d.pickedUpAt), time(d.deliveredAt), time(d.cancelledAt), .text(d.state.rawValue),
                    .money(d.ownAmount?.amount), .money(d.ownAmount?.tips), .money(record.outsideTips), .money(record.fees),
                    Self.text(record.pickupPlace)]
        }
        return ReportTable(name: "deliveries", columns: columns, rows: rows)
    }

    /// `expenses.csv`: the category as written, the note as written (both text, neutralised
    /// by the renderers that need it).
    public var expensesTable: ReportTable {
        let rows: [[Cell]] = expenses.map { e in
            [.integer(Int(e.id)), time(e.occurredAt), .money(e.amount), .text(e.category), Self.text(e.note)]
        }
        return ReportTable(name: "expenses", columns: ["expense_id", "occurred_at", "amount", "category", "note"], rows: rows)
    }

    /// `other_income.csv` (issue 27): a row of income on no shift, its platform as written, its
    /// kind, its note (text, neutralised by the renderers that need it) and its import (empty
    /// when typed). The periods' and platforms' `other_income` columns are its sums.
    public var otherIncomeTable: ReportTable { Self.otherIncomeTable(otherIncome, zone: zone) }

    /// The same table of any rows (`income list --format csv|json`), times in `zone`.
    public static func otherIncomeTable(_ otherIncome: [OtherIncome], zone: TimeZone) -> ReportTable {
        let rows: [[Cell]] = otherIncome.map { i in
            [.integer(Int(i.id)), .time(i.occurredAt, offsetSeconds: TimeText.offsetSeconds(at: i.occurredAt, in: zone)), .money(i.amount),
             .text(i.platform), .text(i.kind.rawValue), text(i.note), i.importID.map { .integer(Int($0)) } ?? .empty]
        }
        return ReportTable(name: "other_income", columns: ["other_income_id", "occurred_at", "amount", "platform", "kind", "note", "import_id"],
                           rows: rows)
    }

    /// What the driver drove for: the platforms of the shift's deliveries, named; with the
    /// route's distance while each platform's trips were active and between trips, when its
    /// route counts and its trips have times (docs/mileage.md, "Miles per platform").
    func purpose(of shift: ShiftFigures) -> String {
        let unit = report.request.distanceUnit, word = unit == .mi ? "mi" : "km"
        if shift.facts.recordedMiles == nil, let split = shift.facts.platformMiles {
            let parts = split.meters.keys.sorted().map { key in
                "\(split.names[key] ?? "no platform") \(Self.places(unit.amount(meters: split.meters[key] ?? 0))) \(word) on trips"
            }
            return "delivery driving (" + (parts + ["\(Self.places(unit.amount(meters: split.betweenTrips))) \(word) between trips"]).joined(separator: ", ") + ")"
        }
        if let reported = shift.facts.platformDistanceCounted {
            // The trips' own distances (issue 27): what they leave out is said on the row.
            let parts = reported.byPlatform.keys.sorted().map { key in
                "\(reported.names[key] ?? "no platform") \(Self.places(unit.amount(meters: Double(reported.byPlatform[key] ?? 0) / 1000))) \(word) on trips"
            }
            return "delivery driving (" + parts.joined(separator: ", ") + "; " + PlatformDistance.note(reported.reporters) + ")"
        }
        guard let platforms = platformsByShift[shift.shift.id], !platforms.isEmpty else { return "delivery driving" }
        return "delivery driving (" + platforms.joined(separator: ", ") + ")"
    }

    /// A distance in a sentence: two places.
    static func places(_ value: Double) -> String { String(format: "%.2f", value) }

    /// The Summary sheet and the text summary's headline: the span, then the figures, then
    /// what is missing, each a label and a typed value.
    public var summary: [(label: String, value: Cell)] {
        let t = report.total
        let request = report.request
        let unit = request.distanceUnit
        let word = unit == .mi ? "mile" : "km"
        return [
            ("From", .date(request.from)), ("To (exclusive)", .date(request.to)), ("Time zone", .text(request.zone.identifier)),
            ("Shifts", .integer(t.shifts)), ("Active shifts (not counted)", .integer(t.activeShifts)),
            ("Offers", .integer(t.offers)), ("Deliveries", .integer(t.deliveries)), ("Cancelled deliveries", .integer(t.cancelledDeliveries)),
            ("Elapsed hours", .hours(t.elapsed)), ("Paused hours", .hours(t.paused)), ("Worked hours", .hours(t.worked)),
            (unit == .mi ? "Miles" : "Kilometres", .distance(t.distance(unit))),
            ("Gross earnings", .money(t.gross)), ("Platform-reported tips (within gross)", .money(t.platformTips)),
            ("Fees kept by platforms (apart from gross)", .money(t.fees)),
            ("Outside tips", .money(t.outsideTips)), ("Other income on no shift (in net, not in gross)", .money(t.otherIncome)),
            ("Expenses", .money(t.expenses)), ("Net after expenses", .money(t.netAfterExpenses)),
            ("Estimated fuel", .money(t.estimatedFuel)), ("Estimated net after fuel", .money(t.estimatedNetAfterFuel)),
            ("Fuel expenses recorded (a second view)", .money(t.expensesByCategory["fuel"] ?? .zero)),
            ("Earnings per worked hour", .money(t.earningsPerWorkedHour)), ("Earnings per \(word)", .money(t.earningsPerDistance(unit))),
            ("Standard-mileage estimate" + (request.rates.map { " (\($0.name))" } ?? ""), .money(t.mileageDeduction)),
            ("Shifts without earnings", .integer(t.shiftsWithoutEarnings)),
            ("Shifts without a fuel assumption", .integer(t.shiftsWithoutFuelAssumption)),
            ("Shifts without a route", .integer(t.shiftsWithoutRoute)),
            ("Shifts on dates the rate table lacks", .integer(t.shiftsWithoutMileageRate)),
        ]
    }
}
