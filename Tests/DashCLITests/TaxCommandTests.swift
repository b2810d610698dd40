import Foundation
import Testing
import TestSupport

/// `dashpilot tax` through the real binary (docs/tax.md): a 2026 built with commands only,
/// every figure worked out by hand in the comments below (never read back from the code), and
/// the text, the CSV and the JSON giving the same figures for the year and for the year to the
/// end of TQ3, under each method, with and without an income-tax rate; the same bytes every run
/// and under any process zone.
@Suite struct TaxCommandTests {
    /// The 2026 driver, in Chicago:
    ///
    /// shift 1  2026-02-10 10:00-14:00  DoorDash, typed: 500.00 (platform tips 60.00); 40.3 miles
    /// shift 2  2026-05-20 11:00-15:00  Uber, a statement row: 800.00 (tips 100.00), fee 160.00 withheld; 75.5 miles
    /// shift 3  2026-07-15 10:00-14:00  DoorDash, two trips: 45.25 (tips 5.00) + 30.00; a cash tip 12.00; 20.3 miles
    /// shift 4  2026-08-31 22:00-23:30  Uber, typed 120.00; 10.2 miles (Sep 1 in UTC: still TQ3 by the local date)
    /// shift 5  2026-10-05 10:00-14:00  "uber" (one platform with Uber), typed 300.00; 50.0 miles
    /// shift 6  2026-11-02 10:00-12:00  nothing recorded
    ///
    /// Expenses: gas 120.00 (Mar 1), oil change 89.99 (Jun 10), insurance 600.00 (Nov 1): vehicle
    /// costs; parking 15.00 (Feb 10), tolls 5.50 (Jul 15): line 9 under both methods; phone 60.00
    /// (Aug 31 23:00, Sep 1 in UTC: in TQ3), hot bag 25.00 (Sep 1 00:30: not in TQ3), misc 12.00
    /// (Jan 5, line 27a), background check 30.00 (Apr 2, line 10).
    /// Odometer 2026: 41000.0 to 51000.0 = 10000.0 miles. Estimated tax paid toward 2026:
    /// 100.00 on Apr 14, 50.00 on Sep 15, 75.00 on Sep 16, 200.00 on 2027-01-14.
    static let expenses: [(date: String, amount: String, category: String)] = [
        ("2026-03-01", "120.00", "gas"), ("2026-06-10", "89.99", "oil change"), ("2026-11-01", "600.00", "insurance"),
        ("2026-02-10", "15.00", "parking"), ("2026-07-15", "5.50", "tolls"), ("2026-08-31T23:00", "60.00", "phone"),
        ("2026-09-01T00:30", "25.00", "hot bag"), ("2026-01-05", "12.00", "misc"), ("2026-04-02", "30.00", "background check"),
    ]

    /// Every gross amount entered, by platform as the record names it (trip pay counted once).
    static let grossEntered: [(platform: String, amount: String)] = [
        ("DoorDash", "500.00"), ("Uber", "800.00"), ("DoorDash", "45.25"), ("DoorDash", "30.00"), ("Uber", "120.00"), ("Uber", "300.00"),
    ]
    static let outsideTips = "12.00"

    /// A shift-row template with a fee column: the only way a fee withheld reaches a shift.
    static let feeTemplate = """
        {"name": "fee-log", "description": "A shift per row with the fee the platform withheld.", "kind": "shifts",
         "delimiter": ",", "encoding": "utf-8", "decimalMark": "point", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm",
         "tipsAre": "within",
         "columns": {"date": ["date"], "start": ["start"], "end": ["end"], "gross": ["gross"], "tips": ["tips"], "fee": ["fee"],
                     "platform": ["platform"]}}
        """

    static func year2026() throws -> TaxBench {
        let bench = try TaxBench()
        let template = try bench.file("fee-log.json", feeTemplate)
        let fees = try bench.file("fees.csv", "Date,Start,End,Platform,Gross,Tips,Fee\n2026-05-20,11:00,15:00,Uber,800.00,100.00,160.00\n")
        let trips = try bench.file("trips.csv", """
            Date,Accepted,Delivered,Platform,Pay,Tips
            2026-07-15,10:30,10:55,DoorDash,45.25,5.00
            2026-07-15,11:10,11:40,DoorDash,30.00,

            """)
        var steps: [[String]] = [
            ["shift", "add", "--start", "2026-02-10T10:00", "--end", "2026-02-10T14:00"],
            ["shift", "earnings", "1", "500.00", "--tips", "60.00", "--platform", "DoorDash"],
            ["shift", "miles", "1", "--miles", "40.3"],
            ["import", "statement", fees, "--template", template],
            ["shift", "miles", "2", "--miles", "75.5"],
            ["shift", "add", "--start", "2026-07-15T10:00", "--end", "2026-07-15T14:00"],
            ["import", "statement", trips, "--template", "delivery-log"],
            ["tip", "add", "1", outsideTips, "--method", "cash", "--at", "2026-07-15T11:00"],
            ["shift", "miles", "3", "--miles", "20.3"],
            ["shift", "add", "--start", "2026-08-31T22:00", "--end", "2026-08-31T23:30"],
            ["shift", "earnings", "4", "120.00", "--platform", "Uber"],
            ["shift", "miles", "4", "--miles", "10.2"],
            ["shift", "add", "--start", "2026-10-05T10:00", "--end", "2026-10-05T14:00"],
            ["shift", "earnings", "5", "300.00", "--platform", "uber"],
            ["shift", "miles", "5", "--miles", "50.0"],
            ["shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T12:00"],
            ["vehicle", "odometer", "--year", "2026", "--start", "41000.0", "--end", "51000.0"],
            ["tax", "paid", "--date", "2026-04-14", "--amount", "100.00"],
            ["tax", "paid", "--date", "2026-09-15", "--amount", "50.00"],
            ["tax", "paid", "--date", "2026-09-16", "--amount", "75.00"],
            ["tax", "paid", "--date", "2027-01-14", "--amount", "200.00", "--year", "2026"],
        ]
        steps += expenses.map { ["expense", "add", "--date", $0.date, "--amount", $0.amount, "--category", $0.category] }
        try bench.build(steps)
        return bench
    }

    /// The whole year (TQ4, due 2027-01-15), by hand.
    ///
    /// Line 1: platforms 500.00 + 800.00 + 75.25 + 120.00 + 300.00 = 1795.25, plus 12.00 outside = 1807.25.
    /// Platform tips 60 + 100 + 5 = 165.00; tips received 177.00. Fees withheld 160.00.
    /// Miles 40.3 + 75.5 + 20.3 + 10.2 + 50.0 = 196.30; x 0.725 = 142.3175 -> 142.32 (rounded once:
    /// each shift rounded would give 29.22 + 54.74 + 14.72 + 7.40 + 36.25 = 142.33).
    /// Standard: line 9 = 142.32 + 15.00 + 5.50 = 162.82; line 10 = 160.00 + 30.00 = 190.00; 22 = 25.00;
    /// 25 = 60.00; 27a = 12.00; total 449.82; net profit 1807.25 - 449.82 = 1357.43.
    /// SE: 1357.43 x 0.9235 = 1253.586605 -> 1253.59; x 0.124 = 155.44516 -> 155.45; x 0.029 = 36.35411
    /// -> 36.35; total 191.80; half 95.90. Vehicle costs covered: 120 + 89.99 + 600 = 809.99.
    /// Actual: share 196.30 / 10000.0 = 1.963% ("1.96%"): gas 120 x 0.01963 = 2.3556 -> 2.36; oil change
    /// 89.99 -> 1.7665037 -> 1.77; insurance 600 -> 11.778 -> 11.78; line 9 = 15.91 + 20.50 = 36.41;
    /// total 323.41; net profit 1483.84; SE 1483.84 x 0.9235 = 1370.32624 -> 1370.33; SS 169.92092 ->
    /// 169.92; Medicare 39.73957 -> 39.74; total 209.66; half 104.83.
    /// Paid by 2027-01-15: 100 + 50 + 75 + 200 = 425.00: nothing due, overpaid 233.20 / 215.34.
    /// At 22%: (1357.43 - 95.90) x 0.22 = 277.5366 -> 277.54; to date 469.34; due 44.34.
    ///         (1483.84 - 104.83) x 0.22 = 303.3822 -> 303.38; to date 513.04; due 88.04.
    static func wholeYear(rate: Bool) -> [String: Pair] {
        var figures: [String: Pair] = [
            "gross_receipts": Pair("1807.25", "1807.25"), "platform_gross": Pair("1795.25", "1795.25"),
            "outside_tips": Pair("12.00", "12.00"), "platform_tips": Pair("165.00", "165.00"), "fees_withheld": Pair("160.00", "160.00"),
            // No income on no shift this year: no figure (issue 27), never 0.00.
            "other_income": Pair(nil, nil),
            "line_9": Pair("162.82", "36.41"), "line_10": Pair("190.00", "190.00"), "line_22": Pair("25.00", "25.00"),
            "line_25": Pair("60.00", "60.00"), "line_27a": Pair("12.00", "12.00"), "vehicle_costs_covered": Pair("809.99", nil),
            "total_expenses": Pair("449.82", "323.41"), "net_profit": Pair("1357.43", "1483.84"),
            "net_earnings": Pair("1253.59", "1370.33"), "social_security": Pair("155.45", "169.92"), "medicare": Pair("36.35", "39.74"),
            "self_employment_tax": Pair("191.80", "209.66"), "deductible_half": Pair("95.90", "104.83"),
            "paid": Pair("425.00", "425.00"), "tips_received": Pair("177.00", "177.00"),
        ]
        if rate {
            figures["income_tax"] = Pair("277.54", "303.38")
            figures["tax_to_date"] = Pair("469.34", "513.04")
            figures["payment_due"] = Pair("44.34", "88.04")
            figures["overpaid"] = Pair("0.00", "0.00")
        } else {
            figures["income_tax"] = Pair(nil, nil)
            figures["tax_to_date"] = Pair("191.80", "209.66")
            figures["payment_due"] = Pair("0.00", "0.00")
            figures["overpaid"] = Pair("233.20", "215.34")
        }
        return figures
    }

    /// January 1 to August 31 (TQ3, due 2026-09-15), by hand.
    ///
    /// Shifts 1-4: platforms 500.00 + 800.00 + 75.25 + 120.00 = 1495.25, plus 12.00 = 1507.25.
    /// Miles 146.30 x 0.725 = 106.0675 -> 106.07 (each shift rounded: 106.08). Expenses of Nov 1 and
    /// Sep 1 00:30 are out; the phone of Aug 31 23:00 is in.
    /// Standard: line 9 = 106.07 + 20.50 = 126.57; 10 = 190.00; 25 = 60.00; 27a = 12.00; no line 22;
    /// total 388.57; net profit 1118.68; SE 1118.68 x 0.9235 = 1033.10098 -> 1033.10; SS 128.1044 ->
    /// 128.10; Medicare 29.9599 -> 29.96; total 158.06; half 79.03. Vehicle costs covered 209.99.
    /// Actual: the business-use share is the year's (docs/tax.md), 196.30 / 10000.0 ("1.96%"), also
    /// before the year ends: gas 2.3556 -> 2.36; oil change 1.7665037 -> 1.77; line 9 = 4.13 + 20.50
    /// = 24.63; total 286.63; net profit 1220.62; SE 1127.24257 -> 1127.24; SS 139.77776 -> 139.78;
    /// Medicare 32.68996 -> 32.69; total 172.47; half 86.235 -> 86.24.
    /// Paid by Sep 15: 100 + 50 = 150.00 (the 16th's does not count): due 8.06 / 22.47.
    /// At 22%: (1118.68 - 79.03) x 0.22 = 228.723 -> 228.72; to date 386.78; due 236.78.
    ///         (1220.62 - 86.24) x 0.22 = 249.5636 -> 249.56; to date 422.03; due 272.03.
    static func thirdPeriod(rate: Bool) -> [String: Pair] {
        var figures: [String: Pair] = [
            "gross_receipts": Pair("1507.25", "1507.25"), "platform_gross": Pair("1495.25", "1495.25"),
            "outside_tips": Pair("12.00", "12.00"), "platform_tips": Pair("165.00", "165.00"), "fees_withheld": Pair("160.00", "160.00"),
            // No income on no shift this year: no figure (issue 27), never 0.00.
            "other_income": Pair(nil, nil),
            "line_9": Pair("126.57", "24.63"), "line_10": Pair("190.00", "190.00"),
            "line_25": Pair("60.00", "60.00"), "line_27a": Pair("12.00", "12.00"), "vehicle_costs_covered": Pair("209.99", nil),
            "total_expenses": Pair("388.57", "286.63"), "net_profit": Pair("1118.68", "1220.62"),
            "net_earnings": Pair("1033.10", "1127.24"), "social_security": Pair("128.10", "139.78"), "medicare": Pair("29.96", "32.69"),
            "self_employment_tax": Pair("158.06", "172.47"), "deductible_half": Pair("79.03", "86.24"),
            "paid": Pair("150.00", "150.00"), "tips_received": Pair("177.00", "177.00"),
        ]
        if rate {
            figures["income_tax"] = Pair("228.72", "249.56")
            figures["tax_to_date"] = Pair("386.78", "422.03")
            figures["payment_due"] = Pair("236.78", "272.03")
        } else {
            figures["income_tax"] = Pair(nil, nil)
            figures["tax_to_date"] = Pair("158.06", "172.47")
            figures["payment_due"] = Pair("8.06", "22.47")
        }
        figures["overpaid"] = Pair("0.00", "0.00")
        return figures
    }

    /// The figures a method alone shows: the other method's column empty.
    static func only(_ method: String, _ figures: [String: Pair]) -> [String: Pair] {
        figures.mapValues { method == "standard" ? Pair($0.standard, nil) : method == "actual" ? Pair(nil, $0.actual) : $0 }
    }

    struct Case: Sendable, CustomStringConvertible {
        let quarter: String
        let method: String
        let rate: Bool
        var description: String { "\(quarter) \(method)\(rate ? " 22%" : "")" }
        var words: [String] {
            ["tax", "--year", "2026", "--quarter", quarter, "--method", method] + (rate ? ["--income-tax-rate", "22"] : [])
        }
        var expected: [String: Pair] { TaxCommandTests.only(method, quarter == "TQ3" ? thirdPeriod(rate: rate) : wholeYear(rate: rate)) }
        var due: String { quarter == "TQ3" ? "2026-09-15" : "2027-01-15" }
    }

    static let cases: [Case] = ["TQ3", "TQ4"].flatMap { quarter in
        ["standard", "actual", "both"].flatMap { method in [false, true].map { Case(quarter: quarter, method: method, rate: $0) } }
    }

    @Test(arguments: cases)
    func theCSVTheJSONAndTheTextGiveTheHandWorkedFigures(_ c: Case) throws {
        let bench = try Self.year2026()
        let csv = try bench.run(c.words + ["--format", "csv"])
        try #require(csv.status == 0, "\(csv.stderr)")
        let fromCSV = try TaxRead.summaryCSV(csv.stdout)
        #expect(fromCSV == c.expected, "\(c): \(fromCSV.filter { c.expected[$0.key] != $0.value })")
        // Every row's label says which date the payment is due by.
        #expect(TaxRead.csvObjects(csv.stdout).first { $0["key"] == "payment_due" }?["label"] == "Payment due by \(c.due)")

        let json = try bench.run(c.words + ["--format", "json"])
        try #require(json.status == 0, "\(json.stderr)")
        let object = try TaxRead.json(json.stdout)
        #expect(try TaxRead.summaryJSON(object) == fromCSV, "\(c): the JSON's summary is the CSV's")
        #expect(object["period"] as? String == c.quarter && object["due_date"] as? String == c.due)
        #expect(object["to"] as? String == (c.quarter == "TQ3" ? "2026-09-01" : "2027-01-01"))
        #expect(object["method"] as? String == c.method && object["time_zone"] as? String == "America/Chicago")
        // The year's share in every period (docs/tax.md, "The actual method").
        #expect(object["business_share"] as? String == "1.96%")
        #expect(object["business_miles"] as? String == (c.quarter == "TQ3" ? "146.3000" : "196.3000"))

        let text = try bench.run(c.words)
        try #require(text.status == 0, "\(text.stderr)")
        try Self.expectText(text.stdout, c)
        // For a terminal and a cron mail: within 80 columns, the disclaimer said once.
        for line in text.stdout.split(separator: "\n") { #expect(line.count <= 80, "too wide: \(line)") }
        #expect(text.stdout.components(separatedBy: "not tax advice").count == 2)
    }

    /// The text's figures are the same as the CSV's, row by row.
    static func expectText(_ text: String, _ c: Case) throws {
        let expected = c.expected
        let columns: [(Pair) -> String?] = c.method == "both" ? [\.standard, \.actual] : c.method == "standard" ? [\.standard] : [\.actual]
        func figures(_ key: String) -> [String] { columns.map { $0(expected[key] ?? Pair(nil, nil)) ?? "-" } }
        #expect(text.contains("GROSS RECEIPTS (Schedule C line 1)  \(expected["gross_receipts"]?.standard ?? expected["gross_receipts"]?.actual ?? "")\n"))
        let lines: [(String, String, String)] = [("9", "Car and truck expenses", "line_9"), ("10", "Commissions and fees", "line_10"),
                                                 ("22", "Supplies", "line_22"), ("25", "Utilities", "line_25"), ("27a", "Other expenses", "line_27a"),
                                                 ("28", "Total expenses", "total_expenses"), ("31", "Net profit", "net_profit")]
        for (number, name, key) in lines {
            let found = TaxRead.textLine(text, number, name, count: columns.count)
            if expected[key] == nil {
                #expect(found == nil, "\(c): line \(number) should not be printed")
            } else {
                #expect(found == figures(key), "\(c): line \(number): \(found ?? [])")
            }
        }
        for (label, key) in [("Net earnings (net profit x 92.35%)", "net_earnings"), ("Social Security 12.4%", "social_security"),
                             ("Medicare 2.9%", "medicare"), ("Self-employment tax", "self_employment_tax"), ("Deductible half", "deductible_half"),
                             ("Self-employment tax to date", "self_employment_tax"), ("Paid by \(c.due)", "paid"),
                             ("Payment due by \(c.due)", "payment_due")] {
            #expect(TaxRead.textFigures(text, label) == figures(key), "\(c): \(label)")
        }
        let income = text.split(separator: "\n").first { $0.hasPrefix("Income tax at your rate") }.map { String($0) } ?? ""
        if c.rate {
            #expect(TaxRead.textFigures(text, "Income tax at your rate") == figures("income_tax"), "\(c): \(income)")
        } else {
            #expect(income.components(separatedBy: "not estimated").count == columns.count + 1, "\(c): \(income)")
        }
        #expect(text.contains("TIPS RECEIVED  177.00\n"))
        // The heading, its wrapped lines joined.
        let heading = text.replacingOccurrences(of: "\n  ", with: " ")
        #expect(heading.hasPrefix("DashPilot tax summary: " + (c.quarter == "TQ3" ? "2026 to the end of estimated-tax period TQ3, 2026-01-01 to 2026-08-31"
                                                                                : "the tax year 2026, 2026-01-01 to 2026-12-31") + " (America/Chicago)\n"))
        #expect(text.contains("An estimate for planning, not tax advice.\n"))
    }

    /// The same store and arguments give the same bytes run after run, and whatever zone the
    /// process's environment names: --tz decides every date.
    @Test func theSameBytesEveryRunAndUnderAnyProcessZone() throws {
        let bench = try Self.year2026()
        let commands: [[String]] = [
            ["tax", "--year", "2026"], ["tax", "--year", "2026", "--format", "csv"], ["tax", "--year", "2026", "--format", "json"],
            ["tax", "--year", "2026", "--quarter", "TQ3", "--income-tax-rate", "22"],
            ["tax", "--year", "2026", "--quarter", "TQ3", "--format", "json", "--method", "actual"],
            ["tax", "reconcile", "--platform", "Uber", "--1099", "1250", "--year", "2026", "--month", "08=150", "--format", "json"],
        ]
        for words in commands {
            let first = try bench.run(words)
            try #require(first.status == 0 && !first.stdout.isEmpty, "\(words): \(first.stderr)")
            #expect(try bench.run(words).stdout == first.stdout, "\(words): another run, other bytes")
            for zone in ["UTC", "Asia/Tokyo", "Pacific/Kiritimati"] {
                let other = try bench.run(words, environment: ["TZ": zone])
                #expect(other.status == 0 && other.stdout == first.stdout, "\(words) under TZ=\(zone): other bytes")
            }
        }
        // The shift at 22:00 on Aug 31 (Sep 1 in UTC and in Tokyo) is August's under --tz.
        let tokyo = try bench.run(["tax", "reconcile", "--platform", "Uber", "--1099", "1220", "--year", "2026"], environment: ["TZ": "Asia/Tokyo"])
        #expect(tokyo.stdout.contains("\n2026-08  120.00\n"), "\(tokyo.stdout)")
    }
}
