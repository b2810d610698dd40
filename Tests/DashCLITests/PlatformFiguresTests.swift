import Foundation
import Testing
import TestSupport

/// Issue 13, "The figures": per-platform gross through the real binary. A delivery log of two
/// platforms (one in two letter cases) and a shift-log row are imported; `report --format json`
/// and the export's platforms.csv give per platform exactly what the files' own text sums to,
/// to the cent (conservation), and the platforms' sum is the report's gross.
@Suite struct PlatformFiguresTests {
    static let deliveryLog = """
        Date,Accepted,Delivered,Platform,Pay,Tips,Pickup
        2026-11-05,16:50,17:12,DoorDash,7.25,2.50,Taco Joint
        2026-11-05,17:20,17:44,doordash,9.01,3.25,Pho Place
        2026-11-05,17:50,18:10,DoorDash,6.37,,Deli
        2026-11-06,17:00,17:31,Uber Eats,8.10,,Burger Bar
        2026-11-06,17:45,18:20,Uber Eats,11.43,4.00,Noodle House

        """
    static let shiftLog = """
        Date,Start,End,Platform,Earnings,Tips
        2026-11-10,16:00,18:00,Grubhub,41.37,6.00

        """

    /// Cents of `column` per lower-cased `Platform`, from the CSV text itself.
    static func cents(_ text: String, column: String) -> [String: Int] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first, let platform = header.firstIndex(of: "Platform"), let amount = header.firstIndex(of: column) else { return [:] }
        var sums: [String: Int] = [:]
        for row in lines.dropFirst() {
            guard let value = Decimal(string: row[amount]) else { continue }
            sums[row[platform].lowercased(), default: 0] += NSDecimalNumber(decimal: value * 100).intValue
        }
        return sums
    }

    static func cents(_ text: String?) -> Int? { text.flatMap { Decimal(string: $0) }.map { NSDecimalNumber(decimal: $0 * 100).intValue } }

    @Test func perPlatformGrossIsWhatTheFilesSay() throws {
        let folder = try TemporaryDirectory("PlatformFiguresTests")
        let store = folder.path("store.sqlite")
        try Self.deliveryLog.write(toFile: folder.path("log.csv"), atomically: true, encoding: .utf8)
        try Self.shiftLog.write(toFile: folder.path("shifts.csv"), atomically: true, encoding: .utf8)
        let out = folder.path("run")
        func dashpilot(_ words: String...) throws -> (status: Int32, stdout: String, stderr: String) {
            try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: out)
        }
        for (file, template) in [("log.csv", "delivery-log"), ("shifts.csv", "shift-log")] {
            let imported = try dashpilot("import", "statement", folder.path(file), "--template", template, "--create-shifts")
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        var expected = Self.cents(Self.deliveryLog, column: "Pay")
        expected.merge(Self.cents(Self.shiftLog, column: "Earnings")) { $0 + $1 }
        #expect(expected == ["doordash": 2263, "uber eats": 1953, "grubhub": 4137])

        // The report's JSON: the total's platforms, each named once, in the spelling that sorts first.
        let report = try dashpilot("report", "--range", "2026-11", "--format", "json")
        try #require(report.status == 0, "\(report.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let total = try #require(json["total"] as? [String: Any])
        let platforms = try #require(total["platforms"] as? [[String: Any]])
        var reported: [String: Int] = [:]
        for platform in platforms {
            // Today the shift log's platform is not stored: its row is money naming no platform.
            let name = (platform["platform"] as? String) ?? "grubhub"
            reported[name.lowercased()] = Self.cents(platform["gross_earnings"] as? String)
        }
        #expect(reported == expected)
        #expect(platforms.compactMap { $0["platform"] as? String }.contains("DoorDash"))
        #expect(Self.cents(total["gross_earnings"] as? String) == expected.values.reduce(0, +))
        #expect(total["shifts_without_earnings"] as? Int == 0)

        // The export's platforms.csv: per period and platform; summed over periods, the same.
        let exported = try dashpilot("export", "--format", "csv", "--out", folder.path("export"), "--range", "2026-11")
        try #require(exported.status == 0, "\(exported.stderr)")
        let csv = try String(contentsOfFile: folder.path("export/platforms.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(rows.first)
        #expect(header == ["period_start", "period_end", "platform", "shifts", "trips", "gross_earnings", "platform_tips", "fees", "trip_distance", "other_income"])
        var fromCSV: [String: Int] = [:]
        for row in rows.dropFirst() where row.count == header.count {
            let name = row[2].isEmpty ? "grubhub" : row[2].lowercased()
            fromCSV[name, default: 0] += Self.cents(row[5]) ?? 0
        }
        #expect(fromCSV == expected)
        let shifts = try String(contentsOfFile: folder.path("export/shifts.csv"), encoding: .utf8)
        #expect(shifts.split(separator: "\r\n").first?.hasSuffix(",platforms,unlogged_hours") == true)
        // These shifts have no route: their unlogged time is empty (nil, not 0.00).
        #expect(shifts.contains(",DoorDash,\r\n") && shifts.contains(",Uber Eats,\r\n"), "\(shifts)")
    }
}
