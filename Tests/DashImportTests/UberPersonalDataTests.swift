@testable import DashImport
import DashModel
import Foundation
import Testing

/// Issue 14, "Uber: the 2025 personal-data download": the shipped `uber-driver-trips` and
/// `uber-driver-payments` read files with the real headers (docs/templates.md, "The Uber
/// templates"), on synthetic rows.
@Suite struct UberPersonalDataTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt
    static let tripsHeader = "Product Name,Status,Local Request Timestamp,Begin Trip Local Timestamp,Local Dropoff Timestamp,"
        + "Trip Distance (miles),Duration (Seconds),Local Base Fare,Local Original Fare,Local Cancellation Fee,Currency Code\n"
    static let paymentsHeader = "City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp\n"

    static func read(_ name: String, _ text: String, zone: TimeZone = chicago)
        throws -> (reader: ShiftRowReader, skipped: [String], problems: [String]) {
        var reader = ShiftRowReader(template: try #require(try StatementTemplate.builtIn(name)), zone: zone)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        return (reader, result.skipped.map { "\($0.line) \($0.reason)" }, result.problems.map(\.description))
    }

    static func instant(_ text: String) throws -> Instant {
        try TimeText.instant(text, zone: .gmt)
    }

    /// The `Z` is false: `2026-11-20T17:31:02.000Z` is 17:31 on the driver's clock, so 23:31 UTC
    /// in Chicago and 08:31 UTC in Tokyo; read as UTC it would be 17:31 UTC.
    @Test(arguments: [("America/Chicago", "2026-11-20T23:31:02Z"), ("Asia/Tokyo", "2026-11-20T08:31:02Z")])
    func theZIsALocalWallTime(zone: String, expected: String) throws {
        let result = try Self.read("uber-driver-trips", Self.tripsHeader
            + "UberEATS Marketplace,completed,2026-11-20T17:31:02.000Z,2026-11-20T17:40:15.000Z,2026-11-20T17:52:40.000Z,2.80,745,2.50,11.20,0.00,USD\n",
            zone: try #require(TimeZone(identifier: zone)))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let trip = try #require(result.reader.deliveries.first)
        #expect(trip.accepted == (try Self.instant(expected)))
        #expect(trip.delivered.millisecondsSinceEpoch - trip.accepted.millisecondsSinceEpoch == 1_298_000)
        #expect(trip.own == nil, "Local Original Fare is the rider's fare, never the driver's pay")
        #expect(trip.currency == "USD" && trip.keyIsDeclared)
    }

    /// The pattern still says what the cell looks like: a cell without its `Z` is refused.
    @Test func aCellWithoutItsZIsRefused() throws {
        let result = try Self.read("uber-driver-trips", Self.tripsHeader
            + "UberX,completed,2026-11-20T17:31:02.000,2026-11-20T17:40:15.000Z,2026-11-20T17:52:40.000Z,2.80,745,2.50,11.20,0.00,USD\n")
        #expect(result.problems.count == 1 && result.problems[0].hasPrefix("2: accepted:"), "\(result.problems)")
        #expect(result.problems[0].contains("'Z'"), "\(result.problems)")
    }

    /// Statuses (issue 27): completed is a trip; fare_split is one too when it stands alone (its
    /// completed row is elsewhere: TripShapeTests has the join); any other status (a cancelled
    /// or unfulfilled request) is a trip only when it was picked up, else skipped and reported
    /// (a cancellation's fee is a payments line).
    @Test func statusesDecideWhatIsATrip() throws {
        let result = try Self.read("uber-driver-trips", Self.tripsHeader + """
            UberX,completed,2026-11-20T17:31:02.000Z,2026-11-20T17:40:15.000Z,2026-11-20T17:52:40.000Z,2.80,745,2.50,11.20,0.00,USD
            UberX,rider_canceled,2026-11-20T17:58:00.000Z,,,0.00,0,0.00,0.00,2.00,USD
            UberX,driver_canceled,2026-11-20T18:01:00.000Z,,,0.00,0,0.00,0.00,0.00,USD
            UberX,unfulfilled,2026-11-20T18:02:00.000Z,,,0.00,0,0.00,0.00,0.00,USD
            UberX,fare_split,2026-11-20T18:05:10.000Z,2026-11-20T18:12:00.000Z,2026-11-20T18:29:55.000Z,3.40,1075,2.50,13.05,0.00,USD

            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.reader.deliveries.map(\.line) == [2, 6])
        #expect(result.skipped == (3...5).map {
            "\($0) status is not 'completed' or 'fare_split': never picked up, so no trip was driven (a fee paid for it is the payments file's)"
        })
    }

    /// Uber Reserve: requested at 19:50:00, picked up 19:40:28, dropped off 19:48:06 (the shape
    /// of a real row). The trip is accepted at its pickup, noted, not refused; its key is still
    /// its request time, which its payment lines carry.
    @Test func aReserveTripIsAcceptedAtItsPickup() throws {
        let result = try Self.read("uber-driver-trips", Self.tripsHeader + """
            UberX,completed,2026-11-21T19:50:00.000Z,2026-11-21T19:40:28.000Z,2026-11-21T19:48:06.000Z,4.10,458,5.00,18.40,0.00,USD
            UberX,completed,2026-11-21T20:05:00.000Z,2026-11-21T20:11:00.000Z,2026-11-21T20:30:00.000Z,2.00,1140,2.50,9.00,0.00,USD

            """)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let trips = result.reader.deliveries
        #expect(trips.map(\.accepted) == [try Self.instant("2026-11-22T01:40:28Z"), try Self.instant("2026-11-22T02:05:00Z")])
        #expect(trips[0].delivered == (try Self.instant("2026-11-22T01:48:06Z")))
        #expect(result.reader.acceptedAtPickup == [2])
        let lines = try Self.read("uber-driver-payments", Self.paymentsHeader + """
            Chicago,18.40,USD,x,driver_payment_fares,2026-11-21 19:50:00
            Chicago,-4.60,USD,x,commission,2026-11-21 19:50:00
            Chicago,9.00,USD,x,driver_payment_fares,2026-11-21 20:05:00

            """)
        #expect(lines.problems.isEmpty, "\(lines.problems)")
        #expect(lines.reader.moneyLines.map(\.tripKey) == [trips[0].recordKey, trips[0].recordKey, trips[1].recordKey])
    }

    /// Lines of one `Local Timestamp` are one trip, whatever their order in the file; the key is
    /// the instant to the second, so the trips file's `.000` fraction joins it.
    @Test func linesGroupIntoTripsByTheirTimestamp() throws {
        let result = try Self.read("uber-driver-payments", Self.paymentsHeader + """
            Chicago,6.80,USD,x,driver_payment_fares,2026-11-20 17:31:02
            Chicago,8.10,USD,x,driver_payment_fares,2026-11-20 18:05:10
            Chicago,2.00,USD,transport.misc.tip,tip,2026-11-20 17:31:02

            """)
        let keys = result.reader.moneyLines.map(\.tripKey)
        #expect(keys.count == 3 && keys[0] == keys[2] && keys[0] != keys[1])
        let at = try Self.instant("2026-11-20T23:31:02Z")
        #expect(keys[0] == ShiftRowReader.tripKey(platform: "Uber", trip: ShiftRowReader.tripID(requestedAt: at)))
        #expect(ShiftRowReader.tripID(requestedAt: Instant(millisecondsSinceEpoch: at.millisecondsSinceEpoch + 999))
            == ShiftRowReader.tripID(requestedAt: at))
        #expect(ShiftRowReader.tripID(requestedAt: Instant(millisecondsSinceEpoch: -1)) == "requested -1")
    }

    /// Every category seen in real files, by kind: fares, supplements and wait time are pay; the
    /// incentive an incentive; `tip` a tip; commissions and Uber's fees fees (signed as written);
    /// a negative fare line an adjustment. A payout-like category is skipped (a guard).
    @Test func categoriesByKind() throws {
        let categories = ["driver_payment_fares", "driver_payment", "driver_payment_charges", "existing_driver_incentive", "tip",
                          "commission", "commission_adjustment", "eats_commission", "uber_fee_driver", "eats_fee"]
        let amounts = ["7.00", "0.70", "0.45", "1.50", "2.00", "-1.75", "0.40", "-0.50", "-0.95", "-0.25"]
        var text = Self.paymentsHeader
        for (category, amount) in zip(categories, amounts) { text += "Chicago,\(amount),USD,x,\(category),2026-11-20 17:31:02\n" }
        text += "Chicago,-1.00,USD,x,driver_payment_fares,2026-11-20 17:31:02\nChicago,-30.00,USD,x,payout,2026-11-23 04:00:00\n"
        let result = try Self.read("uber-driver-payments", text)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.reader.moneyLines.map(\.kind) == [.pay, .pay, .pay, .incentive, .tip, .fee, .fee, .fee, .fee, .fee, .adjustment])
        #expect(result.skipped == ["13 category starts with 'payout'"])
        let lines = result.reader.moneyLines
        let gross = lines.filter { $0.kind != .fee }.reduce(0) { $0 + $1.amount.units }
        let fees = lines.compactMap { $0.amounts.fees?.units }.reduce(0, +)
        #expect(gross == 106_500 && fees == 30_500, "gross 10.65, fees 3.05")
        #expect(lines.reduce(0) { $0 + $1.amount.units } == gross - fees, "the lines sum to the net")
    }

    /// USD and MXN (both seen) in one trips file: refused naming both; a copy of the template
    /// that skips other currencies reads the USD rows.
    @Test func aTripsFileOfTwoCurrenciesIsRefused() throws {
        let text = Self.tripsHeader + """
            UberX,completed,2026-11-20T17:31:02.000Z,2026-11-20T17:40:15.000Z,2026-11-20T17:52:40.000Z,2.80,745,2.50,11.20,0.00,USD
            UberX,completed,2026-11-21T12:00:00.000Z,2026-11-21T12:05:00.000Z,2026-11-21T12:20:00.000Z,3.00,900,25.00,90.00,0.00,MXN

            """
        let refused = try Self.read("uber-driver-trips", text)
        #expect(refused.problems.count == 1 && refused.problems[0].contains("MXN and USD"), "\(refused.problems)")
        var json = try #require(StatementTemplate.builtInJSON["uber-driver-trips"])
        json = json.replacingOccurrences(of: #""distanceUnit": "miles","#,
                                         with: #""distanceUnit": "miles", "skip": [{"column": "currency", "unless": ["USD"]}],"#)
        var reader = ShiftRowReader(template: try StatementTemplate.parse(Array(json.utf8), file: "mine.json"), zone: Self.chicago)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let result = reader.finish()
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(reader.deliveries.count == 1 && result.skipped.map(\.reason) == ["currency is not 'usd'"])
    }

    struct BadKey: Sendable, CustomTestStringConvertible {
        let what: String, json: String, message: String
        var testDescription: String { what }
    }

    static let badKeys: [BadKey] = [
        BadKey(what: "ignoreZoneDesignator without a 'Z'",
               json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "ignoreZoneDesignator": true, "columns": {"accepted": "a", "delivered": "d"}}"#,
               message: "ignoreZoneDesignator needs a timeFormat that reads a quoted 'Z' and no numeric offset"),
        BadKey(what: "ignoreZoneDesignator with a numeric offset",
               json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mmXXX", "ignoreZoneDesignator": true, "columns": {"accepted": "a", "delivered": "d"}}"#,
               message: "ignoreZoneDesignator needs a timeFormat"),
        BadKey(what: "ignoreZoneDesignator not a Bool",
               json: #"{"name": "t", "kind": "deliveries", "timeFormat": "HH:mm'Z'", "dateFormat": "yyyy-MM-dd", "ignoreZoneDesignator": "yes", "columns": {"date": "x", "accepted": "a", "delivered": "d"}}"#,
               message: "ignoreZoneDesignator must be true or false"),
        BadKey(what: "tripFrom of a shifts template",
               json: #"{"name": "t", "kind": "shifts", "timeFormat": "yyyy-MM-dd HH:mm", "tripFrom": "time", "columns": {"start": "s", "end": "e"}}"#,
               message: "tripFrom is read only by a moneyLines or deliveries template"),
        BadKey(what: "tripFrom naming another field",
               json: #"{"name": "t", "kind": "moneyLines", "timeFormat": "yyyy-MM-dd HH:mm", "tripFrom": "accepted", "columns": {"time": "t", "amount": "a"}}"#,
               message: "tripFrom must be \"time\" in a moneyLines template"),
        BadKey(what: "tripFrom and a trip column",
               json: #"{"name": "t", "kind": "deliveries", "timeFormat": "yyyy-MM-dd HH:mm", "tripFrom": "accepted", "columns": {"trip": "id", "accepted": "a", "delivered": "d"}}"#,
               message: "tripFrom names the trip by a time; the template maps a trip column too"),
        BadKey(what: "money lines without trip or tripFrom",
               json: #"{"name": "t", "kind": "moneyLines", "timeFormat": "yyyy-MM-dd HH:mm", "columns": {"time": "t", "amount": "a"}}"#,
               message: "columns.trip is required"),
    ]

    @Test(arguments: badKeys)
    func badKeysAreRefusedNamingThem(_ bad: BadKey) {
        do {
            _ = try StatementTemplate.parse(Array(bad.json.utf8), file: "t.json")
            Issue.record("accepted: \(bad.what)")
        } catch {
            #expect("\(error)".contains(bad.message), "\(error)")
        }
    }
}
