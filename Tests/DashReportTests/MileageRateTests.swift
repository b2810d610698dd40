import DashModel
import DashReport
import Foundation
import Testing
import TestSupport

/// Standard-mileage rate tables: the shipped one, the files it is generated from, and the
/// errors a hand-written table gets.
@Suite("MileageRateTable")
struct MileageRateTests {
    static func day(_ text: String) throws -> Day { try Day(parsing: text) }

    static let templates = Fixtures.packageRoot + "/Templates/mileage-rates"

    static func irs() throws -> MileageRateTable { try #require(try MileageRateTable.builtIn("us-irs-business")) }

    @Test("the shipped IRS table parses, is sorted and has no overlaps")
    func builtInParses() throws {
        let table = try Self.irs()
        #expect(table.name == "us-irs-business")
        // 2016 ... 2026, with 2022 split at July 1: 12 ranges.
        #expect(table.rates.count == 12)
        for (earlier, later) in zip(table.rates, table.rates.dropFirst()) {
            #expect(earlier.to <= later.from, "\(earlier.from) overlaps \(later.from)")
            #expect(earlier.from < earlier.to)
        }
        #expect(table.rates.allSatisfy { !$0.source.isEmpty && !$0.perMile.isNegative })
    }

    @Test("the rate in force on a date", arguments: [
        ("2022-06-30", Int64?(5_850)), ("2022-07-01", 6_250), ("2026-05-01", 7_250), ("2026-01-01", 7_250), ("2026-12-31", 7_250),
        ("2025-12-31", 7_000), ("2016-01-01", 5_400), ("2015-06-01", nil), ("2015-12-31", nil), ("2027-01-01", nil),
    ])
    func rateOnDate(text: String, units: Int64?) throws {
        let rate = try Self.irs().rate(on: try Self.day(text))
        #expect(rate?.perMile == units.map { Money(units: $0) })
    }

    @Test("an unknown built-in name is nil")
    func unknownBuiltIn() throws {
        #expect(try MileageRateTable.builtIn("us-irs-charity") == nil)
    }

    @Test("every built-in text equals its file in Templates/mileage-rates byte for byte")
    func builtInsMatchTemplates() throws {
        #expect(!MileageRateTable.builtInJSON.isEmpty)
        for (name, text) in MileageRateTable.builtInJSON.sorted(by: { $0.key < $1.key }) {
            let path = "\(Self.templates)/\(name).json"
            let file = try #require(FileManager.default.contents(atPath: path), "no file \(path) for built-in \(name)")
            let builtIn = Data(text.utf8)
            #expect(builtIn == file, "built-in \(name) (\(builtIn.count) bytes) differs from \(path) (\(file.count) bytes)")
        }
    }

    @Test("every file in Templates/mileage-rates has a built-in entry that parses to the same table")
    func templatesAreBuiltIn() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.templates).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        for file in names {
            let name = String(file.dropLast(".json".count))
            #expect(MileageRateTable.builtInJSON[name] != nil, "\(file) has no built-in entry")
            let data = try #require(FileManager.default.contents(atPath: "\(Self.templates)/\(file)"))
            let fromFile = try MileageRateTable.parse(data, file: file)
            #expect(fromFile.name == name)
            #expect(try MileageRateTable.builtIn(name) == fromFile)
        }
    }

    // MARK: - Errors

    static func rates(_ entries: String, extra: String = "") -> String {
        #"{"name": "custom", "rates": [\#(entries)]\#(extra)}"#
    }

    static let good = #"{"from": "2026-01-01", "to": "2027-01-01", "perMile": "0.725", "source": "IRS"}"#

    @Test("a table's errors name the file and the key", arguments: [
        (rates(good, extra: #", "extra": 1"#), "unknown key 'extra'"),
        (rates(#"{"from": "2026-01-01", "to": "2027-01-01", "perMile": "0.725", "source": "IRS", "perKm": "1"}"#),
         "rates[0]: unknown key 'perKm'"),
        (rates(#"{"from": "2026-01-01", "to": "2027-01-01", "perMile": "0.725"}"#), "rates[0].source"),
        (rates(#"{"from": "2026-01-01", "to": "2027-01-01", "perMile": "0.725", "source": "  "}"#), "rates[0].source"),
        (rates(good + #", {"from": "2026-06-01", "to": "2026-09-01", "perMile": "0.8", "source": "x"}"#),
         "the rates from 2026-01-01 and from 2026-06-01 overlap"),
        (rates(#"{"from": "2026-06-01", "to": "2026-09-01", "perMile": "0.8", "source": "x"}, "# + good),
         "the rates from 2026-01-01 and from 2026-06-01 overlap"),
        (rates(#"{"from": "2026-01-01", "to": "2026-01-01", "perMile": "0.725", "source": "IRS"}"#), "rates[0]: 'to' (exclusive)"),
        (rates(#"{"from": "2026-02-01", "to": "2026-01-01", "perMile": "0.725", "source": "IRS"}"#), "rates[0]: 'to' (exclusive)"),
        (rates(#"{"from": "2026-02-30", "to": "2027-01-01", "perMile": "0.725", "source": "IRS"}"#), "rates[0].from"),
        (rates(#"{"from": "2026-01-01", "to": "2027/01/01", "perMile": "0.725", "source": "IRS"}"#), "rates[0].to"),
        (rates(#"{"to": "2027-01-01", "perMile": "0.725", "source": "IRS"}"#), "rates[0].from"),
        (rates(#"{"from": "2026-01-01", "to": "2027-01-01", "perMile": "-0.5", "source": "IRS"}"#), "rates[0].perMile must not be negative"),
        (rates(#"{"from": "2026-01-01", "to": "2027-01-01", "perMile": 0.725, "source": "IRS"}"#), "rates[0].perMile"),
        (rates(#"{"from": "2026-01-01", "to": "2027-01-01", "perMile": "0.72501", "source": "IRS"}"#), "rates[0].perMile"),
        (rates(good + #", {"from": "2027-01-01", "to": "2028-01-01", "perMile": "-1", "source": "x"}"#), "rates[1].perMile"),
        (#"{"rates": [\#(good)]}"#, "'name'"),
        (#"{"name": "custom", "rates": []}"#, "'rates'"),
        (#"[1, 2]"#, "not a JSON object"),
        (#"{"name": "#, "not a JSON object"),
    ])
    func errors(json: String, fragment: String) throws {
        let error = try #require(throws: MileageRateError.self) {
            try MileageRateTable.parse(Data(json.utf8), file: "custom.json")
        }
        #expect(error.file == "custom.json")
        #expect(error.message.contains(fragment), "message: \(error.message)")
        #expect(error.description.hasPrefix("mileage rate table custom.json: "))
    }

    @Test("touching ranges are fine and rates are sorted by date")
    func touchingRanges() throws {
        let json = Self.rates(#"{"from": "2027-01-01", "to": "2028-01-01", "perMile": "0.8", "source": "x"}, "# + Self.good)
        let table = try MileageRateTable.parse(Data(json.utf8), file: "custom.json")
        #expect(table.name == "custom")
        #expect(table.rates.map(\.from) == [try Self.day("2026-01-01"), try Self.day("2027-01-01")])
        #expect(table.rate(on: try Self.day("2026-12-31"))?.perMile == Money(units: 7_250))
        #expect(table.rate(on: try Self.day("2027-01-01"))?.perMile == Money(units: 8_000))
        #expect(table.rate(on: try Self.day("2028-01-01")) == nil)
    }

    // MARK: - Value

    @Test("the value of miles at a rate, rounded to the money's finest unit", arguments: [
        (100.0, Int64(7_250), Int64?(725_000)),  // 100 x 0.725 = 72.50
        (12.34, 7_000, 86_380),                  // 12.34 x 0.70 = 8.638
        (0.5, 1, 1),                             // 0.00005 rounds half away from zero to 0.0001
        (0.4, 1, 0),
        (0, 7_250, 0),
        (Double.infinity, 7_250, nil),
        (Double.nan, 7_250, nil),
        (1e18, 7_250, nil),                      // 7.25e21 units: more than Money holds
    ])
    func value(miles: Double, rateUnits: Int64, expected: Int64?) {
        #expect(MileageRateTable.value(miles: miles, at: Money(units: rateUnits)) == expected.map { Money(units: $0) })
    }

    @Test("100 miles at 0.725 is exactly 72.50")
    func hundredMiles() throws {
        let value = try #require(MileageRateTable.value(miles: 100, at: try Money(parsing: "0.725")))
        #expect(value == Money(units: 725_000))
        #expect(value.description == "72.50")
    }
}

/// A table's name is printed in the text report: it must be a short line with no control
/// characters (an escape sequence or a newline there could forge report lines).
@Suite struct MileageRateNameTests {
    @Test(arguments: ["evil\u{1B}[2J", "two\nlines", "bidi \u{202E}x", String(repeating: "n", count: 61), "tab\there"])
    func unsafeNamesAreRefused(_ name: String) throws {
        let json = try JSONSerialization.data(withJSONObject: ["name": name, "rates": [["from": "2026-01-01", "to": "2027-01-01", "perMile": "0.725", "source": "x"]]])
        #expect(throws: MileageRateError.self) { try MileageRateTable.parse(json, file: "mine.json") }
    }
}
