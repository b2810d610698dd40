import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26: a writing session takes SQLite's automatic checkpoints over (its own hook,
/// Sources/SQLiteKit/OwnCheckpoints.swift) and notes the store file around each, so its stamp
/// vouches only for what SQLite wrote. A clean session whose commits pass the checkpoint
/// threshold several times still leaves a stamp the next session trusts, and its log stays as
/// small as SQLite's own checkpoints keep it.
@Suite struct OwnCheckpointTests {
    let folder: TemporaryDirectory
    let store: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotOwnCheckpoints")
        store = folder.path("s.sqlite")
    }

    /// Commits of about 250 pages each (3,000 expenses with long notes), `count` of them.
    func writeMany(_ opened: Store, commits count: Int) throws {
        let note = String(repeating: "n", count: 190)
        let start = Instant(millisecondsSinceEpoch: 1_790_000_000_000)
        for commit in 0..<count {
            try opened.write {
                for row in 0..<3_000 {
                    _ = try opened.addExpense(at: start.adding(milliseconds: Int64(commit * 10_000 + row) * 60_000),
                                              amount: Money(units: 10_000), category: "parking", note: note)
                }
            }
        }
    }

    func logBytes() -> Int {
        var info = stat()
        return lstat(store + "-wal", &info) == 0 ? Int(info.st_size) : 0
    }

    @Test func aSessionPastTheThresholdLeavesAStampTheNextTrusts() throws {
        var largestLog = 0
        do {
            let opened = try Store.open(at: store, create: true)
            for _ in 0..<8 {
                try writeMany(opened, commits: 1)
                largestLog = max(largestLog, logBytes())
            }
        }
        // About 2,000 pages written in all: without checkpoints the log would hold them all.
        #expect(largestLog < 1_400 * 4_120, "the log was checkpointed: \(largestLog) bytes")
        let first = try #require(VerifiedStamp.read(store: store), "a clean session with its own checkpoints is stamped")
        #expect(first.sessionsSince == 0)
        do {
            let opened = try Store.open(at: store, create: false)
            try writeMany(opened, commits: 4)
        }
        #expect(VerifiedStamp.read(store: store)?.sessionsSince == 1, "the next session trusted it, and was stamped in turn")
    }

    @Test func aChangeTheSessionDidNotMakeMeansNoStamp() throws {
        do {
            let opened = try Store.open(at: store, create: true)
            try writeMany(opened, commits: 2)
            // Another program touches the file between two of the session's own checkpoints.
            usleep(20_000)
            try #require(utimes(store, nil) == 0, "its times set to now: the change time moves")
            try writeMany(opened, commits: 2)
        }
        #expect(VerifiedStamp.read(store: store) == nil)
    }
}
