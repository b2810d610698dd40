@testable import DashImport
import DashModel
import Foundation
import Testing

/// Record keys ignore letter case (docs/record.md, "Any order"), and every row whose folded key
/// differs from the key earlier builds gave it carries that key, bit for bit, as `legacyRecordKey`.
@Suite struct RecordKeyCaseTests {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt

    static func read(_ name: String, _ text: String) throws -> ShiftRowReader {
        try read(try #require(try StatementTemplate.builtIn(name)), text)
    }

    /// The shipped `uber-driver-payments` of 07b497f, whose keys are pinned below.
    static let earlierDriverPayments = #"""
        {"name": "uber-driver-payments", "kind": "moneyLines", "platform": "Uber", "timeFormat": "yyyy-MM-dd HH:mm:ss",
         "columns": {"trip": ["trip uuid"], "time": ["local timestamp"], "amount": ["local amount"], "currency": ["currency code"],
                     "category": ["category"], "description": ["classification"]},
         "tipsAre": "onTop", "tipsWhen": {"column": "category", "values": ["tip", "tips"]},
         "skip": [{"column": "description", "values": ["payout*"]}]}
        """#

    static func read(_ template: StatementTemplate, _ text: String) throws -> ShiftRowReader {
        var reader = ShiftRowReader(template: template, zone: chicago)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        let problems = reader.finish().problems
        #expect(problems.isEmpty, "\(problems)")
        return reader
    }

    static func expenses(_ text: String) throws -> [ExpenseRow] {
        var reader = ExpenseRowReader(template: try ExpenseTemplate.builtIn(), zone: chicago)
        Array(text.utf8).withUnsafeBytes { reader.feed($0) }
        return reader.finish().rows
    }

    // Keys printed by the readers of 07b497f (main before issue 13's readers) for these rows.
    static let pinnedDelivery = "fc9da7542cedb2e65016d4aff357c76819af028397977fa3282da01eb62326c8"
    static let pinnedDelivery2 = "93e66d2e0a7bb3d6b7da72e0208487388a4b97ccd51d26d5371b08eb0cb5bead"
    static let pinnedTrip = "728e24e6833f29a86b35344dcf70928996b892e9cb6b4714ba7cc5b9d9f99f16"
    static let pinnedLine = "d8d41e5db2252e987c4493a9872aa71d4b72a6c6c2a7b4645eddc501f2ff9429"
    static let pinnedLineTrip = "692886b79d5cfc94ce03c1fb9e55a01e0833a4c5beda4c526a15a172da69b220"
    static let pinnedContentLine = "9de6fad69c40fb1a663922ed84378929688df54870a948c8d711dc594c5e3361"
    static let pinnedContentLineTrip = "fa771eec52011538de7331c55bdb7567d45fa91540159134807a546d8eaadd2f"
    static let pinnedExpense = "7f36528964bd0f0cf8e75aa5508432519a992242b292ce30117ca2e7e17f4cc7"
    static let pinnedExpense2 = "73beccd57cbb807f7c3f1fda32f42e90934b2ff4ea044d4befa4e9b7e7b218f1"

    @Test func deliveriesKeepTheirEarlierKeys() throws {
        let reader = try Self.read("delivery-log", """
            Date,Accepted,Delivered,Platform,Pay,Tips,Pickup
            2026-11-05,16:50,17:12,DoorDash,7.25,2.50,Taco Joint
            2026-11-06,17:00,17:31,Uber Eats,8.10,,Burger Bar

            """)
        #expect(reader.deliveries.map { $0.legacyRecordKey?.hex } == [Self.pinnedDelivery, Self.pinnedDelivery2])
        #expect(reader.deliveries.allSatisfy { $0.recordKey != $0.legacyRecordKey })
        let lower = try Self.read("delivery-log", "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n2026-11-05,16:50,17:12,doordash,7.25,2.50,taco joint\n")
        // Already folded: the earlier key is the key, and no legacy key is given.
        #expect(lower.deliveries.first?.recordKey == reader.deliveries.first?.recordKey)
        #expect(lower.deliveries.first?.legacyRecordKey == nil)
    }

    @Test func tripsAndLinesKeepTheirEarlierKeys() throws {
        let trips = try Self.read("uber-trips", """
            Trip UUID,Trip request time,Trip drop off time,Trip status
            5d1e0a2c-0001-4f6b-9a51-7c2e10000001,2026-11-14 10:55:12,2026-11-14 11:21:40,completed

            """)
        let trip = try #require(trips.deliveries.first)
        #expect(trip.legacyRecordKey?.hex == Self.pinnedTrip)
        #expect(trip.recordKey == ShiftRowReader.tripKey(platform: "uber", trip: "5D1E0A2C-0001-4F6B-9A51-7C2E10000001"))
        let lines = try Self.read("uber-payments", """
            transaction UUID,Trip UUID,Description,vs reporting,Paid to you:Your earnings,Paid to you:Your earnings:Tip
            7f0c0000-0002-4e1a-8b00-000000000002,5d1e0a2c-0002-4f6b-9a51-7c2e10000002,trip completed order,2026-11-14 11:58:35.004 -0600 CST,12.40,3.00

            """)
        let line = try #require(lines.moneyLines.first)
        #expect(line.legacyRecordKey?.hex == Self.pinnedLine)
        #expect(line.legacyTripKey?.hex == Self.pinnedLineTrip)
        // The content-keyed lines of the earlier `uber-driver-payments` layout (a trip id
        // column; replaced by the real 2025 file's, which has none), as a driver's own template.
        let earlier = try StatementTemplate.parse(Array(Self.earlierDriverPayments.utf8), file: "mine.json")
        let content = try Self.read(earlier, """
            City Name,Trip UUID,Local Amount,Currency Code,Classification,Category,Local Timestamp
            Chicago,9b2f0d10-0001-4c3a-b000-000000000001,2.00,USD,trip,tip,2026-11-21 17:58:12

            """)
        let contentLine = try #require(content.moneyLines.first)
        #expect(contentLine.legacyRecordKey?.hex == Self.pinnedContentLine)
        #expect(contentLine.legacyTripKey?.hex == Self.pinnedContentLineTrip)
        #expect(contentLine.recordKey != contentLine.legacyRecordKey && contentLine.tripKey != contentLine.legacyTripKey)
    }

    @Test func expensesKeepTheirEarlierKeys() throws {
        let rows = try Self.expenses("Date,Amount,Category,Note\n2026-11-07,\"$6.00\",parking,downtown lot\n2026-11-12,4.25,tolls,\n")
        #expect(rows.map(\.recordKey.hex) == [Self.pinnedExpense, Self.pinnedExpense2], "all lower case: the key is the earlier one")
        #expect(rows.allSatisfy { $0.legacyRecordKey == nil })
        let capital = try Self.expenses("Date,Amount,Category,Note\n2026-11-07,6.00,Parking,Downtown Lot\n2026-11-12,4.25,TOLLS,\n")
        #expect(capital.map(\.recordKey.hex) == [Self.pinnedExpense, Self.pinnedExpense2])
        #expect(capital.map { $0.legacyRecordKey != nil } == [true, true])
        #expect(capital.first?.category == "Parking" && capital.first?.note == "Downtown Lot", "kept as written; only the key folds")
    }

    /// The fast path folds exactly as `PickupPlace.matchKey` does, on every short ASCII string of
    /// tricky characters and on text that is not ASCII.
    @Test func foldingIsMatchKeys() {
        let alphabet: [Character] = ["a", "Z", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{1F}", "-", "0"]
        var checked = 0
        for a in alphabet { for b in alphabet { for c in alphabet {
            let text = String([a, b, c])
            #expect(KeyText.fold(text) == PickupPlace.matchKey(text), "\(text.unicodeScalars.map(\.value))")
            checked += 1
        } } }
        #expect(checked == 1_331)
        for text in ["DoorDash", " Uber Eats ", "\r\nX\r\n", "CAFÉ", "Cafe\u{301}", "ÅNGSTRÖM", "İstanbul", "ß", "\u{00A0}x\u{00A0}", "", "already"] {
            #expect(KeyText.fold(text) == PickupPlace.matchKey(text), "\(text)")
        }
        #expect(KeyText.fold("DoorDash") == "doordash")
    }
}
