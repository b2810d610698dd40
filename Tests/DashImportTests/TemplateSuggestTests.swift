@testable import DashImport
import DashModel
import Foundation
import Testing

/// `template suggest`'s pure parts (docs/templates.md, "A template from any CSV"): the dialect
/// sniffed, the headers matched, the patterns and rules inferred, and a draft that the
/// template parser loads and that reads its own file.
@Suite struct TemplateSuggestTests {
    static func sample(_ text: String) throws -> CSVSample { try CSVSniffer.sample(Array(text.utf8), complete: true) }

    static func draft(_ text: String, kind: DraftKind? = nil, platform: String? = nil) throws -> TemplateDraft {
        try TemplateSuggester.suggest(try sample(text), fileName: "week.csv", kind: kind, platform: platform)
    }

    // MARK: - Dialect

    @Test func semicolonsTabsAndPipesAreFound() throws {
        #expect(try Self.sample("Date;Start;End\n2026-11-02;17:00;18:00\n").delimiterName == ";")
        #expect(try Self.sample("Date\tStart\tEnd\n2026-11-02\t17:00\t18:00\n").delimiterName == "tab")
        #expect(try Self.sample("Date|Start|End\n2026-11-02|17:00|18:00\n").delimiterName == "|")
        // A comma inside quotes does not make the comma the delimiter of a semicolon file.
        let quoted = try Self.sample("Date;Note;Amount\n2026-11-02;\"a, b, c\";1,50\n2026-11-03;x;2,00\n")
        #expect(quoted.delimiterName == ";")
        #expect(quoted.rows.map(\.fields[1]) == ["a, b, c", "x"])
    }

    @Test func encodingIsUTF8UnlessTheBytesSayOtherwise() {
        #expect(CSVSniffer.encoding(of: Array("Café,1\n".utf8)) == .utf8)
        #expect(CSVSniffer.encoding(of: [0x43, 0x61, 0x66, 0xE9, 0x2C, 0x31]) == .latin1)
        // 0x80 is the euro sign in Windows-1252 and a C1 control in Latin-1.
        #expect(CSVSniffer.encoding(of: [0x80, 0x31, 0x2C, 0xE9]) == .windows1252)
    }

    @Test func aFileOfOneColumnIsRefused() {
        #expect(throws: CSVSniffError.self) { try Self.sample("just one column\nvalue\n") }
    }

    @Test func onlyTheFirstRowsAreSampledAndAPartLineIsDropped() throws {
        let text = "Date,Amount\n" + (1...300).map { "2026-11-\(String(format: "%02d", $0 % 28 + 1)),1.00\n" }.joined()
        let whole = try Self.sample(text)
        #expect(whole.rows.count == CSVSniffer.maxRows)
        #expect(whole.truncated)
        let cut = try CSVSniffer.sample(Array("Date,Amount\n2026-11-01,1.00\n2026-11-0".utf8), complete: false)
        #expect(cut.rows.count == 1)
    }

    // MARK: - Headers

    @Test func headersMatchByTheirWords() {
        let uber = ["Trip UUID", "Trip request time", "Trip drop off time", "Pickup address", "Trip status"]
        let matched = HeaderMatching.match(uber, kind: .deliveries)
        #expect(matched == ["trip": 0, "accepted": 1, "delivered": 2, "status": 4])
        let payments = ["Paid to you", "Paid to you : Your earnings", "Paid to you:Your earnings:Tip", "vs reporting", "Trip UUID"]
        #expect(HeaderMatching.match(payments, kind: .moneyLines) == ["amount": 1, "tips": 2, "time": 3, "trip": 4])
        #expect(HeaderMatching.match(["request_timestamp_utc", "dropoff_timestamp_utc"], kind: .deliveries) == ["accepted": 0, "delivered": 1])
        // Uber's 2025 trips header: a cancellation fee is the driver's, never a platform's fee.
        let trips2025 = ["Status", "Local Request Timestamp", "Local Dropoff Timestamp", "Local Cancellation Fee"]
        #expect(HeaderMatching.match(trips2025, kind: .deliveries) == ["status": 0, "accepted": 1, "delivered": 2])
    }

    @Test func aPersonalHeaderIsNeverMapped() {
        #expect(HeaderMatching.match(["Accepted", "Delivered", "Customer tip"], kind: .deliveries)["tips"] == nil)
        #expect(HeaderMatching.match(["Accepted", "Delivered", "Store address"], kind: .deliveries)["pickup"] == nil)
    }

    @Test func theKindIsGuessedFromTheColumns() {
        #expect(HeaderMatching.guessKind(["Date", "Start", "End", "Earnings"]) == .shifts)
        #expect(HeaderMatching.guessKind(["Date", "Accepted", "Delivered", "Pay"]) == .deliveries)
        #expect(HeaderMatching.guessKind(["Trip ID", "Timestamp", "Amount"]) == .moneyLines)
        #expect(HeaderMatching.guessKind(["Day", "Cost", "Type"]) == .expenses)
        #expect(HeaderMatching.guessKind(["Colour", "Size"]) == nil)
        // No trip id: a time, an amount and a category are Uber's payments lines; a bank
        // export's date, time, amount and description stay an expense list.
        #expect(HeaderMatching.guessKind(["City Name", "Local Amount", "Currency Code", "Category", "Local Timestamp"]) == .moneyLines)
        #expect(HeaderMatching.guessKind(["Date", "Time", "Amount", "Description"]) == .expenses)
    }

    /// Uber's 2025 download: local times written with a `Z`, no trip id, Reserve pickups.
    @Test func localTimesWithAZAndLinesWithoutATripAreDrafted() throws {
        let trips = try Self.draft("""
            Product Name,Status,Local Request Timestamp,Begin Trip Local Timestamp,Local Dropoff Timestamp,Currency Code
            UberX,completed,2025-07-23T09:28:31.000Z,2025-07-23T09:31:02.000Z,2025-07-23T09:50:10.000Z,USD
            UberX,fare_split,2025-07-23T10:02:00.000Z,2025-07-23T10:05:00.000Z,2025-07-23T10:20:00.000Z,USD
            UberX,rider_canceled,2025-07-23T10:30:00.000Z,,,USD

            """)
        #expect(trips.kind == .deliveries && trips.ignoreZoneDesignator)
        #expect(trips.header("pickedUp") == "begin trip local timestamp")
        #expect(trips.skip.map(\.values) == [["completed", "fare_split"]])
        #expect(trips.needs.contains { $0.hasPrefix("--tz") })
        // Loads: the key is refused unless the pattern ends in a literal 'Z'.
        _ = try StatementTemplate.parse(Array(trips.json.utf8), file: "draft.json")
        // A Z under headers that do not say local is UTC, as written.
        let utc = try Self.draft("Trip ID,Accepted,Delivered,Pay\nT1,2025-07-23T09:28:31Z,2025-07-23T09:50:10Z,7.00\n")
        #expect(!utc.ignoreZoneDesignator)
        let lines = try Self.draft("""
            City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp
            Chicago,6.80,USD,x,driver_payment_fares,2025-02-09 04:16:38
            Chicago,2.00,USD,transport.misc.tip,tip,2025-02-09 04:16:38

            """)
        #expect(lines.kind == .moneyLines && lines.tripFrom == "time" && lines.blockers.isEmpty, "\(lines.blockers)")
        #expect(try StatementTemplate.parse(Array(lines.json.utf8), file: "draft.json").tripFrom == .time)
    }

    // MARK: - Dates and times

    @Test func theFirstPatternReadingEveryCellIsTaken() {
        #expect(TimePatternInference.infer(["17:05", "9:30"], shape: .timeOnly)?.pattern == "H:mm")
        #expect(TimePatternInference.infer(["17:05", "09:30"], shape: .timeOnly)?.pattern == "HH:mm")
        #expect(TimePatternInference.infer(["5:05 PM", "11:40 am"], shape: .timeOnly)?.pattern == "h:mm a")
        #expect(TimePatternInference.infer(["2026-11-20T23:31:02.000Z"], shape: .dateAndTime)?.pattern == "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
        #expect(TimePatternInference.infer(["2025-09-01 22:49:20.154 -0500 CDT"], shape: .dateAndTime)?.pattern == "yyyy-MM-dd HH:mm:ss.SSS XX z")
        #expect(TimePatternInference.infer(["05.11.2026", "28.11.2026"], shape: .dateOnly)?.pattern == "dd.MM.yyyy")
        #expect(TimePatternInference.infer(["", "  "], shape: .dateOnly) == nil)
        #expect(TimePatternInference.infer(["2026-11-02", "soon"], shape: .dateOnly) == nil)
    }

    @Test func monthFirstUnlessADayIsAboveTwelveAndTheAmbiguityIsSaid() {
        let us = TimePatternInference.infer(["11/05/2026", "11/06/2026"], shape: .dateOnly)
        #expect(us == TimePatternInference.Found(pattern: "MM/dd/yyyy", dayFirstAlsoReads: true))
        let european = TimePatternInference.infer(["05/11/2026", "28/11/2026"], shape: .dateOnly)
        #expect(european == TimePatternInference.Found(pattern: "dd/MM/yyyy", dayFirstAlsoReads: false))
        let american = TimePatternInference.infer(["11/28/2026", "11/5/2026"], shape: .dateOnly)
        #expect(american == TimePatternInference.Found(pattern: "M/d/yyyy", dayFirstAlsoReads: false))
    }

    // MARK: - Money and rules

    @Test func theDecimalMarkIsTheOneThatReadsTheCells() {
        #expect(MoneyInference.decimalMark(["12.50", "1,234.56"]).mark == .point)
        #expect(MoneyInference.decimalMark(["12,50", "1.234,56"]).mark == .comma)
        #expect(MoneyInference.decimalMark(["12,50", "3"]).mark == .comma)
        #expect(MoneyInference.decimalMark(["12", "1,234"]).mark == .point)
        #expect(MoneyInference.decimalMark(["12.50", "lots"]).unreadable == 1)
    }

    @Test func tipsAreWithinUnlessARowSaysOtherwise() {
        #expect(MoneyInference.tipsAre(pay: ["31.75", "28.60"], tips: ["9.50", ""], mark: .point) == (.within, 1))
        #expect(MoneyInference.tipsAre(pay: ["3.00"], tips: ["5.00"], mark: .point).placement == .onTop)
        #expect(MoneyInference.tipsAre(pay: [nil], tips: ["5.00"], mark: .point).placement == .onTop)
    }

    @Test func ruleValuesAreWrittenOnlyInTheirOwnWords() throws {
        #expect(RuleInference.lineKind("driver_payment_fares") == nil)
        #expect(RuleInference.lineKind("existing_driver_incentive")?.kind == .incentive)
        #expect(RuleInference.lineKind("existing_driver_incentive")?.value == "existing_driver_incentive")
        #expect(RuleInference.lineKind("Support Adjustment: 5d1e0a2c-0002")?.value == "support adjustment*")
        // A cell of other words is counted, never written into the draft.
        let named = try #require(RuleInference.lineKind("Jane Roe tip"))
        #expect(named.kind == .tips && named.value == nil)
        let status = RuleInference.status(["completed", "rider_canceled", "Completed"])
        #expect(status == RuleInference.DraftRule(field: "status", values: ["completed"], unless: true))
        #expect(RuleInference.status(["completed", "completed"]) == nil)
    }

    // MARK: - Drafts

    /// A European shift spreadsheet: semicolons, decimal commas, day-first dates, a totals
    /// row. The draft loads as a template and reads every row of its file.
    @Test func aEuropeanShiftLogDraftsAndReadsItself() throws {
        let text = "Date;Start;End;Earnings;Tips\n05.11.2026;16:40;18:06;31,75;9,50\n28.11.2026;23:30;01:10;44,10;\nTotal;;;75,85;9,50\n"
        let draft = try Self.draft(text, platform: "Wolt")
        #expect(draft.blockers.isEmpty)
        #expect(draft.decimalMark == .comma && draft.delimiter == ";" && draft.dateFormat == "dd.MM.yyyy" && draft.timeFormat == "HH:mm")
        #expect(draft.skip == [RuleInference.DraftRule(field: "date", values: ["total"])])
        let template = try StatementTemplate.parse(Array(draft.json.utf8), file: "draft.json")
        var reader = ShiftRowReader(template: template, zone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        #expect(result.problems.isEmpty)
        #expect(result.rows.count == 2)
        #expect(result.skipped.map(\.line) == [4])
        #expect(draft.json == (try Self.draft(text, platform: "Wolt")).json, "same file, same bytes")
    }

    @Test func anExpenseListDraftsAndLoads() throws {
        let draft = try Self.draft("When,Cost,Type,Memo\n11/5/2026,38.90,fuel,half tank\n11/28/2026,\"$6.00\",parking,\n")
        #expect(draft.kind == .expenses && draft.blockers.isEmpty && draft.dateFormat == "M/d/yyyy")
        let template = try ExpenseTemplate.parse(Array(draft.json.utf8), file: "draft.json")
        #expect(template.columns == [.date: ["when"], .amount: ["cost"], .category: ["type"], .note: ["memo"]])
    }

    @Test func whatCannotBeDraftedIsSaid() throws {
        let missing = try Self.draft("Date,Start,Pay\n2026-11-02,17:00,5.00\n", kind: .shifts)
        #expect(missing.blockers.contains { $0.contains("no column could be mapped to end") })
        let unread = try Self.draft("Date,Start,End\n2026-11-02,17:00,around six\n")
        #expect(unread.blockers.contains { $0.contains("no date or time pattern reads every sampled cell of start and end") })
        let totals = try Self.draft("Date,Amount\n2026-11-02,5.00\nTotal,5.00\n")
        #expect(totals.blockers.contains { $0.contains("line 3 looks like a totals row") })
        #expect(throws: TemplateSuggester.Unguessable.self) { try Self.draft("Colour,Size\nred,2\n") }
        let needs = try Self.draft("Trip ID,Timestamp,Amount\nt1,2026-11-02 17:00:00,5.00\n")
        #expect(needs.needs.count == 2, "--tz and --platform")
    }
}
