@testable import DashCLI
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// DashPilot's own shipped templates against their samples in SampleData/ (the Uber ones are in
/// MoneyLineImportTests): exact figures, the totals rows reported, nil kept nil.
@Suite struct SampleStatementTests {
    static let folder = Fixtures.packageRoot + "/SampleData/"
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt

    @Test func theShiftLogsThenTheDeliveryLogGiveTheSampleWeek() throws {
        let store = try CLIStore()
        let shiftLogs = store.run(words: ["import", "statement", Self.folder + "statements/shift-log-2026-11-02.csv",
                                          Self.folder + "statements/shift-log-2026-11-07.csv", "--template", "shift-log"])
        #expect(shiftLogs.status == .success, "\(shiftLogs.stderr)")
        // The shared 2026-11-07 row counts once; each file's totals row is reported.
        #expect(shiftLogs.stdout.contains("shift-log-2026-11-02.csv: imported as import 1 (shift-log): 3 shifts created; earnings recorded on 3 shifts"))
        #expect(shiftLogs.stdout.contains("shift-log-2026-11-07.csv: imported as import 2 (shift-log): 2 shifts created; earnings recorded on 2 shifts; 1 row already recorded"))
        #expect(shiftLogs.stdout.components(separatedBy: "skipped line 5: date is 'Total'").count == 3)
        let opened = try Store.open(at: store.path, create: false)
        let shifts = try opened.shifts()
        #expect(shifts.map { TimeText.local($0.start, zone: Self.chicago) } == [
            "2026-11-05T16:40:00-06:00", "2026-11-06T16:45:00-06:00", "2026-11-07T17:05:00-06:00",
            "2026-11-08T20:25:00-06:00", "2026-11-13T11:00:00-06:00",
        ])
        #expect(try store.grosses() == ["31.75", "44.10", "28.60", "39.00", "35.20"])
        #expect(try store.countedTips() == ["9.50", "12.00", nil, "11.25", "8.00"])

        let deliveryLog = store.run(words: ["import", "statement", Self.folder + "statements/delivery-log-2026-11-05.csv",
                                            "--template", "delivery-log"])
        #expect(deliveryLog.status == .success, "\(deliveryLog.stderr)")
        #expect(deliveryLog.stdout.contains("4 deliveries added"))
        #expect(deliveryLog.stdout.contains("skipped line 6: date is 'Total'"))
        let first = try opened.deliveries(of: shifts[0].id), second = try opened.deliveries(of: shifts[1].id)
        #expect(first.map { $0.ownAmount?.amount.description } == ["7.25", "9.00"])
        #expect(second.map { $0.ownAmount?.amount.description } == ["8.10", "11.40"])
        // A blank tips cell is "not recorded", never 0.00.
        #expect(second.map { $0.ownAmount?.tips?.description } == [nil, "4.00"])
        #expect(try first.map { try opened.offer($0.offerID)?.platform } == ["DoorDash", "DoorDash"])
        // The shift's earnings are the statement's figure, untouched by its deliveries' pay.
        #expect(try store.grosses() == ["31.75", "44.10", "28.60", "39.00", "35.20"])
    }

    @Test func theExpensesSample() throws {
        let store = try CLIStore()
        let result = store.run(words: ["import", "expenses", Self.folder + "expenses/november-2026.csv"])
        #expect(result.status == .success, "\(result.stderr)")
        let expenses = try Store.open(at: store.path, create: false).expenses()
        #expect(expenses.map(\.amount.description) == ["38.90", "6.00", "4.25", "52.10", "19.99", "8.00", "0.00"])
        #expect(expenses.map(\.category) == ["fuel", "parking", "tolls", "fuel", "phone", "supplies", "carwash"])
        #expect(expenses.map(\.note) == ["half tank", "downtown lot", nil, "full tank", "data plan, November", "insulated bag strap",
                                         "free with fill-up"])
        // A category dashpilot does not know is kept as written and reads as other.
        #expect(expenses.last?.knownCategory == .other)
        #expect(expenses.map { TimeText.local($0.occurredAt, zone: Self.chicago).prefix(10) } == [
            "2026-11-05", "2026-11-07", "2026-11-12", "2026-11-14", "2026-11-16", "2026-11-18", "2026-11-20",
        ])
    }
}
