@testable import DashImport
import DashModel
import Testing

/// Statement amounts (issue 4, "Amounts parsed exactly"; RELIABILITY.md 3.2): every accepted and
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
        ("922337203685477.5807", Int64.max), ("-922337203685477.5807", -Int64.max),
        ("922,337,203,685,477.5807", Int64.max),
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

    @Test("refused with a decimal point, naming the text", arguments: [
        ("7.25abc", AmountError.unexpected("7.25abc", "a")),
        ("1e3", .unexpected("1e3", "e")),
        ("1.5e2", .unexpected("1.5e2", "e")),
        ("0x10", .unexpected("0x10", "x")),
        ("0x1p3", .unexpected("0x1p3", "x")),
        ("NaN", .unexpected("NaN", "N")),
        ("Infinity", .unexpected("Infinity", "I")),
        ("-Infinity", .unexpected("-Infinity", "I")),
        ("--5", .unexpected("--5", "-")),
        ("+-5", .unexpected("+-5", "-")),
        ("-$-5", .unexpected("-$-5", "-")),
        ("(5", .unclosedParenthesis("(5")),
        ("($5.00", .unclosedParenthesis("($5.00")),
        ("5)", .unexpected("5)", ")")),
        ("(-5)", .unexpected("(-5)", "-")),
        ("-(5)", .unexpected("-(5)", "(")),
        ("($-5)", .unexpected("($-5)", "-")),
        ("(+5)", .unexpected("(+5)", "+")),
        ("(5) €", .unexpected("(5) €", "€")),
        ("()", .unexpected("()", ")")),
        ("$", .noDigits("$")),
        ("-", .noDigits("-")),
        ("+", .noDigits("+")),
        (".", .noDigits(".")),
        ("$.", .noDigits("$.")),
        ("(", .noDigits("(")),
        ("USD ", .unexpected("USD ", "U")),
        ("1.2.3", .unexpected("1.2.3", ".")),
        ("5-", .unexpected("5-", "-")),
        ("- 5", .unexpected("- 5", " ")),
        ("$5$", .unexpected("$5$", "$")),
        ("$$5", .unexpected("$$5", "$")),
        ("$5 USD", .unexpected("$5 USD", "U")),
        ("USD5", .unexpected("USD5", "U")),
        ("usd 5", .unexpected("usd 5", "u")),
        ("5USD", .unexpected("5USD", "U")),
        ("5 US", .unexpected("5 US", "U")),
        ("12.50 abc", .unexpected("12.50 abc", "a")),
        ("5 5", .unexpected("5 5", "5")),
        ("1 234.56", .unexpected("1 234.56", "2")),
        ("1_000", .unexpected("1_000", "_")),
        ("1'234.56", .unexpected("1'234.56", "'")),
        ("¥5", .unexpected("¥5", "¥")),
        ("5\u{2009}000", .unexpected("5\u{2009}000", "\u{2009}")),
        ("1,23.45", .misplacedGroupSeparator("1,23.45", ",")),
        ("1,,234", .misplacedGroupSeparator("1,,234", ",")),
        ("1,234,", .misplacedGroupSeparator("1,234,", ",")),
        ("1234,567", .wrongDecimalMark("1234,567", expected: .point)),
        ("1234,56.7", .misplacedGroupSeparator("1234,56.7", ",")),
        ("1,234,5678", .misplacedGroupSeparator("1,234,5678", ",")),
        ("12,34", .wrongDecimalMark("12,34", expected: .point)),
        ("1,5", .wrongDecimalMark("1,5", expected: .point)),
        ("0,123", .wrongDecimalMark("0,123", expected: .point)),
        ("1,2345", .wrongDecimalMark("1,2345", expected: .point)),
        (",5", .wrongDecimalMark(",5", expected: .point)),
        ("1.234,56", .wrongDecimalMark("1.234,56", expected: .point)),
        ("12,50 €", .wrongDecimalMark("12,50 €", expected: .point)),
        ("1.23456", .tooManyDecimals("1.23456")),
        ("1.00000", .tooManyDecimals("1.00000")),
        ("$0.00001", .tooManyDecimals("$0.00001")),
        ("922337203685477.5808", .tooLarge("922337203685477.5808")),
        ("-922337203685477.5808", .tooLarge("-922337203685477.5808")),
        ("922337203685478", .tooLarge("922337203685478")),
        ("99999999999999999999999999", .tooLarge("99999999999999999999999999")),
        ("(999,999,999,999,999,999.99)", .tooLarge("(999,999,999,999,999,999.99)")),
    ])
    func refusedPoint(text: String, error: AmountError) {
        #expect(throws: error) { try AmountText.parse(text, decimalMark: .point) }
    }

    @Test("refused with a decimal comma, naming the text", arguments: [
        ("1,234.56", AmountError.wrongDecimalMark("1,234.56", expected: .comma)),
        ("1.5", .wrongDecimalMark("1.5", expected: .comma)),
        ("12.34", .wrongDecimalMark("12.34", expected: .comma)),
        ("$3.50", .wrongDecimalMark("$3.50", expected: .comma)),
        ("1.23.456", .misplacedGroupSeparator("1.23.456", ".")),
        ("1 23,4", .misplacedGroupSeparator("1 23,4", " ")),
        ("0.123", .wrongDecimalMark("0.123", expected: .comma)),
        ("01 234", .misplacedGroupSeparator("01 234", " ")),
        ("1.234 567,00", .unexpected("1.234 567,00", "5")),
        ("1 234.567,00", .unexpected("1 234.567,00", ".")),
        ("1\t234", .unexpected("1\t234", "2")),
        ("1,2,3", .unexpected("1,2,3", ",")),
        ("7,25abc", .unexpected("7,25abc", "a")),
        ("1,23456", .tooManyDecimals("1,23456")),
        ("(5", .unclosedParenthesis("(5")),
        (",", .noDigits(",")),
        ("922.337.203.685.478", .tooLarge("922.337.203.685.478")),
    ])
    func refusedComma(text: String, error: AmountError) {
        #expect(throws: error) { try AmountText.parse(text, decimalMark: .comma) }
    }

    // MARK: - Messages

    @Test("messages are lower case and name the text", arguments: [
        (AmountError.unexpected("7.25abc", "a"), "'7.25abc' is not an amount: unexpected 'a'"),
        (.noDigits("$"), "'$' is not an amount: it has no digits"),
        (.unclosedParenthesis("(5"), "'(5' is not an amount: '(' is never closed"),
        (.misplacedGroupSeparator("1,23.45", ","),
         "'1,23.45' is not an amount: digit groups split by ',' must be of three digits, as in 1,234,567.89"),
        (.wrongDecimalMark("12,34", expected: .point),
         "'12,34' is not an amount: the template says decimal point, and this is written with a decimal comma"),
        (.tooManyDecimals("1.23456"), "'1.23456' is not an amount: more than 4 decimal places (amounts are never rounded)"),
        (.tooLarge("1e99"), "'1e99' is not an amount: too large (the limit is 922337203685477.5807)"),
        (.unexpected("5\u{A0}x", "\u{A0}"), "'5\\u{00A0}x' is not an amount: unexpected U+00A0"),
        (.unexpected("\u{1B}[31m", "\u{1B}"), "'\\u{001B}[31m' is not an amount: unexpected U+001B"),
    ])
    func messages(error: AmountError, message: String) {
        #expect(error.description == message)
    }

    @Test("a long cell is cut short in the message, not in the error")
    func longCellMessage() {
        let text = String(repeating: "9", count: 100) + "x"
        #expect(throws: AmountError.unexpected(text, "x")) { try AmountText.parse(text, decimalMark: .point) }
        let message = AmountError.unexpected(text, "x").description
        #expect(message == "'" + String(repeating: "9", count: 40) + "…' is not an amount: unexpected 'x'")
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
        #expect(result == .failure(.unexpected("5\u{FFFD}0", "\u{FFFD}")))
    }

    @Test("each accepted amount's description reads back to the same value")
    func descriptionRoundTrip() throws {
        for text in ["$1,234.56", "(12.00)", "-0.00", ".5", "1,234,567.8901", "922337203685477.5807"] {
            let value = try #require(try AmountText.parse(text, decimalMark: .point))
            #expect(try AmountText.parse(value.description, decimalMark: .point) == value)
            #expect(try Money(parsing: value.description) == value)
        }
    }
}
