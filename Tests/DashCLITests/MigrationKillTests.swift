import DashModel
@testable import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A migration killed midway leaves the store at its old version, openable, and any backup
/// beside it whole; the next run finishes the job.
@Suite(.serialized) struct MigrationKillTests {
    @Test func aMigrationKilledAnywhereLeavesTheOldVersionOrTheNew() throws {
        let folder = try TemporaryDirectory("DashPilotMigrationKill")
        let old = folder.path("v5.sqlite")
        do {
            // A v5 store big enough for the backup copy and the migration to take a while.
            let store = try Store.openHistorical(at: old, version: 5)
            let start = Instant(millisecondsSinceEpoch: 1_793_610_000_000)
            let id = try store.createCompletedShift(start: start, end: start.adding(milliseconds: 8 * 3_600_000))
            // The session as a v5 store holds it (this build's beginCapture writes v11's method).
            try store.connection.run("INSERT INTO captureSession (shiftId, startedAtMs, source) VALUES (?1, ?2, 'test')",
                                     [.integer(id), .instant(start)])
            // The route as a v5 store holds it (this build's RouteWriter writes v13's layout).
            try writeRouteAsOfAnyVersion(store, shiftID: id, session: store.connection.lastInsertRowID,
                                         (0..<(KillTests.slow ? 200_000 : 60_000)).map { (n: Int) -> (atMs: Int64, latitude: Double, longitude: Double) in
                                             (start.millisecondsSinceEpoch + Int64(n) * 100, 41.8 + Double(n % 1000) * 1e-5, -87.6)
                                         })
        }
        let out = folder.path("log")
        let store = folder.path("store.sqlite")
        func version(_ path: String) throws -> Int { Int(try ProcessHarness.sqlite(path, "PRAGMA user_version", output: out)) ?? -1 }
        let clock = ContinuousClock()
        try KillTests.copyStore(old, to: store)
        let t0 = clock.now
        let whole = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "store", "migrate"], output: out)
        #expect(whole.status == 0, "\(whole.stderr)")
        let elapsed = clock.now - t0
        let full = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var generator = SystemRandomNumberGenerator()
        var seen: Set<Int> = []
        for _ in 0..<KillTests.kills * 2 {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("store.sqlite") {
                try FileManager.default.removeItem(atPath: folder.path(name))
            }
            try KillTests.copyStore(old, to: store)
            let child = try ProcessHarness.start([ProcessHarness.dashpilot, "--store", store, "store", "migrate"], output: out)
            usleep(UInt32(Double.random(in: 0...(full * 1.2), using: &generator) * 1_000_000))
            child.kill()
            _ = child.wait()
            let now = try version(store)
            seen.insert(now)
            #expect(now == 5 || now == Schema.currentVersion, "killed at version \(now)")
            #expect(try ProcessHarness.sqlite(store, "PRAGMA integrity_check", output: out) == "ok")
            // A backup under a backup's name is whole: version 5, intact.
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("store.sqlite.v5") && name.hasSuffix(".bak") {
                #expect(try version(folder.path(name)) == 5, "\(name)")
                #expect(try ProcessHarness.sqlite(folder.path(name), "PRAGMA integrity_check", output: out) == "ok", "\(name)")
            }
            // The next run finishes it, and everything is still there.
            let check = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "check"], output: out)
            #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
            #expect(try version(store) == Schema.currentVersion)
            // Issue 12: no partial copy or its journal is left, and a rerun adds no second backup
            // of the same record.
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("store.sqlite.") }
            #expect(left.filter { $0.contains(".partial") }.isEmpty, "\(left)")
            #expect(left.filter { $0.hasSuffix(".bak") }.count <= 1, "\(left)")
            #expect(try ProcessHarness.sqlite(store, "SELECT count(*) FROM routeSample", output: out)
                == (try ProcessHarness.sqlite(old, "SELECT count(*) FROM routeSample", output: out)))
        }
        if KillTests.slow { #expect(seen == [5, Schema.currentVersion], "kills before and after the commit: \(seen)") }
    }
}
