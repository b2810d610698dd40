import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Schema v12 through the store: the odometer per year and the estimated-tax payments the tax
/// summary needs (docs/cli.md "vehicle odometer" and "tax paid").
@Suite struct TaxRecordTests {
    static func day(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }

    @Test func anOdometerYearKeepsItsReadingsExactlyAndTheEndMayComeLater() throws {
        let store = try Store.inMemory()
        #expect(try store.odometerYear(2026) == nil)
        let first = try store.setOdometerYear(2026, startTenths: 412_500, endTenths: nil)
        #expect(first.was == nil)
        #expect(first.now.milesTenths == nil && first.now.miles == nil)  // no end yet: no miles, not 0
        #expect(try store.connection.query("SELECT year, startE1, endE1 FROM vehicleOdometerYear").map(\.values)
                == [[.integer(2026), .integer(412_500), .null]])
        // The end alone joins the start recorded.
        let ended = try store.setOdometerYear(2026, startTenths: nil, endTenths: 639_804)
        #expect(ended.was == (try OdometerYear(year: 2026, startTenths: 412_500)))
        #expect(ended.now.milesTenths == 227_304 && ended.now.miles == 22_730.4)
        // The start alone keeps the end.
        let moved = try store.setOdometerYear(2026, startTenths: 412_000, endTenths: nil)
        #expect(moved.now == (try OdometerYear(year: 2026, startTenths: 412_000, endTenths: 639_804)))
        #expect(moved.was?.startTenths == 412_500)
        try store.setOdometerYear(2025, startTenths: 300_000, endTenths: 412_000)
        #expect(try store.odometerYears().map(\.year) == [2025, 2026])
        #expect(try store.clearOdometerYear(2025)?.miles == 11_200)
        #expect(try store.clearOdometerYear(2025) == nil)
        #expect(try store.odometerYears().map(\.year) == [2026])
        #expect(try store.structuralFaults().isEmpty)
    }

    @Test func anOdometerYearThatBreaksARuleIsRefusedAndChangesNothing() throws {
        let store = try Store.inMemory()
        try store.setOdometerYear(2026, startTenths: 412_500, endTenths: 639_804)
        try expectRefused(ModelError.badText(field: "the odometer's end-of-year reading", reason: "is below its start-of-year reading"), in: store) {
            try store.setOdometerYear(2026, startTenths: nil, endTenths: 412_499)
        }
        // A start moved past the end recorded is the same refusal.
        try expectRefused(ModelError.badText(field: "the odometer's end-of-year reading", reason: "is below its start-of-year reading"), in: store) {
            try store.setOdometerYear(2026, startTenths: 700_000, endTenths: nil)
        }
        try expectRefused(ModelError.notFound(what: "odometer start recorded for the year", id: 2025), in: store) {
            try store.setOdometerYear(2025, startTenths: nil, endTenths: 5)
        }
        try expectRefused(ModelError.negativeAmount(field: "an odometer reading"), in: store) {
            try store.setOdometerYear(2024, startTenths: -1, endTenths: nil)
        }
        try expectRefused(ModelError.badText(field: "the year", reason: "must lie between 1900 and 9999"), in: store) {
            try store.setOdometerYear(1899, startTenths: 1, endTenths: nil)
        }
        try expectRefused(ModelError.badText(field: "an odometer reading", reason: "is more than 9999999.9"), in: store) {
            try store.setOdometerYear(2024, startTenths: 1, endTenths: RecordedMiles.largestTenths + 1)
        }
    }

    @Test func paymentsListByTaxYearThenDateThenIdAndDeleteReturnsWhatWasThere() throws {
        let store = try Store.inMemory()
        let april = try store.addTaxPayment(paidOn: Self.day("2026-04-14"), taxYear: 2026, amount: money("850"))
        let january = try store.addTaxPayment(paidOn: Self.day("2027-01-15"), taxYear: 2026, amount: money("900.1234"), note: " Q4 ")
        let sameDay = try store.addTaxPayment(paidOn: Self.day("2026-04-14"), taxYear: 2026, amount: money("0.01"))
        let earlier = try store.addTaxPayment(paidOn: Self.day("2026-01-15"), taxYear: 2025, amount: money("700"))
        #expect(try store.taxPayments(taxYear: 2026).map(\.id) == [april, sameDay, january])
        #expect(try store.taxPayments(taxYear: 2025).map(\.id) == [earlier])
        #expect(try store.taxPayments(taxYear: 2024).isEmpty)
        #expect(try store.taxPayments().map(\.id) == [earlier, april, sameDay, january])
        let q4 = try #require(try store.taxPayments(taxYear: 2026).last)
        #expect(q4.paidOn == (try Self.day("2027-01-15")) && q4.paidOn.description == "2027-01-15")
        #expect(q4.amount == (try money("900.1234")) && q4.note == "Q4")
        #expect(try store.connection.query("SELECT paidOn, taxYear, amountE4, note FROM taxPayment WHERE id = ?1", [.integer(january)])
            .map(\.values) == [[.text("2027-01-15"), .integer(2026), .integer(9_001_234), .text("Q4")]])
        #expect(try store.deleteTaxPayment(january) == q4)
        #expect(try store.taxPayments(taxYear: 2026).map(\.id) == [april, sameDay])
        try expectRefused(ModelError.notFound(what: "tax payment", id: january), in: store) { try store.deleteTaxPayment(january) }
        // A deleted payment's id, the last one included, is never given to another (AUTOINCREMENT).
        try store.deleteTaxPayment(earlier)
        #expect(try store.addTaxPayment(paidOn: Self.day("2026-06-15"), taxYear: 2026, amount: money("1")) == earlier + 1)
        #expect(try store.structuralFaults().isEmpty)
    }

    @Test func aPaymentThatBreaksARuleIsRefusedAndChangesNothing() throws {
        let store = try Store.inMemory()
        try store.addTaxPayment(paidOn: Self.day("2026-04-14"), taxYear: 2026, amount: money("850"))
        let date = try Self.day("2026-06-15")
        try expectRefused(ModelError.badText(field: "a tax payment", reason: "must be more than 0"), in: store) {
            try store.addTaxPayment(paidOn: date, taxYear: 2026, amount: .zero)
        }
        try expectRefused(ModelError.negativeAmount(field: "a tax payment"), in: store) {
            try store.addTaxPayment(paidOn: date, taxYear: 2026, amount: money("-850"))
        }
        try expectRefused(ModelError.badText(field: "the tax year", reason: "must lie between 1900 and 9999"), in: store) {
            try store.addTaxPayment(paidOn: date, taxYear: 10_000, amount: money("1"))
        }
        try expectRefused(ModelError.badText(field: "the note", reason: "cannot be empty"), in: store) {
            try store.addTaxPayment(paidOn: date, taxYear: 2026, amount: money("1"), note: "  ")
        }
        #expect(throws: ModelError.impossibleTime("2026-02-30 00:00:00")) { try Self.day("2026-02-30") }
        #expect(throws: ModelError.unreadableDate("2026-4-14")) { try Self.day("2026-4-14") }
    }

    /// The schema backs the model: raw SQL that breaks a rule of either table is refused by a
    /// CHECK (or STRICT typing) and changes nothing.
    static let refused: [(rule: String, sql: String)] = [
        ("a year before 1900", "INSERT INTO vehicleOdometerYear (year, startE1) VALUES (1899, 0)"),
        ("a year past 9999", "INSERT INTO vehicleOdometerYear (year, startE1) VALUES (10000, 0)"),
        ("a negative start", "INSERT INTO vehicleOdometerYear (year, startE1) VALUES (2025, -1)"),
        ("no start", "INSERT INTO vehicleOdometerYear (year, endE1) VALUES (2025, 10)"),
        ("an end below the start", "UPDATE vehicleOdometerYear SET endE1 = 412499 WHERE year = 2026"),
        ("a second row for a year", "INSERT INTO vehicleOdometerYear (year, startE1) VALUES (2026, 0)"),
        ("a real where tenths belong (STRICT)", "INSERT INTO vehicleOdometerYear (year, startE1) VALUES (2025, 41250.5)"),
        ("a payment of zero", "INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-04-14', 2026, 0)"),
        ("a negative payment", "INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-04-14', 2026, -1)"),
        ("a payment without an amount", "INSERT INTO taxPayment (paidOn, taxYear) VALUES ('2026-04-14', 2026)"),
        ("a payment without a date", "INSERT INTO taxPayment (taxYear, amountE4) VALUES (2026, 1)"),
        ("a date of another shape", "INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-4-14', 2026, 1)"),
        ("a date with a time", "INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-04-14 12:00', 2026, 1)"),
        ("a date that is not a day (February 30)", "INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-02-30', 2026, 1)"),
        ("a thirteenth month", "INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-13-01', 2026, 1)"),
        ("a tax year before 1900", "INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-04-14', 1899, 1)"),
        ("a tax year past 9999", "UPDATE taxPayment SET taxYear = 10000"),
        ("an empty note", "INSERT INTO taxPayment (paidOn, taxYear, amountE4, note) VALUES ('2026-04-14', 2026, 1, '')"),
        ("a real where an amount belongs (STRICT)", "INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-04-14', 2026, 8.5)"),
    ]

    @Test("raw SQL that breaks a v12 rule is refused and changes nothing", arguments: refused)
    func refusedAndUnchanged(rule: String, sql: String) throws {
        let store = try Store.inMemory()
        try store.setOdometerYear(2026, startTenths: 412_500, endTenths: 639_804)
        try store.addTaxPayment(paidOn: Self.day("2026-04-14"), taxYear: 2026, amount: money("850"))
        let error = try expectConstraint(in: store) { try store.connection.run(sql) }
        #expect(error?.sql == sql, "\(rule)")
    }

    @Test func checkListsAPaymentBeyondTheRecordableBoundAndPassesOtherwise() throws {
        let store = try Store.inMemory()
        try store.setOdometerYear(2026, startTenths: 412_500, endTenths: nil)
        try store.addTaxPayment(paidOn: Self.day("2026-04-14"), taxYear: 2026, amount: money("850"))
        #expect(try store.structuralFaults().isEmpty)
        try store.connection.run("INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-06-15', 2026, ?1)",
                                 [.integer(Money.largestRecordable.units + 1)])
        #expect(try store.structuralFaults() == [.amountBeyondRecordable(table: "taxPayment", id: 2, column: "amount")])
    }

    /// The step itself: a v11 store written by the historical opener, with a shift, its recorded
    /// miles and an expense, gains the two empty tables and keeps every row, after a backup.
    @Test func aV11StoreMigratesToV12KeepingItsRows() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        let before: [String]
        do {
            let old = try Store.openHistorical(at: path, version: 11)
            try old.connection.execute("""
                INSERT INTO shift (startedAtMs, endedAtMs, grossEarningsE4, recordedMilesE1, odometerStartE1, odometerEndE1)
                    VALUES (0, 3600000, 125000, 412, 123456, 123868);
                INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (0, 34590, 'fuel');
                """)
            #expect(try old.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name IN ('vehicleOdometerYear', 'taxPayment')") == .integer(0))
            before = try ["shift", "expense"].flatMap { table in
                try old.connection.query("SELECT * FROM \(table) ORDER BY id").map { "\(table): \($0.values.map(render))" }
            }
        }
        let store = try Store.open(at: path, create: false)
        #expect(store.migration.fromVersion == 11 && store.migration.toVersion == Schema.currentVersion)
        #expect(store.migration.appliedSteps.first == "0012 the odometer per year; estimated-tax payments")
        #expect(store.migration.backupPath == path + ".v11.bak")
        let after = try ["shift", "expense"].flatMap { table in
            try store.connection.query("SELECT * FROM \(table) ORDER BY id").map { "\(table): \($0.values.map(render))" }
        }
        #expect(after == before)
        #expect(try store.odometerYears().isEmpty && store.taxPayments().isEmpty)
        #expect(try store.structuralFaults().isEmpty)
        try store.setOdometerYear(2026, startTenths: 1, endTenths: 2)
        try store.addTaxPayment(paidOn: Self.day("2026-04-14"), taxYear: 2026, amount: money("1"))
        #expect(try store.counts().tables.filter { ["vehicleOdometerYear", "taxPayment"].contains($0.name) }.map(\.rows) == [1, 1])
    }
}
