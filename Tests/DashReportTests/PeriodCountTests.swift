import DashModel
@testable import DashReport
import Testing
import TestSupport

/// `Period.count` is what the report's row cap (`ReportRequest.maxPeriods`) is judged by, before
/// any row is made: it must be exactly the number `Period.split` makes.
@Suite struct PeriodCountTests {
    @Test func theCountIsTheNumberOfRowsSplitMakes() {
        var random = SplitMix64(state: 12)
        for _ in 0..<2_000 {
            let from = Day(number: Int64(random.next() % 40_000) - 20_000)
            let to = from.adding(days: Int64(random.next() % 1_500))
            let unit = PeriodUnit.allCases[Int(random.next() % UInt64(PeriodUnit.allCases.count))]
            let weekStart: WeekStart = random.next() % 2 == 0 ? .monday : .sunday
            #expect(Period.count(from: from, to: to, unit: unit, weekStart: weekStart)
                        == Period.split(from: from, to: to, unit: unit, weekStart: weekStart).count, "\(from) \(to) \(unit)")
        }
    }

    @Test func theWholeCalendarByDayIsMillionsOfRowsCountedAtOnce() throws {
        let from = try Day(parsing: "0001-01-01"), to = try Day(parsing: "9999-12-31")
        #expect(Period.count(from: from, to: to, unit: .day) == 3_652_058)
        #expect(Period.count(from: from, to: to, unit: .year) == 9_999)
        #expect(Period.count(from: from, to: to, unit: .taxQuarter) == 39_996)
        #expect(Period.count(from: to, to: from, unit: .day) == 0)
    }
}
