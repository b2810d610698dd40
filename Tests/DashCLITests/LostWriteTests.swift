import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26: no acknowledged write is lost when commands meet on one store. In 0.18.0 the first
/// write's stamp check opened and closed a descriptor of the store file while the process's
/// SQLite connection held its shared lock on it; closing any descriptor drops every POSIX lock
/// the process holds on the file, so the next connection to close believed itself the last,
/// checkpointed what it saw and deleted `-wal` and `-shm` under the writer, whose commit then
/// went into a log nobody would read. Each test orders the processes by the locks they take
/// (LockedProcesses.swift) and failed on 0.18.0.
@Suite(.serialized) struct LostWriteTests {
    let folder: TemporaryDirectory
    let store: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotLostWrite")
        store = folder.path("s.sqlite")
    }

    func start(_ words: [String], _ name: String) throws -> ProcessHarness.Child {
        try ProcessHarness.start([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: folder.path(name))
    }

    func addExpense(day: Int, amount: String, _ name: String) throws -> ProcessHarness.Child {
        try start(["expense", "add", "--date", String(format: "2026-11-%02d", day), "--amount", amount, "--category", "parking"], name)
    }

    func expenses() throws -> String {
        try ProcessHarness.sqlite(store, "SELECT group_concat(id || ':' || amountE4, ' ') FROM (SELECT * FROM expense ORDER BY id)", output: folder.path("q"))
    }

    func expectCheckClean(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let checked = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "check"], output: folder.path("check"))
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)", sourceLocation: sourceLocation)
    }

    /// The deterministic case (../shared/repro/lost-row-dashpilot-only.sh), with the test
    /// process as the reader that arrives between: an import holds the write lock; an
    /// `expense add` checks its stamp and waits; the import ends; a reader opens the store; the
    /// `expense add` goes on and says "added expense 2". 0.18.0: exit 0, and the store held
    /// expense 1 only.
    @Test func aWriteWaitingBehindAnImportIsKeptWhenAReaderArrivesMeanwhile() throws {
        let seeded = try addExpense(day: 1, amount: "1", "seed").wait()
        try #require(seeded.status == 0, "\(seeded.stderr)")
        try #require(FileManager.default.fileExists(atPath: store + "-verified"), "the seed's session leaves a stamp: the next write reads it")
        try LockedProcesses.slowGPX(at: folder.path("slow.gpx"))
        let importer = try start(["import", "gpx", folder.path("slow.gpx")], "import")
        try #require(LockedProcesses.stop(importer, whenItLocks: store + "-shm", matching: LockedProcesses.walWriteLock),
                     "the import holds the write lock")
        let writer = try addExpense(day: 2, amount: "22.22", "writer")
        // The writer checks its stamp, then waits for the write lock the import holds.
        usleep(1_500_000)
        writer.kill(SIGSTOP)
        importer.kill(SIGCONT)
        let imported = importer.wait()
        try #require(imported.status == 0, "\(imported.stderr)")
        // Another program reads the store, its read open while the writer goes on.
        var reader: Connection? = try Connection(path: store, mode: .readOnly)
        try reader?.execute("BEGIN")
        _ = try reader?.query("SELECT count(*) FROM expense")
        writer.kill(SIGCONT)
        let written = writer.wait()
        try reader?.execute("COMMIT")
        reader = nil
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("added expense 2"))
        #expect(try expenses() == "1:10000 2:222200", "the acknowledged row is in the store")
        try expectCheckClean()
    }

    /// An input file that is the store or one of its files is refused, and its descriptor never
    /// closed (Sources/HeldFiles/HeldFiles.swift): 0.18.0 read the store as a GPX file and closed
    /// it, dropping the process's locks, mid-import. `-wal` and `-shm` stand while this test's
    /// own reader holds the store.
    @Test func theStoreAndItsFilesAreNeverReadAsInput() throws {
        let seeded = try addExpense(day: 1, amount: "1", "seed").wait()
        try #require(seeded.status == 0, "\(seeded.stderr)")
        var reader: Connection? = try Connection(path: store, mode: .readOnly)
        _ = try reader?.query("SELECT count(*) FROM expense")
        defer { reader = nil }
        let inputs: [[String]] = [
            ["import", "gpx", store], ["import", "gpx", store + "-shm"], ["import", "expenses", store + "-wal"],
            ["import", "statement", store, "--template", "shift-log"],
        ]
        for words in inputs {
            let result = try start(words, "input").wait()
            #expect(result.status != 0, "\(words)")
            #expect(result.stderr.contains("is the store itself or one of its files"), "\(words): \(result.stderr)")
        }
        #expect(try expenses() == "1:10000")
    }

    /// The script as it is (../shared/repro/lost-row-dashpilot-only.sh): the reader that
    /// arrives between is a dry-run import, held once it locks the store's shared memory. 0.18.0:
    /// "added expense 2", exit 0, and the store held expense 1 only. Now the dry run holds its
    /// (rolled-back) write transaction, so the writer either lands or says busy after its 10 s
    /// and writes nothing: never acknowledged and lost. `make test-slow` (the busy wait).
    @Test(.enabled(if: KillTests.slow, "make test-slow"))
    func theScriptsScheduleNeverAcknowledgesALostRow() throws {
        let seeded = try addExpense(day: 1, amount: "1", "seed").wait()
        try #require(seeded.status == 0, "\(seeded.stderr)")
        try LockedProcesses.slowGPX(at: folder.path("slow.gpx"))
        let importer = try start(["import", "gpx", folder.path("slow.gpx")], "import")
        try #require(LockedProcesses.stop(importer, whenItLocks: store + "-shm", matching: LockedProcesses.walWriteLock))
        let writer = try addExpense(day: 2, amount: "22.22", "writer")
        usleep(1_500_000)
        writer.kill(SIGSTOP)
        importer.kill(SIGCONT)
        try #require(importer.wait().status == 0)
        let dryRun = try start(["import", "gpx", "--dry-run", folder.path("slow.gpx")], "dry")
        let held = LockedProcesses.stop(dryRun, whenItLocks: store + "-shm")
        writer.kill(SIGCONT)
        let written = writer.wait()
        if held { dryRun.kill(SIGCONT) }
        #expect(dryRun.wait().status == 0)
        if written.status == 0 {
            #expect(written.stdout.contains("added expense 2"))
            #expect(try expenses() == "1:10000 2:222200", "acknowledged, so in the store")
        } else {
            #expect(written.status == 75, "\(written.stderr)")
            #expect(try expenses() == "1:10000", "said busy, so nothing written")
        }
        try expectCheckClean()
    }

    /// `export --out` naming the store, even with `--force`, never replaces it (0.18.0 renamed
    /// the export over the store).
    @Test func anExportNeverReplacesTheStore() throws {
        let seeded = try addExpense(day: 1, amount: "1", "seed").wait()
        try #require(seeded.status == 0, "\(seeded.stderr)")
        for format in ["text", "xlsx"] {
            let result = try start(["export", "--format", format, "--out", store, "--force"], "export").wait()
            #expect(result.status == 1, "\(format): \(result.stderr)")
            #expect(result.stderr.contains("is the store itself"), "\(format): \(result.stderr)")
        }
        #expect(try expenses() == "1:10000")
        try expectCheckClean()
    }
}
