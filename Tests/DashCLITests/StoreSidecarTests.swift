import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 12, items 1 and 2, through the real binary: a `-wal` or `-journal` that does not belong
/// to the store, and a store path that is not a regular file, are refused before SQLite reads
/// anything, and nothing is written, chmodded or created.
@Suite struct StoreSidecarTests {
    let folder: TemporaryDirectory
    let out: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotSidecars")
        out = folder.path("log")
    }

    func dashpilot(_ store: String, _ words: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: out)
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// A store with one shift, written and closed by the binary (its log checkpointed away).
    func storeWithAShift(_ name: String) throws -> String {
        let path = folder.path(name)
        let added = try dashpilot(path, "shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15")
        try #require(added.status == 0, "\(added.stderr)")
        return path
    }

    /// The bytes of a write-ahead log holding committed writes of `path`, made by `write` on a
    /// connection that closes without checkpointing (as a killed process leaves it).
    func logOf(_ path: String, _ write: (Connection) throws -> Void) throws -> Data {
        let connection = try Connection(path: path, mode: .readWriteCreate, checkpointOnClose: false)
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA wal_autocheckpoint = 0")
        try write(connection)
        return try #require(bytes(path + "-wal"))
    }

    /// The log the binary's own write (`words`) leaves when it is not checkpointed: another
    /// process (python's sqlite3) holds the store open while dashpilot writes, and is then killed,
    /// as a crash leaves it. The bytes of `STORE-wal`; the store is left with it beside it.
    func logLeftByTheBinary(_ store: String, _ words: String...) throws -> Data {
        let ready = folder.path("holder.ready")
        let script = "import sqlite3, sys, time, pathlib\nc = sqlite3.connect(sys.argv[1])\n"
            + "c.execute('SELECT count(*) FROM sqlite_schema').fetchall()\npathlib.Path(sys.argv[2]).touch()\ntime.sleep(60)\n"
        let holder = try ProcessHarness.start(["/usr/bin/python3", "-c", script, store, ready], output: folder.path("holder"))
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: ready) { usleep(10_000) }
        let wrote = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: out)
        holder.kill()
        _ = holder.wait()
        try #require(wrote.status == 0, "\(wrote.stderr)")
        return try #require(bytes(store + "-wal"))
    }

    static let expense = ["expense", "add", "--date", "2026-11-03", "--amount", "1.23", "--category", "parking"]

    /// A DashPilot write as the binary makes it: its transaction stamps the store's identity.
    static func stampedExpense(_ connection: Connection) throws {
        let identity = try connection.scalar("PRAGMA application_id")?.int64 ?? 0
        try connection.execute("BEGIN IMMEDIATE")
        try connection.execute("PRAGMA application_id = \(identity)")
        try connection.execute("INSERT INTO expense (occurredAtMs, amountE4, category) VALUES (1794700000000, 12340, 'parking')")
        try connection.execute("COMMIT")
    }

    func expectRefused(_ store: String, wal: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = bytes(store)
        let log = bytes(wal)
        for words in [["check"], ["shifts"], ["expense", "add", "--date", "2026-11-03", "--amount", "6", "--category", "parking"]] {
            let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store] + words, output: out)
            #expect(result.status == 1, "\(words): \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains("does not belong to the store"), "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains("nothing was read or written"), sourceLocation: sourceLocation)
        }
        #expect(bytes(store) == before, "the store's bytes are unchanged", sourceLocation: sourceLocation)
        #expect(bytes(wal) == log, "the log is left as it was, for the driver to look at", sourceLocation: sourceLocation)
    }

    @Test func anotherDatabasesLogIsRefusedAndTheStoreKept() throws {
        let store = try storeWithAShift("s.sqlite")
        // The reproduction: a WAL database with one table, its log copied beside the store.
        let foreign = try logOf(folder.path("o.sqlite")) { connection in
            try connection.execute("CREATE TABLE other (x INTEGER)")
            try connection.execute("INSERT INTO other VALUES (1)")
        }
        try foreign.write(to: URL(fileURLWithPath: store + "-wal"))
        try expectRefused(store, wal: store + "-wal")
        // Moved away, the store is whole and its shift there.
        try FileManager.default.removeItem(atPath: store + "-wal")
        let check = try dashpilot(store, "check")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try dashpilot(store, "shifts").stdout.contains("2026-11-02"))
    }

    @Test func anotherStoresLogIsRefused() throws {
        let mine = try storeWithAShift("mine.sqlite")
        let other = try storeWithAShift("other.sqlite")
        let otherLog = try logLeftByTheBinary(other, "expense", "add", "--date", "2026-11-03", "--amount", "1.23", "--category", "parking")
        try otherLog.write(to: URL(fileURLWithPath: mine + "-wal"))
        try expectRefused(mine, wal: mine + "-wal")
    }

    @Test func theStoresOwnLogIsApplied() throws {
        // A log this store's own write left (a killed process) is the store's latest record.
        let store = try storeWithAShift("s.sqlite")
        let saved = folder.path("saved.sqlite")
        try FileManager.default.copyItem(atPath: store, toPath: saved)
        let log = try logLeftByTheBinary(store, "expense", "add", "--date", "2026-11-03", "--amount", "1.23", "--category", "parking")
        try FileManager.default.removeItem(atPath: store + "-shm")
        // The store as it was before that write, with the write's log beside it.
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: saved, toPath: store)
        try log.write(to: URL(fileURLWithPath: store + "-wal"))
        let check = try dashpilot(store, "check")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try dashpilot(store, "expenses").stdout.contains("1.23"))
    }

    @Test func aStaleLogAfterABackupIsRestoredIsRefused() throws {
        // A v5 store migrated by the binary leaves STORE.v5.bak.
        let store = folder.path("s.sqlite")
        do { _ = try Store.openHistorical(at: store, version: 5) }
        let migrated = try dashpilot(store, "store", "migrate")
        try #require(migrated.status == 0, "\(migrated.stderr)")
        let backup = store + ".v5.bak"
        try #require(FileManager.default.fileExists(atPath: backup))
        // The store is written after the migration, and that write's log is still beside it
        // when the driver copies the backup back.
        let log = try logLeftByTheBinary(store, "expense", "add", "--date", "2026-11-03", "--amount", "1.23", "--category", "parking")
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: backup, toPath: store)
        try log.write(to: URL(fileURLWithPath: store + "-wal"))
        try expectRefused(store, wal: store + "-wal")
    }

    @Test func aRollbackJournalBesideAStoreIsRefused() throws {
        let store = try storeWithAShift("s.sqlite")
        // A hot journal of another database: it would roll the file back to 2 pages.
        var journal = [UInt8](repeating: 0, count: 4096)
        let header: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7, 0, 0, 0, 0, 0x12, 0x34, 0x56, 0x78, 0, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0x10, 0]
        journal.replaceSubrange(0..<header.count, with: header)
        try Data(journal).write(to: URL(fileURLWithPath: store + "-journal"))
        try expectRefused(store, wal: store + "-journal")
        // The review's: a journal that would roll the store back to 0 pages (a real creation
        // journal looks so) beside a store that holds a record.
        journal.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        try Data(journal).write(to: URL(fileURLWithPath: store + "-journal"))
        try expectRefused(store, wal: store + "-journal")
        // A journal whose first byte is 0 is not hot: SQLite ignores it, and so does dashpilot.
        try Data(repeating: 0, count: 512).write(to: URL(fileURLWithPath: store + "-journal"))
        #expect(try dashpilot(store, "check").status == 0)
    }

    /// A store as an earlier build left it: no identity.
    func storeOfAnEarlierBuild(_ name: String) throws -> String {
        let store = try storeWithAShift(name)
        _ = try ProcessHarness.sqlite(store, "PRAGMA application_id = 0", output: out)
        try #require(try ProcessHarness.sqlite(store, "PRAGMA application_id", output: out) == "0")
        return store
    }

    @Test func aStoreOfAnEarlierBuildIsGivenAnIdentityWhenOpened() throws {
        let store = try storeOfAnEarlierBuild("s.sqlite")
        #expect(try dashpilot(store, "shifts").status == 0)
        #expect(try ProcessHarness.sqlite(store, "PRAGMA application_id", output: out) != "0")
    }

    @Test func aForeignLogBesideAStoreOfAnEarlierBuildIsNotApplied() throws {
        // The review's: another database's log with a plausible schema version (3) was taken
        // for the store's, migrated, and the record became that database.
        let store = try storeOfAnEarlierBuild("s.sqlite")
        let foreign = try logOf(folder.path("o.sqlite")) { connection in
            try connection.execute("BEGIN; CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1); PRAGMA user_version = 3; COMMIT")
        }
        try foreign.write(to: URL(fileURLWithPath: store + "-wal"))
        let before = bytes(store)
        let result = try dashpilot(store, "check")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot be proven to belong"), "\(result.stderr)")
        #expect(bytes(store) == before)
        #expect(bytes(store + "-wal") == foreign)
        #expect(!FileManager.default.fileExists(atPath: store + ".v3.bak"))
    }

    @Test func anEarlierBuildsOwnLogIsKeptAndTheMessageSaysHowToApplyIt() throws {
        let store = try storeOfAnEarlierBuild("s.sqlite")
        // An earlier build's write: no page 1 in it (an UPDATE), left by a kill.
        let log = try logOf(store) { connection in
            try connection.execute("UPDATE shift SET endedAtMs = endedAtMs - 60000")
        }
        try FileManager.default.removeItem(atPath: store + "-shm")
        try log.write(to: URL(fileURLWithPath: store + "-wal"))
        let refused = try dashpilot(store, "check")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("PRAGMA wal_checkpoint"), "\(refused.stderr)")
        #expect(bytes(store + "-wal") == log, "the log is kept for the driver")
        // Following the message keeps the write.
        _ = try ProcessHarness.sqlite(store, "PRAGMA wal_checkpoint", output: out)
        #expect(try dashpilot(store, "check").status == 0)
        #expect(try dashpilot(store, "shifts").stdout.contains("14:14"))
    }

    @Test func storesCreatedByFourProcessesAtOnceAreNeverRefused() throws {
        for round in 0..<(KillTests.slow ? 60 : 8) {
            let store = folder.path("new\(round)/s.sqlite")
            let children = try (0..<4).map { n in
                try ProcessHarness.start([ProcessHarness.dashpilot, "--store", store, "expense", "add", "--date", "2026-11-0\(n + 1)",
                                          "--amount", "1", "--category", "parking"], output: folder.path("child\(n)"))
            }
            var added = 0
            for child in children {
                let result = child.wait()
                #expect(!result.stderr.contains("does not belong") && !result.stderr.contains("rollback journal"), "\(result.stderr)")
                #expect(result.status == 0, "every one lands (busy at once was 4 of 120 runs): \(result.stderr)")
                if result.status == 0 { added += 1 }
            }
            #expect(try ProcessHarness.sqlite(store, "SELECT count(*) FROM expense", output: out) == "\(added)")
        }
    }

    @Test func aDeviceOrFIFOIsNeverAStore() throws {
        var nodes: [String] = []
        let fifo = folder.path("fifo")
        try #require(mkfifo(fifo, 0o666) == 0)
        _ = chmod(fifo, 0o666)  // past the umask
        nodes.append(fifo)
        // As root (CI), a character device of our own: the null device, never the machine's /dev/null.
        let device = folder.path("null")
        if mknod(device, S_IFCHR | 0o666, makedev(1, 3)) == 0 {
            _ = chmod(device, 0o666)
            nodes.append(device)
        }
        for node in nodes {
            for words in [["shifts"], ["check"], ["shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15"]] {
                let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", node, "--tz", "UTC"] + words, output: out)
                #expect(result.status == 1, "\(node) \(words): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
            }
            var info = stat()
            #expect(stat(node, &info) == 0 && info.st_mode & 0o777 == 0o666, "\(node) keeps its mode")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("-journal") || $0.contains("-wal") }
        #expect(names.isEmpty, "nothing created beside them: \(names)")
    }
}

private func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
    dev_t(major & 0xFFF) << 8 | dev_t(minor & 0xFF) | dev_t(major & ~0xFFF) << 32 | dev_t(minor & ~0xFF) << 12
}
