import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 18, "Scale": the first write's full checks are skipped only while the stamp of the last
/// verified writing session still describes the store file (Sources/DashStore/VerifiedStamp.swift),
/// through the real binary. What is observable: the stamp's count of sessions since the last
/// full check (0 after a full check), and a stamp made to describe a damaged file letting a
/// write through (the checks did not run) where without it the write is refused.
@Suite struct VerifiedStampTests {
    let folder: TemporaryDirectory
    let out: String
    let store: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotVerifiedStamp")
        out = folder.path("log")
        store = folder.path("s.sqlite")
    }

    func dashpilot(_ words: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: out)
    }

    func addExpense(_ day: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let added = try dashpilot(["expense", "add", "--date", "2026-11-\(String(format: "%02d", day))", "--amount", "4.10", "--category", "parking"])
        try #require(added.status == 0, "\(added.stderr)", sourceLocation: sourceLocation)
    }

    var sessionsSince: Int? { VerifiedStamp.read(store: store)?.sessionsSince }

    func expectRefused(_ damage: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = FileManager.default.contents(atPath: store)
        let result = try dashpilot(["expense", "add", "--date", "2026-11-20", "--amount", "3", "--category", "tolls"])
        #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("is damaged") && result.stderr.contains(damage), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(FileManager.default.contents(atPath: store) == before, "nothing written", sourceLocation: sourceLocation)
        #expect(VerifiedStamp.read(store: store) == nil, "a damaged store keeps no stamp", sourceLocation: sourceLocation)
    }

    @Test func anUntouchedStoreSkipsTheFullChecksAndCountsTheSessions() throws {
        try addExpense(3)
        #expect(sessionsSince == 0, "the first write of a new store checks in full")
        try addExpense(4)
        #expect(sessionsSince == 1)
        // A command that only reads leaves the file and its stamp as they were.
        #expect(try dashpilot(["expenses"]).status == 0)
        try addExpense(5)
        #expect(sessionsSince == 2)
        let mode = try FileManager.default.attributesOfItem(atPath: VerifiedStamp.path(forStore: store))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aStampThatDescribesTheFileIsTrustedSoTheChecksAreSkipped() throws {
        try addExpense(3)
        try addExpense(4)
        _ = try ProcessHarness.sqlite(store, "UPDATE expense SET importId = 999 WHERE id = 2", output: out)
        // A stamp made for the damaged file as it now is: the guard trusts it, the checks do not
        // run, the write goes through. This is the trust the stamp stands for, shown.
        let header = try #require(FileManager.default.contents(atPath: store)).prefix(100).map { $0 }
        let state = try #require(VerifiedStamp.currentState(ofStore: store, header: header))
        VerifiedStamp(file: state, fullCheckAt: Int64(time(nil)), sessionsSince: 0).write(store: store)
        #expect(try dashpilot(["expense", "add", "--date", "2026-11-06", "--amount", "3", "--category", "tolls"]).status == 0)
        // Without it, the same damage is refused.
        VerifiedStamp.remove(store: store)
        try expectRefused("broken reference in expense row 2")
    }

    @Test func bytesChangedByAnotherProgramAfterAVerifiedWriteAreRefused() throws {
        try addExpense(3)
        try addExpense(4)
        try addExpense(5)
        #expect(sessionsSince == 2, "the stamp is trusted before the damage")
        // Another program changes a byte of an index (a row missing from it: quick_check says
        // ok) and sets the modification time back to what it was: the change time still moves.
        var before = stat()
        try #require(stat(store, &before) == 0)
        try damageTheIndex()
        var after = stat()
        try #require(stat(store, &after) == 0)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec && after.st_size == before.st_size)
        #expect(try ProcessHarness.sqlite(store, "PRAGMA quick_check", output: out) == "ok", "quick_check alone misses it")
        try expectRefused("missing from index expenseByTime")
    }

    @Test func aSessionThatCannotFinishItsLogLeavesNoStamp() throws {
        try addExpense(3)
        try addExpense(4)
        #expect(sessionsSince == 1)
        // Another process reads the store while the write's session ends: its log cannot be
        // checkpointed without waiting, so no stamp is left, and the next write checks in full.
        var reader: Connection? = try Connection(path: store, mode: .readOnly)
        try reader?.execute("BEGIN")
        _ = try reader?.query("SELECT count(*) FROM expense")
        try addExpense(5)
        #expect(VerifiedStamp.read(store: store) == nil)
        try reader?.execute("COMMIT")
        reader = nil
        try addExpense(6)
        #expect(sessionsSince == 0, "checked in full")
    }
}
