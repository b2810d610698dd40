import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// Issue 17, item 5: `delivery add` types a finished delivery on a completed shift, so a cash tip
/// (`tip add`) can go on hand-entered work; `delivery delete` takes back one typed by hand.
/// Before: `tip add` needed a delivery id and a hand-entered shift had no way to get one.
@Suite struct DeliveryAddTests {
    @Test func aDeliveryTypedOnAHandEnteredShiftTakesACashTip() throws {
        let store = try BinaryStore("DashPilotDeliveryAdd")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00")
        let added = try store.run("delivery", "add", "--shift", "1", "--accepted", "11:00", "--delivered", "2026-11-02T11:25",
                                  "--pay", "8.50", "--tips", "2.00", "--platform", "DoorDash")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "added delivery 1 to shift 1: accepted 11:00, delivered 11:25, pay 8.50 (platform tips 2.00), DoorDash\n")
        #expect(try store.run("tip", "add", "1", "5.00", "--method", "cash", "--at", "2026-11-02T11:30").status == 0)
        let direct = try Store.open(at: store.path, create: false)
        let delivery = try direct.requireDelivery(1)
        #expect(delivery.ownAmount == (try PaidAmount(Money(parsing: "8.50"), tips: Money(parsing: "2.00"))))
        #expect(delivery.state == .delivered)
        #expect(try direct.deliveryImport(1) == nil)
        #expect(try direct.offer(delivery.offerID)?.platform == "DoorDash")
        let json = try store.run("report", "--range", "2026-11", "--format", "json").stdout
        #expect(json.contains("\"gross_earnings\": \"8.50\""), "\(json)")
    }

    /// docs/report.md "Which figure counts": a typed figure counts instead of the trips' pay.
    @Test func aDeliverysPayOnAShiftWithYourFigureDoesNotDoubleTheMoney() throws {
        let store = try BinaryStore("DashPilotDeliveryNoDouble")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00", "--earnings", "88.20")
        let added = try store.run("delivery", "add", "--shift", "1", "--accepted", "11:00", "--delivered", "11:20", "--pay", "10")
        #expect(added.stdout.hasSuffix("note: your figure for the whole shift (88.20) counts; this delivery's pay is listed, not added to it (docs/report.md)\n"))
        let json = try store.run("report", "--range", "2026-11", "--format", "json").stdout
        #expect(json.contains("\"gross_earnings\": \"88.20\""), "\(json)")
        #expect(!json.contains("\"gross_earnings\": \"98.20\""))
        // Per platform too: a figure for DoorDash counts, not DoorDash's trips.
        try store.run("shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T14:00", "--earnings", "40", "--platform", "DoorDash")
        try store.run("delivery", "add", "--shift", "2", "--accepted", "11:00", "--delivered", "11:20", "--pay", "12", "--platform", "doordash")
        let two = try store.run("report", "--range", "2026-11-03", "--format", "json").stdout
        #expect(two.contains("\"gross_earnings\": \"40.00\""), "\(two)")
    }

    @Test func aDeliveryOutsideTheShiftOrBackwardsOrOnAnActiveShiftIsRefusedAndWritesNothing() throws {
        let store = try BinaryStore("DashPilotDeliveryRefused")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00")
        let before = try store.dump()
        let outside = try store.run("delivery", "add", "--shift", "1", "--accepted", "13:50", "--delivered", "14:10")
        #expect(outside.status == 65)
        #expect(outside.stderr == "dashpilot: error: the delivery (13:50-14:10) falls outside shift 1 (2026-11-02 10:00-14:00); nothing was written\n")
        let backwards = try store.run("delivery", "add", "--shift", "1", "--accepted", "2026-11-02T12:00", "--delivered", "2026-11-02T11:00")
        #expect(backwards.status == 65)
        #expect(backwards.stderr.contains("--delivered (2026-11-02 Mon 11:00) is not after --accepted (2026-11-02 Mon 12:00)"))
        #expect(try store.run("delivery", "add", "--shift", "1", "--accepted", "11:00", "--delivered", "11:20", "--tips", "1").status == 64)
        #expect(try store.run("delivery", "add", "--shift", "1", "--accepted", "11:00", "--delivered", "11:20", "--pay", "1", "--tips", "2").status == 65)
        #expect(try store.run("delivery", "add", "--shift", "7", "--accepted", "11:00", "--delivered", "11:20").status == 1)
        #expect(try store.dump() == before)
    }

    @Test func deleteTakesBackATypedDeliveryWithItsTipsAndRefusesAnImportedOne() throws {
        let store = try BinaryStore("DashPilotDeliveryDelete")
        try store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T14:00")
        let empty = try store.dump()
        try store.run("delivery", "add", "--shift", "1", "--accepted", "11:00", "--delivered", "11:20", "--pay", "6")
        try store.run("tip", "add", "1", "3", "--method", "cash", "--at", "2026-11-02T11:30")
        let deleted = try store.run("delivery", "delete", "1")
        #expect(deleted.stdout == "deleted delivery 1 of shift 1: own amount 6.00 (tips not reported); outside tips 3.00 cash\n", "\(deleted.stderr)")
        // The offer and the tip go with it: the record is as before the add.
        #expect(try store.dump() == empty)
        let log = try store.file("log.csv", "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n2026-11-05,16:50,17:12,DoorDash,7.25,2.50,Taco Joint\n")
        let imported = try store.run("import", "statement", log, "--template", "delivery-log")
        #expect(imported.status == 0, "\(imported.stderr)")
        let before = try store.dump()
        let refused = try store.run("delivery", "delete", "2")
        #expect(refused.status == 65)
        #expect(refused.stderr == "dashpilot: error: delivery 2 came from import 1 (log.csv); 'imports undo 1' removes it with its file; nothing was written\n")
        #expect(try store.dump() == before)
        #expect(try store.run("delivery", "delete", "1").status == 1)
    }
}
