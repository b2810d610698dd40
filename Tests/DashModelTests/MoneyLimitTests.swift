import DashModel
import Testing

@Suite struct MoneyLimitTests {
    @Test func theLargestAmountParsesAndOnePastItIsRefusedWithoutATrap() throws {
        #expect(try Money(parsing: "922337203685477.5807").units == Int64.max)
        #expect(throws: MoneyError.outOfRange("922337203685477.9999")) { try Money(parsing: "922337203685477.9999") }
        #expect(throws: MoneyError.outOfRange("99999999999999999999")) { try Money(parsing: "99999999999999999999") }
        #expect(throws: MoneyError.overflow) { try Money(units: .max).adding(Money(units: 1)) }
        #expect(throws: MoneyError.overflow) { try Money(units: .min).subtracting(Money(units: 1)) }
    }
}

/// `Money.largestRecordable` as the command line and the reports use it (issue 12, item 7).
@Suite struct RecordableAmountTests {
    @Test func anAmountUpToTheBoundIsRecordableAndOnePastItIsNot() throws {
        #expect(try Money(parsingRecordable: "10000000") == Money.largestRecordable)
        #expect(try Money(parsingRecordable: "-10000000.0000") == Money(units: -Money.largestRecordable.units))
        #expect(throws: MoneyError.notRecordable("10000000.0001")) { try Money(parsingRecordable: "10000000.0001") }
        #expect(throws: MoneyError.notRecordable("922337203685477.5807")) { try Money(parsingRecordable: "922337203685477.5807") }
        // What Money(parsing:) refuses is refused for the same reason.
        #expect(throws: MoneyError.tooManyDecimals("1.23456")) { try Money(parsingRecordable: "1.23456") }
        #expect(!Money(units: .min).isRecordable)
        #expect("\(MoneyError.notRecordable("10000000.01"))" == "'10000000.01' is more than 10000000.00, the largest amount one record may hold")
    }

    /// 92 million amounts at the bound fit in a sum: the reason for the bound.
    @Test func fewerThan92MillionAmountsAtTheBoundAlwaysFit() {
        #expect(Int64.max / Money.largestRecordable.units >= 92_000_000)
    }

    @Test func anOverflowingSumNamesItsRecordsOrSaysNoneIsToBlame() {
        let named = MoneyError.sumTooLarge(sum: "the expenses from 2026-11-01 to 2026-12-01", records: ["expense": [2, 1, 2], "shift": [7], "x": []])
        #expect("\(named)" == "the expenses from 2026-11-01 to 2026-12-01 are too large to add up: expense ids 1, 2 and shift id 7 hold"
                    + " amounts beyond 10000000.00, the largest one record may hold; 'dashpilot check' lists every such amount:"
                    + " correct or delete those records")
        let one = MoneyError.sumTooLarge(sum: "the expenses listed", records: ["expense": [3]])
        #expect("\(one)".contains("expense id 3 holds an amount beyond"))
        let none = MoneyError.sumTooLarge(sum: "the shifts' amounts over the whole report", records: [:])
        #expect("\(none)" == "the shifts' amounts over the whole report are too large to add up, though no record in them holds an amount"
                    + " beyond 10000000.00; 'dashpilot check' lists any stored amount that does")
        let many = MoneyError.sumTooLarge(sum: "s", records: ["expense": Array(1...25)])
        #expect("\(many)".contains("expense ids 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 and 5 more hold"))
    }
}
