import DashExport
import DashModel
import DashReport
@testable import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// Schema v15 (issue 18) stores the route clustered by (shiftId, recordedAtMs, id). A store of
/// every earlier version, holding what those stores could hold (several samples at one instant in
/// one session, sessions sharing instants, ids in no order of time, positions aside), comes
/// through the step with every route row, every figure and every export as they were in the
/// layout before it: the store taken to v12 and the same store taken to v13 give the same bytes.
@Suite struct RouteClusterMigrationTests {
    static let start: Int64 = 1_793_610_000_000  // 2026-11-02T10:20:00Z
    static let zone = TimeZone(identifier: "America/Chicago") ?? .gmt

    /// Two shifts as raw SQL every version from v1 accepts: trips of two platforms, a parked
    /// stretch, three sessions (two of them sharing ten minutes of instants), a same-second
    /// burst every 50 s, and ids a shuffle of the write order.
    static func fill(_ connection: Connection, version: Int) throws {
        let t = start, minute: Int64 = 60_000
        try connection.execute("""
            INSERT INTO shift (id, startedAtMs, endedAtMs, grossEarningsE4) VALUES (1, \(t), \(t + 120 * minute), 250000);
            INSERT INTO shift (id, startedAtMs, endedAtMs) VALUES (2, \(t + 180 * minute), \(t + 300 * minute));
            INSERT INTO routeSuspension (shiftId, startedAtMs, endedAtMs) VALUES (1, \(t + 50 * minute), \(t + 55 * minute));
            INSERT INTO offer (id, acceptedAtMs, platform) VALUES (1, \(t + 10 * minute), 'Uber'), (2, \(t + 70 * minute), 'DoorDash');
            INSERT INTO delivery (id, shiftId, offerId, acceptedAtMs, deliveredAtMs, ownAmountE4)
                VALUES (1, 1, 1, \(t + 10 * minute), \(t + 40 * minute), 80000), (2, 1, 2, \(t + 70 * minute), \(t + 100 * minute), 90000);
            INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (\(t), 34590, 'fuel');
            INSERT INTO captureSession (id, shiftId, startedAtMs, endedAtMs, source) VALUES
                (1, 1, \(t), \(t + 119 * minute), 'a.gpx track 1 segment 1'),
                (2, 1, \(t + 30 * minute), \(t + 40 * minute), 'b.gpx track 1 segment 1'),
                (3, 2, \(t + 180 * minute), \(t + 299 * minute), 'c.gpx track 1 segment 1');
            """)
        var rows: [(shift: Int64, session: Int64, at: Int64, latitude: Double, longitude: Double, accuracy: Double?)] = []
        var random = SplitMix64(state: 13)
        func jitter() -> Double { Double(random.next() % 1000) * 1e-6 }
        for second in Int64(0)..<(119 * 60) {
            let at = t + second * 1000
            let fixes = second % 50 == 0 ? 3 : 1
            for fix in 0..<fixes {
                rows.append((1, 1, at, 41.85 + Double(second) * 2e-5 + Double(fix) * 3e-5, -87.65 + jitter(), fix == 1 ? nil : 5))
            }
            if (30 * 60)..<(40 * 60) ~= second {
                rows.append((1, 2, at, 41.851 + Double(second) * 2e-5, -87.649 + jitter(), 8))
            }
        }
        for second in Int64(0)..<(119 * 60) where second % 2 == 0 {
            rows.append((2, 3, t + 180 * minute + second * 1000, 41.9 - Double(second) * 1e-5, -87.7 + jitter(), nil))
        }
        var ids = Array(Int64(1)...Int64(rows.count))
        for index in ids.indices.reversed() {
            ids.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        let insert = try connection.prepare("""
            INSERT INTO routeSample (id, shiftId, captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        defer { insert.finalize() }
        try connection.transaction {
            for (row, id) in zip(rows, ids) {
                try insert.bind([.integer(id), .integer(row.shift), .integer(row.session), .integer(row.at), .real(row.latitude),
                                 .real(row.longitude), row.accuracy.map { .real($0) } ?? .null])
                try insert.execute()
            }
        }
        if version >= 9 {
            try connection.execute("""
                INSERT INTO routeSampleAside (captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)
                    VALUES (2, \(t + 35 * minute), 41.9, -87.6, 30), (2, \(t + 35 * minute), 41.91, -87.6, NULL);
                """)
        }
    }

    /// The tables steps after v15 add (empty), so the v14 copy reads as this build reads: the
    /// figures compared are the route's, which no later step changes (v16, a trip's
    /// platform-reported distance, is read by every report).
    static func addLaterTables(_ store: Store) throws {
        let current = try Store.inMemory()
        for row in try current.connection.query("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name = 'deliveryDistance'") {
            guard let sql = row["sql"].string else { continue }
            if try store.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = ?1", [row["name"]]) == .integer(0) {
                try store.connection.execute(sql)
            }
        }
    }

    /// Every route row, then every figure and export of the record, as this build reads them.
    struct Snapshot: Equatable {
        var routes: [[RouteSample]] = []
        var measures: [RouteMeasure] = []
        var facts: [ShiftFacts] = []
        var lines: [String] = []
    }

    static func everything(_ store: Store) throws -> Snapshot {
        var snapshot = Snapshot()
        snapshot.routes = try [1, 2].map { try store.routeSamples(shiftID: $0) }
        snapshot.measures = try store.routeMeasures(shiftIDs: [1, 2])
        snapshot.facts = try store.shiftFacts()
        var lines = try store.connection.query("SELECT * FROM routeSample ORDER BY id").map { $0.values.map(render).joined(separator: ",") }
        lines += try store.connection.query("SELECT * FROM routeSampleAside ORDER BY id").map { $0.values.map(render).joined(separator: ",") }
        lines += snapshot.measures.map { "\($0.meters.bitPattern)" }
        let request = ReportRequest(from: try Day(year: 2026, month: 11, day: 1), to: try Day(year: 2026, month: 12, day: 1),
                                    unit: .week, zone: zone, rates: nil)
        let (from, to) = request.instants
        let expenses = try store.expenses(from: from, to: to)
        let report = try Report(request: request, facts: try store.shiftFacts(from: from, to: to), expenses: expenses)
        lines += [ReportText.render(report), ReportText.renderShifts(report), ReportJSON.render(report), ReportJSON.renderShifts(report),
                  ReportText.renderPlatforms(report)]
        let data = ExportData(report: report, deliveries: try store.deliveryRecords(from: from, to: to), expenses: expenses)
        lines += data.tables.map { "== \($0.name)\n" + CSVText.render($0) }
        let template = try TextTemplate(BuiltInReportTemplates.summary, file: "summary.txt", schema: SummaryText.schema(.mi))
        lines.append(try SummaryText.render(data, template: template))
        snapshot.lines = lines
        return snapshot
    }

    @Test("a store of every earlier version keeps every route row, figure and export through v15", arguments: 1...12)
    func everyVersionThroughTheClusteredRoute(version: Int) throws {
        // Later steps (issue 27's platform distance, other income, accounting, joined shifts) come after v15's and touch no route.
        #expect(Schema.currentVersion >= 15)
        let folder = try TemporaryDirectory()
        let written = folder.path("written-v\(version).sqlite")
        do {
            let old = try Store.openHistorical(at: written, version: version)
            try Self.fill(old.connection, version: version)
        }
        // The same store in v1's layout (taken to v14, the step before the route's) and in v15's.
        for name in ["v14.sqlite", "v15.sqlite"] { try KillTests.copyStore(written, to: folder.path(name)) }
        let before: Snapshot
        do {
            let v12 = try Store.openHistorical(at: folder.path("v14.sqlite"), version: 14)
            #expect(try v12.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'routeSampleByShiftTime'") == .integer(1))
            try Self.addLaterTables(v12)
            before = try Self.everything(v12)
        }
        let store = try Store.open(at: folder.path("v15.sqlite"), create: false)
        #expect(store.version == Schema.currentVersion)
        #expect(try store.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'routeSampleByShiftTime'") == .integer(0))
        let after = try Self.everything(store)
        #expect(after.routes == before.routes)
        #expect(after.measures == before.measures)
        #expect(after.facts == before.facts)
        #expect(after.lines.count == before.lines.count)
        for (a, b) in zip(after.lines, before.lines) where a != b {
            Issue.record("changed by the migration:\n\(b.prefix(400))\nnow\n\(a.prefix(400))")
            break
        }
        #expect(after == before)
        // A burst holds 3 samples at one instant of one session: the shuffled ids still read in id order.
        #expect(try store.connection.scalar("SELECT max(n) FROM (SELECT count(*) AS n FROM routeSample GROUP BY shiftId, recordedAtMs, captureSessionId)") == .integer(3))
        // The next id is above every one the route holds, as a rowid was.
        let top = try store.connection.scalar("SELECT max(id) FROM routeSample")?.int64 ?? 0
        #expect(try store.connection.scalar("SELECT next FROM routeSampleSequence") == .integer(top + 1))
        #expect(try store.structuralFaults().isEmpty)
        let v12Meters = try Store.openHistorical(at: folder.path("v14.sqlite"), version: 14).recordedMeters(shiftID: 1)
        #expect(v12Meters == (try store.recordedMeters(shiftID: 1)))
        #expect(v12Meters > 1000)
    }

    /// Written after the migration, a sample comes after every stored one at its instant (its
    /// id is above them all), and the real binary shows the same miles as the v12 layout.
    @Test func samplesWrittenAfterTheMigrationFollowTheOldOnesAndTheBinaryShowsTheSameMiles() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sqlite")
        do { try Self.fill(try Store.openHistorical(at: path, version: 12).connection, version: 12) }
        try KillTests.copyStore(path, to: folder.path("v12.sqlite"))
        let miles = String(format: "%.2f", MileageMeter.miles(try Store.openHistorical(at: folder.path("v12.sqlite"), version: 12)
                                                                .recordedMeters(shiftID: 1)))
        let out = folder.path("out")
        let shown = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", path, "shift", "show", "1"], output: out)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains(miles), "\(miles) in \(shown.stdout)")
        #expect(shown.stderr.contains("migrated the store from schema version 12 to \(Schema.currentVersion)"), "\(shown.stderr)")
        let store = try Store.open(at: path, create: false)
        let top = try store.connection.scalar("SELECT max(id) FROM routeSample")?.int64 ?? 0
        let at = Instant(millisecondsSinceEpoch: Self.start)
        let writer = try RouteWriter(store: store, shiftID: 1, captureSessionID: 1)
        try store.write { try writer.append([try Position(at: at, latitude: 41.7, longitude: -87.6)]) }
        writer.finish()
        let here = try store.connection.query("SELECT id, latitude FROM routeSample WHERE shiftId = 1 AND recordedAtMs = ?1 ORDER BY id",
                                              [.integer(Self.start)]).map { $0.values }
        #expect(here.last == [.integer(top + 1), .real(41.7)], "\(here)")
        #expect(try store.routeSamples(shiftID: 1).filter { $0.position.at == at }.last?.position.latitude == 41.7)
    }
}
