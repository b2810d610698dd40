import Foundation
import Testing
import TestSupport

/// What real GPX files did (issue 14, "GPX: what real files did"), each reproduced by a small
/// file of Tests/GPXRegression and imported through the real binary. The figures before the
/// change are in each test's comment (the old binary on the same file).
@Suite struct GPXRealFileTests {
    struct Imported {
        var status: Int32
        var stdout: String
        var stderr: String
        var store: String
        var folder: TemporaryDirectory

        /// Route samples the store holds.
        func kept() throws -> String { try ProcessHarness.sqlite(store, "SELECT count(*) FROM routeSample", output: folder.path("q")) }

        /// The binary's output for `arguments` on this store.
        func run(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
            try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + arguments, output: folder.path("r"))
        }

        /// The miles of the one period of 2026-11-02, as `report --format json` prints them.
        func jsonMiles() throws -> String? {
            let json = try run("report", "--from", "2026-11-02", "--to", "2026-11-03", "--format", "json").stdout
            return json.split(separator: "\n").first { $0.contains("\"miles\"") }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    static func regressionFile(_ name: String) -> String { Fixtures.packageRoot + "/Tests/GPXRegression/" + name }

    static func importing(_ name: String, _ options: String...) throws -> Imported {
        let folder = try TemporaryDirectory("DashPilotGPXRealFiles")
        let store = folder.path("store.sqlite")
        let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + options
                                            + ["import", "gpx", regressionFile(name)], output: folder.path("import"))
        // The regression files are walks: what they test is which points are kept, so their miles
        // are read by geodesic-1 (every step over the points kept, docs/mileage.md), as an older
        // store's sessions are; vehicle-1, the method new sessions record, counts no walking.
        if result.status == 0 {
            _ = try ProcessHarness.sqlite(store, "UPDATE captureSession SET measureMethod = 'geodesic-1'", output: folder.path("m"))
        }
        return Imported(status: result.status, stdout: result.stdout, stderr: result.stderr, store: store, folder: folder)
    }

    /// A logger's last known fix 5 km away starts a 120 s walk. Before: the walk was rejected as
    /// jumps until 70 m/s times the time covered 5 km, then the jump was counted: 52 points kept,
    /// 3.09 miles. Now the stale fix is dropped: 120 points, 0.1109 miles.
    @Test func aStaleFirstFixIsDroppedAndTheWalkKept() throws {
        let imported = try Self.importing("stale-first-fix.gpx")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  rejected: 1 (a fix the next 3 points disagree with: 1)\n"), "\(imported.stdout)")
        #expect(try imported.kept() == "120")
        #expect(try imported.jsonMiles() == "\"miles\": \"0.1109\",")
    }

    /// A phone's accuracy radius in `<hdop>` (whole numbers, no pdop/vdop, creator unknown).
    /// Before: read as a DOP times 5 m, every value above 10 was "too inaccurate": 45 points
    /// kept, 0.30 miles. Now read as metres: only the 60 m points go, 95 kept, 0.3076 miles.
    @Test func hdopInMetresIsRecognisedFromTheValues() throws {
        let imported = try Self.importing("hdop-metres.gpx")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  rejected: 5 (too inaccurate: 5)\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  note: <hdop> read as metres: whole numbers from 3 up, no pdop or vdop\n"))
        #expect(try imported.kept() == "95")
        #expect(try imported.jsonMiles() == "\"miles\": \"0.3076\",")
    }

    /// A timed segment, an untimed one, and a timed one with one untimed point. Before: refused
    /// (exit 65, 0 points). Now the 59 timed points are imported and the 21 untimed counted by
    /// segment.
    @Test func aHalfTimedFileImportsItsTimedPoints() throws {
        let imported = try Self.importing("half-timed.gpx")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains(
            "  left out: 21 points without a time: track 1 segment 2 (20 from line 37), track 2 segment 1 (1 from line 71)\n"),
                "\(imported.stdout)")
        #expect(try imported.kept() == "59")
        #expect(try imported.jsonMiles() == "\"miles\": \"0.1802\",")
    }

    /// `<gpx version="1.1">` without xmlns. Before: refused as not GPX (exit 65). Now read as 1.1
    /// with a note: 50 points, 0.1523 miles.
    @Test func aGPXWithoutNamespaceIsReadAsItsVersion() throws {
        let imported = try Self.importing("no-namespace.gpx")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("GPX 1.1 by ridewithgps-like export"), "\(imported.stdout)")
        #expect(imported.stdout.contains("  note: <gpx> declares no namespace; read as GPX 1.1, the version it declares\n"))
        #expect(try imported.kept() == "50")
        #expect(try imported.jsonMiles() == "\"miles\": \"0.1523\",")
    }

    /// Three fixes a second stamped with that second, one exact duplicate and one fix 200 m off.
    /// Before: all but the first of each second were "not later": 30 kept, 0.18 miles. Now the
    /// bursts are kept (the duplicate and the 200 m fix are not): 90 kept, 0.1841 miles, each at
    /// its stamp, in file order.
    @Test func sameSecondBurstsAreKept() throws {
        let imported = try Self.importing("same-second-burst.gpx")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  rejected: 2 (not later than the point before: 1, implausible jump: 1)\n"), "\(imported.stdout)")
        #expect(try imported.kept() == "90")
        #expect(try imported.jsonMiles() == "\"miles\": \"0.1841\",")
        let perSecond = try ProcessHarness.sqlite(imported.store, """
            SELECT count(DISTINCT recordedAtMs) || ' ' || max(n) FROM (SELECT recordedAtMs, count(*) AS n FROM routeSample GROUP BY recordedAtMs)
            """, output: imported.folder.path("q"))
        #expect(perSecond == "30 3")
    }

    /// 300-digit latitudes and 70-digit longitudes. Before: refused as "not a plain decimal
    /// number" (exit 65). Now read as the nearest double: 20 points, 0.0590 miles.
    @Test func longDecimalsAreReadAsTheNearestDouble() throws {
        let imported = try Self.importing("long-decimals.gpx")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try imported.kept() == "20")
        let first = try ProcessHarness.sqlite(imported.store, "SELECT latitude = 44.97 AND longitude = -93.27 FROM routeSample ORDER BY id LIMIT 1",
                                              output: imported.folder.path("q"))
        #expect(first == "1")
        #expect(try imported.jsonMiles() == "\"miles\": \"0.0590\",")
    }

    /// Every point too inaccurate. Before: exit 0, "nothing to add" on stdout, nothing on stderr
    /// under --quiet. Now exit 65 and one line on stderr, even under --quiet, with the reasons.
    @Test func aFileWhoseEveryPointIsRejectedIsRefused() throws {
        let imported = try Self.importing("all-rejected.gpx", "--quiet")
        #expect(imported.status == 65)
        #expect(imported.stdout == "")
        #expect(imported.stderr == "dashpilot: error: \(Self.regressionFile("all-rejected.gpx")): all 10 points rejected (too inaccurate: 10); nothing imported\n")
        // Nothing written: not even the store the import would have created.
        #expect(!FileManager.default.fileExists(atPath: imported.store))
    }

    /// Machine outputs carry miles with four places; the text report keeps two.
    @Test func machineOutputsCarryFourPlaceMiles() throws {
        let imported = try Self.importing("stale-first-fix.gpx")
        let csv = try imported.run("report", "--from", "2026-11-02", "--to", "2026-11-03", "--format", "csv").stdout
        #expect(csv.split(separator: "\r\n").dropFirst().first?.split(separator: ",", omittingEmptySubsequences: false)[10] == "0.1109")
        let shifts = try imported.run("report", "--from", "2026-11-02", "--to", "2026-11-03", "--format", "csv", "--shifts").stdout
        #expect(shifts.contains(",0.1109,"), "\(shifts)")
        let text = try imported.run("report", "--from", "2026-11-02", "--to", "2026-11-03").stdout
        #expect(text.contains(" 0.11 "), "\(text)")
        #expect(!text.contains("0.1109"))
    }
}
