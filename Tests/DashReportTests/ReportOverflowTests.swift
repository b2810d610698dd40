import DashModel
@testable import DashReport
import Foundation
import Testing

/// Every sum a report makes that can overflow (issue 12, item 7) fails with
/// `MoneyError.sumTooLarge`, naming the kind of sum, its period, and the records beyond
/// `Money.largestRecordable`, never the bare "a sum of amounts is too large", never a '-'.
@Suite struct ReportOverflowTests {
    typealias F = ReportFiguresTests
    static let largest = "922337203685477.5807"

    static func sumTooLarge(_ body: () throws -> Report) -> (sum: String, records: [String: [Int64]])? {
        do {
            _ = try body()
            return nil
        } catch let MoneyError.sumTooLarge(sum, records) {
            return (sum, records)
        } catch {
            return nil
        }
    }

    @Test func twoHugeGrossEarningsNameTheirShifts() throws {
        let start = try F.at(2026, 11, 2, 10, offset: 0)
        let facts = [try F.facts(4, start, start.adding(milliseconds: F.hour), earnings: Self.largest),
                     try F.facts(9, start.adding(milliseconds: 2 * F.hour), start.adding(milliseconds: 3 * F.hour), earnings: Self.largest),
                     try F.facts(10, start.adding(milliseconds: 4 * F.hour), start.adding(milliseconds: 5 * F.hour), earnings: "10")]
        let failure = Self.sumTooLarge { try F.report("2026-11-01", "2026-12-01", .month, zone: F.utcZone, facts: facts) }
        #expect(failure?.sum == "the shifts' amounts from 2026-11-01 to 2026-12-01")
        #expect(failure?.records == ["shift": [4, 9]])
    }

    /// Gross and outside tips each fit; their sum, the net after expenses, does not. It was
    /// shown as '-' (not recorded) before.
    @Test func aNetThatDoesNotFitIsRefusedNotHidden() throws {
        let start = try F.at(2026, 11, 2, 10, offset: 0)
        let facts = [try F.facts(3, start, start.adding(milliseconds: F.hour), earnings: Self.largest, outsideTips: "1")]
        let failure = Self.sumTooLarge { try F.report("2026-11-02", "2026-11-03", .day, zone: F.utcZone, facts: facts) }
        #expect(failure?.sum == "the earnings, tips, other income and expenses from 2026-11-02 to 2026-11-03")
        #expect(failure?.records == ["shift": [3]])
    }

    @Test func hugeExpensesAcrossPeriodsOverflowTheTotal() throws {
        let first = try F.at(2026, 11, 2, 12, offset: 0), second = try F.at(2026, 12, 2, 12, offset: 0)
        let expenses = [try F.expense(1, first, Self.largest), try F.expense(2, second, Self.largest), try F.expense(3, second, "5")]
        let failure = Self.sumTooLarge { try F.report("2026-11-01", "2027-01-01", .month, zone: F.utcZone, facts: [], expenses: expenses) }
        #expect(failure?.sum == "the expenses over the whole report")
        #expect(failure?.records == ["expense": [1, 2]])
        // One of them alone is reported.
        let one = try F.report("2026-11-01", "2027-01-01", .month, zone: F.utcZone, facts: [], expenses: [expenses[0]])
        #expect(one.total.expenses == Money(units: .max))
    }
}
