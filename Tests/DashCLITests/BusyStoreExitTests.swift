@testable import DashCLI
import Foundation
import SQLiteKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A store another process is writing to: after the 10 s wait, one line naming the other writer
/// and exit 75 (EX_TEMPFAIL: a scheduler tries again). Before: exit 1, "another dashpilot".
@Suite struct BusyStoreExitTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory("DashPilotBusy") }

    func store() throws -> String {
        let path = folder.path("store.sqlite")
        let made = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", path, "--quiet", "expense", "add", "--date", "2026-11-02",
                                           "--amount", "4.00", "--category", "parking"], output: folder.path("m"))
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    @Test(arguments: ["import", "expense"])
    func aBusyStoreExits75InOneLineNamingTheWriter(_ kind: String) throws {
        let path = try store()
        let csv = folder.path("a.csv")
        try "date,amount,category,note\n2026-11-03,5.00,parking,\n".write(toFile: csv, atomically: true, encoding: .utf8)
        // This test process holds the write lock.
        let holder = try Connection(path: path, mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let words = kind == "import" ? ["import", "expenses", csv] : ["expense", "add", "--date", "2026-11-03", "--amount", "5", "--category", "parking"]
        let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", path, "--tz", "UTC", "--quiet"] + words, output: folder.path("r"))
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("the store \(path) is busy: another process (pid \(getpid())"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("try again later\n"))
        try holder.execute("ROLLBACK")
        #expect(try ProcessHarness.sqlite(path, "SELECT count(*) FROM expense", output: folder.path("q")) == "1")
    }

    /// /proc/locks as Linux writes it: the write lock byte (120) of the `-shm`, another pid.
    @Test func theWriterIsReadFromTheLockTable() throws {
        let path = folder.path("x.sqlite")
        FileManager.default.createFile(atPath: path + "-shm", contents: Data())
        var info = stat()
        try #require(stat(path + "-shm", &info) == 0)
        let dev = UInt64(info.st_dev)
        let id = String(format: "%02llx:%02llx:%llu", ((dev >> 8) & 0xFFF) | ((dev >> 32) & ~UInt64(0xFFF)),
                        (dev & 0xFF) | ((dev >> 12) & ~UInt64(0xFF)), UInt64(info.st_ino))
        let other = getpid() + 1
        #expect(LockHolder.pid(storePath: path, locks: "1: POSIX  ADVISORY  READ \(other) \(id) 128 128\n") == nil)
        #expect(LockHolder.pid(storePath: path, locks: "1: POSIX  ADVISORY  WRITE \(other) \(id) 120 120\n") == other)
        #expect(LockHolder.pid(storePath: path, locks: "1: POSIX  ADVISORY  WRITE \(getpid()) \(id) 120 120\n") == nil)
        #expect(LockHolder.describe(storePath: folder.path("none.sqlite")) == "another dashpilot process")
    }
}

/// Under --quiet a usage error is one line on stderr (docs/cron.md). Before: four lines.
@Suite struct QuietUsageTests {
    @Test(arguments: [
        ["--quiet", "shift", "add", "--strat", "2026-11-02T09:00"],
        ["shift", "add", "--quiet", "--strat", "2026-11-02T09:00"],
        ["--quiet", "shfit"],
        ["--quiet", "shift"],
        ["--quiet", "report", "--range"],
        ["--quiet", "--bogus"],
    ])
    func aUsageErrorUnderQuietIsOneLine(_ words: [String]) throws {
        let folder = try TemporaryDirectory("DashPilotQuiet")
        let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", folder.path("s.sqlite")] + words, output: folder.path("o"))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("dashpilot: error: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func theHintJoinsTheLine() {
        let result = runCLI(["--quiet", "shift", "add", "--strat", "x"])
        #expect(result.stderr == "dashpilot: error: unknown option --strat; did you mean --start?\n")
        // Without --quiet: the error, the hint, the usage (two lines since shift add took --earnings), the pointer to --help.
        #expect(runCLI(["shift", "add", "--strat", "x"]).stderr.split(separator: "\n").count == 5)
    }
}
