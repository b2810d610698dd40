import DashModel
@testable import DashReport
import Foundation
import Testing
import TestSupport

/// The shipped self-employment table and category map: identical to their files, parsed as
/// documented, and a hand-written one refused naming the key.
@Suite("Tax tables and the category map")
struct TaxTableTests {
    static let root = Fixtures.packageRoot + "/Templates"

    @Test("every built-in text equals its file byte for byte, and every file is built in", arguments: [
        ("tax-rates", SelfEmploymentTaxTable.builtInJSON), ("categories", ExpenseCategoryMap.builtInJSON),
    ])
    func builtInsMatchFiles(folder: String, builtIn: [String: String]) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(Self.root)/\(folder)").filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.map { String($0.dropLast(5)) } == builtIn.keys.sorted())
        for (name, text) in builtIn {
            let file = try #require(FileManager.default.contents(atPath: "\(Self.root)/\(folder)/\(name).json"))
            #expect(Data(text.utf8) == file, "\(folder)/\(name).json differs from its built-in copy")
        }
    }

    @Test("the shipped wage bases: 2025 $176,100 and 2026 $184,500, each with a source")
    func wageBases() throws {
        let table = try #require(try SelfEmploymentTaxTable.builtIn("us-self-employment"))
        #expect(table.wageBase(of: 2025)?.amount == Money(176_100))
        #expect(table.wageBase(of: 2026)?.amount == Money(184_500))
        #expect(table.wageBase(of: 2015) == nil)
        #expect(table.netEarningsShare == Money(units: 9_235))
        #expect(table.socialSecurityRate == Money(units: 1_240))
        #expect(table.medicareRate == Money(units: 290))
        #expect(table.minimumNetEarnings == Money(400))
        #expect(table.wageBases.allSatisfy { !$0.source.isEmpty })
    }

    @Test("drivers' words reach their category and line; vehicle costs are marked", arguments: [
        ("gas", "fuel", "9", true), ("Car Wash", "vehicle maintenance", "9", true), ("car-wash", "vehicle maintenance", "9", true),
        ("INSURANCE", "vehicle insurance", "9", true), ("parking", "parking", "9", false), ("tolls", "tolls", "9", false),
        ("cell phone", "phone", "25", false), ("hot bag", "supplies", "22", false), ("commission", "fees", "10", false),
        ("lease", "vehicle lease", "20a", true), ("maintenance", "vehicle maintenance", "9", true), ("fuel", "fuel", "9", true),
        ("E-ZPass", "tolls", "9", false), ("SunPass", "tolls", "9", false), ("Snacks", "not deductible", "none", false),
        ("speeding ticket", "not deductible", "none", false), ("car payment", "not deductible", "none", false),
    ])
    func synonyms(word: String, category: String, line: String, vehicle: Bool) throws {
        let map = try #require(try ExpenseCategoryMap.builtIn("us-schedule-c"))
        let entry = try #require(map.entry(for: word))
        #expect(entry.category == category)
        #expect(entry.line == line)
        #expect(entry.vehicle == vehicle)
    }

    @Test("every category of the store's own list is known to the map")
    func storeCategoriesKnown() throws {
        let map = try #require(try ExpenseCategoryMap.builtIn("us-schedule-c"))
        for category in ExpenseCategory.allCases { #expect(map.entry(for: category.rawValue) != nil, "\(category) unknown") }
        #expect(map.entry(for: "umbrella") == nil)
        #expect(map.entry(for: "snacks")?.deductible == false)
        #expect(map.entry(for: "parking ticket")?.deductible == false)
        #expect(map.entry(for: "misc")?.line == "27a")
    }

    @Test("a hand-written table or map is refused naming the key", arguments: [
        (#"{"name": "x", "categories": [{"category": "a", "synonyms": ["b"], "line": "9", "lineName": "L"}]}"#, "vehicle"),
        (#"{"name": "x", "categories": [{"category": "other", "synonyms": [], "line": "27a", "lineName": "L", "vehicle": false}, {"category": "b", "synonyms": ["Other"], "line": "9", "lineName": "L", "vehicle": true}]}"#, "already belongs"),
        (#"{"name": "x", "categories": [{"category": "other", "line": "27a", "lineName": "L"}]}"#, "vehicle"),
        (#"{"name": "x", "categories": [{"category": "other", "line": "line 9!", "lineName": "L", "vehicle": false}]}"#, "line"),
        (#"{"name": "x", "categories": [], "extra": 1}"#, "unknown key 'extra'"),
        (#"{"name": "x", "categories": [{"category": "fu\u202Eel", "line": "9", "lineName": "L", "vehicle": true}]}"#, "category"),
    ])
    func mapRefusals(json: String, fragment: String) throws {
        #expect { try ExpenseCategoryMap.parse(Data(json.utf8), file: "mine.json") } throws: { error in
            "\(error)".contains(fragment) && "\(error)".contains("mine.json")
        }
    }

    @Test("a self-employment table with a year twice or a rate above 1 is refused")
    func tableRefusals() throws {
        let twice = #"{"name": "x", "netEarningsShare": "0.9235", "socialSecurityRate": "0.124", "medicareRate": "0.029", "minimumNetEarnings": "400", "wageBases": [{"year": 2026, "wageBase": "1", "source": "s"}, {"year": 2026, "wageBase": "2", "source": "s"}]}"#
        #expect { try SelfEmploymentTaxTable.parse(Data(twice.utf8), file: "t.json") } throws: { "\($0)".contains("twice") }
        let rate = twice.replacingOccurrences(of: "\"0.124\"", with: "\"12.4\"")
        #expect { try SelfEmploymentTaxTable.parse(Data(rate.utf8), file: "t.json") } throws: { "\($0)".contains("socialSecurityRate") }
    }

    @Test("exact rounding: half away from zero, once", arguments: [
        ("1871.82", "0.9235", "1728.63"), ("433.00", "0.9235", "399.88"), ("0.005", "1", "0.01"), ("-0.005", "1", "-0.01"), ("279.13", "0.5", "139.57"),
    ])
    func rounding(amount: String, rate: String, expected: String) throws {
        #expect(TaxArithmetic.cents(try Money(parsing: amount), rate: try Money(parsing: rate)) == (try Money(parsing: expected)))
    }
}
