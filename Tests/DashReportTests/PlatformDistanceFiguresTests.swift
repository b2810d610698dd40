import DashModel
@testable import DashReport
import Foundation
import Testing

/// Issue 27, item 4, from hand-built facts: a shift's trips' platform-reported distance is its
/// miles only with neither a route nor recorded miles (one source wins whole, never a sum), and
/// every figure made of miles takes it so, marked (docs/mileage.md, "Platform-reported miles").
@Suite struct PlatformDistanceFiguresTests {
    typealias F = ReportFiguresTests

    /// 10 miles of Uber trips and 2.5 of Lyft's.
    static let reported = PlatformDistance(trips: [("Uber", 6_437_376), ("Uber", 9_656_064), ("Lyft", 4_023_360)])

    static func facts(_ id: Int64, meters: Double? = nil, recorded: Int64? = nil, platform: PlatformDistance? = reported) throws -> ShiftFacts {
        let start = try F.at(2026, 11, 2, 9, offset: -6)
        var facts = try F.facts(id, start.adding(milliseconds: id * 86_400_000), start.adding(milliseconds: id * 86_400_000 + 2 * F.hour),
                                earnings: "50", meters: meters)
        facts.recordedMiles = try recorded.map { try RecordedMiles(tenths: $0) }
        facts.platformDistance = platform
        return facts
    }

    @Test func oneSourceWinsWhole() throws {
        let onlyPlatform = try Self.facts(1)
        #expect(onlyPlatform.milesSource == .platform && onlyPlatform.distanceMiles == 12.5)
        #expect(onlyPlatform.platformDistanceCounted == Self.reported)
        let routed = try Self.facts(2, meters: 1609.344)
        #expect(routed.milesSource == .route && routed.distanceMiles == 1 && routed.platformDistanceCounted == nil)
        let recorded = try Self.facts(3, meters: 1609.344, recorded: 33)
        #expect(recorded.milesSource == .recorded && recorded.distanceMiles == 3.3)
        let none = try Self.facts(4, platform: nil)
        #expect(none.milesSource == .none && none.distanceMeters == nil)
        #expect(PlatformDistance(trips: []) == nil, "no trip with a distance is no figure, never 0")
        #expect(Self.reported?.reporters == "Lyft and Uber")
    }

    /// The period's miles, the mileage log and its notes, per-platform miles and line 9.
    @Test func theFiguresTakeThemMarked() throws {
        let facts = [try Self.facts(1), try Self.facts(2, meters: 1609.344)]
        let rates = try #require(try MileageRateTable.builtIn("us-irs-business"))
        let request = ReportRequest(from: try F.day("2026-11-01"), to: try F.day("2026-12-01"), unit: .month, zone: F.chicago, rates: rates)
        let report = try Report(request: request, facts: facts, expenses: [])
        #expect(report.total.distance(.mi).map { ($0 * 100).rounded() } == 1350)
        #expect(report.total.shiftsOnPlatformDistance == 1 && report.total.shiftsWithoutRoute == 0)
        // The shifts' own figures name no platform: that row has no miles.
        let rows = report.total.platformRows.filter { $0.platform != nil }
        #expect(rows.map(\.platform) == ["Lyft", "Uber"])
        #expect(rows.map { $0.distanceMeters.map { ($0 / 16.09344).rounded() } } == [250, 1000], "each platform its own trips' miles")
        let data = ExportData(report: report, deliveries: [], expenses: [])
        let log = data.mileageLog
        let source = try #require(log.columns.firstIndex(of: "miles_source")), purpose = try #require(log.columns.firstIndex(of: "purpose"))
        #expect(log.rows.prefix(2).map { $0[source] } == [.text("platform"), .text("route")])
        let note = "on-trip miles reported by Lyft and Uber; driving between trips not included"
        #expect(log.rows.first?[purpose] == .text("delivery driving (Lyft 2.50 mi on trips, Uber 10.00 mi on trips; \(note))"))
        #expect(data.mileageRatesNote.hasSuffix("; 1 shift: " + note))
    }
}
