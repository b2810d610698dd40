import DashModel
import Foundation
import SQLiteKit
import Testing
import TestSupport

@testable import DashCLI

/// Issue 27, item 4: a trips file's distance column is kept per trip, and a shift with neither
/// a route nor miles the driver recorded takes the sum of its trips' as its miles, marked
/// `platform` wherever miles are shown (docs/mileage.md, "Platform-reported miles"). Synthetic
/// files with the real headers, through the command line.
@Suite struct PlatformReportedMilesTests {
    static let header = "Product Name,Status,Local Request Timestamp,Begin Trip Local Timestamp,Local Dropoff Timestamp,"
        + "Trip Distance (miles),Duration (Seconds),Local Base Fare,Local Original Fare,Local Cancellation Fee,Currency Code\n"

    /// One evening in Chicago: a shared ride (its completed row between its two fare_split rows,
    /// the shares' distance rounded otherwise), a trip, a trip the rider cancelled after pickup
    /// and one cancelled before it. On-trip miles: 0.7311177103350521 + 3.5 + 0.25 = 4.4811...
    static let trips = header + """
        UberX,fare_split,2026-11-02T08:01:00.000Z,2026-11-02T08:02:00.000Z,2026-11-02T08:04:00.000Z,0.73,120,0.1,11.44,0.0,USD
        UberX,completed,2026-11-02T08:01:00.000Z,2026-11-02T08:02:00.000Z,2026-11-02T08:04:00.000Z,0.7311177103350521,120,0.1,11.44,0.0,USD
        UberX,fare_split,2026-11-02T08:01:00.000Z,2026-11-02T08:02:00.000Z,2026-11-02T08:04:00.000Z,0.73,120,0.1,11.44,0.0,USD
        UberX,completed,2026-11-02T08:10:00.000Z,2026-11-02T08:12:00.000Z,2026-11-02T08:30:00.000Z,3.5,1080,0.1,15.00,0.0,USD
        UberX,rider_canceled,2026-11-02T08:35:00.000Z,2026-11-02T08:40:00.000Z,,0.25,60,0.1,9.00,0.0,USD
        UberX,rider_canceled,2026-11-02T08:50:00.000Z,,,0.0,0,0.0,0.0,5.1,USD

        """
    /// 1,176,620 + 5,632,704 + 402,336 mm.
    static let millimetres: Int64 = 7_211_660
    /// The shift's miles to the hundredth: 4.4811... miles.
    static let miles = "4.48"

    /// The payments of that evening: the two trips, and the fee of the trip cancelled before
    /// its pickup (a trip of the payments alone, at its request time).
    static let payments = "City Name,Local Amount,Currency Code,Classification,Category,Local Timestamp\n" + """
        Chicago,9.00,USD,transport.fare.coupled_upfront_fare,driver_payment_fares,2026-11-02 08:01:00
        Chicago,-2.00,USD,intermediary.commission,commission,2026-11-02 08:01:00
        Chicago,12.00,USD,transport.fare.coupled_upfront_fare,driver_payment_fares,2026-11-02 08:10:00
        Chicago,3.00,USD,transport.misc.tip,tip,2026-11-02 08:10:00
        Chicago,4.00,USD,transport.fare.minimum,driver_payment_fares,2026-11-02 08:35:00
        Chicago,5.10,USD,transport.fare.cancellation_fee,driver_payment_fares,2026-11-02 08:50:00
        Chicago,-1.22,USD,intermediary.commission,commission,2026-11-02 08:50:00

        """

    static func imported(_ files: [(String, String, String)]) throws -> CLIStore {
        let store = try CLIStore()
        for (name, text, template) in files {
            let result = store.run("import", "statement", try store.file(name, text), "--template", template)
            try #require(result.status == .success, "\(name): \(result.stderr)")
        }
        return store
    }

    static func distances(_ store: CLIStore) throws -> [[SQLValue]] {
        try store.values("SELECT d.acceptedAtMs, x.importId, x.distanceMm FROM deliveryDistance x JOIN delivery d ON d.id = x.deliveryId ORDER BY 1, 2")
    }

    /// The fare_split rule end to end: the shared ride is one trip, never a refusal of the file;
    /// the trip cancelled after pickup is a trip; the one cancelled before is skipped, named.
    @Test func aSharedRideImportsAsOneTrip() throws {
        let store = try CLIStore()
        let result = store.run("import", "statement", try store.file("driver_lifetime_trips-0.csv", Self.trips), "--template", "uber-driver-trips")
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("1 shift created; 3 deliveries added"), "\(result.stdout)")
        #expect(result.stdout.contains("note: 2 rows are another rider's share of a shared ride"), "\(result.stdout)")
        #expect(result.stdout.contains(": lines 2, 4\n"), "\(result.stdout)")
        #expect(result.stdout.contains("note: 1 trip was cancelled after its pickup"), "\(result.stdout)")
        #expect(result.stdout.contains("skipped line 7: status is not 'completed' or 'fare_split': never picked up"), "\(result.stdout)")
        #expect(try Self.distances(store).map { $0[2] } == [.integer(1_176_620), .integer(5_632_704), .integer(402_336)],
                "the completed row's distance, not its shares'")
    }

    /// A trip cancelled before its pickup that the payments pay a fee for is one delivery, at its
    /// request time, with its money, whichever file comes first; the one cancelled after its
    /// pickup is one too, timed by the trips file.
    @Test(arguments: [true, false])
    func aPaidCancellationIsOneDeliveryInEitherOrder(tripsFirst: Bool) throws {
        let files = [("driver_lifetime_trips-0.csv", Self.trips, "uber-driver-trips"), ("driver_payments-0.csv", Self.payments, "uber-driver-payments")]
        let store = try Self.imported(tripsFirst ? files : files.reversed())
        // 2026-11-02 08:35 and 08:50 in Chicago.
        #expect(try store.values("SELECT acceptedAtMs, deliveredAtMs, ownAmountE4 FROM delivery WHERE acceptedAtMs >= 1793630100000 ORDER BY 1") == [
            [.integer(1_793_630_100_000), .integer(1_793_630_400_000), .integer(40_000)],
            [.integer(1_793_631_000_000), .integer(1_793_631_000_000), .integer(38_800)],
        ])
        #expect(try store.values("SELECT count(*) FROM delivery") == [[.integer(4)]])
    }

    /// The miles reach `shift show`, `shifts`, the report's CSV, the mileage log (CSV and
    /// workbook) and the tax summary's line 9, each saying what they leave out.
    @Test func platformMilesAreTheShiftsMilesMarkedEverywhere() throws {
        let store = try Self.imported([("driver_lifetime_trips-0.csv", Self.trips, "uber-driver-trips"),
                                       ("driver_payments-0.csv", Self.payments, "uber-driver-payments")])
        let note = "on-trip miles reported by Uber; driving between trips not included"
        let show = store.run("shift", "show", "1").stdout
        #expect(show.contains("  miles:     \(Self.miles) on 3 trips (platform): \(note); no route or miles of yours\n"), "\(show)")
        let list = store.run("shifts").stdout
        #expect(list.contains(" \(Self.miles)p ") && list.contains("p \(note) (no route, no miles of yours)"), "\(list)")

        let out = store.folder.path("export")
        #expect(store.run("export", "--format", "csv", "--out", out, "--range", "2026").status == .success)
        let shifts = TaxRead.csvObjects(try String(contentsOfFile: out + "/shifts.csv", encoding: .utf8))
        #expect(shifts.map { [$0["miles"], $0["miles_source"]] } == [["4.4811", "platform"]], "\(shifts)")
        let log = TaxRead.csvObjects(try String(contentsOfFile: out + "/mileage_log.csv", encoding: .utf8))
        let row = try #require(log.first)
        #expect(row["miles"] == Self.miles + "00" && row["miles_source"] == "platform" && row["measured_by"] == "reported by Uber", "\(row)")
        #expect(row["purpose"] == "delivery driving (Uber \(Self.miles) mi on trips; \(note))", "\(row)")
        #expect(log.last?["purpose"]?.hasSuffix("; 1 shift: \(note)") == true, "\(String(describing: log.last))")

        let book = store.folder.path("log.xlsx")
        #expect(store.run("export", "--format", "xlsx", "--out", book, "--range", "2026").status == .success)
        let sheet = try #require(try Workbook.read(book)["Mileage log"])
        #expect(sheet.contains { $0.contains { $0.v == "delivery driving (Uber \(Self.miles) mi on trips; \(note))" } })
        #expect(sheet.contains { $0.contains { $0.v.hasSuffix("; 1 shift: \(note)") } })

        let tax = store.run("tax", "--year", "2026", "--format", "csv")
        #expect(tax.status == .success, "\(tax.stderr)")
        let text = store.run("tax", "--year", "2026").stdout
        // 4.48 miles at 0.725: 3.248, 3.25.
        let line9 = text.split(separator: "\n").first { $0.contains("\(Self.miles) on-trip miles reported by Uber at 0.725 from 2026-01-01") }
        #expect(line9?.hasSuffix(" 3.25") == true, "\(text)")
        #expect(text.contains("- Line 9: the miles of 1 shift with no route or recorded miles (\(Self.miles)) are"), "\(text)")
        // The text wraps its sentences at 80 columns.
        let report = store.run("report", "--range", "2026-11").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(report.contains("Miles: those of 1 shift with no route or recorded miles are \(note)."), "\(report)")
    }

    /// A route, or miles the driver recorded, win whole: the platform's figure is never added.
    @Test func aRouteOrRecordedMilesBeatPlatformMiles() throws {
        let store = try CLIStore()
        // 08:00 to 08:05 in Chicago, the trips' first minutes.
        #expect(store.importGPX(try store.file("a.gpx", GPXFixture.document(segment: GPXFixture.drive(count: 300)))).status == .success)
        let trips = Self.header + """
            UberX,completed,2026-11-02T08:01:00.000Z,2026-11-02T08:02:00.000Z,2026-11-02T08:04:00.000Z,25.0,120,0.1,11.44,0.0,USD

            """
        let imported = store.run("import", "statement", try store.file("t.csv", trips), "--template", "uber-driver-trips")
        #expect(imported.status == .success, "\(imported.stderr)")
        let route = try #require(TaxRead.csvObjects(store.run("report", "--range", "2026-11", "--shifts", "--format", "csv").stdout).first)
        #expect(route["miles_source"] == "route" && (Double(route["miles"] ?? "") ?? 99) < 5, "\(route)")
        #expect(store.run("shift", "show", "1").stdout.contains("; not counted: its trips' 25.00 on-trip miles reported by Uber\n"))
        #expect(store.run("shift", "miles", "1", "--miles", "12.5").status == .success)
        let recorded = try #require(TaxRead.csvObjects(store.run("report", "--range", "2026-11", "--shifts", "--format", "csv").stdout).first)
        #expect(recorded["miles"] == "12.5000" && recorded["miles_source"] == "recorded", "\(recorded)")
        let out = store.folder.path("export")
        #expect(store.run("export", "--format", "csv", "--out", out, "--range", "2026").status == .success)
        let log = TaxRead.csvObjects(try String(contentsOfFile: out + "/mileage_log.csv", encoding: .utf8))
        #expect(log.first.map { [$0["miles"], $0["miles_source"], $0["measured_by"]] } == ["12.5000", "recorded", "recorded"], "\(log)")
    }

    /// Undoing the trips file takes its distances with it (the payments' trips stay, with no
    /// miles); undoing the payments file first leaves them.
    @Test func undoRemovesPlatformMilesWithTheirImport() throws {
        let store = try Self.imported([("driver_payments-0.csv", Self.payments, "uber-driver-payments"),
                                       ("driver_lifetime_trips-0.csv", Self.trips, "uber-driver-trips")])
        #expect(try Self.distances(store).count == 3)
        let undone = store.run("imports", "undo", "2")
        #expect(undone.status == .success, "\(undone.stderr)")
        #expect(try Self.distances(store).isEmpty)
        #expect(store.run("tax", "--year", "2026").stdout.contains("no business miles valued"))
        let again = try Self.imported([("driver_payments-0.csv", Self.payments, "uber-driver-payments"),
                                       ("driver_lifetime_trips-0.csv", Self.trips, "uber-driver-trips")])
        #expect(again.run("imports", "undo", "1").status == .success)
        #expect(try Self.distances(again).map { $0[2] } == [.integer(1_176_620), .integer(5_632_704), .integer(402_336)])
    }

    /// Importing the trips file again, as the same bytes or a new download of the same trips,
    /// or the other file of the pair, never doubles a trip's distance; undoing the download
    /// leaves the first file's.
    @Test func reimportingNeverDoublesTheDistance() throws {
        let store = try Self.imported([("driver_lifetime_trips-0.csv", Self.trips, "uber-driver-trips")])
        let path = store.folder.path("driver_lifetime_trips-0.csv")
        #expect(store.run("import", "statement", path, "--template", "uber-driver-trips").stdout.contains("already imported as import 1"))
        let redownload = store.run("import", "statement", try store.file("again.csv", Self.trips + "\n"), "--template", "uber-driver-trips")
        #expect(redownload.status == .success, "\(redownload.stderr)")
        #expect(store.run("import", "statement", try store.file("pay.csv", Self.payments), "--template", "uber-driver-payments").status == .success)
        #expect(store.run("shift", "show", "1").stdout.contains("  miles:     \(Self.miles) on 3 trips (platform)"))
        let tax = store.run("tax", "--year", "2026").stdout
        #expect(tax.contains("\(Self.miles) on-trip miles reported by Uber"), "\(tax)")
        let imports = try store.values("SELECT DISTINCT importId FROM deliveryDistance ORDER BY 1").compactMap { $0.first?.int64 }
        if let second = imports.dropFirst().first {
            #expect(store.run("imports", "undo", String(second)).status == .success)
        }
        #expect(try Self.distances(store).map { $0[2] } == [.integer(1_176_620), .integer(5_632_704), .integer(402_336)])
        #expect(store.run("shift", "show", "1").stdout.contains("  miles:     \(Self.miles) on 3 trips (platform)"))
    }
}
