import DashModel
@testable import DashReport
import Foundation
import Testing

/// The counted-money rule (docs/report.md, "Which figure counts"): every ranking case, the
/// earnings notes, letter case, nothing divided, nil never zero.
@Suite("Counted money")
struct CountedMoneyTests {
    static func m(_ text: String) throws -> Money { try Money(parsing: text) }

    static func figure(_ platform: String?, _ source: PlatformMoney.Source, _ gross: String, tips: String? = nil,
                       fees: String? = nil, trips: Int = 0) throws -> PlatformMoney {
        PlatformMoney(platform: platform, source: source, gross: try m(gross), tips: try tips.map(m), fees: try fees.map(m), trips: trips)
    }

    static func counted(_ money: [PlatformMoney]) throws -> CountedMoney { try CountedMoney(shiftID: 7, money: money) }

    static func share(_ c: CountedMoney, _ platform: String?) -> CountedMoney.Share? { c.shares.first { $0.platform == platform } }

    @Test("per platform: a typed figure beats a statement total, which beats the trips' pay; never both")
    func ranking() throws {
        let all = try Self.counted([
            try Self.figure("DoorDash", .trips, "40.00", tips: "8.00", trips: 4),
            try Self.figure("DoorDash", .statementTotal, "45.00", tips: "9.00"),
            try Self.figure("DoorDash", .typed, "47.50"),
            try Self.figure("Uber", .trips, "20.00", trips: 2),
            try Self.figure("Uber", .statementTotal, "22.00", fees: "3.00"),
            try Self.figure("Grubhub", .trips, "11.25", tips: "2.25", trips: 1),
        ])
        #expect(Self.share(all, "DoorDash")?.source == .typed)
        #expect(Self.share(all, "DoorDash")?.gross == (try Self.m("47.50")))
        #expect(Self.share(all, "Uber")?.source == .statementTotal)
        #expect(Self.share(all, "Grubhub")?.source == .trips)
        // 47.50 + 22.00 + 11.25: one figure per platform, never a total and its trips.
        #expect(all.gross == (try Self.m("80.75")))
        // Tips from the counted figures only: the typed DoorDash figure gives none.
        #expect(all.tips == (try Self.m("2.25")))
        #expect(all.fees == (try Self.m("3.00")))
        // Trips come from the trips figure even where a total or a typed figure counts.
        #expect(all.shares.map(\.trips) == [4, 1, 2])
        #expect(all.shares.map(\.platform) == ["DoorDash", "Grubhub", "Uber"])
    }

    @Test("a whole-shift typed figure wins over every platform's, typed ones too")
    func wholeTypedWins() throws {
        let c = try Self.counted([
            try Self.figure(nil, .typed, "100.00", tips: "10.00"),
            try Self.figure("DoorDash", .typed, "60.00"),
            try Self.figure("Uber", .trips, "30.00", trips: 3),
        ])
        #expect(c.gross == (try Self.m("100.00")))
        #expect(c.tips == (try Self.m("10.00")))
        #expect(Self.share(c, nil)?.source == .typed)
        #expect(Self.share(c, "DoorDash")?.source == nil && Self.share(c, "DoorDash")?.gross == nil)
        #expect(Self.share(c, "Uber")?.trips == 3 && Self.share(c, "Uber")?.gross == nil)
        // Both figures in one note: 100.00 counts, not 60.00 + 30.00.
        #expect(c.notes.count == 1)
        #expect(c.notes.first?.text == "shift 7, whole shift: your figure 100.00 counts, not the platforms' own figures 90.00"
                + " (DoorDash: your figure 60.00, Uber: the trips' pay 30.00).")
    }

    @Test("a whole-shift statement total wins over trips (today's ShiftFigures.gross), but not over a platform's typed figure")
    func wholeTotalRanks() throws {
        let overTrips = try Self.counted([
            try Self.figure(nil, .statementTotal, "50.00"),
            try Self.figure("DoorDash", .trips, "45.00", trips: 3),
        ])
        #expect(overTrips.gross == (try Self.m("50.00")))
        #expect(overTrips.notes.map(\.text) == ["shift 7, whole shift: the statement total 50.00 counts, not the platforms' own figures 45.00 (DoorDash: the trips' pay 45.00)."])
        let underTyped = try Self.counted([
            try Self.figure(nil, .statementTotal, "50.00"),
            try Self.figure("DoorDash", .typed, "30.00"),
            try Self.figure("Uber", .trips, "15.00", trips: 1),
        ])
        // The driver's word for DoorDash outranks the whole-shift total: each platform's own counts.
        #expect(underTyped.gross == (try Self.m("45.00")))
        #expect(Self.share(underTyped, nil)?.source == nil)
        #expect(underTyped.notes.first?.counted.label == "the platforms' own figures")
        #expect(underTyped.notes.first?.other.gross == (try Self.m("50.00")))
    }

    @Test("figures that agree give no note; a total and its trips that differ give both and which counts")
    func disagreementNotes() throws {
        let agree = try Self.counted([try Self.figure("Uber", .statementTotal, "20.00"), try Self.figure("Uber", .trips, "20.00", trips: 2)])
        #expect(agree.notes.isEmpty)
        let differ = try Self.counted([try Self.figure("Uber", .statementTotal, "24.10"), try Self.figure("Uber", .trips, "20.00", trips: 2)])
        #expect(differ.notes.map(\.text) == ["shift 7, Uber: the statement total 24.10 counts, not the trips' pay 20.00."])
        let typed = try Self.counted([try Self.figure("Uber", .typed, "25.00"), try Self.figure("Uber", .statementTotal, "24.10")])
        #expect(typed.notes.map(\.text) == ["shift 7, Uber: your figure 25.00 counts, not the statement total 24.10."])
        // The function check calls gives the same notes, from facts (here built without `money`).
        let start = Instant(millisecondsSinceEpoch: 1_794_000_000_000)
        let shift = try Shift(id: 3, start: start, end: start.adding(milliseconds: 3_600_000), earnings: try PaidAmount(try Self.m("50")))
        let facts = ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 0, deliveries: 2, cancelledDeliveries: 0,
                               outsideTips: .zero, meters: nil, deliveriesPay: try Self.m("45"))
        #expect(EarningsNote.of([facts]).map(\.text) == ["shift 3, whole shift: the statement total 50.00 counts, not the platforms' own figures 45.00 (no platform: the trips' pay 45.00)."])
    }

    @Test("platform names in any letter case are one, shown as the spelling that sorts first, whatever the order")
    func letterCase() throws {
        let figures = [try Self.figure("doordash", .trips, "10.00", trips: 1), try Self.figure("DoorDash", .trips, "5.50", trips: 1),
                       try Self.figure(" DOORDASH", .statementTotal, "16.00")]
        for order in [figures, figures.reversed()] {
            let c = try Self.counted(order)
            #expect(c.shares.count == 1)
            #expect(c.shares.first?.platform == " DOORDASH")
            #expect(c.shares.first?.trips == 2)
            #expect(c.gross == (try Self.m("16.00")))
        }
        // Across shifts too: a period merges them, named by the first spelling.
        var period = PeriodFigures()
        let start = Instant(millisecondsSinceEpoch: 1_794_000_000_000)
        for (id, name) in [(Int64(1), "uber"), (2, "Uber")] {
            let shift = try Shift(id: id, start: start.adding(milliseconds: id * 7_200_000), end: start.adding(milliseconds: id * 7_200_000 + 3_600_000))
            let facts = ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 0, deliveries: 1, cancelledDeliveries: 0,
                                   outsideTips: .zero, meters: nil, money: [try Self.figure(name, .trips, "7.00", trips: 1)])
            try period.add(ShiftFigures(facts, zone: .gmt, rates: nil))
        }
        #expect(period.platformRows.count == 1)
        #expect(period.platformRows.first?.platform == "Uber")
        #expect(period.platformRows.first?.shifts == 2)
        #expect(period.platformRows.first?.gross == (try Self.m("14.00")))
    }

    @Test("nothing is divided among deliveries: a whole-shift figure stays one unnamed row, platforms keep their trips and no gross")
    func noDivide() throws {
        let c = try Self.counted([try Self.figure(nil, .statementTotal, "100.00"),
                                  try Self.figure("DoorDash", .trips, "33.33", trips: 1), try Self.figure("Uber", .trips, "33.33", trips: 2)])
        #expect(c.shares.compactMap(\.gross) == [try Self.m("100.00")])
        #expect(c.shares.map(\.trips) == [1, 2, 0])
        #expect(c.shares.last?.platform == nil)
    }

    @Test("nil is not zero: no tips or fees given is nil, nothing recorded is no gross, a 0.00 figure counts")
    func nilIsNotZero() throws {
        let none = try Self.counted([])
        #expect(none.gross == nil && none.tips == nil && none.fees == nil && none.shares.isEmpty)
        let noTips = try Self.counted([try Self.figure("Uber", .trips, "12.00", trips: 1)])
        #expect(noTips.gross == (try Self.m("12.00")) && noTips.tips == nil && noTips.fees == nil)
        let zero = try Self.counted([try Self.figure(nil, .typed, "0.00")])
        #expect(zero.gross == .zero)
        // A period: a platform whose money never counts has trips but no gross, never 0.00.
        var period = PeriodFigures()
        let start = Instant(millisecondsSinceEpoch: 1_794_000_000_000)
        let shift = try Shift(id: 1, start: start, end: start.adding(milliseconds: 3_600_000))
        let facts = ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 0, deliveries: 1, cancelledDeliveries: 0,
                               outsideTips: .zero, meters: nil,
                               money: [try Self.figure(nil, .typed, "9.00"), try Self.figure("Uber", .trips, "8.00", trips: 1)])
        try period.add(ShiftFigures(facts, zone: .gmt, rates: nil))
        #expect(period.platforms["uber"]?.gross == nil && period.platforms["uber"]?.trips == 1 && period.platforms["uber"]?.shifts == 0)
        #expect(period.fees == nil)
        #expect(period.shiftsWithoutEarnings == 0)
    }

    @Test("fees are apart from gross and taken off the net where recorded")
    func feesOffTheNet() throws {
        var period = PeriodFigures()
        let start = Instant(millisecondsSinceEpoch: 1_794_000_000_000)
        let shift = try Shift(id: 1, start: start, end: start.adding(milliseconds: 3_600_000))
        let facts = ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: 0, deliveries: 0, cancelledDeliveries: 0,
                               outsideTips: try Self.m("2.00"), meters: nil,
                               money: [try Self.figure("Uber", .statementTotal, "50.00", fees: "12.50")])
        try period.add(ShiftFigures(facts, zone: .gmt, rates: nil))
        #expect(period.gross == (try Self.m("50.00")))
        #expect(period.fees == (try Self.m("12.50")))
        // 50.00 - 12.50 + 2.00 outside tips.
        #expect(period.netAfterExpenses == (try Self.m("39.50")))
    }
}

/// A platform's trips none of which has pay: counted as trips, never as 0.00 of money.
@Suite struct UnpaidTripsTests {
    @Test func tripsWithoutPayAreTripsNotZero() throws {
        let unpaid = PlatformMoney(platform: "Uber", source: .trips, gross: .zero, trips: 3, hasGross: false)
        let alone = try CountedMoney(shiftID: 1, money: [unpaid])
        #expect(alone.gross == nil && alone.tips == nil)
        #expect(alone.shares.map(\.trips) == [3] && alone.shares.map(\.gross) == [nil])
        // Beside a figure of another platform: that one counts, the unpaid trips still show.
        let paid = PlatformMoney(platform: "DoorDash", source: .statementTotal, gross: Money(units: 125_000))
        let both = try CountedMoney(shiftID: 1, money: [unpaid, paid])
        #expect(both.gross == Money(units: 125_000))
        #expect(both.shares.first { $0.platform == "Uber" }?.trips == 3)
        #expect(both.notes.isEmpty)
    }
}
