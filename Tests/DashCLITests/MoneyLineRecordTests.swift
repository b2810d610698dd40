import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

// Money lines as a record (docs/record.md, docs/mileage.md), on MoneyLineImportTests' fixtures:
// undo of a trips file, hours timed by payments only, miles per platform.

/// Undoing the trips file that gave trips made from payment lines their times puts them back
/// where their lines alone put them (docs/record.md: undo is exact); undoing the payments file
/// instead leaves the trips file's trips, without pay, as that file alone makes them.
@Suite struct TripTimesUndoTests {
    @Test func undoingTheTripsFileGivesTheTripsTheirLinesTimesBack() throws {
        let store = try MoneyLineImportTests.store()
        let paymentsOnly = try MoneyLineImportTests.store()
        MoneyLineImportTests.statement(paymentsOnly, MoneyLineImportTests.week1)
        MoneyLineImportTests.statement(store, MoneyLineImportTests.week1)
        let before = try MoneyLineImportTests.deliveries(store)
        #expect(before == (try MoneyLineImportTests.deliveries(paymentsOnly)))
        let trips = MoneyLineImportTests.statement(store, MoneyLineImportTests.trips)
        #expect(trips.status == .success, "\(trips.stderr)")
        #expect(try MoneyLineImportTests.deliveries(store) != before)
        let undone = store.run("imports", "undo", "4")
        #expect(undone.status == .success, "\(undone.stderr)")
        #expect(try MoneyLineImportTests.deliveries(store) == before)
        #expect(store.run("check").status == .success)
    }

    @Test func undoingThePaymentsFileLeavesTheTripsFilesTrips() throws {
        let store = try MoneyLineImportTests.store()
        let tripsOnly = try MoneyLineImportTests.store()
        MoneyLineImportTests.statement(tripsOnly, MoneyLineImportTests.trips)
        MoneyLineImportTests.statement(store, MoneyLineImportTests.week1)
        MoneyLineImportTests.statement(store, MoneyLineImportTests.trips)
        let undone = store.run("imports", "undo", "3")
        #expect(undone.status == .success, "\(undone.stderr)")
        #expect(try MoneyLineImportTests.deliveries(store) == (try MoneyLineImportTests.deliveries(tripsOnly)))
        #expect(store.run("check").status == .success)
    }
}

/// Gap 8 of docs/record.md, closed: a shift made from payment lines alone lasts from its first
/// line to its last; the report says its hours are not time worked, and a trips file that gives
/// the trips their times (or a track) ends the note.
@Suite struct PaymentsOnlyHoursTests {
    @Test func theReportSaysWhichHoursComeFromPaymentsOnly() throws {
        let store = try CLIStore()
        let imported = MoneyLineImportTests.statement(store, MoneyLineImportTests.week1)
        #expect(imported.status == .success, "\(imported.stderr)")
        let report = store.run("report", "--range", "2026-11")
        #expect(report.status == .success)
        let said = report.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(said.contains("timed only by payment lines"), "\(report.stdout)")
        let json = store.run("report", "--range", "2026-11", "--format", "json")
        let total = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["total"] as? [String: Any]
        let timed = try #require(total?["shifts_timed_by_payments"] as? Int)
        #expect(timed >= 1)
        // The trips file gives the trips their times: no shift is timed by payments any more.
        let trips = MoneyLineImportTests.statement(store, MoneyLineImportTests.trips)
        #expect(trips.status == .success, "\(trips.stderr)")
        let after = store.run("report", "--range", "2026-11")
        #expect(!after.stdout.replacingOccurrences(of: "\n  ", with: " ").contains("timed only by payment lines"), "\(after.stdout)")
    }
}

/// Miles per platform through the binary (docs/mileage.md): with the Uber trips' times on the
/// sample lunch and late shifts, the report's JSON gives Uber's distance on trips, and with the
/// distance between trips it is the routes' distance.
@Suite struct PlatformMilesCLITests {
    @Test func tripDistanceAndBetweenTripsAreTheRoutesMiles() throws {
        let store = try MoneyLineImportTests.store()
        MoneyLineImportTests.statement(store, MoneyLineImportTests.week1)
        let trips = MoneyLineImportTests.statement(store, MoneyLineImportTests.trips)
        #expect(trips.status == .success, "\(trips.stderr)")
        let json = store.run("report", "--range", "2026-11", "--format", "json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let total = try #require(root["total"] as? [String: Any])
        let platforms = try #require(total["platforms"] as? [[String: Any]])
        let uber = try #require(platforms.first { ($0["platform"] as? String) == "Uber" })
        let onTrips = try #require(Double(uber["trip_distance"] as? String ?? ""))
        let between = try #require(Double(total["distance_between_trips"] as? String ?? ""))
        let miles = try #require(Double(total["miles"] as? String ?? ""))
        #expect(onTrips > 0 && between > 0)
        // Four places each: the sum agrees within their rounding.
        #expect(abs(onTrips + between - miles) < 0.0003, "\(onTrips) + \(between) against \(miles)")
    }
}
