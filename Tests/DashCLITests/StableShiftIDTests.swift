import DashStore
import Foundation
import Testing
import TestSupport

/// Issue 27, item 5: a shift keeps its id while it stands for the same work (docs/record.md,
/// "Evidence and shifts"; docs/shifts-from-evidence.md, "Ids"). Uber's payments file made shifts
/// 133-138 at the trips' request times; the trips file that gave those trips their times made
/// them again as 139-144, and `imports` said "12 shifts created" for 6.
@Suite struct StableShiftIDTests {
    static let paymentsHeader = "City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp\n"
    static let tripsHeader = "Product Name,Status,Local Request Timestamp,Begin Trip Local Timestamp,Local Dropoff Timestamp,"
        + "Trip Distance (miles),Duration (Seconds),Local Base Fare,Local Original Fare,Local Cancellation Fee,Currency Code\n"

    /// Three trips on 20 November (Chicago): two at 17:31 and 17:58 (one shift from their
    /// payments), one at 20:30 (a shift of its own).
    static let payments = paymentsHeader + """
        Chicago,6.80,USD,sample.eats.fare,driver_payment_fares,2026-11-20 17:31:02
        Chicago,2.00,USD,transport.misc.tip,tip,2026-11-20 17:31:02
        Chicago,7.10,USD,sample.eats.fare,driver_payment_fares,2026-11-20 17:58:00
        Chicago,8.00,USD,sample.eats.fare,driver_payment_fares,2026-11-20 20:30:00

        """

    /// The same trips with their times: each shift grows to its last drop-off.
    static let trips = tripsHeader + """
        UberEATS Marketplace,completed,2026-11-20T17:31:02.000Z,2026-11-20T17:40:15.000Z,2026-11-20T17:52:40.000Z,2.80,745,2.50,11.20,0.00,USD
        UberEATS Marketplace,completed,2026-11-20T17:58:00.000Z,2026-11-20T18:05:00.000Z,2026-11-20T18:21:00.000Z,3.10,960,2.50,9.00,0.00,USD
        UberEATS Marketplace,completed,2026-11-20T20:30:00.000Z,2026-11-20T20:36:00.000Z,2026-11-20T20:52:00.000Z,1.90,960,2.50,8.00,0.00,USD

        """

    static func write(_ store: CLIStore, _ name: String, _ text: String) throws -> String {
        let path = store.folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    static func importFile(_ store: CLIStore, _ name: String, _ text: String, template: String) throws -> CLIResult {
        let result = store.run("import", "statement", try write(store, name, text), "--template", template)
        #expect(result.status == .success, "\(name): \(result.stderr)")
        return result
    }

    /// Every shift as "ID START END DELIVERIES", by id.
    static func shifts(_ store: CLIStore) throws -> [String] {
        let direct = try store.direct()
        return try direct.shifts().sorted { $0.id < $1.id }.map { shift in
            "\(shift.id) \(shift.start) \(shift.end.map { "\($0)" } ?? "-") \(try direct.deliveries(of: shift.id).count)"
        }
    }

    @Test func theTripsFileKeepsThePaymentsShiftsIds() throws {
        let store = try CLIStore()
        try Self.importFile(store, "driver_payments-0.csv", Self.payments, template: "uber-driver-payments")
        let made = try Self.shifts(store)
        #expect(made == ["1 2026-11-20T23:31:02Z 2026-11-20T23:58:00.001Z 2", "2 2026-11-21T02:30:00Z 2026-11-21T02:30:01Z 1"])
        let trips = try Self.importFile(store, "driver_lifetime_trips-0.csv", Self.trips, template: "uber-driver-trips")
        #expect(!trips.stdout.contains("created"), "\(trips.stdout)")
        #expect(try Self.shifts(store) == ["1 2026-11-20T23:31:02Z 2026-11-21T00:21:00Z 2", "2 2026-11-21T02:30:00Z 2026-11-21T02:52:00Z 1"])
        #expect(store.run("shift", "show", "1").status == .success)
        #expect(store.run("shift", "show", "2").status == .success)
        // Listed once, under the payments file: the trips file made none.
        let list = store.run("imports").stdout.split(separator: "\n")
        #expect(list.filter { $0.contains("shifts created") }.count == 1, "\(list)")
        #expect(list.first { $0.contains("driver_payments-0.csv") }?.contains("2 shifts created") == true, "\(list)")
        // Undone, the trips go back to their lines' times on the same shifts.
        #expect(store.run("imports", "undo", "2").status == .success)
        #expect(try Self.shifts(store) == made)
        #expect(store.run("check").status == .success)
    }

    /// A shift log whose row bridges the two payments shifts joins them into the older, 1; undone,
    /// shift 2 comes back with its own trip, and `imports` counts what the record holds each time.
    @Test func undoingTheImportThatJoinedTwoShiftsGivesBothIdsBack() throws {
        let store = try CLIStore()
        try Self.importFile(store, "driver_payments-0.csv", Self.payments, template: "uber-driver-payments")
        let made = try Self.shifts(store)
        let bridge = "Date,Start,End,Platform,Earnings,Tips\n2026-11-20,18:30,20:00,DoorDash,40.00,5.00\n"
        try Self.importFile(store, "shift-log.csv", bridge, template: "shift-log")
        let joinedUp = try Self.shifts(store)
        // (The shift row is its only solid evidence: money lines never stretch a shift.)
        #expect(joinedUp == ["1 2026-11-21T00:30:00Z 2026-11-21T02:30:00.001Z 3"], "\(joinedUp)")
        #expect(store.run("shift", "show", "2").status != .success)
        let list = store.run("imports").stdout.split(separator: "\n")
        #expect(list.first { $0.contains("driver_payments-0.csv") }?.contains("1 shift created") == true, "\(list)")
        #expect(list.first { $0.contains("shift-log.csv") }?.contains("created") == false, "\(list)")
        let undone = store.run("imports", "undo", "2")
        #expect(undone.status == .success, "\(undone.stderr)")
        #expect(try Self.shifts(store) == made)
        #expect(store.run("shift", "show", "2").status == .success)
        #expect(store.run("imports").stdout.contains("2 shifts created"))
        #expect(store.run("check").status == .success)
        // Imported again, it joins them again; both undone, the store holds nothing.
        try Self.importFile(store, "shift-log.csv", bridge, template: "shift-log")
        #expect(try Self.shifts(store).map { $0.prefix(2) } == ["1 "])
        #expect(store.run("imports", "undo", "1").status == .success)
        #expect(store.run("imports", "undo", "3").status == .success)
        #expect(try store.direct().connection.scalar("SELECT count(*) FROM joinedShift")?.int64 == 0)
    }

    /// Deleting the shift another was joined into forgets that one with the work (the store then
    /// holds nothing of it).
    @Test func deletingTheJoinedShiftForgetsTheOneJoinedIntoIt() throws {
        let store = try CLIStore()
        try Self.importFile(store, "driver_payments-0.csv", Self.payments, template: "uber-driver-payments")
        try Self.importFile(store, "shift-log.csv", "Date,Start,End,Platform,Earnings,Tips\n2026-11-20,18:30,20:00,DoorDash,40.00,5.00\n",
                            template: "shift-log")
        #expect(try store.direct().connection.scalar("SELECT count(*) FROM joinedShift")?.int64 == 1)
        let deleted = store.run("shift", "delete", "1", "--yes")
        #expect(deleted.status == .success, "\(deleted.stderr)")
        #expect(try store.direct().connection.scalar("SELECT count(*) FROM joinedShift")?.int64 == 0)
    }
}
