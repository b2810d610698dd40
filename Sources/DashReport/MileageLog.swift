import DashModel

/// The mileage log's totals (issue 16, "The mileage log an auditor reads"), each a number of its
/// own, never inside a text: the sum of the rows as printed, the standard-mileage deduction, and
/// with the vehicle's miles for the year, those miles and the business share.
public struct MileageTotals: Sendable, Equatable {
    /// The sum of the rows' distances, each to the hundredth (so the log adds up as printed);
    /// nil when no row has one.
    public let distance: Double?
    /// The standard-mileage deduction the report computes; nil without a rate table or a route.
    public let deduction: Money?
    /// The rate table, or why there is no deduction: the total row's `purpose`.
    public let note: String
    /// The vehicle's distance in the year, in the log's unit, to the hundredth; nil: not given.
    public let vehicleDistance: Double?
    /// The log's distance over the vehicle's, as a percentage to the hundredth (62.35); nil
    /// without the vehicle's distance (or when it is 0).
    public let businessSharePercent: Money?
}

extension ExportData {
    /// `mileage_log.csv` (docs/export.md, "The mileage log"): per completed shift the local date
    /// it started on, its start and end, the miles (or km) the driver recorded or else its route
    /// measured, else its trips' platform-reported distance (empty: none), which of them
    /// (`recorded`, `route`, `platform`, `none`), the odometer readings when recorded, its
    /// purpose, its platforms and what measured it (`measured_by`: `recorded`, the route's
    /// methods, `vehicle-1`, or `reported by Uber`); then the totals as rows of the same
    /// shape: `total` (the distance, the rates in `purpose`, `standard_mileage_deduction`),
    /// and with the vehicle's miles `vehicle_year` (its distance) and `business_share`
    /// (`business_share_percent`). Each total in a column of its own, filled only on its row.
    public var mileageLog: ReportTable {
        let distance = report.request.distanceUnit == .mi ? "miles" : "km"
        let columns = ["date", "shift_id", "started_at", "ended_at", distance, distance + "_source", "odometer_start", "odometer_end", "purpose",
                       "platforms", "measured_by", "standard_mileage_deduction", "business_share_percent"]
        // Odometer readings in miles, as the odometer showed them (tenths), when the driver recorded them.
        func reading(_ tenths: Int64?) -> Cell { tenths.map { .decimal(Money(units: $0 * (Money.scale / 10))) } ?? .empty }
        let completed = report.shifts.filter(\.isCompleted)
        var rows: [[Cell]] = zip(completed, mileageHundredths).map { s, distance in
            [.date(s.startDay), .integer(Int(s.shift.id)), time(s.shift.start), time(s.shift.end),
             .distance(distance.map { Double($0) / 100 }), .text(s.facts.milesSource.rawValue),
             reading(s.facts.recordedMiles?.odometer?.start), reading(s.facts.recordedMiles?.odometer?.end), .text(purpose(of: s)),
             platformsText(of: s), measuredBy(s), .empty, .empty]
        }
        let totals = mileageTotals
        func row(_ label: String, distance: Double?, note: String = "", deduction: Money? = nil, share: Money? = nil) -> [Cell] {
            [.text(label), .empty, .empty, .empty, .distance(distance), .empty, .empty, .empty, note.isEmpty ? .empty : .text(note),
             .empty, .empty, .money(deduction), share.map(Cell.decimal) ?? .empty]
        }
        rows.append(row("total", distance: totals.distance, note: totals.note, deduction: totals.deduction))
        if let vehicle = totals.vehicleDistance {
            rows.append(row("vehicle_year", distance: vehicle))
            rows.append(row("business_share", distance: nil, share: totals.businessSharePercent))
        }
        return ReportTable(name: "mileage_log", columns: columns, rows: rows)
    }

    /// The columns of `mileageLog` filled on its total rows only.
    public static let mileageTotalColumns: Set<String> = ["standard_mileage_deduction", "business_share_percent"]

    /// `mileageLog`'s shift rows alone, without its total-only columns: the workbook's sheet,
    /// which gives the totals below the rows (XLSXMileageLog.swift).
    public var mileageLogShifts: ReportTable {
        let log = mileageLog
        let kept = log.columns.indices.filter { !Self.mileageTotalColumns.contains(log.columns[$0]) }
        let rows = log.rows.prefix(report.shifts.filter(\.isCompleted).count).map { row in kept.map { row[$0] } }
        return ReportTable(name: log.name, columns: kept.map { log.columns[$0] }, rows: Array(rows))
    }

    /// One rounding rule (issue 16): each completed shift's distance to the hundredth, as a
    /// mileage log is kept; the total is the sum of these, exactly, so the log adds up as printed
    /// in every format.
    var mileageHundredths: [Int64?] {
        let unit = report.request.distanceUnit
        return report.shifts.filter(\.isCompleted).map { unit == .mi ? $0.hundredthsOfMile : $0.hundredthsOfKilometre }
    }

    public var mileageTotals: MileageTotals {
        let known = mileageHundredths.compactMap { $0 }
        let business = known.reduce(0, +)
        let unit = report.request.distanceUnit
        // The vehicle's miles in the log's unit, to the hundredth (an odometer's tenths stay exact).
        let vehicle = vehicleYearMiles.map { miles in Int64(((unit == .mi ? miles : miles * 1.609_344) * 100).rounded()) }
        // Business over vehicle, a percentage to the hundredth, rounded half away from zero, exactly
        // (the tax summary's share is the same figure).
        let share = vehicle.flatMap { v in v > 0 ? TaxArithmetic.cents(Money(100), times: business, over: v) : nil }
        return MileageTotals(distance: known.isEmpty ? nil : Double(business) / 100, deduction: report.request.rates == nil ? nil : report.total.mileageDeduction,
                             note: mileageRatesNote, vehicleDistance: vehicle.map { Double($0) / 100 }, businessSharePercent: share)
    }

    /// `standard-mileage rates: us-irs-business`, or why there is no deduction (the figure itself
    /// is the total row's `standard_mileage_deduction`, a number).
    public var mileageRatesNote: String {
        guard let rates = report.request.rates else { return "no standard-mileage rate table" }
        var text = "standard-mileage rates: \(rates.name)"
        if report.total.mileageDeduction == nil { text += "; no deduction (no shift with miles)" }
        if report.total.shiftsWithoutMileageRate > 0 { text += "; \(report.total.shiftsWithoutMileageRate) shifts on dates the table lacks" }
        if let platform = platformMilesNote { text += "; " + platform }
        return text
    }

    /// What the log's platform-reported miles are, when some shift's miles are (issue 27):
    /// `3 shifts: on-trip miles reported by Uber; driving between trips not included`.
    public var platformMilesNote: String? {
        let counted = report.shifts.filter(\.isCompleted).compactMap(\.facts.platformDistanceCounted)
        guard !counted.isEmpty else { return nil }
        let names = counted.flatMap(\.names.values)
        return "\(counted.count) shift\(counted.count == 1 ? "" : "s"): " + PlatformDistance.note(PlatformDistance.reporters(names))
    }

    /// `recorded` when the driver's figure counts; else the methods of the route's capture
    /// sessions (`vehicle-1`, `geodesic-1, vehicle-1`: docs/mileage.md); empty with neither.
    func measuredBy(_ shift: ShiftFigures) -> Cell {
        switch shift.facts.milesSource {
        case .recorded: return .text("recorded")
        case .route: return shift.facts.measureMethods.isEmpty ? .empty : .text(shift.facts.measureMethods.map(\.rawValue).joined(separator: ", "))
        case .platform: return .text("reported by " + (shift.facts.platformDistance?.reporters ?? "the platform"))
        case .none: return .empty
        }
    }

    /// The platforms the shift's deliveries and money name, one spelling each (letter case
    /// ignored, the first seen kept), sorted.
    func platformsText(of shift: ShiftFigures) -> Cell {
        var seen: [String: String] = [:]
        let money = (shift.counted?.shares ?? []).compactMap(\.platform)
        for name in money + (platformsByShift[shift.shift.id] ?? []) where seen[name.lowercased()] == nil { seen[name.lowercased()] = name }
        let names = seen.sorted { $0.key < $1.key }.map(\.value)
        return names.isEmpty ? .empty : .text(names.joined(separator: ", "))
    }
}
