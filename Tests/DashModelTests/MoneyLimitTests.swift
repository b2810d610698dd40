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
