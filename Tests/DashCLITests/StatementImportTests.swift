@testable import DashCLI
import DashImport
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

@Suite struct StatementImportTests {
    func write(_ store: CLIStore, _ name: String, _ text: String) throws -> String {
        let path = store.folder.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func shifts(_ store: CLIStore) throws -> [Shift] { try Store.open(at: store.path, create: false).shifts() }

    @Test func theShippedTemplateIsTheBuiltInOne() throws {
        let shipped = try String(contentsOfFile: Fixtures.packageRoot + "/Templates/statements/shift-log.json", encoding: .utf8)
        #expect(shipped == StatementTemplate.builtInJSON["shift-log"])
        let deliveries = try String(contentsOfFile: Fixtures.packageRoot + "/Templates/statements/delivery-log.json", encoding: .utf8)
        #expect(deliveries == StatementTemplate.builtInJSON["delivery-log"])
    }

    /// A shift row matches the shift it overlaps or creates one; the personal column is never
    /// read; the totals row is skipped and said so; nil earnings stay nil.
    @Test func rowsMatchOrCreateShifts() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15")
        let file = try write(store, "w.csv", """
            Date,Start,End,Platform,Earnings,Tips,Customer Name
            2026-11-02,10:30,14:15,DoorDash,68.40,21.75,Jane Doe
            2026-11-06,23:30,02:10,Uber Eats,55.00,,Bob Roe
            2026-11-09,17:00,20:00,DoorDash,,,
            Total,,,,123.40,21.75,

            """)
        let result = store.run(words: ["import", "statement", file, "--template", "shift-log"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("2 shifts created; earnings recorded on 2 shifts"), "\(result.stdout)")
        #expect(result.stdout.contains("skipped line 5: date is 'Total'"))
        let all = try shifts(store)
        #expect(try store.grosses() == ["68.40", "55.00", nil])
        #expect(try store.countedTips() == ["21.75", nil, nil])
        // The figures keep their platform; the shift the driver entered keeps its times.
        #expect(try store.values("SELECT platform, shiftId FROM shiftEarning ORDER BY id")
                == [[.text("DoorDash"), .integer(1)], [.text("Uber Eats"), .integer(2)], [.text("DoorDash"), .integer(3)]])
        #expect(TimeText.local(all[1].end ?? all[1].start, zone: TimeZone(identifier: "America/Chicago") ?? .gmt) == "2026-11-07T02:10:00-06:00")
        let text = try dumpRecord(Store.open(at: store.path, create: false)).joined(separator: "\n")
        #expect(!text.contains("Jane") && !text.contains("Bob"))
    }

    /// Overlapping statements in either order give the same record; the same file again adds nothing.
    @Test(arguments: [false, true])
    func overlappingStatementsGiveTheUnion(reversed: Bool) throws {
        let store = try CLIStore()
        let first = try write(store, "a.csv", "Date,Start,End,Platform,Earnings\n2026-11-06,16:00,18:00,DoorDash,40.00\n2026-11-07,16:00,18:00,DoorDash,30.00\n")
        let second = try write(store, "b.csv", "Date,Start,End,Platform,Earnings\n2026-11-07,16:00,18:00,doordash,30.00\n2026-11-08,16:00,18:00,DoorDash,20.00\n")
        for file in reversed ? [second, first] : [first, second] {
            #expect(store.run(words: ["import", "statement", file, "--template", "shift-log"]).status == .success)
        }
        #expect(try store.grosses() == ["40.00", "30.00", "20.00"])
        #expect(store.run(words: ["import", "statement", first, "--template", "shift-log"]).stdout.contains("already imported"))
        // Undo is exact: the shared row stays with the other file, whichever is undone.
        #expect(store.run("imports", "undo", "1").status == .success)
        #expect(try store.grosses() == (reversed ? ["40.00", "30.00"] : ["30.00", "20.00"]))
    }

    /// Two statements giving one platform's work two figures: the later is refused naming
    /// both, unless --replace; undoing the replacing import brings the replaced figure back.
    /// The driver's own figure is their word: a statement beside it is kept, and a note says so.
    @Test func aConflictIsRefusedUnlessReplaced() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15")
        let first = try write(store, "a.csv", "Date,Start,End,Platform,Earnings,Tips\n2026-11-02,10:30,14:15,DoorDash,68.40,21.75\n")
        #expect(store.run(words: ["import", "statement", first, "--template", "shift-log"]).status == .success)
        let before = try dumpRecord(Store.open(at: store.path, create: false))
        let file = try write(store, "c.csv", "Date,Start,End,Platform,Earnings\n2026-11-02,10:30,14:15,DoorDash,70.00\n")
        let refused = store.run(words: ["import", "statement", file, "--template", "shift-log"])
        #expect(refused.status == .dataError)
        #expect(refused.stderr.contains("\(file):2: gross: shift 1 already has DoorDash earnings 68.40 (tips 21.75) from import 1"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the statement says 70.00"))
        #expect(try dumpRecord(Store.open(at: store.path, create: false)) == before)
        #expect(store.run(words: ["import", "statement", file, "--template", "shift-log", "--replace"]).status == .success)
        #expect(try store.grosses() == ["70.00"])
        let undo = store.run("imports", "undo", "2")
        #expect(undo.stdout.contains("1 figure it had replaced count again"), "\(undo.stdout)\(undo.stderr)")
        #expect(try store.grosses() == ["68.40"])
        // Your figure wins over the statement's; check notes the difference, exit 0.
        store.run("shift", "earnings", "1", "66.00")
        #expect(try store.grosses() == ["66.00"])
        let check = store.run("check")
        #expect(check.status == .success && check.stdout.contains("shift 1, whole shift: your figure 66.00 counts"), "\(check.stdout)")
    }

    /// Issue 27: a delivery's local time that a clock change skips or repeats is refused naming
    /// its own column (0.18.0 named the delivered column for an accepted time).
    @Test func aDeliveryTimeAClockChangeSkipsOrRepeatsIsNamedInItsColumn() throws {
        let store = try CLIStore()
        let file = try write(store, "dst.csv", """
            Date,Accepted,Delivered,Platform,Pay,Tips,Pickup
            2026-03-08,02:30,03:10,DoorDash,7.25,2.50,Taco Joint
            2026-03-08,03:05,03:40,DoorDash,7.25,2.50,Taco Joint
            2026-11-01,01:30,01:50,DoorDash,7.25,2.50,Taco Joint
            2026-11-01,00:40,01:20,DoorDash,7.25,2.50,Taco Joint

            """)
        let result = store.run(words: ["import", "statement", file, "--template", "delivery-log"])
        #expect(result.status == .dataError)
        #expect(result.stderr.contains("\(file):2: accepted: 02:30 on 2026-03-08 does not exist"), "\(result.stderr)")
        #expect(result.stderr.contains("\(file):4: accepted: 01:30 on 2026-11-01 happens twice"), "\(result.stderr)")
        #expect(result.stderr.contains("\(file):5: delivered: 01:20 on 2026-11-01 happens twice"), "\(result.stderr)")
        #expect(!result.stderr.contains("\(file):3:"), "\(result.stderr)")
    }

    /// Issue 27: a row dated after now (a year typo) is refused naming its line and the column
    /// of its last instant, as `shift add` refuses an end after now; `--allow-future` takes it.
    @Test func aRowAfterNowIsRefusedUnlessAllowed() throws {
        let store = try CLIStore()
        let shifts = try write(store, "typo.csv", """
            Date,Start,End,Platform,Earnings
            2026-11-02,11:00,14:00,DoorDash,60.00
            2027-03-02,11:00,14:00,DoorDash,180.00

            """)
        let refused = store.run(words: ["import", "statement", shifts, "--template", "shift-log"])
        #expect(refused.status == .dataError)
        #expect(refused.stderr.contains("\(shifts):3: end: 2027-03-02T14:00:00-06:00 is after now"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-future") && !refused.stderr.contains("\(shifts):2:"), "\(refused.stderr)")
        #expect(try Store.open(at: store.path, create: true).shifts().isEmpty)
        let deliveries = try write(store, "late.csv", """
            Date,Accepted,Delivered,Platform,Pay,Tips,Pickup
            2026-11-29,05:40,06:10,DoorDash,7.25,,Taco Joint

            """)
        let late = store.run(words: ["import", "statement", deliveries, "--template", "delivery-log"])
        #expect(late.stderr.contains("\(deliveries):2: delivered: 2026-11-29T06:10:00-06:00 is after now"), "\(late.stderr)")
        let allowed = store.run(words: ["import", "statement", shifts, "--template", "shift-log", "--allow-future"])
        #expect(allowed.status == .success, "\(allowed.stderr)")
        #expect(try Store.open(at: store.path, create: false).shifts().count == 2)
    }

    /// Every bad row is listed and nothing of the file is written; a DST-gap time is refused.
    @Test func badRowsAreListedAndNothingIsWritten() throws {
        let store = try CLIStore()
        _ = try Store.open(at: store.path, create: true)
        let before = try dumpRecord(Store.open(at: store.path, create: false))
        let file = try write(store, "bad.csv", """
            Date,Start,End,Earnings,Tips
            2026-02-30,10:00,11:00,5,
            2026-03-08,02:30,04:00,5,
            2026-11-10,10:00,11:00,abc,
            2026-11-11,10:00,11:00,,3
            2026-11-12,10:00,11:00,5,6

            """)
        let result = store.run(words: ["import", "statement", file, "--template", "shift-log"])
        #expect(result.status == .dataError)
        for line in 2...6 { #expect(result.stderr.contains("\(file):\(line):"), "line \(line): \(result.stderr)") }
        #expect(result.stderr.contains("does not exist in America/Chicago"))
        // Issue 27: the start column is the one named (it was the end's).
        #expect(result.stderr.contains("\(file):3: start: 02:30 on 2026-03-08 does not exist"), "\(result.stderr)")
        #expect(try dumpRecord(Store.open(at: store.path, create: false)) == before)
    }

    @Test func aRowOnAGPXShiftRecordsItsEarnings() throws {
        let store = try CLIStore()
        let gpx = try store.file("t.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 30)))
        #expect(store.importGPX(gpx).status == .success)
        // The track ran 08:00:00-08:00:29 Chicago; the statement's 08:00-08:01 overlaps it.
        let file = try write(store, "s.csv", "Date,Start,End,Earnings\n2026-11-02,08:00,08:01,12.00\n")
        let refused = store.run(words: ["import", "statement", file, "--template", "shift-log"])
        #expect(refused.status == .dataError && refused.stderr.contains("names no platform"), "\(refused.stderr)")
        let result = store.run(words: ["import", "statement", file, "--template", "shift-log", "--platform", "DoorDash"])
        #expect(result.stdout.contains("earnings recorded on 1 shift"), "\(result.stdout)\(result.stderr)")
        #expect(try shifts(store).count == 1)
    }

    /// Delivery rows attach to the shift that holds them with their own pay; identical rows in
    /// one file are two deliveries; an overlapping statement adds only what is new; rows no
    /// shift holds refuse the file unless --create-shifts; nothing is divided from a shift.
    @Test func deliveryRowsAttachWithTheirOwnPay() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15")
        store.run("shift", "earnings", "1", "50.00")
        let first = try write(store, "d1.csv", """
            Date,Accepted,Delivered,Platform,Pay,Tips,Pickup,Customer
            2026-11-02,10:40,11:05,DoorDash,8.50,3.00,Taco Joint,Jane Doe
            2026-11-02,10:40,11:05,DoorDash,8.50,3.00,Taco Joint,Jane Doe
            2026-11-02,11:20,11:48,DoorDash,,,Pho Place,Bob Roe

            """)
        let result = store.run(words: ["import", "statement", first, "--template", "delivery-log"])
        #expect(result.stdout.contains("3 deliveries added"), "\(result.stdout)\(result.stderr)")
        let direct = try Store.open(at: store.path, create: false)
        let deliveries = try direct.deliveries(of: 1)
        #expect(deliveries.map { $0.ownAmount?.amount.description } == ["8.50", "8.50", nil])
        #expect(try direct.requireShift(1).earnings?.amount.description == "50.00")
        let text = try dumpRecord(direct).joined(separator: "\n")
        #expect(!text.contains("Jane") && !text.contains("Bob"))
        // An overlapping statement: the two known rows once more, and one new.
        let second = try write(store, "d2.csv", """
            Date,Accepted,Delivered,Platform,Pay,Tips,Pickup
            2026-11-02,10:40,11:05,DoorDash,8.50,3.00,Taco Joint
            2026-11-02,10:40,11:05,DoorDash,8.50,3.00,Taco Joint
            2026-11-02,12:00,12:30,DoorDash,5.00,,

            """)
        #expect(store.run(words: ["import", "statement", second, "--template", "delivery-log"]).stdout.contains("1 delivery added; 2 rows already recorded"))
        #expect(try direct.deliveries(of: 1).count == 4)
        // A row no shift holds makes its own shift; pay with no platform is refused.
        let before = try dumpRecord(direct)
        let outside = try write(store, "d3.csv", "Date,Accepted,Delivered,Pay\n2026-11-05,19:00,19:30,4.00\n")
        let refused = store.run(words: ["import", "statement", outside, "--template", "delivery-log"])
        #expect(refused.status == .dataError)
        #expect(refused.stderr.contains("\(outside):2: platform: the row gives pay but names no platform"), "\(refused.stderr)")
        #expect(try dumpRecord(direct) == before)
        let created = store.run(words: ["import", "statement", outside, "--template", "delivery-log", "--platform", "Grubhub"])
        #expect(created.stdout.contains("1 shift created; 1 delivery added"), "\(created.stdout)")
        #expect(store.run("imports", "undo", "3").status == .success)
        #expect(try dumpRecord(direct) == before)
    }

    /// What the review of this import found, each guarded.
    @Test func reviewedEdges() throws {
        let store = try CLIStore()
        _ = try Store.open(at: store.path, create: true)
        // Without --tz, a template timeZone, a configured zone or $TZ the import refuses: never the system zone.
        let file = try write(store, "a.csv", "Date,Start,End,Earnings\n2026-11-02,10:00,11:00,5\n")
        let noZone = runCLI(["--store", store.path, "import", "statement", file, "--template", "shift-log"], environment: [:],
                            systemZone: TimeZone(identifier: "Asia/Tokyo") ?? .gmt)
        #expect(noZone.status == .usage)
        #expect(noZone.stderr.contains("needs to know the statement's time zone"))
        // Two rows giving one shift its earnings: refused, never summed or overwritten.
        store.run("shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T22:00")
        let before = try dumpRecord(Store.open(at: store.path, create: false))
        let twice = try write(store, "b.csv", "Date,Start,End,Platform,Earnings\n2026-11-03,11:00,14:00,Uber,40.00\n2026-11-03,13:00,21:00,uber,60.00\n")
        let refusedTwice = store.run(words: ["import", "statement", twice, "--template", "shift-log", "--replace"])
        #expect(refusedTwice.status == .dataError)
        #expect(refusedTwice.stderr.contains("\(twice):3: this row and line 2 both give uber figures for overlapping times"), "\(refusedTwice.stderr)")
        // A personal column mapped by mistake refuses the file.
        let personal = try write(store, "p.json", """
            {"name": "p", "kind": "deliveries", "dateFormat": "yyyy-MM-dd", "timeFormat": "HH:mm",
             "columns": {"date": "date", "accepted": "accepted", "delivered": "delivered", "pickup": "customer name"}}
            """)
        let rows = try write(store, "c.csv", "Date,Accepted,Delivered,Customer Name\n2026-11-03,12:00,12:30,Jane Doe\n")
        let refusedPersonal = store.run(words: ["import", "statement", rows, "--template", personal])
        #expect(refusedPersonal.status == .dataError)
        #expect(refusedPersonal.stderr.contains("looks personal"))
        // An end before the start is the next day only within 16 hours.
        let typo = try write(store, "t.csv", "Date,Start,End,Earnings\n2026-11-05,17:00,16:40,94.10\n")
        let refusedTypo = store.run(words: ["import", "statement", typo, "--template", "shift-log"])
        #expect(refusedTypo.stderr.contains("a shift of more than 16 hours"))
        // None of the refused files wrote anything.
        #expect(try dumpRecord(Store.open(at: store.path, create: false)) == before)
    }

    /// An imported delivery that later got a cash tip cannot be undone away with its tip.
    @Test func undoKeepsOutsideTips() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15")
        let file = try write(store, "d.csv", "Date,Accepted,Delivered,Platform,Pay\n2026-11-02,10:40,11:05,DoorDash,8.50\n")
        #expect(store.run(words: ["import", "statement", file, "--template", "delivery-log"]).status == .success)
        #expect(store.run("tip", "add", "1", "5.00", "--method", "cash", "--at", "2026-11-02T11:10").status == .success)
        let undo = store.run("imports", "undo", "1")
        #expect(undo.status == .failure)
        #expect(undo.stderr.contains("has since had an outside tip recorded"))
        #expect(try Store.open(at: store.path, create: false).tips(of: 1).count == 1)
    }
}
