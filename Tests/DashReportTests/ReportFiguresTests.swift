import DashModel
@testable import DashReport
import Foundation
import Testing

/// A report's figures from hand-built shift facts: membership by local start date, durations as
/// lived, what "not recorded" means for each sum, the tables' columns, and the hourly rate.
@Suite("Report figures")
struct ReportFiguresTests {
    static let hour: Int64 = 3_600_000

    static func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier) ?? .gmt }
    static let chicago = zone("America/Chicago")
    static let newYork = zone("America/New_York")
    static let utcZone = zone("UTC")

    static func day(_ text: String) throws -> Day { try Day(parsing: text) }

    /// A wall time at a fixed UTC offset in hours.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, _ second: Int = 0, ms: Int = 0,
                   offset: Int) throws -> Instant {
        try CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: ms)
            .instant(offsetSeconds: offset * 3600)
    }

    static func money(_ text: String) throws -> Money { try Money(parsing: text) }

    static func facts(_ id: Int64, _ start: Instant, _ end: Instant?, earnings: String? = nil, tips: String? = nil,
                      fuel: (mpg: String, price: String)? = nil, pauses: [(Instant, Instant?)] = [], isPaused: Bool = false,
                      meters: Double? = nil, offers: Int = 0, deliveries: Int = 0, cancelled: Int = 0,
                      outsideTips: String = "0") throws -> ShiftFacts {
        let paid = try earnings.map { try PaidAmount(try money($0), tips: try tips.map { try money($0) }) }
        let assumption = try fuel.map { try FuelAssumption(milesPerGallon: try money($0.mpg), pricePerGallon: try money($0.price)) }
        let shift = try Shift(id: id, start: start, end: end, earnings: paid, fuel: assumption)
        let shiftPauses = pauses.enumerated().map { ShiftPause(id: Int64($0.offset + 1), shiftID: id, start: $0.element.0, end: $0.element.1) }
        return ShiftFacts(shift: shift, isPaused: isPaused, pauses: shiftPauses, offers: offers, deliveries: deliveries,
                          cancelledDeliveries: cancelled, outsideTips: try money(outsideTips), meters: meters)
    }

    static func expense(_ id: Int64, _ at: Instant, _ amount: String, _ category: String = "fuel") throws -> Expense {
        try Expense(id: id, occurredAt: at, amount: try money(amount), category: category, note: nil)
    }

    static func report(_ from: String, _ to: String, _ unit: PeriodUnit, zone: TimeZone, distance: DistanceUnit = .mi,
                       facts: [ShiftFacts], expenses: [Expense] = []) throws -> Report {
        let request = ReportRequest(from: try day(from), to: try day(to), unit: unit, zone: zone, distanceUnit: distance, rates: nil)
        return try Report(request: request, facts: facts, expenses: expenses)
    }

    // MARK: - Membership

    @Test("a shift belongs to the period of the local date it started on, in the report's zone")
    func zoneDecidesMonth() throws {
        // 23:30 on Nov 30 in Chicago (CST, -06:00) is 05:30Z on Dec 1.
        let late = try TimeText.instant("2026-11-30T23:30", zone: Self.chicago)
        #expect(late == (try Self.at(2026, 12, 1, 5, 30, offset: 0)))
        let midnight = try TimeText.instant("2026-12-01T00:00", zone: Self.chicago)
        #expect(midnight == (try Self.at(2026, 12, 1, 6, offset: 0)))
        let facts = [
            try Self.facts(1, late, late.adding(milliseconds: 20 * 60_000), earnings: "10"),
            try Self.facts(2, midnight, midnight.adding(milliseconds: Self.hour), earnings: "20"),
        ]

        let local = try Self.report("2026-11-01", "2027-01-01", .month, zone: Self.chicago, facts: facts)
        #expect(local.rows.count == 2)
        #expect(local.rows[0].period.start == (try Self.day("2026-11-01")))
        #expect(local.rows[0].figures.shifts == 1)
        #expect(local.rows[0].figures.gross == Money(10))
        #expect(local.rows[1].figures.shifts == 1)
        #expect(local.rows[1].figures.gross == Money(20))
        #expect(local.shifts.map(\.startDay) == [try Self.day("2026-11-30"), try Self.day("2026-12-01")])

        let utc = try Self.report("2026-11-01", "2027-01-01", .month, zone: Self.utcZone, facts: facts)
        #expect(utc.rows[0].figures.shifts == 0)
        #expect(utc.rows[0].figures.gross == Money.zero)
        #expect(utc.rows[1].figures.shifts == 2)
        #expect(utc.rows[1].figures.gross == Money(30))
    }

    @Test("a shift that started before the span or on its end date is left out")
    func outsideSpan() throws {
        let before = try Self.at(2026, 10, 31, 23, 59, offset: -5)  // Oct 31 local in Chicago (CDT)
        let atEnd = try Self.at(2027, 1, 1, 0, offset: -6)
        let report = try Self.report("2026-11-01", "2027-01-01", .month, zone: Self.chicago, facts: [
            try Self.facts(1, before, before.adding(milliseconds: Self.hour), earnings: "5"),
            try Self.facts(2, atEnd, atEnd.adding(milliseconds: Self.hour), earnings: "7"),
        ])
        #expect(report.shifts.isEmpty)
        #expect(report.total.shifts == 0)
        #expect(report.total.gross == Money.zero)
    }

    // MARK: - Durations

    @Test("durations on DST days are the hours that passed", arguments: [
        // New York, 2026-03-08: 00:30 EST (05:30Z) to 04:30 EDT (08:30Z) is 3 hours.
        ("2026-03-08", "2026-03-08T00:30", "2026-03-08T04:30", Int64(3)),
        // 2026-11-01: 00:30 EDT (04:30Z) to 03:30 EST (08:30Z) is 4 hours.
        ("2026-11-01", "2026-11-01T00:30", "2026-11-01T03:30", Int64(4)),
        ("2026-07-01", "2026-07-01T00:30", "2026-07-01T03:30", Int64(3)),
    ])
    func dstDurations(date: String, start: String, end: String, hours: Int64) throws {
        let from = try TimeText.instant(start, zone: Self.newYork)
        let to = try TimeText.instant(end, zone: Self.newYork)
        let day = try Self.day(date)
        let report = try Self.report(date, day.adding(days: 1).description, .day, zone: Self.newYork,
                                     facts: [try Self.facts(1, from, to)])
        #expect(report.rows.count == 1)
        let figures = try #require(report.rows.first?.figures)
        #expect(figures.shifts == 1)
        #expect(figures.elapsed == hours * Self.hour)
        #expect(figures.worked == hours * Self.hour)
        #expect(report.shifts.first?.elapsed == hours * Self.hour)
    }

    @Test("the DST instants are the ones worked out by hand")
    func dstInstants() throws {
        #expect(try TimeText.instant("2026-03-08T00:30", zone: Self.newYork) == Self.at(2026, 3, 8, 5, 30, offset: 0))
        #expect(try TimeText.instant("2026-03-08T04:30", zone: Self.newYork) == Self.at(2026, 3, 8, 8, 30, offset: 0))
        #expect(try TimeText.instant("2026-11-01T00:30", zone: Self.newYork) == Self.at(2026, 11, 1, 4, 30, offset: 0))
        #expect(try TimeText.instant("2026-11-01T03:30", zone: Self.newYork) == Self.at(2026, 11, 1, 8, 30, offset: 0))
    }

    /// A shift 10:00-14:00 UTC on 2026-03-10 with the given pauses (hours after 10:00, as minutes).
    static func pausedShift(_ pauses: [(Int, Int?)]) throws -> ShiftFigures {
        let start = try at(2026, 3, 10, 10, offset: 0)
        func t(_ minutes: Int) -> Instant { start.adding(milliseconds: Int64(minutes) * 60_000) }
        let built = try Self.facts(1, start, t(240), pauses: pauses.map { (t($0.0), $0.1.map(t)) })
        return ShiftFigures(built, zone: utcZone, rates: nil)
    }

    @Test("paused time is the union of the pauses clipped to the shift; worked = elapsed - paused", arguments: [
        ([(30, Int?(90)), (60, 120)], 90),           // 10:30-11:30 and 11:00-12:00: 10:30-12:00
        ([(30, Int?(90)), (30, 90)], 60),            // the same pause twice counts once
        ([(30, Int?(60)), (60, 90)], 60),            // touching pauses
        ([(210, Int?(300))], 30),                    // 13:30-15:00 clipped to 14:00
        ([(-60, Int?(15))], 15),                     // 09:00-10:15 clipped to 10:00
        ([(30, Int?(90)), (60, 120), (210, 300)], 120),
        ([(200, nil)], 40),                          // an open pause reaches to the shift's end
        ([(0, Int?(240))], 240),
        ([(-120, Int?(-60)), (300, 360)], 0),        // wholly outside the shift
        ([], 0),
    ] as [([(Int, Int?)], Int)])
    func pauses(pauses: [(Int, Int?)], pausedMinutes: Int) throws {
        let shift = try Self.pausedShift(pauses)
        #expect(shift.elapsed == 4 * Self.hour)
        #expect(shift.paused == Int64(pausedMinutes) * 60_000)
        #expect(shift.worked == Int64(240 - pausedMinutes) * 60_000)
    }

    @Test("the period sums elapsed, paused and worked time over its shifts")
    func periodDurations() throws {
        let a = try Self.at(2026, 3, 10, 10, offset: 0), b = try Self.at(2026, 3, 11, 10, offset: 0)
        let report = try Self.report("2026-03-01", "2026-04-01", .month, zone: Self.utcZone, facts: [
            try Self.facts(1, a, a.adding(milliseconds: 4 * Self.hour),
                           pauses: [(a.adding(milliseconds: Self.hour), a.adding(milliseconds: 2 * Self.hour)),
                                    (a.adding(milliseconds: 90 * 60_000), a.adding(milliseconds: 5 * Self.hour))]),
            try Self.facts(2, b, b.adding(milliseconds: 2 * Self.hour)),
        ])
        let figures = report.total
        #expect(figures.elapsed == 6 * Self.hour)
        #expect(figures.paused == 3 * Self.hour)  // 11:00-14:00 once
        #expect(figures.worked == 3 * Self.hour)
    }

    // MARK: - Earnings

    @Test("gross and the hourly rate count only the shifts with earnings")
    func missingEarnings() throws {
        let a = try Self.at(2026, 3, 2, 9, offset: 0), b = try Self.at(2026, 3, 3, 9, offset: 0), c = try Self.at(2026, 3, 4, 9, offset: 0)
        let report = try Self.report("2026-03-01", "2026-04-01", .month, zone: Self.utcZone, facts: [
            try Self.facts(1, a, a.adding(milliseconds: 4 * Self.hour), earnings: "100.00"),
            try Self.facts(2, b, b.adding(milliseconds: Self.hour), earnings: "50.00"),
            try Self.facts(3, c, c.adding(milliseconds: 10 * Self.hour)),
        ])
        let figures = try #require(report.rows.first?.figures)
        #expect(figures.shifts == 3)
        #expect(figures.gross == Money(150))
        #expect(figures.shiftsWithoutEarnings == 1)
        #expect(figures.worked == 15 * Self.hour)
        // 150.00 over the 5 hours of the shifts that have earnings, not over 15.
        #expect(figures.earningsPerWorkedHour == Money(30))
        #expect(report.shifts.map(\.perWorkedHour) == [Money(25), Money(50), nil])

        let row = try #require(report.periodsTable.rows.first)
        let columns = report.periodsTable.columns
        func cell(_ name: String) throws -> Cell { row[try #require(columns.firstIndex(of: name))] }
        #expect(try cell("gross_earnings") == .money(Money(150)))
        #expect(try cell("shifts_without_earnings") == .integer(1))
        #expect(try cell("earnings_per_worked_hour") == .money(Money(30)))
        #expect(try cell("worked_hours") == .hours(15 * Self.hour))
    }

    @Test("no fuel assumption leaves the estimate unrecorded; a price of 0 estimates 0.00")
    func fuelAssumption() throws {
        let meters = MileageMeter.metersPerMile * 55
        let a = try Self.at(2026, 3, 2, 9, offset: 0), b = try Self.at(2026, 3, 3, 9, offset: 0)
        let report = try Self.report("2026-03-02", "2026-03-04", .day, zone: Self.utcZone, facts: [
            try Self.facts(1, a, a.adding(milliseconds: Self.hour), earnings: "40", meters: meters),
            try Self.facts(2, b, b.adding(milliseconds: Self.hour), earnings: "40", fuel: ("27.5", "0"), meters: meters),
        ])
        #expect(report.rows.count == 2)
        let without = report.rows[0].figures, free = report.rows[1].figures
        #expect(without.estimatedFuel == nil)
        #expect(without.shiftsWithoutFuelAssumption == 1)
        #expect(without.estimatedNetAfterFuel == nil)
        #expect(free.estimatedFuel == Money.zero)
        #expect(free.shiftsWithoutFuelAssumption == 0)
        #expect(free.estimatedNetAfterFuel == Money(40))
        #expect(report.shifts.map(\.estimatedFuel) == [nil, Money.zero])
        #expect(report.total.estimatedFuel == Money.zero)
        #expect(report.total.shiftsWithoutFuelAssumption == 1)
        let table = report.periodsTable
        let fuelColumn = try #require(table.columns.firstIndex(of: "estimated_fuel"))
        #expect(table.rows.map { $0[fuelColumn] } == [.empty, .money(Money.zero)])
    }

    @Test("a route's miles give the fuel estimate: 55 mi / 27.5 mpg x 3.459 = 6.918")
    func routeAndFuel() throws {
        let a = try Self.at(2026, 3, 2, 9, offset: 0), b = try Self.at(2026, 3, 3, 9, offset: 0)
        let withRoute = try Self.facts(1, a, a.adding(milliseconds: Self.hour), earnings: "100", fuel: ("27.5", "3.459"),
                                       meters: MileageMeter.metersPerMile * 55)
        let noRoute = try Self.facts(2, b, b.adding(milliseconds: Self.hour), earnings: "100", fuel: ("27.5", "3.459"))

        let routed = ShiftFigures(withRoute, zone: Self.utcZone, rates: nil)
        let miles = try #require(routed.miles)
        #expect(abs(miles - 55) < 1e-9)
        #expect(routed.estimatedFuel == Money(units: 69_180))
        #expect(routed.estimatedNetAfterFuel == Money(units: 930_820))  // 100 - 6.918
        #expect(routed.perDistance(.mi) == Money(units: 18_200))        // 100 / 55 = 1.81818... -> 1.82
        #expect(routed.perDistance(.km) == Money(units: 11_300))        // 100 / 88.51392 = 1.12977 -> 1.13

        let unrouted = ShiftFigures(noRoute, zone: Self.utcZone, rates: nil)
        #expect(unrouted.miles == nil)
        #expect(unrouted.estimatedFuel == nil)
        #expect(unrouted.perDistance(.mi) == nil)

        let onlyUnrouted = try Self.report("2026-03-03", "2026-03-04", .day, zone: Self.utcZone, facts: [noRoute])
        #expect(onlyUnrouted.total.distance(.mi) == nil)
        #expect(onlyUnrouted.total.estimatedFuel == nil)
        #expect(onlyUnrouted.total.earningsPerDistance(.mi) == nil)

        let both = try Self.report("2026-03-01", "2026-04-01", .month, zone: Self.utcZone, facts: [withRoute, noRoute])
        let figures = both.total
        #expect(abs((figures.distance(.mi) ?? 0) - 55) < 1e-9)
        #expect(figures.shiftsWithoutRoute == 1)
        #expect(figures.estimatedFuel == Money(units: 69_180))
        // Per mile only over the shift that has miles: 100 / 55, not 200 / 55.
        #expect(figures.earningsPerDistance(.mi) == Money(units: 18_200))
    }

    // MARK: - Expenses and net

    @Test("an expense at local midnight on the 1st is the new month's; at 23:59:59.999 the old one's")
    func expenseBoundaries() throws {
        let report = try Self.report("2026-11-01", "2027-01-01", .month, zone: Self.chicago, facts: [], expenses: [
            try Self.expense(1, try Self.at(2026, 12, 1, 0, offset: -6), "7.00"),
            try Self.expense(2, try Self.at(2026, 11, 30, 23, 59, 59, ms: 999, offset: -6), "3.00"),
            try Self.expense(3, try Self.at(2027, 1, 1, 0, offset: -6), "100.00"),             // the report's end: out
            try Self.expense(4, try Self.at(2026, 10, 31, 23, 59, 59, ms: 999, offset: -5), "200.00"),  // before: out
            try Self.expense(5, try Self.at(2026, 11, 1, 0, offset: -5), "0.25", "tolls"),     // first instant: in
        ])
        #expect(report.rows.map(\.figures.expenses) == [try Self.money("3.25"), Money(7)])
        #expect(report.total.expenses == (try Self.money("10.25")))
        #expect(report.rows[0].figures.expensesByCategory == ["fuel": Money(3), "tolls": try Self.money("0.25")])
    }

    @Test("a period with no shifts earned 0.00 and nets minus its expenses")
    func noShifts() throws {
        let report = try Self.report("2026-03-01", "2026-04-01", .month, zone: Self.utcZone, facts: [], expenses: [
            try Self.expense(1, try Self.at(2026, 3, 5, 12, offset: 0), "12.50"),
        ])
        let figures = report.total
        #expect(figures.gross == Money.zero)
        #expect(figures.platformTips == Money.zero)
        #expect(figures.estimatedFuel == Money.zero)
        #expect(figures.netAfterExpenses == Money(units: -125_000))
        #expect(figures.earningsPerWorkedHour == nil)
        #expect(figures.distance(.mi) == 0)
    }

    @Test("a period whose shifts have no earnings has no gross and no net")
    func noEarnings() throws {
        let a = try Self.at(2026, 3, 2, 9, offset: 0)
        let report = try Self.report("2026-03-01", "2026-04-01", .month, zone: Self.utcZone,
                                     facts: [try Self.facts(1, a, a.adding(milliseconds: Self.hour), outsideTips: "5")],
                                     expenses: [try Self.expense(1, a, "2")])
        let figures = report.total
        #expect(figures.gross == nil)
        #expect(figures.netAfterExpenses == nil)
        #expect(figures.platformTips == nil)
        #expect(figures.earningsPerWorkedHour == nil)
        let table = report.periodsTable
        let row = try #require(table.rows.first)
        for name in ["gross_earnings", "net_after_expenses", "platform_tips", "earnings_per_worked_hour"] {
            #expect(row[try #require(table.columns.firstIndex(of: name))] == .empty, "\(name)")
        }
    }

    @Test("net after expenses = gross + outside tips - expenses")
    func netAfterExpenses() throws {
        let a = try Self.at(2026, 3, 2, 9, offset: 0), b = try Self.at(2026, 3, 3, 9, offset: 0)
        let report = try Self.report("2026-03-01", "2026-04-01", .month, zone: Self.utcZone, facts: [
            try Self.facts(1, a, a.adding(milliseconds: Self.hour), earnings: "80.00", tips: "12.00", outsideTips: "10.00"),
            try Self.facts(2, b, b.adding(milliseconds: Self.hour), earnings: "40.00", outsideTips: "5.50"),
        ], expenses: [
            try Self.expense(1, a, "30.25"),
        ])
        let figures = report.total
        #expect(figures.gross == Money(120))
        #expect(figures.platformTips == Money(12))   // the one shift that reported tips
        #expect(figures.outsideTips == (try Self.money("15.50")))
        #expect(figures.expenses == (try Self.money("30.25")))
        #expect(figures.netAfterExpenses == (try Self.money("105.25")))  // 120 + 15.50 - 30.25
    }

    // MARK: - Active shifts

    @Test("active shifts are counted apart, never in hours or money")
    func activeShifts() throws {
        let a = try Self.at(2026, 3, 2, 9, offset: 0), b = try Self.at(2026, 3, 20, 9, offset: 0), c = try Self.at(2026, 3, 21, 9, offset: 0)
        let report = try Self.report("2026-03-01", "2026-04-01", .month, zone: Self.utcZone, facts: [
            try Self.facts(1, a, a.adding(milliseconds: 2 * Self.hour), earnings: "30", meters: 1000, offers: 3, deliveries: 2,
                           outsideTips: "1"),
            try Self.facts(2, b, nil, meters: 5000, offers: 4, deliveries: 4, outsideTips: "9"),
            try Self.facts(3, c, nil, pauses: [(c.adding(milliseconds: Self.hour), nil)], isPaused: true, meters: 100),
        ])
        let figures = report.total
        #expect(figures.shifts == 1)
        #expect(figures.activeShifts == 2)
        #expect(figures.elapsed == 2 * Self.hour)
        #expect(figures.worked == 2 * Self.hour)
        #expect(figures.gross == Money(30))
        #expect(figures.outsideTips == Money(1))
        #expect(figures.offers == 3)
        #expect(figures.deliveries == 2)
        #expect(figures.meters == 1000)
        #expect(report.shifts.count == 3)
        #expect(report.shifts.map(\.state) == [.completed, .active, .paused])
        #expect(report.shifts[1].elapsed == nil)
        #expect(report.shifts[1].worked == nil)
        let table = report.shiftsTable
        let state = try #require(table.columns.firstIndex(of: "state"))
        let ended = try #require(table.columns.firstIndex(of: "ended_at"))
        #expect(table.rows.map { $0[state] } == [.text("completed"), .text("active"), .text("paused")])
        #expect(table.rows[1][ended] == .empty)
    }

    // MARK: - Tables

    static let periodColumns = [
        "period_start", "period_end", "shifts", "active_shifts", "offers", "deliveries", "cancelled_deliveries", "elapsed_hours",
        "paused_hours", "worked_hours", "miles", "gross_earnings", "shifts_without_earnings", "platform_tips", "outside_tips",
        "expenses", "net_after_expenses", "estimated_fuel", "shifts_without_fuel_assumption", "estimated_net_after_fuel",
        "earnings_per_worked_hour", "earnings_per_mile", "standard_mileage_deduction", "other_income",
    ]

    static let shiftColumns = [
        "shift_id", "started_at", "ended_at", "state", "elapsed_hours", "paused_hours", "worked_hours", "miles", "miles_source", "offers",
        "deliveries", "cancelled_deliveries", "gross_earnings", "platform_tips", "outside_tips", "fuel_mpg",
        "fuel_price_per_gallon", "estimated_fuel", "estimated_net_after_fuel", "earnings_per_worked_hour", "earnings_per_mile",
    ]

    static func sampleReport(_ distance: DistanceUnit) throws -> Report {
        let a = try Self.at(2026, 3, 2, 9, offset: 0)
        return try Self.report("2026-03-01", "2026-03-15", .week, zone: Self.utcZone, distance: distance, facts: [
            try Self.facts(1, a, a.adding(milliseconds: Self.hour), earnings: "20", fuel: ("25", "3"), meters: 10_000),
        ])
    }

    @Test("the periods table has the 22 columns of docs/report.md, in order, then the standard-mileage deduction and other income")
    func periodColumns() throws {
        let table = try Self.sampleReport(.mi).periodsTable
        #expect(table.name == "periods")
        #expect(table.columns.count == 24)
        #expect(table.columns == Self.periodColumns)
        // 2026-03-01 is a Sunday: rows [03-01, 03-02), [03-02, 03-09), [03-09, 03-15).
        #expect(table.rows.count == 3)
        #expect(table.rows.allSatisfy { $0.count == 24 })
        #expect(table.rows.map { $0[0] } == [.date(try Self.day("2026-03-01")), .date(try Self.day("2026-03-02")), .date(try Self.day("2026-03-09"))])
        #expect(table.rows[1][2] == .integer(1))
    }

    @Test("in kilometres the two distance columns are km and earnings_per_km")
    func periodColumnsKm() throws {
        let table = try Self.sampleReport(.km).periodsTable
        var expected = Self.periodColumns
        expected[10] = "km"
        expected[21] = "earnings_per_km"
        #expect(table.columns == expected)
        // 10 km, 20.00 gross: 2.00 a km.
        #expect(table.rows[1][10] == .distance(10))
        #expect(table.rows[1][21] == .money(Money(2)))
    }

    @Test("the shifts table's columns, in order")
    func shiftColumns() throws {
        let report = try Self.sampleReport(.mi)
        let table = report.shiftsTable
        #expect(table.name == "shifts")
        #expect(table.columns == Self.shiftColumns)
        #expect(table.rows.count == 1)
        #expect(table.rows.allSatisfy { $0.count == Self.shiftColumns.count })
        let row = try #require(table.rows.first)
        #expect(row[0] == .integer(1))
        #expect(row[15] == .decimal(Money(25)))
        #expect(row[16] == .decimal(Money(3)))
        let km = try Self.sampleReport(.km).shiftsTable.columns
        var expected = Self.shiftColumns
        expected[7] = "km"
        expected[8] = "km_source"
        expected[20] = "earnings_per_km"
        #expect(km == expected)
    }

    // MARK: - Rates

    @Test("an hourly rate is exact and rounded once, half away from zero, to the cent", arguments: [
        (Int64(100_000), Int64(10_800_000), Int64(33_300)),  // 10.00 / 3 h = 3.3333 -> 3.33
        (200_000, 10_800_000, 66_700),                       // 20.00 / 3 h = 6.6667 -> 6.67
        (1_500_000, 18_000_000, 300_000),                    // 150.00 / 5 h = 30.00
        (800_000, 30_300_000, 95_000),                       // 80.00 / 8 h 25 min = 9.50495 -> 9.50, not 9.5050 -> 9.51
        (50, 3_600_000, 100),                                // 0.005 / h -> 0.01 (half away from zero)
        (-50, 3_600_000, -100),
        (49, 3_600_000, 0),                                  // 0.0049 / h -> 0.00
        (150, 3_600_000, 200),                               // 0.015 -> 0.02 (half to even would give 0.02 too)
        (250, 3_600_000, 300),                               // 0.025 -> 0.03 (half to even would give 0.02)
        (1, 1, 3_600_000),                                   // 0.0001 a millisecond = 360.00 an hour
        (0, 5, 0),
        (2_562_047_788_015, 1, 9_223_372_036_854_000_000),   // just fits 64 bits
    ] as [(Int64, Int64, Int64)])
    func perHour(units: Int64, milliseconds: Int64, expected: Int64) {
        #expect(Rates.perHour(Money(units: units), milliseconds: milliseconds) == Money(units: expected))
    }

    @Test("no hourly rate over no time, or one too large to hold", arguments: [
        (Int64(100_000), Int64(0)), (100_000, -1), (Int64.max, 1), (Int64.min, 1), (Int64.max, 3_599_999), (9_000_000_000_000, 1),
        (Int64.max, 3_600_000), (11_734_178_869_109_687, 2_290),
    ] as [(Int64, Int64)])
    func perHourNil(units: Int64, milliseconds: Int64) {
        #expect(Rates.perHour(Money(units: units), milliseconds: milliseconds) == nil)
    }

    @Test("a per-distance rate needs a finite positive distance")
    func perDistance() {
        #expect(Rates.perDistance(Money(100), distance: 0) == nil)
        #expect(Rates.perDistance(Money(100), distance: -3) == nil)
        #expect(Rates.perDistance(Money(100), distance: .infinity) == nil)
        #expect(Rates.perDistance(Money(100), distance: .nan) == nil)
        #expect(Rates.perDistance(Money(100), distance: 8) == Money(units: 125_000))
    }

    @Test("computed money rounds half away from zero", arguments: [
        (0.5, Int64?(1)), (-0.5, -1), (2.5, 3), (-2.5, -3), (2.4999, 2), (1e19, nil), (-1e19, nil), (Double.nan, nil), (Double.infinity, nil),
    ] as [(Double, Int64?)])
    func moneyRounding(units: Double, expected: Int64?) {
        #expect(Rates.money(units: units) == expected.map { Money(units: $0) })
    }
}
