import DashModel
import Testing

/// Income on no shift (issue 27): the record's rules for one row, before any store is involved.
@Suite("other income: the model's rules")
struct OtherIncomeModelTests {
    static let at = Instant(millisecondsSinceEpoch: 1_793_610_000_000)

    static func income(_ amount: String, platform: String = "Uber", kind: OtherIncomeKind = .quest, note: String? = nil) throws -> OtherIncome {
        try OtherIncome(id: 0, occurredAt: at, amount: try Money(parsing: amount), platform: platform, kind: kind, note: note)
    }

    @Test("an amount above or below zero is kept exactly; 0.00 records nothing and is refused")
    func amounts() throws {
        #expect(try Self.income("51.47").amount == Money(units: 514_700))
        #expect(try Self.income("-12.345").amount == Money(units: -123_450))
        #expect(throws: ModelError.badText(field: "other income", reason: "cannot be 0.00 (it would record nothing)")) {
            try Self.income("0.00")
        }
        #expect(throws: ModelError.self) {
            try OtherIncome(id: 0, occurredAt: Self.at, amount: Money(units: Money.largestRecordable.units + 1), platform: "Uber", kind: .other, note: nil)
        }
        #expect(throws: ModelError.self) {
            try OtherIncome(id: 0, occurredAt: Self.at, amount: Money(units: -Money.largestRecordable.units - 1), platform: "Uber", kind: .other, note: nil)
        }
        #expect(try OtherIncome(id: 0, occurredAt: Self.at, amount: Money(units: -Money.largestRecordable.units), platform: "Uber",
                                kind: .adjustment, note: nil).amount.isNegative)
    }

    @Test("a platform is required, trimmed, bounded and folded as every platform is")
    func platform() throws {
        #expect(throws: ModelError.badText(field: "the platform", reason: "cannot be empty")) { try Self.income("5", platform: "   ") }
        #expect(throws: ModelError.badText(field: "the platform", reason: "contains a control character")) { try Self.income("5", platform: "Ub\u{7}er") }
        #expect(throws: ModelError.badText(field: "the platform", reason: "is longer than 100 characters")) {
            try Self.income("5", platform: String(repeating: "x", count: 101))
        }
        let income = try Self.income("5", platform: "  Uber Eats ")
        #expect(income.platform == "Uber Eats")
        #expect(income.platformKey == PlatformMoney.key("UBER EATS"))
        #expect(income.platformKey != PlatformMoney.key("Uber"))
    }

    @Test("the note is optional plain text of at most 200 characters")
    func note() throws {
        #expect(try Self.income("5", note: nil).note == nil)
        #expect(try Self.income("5", note: " support credit ").note == "support credit")
        #expect(throws: ModelError.badText(field: "the note", reason: "is longer than 200 characters")) {
            try Self.income("5", note: String(repeating: "n", count: 201))
        }
        #expect(throws: ModelError.badText(field: "the note", reason: "contains a control character")) { try Self.income("5", note: "a\u{202E}b") }
        #expect(throws: ModelError.badText(field: "the note", reason: "cannot be empty")) { try Self.income("5", note: "") }
    }

    @Test("the kind is one of five words, letter case and blanks ignored; another is refused naming them")
    func kinds() throws {
        #expect(OtherIncomeKind.allCases.map(\.rawValue) == ["incentive", "quest", "referral", "adjustment", "other"])
        #expect(try OtherIncomeKind(parsing: " Quest ") == .quest)
        #expect(try OtherIncomeKind(parsing: "REFERRAL") == .referral)
        #expect(throws: ModelError.badText(field: "the kind", reason: "must be incentive, quest, referral, adjustment or other")) {
            try OtherIncomeKind(parsing: "bonus")
        }
        #expect(throws: ModelError.self) { try OtherIncomeKind(parsing: "") }
    }
}
