import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

@testable import DashCLI

/// Issue 15: `vehicle set` seeds each new shift's own fuel snapshot (docs/cli.md "vehicle"), and
/// `shift miles` records the driver's own miles, which count instead of the route (docs/report.md).
@Suite struct VehicleMilesTests {
    static func fuel(_ store: CLIStore, _ id: Int) throws -> [SQLValue] {
        try store.values("SELECT fuelMpgE4, fuelPricePerGallonE4, fuelSeeded FROM shift WHERE id = \(id)").first ?? []
    }

    @Test func everyShiftMadeAfterwardsTakesTheDefaultAndNoneIsReCosted() throws {
        let store = try CLIStore()
        #expect(store.run("shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T12:00").status == .success)
        #expect(store.run("vehicle", "set", "--mpg", "27.5", "--price", "3.459").status == .success)
        store.run("shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T12:00")
        let changed = store.run("vehicle", "set", "--mpg", "30", "--price", "3.10")
        #expect(changed.stdout.contains("(was 27.50 mpg at 3.459 per gallon)"))
        store.run("shift", "add", "--start", "2026-11-04T10:00", "--end", "2026-11-04T12:00")
        #expect(store.run("vehicle", "show").stdout.hasPrefix("fuel default: 30.00 mpg at 3.10 per gallon, set "))
        #expect(store.run("vehicle", "set", "--clear").status == .success)
        store.run("shift", "add", "--start", "2026-11-05T10:00", "--end", "2026-11-05T12:00")
        #expect(try Self.fuel(store, 1) == [.null, .null, .integer(0)])
        #expect(try Self.fuel(store, 2) == [.integer(275_000), .integer(34_590), .integer(1)])
        #expect(try Self.fuel(store, 3) == [.integer(300_000), .integer(31_000), .integer(1)])
        #expect(try Self.fuel(store, 4) == [.null, .null, .integer(0)])
        #expect(store.run("shift", "show", "2").stdout.contains("fuel:      27.50 mpg at 3.459 per gallon (seeded when the shift was made)"))
        // `shift fuel` still changes one shift, and makes it yours.
        store.run("shift", "fuel", "3", "--mpg", "25", "--price", "4")
        #expect(try Self.fuel(store, 3) == [.integer(250_000), .integer(40_000), .integer(0)])
        #expect(try Self.fuel(store, 2) == [.integer(275_000), .integer(34_590), .integer(1)])
        #expect(store.run("vehicle", "set", "--mpg", "0", "--price", "3").status == .dataError)
        #expect(store.run("vehicle", "set", "--clear", "--mpg", "3").status == .usage)
    }

    /// Two tracks of one evening, imported under two defaults: the later joins the older shift,
    /// which keeps its snapshot; undoing either import changes no other shift's fuel, and a
    /// seeded pair never blocks an undo (it is not what the driver entered).
    @Test func anImportedShiftTakesTheDefaultAJoinKeepsTheOlderSnapshotAndUndoChangesNoFuel() throws {
        let store = try CLIStore()
        let first = try store.file("a.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 300)))
        let second = try store.file("b.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 300, start: 900, latitude: 44.99)))
        store.run("vehicle", "set", "--mpg", "27.5", "--price", "3.459")
        #expect(store.importGPX(first).status == .success)
        store.run("vehicle", "set", "--mpg", "40", "--price", "9")
        #expect(store.importGPX(second).status == .success)
        #expect(try store.values("SELECT id, fuelMpgE4, fuelPricePerGallonE4, fuelSeeded FROM shift")
                == [[.integer(1), .integer(275_000), .integer(34_590), .integer(1)]])
        let undo = store.run("imports", "undo", "2")
        #expect(undo.status == .success, "\(undo.stderr)")
        #expect(try store.values("SELECT id, fuelMpgE4, fuelPricePerGallonE4, fuelSeeded FROM shift")
                == [[.integer(1), .integer(275_000), .integer(34_590), .integer(1)]])
        #expect(store.run("imports", "undo", "1").status == .success)
        #expect(try store.values("SELECT count(*) FROM shift") == [[.integer(0)]])
    }

    @Test func recordedMilesCountInsteadOfTheRouteEverywhereAndSaySo() throws {
        let store = try CLIStore()
        let track = try store.file("a.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 300)))
        #expect(store.importGPX(track).status == .success)
        store.run("shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T12:00")
        store.run("shift", "add", "--start", "2026-11-04T10:00", "--end", "2026-11-04T12:00")
        #expect(store.run("shift", "miles", "1", "--miles", "12.4").status == .success)
        let odometer = store.run("shift", "miles", "2", "--odometer", "12345.6", "12386.8")
        #expect(odometer.stdout == "shift 2: 41.2 miles (odometer 12345.6 to 12386.8), recorded\n")
        let show = store.run("shift", "show", "1").stdout
        #expect(show.contains("miles:     12.4 miles, yours (they count, not the route); the route recorded "))
        let out = store.folder.path("csv")
        #expect(store.run("export", "--range", "2026-11", "--format", "csv", "--out", out).status == .success)
        let log = try String(contentsOfFile: out + "/mileage_log.csv", encoding: .utf8).split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(log[0].prefix(8) == ["date", "shift_id", "started_at", "ended_at", "miles", "miles_source", "odometer_start", "odometer_end"])
        #expect(log[1][4...7] == ["12.4000", "recorded", "", ""])
        #expect(log[2][4...7] == ["41.2000", "recorded", "12345.60", "12386.80"])
        // Neither a figure nor a route: empty, "none", never 0.
        #expect(log[3][4...7] == ["", "none", "", ""])
        #expect(log[4][4] == "53.6000")
        // Cleared, the route counts again; a recorded zero is a figure.
        store.run("shift", "miles", "1", "--clear")
        store.run("shift", "miles", "3", "--miles", "0")
        #expect(store.run("export", "--range", "2026-11", "--format", "csv", "--out", out + "2").status == .success)
        let shifts = try String(contentsOfFile: out + "2/shifts.csv", encoding: .utf8).split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(shifts[0][7...8] == ["miles", "miles_source"])
        #expect(shifts[1][8] == "route" && shifts[1][7] != "")
        #expect(shifts[3][7...8] == ["0.0000", "recorded"])
    }

    @Test func badMilesAreRefusedAndNothingIsWritten() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T12:00")
        let backwards = store.run("shift", "miles", "1", "--odometer", "12386.8", "12345.6")
        #expect(backwards.status == .dataError && backwards.stderr.contains("end reading is below its start reading"))
        #expect(store.run("shift", "miles", "1", "--miles", "12.45").status == .usage)
        #expect(store.run("shift", "miles", "1", "--miles", "-3").status == .dataError)
        #expect(store.run("shift", "miles", "1", "--miles", "3", "--clear").status == .usage)
        #expect(store.run("shift", "miles", "1", "--odometer", "5").status == .usage)
        #expect(store.run("shift", "miles", "9", "--miles", "3").status == .failure)
        #expect(try store.values("SELECT recordedMilesE1, odometerStartE1, odometerEndE1 FROM shift") == [[.null, .null, .null]])
    }

    /// Through the real binary: the readings are stored as given, in tenths, read back by sqlite3.
    @Test func theRealBinaryStoresTheReadingsAndTheSeededPair() throws {
        let folder = try TemporaryDirectory("DashPilotVehicle")
        let store = folder.path("s.sqlite")
        func run(_ words: String...) throws -> Int32 {
            try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: folder.path("o")).status
        }
        #expect(try run("vehicle", "set", "--mpg", "27.5", "--price", "3.459") == 0)
        #expect(try run("shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T12:00") == 0)
        #expect(try run("shift", "miles", "1", "--odometer", "99999.9", "100041.1") == 0)
        #expect(try run("shift", "miles", "1", "--odometer", "100041.1", "99999.9") == 65)
        #expect(try ProcessHarness.sqlite(store, "SELECT recordedMilesE1, odometerStartE1, odometerEndE1, fuelMpgE4, fuelPricePerGallonE4, fuelSeeded FROM shift",
                                          output: folder.path("q")) == "412|999999|1000411|275000|34590|1")
    }
}
