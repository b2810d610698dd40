import DashModel
import DashStore
import SQLiteKit
import Testing

/// The schema backs the model: raw SQL that breaks a rule is refused by a CHECK, a trigger, a
/// foreign key or STRICT typing, and changes nothing.
@Suite("schema constraints refuse bad raw SQL")
struct SchemaConstraintTests {
    /// A store with valid raw rows to break: shift 1 completed [1000, 9000) with a pause
    /// [2000, 3000), a parked stretch [4000, 5000), offer 1 with delivery 1, a capture session
    /// with one sample; offer 2 with delivery 2, whose pay is one money line of import 1; shift 2
    /// active from 10000, with a capture session keeping one position aside.
    private func baseline() throws -> Store {
        let store = try Store.inMemory()
        try store.connection.execute("""
            INSERT INTO shift (id, startedAtMs, endedAtMs, grossEarningsE4, platformTipsE4, fuelMpgE4, fuelPricePerGallonE4)
                VALUES (1, 1000, 9000, 500000, 100000, 275000, 34590);
            INSERT INTO shift (id, startedAtMs) VALUES (2, 10000);
            INSERT INTO shiftPause (shiftId, startedAtMs, endedAtMs) VALUES (1, 2000, 3000);
            INSERT INTO routeSuspension (shiftId, startedAtMs, endedAtMs) VALUES (1, 4000, 5000);
            INSERT INTO offer (id, acceptedAtMs, platform) VALUES (1, 1500, 'DoorDash');
            INSERT INTO pickupPlace (id, name, matchKey) VALUES (1, 'Café', 'café');
            INSERT INTO delivery (id, shiftId, offerId, acceptedAtMs, pickedUpAtMs, deliveredAtMs, ownAmountE4, platformTipsE4, pickupPlaceId)
                VALUES (1, 1, 1, 1500, 1600, 1700, 80000, 30000, 1);
            INSERT INTO deliveryTip (deliveryId, amountE4, method, recordedAtMs) VALUES (1, 50000, 'cash', 1800);
            INSERT INTO captureSession (id, shiftId, startedAtMs, source) VALUES (1, 1, 1000, 'a.gpx');
            INSERT INTO captureSession (id, shiftId, startedAtMs, source) VALUES (2, 2, 10000, 'b.gpx');
            INSERT INTO routeSample (id, shiftId, captureSessionId, recordedAtMs, latitude, longitude) VALUES (1, 1, 1, 1100, 41.9, -87.6);
            INSERT INTO routeSampleSequence (id, next) VALUES (1, 2);
            INSERT INTO routeSampleAside (captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM) VALUES (2, 10100, 41.9, -87.5, 4);
            INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (1000, 0, 'parking');
            INSERT INTO importRecord (kind, fileName, sha256, importedAtMs, summary)
                VALUES ('gpx', 'a.gpx', '\(String(repeating: "0123456789abcdef", count: 4))', 1, '1 shift');
            INSERT INTO offer (id, acceptedAtMs, platform) VALUES (2, 6000, 'Uber');
            INSERT INTO delivery (id, shiftId, offerId, acceptedAtMs, deliveredAtMs, ownAmountE4, importId) VALUES (2, 1, 2, 6000, 6000, 98700, 1);
            INSERT INTO deliveryLine (deliveryId, importId, recordKey, occurredAtMs, amountE4, tipsE4)
                VALUES (2, 1, '\(String(repeating: "ab", count: 32))', 6000, 98700, NULL);
            INSERT INTO importRecord (kind, fileName, sha256, importedAtMs, summary)
                VALUES ('statement', 'b.csv', '\(String(repeating: "fedcba9876543210", count: 4))', 2, 'held');
            INSERT INTO shiftEarning (id, shiftId, platform, platformKey, startedAtMs, endedAtMs, grossE4, tipsE4, importId, recordKey)
                VALUES (1, 1, 'DoorDash', 'doordash', 1000, 9000, 500000, 100000, 1, '\(String(repeating: "cd", count: 32))');
            INSERT INTO importHolding (entity, rowId, importId) VALUES ('shiftEarning', 1, 2);
            INSERT INTO deliveryReplaced (deliveryId, replacedByImportId, figureOfImportId, ownAmountE4, platformTipsE4, feesE4)
                VALUES (1, 2, 1, 70000, 30000, NULL);
            INSERT INTO vehicleDefault (id, fuelMpgE4, fuelPricePerGallonE4, setAtMs) VALUES (1, 300000, 31000, 1);
            UPDATE shift SET recordedMilesE1 = 412, odometerStartE1 = 123456, odometerEndE1 = 123868 WHERE id = 1;
            INSERT INTO vehicleOdometerYear (year, startE1, endE1) VALUES (2026, 412500, 639804);
            INSERT INTO taxPayment (paidOn, taxYear, amountE4) VALUES ('2026-04-14', 2026, 8500000);
            INSERT INTO otherIncome (id, occurredAtMs, amountE4, platform, platformKey, kind, importId, recordKey)
                VALUES (1, 9500, 514700, 'Uber', 'uber', 'quest', 1, '\(String(repeating: "9a", count: 32))');
            INSERT INTO importHolding (entity, rowId, importId) VALUES ('otherIncome', 1, 2);
            INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES (2, 2, 5632704);
            """)
        return store
    }

    @Test("the baseline rows are valid: the refusals below are about the rule, not the fixture")
    func baselineIsValid() throws {
        let store = try baseline()
        #expect(try store.structuralFaults() == [])
        #expect(try store.counts().tables.allSatisfy { $0.rows >= 1 })
        #expect(try store.shift(1)?.fuel?.pricePerGallon == (try money("3.459")))
    }

    static let sample = "INSERT INTO routeSample (id, shiftId, captureSessionId, recordedAtMs, latitude, longitude)"
    static let importRecord = "INSERT INTO importRecord (kind, fileName, sha256, importedAtMs, summary)"

    static let refused: [(rule: String, sql: String)] = [
        ("negative earnings", "INSERT INTO shift (startedAtMs, endedAtMs, grossEarningsE4) VALUES (20000, 30000, -1)"),
        ("your figure names no platform", "INSERT INTO shiftEarning (shiftId, grossE4) VALUES (1, 100)"),
        ("a statement row without its span", "INSERT INTO shiftEarning (shiftId, grossE4, importId, recordKey) VALUES (1, 100, 1, '\(String(repeating: "ef", count: 32))')"),
        ("fees below zero", "INSERT INTO shiftEarning (shiftId, platform, platformKey, grossE4, feesE4) VALUES (1, 'Uber', 'uber', 100, -1)"),
        ("tips without gross on a figure", "INSERT INTO shiftEarning (shiftId, platform, platformKey, startedAtMs, endedAtMs, tipsE4, importId, recordKey) VALUES (1, 'Uber', 'uber', 1000, 2000, 5, 1, '\(String(repeating: "ef", count: 32))')"),
        ("a line of no kind", "INSERT INTO deliveryLine (deliveryId, importId, recordKey, occurredAtMs, amountE4, kind) VALUES (2, 1, '\(String(repeating: "ef", count: 32))', 6000, 1, 'bonus')"),
        ("a holding of no entity", "INSERT INTO importHolding (entity, rowId, importId) VALUES ('shift', 1, 2)"),
        ("a trip's distance below zero", "INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES (2, 1, -1)"),
        ("a trip's distance of more than 1,000 miles", "INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES (2, 1, 1609344001)"),
        ("a trip's distance in miles, not millimetres", "INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES (2, 1, 4.75)"),
        ("a trip's distance of no trip", "INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES (99, 1, 5)"),
        ("a trip's distance of no import", "INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES (2, 99, 5)"),
        ("one import stating a trip's distance twice", "INSERT INTO deliveryDistance (deliveryId, importId, distanceMm) VALUES (2, 2, 5)"),
        ("a lower-case currency", "UPDATE importRecord SET currency = 'usd' WHERE id = 1"),
        ("tips more than gross", "INSERT INTO shift (startedAtMs, endedAtMs, grossEarningsE4, platformTipsE4) VALUES (20000, 30000, 100, 101)"),
        ("negative tips", "INSERT INTO shift (startedAtMs, endedAtMs, grossEarningsE4, platformTipsE4) VALUES (20000, 30000, 100, -1)"),
        ("tips without gross", "INSERT INTO shift (startedAtMs, endedAtMs, platformTipsE4) VALUES (20000, 30000, 0)"),
        ("earnings on an active shift", "INSERT INTO shift (startedAtMs, grossEarningsE4) VALUES (20000, 100)"),
        ("earnings added to an active shift", "UPDATE shift SET grossEarningsE4 = 100 WHERE id = 2"),
        ("an end not after the start", "INSERT INTO shift (startedAtMs, endedAtMs) VALUES (20000, 20000)"),
        ("half a fuel pair: economy only", "INSERT INTO shift (startedAtMs, endedAtMs, fuelMpgE4) VALUES (20000, 30000, 275000)"),
        ("half a fuel pair left by clearing the price", "UPDATE shift SET fuelPricePerGallonE4 = NULL WHERE id = 1"),
        ("half a fuel pair: price only", "INSERT INTO shift (startedAtMs, endedAtMs, fuelPricePerGallonE4) VALUES (20000, 30000, 34590)"),
        ("fuel economy zero", "UPDATE shift SET fuelMpgE4 = 0 WHERE id = 1"),
        ("fuel price negative", "UPDATE shift SET fuelPricePerGallonE4 = -1 WHERE id = 1"),
        ("fuel on an active shift", "UPDATE shift SET fuelMpgE4 = 275000, fuelPricePerGallonE4 = 34590 WHERE id = 2"),
        ("a second vehicle default", "INSERT INTO vehicleDefault (id, fuelMpgE4, fuelPricePerGallonE4, setAtMs) VALUES (2, 300000, 31000, 1)"),
        ("a vehicle default of zero economy", "UPDATE vehicleDefault SET fuelMpgE4 = 0"),
        ("a vehicle default of half a pair", "UPDATE vehicleDefault SET fuelPricePerGallonE4 = NULL"),
        ("a seeded mark without a fuel pair", "UPDATE shift SET fuelSeeded = 1 WHERE id = 2"),
        ("a seeded mark of neither 0 nor 1", "UPDATE shift SET fuelSeeded = 2 WHERE id = 1"),
        ("recorded miles below zero", "UPDATE shift SET recordedMilesE1 = -1, odometerStartE1 = NULL, odometerEndE1 = NULL WHERE id = 1"),
        ("recorded miles on an active shift", "UPDATE shift SET recordedMilesE1 = 10 WHERE id = 2"),
        ("an odometer start without its end", "UPDATE shift SET odometerEndE1 = NULL WHERE id = 1"),
        ("odometer readings that are not the figure", "UPDATE shift SET recordedMilesE1 = 411 WHERE id = 1"),
        ("an odometer running backwards", "UPDATE shift SET odometerStartE1 = 123868, odometerEndE1 = 123456 WHERE id = 1"),
        ("odometer readings without a figure", "UPDATE shift SET recordedMilesE1 = NULL WHERE id = 1"),
        ("reopening a shift that has earnings", "UPDATE shift SET endedAtMs = NULL WHERE id = 1"),
        ("a pause before its shift", "INSERT INTO shiftPause (shiftId, startedAtMs, endedAtMs) VALUES (1, 500, 1500)"),
        ("a pause past its shift's end", "INSERT INTO shiftPause (shiftId, startedAtMs, endedAtMs) VALUES (1, 8000, 9001)"),
        ("an open pause on an ended shift", "INSERT INTO shiftPause (shiftId, startedAtMs) VALUES (1, 8000)"),
        ("a pause ending before it starts", "INSERT INTO shiftPause (shiftId, startedAtMs, endedAtMs) VALUES (2, 12000, 11000)"),
        ("moving a pause outside", "UPDATE shiftPause SET endedAtMs = 9500 WHERE shiftId = 1"),
        ("moving a shift's end inside its pause", "UPDATE shift SET endedAtMs = 2500 WHERE id = 1"),
        ("moving a shift's start after its parked stretch", "UPDATE shift SET startedAtMs = 4500 WHERE id = 1"),
        ("a parked stretch outside", "INSERT INTO routeSuspension (shiftId, startedAtMs, endedAtMs) VALUES (1, 8500, 9500)"),
        ("a pause of no shift", "INSERT INTO shiftPause (shiftId, startedAtMs, endedAtMs) VALUES (99, 1, 2)"),
        ("delivered and cancelled", "UPDATE delivery SET cancelledAtMs = 1800 WHERE id = 1"),
        ("picked up before accepted", "INSERT INTO delivery (shiftId, offerId, acceptedAtMs, pickedUpAtMs) VALUES (1, 1, 1500, 1400)"),
        ("delivered before picked up", "UPDATE delivery SET deliveredAtMs = 1550 WHERE id = 1"),
        ("negative own amount", "UPDATE delivery SET ownAmountE4 = -1, platformTipsE4 = NULL WHERE id = 1"),
        ("delivery tips more than its amount", "UPDATE delivery SET platformTipsE4 = 80001 WHERE id = 1"),
        ("delivery tips without an amount", "UPDATE delivery SET ownAmountE4 = NULL WHERE id = 1"),
        ("an offer's deliveries on two shifts", "INSERT INTO delivery (shiftId, offerId, acceptedAtMs) VALUES (2, 1, 11000)"),
        ("a delivery of no shift", "INSERT INTO delivery (shiftId, offerId, acceptedAtMs) VALUES (99, 1, 1500)"),
        ("a delivery of no offer", "INSERT INTO delivery (shiftId, offerId, acceptedAtMs) VALUES (1, 99, 1500)"),
        ("a delivery naming no place", "UPDATE delivery SET pickupPlaceId = 99 WHERE id = 1"),
        ("a money line changed", "UPDATE deliveryLine SET amountE4 = 1"),
        ("a money line of no delivery", "INSERT INTO deliveryLine (deliveryId, importId, recordKey, occurredAtMs, amountE4) VALUES (99, 1, '\(String(repeating: "cd", count: 32))', 6001, 1)"),
        ("a money line of no import", "INSERT INTO deliveryLine (deliveryId, importId, recordKey, occurredAtMs, amountE4) VALUES (2, 99, '\(String(repeating: "cd", count: 32))', 6001, 1)"),
        ("a money line with a bad key", "INSERT INTO deliveryLine (deliveryId, importId, recordKey, occurredAtMs, amountE4) VALUES (2, 1, 'xyz', 6001, 1)"),
        ("a tip of zero", "INSERT INTO deliveryTip (deliveryId, amountE4, method, recordedAtMs) VALUES (1, 0, 'cash', 1)"),
        ("a tip of no delivery", "INSERT INTO deliveryTip (deliveryId, amountE4, method, recordedAtMs) VALUES (99, 1, 'cash', 1)"),
        ("a negative expense", "INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (1, -1, 'fuel')"),
        ("an expense without an amount", "INSERT INTO expense (occurredAtMs, category) VALUES (1, 'fuel')"),
        ("an empty category", "INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (1, 1, '')"),
        ("an empty note", "INSERT INTO expense (occurredAtMs, amountE4, category, note) VALUES (1, 1, 'fuel', '')"),
        // Other income (issue 27, "0017 other income").
        ("other income of 0.00", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind) VALUES (1, 0, 'Uber', 'uber', 'quest')"),
        ("other income beyond the recordable", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind) VALUES (1, -100000000001, 'Uber', 'uber', 'adjustment')"),
        ("other income of no platform", "INSERT INTO otherIncome (occurredAtMs, amountE4, platformKey, kind) VALUES (1, 5, 'uber', 'quest')"),
        ("other income of an empty platform", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind) VALUES (1, 5, '', '', 'quest')"),
        ("other income of an unknown kind", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind) VALUES (1, 5, 'Uber', 'uber', 'bonus')"),
        ("other income with an empty note", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind, note) VALUES (1, 5, 'Uber', 'uber', 'quest', '')"),
        ("imported other income without its key", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind, importId) VALUES (1, 5, 'Uber', 'uber', 'quest', 1)"),
        ("typed other income with a key", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind, recordKey) VALUES (1, 5, 'Uber', 'uber', 'quest', '\(String(repeating: "ab", count: 32))')"),
        ("other income of a year past 9999", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind) VALUES (253402300800000, 5, 'Uber', 'uber', 'quest')"),
        ("other income of no import", "INSERT INTO otherIncome (occurredAtMs, amountE4, platform, platformKey, kind, importId, recordKey) VALUES (1, 5, 'Uber', 'uber', 'quest', 99, '\(String(repeating: "ab", count: 32))')"),
        ("a duplicate pickup place", "INSERT INTO pickupPlace (name, matchKey) VALUES ('CAFÉ', 'café')"),
        ("an empty platform", "INSERT INTO offer (acceptedAtMs, platform) VALUES (1, '')"),
        ("a latitude past the pole", "\(sample) VALUES (2, 1, 1, 1200, 90.5, 0)"),
        ("longitude 180", "\(sample) VALUES (2, 1, 1, 1200, 0, 180)"),
        ("negative accuracy", "INSERT INTO routeSample (id, shiftId, captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)"
            + " VALUES (2, 1, 1, 1200, 0, 0, -1)"),
        ("a sample in another shift's session", "\(sample) VALUES (2, 1, 2, 1200, 0, 0)"),
        ("a sample of no session", "\(sample) VALUES (2, 1, 99, 1200, 0, 0)"),
        ("a sample at an instant no year holds", "\(sample) VALUES (2, 1, 1, 253402300800000, 0, 0)"),
        // v15: the route's key is (shiftId, recordedAtMs, id), every part of it given.
        ("a sample without an id", "INSERT INTO routeSample (shiftId, captureSessionId, recordedAtMs, latitude, longitude) VALUES (1, 1, 1200, 0, 0)"),
        ("a sample without an instant", "\(sample) VALUES (2, 1, 1, NULL, 0, 0)"),
        ("a sample without a shift", "\(sample) VALUES (2, NULL, 1, 1200, 0, 0)"),
        ("a second sample under one key", "\(sample) VALUES (1, 1, 1, 1100, 41.8, -87.6)"),
        ("text where a sample's id belongs (STRICT)", "\(sample) VALUES ('two', 1, 1, 1200, 0, 0)"),
        ("a second row of the route's id sequence", "INSERT INTO routeSampleSequence (id, next) VALUES (2, 5)"),
        ("the route's id sequence at zero", "UPDATE routeSampleSequence SET next = 0"),
        ("deleting a shift that still has a route", "DELETE FROM shift WHERE id = 1"),
        ("deleting a capture session that still has samples", "DELETE FROM captureSession WHERE id = 1"),
        ("deleting a capture session that still keeps positions aside", "DELETE FROM captureSession WHERE id = 2"),
        ("a position aside of no session", "INSERT INTO routeSampleAside (captureSessionId, recordedAtMs, latitude, longitude) VALUES (99, 1100, 0, 0)"),
        ("a position aside past the pole", "INSERT INTO routeSampleAside (captureSessionId, recordedAtMs, latitude, longitude) VALUES (1, 1100, 91, 0)"),
        ("a position aside at longitude 180", "INSERT INTO routeSampleAside (captureSessionId, recordedAtMs, latitude, longitude) VALUES (1, 1100, 0, 180)"),
        ("a position aside of negative accuracy", "INSERT INTO routeSampleAside (captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM) VALUES (1, 1100, 0, 0, -1)"),
        ("text where an instant belongs (STRICT)", "INSERT INTO shift (startedAtMs) VALUES ('nine o''clock')"),
        ("a real where an amount belongs (STRICT)", "INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (1, 3.459, 'fuel')"),
        ("a non-hex SHA-256", "\(importRecord) VALUES ('gpx', 'b.gpx', '\(String(repeating: "g", count: 64))', 1, '')"),
        ("an unknown import kind", "\(importRecord) VALUES ('pdf', 'b.pdf', '\(String(repeating: "a", count: 64))', 1, '')"),
    ]

    @Test("raw SQL that breaks a rule is refused and changes nothing", arguments: refused)
    func refusedAndUnchanged(rule: String, sql: String) throws {
        let store = try baseline()
        let error = try expectConstraint(in: store) { try store.connection.run(sql) }
        #expect(error?.sql == sql, "\(rule)")
    }

    @Test("the pause trigger names the rule")
    func pauseTriggerMessage() throws {
        let store = try baseline()
        let error = try #require(try expectConstraint(in: store) {
            try store.connection.run("INSERT INTO shiftPause (shiftId, startedAtMs, endedAtMs) VALUES (1, 500, 1500)")
        })
        #expect(error.code == 1811)  // SQLITE_CONSTRAINT_TRIGGER
        #expect(error.message == "a pause must lie within its shift")
    }

    @Test("CHECK failures carry SQLITE_CONSTRAINT_CHECK; STRICT typing SQLITE_CONSTRAINT_DATATYPE; references FOREIGNKEY")
    func constraintKinds() throws {
        let store = try baseline()
        let check = try expectConstraint(in: store) {
            try store.connection.run("INSERT INTO shift (startedAtMs, endedAtMs, grossEarningsE4) VALUES (-90000, -80000, ?1)", [.integer(-98_765)])
        }
        #expect(check?.code == 275)
        #expect(check.map { !$0.description.contains("98765") } == true)
        let strict = try expectConstraint(in: store) { try store.connection.run("INSERT INTO shift (startedAtMs) VALUES ('x')") }
        #expect(strict?.code == 3091)
        let reference = try expectConstraint(in: store) { try store.connection.run("DELETE FROM shift WHERE id = 1") }
        #expect(reference?.code == 787)
    }

    @Test("deleting a pickup place unnames its deliveries; deleting a shift cascades its pauses and deliveries")
    func cascadesAndSetNull() throws {
        let store = try baseline()
        try store.deletePickupPlace(1)
        #expect(try store.requireDelivery(1).pickupPlaceID == nil)
        #expect(throws: ModelError.notFound(what: "pickup place", id: 1)) { try store.deletePickupPlace(1) }
        try store.connection.execute("DELETE FROM routeSample; DELETE FROM captureSession WHERE shiftId = 1; DELETE FROM shift WHERE id = 1")
        #expect(try store.connection.scalar("SELECT count(*) FROM shiftPause") == .integer(0))
        #expect(try store.connection.scalar("SELECT count(*) FROM routeSuspension") == .integer(0))
        #expect(try store.connection.scalar("SELECT count(*) FROM delivery") == .integer(0))
        #expect(try store.connection.scalar("SELECT count(*) FROM deliveryTip") == .integer(0))
    }
}
