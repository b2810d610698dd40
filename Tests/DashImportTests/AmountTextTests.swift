@testable import DashImport
import DashModel
import Testing

/// Statement amounts (issue 4, "Amounts parsed exactly"; docs/facts.md, "CSV and amounts"): every accepted and
/// every refused form, under both decimal marks.
@Suite("AmountText: statement amounts, exactly")
struct AmountTextTests {
    static let nbsp = "\u{A0}"
    static let narrow = "\u{202F}"

    // MARK: - Accepted

    static let acceptedWithPoint: [(String, Int64)] = [
        ("12.50", 125_000), ("1234.56", 12_345_600), ("$1,234.56", 12_345_600), ("-$3.50", -35_000),
        ("$-3.50", -35_000), ("(12.00)", -120_000), ("($12.00)", -120_000), ("  12.50  ", 125_000),
        ("+5", 50_000), (".5", 5000), ("5.", 50_000), ("-.5", -5000), ("0", 0), ("007", 70_000),
        ("1,234", 12_340_000), ("1,234,567.8901", 12_345_678_901), ("12,345.", 123_450_000),
        ("€12.50", 125_000), ("12.50€", 125_000), ("12.50 €", 125_000), ("£7", 70_000), ("$ 5", 50_000),
        ("USD 12.50", 125_000), ("12.50 USD", 125_000), ("EUR 3", 30_000), ("3 GBP", 30_000),
        ("-USD 3.50", -35_000), ("USD -3.50", -35_000), ("$ -3.50", -35_000), ("+$5", 50_000),
        ("-12.50 €", -125_000), ("( 12.00 )", -120_000), ("(12.00 USD)", -120_000), ("(€ 1,000)", -10_000_000),
        ("\t5\t", 50_000), ("\(nbsp)5\(narrow)", 50_000), ("0.0001", 1), ("1.2345", 12_345),
        ("10000000", 100_000_000_000), ("-10,000,000.0000", -100_000_000_000), ("(10,000,000)", -100_000_000_000),
        ("9,999,999.9999", 99_999_999_999),
        (String(repeating: "0", count: 500) + "1", 10_000),
    ]

    @Test("accepted with a decimal point", arguments: acceptedWithPoint)
    func acceptedPoint(text: String, units: Int64) throws {
        #expect(try AmountText.parse(text, decimalMark: .point) == Money(units: units))
    }

    static let acceptedWithComma: [(String, Int64)] = [
        ("1.234,56", 12_345_600), ("12,5", 125_000), ("-3,50", -35_000), ("1 234,56", 12_345_600),
        ("1\(narrow)234,56", 12_345_600), ("1\(nbsp)234,56", 12_345_600), ("1.234.567", 12_345_670_000),
        ("1 234 567,1234", 12_345_671_234), (",5", 5000), ("5,", 50_000), ("1,234", 12_340),
        ("12,50 €", 125_000), ("12,50\(nbsp)€", 125_000), ("1 234,56 €", 12_345_600), ("€ 1.234,56", 12_345_600),
        ("(1.234,56)", -12_345_600), ("-1.234,56 EUR", -12_345_600), ("1234,56", 12_345_600), ("  7  ", 70_000),
    ]

    @Test("accepted with a decimal comma", arguments: acceptedWithComma)
    func acceptedComma(text: String, units: Int64) throws {
        #expect(try AmountText.parse(text, decimalMark: .comma) == Money(units: units))
    }

    // MARK: - Blank, zero and negative zero

    @Test("a blank cell is nil under both marks", arguments: ["", " ", "   ", "\t", nbsp, narrow, " \t\(nbsp) "])
    func blankIsNil(text: String) throws {
        #expect(try AmountText.parse(text, decimalMark: .point) == nil)
        #expect(try AmountText.parse(text, decimalMark: .comma) == nil)
    }

    @Test("0.00 is an amount, distinct from a blank", arguments: ["0", "0.00", "$0.00", "0.0000", " 0 "])
    func zeroIsNotNil(text: String) throws {
        let value = try AmountText.parse(text, decimalMark: .point)
        #expect(value == Money.zero)
        #expect(value != nil)
    }

    @Test("negative zero is 0.00", arguments: [
        ("-0.00", DecimalMark.point), ("(0.00)", .point), ("-$0.00", .point), ("$-0", .point), ("-.0", .point),
        ("-0,00", .comma), ("(0,00 €)", .comma),
    ])
    func negativeZero(text: String, mark: DecimalMark) throws {
        let value = try #require(try AmountText.parse(text, decimalMark: mark))
        #expect(value.units == 0)
        #expect(!value.isNegative)
        #expect(value.description == "0.00")
    }

    // MARK: - Refused

    @Test("refused with a decimal point, describing the cell", arguments: [
        ("7.25abc", AmountError.unexpected(CellShape("7.25abc"), "a")),
        ("1e3", .unexpected(CellShape("1e3"), "e")),
        ("1.5e2", .unexpected(CellShape("1.5e2"), "e")),
        ("0x10", .unexpected(CellShape("0x10"), "x")),
        ("0x1p3", .unexpected(CellShape("0x1p3"), "x")),
        ("NaN", .unexpected(CellShape("NaN"), "N")),
        ("Infinity", .unexpected(CellShape("Infinity"), "I")),
        ("-Infinity", .unexpected(CellShape("-Infinity"), "I")),
        ("--5", .unexpected(CellShape("--5"), "-")),
        ("+-5", .unexpected(CellShape("+-5"), "-")),
        ("-$-5", .unexpected(CellShape("-$-5"), "-")),
        ("(5", .unclosedParenthesis(CellShape("(5"))),
        ("($5.00", .unclosedParenthesis(CellShape("($5.00"))),
        ("5)", .unexpected(CellShape("5)"), ")")),
        ("(-5)", .unexpected(CellShape("(-5)"), "-")),
        ("-(5)", .unexpected(CellShape("-(5)"), "(")),
        ("($-5)", .unexpected(CellShape("($-5)"), "-")),
        ("(+5)", .unexpected(CellShape("(+5)"), "+")),
        ("(5) €", .unexpected(CellShape("(5) €"), "€")),
        ("()", .unexpected(CellShape("()"), ")")),
        ("$", .noDigits(CellShape("$"))),
        ("-", .noDigits(CellShape("-"))),
        ("+", .noDigits(CellShape("+"))),
        (".", .noDigits(CellShape("."))),
        ("$.", .noDigits(CellShape("$."))),
        ("(", .noDigits(CellShape("("))),
        ("USD ", .unexpected(CellShape("USD "), "U")),
        ("1.2.3", .unexpected(CellShape("1.2.3"), ".")),
        ("5-", .unexpected(CellShape("5-"), "-")),
        ("- 5", .unexpected(CellShape("- 5"), " ")),
        ("$5$", .unexpected(CellShape("$5$"), "$")),
        ("$$5", .unexpected(CellShape("$$5"), "$")),
        ("$5 USD", .unexpected(CellShape("$5 USD"), "U")),
        ("USD5", .unexpected(CellShape("USD5"), "U")),
        ("usd 5", .unexpected(CellShape("usd 5"), "u")),
        ("5USD", .unexpected(CellShape("5USD"), "U")),
        ("5 US", .unexpected(CellShape("5 US"), "U")),
        ("12.50 abc", .unexpected(CellShape("12.50 abc"), "a")),
        ("5 5", .unexpected(CellShape("5 5"), "5")),
        ("1 234.56", .unexpected(CellShape("1 234.56"), "2")),
        ("1_000", .unexpected(CellShape("1_000"), "_")),
        ("1'234.56", .unexpected(CellShape("1'234.56"), "'")),
        ("¥5", .unexpected(CellShape("¥5"), "¥")),
        ("5\u{2009}000", .unexpected(CellShape("5\u{2009}000"), "\u{2009}")),
        ("1,23.45", .misplacedGroupSeparator(CellShape("1,23.45"), ",")),
        ("1,,234", .misplacedGroupSeparator(CellShape("1,,234"), ",")),
        ("1,234,", .misplacedGroupSeparator(CellShape("1,234,"), ",")),
        ("1234,567", .wrongDecimalMark(CellShape("1234,567"), expected: .point)),
        ("1234,56.7", .misplacedGroupSeparator(CellShape("1234,56.7"), ",")),
        ("1,234,5678", .misplacedGroupSeparator(CellShape("1,234,5678"), ",")),
        ("12,34", .wrongDecimalMark(CellShape("12,34"), expected: .point)),
        ("1,5", .wrongDecimalMark(CellShape("1,5"), expected: .point)),
        ("0,123", .wrongDecimalMark(CellShape("0,123"), expected: .point)),
        ("1,2345", .wrongDecimalMark(CellShape("1,2345"), expected: .point)),
        (",5", .wrongDecimalMark(CellShape(",5"), expected: .point)),
        ("1.234,56", .wrongDecimalMark(CellShape("1.234,56"), expected: .point)),
        ("12,50 €", .wrongDecimalMark(CellShape("12,50 €"), expected: .point)),
        ("1.23456", .tooManyDecimals(CellShape("1.23456"))),
        ("1.00000", .tooManyDecimals(CellShape("1.00000"))),
        ("$0.00001", .tooManyDecimals(CellShape("$0.00001"))),
        ("10000000.0001", .tooLarge(CellShape("10000000.0001"))),
        ("-10,000,001", .tooLarge(CellShape("-10,000,001"))),
        ("922337203685477.5807", .tooLarge(CellShape("922337203685477.5807"))),
        ("922337203685477.5808", .tooLarge(CellShape("922337203685477.5808"))),
        ("-922337203685477.5808", .tooLarge(CellShape("-922337203685477.5808"))),
        ("922337203685478", .tooLarge(CellShape("922337203685478"))),
        ("99999999999999999999999999", .tooLarge(CellShape("99999999999999999999999999"))),
        ("(999,999,999,999,999,999.99)", .tooLarge(CellShape("(999,999,999,999,999,999.99)"))),
    ])
    func refusedPoint(text: String, error: AmountError) {
        #expect(throws: error) { try AmountText.parse(text, decimalMark: .point) }
    }

    @Test("refused with a decimal comma, describing the cell", arguments: [
        ("1,234.56", AmountError.wrongDecimalMark(CellShape("1,234.56"), expected: .comma)),
        ("1.5", .wrongDecimalMark(CellShape("1.5"), expected: .comma)),
        ("12.34", .wrongDecimalMark(CellShape("12.34"), expected: .comma)),
        ("$3.50", .wrongDecimalMark(CellShape("$3.50"), expected: .comma)),
        ("1.23.456", .misplacedGroupSeparator(CellShape("1.23.456"), ".")),
        ("1 23,4", .misplacedGroupSeparator(CellShape("1 23,4"), " ")),
        ("0.123", .wrongDecimalMark(CellShape("0.123"), expected: .comma)),
        ("01 234", .misplacedGroupSeparator(CellShape("01 234"), " ")),
        ("1.234 567,00", .unexpected(CellShape("1.234 567,00"), "5")),
        ("1 234.567,00", .unexpected(CellShape("1 234.567,00"), ".")),
        ("1\t234", .unexpected(CellShape("1\t234"), "2")),
        ("1,2,3", .unexpected(CellShape("1,2,3"), ",")),
        ("7,25abc", .unexpected(CellShape("7,25abc"), "a")),
        ("1,23456", .tooManyDecimals(CellShape("1,23456"))),
        ("(5", .unclosedParenthesis(CellShape("(5"))),
        (",", .noDigits(CellShape(","))),
        ("922.337.203.685.478", .tooLarge(CellShape("922.337.203.685.478"))),
    ])
    func refusedComma(text: String, error: AmountError) {
        #expect(throws: error) { try AmountText.parse(text, decimalMark: .comma) }
    }

    // MARK: - Messages

    @Test("messages are lower case and describe the cell by its shape, never its text", arguments: [
        (AmountError.unexpected(CellShape("7.25abc"), "a"), "not an amount (7 characters: letters, digits and '.'): unexpected a letter"),
        (.unexpected(CellShape("Alice Wonderland"), "A"), "not an amount (16 characters: letters and a space): text, not a number"),
        (.noDigits(CellShape("$")), "not an amount (1 character: '$'): it has no digits"),
        (.unclosedParenthesis(CellShape("(5")), "not an amount (2 characters: a digit and '('): '(' is never closed"),
        (.misplacedGroupSeparator(CellShape("1,23.45"), ","),
         "not an amount (7 characters: digits, ',' and '.'): digits with a misplaced ',' (digit groups split by ',' are of three digits, as in 1,234,567.89)"),
        (.wrongDecimalMark(CellShape("12,34"), expected: .point),
         "not an amount (5 characters: digits and ','): the template says decimal point, and this is written with a decimal comma"),
        (.tooManyDecimals(CellShape("1.23456")), "not an amount (7 characters: digits and '.'): more than 4 decimal places (amounts are never rounded)"),
        (.tooLarge(CellShape("12345678.90")),
         "an amount (11 characters: digits and '.') over the limit of 10,000,000: one recorded amount is at most that"),
        (.unexpected(CellShape("5\u{A0}x"), "\u{A0}"), "not an amount (3 characters: a letter, a digit and U+00A0): unexpected U+00A0"),
        (.unexpected(CellShape("\u{1B}[31m"), "\u{1B}"), "not an amount (5 characters: a letter, digits, '[' and U+001B): unexpected U+001B"),
    ])
    func messages(error: AmountError, message: String) {
        #expect(error.description == message)
    }

    /// Issue 12, item 10: a misaligned file put a name in an amount column, and the message
    /// quoted it into cron mail. No cell's text reaches a message, whatever it holds.
    @Test("no message holds the cell's text", arguments: [
        "Alice Wonderland", "42 Elm Street, Springfield", "alice@example.com", "+1 555 0100", "7.25abc", "Müller", "1,23.45 Bob",
        String(repeating: "9", count: 100) + "x", "(Bob", "99999999999 Bob",
    ])
    func noMessageHoldsTheCell(text: String) {
        for mark in DecimalMark.allCases {
            let result = Result { () throws(AmountError) -> Money? in try AmountText.parse(text, decimalMark: mark) }
            guard case .failure(let error) = result else {
                Issue.record("'\(text)' was accepted")
                continue
            }
            let message = error.description
            for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where word.count > 2 {
                #expect(!message.contains(word), "\(message)")
            }
        }
    }

    @Test("a long cell is described by its length")
    func longCellMessage() {
        let text = String(repeating: "9", count: 100) + "x"
        #expect(throws: AmountError.unexpected(CellShape(text), "x")) { try AmountText.parse(text, decimalMark: .point) }
        let message = AmountError.unexpected(CellShape(text), "x").description
        #expect(message == "not an amount (101 characters: a letter and digits): unexpected a letter")
    }

    /// Issue 12, item 7: one recorded amount is at most `Money.largestRecordable` in magnitude.
    @Test("an amount over 10,000,000 is refused, under both marks, either sign")
    func overTheLimit() throws {
        #expect(try AmountText.parse("10,000,000.00", decimalMark: .point) == Money.largestRecordable)
        #expect(try AmountText.parse("-10.000.000,00", decimalMark: .comma) == Money(units: -Money.largestRecordable.units))
        for (text, mark) in [("10,000,000.0001", DecimalMark.point), ("(10000001)", .point), ("10.000.001", .comma), ("-$25,000,000", .point)] {
            #expect(throws: AmountError.tooLarge(CellShape(text))) { try AmountText.parse(text, decimalMark: mark) }
        }
        let message = AmountError.tooLarge(CellShape("25000000")).description
        #expect(message.contains("over the limit of 10,000,000"))
        #expect(!message.contains("25000000"))
    }

    // MARK: - Entry points

    @Test("the byte entry point agrees with the string one, and a bad byte is refused")
    func bytesEntryPoint() throws {
        for text in ["$1,234.56", "", "(12.00)", "7.25abc", "1 234,56 €"] {
            for mark in DecimalMark.allCases {
                let fromString = Result { () throws(AmountError) -> Money? in try AmountText.parse(text, decimalMark: mark) }
                let fromBytes = Array(text.utf8).withUnsafeBufferPointer { bytes in
                    Result { () throws(AmountError) -> Money? in try AmountText.parse(utf8: bytes, decimalMark: mark) }
                }
                #expect(fromString == fromBytes, "\(text) \(mark)")
            }
        }
        let bad: [UInt8] = [0x35, 0xFF, 0x30]
        let result = bad.withUnsafeBufferPointer { bytes in
            Result { () throws(AmountError) -> Money? in try AmountText.parse(utf8: bytes, decimalMark: .point) }
        }
        #expect(result == .failure(.unexpected(CellShape("5\u{FFFD}0"), "\u{FFFD}")))
    }

    @Test("each accepted amount's description reads back to the same value")
    func descriptionRoundTrip() throws {
        for text in ["$1,234.56", "(12.00)", "-0.00", ".5", "1,234,567.8901", "10,000,000", "-9999999.9999"] {
            let value = try #require(try AmountText.parse(text, decimalMark: .point))
            #expect(try AmountText.parse(value.description, decimalMark: .point) == value)
            #expect(try Money(parsing: value.description) == value)
        }
    }
}
