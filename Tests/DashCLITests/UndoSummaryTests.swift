import Foundation
import Testing
import TestSupport

/// Issue 13, item 5 (the summary part): an undo names what it removed, every kind it touched.
/// Undoing a delivery log used to say "removed 0 shifts, 0 capture sessions, 0 route samples".
@Suite struct UndoSummaryTests {
    static func sample(_ name: String) -> String { Fixtures.packageRoot + "/SampleData/statements/" + name }

    @Test func aDeliveryLogsUndoNamesItsDeliveriesAndShifts() throws {
        let store = try CLIStore()
        let imported = store.run("import", "statement", Self.sample("delivery-log-2026-11-05.csv"), "--template", "delivery-log", "--create-shifts")
        try #require(imported.status == .success, "\(imported.stderr)")
        let undo = store.run("imports", "undo", "1")
        #expect(undo.stdout == "undid import 1 (delivery-log-2026-11-05.csv): removed 2 shifts, 4 deliveries\n", "\(undo.stdout)\(undo.stderr)")
        #expect(store.run("report", "--range", "2026-11", "--format", "csv").stdout.contains(",0,0,0,"))
    }

    /// `imports undo ID --dry-run` says what the undo would do and changes nothing.
    @Test func aDryRunUndoSaysWhatItWouldRemoveAndChangesNothing() throws {
        let store = try CLIStore()
        let imported = store.run("import", "statement", Self.sample("delivery-log-2026-11-05.csv"), "--template", "delivery-log", "--create-shifts")
        try #require(imported.status == .success, "\(imported.stderr)")
        let before = try store.dump()
        let preview = store.run("imports", "undo", "1", "--dry-run")
        #expect(preview.stdout == "dry run, nothing changed: undoing import 1 (delivery-log-2026-11-05.csv) would have removed 2 shifts, 4 deliveries\n",
                "\(preview.stdout)\(preview.stderr)")
        #expect(try store.dump() == before)
        #expect(store.run("imports", "undo", "1").stdout == "undid import 1 (delivery-log-2026-11-05.csv): removed 2 shifts, 4 deliveries\n")
    }

    @Test func aShiftLogsUndoSaysWhichEarningsWentBack() throws {
        let store = try CLIStore()
        // The first row's shift, entered by hand: the statement records earnings on it.
        store.run("shift", "add", "--start", "2026-11-05T16:40", "--end", "2026-11-05T18:06")
        let imported = store.run("import", "statement", Self.sample("shift-log-2026-11-02.csv"), "--template", "shift-log", "--create-shifts")
        try #require(imported.status == .success, "\(imported.stderr)")
        let undo = store.run("imports", "undo", "1")
        #expect(undo.status == .success, "\(undo.stderr)")
        #expect(undo.stdout.hasPrefix("undid import 1 (shift-log-2026-11-02.csv): removed "), "\(undo.stdout)")
        #expect(undo.stdout == "undid import 1 (shift-log-2026-11-02.csv): removed 2 shifts, 3 statement figures; earnings back to not recorded on 1 shift\n",
                "\(undo.stdout)")
        let shown = store.run("shift", "show", "1")
        #expect(shown.status == .success && !shown.stdout.contains("31.75"), "\(shown.stdout)")
        #expect(!undo.stdout.contains(" 0 "), "only what it touched: \(undo.stdout)")
    }

    @Test func moneyLinesAndExpensesAreNamed() throws {
        let store = try CLIStore()
        let payments = store.run("import", "statement", Self.sample("uber-payments-2026-11-09.csv"), "--template", "uber-payments", "--create-shifts")
        try #require(payments.status == .success, "\(payments.stderr)")
        #expect(store.run("imports", "undo", "1").stdout
            == "undid import 1 (uber-payments-2026-11-09.csv): removed 2 shifts, 3 deliveries, 3 money lines, 1 row of other income\n")
        let expenses = store.run("import", "expenses", Fixtures.packageRoot + "/SampleData/expenses/november-2026.csv")
        try #require(expenses.status == .success, "\(expenses.stderr)")
        #expect(store.run("imports", "undo", "2").stdout == "undid import 2 (november-2026.csv): removed 7 expenses\n")
    }
}
