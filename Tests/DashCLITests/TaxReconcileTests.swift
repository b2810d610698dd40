import Foundation
import Testing
import TestSupport

/// `tax reconcile` through the real binary (docs/tax.md, "Reconciling a 1099") on the hand-built
/// 2026 of ``TaxCommandTests``, and the refusals of `tax` and `tax reconcile`: each exit status,
/// a message saying what is wrong, nothing on stdout, and the store's files unchanged.
@Suite struct TaxReconcileTests {
    /// Uber in the record, by month: May 800.00 (the statement row, 160.00 withheld within it),
    /// August 120.00 (22:00 on Aug 31 in Chicago), October 300.00 ("uber", the same platform):
    /// 1220.00. DoorDash: February 500.00, July 45.25 + 30.00 = 75.25 (the 12.00 cash tip is
    /// outside the platform's gross): 575.25.
    @Test func theRecordsGrossPerMonthAgainstTheForm() throws {
        let bench = try TaxCommandTests.year2026()
        let agree = try bench.run("tax", "reconcile", "--platform", "uber", "--1099", "1220.00", "--year", "2026")
        #expect(agree.status == 0, "\(agree.stderr)")
        #expect(agree.stdout == """
            DashPilot 1099 reconciliation: Uber, 2026
            Gross on the form:   1220.00
            Gross in the record: 1220.00 (fees withheld within it: 160.00)
            Difference (form - record): 0.00

            MONTH    RECORD  FORM
            2026-01       -
            2026-02       -
            2026-03       -
            2026-04       -
            2026-05  800.00
            2026-06       -
            2026-07       -
            2026-08  120.00
            2026-09       -
            2026-10  300.00
            2026-11       -
            2026-12       -
            The form and the record agree.

            """, "\(agree.stdout)")

        // The form's boxes: May and October agree, August says 150.00; March's 0.00 agrees with
        // a month the record has nothing for. Only August is named.
        let words = ["tax", "reconcile", "--platform", "UBER", "--1099", "1250.00", "--year", "2026",
                     "--month", "05=800.00", "--month", "8=150.00", "--month", "10=300", "--month", "03=0.00"]
        let text = try bench.run(words)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Difference (form - record): 30.00\n"))
        let flagged = text.stdout.split(separator: "\n").filter { $0.hasSuffix("differs") }
        #expect(flagged == ["2026-08  120.00  150.00  differs"], "\(text.stdout)")
        #expect(text.stdout.contains("\n2026-05  800.00  800.00\n") && text.stdout.contains("\n2026-03       -    0.00\n"), "\(text.stdout)")
        #expect(text.stdout.hasSuffix("Months that differ: 2026-08.\n"), "\(text.stdout)")

        let json = try bench.run(words + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try TaxRead.json(json.stdout)
        #expect(object["platform"] as? String == "Uber" && object["tax_year"] as? Int == 2026)
        #expect(object["form_gross"] as? String == "1250.00" && object["record_gross"] as? String == "1220.00")
        #expect(object["record_fees"] as? String == "160.00" && object["difference"] as? String == "30.00")
        #expect(object["months_differing"] as? [String] == ["2026-08"])
        let months = try #require(object["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == (1...12).map { String(format: "2026-%02d", $0) })
        #expect(months.map { TaxRead.string($0["record"]) ?? "-" }
                == ["-", "-", "-", "-", "800.00", "-", "-", "120.00", "-", "300.00", "-", "-"])
        #expect(months.map { TaxRead.string($0["form"]) ?? "-" }
                == ["-", "-", "0.00", "-", "800.00", "-", "-", "150.00", "-", "300.00", "-", "-"])
        #expect(months.map { $0["differs"] as? String } == (1...12).map { $0 == 8 ? "yes" : "no" })

        // DoorDash without the form's months: the difference, and how to find its months.
        let doordash = try bench.run("tax", "reconcile", "--platform", "doordash", "--1099", "587.25", "--year", "2026", "--format", "json")
        let dd = try TaxRead.json(doordash.stdout)
        #expect(dd["record_gross"] as? String == "575.25" && dd["difference"] as? String == "12.00")
        #expect(dd["record_fees"] is NSNull && dd["months_differing"] as? [String] == [])
        #expect(try #require(dd["months"] as? [[String: Any]]).compactMap { TaxRead.string($0["record"]) } == ["500.00", "75.25"])
        let ddText = try bench.run("tax", "reconcile", "--platform", "doordash", "--1099", "587.25", "--year", "2026")
        #expect(ddText.stdout.contains("Give the form's monthly boxes (5a to 5l) with --month MM=AMOUNT"), "\(ddText.stdout)")
    }

    /// Each refusal with its status and its message; none prints to stdout or writes to the store.
    /// One form for two platforms (Uber's 1099-K covers rides and Eats): their gross together;
    /// totals that agree while a month differs say both, never "agree" alone.
    @Test func severalPlatformsAndAMonthMovedWithinTheYear() throws {
        let bench = try TaxCommandTests.year2026()
        // DoorDash 575.25 + Uber 1220.00 = 1795.25.
        let both = try bench.run("tax", "reconcile", "--platform", "doordash", "--platform", "UBER", "--1099", "1795.25", "--year", "2026", "--format", "json")
        #expect(both.status == 0, "\(both.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any])
        #expect(object["platform"] as? String == "DoorDash + Uber")
        #expect(object["record_gross"] as? String == "1795.25")
        #expect(object["difference"] as? String == "0.00")
        // Uber's 120.00 of August dated September by the form: the totals agree, August and September differ.
        let moved = try bench.run("tax", "reconcile", "--platform", "Uber", "--1099", "1220.00", "--year", "2026",
                                  "--month", "05=800.00", "--month", "08=0", "--month", "09=120.00", "--month", "10=300.00")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("The totals agree, but these months differ: 2026-08, 2026-09"), "\(moved.stdout)")
        #expect(!moved.stdout.contains("The form and the record agree"), "\(moved.stdout)")
        // A negative form, and twelve boxes that do not make the form's gross: usage errors.
        let negative = try bench.run("tax", "reconcile", "--platform", "Uber", "--1099", "-5")
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("--1099 is the form's gross: not below zero"), "\(negative.stderr)")
        let twelve = (1...12).flatMap { ["--month", String(format: "%02d=100", $0)] }
        let unsummed = try bench.run(["tax", "reconcile", "--platform", "Uber", "--1099", "1220.00"] + twelve)
        #expect(unsummed.status == 64)
        #expect(unsummed.stderr.contains("the twelve --month boxes sum to 1200.00, not the form's gross 1220.00"), "\(unsummed.stderr)")
    }

    @Test func refusalsSayWhatIsWrongAndWriteNothing() throws {
        let bench = try TaxCommandTests.year2026()
        try bench.file("bad-map.json", "{\"name\": \"mine\", \"categories\": [")
        try bench.file("twice.json", """
            {"name": "mine", "categories": [{"category": "fuel", "synonyms": ["gas"], "line": "9", "lineName": "Car", "vehicle": true},
                                            {"category": "other", "synonyms": ["Gas"], "line": "27a", "lineName": "Other", "vehicle": false}]}
            """)
        let year = ["tax", "--year", "2026"]
        let reconcile = ["tax", "reconcile", "--platform", "Uber", "--1099", "1220", "--year", "2026"]
        let cases: [(words: [String], status: Int32, says: String)] = [
            (year + ["--quarter", "TQ5"], 64, "--quarter must be TQ1, TQ2, TQ3 or TQ4"),
            (year + ["--quarter", "Q3"], 64, "--quarter must be TQ1, TQ2, TQ3 or TQ4"),
            (year + ["--quarter", "TQ0"], 64, "--quarter must be TQ1, TQ2, TQ3 or TQ4"),
            (year + ["--income-tax-rate", "101"], 64, "--income-tax-rate must be a percentage from 0 to 100 with at most two decimals"),
            (year + ["--income-tax-rate", "abc"], 64, "--income-tax-rate must be a percentage from 0 to 100"),
            (year + ["--income-tax-rate", "12.345"], 64, "--income-tax-rate must be a percentage from 0 to 100 with at most two decimals"),
            (year + ["--income-tax-rate", "-1"], 64, "--income-tax-rate must be a percentage from 0 to 100"),
            (year + ["--method", "cheap"], 64, "--method must be standard, actual or both"),
            (["tax", "--year", "26"], 64, "--year must be a year such as 2026"),
            (["tax", "--year", "20266"], 64, "--year must be a year such as 2026"),
            (year + ["--format", "xml"], 64, "--format must be text, csv or json, not 'xml'"),
            (year + ["--wages", "-5"], 64, "--wages must not be negative"),
            (year + ["--categories", "nosuch"], 64, "unknown category map 'nosuch'"),
            (year + ["--categories", "/missing.json"], 66, "/missing.json: cannot read the category map"),
            (year + ["--categories", bench.folder.path("bad-map.json")], 65, bench.folder.path("bad-map.json") + ": not a JSON object"),
            (year + ["--categories", bench.folder.path("twice.json")], 65, "'Gas' already belongs to 'fuel'"),
            (year + ["--mileage-rates", "nosuch"], 64, "unknown mileage rate table 'nosuch'"),
            (year + ["extra"], 64, "unexpected argument 'extra'"),
            (["tax", "reconcile", "--1099", "1220", "--year", "2026"], 64, "missing required option --platform"),
            (["tax", "reconcile", "--platform", "Uber", "--year", "2026"], 64, "missing required option --1099"),
            (["tax", "reconcile", "--platform", "Uber", "--1099", "abc", "--year", "2026"], 64, "--1099: 'abc' is not a plain decimal amount"),
            (reconcile + ["--month", "13=1"], 64, "--month takes MM=AMOUNT with MM from 01 to 12"),
            (reconcile + ["--month", "00=1"], 64, "--month takes MM=AMOUNT with MM from 01 to 12"),
            (reconcile + ["--month", "3"], 64, "--month takes MM=AMOUNT with MM from 01 to 12"),
            (reconcile + ["--month", "03=abc"], 64, "--month 03: 'abc' is not a plain decimal amount"),
            (reconcile + ["--month", "01=1", "--month", "1=2"], 64, "--month 1 is given twice"),
            (reconcile + ["--format", "csv"], 64, "--format must be text or json, not 'csv'"),
            (["tax", "reconcile", "--platform", "Uber", "--1099", "1220", "--year", "26"], 64, "--year must be a year such as 2026"),
            (["tax", "reconcile", "--platform", "Lyft", "--1099", "1220", "--year", "2026"], 65,
             "the record has no earnings in 2026 for a platform of that name (platforms with earnings in 2026: DoorDash, Uber)"),
            (["tax", "reconcile", "--platform", "Uber", "--1099", "1220", "--year", "2025"], 65,
             "the record has no earnings in 2025 for a platform of that name (no earnings in 2025 name a platform)"),
        ]
        let before = try bench.storeFiles()
        for (words, status, says) in cases {
            let result = try bench.run(words)
            #expect(result.status == status, "\(words): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(says), "\(words): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(words): \(result.stdout)")
            if status == 64 { #expect(result.stderr.contains("See 'dashpilot tax"), "\(words): a usage error shows the usage") }
        }
        #expect(try bench.storeFiles() == before, "a refused tax command changed the store's files")

        // Without a store there is nothing to read: 66, and none is made.
        let empty = try TaxBench()
        for words in [year, reconcile] {
            let result = try empty.run(words)
            #expect(result.status == 66 && result.stderr.contains("no store at"), "\(words): \(result.stderr)")
            #expect(try empty.storeFiles().isEmpty, "\(words) made a store")
        }
    }

    /// A read of a year, refused or not, writes nothing: the store's bytes are the same after
    /// every successful `tax` and `tax reconcile` too.
    @Test func readingTheSummaryWritesNothing() throws {
        let bench = try TaxCommandTests.year2026()
        let before = try bench.storeFiles()
        for words in [["tax", "--year", "2026", "--format", "json"], ["tax", "--year", "2026", "--quarter", "TQ1", "--method", "actual"],
                      ["tax", "reconcile", "--platform", "Uber", "--1099", "1", "--year", "2026", "--month", "02=1"]] {
            #expect(try bench.run(words).status == 0, "\(words)")
        }
        #expect(try bench.storeFiles() == before)
    }
}
