import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// The import policy (placement, earlier imports, reconciliation, money lines, the union of
/// overlapping files, dry runs) against a store in memory, without the command line.
@Suite struct IngestPolicyTests {
    let bench: IngestBench
    init() throws { bench = try IngestBench() }

    static let deliveryHeader = "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n"

    @Test func deliveryRowsGoToTheShiftThatHoldsTheirAcceptance() throws {
        let early = try bench.shift("2026-11-05T16:30", "2026-11-05T18:00")
        let late = try bench.shift("2026-11-05T19:00", "2026-11-05T21:00")
        let end = try bench.statement("d.csv", Self.deliveryHeader + "2026-11-05,16:50,17:12,DoorDash,7.25,2.50,Taco\n"
                                      + "2026-11-05,19:20,19:44,DoorDash,9.00,,Pho\n2026-11-05,17:20,17:44,DoorDash,8.00,,Pho\n",
                                      template: try bench.template("delivery-log"))
        let outcome = try #require(end.outcome)
        #expect(end.importID == 1)
        #expect(outcome.counts.deliveries == 3 && outcome.counts.created == 0)
        let pay = [try Money(parsing: "7.25"), try Money(parsing: "8.00")]
        #expect(try bench.store.deliveries(of: early).map(\.ownAmount?.amount) == pay)
        #expect(try bench.store.deliveries(of: late).count == 1)
    }

    /// Rows no shift holds make the shifts their evidence needs (docs/record.md), with or
    /// without --create-shifts: a new shift where the next trip starts more than the split gap
    /// (60 minutes) after the last ended.
    @Test func rowsNoShiftHoldsMakeTheirShifts() throws {
        let text = Self.deliveryHeader + "2026-11-05,16:50,17:12,DoorDash,7.25,,Taco\n2026-11-05,17:20,17:44,DoorDash,9.00,,Pho\n"
            + "2026-11-05,19:30,19:50,DoorDash,6.00,,Taco\n"
        let created = try bench.statement("d.csv", text, template: try bench.template("delivery-log"))
        #expect(created.outcome?.counts.created == 2)
        let spans = try bench.store.shifts().map { [$0.start, $0.end] }
        #expect(spans == [[try bench.at("2026-11-05T16:50"), try bench.at("2026-11-05T17:44")],
                          [try bench.at("2026-11-05T19:30"), try bench.at("2026-11-05T19:50")]])
    }

    @Test func theSameBytesOrAnotherNameOfThemAreAnEarlierImport() throws {
        let text = "date,amount,category,note\n2026-11-03,4.10,parking,\n"
        #expect(try bench.expenses("a.csv", text).importID == 1)
        let again = try bench.expenses("renamed.csv", text)
        #expect(again.duplicateOf?.id == 1 && again.duplicateOf?.fileName == "a.csv")
        #expect(try bench.store.imports().count == 1 && bench.store.expenses().count == 1)
        // GPX: the same points in another file (its content, not its bytes).
        let track = IngestBench.track("2026-11-05T22:10:00Z", minutes: 5)
        #expect(try bench.gpx("t.gpx", track).importID == 2)
        #expect(try bench.gpx("t2.gpx", track.replacingOccurrences(of: "creator=\"t\"", with: "creator=\"other\"")).duplicateOf?.id == 2)
    }

    /// A trip the store holds, again: the same figures change nothing, other pay is refused
    /// naming both unless `replace`.
    @Test func aKnownTripIsReconciledAndItsPayReplacedOnlyWhenAsked() throws {
        let template = try StatementTemplate.parse(Array("""
            {"name": "trips", "kind": "deliveries", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm",
             "platform": "Uber", "columns": {"trip": ["trip"], "date": ["date"], "accepted": ["accepted"], "delivered": ["delivered"], "pay": ["pay"]}}
            """.utf8), file: "trips.json")
        try bench.shift("2026-11-05T16:00", "2026-11-05T18:00")
        let header = "Trip,Date,Accepted,Delivered,Pay\n"
        #expect(try bench.statement("a.csv", header + "T1,2026-11-05,16:50,17:12,7.25\n", template: template).importID == 1)
        let same = try bench.statement("b.csv", header + "T1,2026-11-05,16:50,17:12,7.25\n\n", template: template)
        // The same record in other bytes: that import (docs/record.md), nothing recorded.
        #expect(same.duplicateOf?.id == 1 && same.outcome?.counts.unchanged == 1)
        let other = header + "T1,2026-11-05,16:50,17:12,8.00\n"
        let refused = try bench.statement("c.csv", other, template: template)
        #expect(refused.problems.map(\.column) == ["pay"])
        #expect(refused.problems.first?.message.contains("has 7.25; the statement says 8.00 (pass --replace") == true, "\(refused.problems)")
        let replaced = try bench.statement("c.csv", other, template: template, replace: true)
        #expect(replaced.outcome?.counts.deliveryPayReplaced == 1)
        let shift = try #require(try bench.store.shifts().first)
        let pay = try Money(parsing: "8.00")
        #expect(try bench.store.deliveries(of: shift.id).map(\.ownAmount?.amount) == [pay])
    }

    static let paymentsHeader = "transaction UUID,Trip UUID,Description,vs reporting,Paid to you,Paid to you:Your earnings,"
        + "Paid to you:Your earnings:Fare:Fare,Paid to you:Your earnings:Tip\n"

    /// A trip's money lines make one delivery on the shift that holds its first line; a later
    /// statement's tip joins that trip, and the line both statements hold counts once.
    @Test func moneyLinesJoinTheirTripAndALateTipJoinsIt() throws {
        let shift = try bench.shift("2026-11-14T10:30", "2026-11-14T12:30")
        let template = try bench.template("uber-payments")
        let first = try bench.statement("p1.csv", Self.paymentsHeader
            + "L1,T1,trip completed order,2026-11-14 11:21:45.120 -0600 CST,9.87,9.87,9.87,\n", template: template)
        #expect(first.outcome?.counts.deliveries == 1 && first.outcome?.counts.lines == 1, "\(first.problems)")
        let second = try bench.statement("p2.csv", Self.paymentsHeader
            + "L1,T1,trip completed order,2026-11-14 11:21:45.120 -0600 CST,9.87,9.87,9.87,\n"
            + "L2,T1,trip fare adjust order,2026-11-16 10:02:11.001 -0600 CST,2.00,2.00,,2.00\n", template: template)
        let counts = try #require(second.outcome?.counts)
        #expect(counts.lines == 1 && counts.tripsUpdated == 1 && counts.unchanged == 1 && counts.deliveries == 0)
        let deliveries = try bench.store.deliveries(of: shift)
        #expect(deliveries.count == 1)
        let pay = try Money(parsing: "11.87")
        #expect(deliveries.first?.ownAmount?.amount == pay)
    }

    /// The store holds a row k times and the file n times: n - k are added.
    @Test func expensesAreTheUnionOfStoreAndFile() throws {
        let row = "2026-11-03,4.10,parking,meter\n"
        let header = "date,amount,category,note\n"
        #expect(try bench.expenses("a.csv", header + row + row).outcome?.added == 2)
        let union = try bench.expenses("b.csv", header + row + row + row + "2026-11-04,6.00,tolls,\n")
        var expected = ExpenseOutcome(rows: 4, added: 2)
        expected.held = 2
        #expect(union.outcome == expected)
        #expect(try bench.store.expenses().count == 4)
        // A file stating part of one import's records holds them (docs/record.md): recorded.
        let part = try bench.expenses("c.csv", header + row)
        #expect(part.outcome?.known == 1 && part.outcome?.held == 1 && !part.isNothingAdded)
        // The very records of one import, in other bytes, are that import: nothing recorded.
        let same = try bench.expenses("a-again.csv", "Date,Amount,Category,Note\n" + row + row)
        if case let .duplicate(earlier, _) = same { #expect(earlier.fileName == "a.csv") } else { Issue.record("not a duplicate: \(same)") }
    }

    @Test func aTrackGoesOnTheShiftCoveringItElseOnANewOne() throws {
        let covering = try bench.shift("2026-11-05T16:00", "2026-11-05T18:00")
        let on = try #require(try bench.gpx("on.gpx", IngestBench.track("2026-11-05T22:10:00Z", minutes: 10)).outcome)
        #expect(on.shiftsUsed == [covering] && on.shiftsCreated.isEmpty && on.written == 11)
        let off = try #require(try bench.gpx("off.gpx", IngestBench.track("2026-11-07T22:10:00Z", minutes: 10)).outcome)
        #expect(off.shiftsUsed.isEmpty && off.shiftsCreated.count == 1)
        let createdID = try #require(off.shiftsCreated.first)
        let created = try #require(try bench.store.shift(createdID))
        let start = try bench.at("2026-11-07T16:10"), end = try bench.at("2026-11-07T16:20")
        #expect(created.start == start && created.end == end)
    }

    /// A dry run judges everything and keeps the outcome; the store is as it was.
    @Test func aDryRunLeavesTheStoreUnchanged() throws {
        try bench.shift("2026-11-05T16:30", "2026-11-05T18:00")
        _ = try bench.expenses("a.csv", "date,amount,category,note\n2026-11-03,4.10,parking,\n")
        let before = try dumpRecord(bench.store)
        let statement = try bench.statement("d.csv", Self.deliveryHeader + "2026-11-05,16:50,17:12,DoorDash,7.25,,Taco\n"
                                            + "2026-11-06,16:50,17:12,DoorDash,7.25,,Taco\n",
                                            template: try bench.template("delivery-log"), createShifts: true, dryRun: true)
        #expect(statement.isDryRun && statement.outcome?.counts.deliveries == 2 && statement.outcome?.counts.created == 1)
        let expenses = try bench.expenses("b.csv", "date,amount,category,note\n2026-11-03,4.10,parking,\n2026-11-04,1,tolls,\n", dryRun: true)
        #expect(expenses.isDryRun && expenses.outcome?.added == 1)
        let track = try bench.gpx("t.gpx", IngestBench.track("2026-11-08T22:10:00Z", minutes: 3), dryRun: true)
        #expect(track.isDryRun && track.outcome?.shiftsCreated.count == 1)
        #expect(try dumpRecord(bench.store) == before)
    }
}

/// A template's `splitGapMinutes` (docs/templates.md): trips further apart than it are two
/// shifts; `--split-gap` (the options) wins over it.
@Suite struct SplitGapTemplateTests {
    static func template(_ minutes: Int) throws -> StatementTemplate {
        try StatementTemplate.parse(Array("""
            {"name": "gap", "kind": "deliveries", "platform": "DoorDash", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm",
             "splitGapMinutes": \(minutes), "columns": {"date": ["date"], "accepted": ["accepted"], "delivered": ["delivered"], "pay": ["pay"]}}
            """.utf8), file: "gap.json")
    }

    @Test(arguments: [(20, 2), (45, 1)])
    func theTemplatesGapSplitsShifts(minutes: Int, shifts: Int) throws {
        let bench = try IngestBench()
        let text = "Date,Accepted,Delivered,Pay\n2026-11-05,16:50,17:12,7.25\n2026-11-05,17:42,17:50,5.00\n"
        let end = try bench.statement("d.csv", text, template: try Self.template(minutes))
        #expect(end.importID == 1)
        #expect(try bench.store.shifts().count == shifts)
    }

    @Test func aGapOutsideItsRangeIsRefused() throws {
        #expect(throws: TemplateError.self) { try Self.template(0) }
        #expect(throws: TemplateError.self) { try Self.template(961) }
    }
}

/// Gaps 3 and 4 of docs/record.md, closed: a trip's pay replaced with `--replace` comes back
/// when that import is undone; a trip row's fee column is stored and reaches the fees; a trip's
/// money lines may sum below zero, so a reversal imported before its fare is kept.
@Suite struct TripFigureTests {
    let bench: IngestBench
    init() throws { bench = try IngestBench() }

    static let template = """
        {"name": "trips", "kind": "deliveries", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm", "platform": "Uber",
         "columns": {"trip": ["trip"], "date": ["date"], "accepted": ["accepted"], "delivered": ["delivered"], "pay": ["pay"], "fee": ["fee"]}}
        """
    static let header = "Trip,Date,Accepted,Delivered,Pay,Fee\n"

    func trips() throws -> StatementTemplate { try StatementTemplate.parse(Array(Self.template.utf8), file: "trips.json") }

    /// Every trip's own amount and fees as the store holds them.
    func figures() throws -> [String] {
        try bench.store.deliveryRecords().map(\.delivery).map { "\($0.ownAmount?.amount.formatted() ?? "-")/\($0.fees?.formatted() ?? "-")" }
    }

    @Test func undoingAReplacementBringsTheTripsFiguresBack() throws {
        try bench.shift("2026-11-05T16:00", "2026-11-05T18:00")
        let a = try #require(try bench.statement("a.csv", Self.header + "T1,2026-11-05,16:50,17:12,7.25,1.00\n", template: trips()).importID)
        let b = try #require(try bench.statement("b.csv", Self.header + "T1,2026-11-05,16:50,17:12,8.00,1.50\n", template: trips(),
                                                 replace: true).importID)
        let c = try #require(try bench.statement("c.csv", Self.header + "T1,2026-11-05,16:50,17:12,9.00,\n", template: trips(),
                                                 replace: true).importID)
        #expect(try figures() == ["9.00/1.50"])
        // Undo the middle replacement: the last one's figures stay; undoing that one then
        // brings back the first file's, not the middle one's.
        #expect(try bench.store.undoImport(b).tripFiguresRestored == 0)
        #expect(try figures() == ["9.00/1.50"])
        #expect(try bench.store.undoImport(c).tripFiguresRestored == 1)
        #expect(try figures() == ["7.25/1.00"])
        #expect(try bench.store.structuralFaults().isEmpty)
        _ = a
    }

    /// Undoing the file first recorded leaves the trip with the replacing file's figures, as
    /// that file alone would have made it; undoing that one too leaves no trip.
    @Test func undoingTheFirstFileLeavesTheReplacingOnesTrip() throws {
        try bench.shift("2026-11-05T16:00", "2026-11-05T18:00")
        let a = try #require(try bench.statement("a.csv", Self.header + "T1,2026-11-05,16:50,17:12,7.25,1.00\n", template: trips()).importID)
        let b = try #require(try bench.statement("b.csv", Self.header + "T1,2026-11-05,16:50,17:12,8.00,\n", template: trips(),
                                                 replace: true).importID)
        let undone = try bench.store.undoImport(a)
        #expect(undone.deliveries == 0 && undone.rowsKept == 1)
        #expect(try figures() == ["8.00/1.00"])
        #expect(try bench.store.undoImport(b).deliveries == 1)
        #expect(try figures().isEmpty)
        #expect(try bench.store.connection.scalar("SELECT count(*) FROM deliveryReplaced")?.int64 == 0)
    }

    /// A row's fees are what the platform kept: apart from gross, in the platform's fees.
    @Test func aTripRowsFeesReachThePlatformsFees() throws {
        try bench.shift("2026-11-05T16:00", "2026-11-05T18:00")
        _ = try bench.statement("a.csv", Self.header + "T1,2026-11-05,16:50,17:12,7.25,1.10\nT2,2026-11-05,17:20,17:40,5.00,\n",
                                template: trips())
        let shift = try #require(try bench.store.shifts().first)
        let money = try bench.store.platformMoney(of: shift).filter { $0.source == .trips }
        #expect(money.map(\.gross) == [try Money(parsing: "12.25")])
        #expect(money.map(\.fees) == [try Money(parsing: "1.10")])
        let records = try bench.store.deliveryRecords()
        #expect(records.map(\.fees) == [try Money(parsing: "1.10"), nil])
    }

    static let paymentsHeader = "transaction UUID,Trip UUID,Description,vs reporting,Paid to you,Paid to you:Your earnings,"
        + "Paid to you:Your earnings:Fare:Fare,Paid to you:Your earnings:Tip\n"

    /// A reversal in one file and its fare in a later one, in either order, give one trip of
    /// the same pay; the reversal alone is a trip paid below zero (docs/record.md).
    @Test(arguments: [false, true]) func aReversalBeforeItsFareIsKept(fareFirst: Bool) throws {
        try bench.shift("2026-11-14T10:30", "2026-11-14T12:30")
        let template = try bench.template("uber-payments")
        let fare = Self.paymentsHeader + "L1,T1,trip completed order,2026-11-14 11:21:45.120 -0600 CST,9.87,9.87,9.87,\n"
        let reversal = Self.paymentsHeader + "L2,T1,trip fare adjust order,2026-11-16 10:02:11.001 -0600 CST,-2.00,-2.00,-2.00,\n"
        let files = fareFirst ? [("f.csv", fare), ("r.csv", reversal)] : [("r.csv", reversal), ("f.csv", fare)]
        let firstResult = try bench.statement(files[0].0, files[0].1, template: template)
        #expect(firstResult.problems.isEmpty, "\(firstResult.problems)")
        let firstID = try #require(firstResult.importID)
        if !fareFirst { #expect(try figures() == ["-2.00/-"], "\(firstResult)") }
        let second = try bench.statement(files[1].0, files[1].1, template: template)
        #expect(second.problems.isEmpty, "\(second.problems)")
        #expect(try figures() == ["7.87/-"])
        #expect(try bench.store.structuralFaults().isEmpty)
        // Undo the first file: the second's lines alone.
        try bench.store.undoImport(firstID)
        #expect(try figures() == [fareFirst ? "-2.00/-" : "9.87/-"])
    }
}

/// Gap 7 of docs/record.md, closed: an expenses file's currency (its template's `currency`, or
/// a `currency` column) is the store's or the file is refused naming both, as statements are.
@Suite struct ExpenseCurrencyTests {
    let bench: IngestBench
    init() throws { bench = try IngestBench() }

    func template(_ extra: String) throws -> ExpenseTemplate {
        try ExpenseTemplate.parse(Array("""
            {"name": "mine", "columns": {"date": "date", "amount": "amount", "category": "category", "currency": "currency"}\(extra)}
            """.utf8), file: "mine.json")
    }

    @Test func anExpensesFileInAnotherCurrencyIsRefusedNamingBoth() throws {
        let euros = try template(#", "currency": "eur""#)
        #expect(euros.currency == "EUR")
        let first = try bench.expenses("a.csv", "date,amount,category\n2026-11-03,4.10,parking\n", template: euros)
        #expect(first.importID != nil)
        let dollars = try bench.expenses("b.csv", "date,amount,category,currency\n2026-11-04,5.00,parking,USD\n", template: euros)
        #expect(dollars.problems.map(\.column) == ["currency"])
        #expect(dollars.problems.first?.message.contains("in USD; the store's are in EUR (import 1, a.csv)") == true, "\(dollars.problems)")
        #expect(try bench.store.expenses().count == 1)
        // Undone, the store has no currency: the dollars file is taken.
        try bench.store.undoImport(try #require(first.importID))
        #expect(try bench.expenses("b.csv", "date,amount,category,currency\n2026-11-04,5.00,parking,USD\n", template: euros).importID != nil)
    }

    @Test func rowsInTwoCurrenciesOrASignOfAnotherAreRefusedAtTheirLine() throws {
        let none = try template("")
        let mixed = try bench.expenses("m.csv", "date,amount,category,currency\n2026-11-03,4.10,parking,EUR\n2026-11-04,£2.00,tolls,GBP\n"
                                       + "2026-11-05,$3.00,tolls,\n", template: none)
        #expect(mixed.problems.map(\.line) == [3], "\(mixed.problems)")
        #expect(mixed.problems.first?.message.contains("in GBP, line 2's in EUR") == true)
        let sign = try bench.expenses("s.csv", "date,amount,category,currency\n2026-11-03,$4.10,parking,EUR\n", template: none)
        #expect(sign.problems.map(\.column) == ["amount"])
        let code = try bench.expenses("c.csv", "date,amount,category,currency\n2026-11-03,4.10,parking,dollars\n", template: none)
        #expect(code.problems.map(\.column) == ["currency"])
        #expect(code.problems.first?.message.contains("dollars") == false)
        #expect(try bench.store.expenses().isEmpty)
    }
}
