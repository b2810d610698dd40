@testable import DashStore
import Foundation
import SQLiteKit
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a failed open left beside the store is removed only when no connection can be using it
/// (Sources/DashStore/OpenLeftovers.swift): issue 26, item 9. The full disk itself is made in
/// Tests/DashCLITests/DiskFullAtOpenTests.swift; here the files a failed open leaves (an empty
/// `-wal`, a `-shm` of 3 bytes, as SQLite leaves them on a full disk) are made by hand.
@Suite struct OpenLeftoversTests {
    /// A store made and closed: nothing beside it but what `open` leaves.
    static func closedStore(in folder: TemporaryDirectory) throws -> String {
        let path = folder.path("s.sqlite")
        _ = try Store.open(at: path, create: true)
        #expect(!exists(path + "-wal") && !exists(path + "-shm"))
        return path
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// An empty `-wal` and a `-shm` of 3 bytes, as a failed open on a full disk leaves them.
    static func leaveBehind(_ path: String, walBytes: Int = 0) {
        FileManager.default.createFile(atPath: path + "-wal", contents: Data(repeating: 7, count: walBytes))
        FileManager.default.createFile(atPath: path + "-shm", contents: Data([0, 0, 0]))
    }

    @Test func whatAFailedOpenCreatedIsRemovedWhenNoConnectionHasTheStore() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.closedStore(in: folder)
        let leftovers = OpenLeftovers(storePath: path)
        Self.leaveBehind(path)
        leftovers.removeCreated()
        #expect(!Self.exists(path + "-wal") && !Self.exists(path + "-shm"))
        #expect(Self.exists(path))
    }

    /// Another process opened the store meanwhile and made the files itself: it holds SQLite's
    /// SHARED lock while open, so they are its, and stay.
    @Test func nothingIsRemovedWhileAnotherProcessHasTheStoreOpen() throws {
        let sqlite3 = try #require(["/usr/bin/sqlite3", "/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "the sqlite3 command-line tool is needed (make deps installs it)")
        let folder = try TemporaryDirectory()
        let path = try Self.closedStore(in: folder)
        let leftovers = OpenLeftovers(storePath: path)
        let other = Process()
        other.executableURL = URL(fileURLWithPath: sqlite3)
        other.arguments = [path, "SELECT count(*) FROM sqlite_schema", ".shell sleep 3"]
        other.standardOutput = FileHandle.nullDevice
        try other.run()
        defer { other.waitUntilExit() }
        let deadline = Date().addingTimeInterval(10)
        while !Self.exists(path + "-shm"), Date() < deadline { usleep(20_000) }
        try #require(Self.exists(path + "-wal") && Self.exists(path + "-shm"))
        leftovers.removeCreated()
        #expect(Self.exists(path + "-wal") && Self.exists(path + "-shm"), "another connection's log and index were removed")
    }

    /// A connection of this process has the store open: its files are never touched (nor the
    /// store opened and closed, which would drop that connection's locks).
    @Test func nothingIsRemovedWhileThisProcessHasTheStoreOpen() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.closedStore(in: folder)
        let leftovers = OpenLeftovers(storePath: path)
        let store = try Store.open(at: path, create: false)
        try #require(Self.exists(path + "-wal") && Self.exists(path + "-shm"))
        leftovers.removeCreated()
        #expect(Self.exists(path + "-wal") && Self.exists(path + "-shm"))
        try store.addExpense(at: minute(0), amount: money("2.50"), category: "parking")
        #expect(try store.connection.scalar("SELECT count(*) FROM expense") == .integer(1))
    }

    /// Only what the open created, and a log only when empty: a `-wal` found there is kept, and
    /// so is one holding frames (with its `-shm`, which indexes them).
    @Test func aLogFoundThereOrHoldingFramesIsKept() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.closedStore(in: folder)
        Self.leaveBehind(path)
        OpenLeftovers(storePath: path).removeCreated()
        #expect(Self.exists(path + "-wal") && Self.exists(path + "-shm"))
        for suffix in ["-wal", "-shm"] { unlink(path + suffix) }

        let leftovers = OpenLeftovers(storePath: path)
        Self.leaveBehind(path, walBytes: 32)
        leftovers.removeCreated()
        #expect(Self.exists(path + "-wal") && Self.exists(path + "-shm"))
    }
}
