import DashModel

extension Report {
    /// The `platforms.csv` columns (docs/report.md, "Per platform"), a row per period and
    /// platform with money or trips in it, platforms by key, the unnamed (money counted for a
    /// whole shift, naming no platform) last. Like `periods.csv` it has no totals row: the JSON
    /// and text report have them (`platformsTotalTable`).
    public var platformsTable: ReportTable {
        let rows = self.rows.flatMap { row in platformRows(row.period, row.figures) }
        return ReportTable(name: "platforms", columns: Report.platformColumns, rows: rows)
    }

    /// The same over the whole span, a row per platform.
    public var platformsTotalTable: ReportTable {
        ReportTable(name: "platforms", columns: Report.platformColumns,
                    rows: platformRows(Period(start: request.from, end: request.to), total))
    }

    /// `trip_distance`: miles (km with `--units km`) driven while its trips were active
    /// (docs/mileage.md, "Miles per platform"). `other_income` (issue 27): its income on no
    /// shift, apart from `gross_earnings`; empty when it has none.
    public static let platformColumns = ["period_start", "period_end", "platform", "shifts", "trips", "gross_earnings",
                                         "platform_tips", "fees", "trip_distance", "other_income"]

    /// A row per platform of `figures`, each named by the spelling the whole report shows.
    public func platformRows(_ period: Period, _ figures: PeriodFigures) -> [[Cell]] {
        figures.platforms.keys.sorted(by: Report.keyOrder).compactMap { key in
            guard let p = figures.platforms[key] else { return nil }
            let name = total.platforms[key]?.platform ?? p.platform
            return [.date(period.start), .date(period.end), name.map { .text($0) } ?? .empty, .integer(p.shifts), .integer(p.trips),
                    .money(p.gross), .money(p.tips), .money(p.fees), .distance(p.distanceMeters.map(request.distanceUnit.amount(meters:))),
                    .money(p.otherIncome)]
        }
    }

    /// Named platforms by key, the unnamed last.
    static func keyOrder(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case let (l?, r?): return l < r
        case (.some, nil): return true
        default: return false
        }
    }

    /// A shift's platforms, as its money names them (every source, letter case merged), sorted
    /// by key, joined by `, `; empty when its money names none.
    public static func platformsText(of shift: ShiftFigures) -> Cell {
        let names = (shift.counted?.shares ?? []).compactMap(\.platform)
        return names.isEmpty ? .empty : .text(names.joined(separator: ", "))
    }
}
