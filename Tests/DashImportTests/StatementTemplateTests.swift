@testable import DashImport
import DashModel
import Foundation
import Testing
import TestSupport

/// Statement templates (docs/templates.md): the shipped files, the errors a template file can
/// have, the rules, and the money-line reader the `moneyLines` kind drives.
@Suite struct StatementTemplateTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt

    static func builtIn(_ name: String) throws -> StatementTemplate {
        try #require(try StatementTemplate.builtIn(name), "no built-in template \(name)")
    }

    /// Reads `text` with `template` in one feed.
    static func read(_ template: StatementTemplate, _ text: String, zone: TimeZone = chicago) -> ShiftRowReader {
        var reader = ShiftRowReader(template: template, zone: zone)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        _ = reader.finish()
        return reader
    }

    /// The reader, its skipped rows and its problems.
    static func readAll(_ template: StatementTemplate, _ text: String, zone: TimeZone = chicago)
        -> (reader: ShiftRowReader, skipped: [SkippedRow], problems: [RowProblem]) {
        var reader = ShiftRowReader(template: template, zone: zone)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        return (reader, result.skipped, result.problems)
    }

    // MARK: - The shipped templates

    /// Every file in Templates/statements is the compiled-in text, byte for byte, and parses
    /// under its own name; no compiled-in template lacks a file.
    @Test func shippedFilesAreTheBuiltInTexts() throws {
        let folder = Fixtures.packageRoot + "/Templates/statements"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        let names = files.map { String($0.dropLast(".json".count)) }
        #expect(Set(names).isSuperset(of: ["delivery-log", "shift-log", "uber-driver-payments", "uber-driver-trips", "uber-payments", "uber-trips"]))
        for (file, name) in zip(files, names) {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(StatementTemplate.builtInJSON[name] == text, "\(file) differs from builtInJSON[\"\(name)\"]")
            let parsed = try StatementTemplate.parse(Array(text.utf8), file: file)
            #expect(parsed.name == name)
            #expect(try Self.builtIn(name).kind == parsed.kind)
        }
        #expect(StatementTemplate.builtInJSON.keys.sorted() == names, "a built-in template without a file")
    }

    @Test func shippedTemplatesHaveTheDocumentedShape() throws {
        let payments = try Self.builtIn("uber-payments")
        #expect(payments.kind == .moneyLines)
        #expect(payments.timesCarryOffsets)
        #expect(payments.requiredFields == [.trip, .time, .amount])
        #expect(payments.columns[.amount] == ["paid to you:your earnings"])
        let trips = try Self.builtIn("uber-trips")
        #expect(trips.kind == .deliveries && !trips.timesCarryOffsets)
        // The personal data download: local wall times (the trips file's 'Z' is false), no trip id.
        let lifetime = try Self.builtIn("uber-driver-trips")
        #expect(lifetime.kind == .deliveries && !lifetime.timesCarryOffsets && lifetime.timeFormat.zoneDesignatorIgnored)
        #expect(lifetime.tripFrom == .accepted && lifetime.columns[.trip] == nil && lifetime.readsPickup)
        let personal = try Self.builtIn("uber-driver-payments")
        #expect(personal.tipsWhen?.column == .category && !personal.timesCarryOffsets)
        #expect(personal.tripFrom == .time && personal.requiredFields == [.time, .amount])
        #expect(try StatementTemplate.builtIn("no-such-template") == nil)
    }

    // MARK: - Template errors name the file and the key

    struct BadTemplate: Sendable, CustomTestStringConvertible {
        let what: String
        let json: String
        let key: String
        let message: String
        var testDescription: String { what }
    }

    static let moneyColumns = #""trip": "trip", "time": "time", "amount": "amount""#
    static let money = #""kind": "moneyLines", "timeFormat": "yyyy-MM-dd HH:mm:ss""#

    static let badTemplates: [BadTemplate] = [
        BadTemplate(what: "not JSON", json: "[1, 2]", key: "", message: "is not a JSON object"),
        BadTemplate(what: "unknown key", json: #"{"name": "t", \#(money), "colour": "red", "columns": {\#(moneyColumns)}}"#,
                    key: "colour", message: "is not a key of a statement template"),
        BadTemplate(what: "bad kind", json: #"{"name": "t", "kind": "trips", "timeFormat": "HH:mm", "columns": {}}"#,
                    key: "kind", message: #"must be "shifts", "deliveries" or "moneyLines""#),
        BadTemplate(what: "pickup in moneyLines", json: #"{"name": "t", \#(money), "columns": {\#(moneyColumns), "pickup": "store"}}"#,
                    key: "columns.pickup", message: "is not a column of a moneyLines template"),
        BadTemplate(what: "trip in shifts",
                    json: #"{"name": "t", "kind": "shifts", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"start": "s", "end": "e", "trip": "t"}}"#,
                    key: "columns.trip", message: "is not a column of a shifts template"),
        BadTemplate(what: "shifts without end", json: #"{"name": "t", "kind": "shifts", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"start": "s"}}"#,
                    key: "columns.end", message: "is required"),
        BadTemplate(what: "deliveries without delivered",
                    json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"accepted": "a"}}"#,
                    key: "columns.delivered", message: "is required"),
        BadTemplate(what: "moneyLines without trip", json: #"{"name": "t", \#(money), "columns": {"time": "time", "amount": "amount"}}"#,
                    key: "columns.trip", message: "is required"),
        BadTemplate(what: "moneyLines without amount", json: #"{"name": "t", \#(money), "columns": {"trip": "trip", "time": "time"}}"#,
                    key: "columns.amount", message: "is required"),
        BadTemplate(what: "moneyLines with a time of day needs a date column",
                    json: #"{"name": "t", "kind": "moneyLines", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm", "columns": {\#(moneyColumns)}}"#,
                    key: "columns.date", message: "is required"),
        BadTemplate(what: "rule with values and unless",
                    json: #"{"name": "t", \#(money), "columns": {\#(moneyColumns), "status": "s"}, "skip": [{"column": "status", "values": ["a"], "unless": ["b"]}]}"#,
                    key: "skip[0]", message: #"exactly one of "values" and "unless""#),
        BadTemplate(what: "rule with neither values nor unless",
                    json: #"{"name": "t", \#(money), "columns": {\#(moneyColumns), "status": "s"}, "skip": [{"column": "status"}]}"#,
                    key: "skip[0]", message: #"exactly one of "values" and "unless""#),
        BadTemplate(what: "rule on an unmapped column",
                    json: #"{"name": "t", \#(money), "columns": {\#(moneyColumns)}, "skip": [{"column": "status", "values": ["x"]}]}"#,
                    key: "skip[0].column", message: "'status' is not a column this template maps"),
        BadTemplate(what: "tipsWhen on an unmapped column",
                    json: #"{"name": "t", \#(money), "columns": {\#(moneyColumns)}, "tipsWhen": {"column": "category", "values": ["tip"]}}"#,
                    key: "tipsWhen.column", message: "'category' is not a column this template maps"),
        BadTemplate(what: "tipsWhen on a deliveries template",
                    json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"accepted": "a", "delivered": "d", "category": "c"}, "tipsWhen": {"column": "category", "values": ["tip"]}}"#,
                    key: "tipsWhen", message: "is read only by a moneyLines template"),
        BadTemplate(what: "description with no rule",
                    json: #"{"name": "t", \#(money), "columns": {\#(moneyColumns), "description": "d"}}"#,
                    key: "columns.description", message: "no rule names it"),
        BadTemplate(what: "category named by no rule while description is",
                    json: #"{"name": "t", \#(money), "columns": {\#(moneyColumns), "description": "d", "category": "c"}, "skip": [{"column": "description", "values": ["x"]}]}"#,
                    key: "columns.category", message: "no rule names it"),
        BadTemplate(what: "dateFormat missing",
                    json: #"{"name": "t", "kind": "shifts", "timeFormat": "HH:mm", "columns": {"date": "d", "start": "s", "end": "e"}}"#,
                    key: "dateFormat", message: "is required when timeFormat has no date"),
    ]

    @Test(arguments: badTemplates)
    func templateErrorsNameTheKey(_ bad: BadTemplate) {
        do {
            let template = try StatementTemplate.parse(Array(bad.json.utf8), file: "mine.json")
            Issue.record("parsed as \(template.name): \(bad.what)")
        } catch let error as TemplateError {
            #expect(error.file == "mine.json")
            #expect(error.key == bad.key, "\(error)")
            #expect(error.message.contains(bad.message), "\(error)")
            #expect(error.description.hasPrefix(bad.key.isEmpty ? "mine.json: " : "mine.json: \(bad.key) "))
        } catch {
            Issue.record("not a TemplateError: \(error)")
        }
    }

    // MARK: - Rules

    struct RuleCase: Sendable, CustomTestStringConvertible {
        let rule: String
        let text: String
        let matches: Bool
        var testDescription: String { "\(rule) on '\(text)'" }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(rule: #""values": ["So.Payout", "Payout*"]"#, text: "so.payout", matches: true),
        RuleCase(rule: #""values": ["So.Payout", "Payout*"]"#, text: "SO.PAYOUT", matches: true),
        RuleCase(rule: #""values": ["So.Payout", "Payout*"]"#, text: "so.payouts", matches: false),
        RuleCase(rule: #""values": ["So.Payout", "Payout*"]"#, text: "PAYOUT to bank", matches: true),
        RuleCase(rule: #""values": ["So.Payout", "Payout*"]"#, text: "payout", matches: true),
        RuleCase(rule: #""values": ["So.Payout", "Payout*"]"#, text: "the payout", matches: false),
        RuleCase(rule: #""values": ["So.Payout", "Payout*"]"#, text: "", matches: false),
        RuleCase(rule: #""unless": ["Completed"]"#, text: "completed", matches: false),
        RuleCase(rule: #""unless": ["Completed"]"#, text: "COMPLETED", matches: false),
        RuleCase(rule: #""unless": ["Completed"]"#, text: "rider_cancelled", matches: true),
        RuleCase(rule: #""unless": ["Completed"]"#, text: "", matches: true),
        RuleCase(rule: #""unless": ["trip*"]"#, text: "Trip completed order", matches: false),
        RuleCase(rule: #""unless": ["trip*"]"#, text: "so.payout", matches: true),
    ]

    @Test(arguments: ruleCases)
    func ruleMatches(_ rule: RuleCase) throws {
        let json = #"{"name": "t", \#(Self.money), "columns": {\#(Self.moneyColumns), "status": "s"}, "skip": [{"column": "status", \#(rule.rule)}]}"#
        let parsed = try #require(try StatementTemplate.parse(Array(json.utf8), file: "r.json").skip.first)
        #expect(parsed.column == .status)
        #expect(parsed.matches(rule.text) == rule.matches)
    }

    // MARK: - Money lines

    struct LineCase: Sendable, CustomTestStringConvertible {
        let what: String
        var template = "uber-payments"
        let csv: String
        /// "LINE AMOUNT TIPS" per money line, TIPS "-" when none.
        var lines: [String] = []
        var skipped: [String] = []
        /// "LINE COLUMN" per problem.
        var problems: [String] = []
        var testDescription: String { what }
    }

    static let spaced = "transaction UUID,Trip UUID,Description,vs reporting,Paid to you : Your earnings,Paid to you : Your earnings : Tip\n"
    static let tight = "transaction UUID,Trip UUID,Description,vs reporting,Paid to you:Your earnings,Paid to you:Your earnings:Tip\n"
    static let at = "2026-11-14 11:21:45.120 -0600 CST"
    /// The header of `driver_payments-0.csv` as Uber writes it (2025; no trip id).
    static let driver = "City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp\n"

    static let lineCases: [LineCase] = [
        LineCase(what: "header 'Paid to you : Your earnings'", csv: spaced + "t1,trip-1,trip completed order,\(at),12.40,3.00\n", lines: ["2 12.40 3.00"]),
        LineCase(what: "header 'Paid to you:Your earnings'", csv: tight + "t1,trip-1,trip completed order,\(at),12.40,3.00\n", lines: ["2 12.40 3.00"]),
        LineCase(what: "blank amount", csv: tight + "t1,trip-1,trip completed order,\(at),,\n",
                 skipped: ["2 no amount: not earnings (a payout, a transfer, cash collected or a refund)"]),
        // Income on no shift since issue 27 (FileAccountTests follows it): never skipped.
        LineCase(what: "amount with no trip", csv: tight + "t1,,Support Adjustment: trip-1,\(at),5.00,\n", skipped: []),
        LineCase(what: "payout rows skipped by rule", csv: tight + "t1,,so.payout,\(at),-27.27,\nt2,,Payout to bank,\(at),-3.00,\n",
                 skipped: ["2 description is 'so.payout'", "3 description starts with 'payout'"]),
        LineCase(what: "negative lines kept", csv: tight + "t1,trip-1,trip fee,\(at),-1.50,\nt2,trip-1,trip completed order,\(at),9.87,\n",
                 lines: ["2 -1.50 -", "3 9.87 -"]),
        LineCase(what: "tips column", csv: tight + "t1,trip-1,trip fare adjust order,\(at),2.00,2.00\n", lines: ["2 2.00 2.00"]),
        LineCase(what: "tipsWhen category", template: "uber-driver-payments",
                 csv: driver + "Chicago,7.50,USD,x,driver_payment_fares,2026-11-21 17:58:12\nChicago,2.00,USD,transport.misc.tip,TIP,2026-11-21 17:58:12\n",
                 lines: ["2 7.50 -", "3 2.00 2.00"]),
        LineCase(what: "every bad row listed with its column",
                 csv: tight + "t1,trip-1,x,\(at),abc,\nt2,trip-1,x,2026-11-14 25:00:00.000 -0600 CST,1.00,\nt3,trip-1,x,\(at),1.00,lots\n"
                    + "t4,trip-1,x,,1.00,\nt5,trip-1,x,\(at),1.00,\n",
                 lines: ["6 1.00 -"], problems: ["2 amount", "3 time", "4 tips", "5 time"]),
    ]

    @Test(arguments: lineCases)
    func moneyLines(_ test: LineCase) throws {
        let (reader, skipped, problems) = Self.readAll(try Self.builtIn(test.template), test.csv)
        #expect(reader.moneyLines.map { "\($0.line) \($0.amount) \($0.tips.map { "\($0)" } ?? "-")" } == test.lines)
        #expect(skipped.map { "\($0.line) \($0.reason)" } == test.skipped)
        #expect(problems.map { "\($0.line) \($0.column ?? "-")" } == test.problems, "\(problems)")
    }

    /// `vs reporting` as in a real file: the offset is used, the abbreviation ignored, the
    /// milliseconds kept; the reader's zone does not matter.
    @Test(arguments: ["America/Chicago", "Asia/Tokyo", "UTC"])
    func vsReportingIsAnExactInstant(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let reader = Self.read(try Self.builtIn("uber-payments"), Self.tight + "t1,trip-1,x,2025-09-01 22:49:20.154 -0500 CDT,1.00,\n", zone: zone)
        let line = try #require(reader.moneyLines.first)
        #expect(line.at == Instant(millisecondsSinceEpoch: 1_756_784_960_154))
        #expect(line.at.description == "2025-09-02T03:49:20.154Z")
        #expect(line.platform == "Uber")
    }

    /// A transaction id is the line's key wherever it appears, whatever else the row says.
    @Test func theSameTransactionIDIsTheSameKey() throws {
        let template = try Self.builtIn("uber-payments")
        let first = Self.read(template, Self.spaced + "7f0c-2,trip-2,trip completed order,\(Self.at),12.40,3.00\n7f0c-3,trip-2,x,\(Self.at),12.40,3.00\n")
        let second = Self.read(template, Self.tight + "7f0c-2,trip-2,trip completed order,2026-11-14 11:58:35.004 -0600 CST,12.40,3.00\n")
        let a = try #require(first.moneyLines.first), b = try #require(second.moneyLines.first)
        #expect(a.keyIsDeclared && b.keyIsDeclared)
        #expect(a.recordKey == b.recordKey)
        #expect(first.moneyLines.map(\.recordKey)[1] != a.recordKey)
        #expect(a.recordKey.hex.count == 64)
    }

    /// Without a line id a line is keyed by what it says: two identical lines have equal keys,
    /// and a line differing in any read column has another.
    @Test func withoutALineIDTheKeyIsTheContent() throws {
        let reader = Self.read(try Self.builtIn("uber-driver-payments"), Self.driver + """
            Chicago,7.50,USD,x,driver_payment_fares,2026-11-21 17:58:12
            Chicago,7.50,USD,x,driver_payment_fares,2026-11-21 17:58:12
            Chicago,7.50,USD,x,existing_driver_incentive,2026-11-21 17:58:12
            Chicago,7.50,USD,x,driver_payment_fares,2026-11-21 17:58:13
            Chicago,7.51,USD,x,driver_payment_fares,2026-11-21 17:58:12
            Elsewhere,7.50,USD,y,driver_payment_fares,2026-11-21 17:58:12

            """)
        let keys = reader.moneyLines.map(\.recordKey)
        #expect(keys.count == 6)
        #expect(reader.moneyLines.allSatisfy { !$0.keyIsDeclared })
        #expect(keys[0] == keys[1])
        #expect(Set(keys[1...4]).count == 4)
        // City and classification are not read: the same line.
        #expect(keys[5] == keys[0])
    }

    /// A trips file and a payments file give the same key for the same Uber trip: they join.
    @Test func tripKeysJoinTripsAndPayments() throws {
        let trip = "5d1e0a2c-0001-4f6b-9a51-7c2e10000001"
        let trips = Self.read(try Self.builtIn("uber-trips"), """
            Trip UUID,Driver first name,Trip request time,Trip drop off time,Pickup address,Trip status
            \(trip),Sam,2026-11-14 10:55:12,2026-11-14 11:21:40,1 Sample Street,completed

            """)
        let payments = Self.read(try Self.builtIn("uber-payments"), Self.tight + "7f0c-1,\(trip),trip completed order,\(Self.at),9.87,\n")
        let delivery = try #require(trips.deliveries.first)
        let line = try #require(payments.moneyLines.first)
        #expect(delivery.keyIsDeclared)
        #expect(delivery.recordKey == line.tripKey)
        #expect(line.tripKey == ShiftRowReader.tripKey(platform: "Uber", trip: trip))
        #expect(line.tripKey != ShiftRowReader.tripKey(platform: "Lyft", trip: trip))
        #expect(delivery.accepted.description == "2026-11-14T16:55:12Z")
        #expect(delivery.delivered.description == "2026-11-14T17:21:40Z")
        #expect(delivery.own == nil)
    }
}

/// A big chunk is decoded in two halves at once; the result is the one-thread result, in order.
@Suite struct ParallelDecodingTests {
    static func decode(_ template: StatementTemplate, _ text: String, parallelAt: Int)
        -> (reader: ShiftRowReader, skipped: [SkippedRow], problems: [RowProblem]) {
        var reader = ShiftRowReader(template: template, zone: StatementTemplateTests.chicago)
        reader.parallelRecords = parallelAt
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        return (reader, result.skipped, result.problems)
    }

    /// 3,000 delivery rows with a repeated header, totals rows, bad cells and the DST overlap
    /// scattered through them: one thread and two give the same rows, skips and problems.
    @Test func deliveriesDecodeAlikeOnOneThreadAndTwo() throws {
        var text = "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n"
        for n in 0..<3_000 {
            let day = 1 + n / 200
            let minute = 8 * 60 + (n % 200) * 3
            let time = String(format: "%02d:%02d", minute / 60, minute % 60)
            let end = String(format: "%02d:%02d", (minute + 2) / 60, (minute + 2) % 60)
            switch n % 997 {
            case 11: text += "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n"
            case 13: text += "Total,,,,123.00,,\n"
            case 17: text += "2026-11-\(String(format: "%02d", day)),\(time),\(end),DoorDash,12.x0,,Place\n"
            case 19: text += "2026-11-01,01:30,01:40,DoorDash,5.00,,Place\n"
            default: text += "2026-11-\(String(format: "%02d", day)),\(time),\(end),\(n % 3 == 0 ? "Uber" : "DoorDash"),\(n % 50).\(n % 10)5,,Place \(n % 7)\n"
            }
        }
        let template = try StatementTemplateTests.builtIn("delivery-log")
        let one = Self.decode(template, text, parallelAt: .max)
        let two = Self.decode(template, text, parallelAt: 100)
        #expect(one.reader.deliveries.count > 2_900)
        #expect(two.reader.deliveries == one.reader.deliveries)
        #expect(two.skipped.map(\.line) == one.skipped.map(\.line) && two.skipped.map(\.reason) == one.skipped.map(\.reason))
        #expect(two.problems == one.problems)
        #expect(one.skipped.count == 6 && one.problems.count == 6, "\(one.skipped.count) skipped, \(one.problems.count) problems")
    }

    @Test func moneyLinesDecodeAlikeOnOneThreadAndTwo() throws {
        var text = "Trip UUID,Transaction UUID,vs reporting,Paid to you:Your earnings,Paid to you:Your earnings:Tip,Description\n"
        for n in 0..<2_500 {
            let stamp = String(format: "2026-11-%02d %02d:%02d:00.000 -0600 CST", 2 + n / 500, 8 + (n % 500) / 60, n % 60)
            let amount = n % 401 == 7 ? "" : "\(n % 20).50"
            text += "trip-\(n / 2),line-\(n),\(stamp),\(amount),\(n % 2 == 0 ? "1.00" : ""),\(n % 613 == 5 ? "so.payout" : "trip fare")\n"
        }
        let template = try StatementTemplateTests.builtIn("uber-payments")
        let one = Self.decode(template, text, parallelAt: .max)
        let two = Self.decode(template, text, parallelAt: 100)
        #expect(one.reader.moneyLines.count > 2_400)
        #expect(two.reader.moneyLines == one.reader.moneyLines)
        #expect(two.skipped.map(\.line) == one.skipped.map(\.line))
        #expect(two.problems == one.problems && one.problems.isEmpty)
    }
}
