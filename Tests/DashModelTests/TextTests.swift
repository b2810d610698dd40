import DashModel
import Testing

@Suite("Plain text, expenses and pickup places")
struct TextTests {
    /// Control characters and bidirectional controls that would break terminals, CSV and reports.
    static let hostile: [String] = [
        "\u{0000}", "\u{0007}", "\u{0008}", "\t", "\n", "\r", "\u{001B}[31m", "\u{007F}", "\u{0085}", "\u{009B}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
    ]

    @Test("control characters and bidi overrides are refused inside text", arguments: hostile)
    func hostileRefused(character: String) {
        #expect(throws: ModelError.badText(field: "the note", reason: "contains a control character")) {
            try PlainText.validated("fuel\(character)gnp.exe", field: "the note", maxLength: 200)
        }
    }

    @Test("an expense refuses them in its category and its note", arguments: ["\u{202E}", "\u{0007}", "\n", "\u{2066}"])
    func expenseRefuses(character: String) throws {
        #expect(throws: ModelError.badText(field: "the category", reason: "contains a control character")) {
            try Expense(id: 0, occurredAt: minute(0), amount: money("12.5"), category: "fu\(character)el", note: nil)
        }
        #expect(throws: ModelError.badText(field: "the note", reason: "contains a control character")) {
            try Expense(id: 0, occurredAt: minute(0), amount: money("12.5"), category: "fuel", note: "top\(character)up")
        }
    }

    @Test("a pickup place refuses them in its name")
    func pickupPlaceRefuses() {
        #expect(throws: ModelError.self) { try PickupPlace(id: 0, name: "Caf\u{202E}é") }
        #expect(throws: ModelError.self) { try PickupPlace(id: 0, name: "   ") }
        #expect(throws: ModelError.self) { try PickupPlace(id: 0, name: String(repeating: "x", count: 101)) }
    }

    @Test("text is trimmed; empty and over-long text is refused; ordinary Unicode is kept")
    func trimmingAndLength() throws {
        #expect(try PlainText.validated("  Café ☕️ \u{1F697}  ", field: "x", maxLength: 40) == "Café ☕️ \u{1F697}")
        #expect(throws: ModelError.badText(field: "x", reason: "cannot be empty")) { try PlainText.validated("", field: "x", maxLength: 5) }
        #expect(throws: ModelError.badText(field: "x", reason: "cannot be empty")) { try PlainText.validated(" \u{3000} ", field: "x", maxLength: 5) }
        #expect(throws: ModelError.badText(field: "x", reason: "is longer than 5 characters")) {
            try PlainText.validated("abcdef", field: "x", maxLength: 5)
        }
        #expect(try PlainText.validated("abcde", field: "x", maxLength: 5) == "abcde")
        // Length counts characters, not bytes: five accented letters fit in five.
        #expect(try PlainText.validated("ééééé", field: "x", maxLength: 5) == "ééééé")
        // A zero-width joiner inside an emoji is not a control character.
        #expect(try PlainText.validated("👩‍👩‍👧", field: "x", maxLength: 5) == "👩‍👩‍👧")
    }

    @Test("an expense's amount is required and never negative; zero is a recorded amount")
    func expenseAmounts() throws {
        #expect(throws: ModelError.negativeAmount(field: "an expense")) {
            try Expense(id: 0, occurredAt: minute(0), amount: money("-0.01"), category: "fuel", note: nil)
        }
        let free = try Expense(id: 0, occurredAt: minute(0), amount: .zero, category: " Parking ", note: "  validated ")
        #expect(free.amount == .zero)
        #expect(free.category == "Parking")
        #expect(free.note == "validated")
        #expect(free.knownCategory == .parking)
        #expect(try Expense(id: 0, occurredAt: minute(0), amount: .zero, category: "car wash", note: nil).knownCategory == .other)
        #expect(throws: ModelError.self) {
            try Expense(id: 0, occurredAt: minute(0), amount: .zero, category: String(repeating: "c", count: 41), note: nil)
        }
        #expect(throws: ModelError.self) {
            try Expense(id: 0, occurredAt: minute(0), amount: .zero, category: "fuel", note: String(repeating: "n", count: 201))
        }
    }

    @Test("pickup place names match case-insensitively over Unicode")
    func matchKeys() {
        #expect(PickupPlace.matchKey("Café") == PickupPlace.matchKey("CAFÉ"))
        #expect(PickupPlace.matchKey("  Straße ") == "straße")
        #expect(PickupPlace.matchKey("ÖZ Döner") == "öz döner")
        #expect(PickupPlace.matchKey("Cafe") != PickupPlace.matchKey("Café"))
    }
}
