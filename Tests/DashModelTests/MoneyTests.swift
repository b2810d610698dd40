import DashModel
import Testing

@Suite("Money: exact decimals")
struct MoneyTests {
    @Test("a fuel price of 3.459 and an economy of 27.5 are held exactly")
    func exactValues() throws {
        let price = try Money(parsing: "3.459")
        #expect(price.units == 34_590)
        #expect(price.description == "3.459")
        let economy = try Money(parsing: "27.5")
        #expect(economy.units == 275_000)
        #expect(economy.description == "27.50")
        #expect(try Money(parsing: price.description) == price)
        #expect(try Money(parsing: economy.description) == economy)
    }

    @Test("plain decimals parse to exact units", arguments: [
        ("12", Int64(120_000)), ("12.5", 125_000), ("12.50", 125_000), (".5", 5000), ("0.0001", 1),
        ("-3.1234", -31_234), ("+7", 70_000), ("0", 0), ("007.10", 71_000), ("922337203685477", 9_223_372_036_854_770_000),
    ])
    func parses(text: String, units: Int64) throws {
        #expect(try Money(parsing: text).units == units)
    }

    @Test("negative zero is zero and prints unsigned", arguments: ["-0.00", "-0", "-.0000", "0.00"])
    func negativeZero(text: String) throws {
        let value = try Money(parsing: text)
        #expect(value == .zero)
        #expect(!value.isNegative)
        #expect(value.description == "0.00")
        #expect(value.formatted(places: 2) == "0.00")
    }

    @Test("anything but a plain decimal is refused", arguments: [
        "1e3", "1,234.56", "abc", "", "-", ".", "+", "1.2.3", " 12", "12 ", "$12", "12USD", "--1", "1-", "١٢", "½",
    ])
    func refusesNonDecimals(text: String) {
        #expect(throws: MoneyError.notADecimal(text)) { try Money(parsing: text) }
    }

    @Test("a fifth decimal place is refused rather than rounded", arguments: ["12.34567", "0.00001", "-1.00000"])
    func refusesFifthDecimal(text: String) {
        #expect(throws: MoneyError.tooManyDecimals(text)) { try Money(parsing: text) }
    }

    @Test("amounts past the range are refused, not wrapped", arguments: ["922337203685478", "99999999999999999999999"])
    func refusesOutOfRange(text: String) {
        #expect(throws: MoneyError.outOfRange(text)) { try Money(parsing: text) }
    }

    @Test("description keeps every significant place, at least two", arguments: [
        (Int64(0), "0.00"), (125_000, "12.50"), (34_590, "3.459"), (-31_234, "-3.1234"), (1, "0.0001"), (-1, "-0.0001"),
        (10_000, "1.00"), (Int64.min + 1, "-922337203685477.5807"),
    ])
    func describes(units: Int64, text: String) {
        #expect(Money(units: units).description == text)
    }

    @Test("formatted rounds half away from zero and never prints -0.00", arguments: [
        ("2.345", 2, "2.35"), ("-2.345", 2, "-2.35"), ("2.3449", 2, "2.34"), ("-2.3449", 2, "-2.34"),
        ("0.005", 2, "0.01"), ("-0.005", 2, "-0.01"), ("-0.0049", 2, "0.00"), ("-0.0001", 2, "0.00"),
        ("2.5", 0, "3"), ("-2.5", 0, "-3"), ("-0.4", 0, "0"), ("3.4595", 3, "3.460"), ("3.459", 4, "3.4590"),
        ("12", 2, "12.00"), ("0.0001", 4, "0.0001"),
        ("0.9999", 3, "1.000"), ("0.9995", 3, "1.000"), ("0.9994", 3, "0.999"), ("9.995", 2, "10.00"), ("-9.995", 2, "-10.00"),
    ])
    func formatted(text: String, places: Int, expected: String) throws {
        #expect(try Money(parsing: text).formatted(places: places) == expected)
    }

    @Test("formatted defaults to two places")
    func formattedDefault() throws {
        #expect(try Money(parsing: "27.5").formatted() == "27.50")
    }

    @Test("sums and differences are exact and overflow throws")
    func arithmetic() throws {
        var sum = Money.zero
        for _ in 0..<10 { sum = try sum.adding(try Money(parsing: "0.1")) }
        #expect(sum == Money(1))
        #expect(try Money(parsing: "3.459").subtracting(Money(4)).description == "-0.541")
        #expect(throws: MoneyError.overflow) { try Money(units: .max).adding(Money(units: 1)) }
        #expect(throws: MoneyError.overflow) { try Money(units: .min).subtracting(Money(units: 1)) }
    }

    @Test("ordering follows value, not text")
    func ordering() throws {
        #expect(try Money(parsing: "9.99") < Money(parsing: "10"))
        #expect(try Money(parsing: "-1") < Money.zero)
        #expect(Money(3) == (try Money(parsing: "3.0000")))
    }

    @Test("errors say what was wrong in words")
    func errorDescriptions() {
        #expect(MoneyError.notADecimal("1e3").description.contains("'1e3'"))
        #expect(MoneyError.tooManyDecimals("12.34567").description.contains("4 decimal places"))
    }
}
