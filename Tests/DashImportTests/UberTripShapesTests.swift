@testable import DashImport
import DashModel
import Foundation
import Testing

/// Issue 27, "The real Uber files": the row shapes of `driver_lifetime_trips-0.csv` beyond one
/// completed trip each (docs/templates.md, "The Uber templates"), on synthetic rows: a shared
/// ride's `fare_split` rows, trips cancelled before and after their pickup, a blank currency,
/// and the platform's distance of each trip.
@Suite struct UberTripShapesTests {
    typealias Read = UberPersonalDataTests

    static func trips(_ rows: String) throws -> (reader: ShiftRowReader, skipped: [String], problems: [String]) {
        try Read.read("uber-driver-trips", Read.tripsHeader + rows)
    }

    /// A shared ride: one completed row and two fare_split rows of the same request, pickup and
    /// drop-off, the distance rounded differently (a real ride's shares wrote six places; two
    /// here, so the winner shows), before, between or after the completed row. One trip, the
    /// completed row's, with its distance; noted.
    @Test(arguments: [0, 1, 2])
    func aSharedRideIsOneTrip(completedAt position: Int) throws {
        var rows = [
            "UberX,fare_split,2026-11-20T09:40:15.000Z,2026-11-20T09:51:53.000Z,2026-11-20T09:55:44.000Z,0.73,231,0.1,11.44,0.0,USD",
            "UberX,fare_split,2026-11-20T09:40:15.000Z,2026-11-20T09:51:53.000Z,2026-11-20T09:55:44.000Z,0.73,231,0.1,11.44,0.0,USD",
        ]
        rows.insert("UberX,completed,2026-11-20T09:40:15.000Z,2026-11-20T09:51:53.000Z,2026-11-20T09:55:44.000Z,0.7311177103350521,231,0.1,11.44,0.0,USD",
                    at: position)
        let other = "UberX,completed,2026-11-20T10:10:00.000Z,2026-11-20T10:15:00.000Z,2026-11-20T10:30:00.000Z,3.5,900,0.1,15.00,0.0,USD"
        let result = try Self.trips((rows + [other]).joined(separator: "\n") + "\n")
        #expect(result.problems.isEmpty, "\(result.problems)")
        let trips = result.reader.deliveries
        #expect(trips.map(\.line) == [2 + position, 5], "the completed row stands for the ride")
        // 0.7311177103350521 miles: 1,176,620 mm (the shares' 0.73: 1,174,821).
        #expect(trips.first?.distanceMillimetres == 1_176_620)
        #expect(trips.last?.distanceMillimetres == 5_632_704)
        #expect(result.reader.sharedRideRows == [2, 3, 4].filter { $0 != 2 + position })
        #expect(result.skipped.isEmpty)
    }

    /// A fare_split row whose completed row is in no file of the download (the shape the
    /// shipped sample has): it was driven, so it is the trip.
    @Test func aShareAloneIsTheTrip() throws {
        let result = try Self.trips("""
            UberX,fare_split,2026-11-21T18:20:45.000Z,2026-11-21T18:31:00.000Z,2026-11-21T18:47:30.000Z,2.60,990,2.50,12.10,0.00,USD
            UberX,fare_split,2026-11-21T18:20:45.000Z,2026-11-21T18:31:00.000Z,2026-11-21T18:47:30.000Z,2.5,990,2.50,12.10,0.00,USD

            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.reader.deliveries.map(\.line) == [2])
        #expect(result.reader.deliveries.first?.distanceMillimetres == 4_184_294, "2.60 miles, the first share's")
        #expect(result.reader.sharedRideRows == [3])
    }

    /// Rows of one request time with other times are not a shared ride: both stay, and the
    /// import refuses the second ("the same trip as line N", Tests/DashIngestTests); so do two
    /// completed rows of one request.
    @Test func sameRequestOtherTimesStayTwoRows() throws {
        let result = try Self.trips("""
            UberX,completed,2026-11-20T09:40:15.000Z,2026-11-20T09:51:53.000Z,2026-11-20T09:55:44.000Z,0.5,231,0.1,11.44,0.0,USD
            UberX,fare_split,2026-11-20T09:40:15.000Z,2026-11-20T09:51:53.000Z,2026-11-20T09:59:00.000Z,0.5,231,0.1,11.44,0.0,USD
            UberX,completed,2026-11-20T09:40:15.000Z,2026-11-20T09:51:53.000Z,2026-11-20T09:55:44.000Z,0.5,231,0.1,11.44,0.0,USD

            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.reader.deliveries.map(\.line) == [2, 3, 4])
        #expect(result.reader.sharedRideRows.isEmpty)
    }

    /// Cancelled rows (shapes of real rows): after the pickup with a distance and no drop-off,
    /// a trip ending at the pickup; before it (no begin time, distance 0.0, a cancellation fee
    /// the rider was charged), skipped and reported. Any status but completed and fare_split
    /// reads so, `unfulfilled` and a status no file showed yet alike.
    @Test func aCancelledTripIsATripOnlyOncePickedUp() throws {
        let result = try Self.trips("""
            Mid-Tier,rider_canceled,2026-11-20T01:20:42.000Z,2026-11-20T01:25:18.000Z,,0.3732765577632671,96,0.11,14.97,0.0,USD
            UberX,rider_canceled,2026-11-20T02:00:00.000Z,,,0.0,0,0.0,0.0,5.1,USD
            UberX,driver_canceled,2026-11-20T02:10:00.000Z,,,0.0,0,0.0,0.0,0.0,USD
            UberX,some_new_status,2026-11-20T02:20:00.000Z,2026-11-20T02:25:00.000Z,2026-11-20T02:40:00.000Z,4.0,900,0.1,12.0,0.0,USD

            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let trips = result.reader.deliveries
        #expect(trips.map(\.line) == [2, 5])
        #expect(trips.first?.accepted == (try Read.instant("2026-11-20T07:20:42Z")))
        #expect(trips.first?.delivered == (try Read.instant("2026-11-20T07:25:18Z")), "ends at its pickup")
        #expect(trips.first?.distanceMillimetres == 600_730)
        #expect(result.reader.cancelledAfterPickup == [2])
        #expect(result.skipped.map { String($0.prefix(2)) } == ["3 ", "4 "])
        #expect(result.skipped.allSatisfy { $0.hasSuffix("never picked up, so no trip was driven (a fee paid for it is the payments file's)") })
    }

    /// Real rows of Uber's item deliveries have a blank currency and blank fares: read as a trip
    /// of the file's currency (the other rows').
    @Test func aBlankCurrencyAndFaresAreRead() throws {
        let result = try Self.trips("""
            RiderItemDelivery,completed,2026-11-20T16:12:59.000Z,2026-11-20T16:14:45.000Z,2026-11-20T16:39:13.000Z,7.47,1562,,,0.0,
            UberX,completed,2026-11-20T17:00:00.000Z,2026-11-20T17:05:00.000Z,2026-11-20T17:20:00.000Z,3.0,900,0.1,12.0,0.0,USD

            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.reader.deliveries.map(\.currency) == [nil, "USD"])
        #expect(result.reader.deliveries.map(\.distanceMillimetres) == [12_021_800, 4_828_032])
    }

    /// Distances: exact to the millimetre from the decimal text (a mile is 1,609,344 mm), in
    /// miles or km, with the template's decimal mark; blank is not reported (nil, never 0).
    @Test(arguments: [
        ("4.751318154447873", TripDistanceUnit.miles, DecimalMark.point, Int64(7_646_505)),
        ("0", .miles, .point, 0), ("1000", .miles, .point, 1_609_344_000), (".5", .miles, .point, 804_672),
        ("12,5", .km, .comma, 12_500_000), ("0.0000000004", .miles, .point, 0), ("0.0000003", .miles, .point, 0),
        ("0.0000004", .km, .point, 0), ("0.0000005", .km, .point, 1),
    ])
    func distancesAreExact(text: String, unit: TripDistanceUnit, mark: DecimalMark, millimetres: Int64) {
        #expect(TripDistanceText.millimetres(text, unit: unit, mark: mark) == .success(millimetres))
    }

    /// A cell that is not a plain number of at most 1,000 miles is refused naming its line and
    /// column and its shape, never its text.
    @Test func aBadDistanceIsRefusedWithoutItsText() throws {
        let result = try Self.trips("""
            UberX,completed,2026-11-20T17:00:00.000Z,2026-11-20T17:05:00.000Z,2026-11-20T17:20:00.000Z,Main St,900,0.1,12.0,0.0,USD
            UberX,completed,2026-11-20T18:00:00.000Z,2026-11-20T18:05:00.000Z,2026-11-20T18:20:00.000Z,-3.0,900,0.1,12.0,0.0,USD
            UberX,completed,2026-11-20T19:00:00.000Z,2026-11-20T19:05:00.000Z,2026-11-20T19:20:00.000Z,1000.01,900,0.1,12.0,0.0,USD

            """)
        #expect(result.problems.count == 3, "\(result.problems)")
        #expect(result.problems.first == "2: distance: not a distance (7 characters: letters and a space): write a number such as 4.75, never below zero")
        #expect(result.problems.dropFirst().first?.hasPrefix("3: distance: not a distance (4 characters: digits, '-' and '.')") == true,
                "\(result.problems)")
        #expect(result.problems.last == "4: distance: a trip of more than 1000 miles (1609.344 km): is it another column?")
        #expect(!result.problems.joined().contains("Main"))
    }

    static let badKeys: [UberPersonalDataTests.BadKey] = [
        .init(what: "a distance column without its unit",
              json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"accepted": "a", "delivered": "d", "distance": "km"}}"#,
              message: "distanceUnit is required of a template that reads a distance"),
        .init(what: "a unit without a distance column",
              json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "distanceUnit": "km", "columns": {"accepted": "a", "delivered": "d"}}"#,
              message: "distanceUnit names the unit of a distance column"),
        .init(what: "an unknown unit",
              json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "distanceUnit": "furlongs", "columns": {"accepted": "a", "delivered": "d", "distance": "x"}}"#,
              message: "distanceUnit must be \"miles\" or \"km\""),
        .init(what: "sharedRideWhen without a trip key",
              json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "sharedRideWhen": {"column": "status", "values": ["split"]}, "columns": {"accepted": "a", "delivered": "d", "status": "s"}}"#,
              message: "sharedRideWhen joins a shared ride's rows by their trip"),
        .init(what: "cancelledWhen without a pickedUp column",
              json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "cancelledWhen": {"column": "status", "values": ["x"]}, "columns": {"accepted": "a", "delivered": "d", "status": "s"}}"#,
              message: "cancelledWhen reads a cancelled trip by its pickup time"),
        .init(what: "a trips key in a money-lines template",
              json: #"{"name": "t", "kind": "moneyLines", "timeFormat": "yyyy-MM-dd HH:mm", "tripFrom": "time", "cancelledWhen": {"column": "status", "values": ["x"]}, "columns": {"time": "t", "amount": "a", "status": "s"}}"#,
              message: "cancelledWhen is read only by a deliveries template"),
        .init(what: "a distance column in a shifts template",
              json: #"{"name": "t", "kind": "shifts", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"start": "s", "end": "e", "distance": "d"}}"#,
              message: "columns.distance is not a column of a shifts template"),
    ]

    @Test(arguments: badKeys)
    func badKeysAreRefusedNamingThem(_ bad: UberPersonalDataTests.BadKey) {
        do {
            _ = try StatementTemplate.parse(Array(bad.json.utf8), file: "t.json")
            Issue.record("accepted: \(bad.what)")
        } catch {
            #expect("\(error)".contains(bad.message), "\(error)")
        }
    }
}
