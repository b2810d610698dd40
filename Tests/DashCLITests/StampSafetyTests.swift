import DashStore
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26, items 2, 3 and 10: the first write's stamp (Sources/DashStore/VerifiedStamp.swift)
/// vouches only for bytes that were verified or that the session itself wrote, is dropped where
/// damage is found, never takes a name that holds another file, and leaves no file behind a
/// killed seal that the next one does not remove. Each failed on 0.18.0. The suite's store and
/// helpers are VerifiedStampTests'.
extension VerifiedStampTests {
    /// Makes a row missing from the index `expenseByTime` (integrity_check finds it; quick_check
    /// does not), as another program writing the file would, the modification time set back.
    func damageTheIndex() throws {
        let root = Int(try ProcessHarness.sqlite(store, "SELECT rootpage FROM sqlite_schema WHERE name = 'expenseByTime'", output: out)) ?? 0
        try #require(root > 1)
        var before = stat()
        try #require(stat(store, &before) == 0)
        let fd = open(store, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        var page = [UInt8](repeating: 0, count: 4096)
        try #require(pread(fd, &page, 4096, off_t((root - 1) * 4096)) == 4096 && page[0] == 0x0A, "an index leaf page")
        let cells = Int(page[3]) << 8 | Int(page[4])
        let last = Int(page[8 + 2 * (cells - 1)]) << 8 | Int(page[9 + 2 * (cells - 1)])
        let rowid = last + Int(page[last])
        page[rowid] = 9
        try #require(pwrite(fd, page, 4096, off_t((root - 1) * 4096)) == 4096)
        var times = [before.st_atim, before.st_mtim]
        _ = futimens(fd, &times)
    }

    /// 0.18.0 sealed the damaged file as verified at the import's end, and the next write went
    /// through. The session now notes the file when verified and after each of its own
    /// checkpoints: a change it did not make means no stamp.
    @Test func aPageDamagedDuringALongImportIsNotSealedAsVerified() throws {
        try addExpense(1)
        try addExpense(2)
        try #require(FileManager.default.fileExists(atPath: store + "-verified"))
        try LockedProcesses.slowGPX(at: folder.path("slow.gpx"))
        let importer = try ProcessHarness.start([ProcessHarness.dashpilot, "--store", store, "import", "gpx", folder.path("slow.gpx")], output: folder.path("import"))
        try #require(LockedProcesses.stop(importer, whenItLocks: store + "-shm", matching: LockedProcesses.walWriteLock))
        try damageTheIndex()
        importer.kill(SIGCONT)
        let imported = importer.wait()
        try #require(imported.status == 0, "\(imported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store + "-verified"), "no stamp for bytes the session did not verify or write")
        try expectRefused("missing from index expenseByTime")
    }

    /// 0.18.0: `check` said damaged (exit 1) and left the stamp; the next write trusted it.
    @Test func checkFindingDamageDropsTheStamp() throws {
        try addExpense(1)
        try addExpense(2)
        try damageTheIndex()
        // A stamp made for the damaged file as it now is (what 0.18.0 could leave behind).
        let header = try #require(FileManager.default.contents(atPath: store)).prefix(100).map { $0 }
        let state = try #require(VerifiedStamp.currentState(ofStore: store, header: header))
        VerifiedStamp(file: state, fullCheckAt: Int64(time(nil)), sessionsSince: 0).write(store: store)
        try #require(VerifiedStamp.read(store: store) != nil)
        let checked = try dashpilot(["check"])
        #expect(checked.status == 1, "\(checked.stdout)")
        #expect(VerifiedStamp.read(store: store) == nil, "check found damage: the stamp is gone")
        try expectRefused("missing from index expenseByTime")
    }

    /// 0.18.0 opened `STORE-verified.new` with O_TRUNC: a hard link of that name to the store
    /// truncated the store to the stamp's 364 bytes.
    @Test func aHardLinkToTheStoreAtAStampNameIsNeverWrittenThrough() throws {
        try addExpense(1)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int)
        VerifiedStamp.remove(store: store)
        for name in ["-verified.new", "-verified"] {
            try #require(link(store, store + name) == 0)
        }
        try addExpense(2)
        try addExpense(3)
        #expect(try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int ?? 0 >= size)
        #expect(try ProcessHarness.sqlite(store, "SELECT count(*) FROM expense", output: out) == "3")
        #expect(try dashpilot(["check"]).status == 0)
        var info = stat()
        #expect(stat(store + "-verified", &info) == 0 && info.st_nlink == 3, "both links stand: neither replaced nor removed")
    }

    /// 0.18.0 replaced a user's own file named `STORE-verified` silently.
    @Test func aFileThatIsNotAStampIsNeverReplacedOrRemoved() throws {
        try addExpense(1)
        VerifiedStamp.remove(store: store)
        let mine = Data("my own notes\n".utf8)
        try mine.write(to: URL(fileURLWithPath: store + "-verified"))
        try addExpense(2)
        try addExpense(3)
        #expect(FileManager.default.contents(atPath: store + "-verified") == mine)
        #expect(try ProcessHarness.sqlite(store, "SELECT count(*) FROM expense", output: out) == "3")
    }

    /// A process killed between creating its stamp's name and the rename leaves it; the next
    /// seal removes a dead process's name (and 0.18.0's `.new`), never a live one's.
    @Test func aKilledSealsLeftoverIsRemovedByTheNext() throws {
        try addExpense(1)
        // A process number that surely ended: a child that has exited and been reaped.
        let ended = try ProcessHarness.start(["/bin/true"], output: folder.path("true"))
        _ = ended.wait()
        let dead = store + "-verified.\(ended.pid).tmp"
        let live = store + "-verified.\(getpid()).tmp"
        let old = store + "-verified.new"
        for path in [dead, live, old] { try Data("dashpilot verified store 1\n".utf8).write(to: URL(fileURLWithPath: path)) }
        try addExpense(2)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: live), "a running process's name is its own")
        #expect(VerifiedStamp.read(store: store) != nil)
    }

    /// A crash can leave an empty file at the stamp's name (renamed into place before its bytes
    /// reached the disk): it is taken for a stamp, replaced, never left to keep stamps off.
    @Test func anEmptyStampIsReplaced() throws {
        try addExpense(1)
        try Data().write(to: URL(fileURLWithPath: store + "-verified"))
        try addExpense(2)
        #expect(VerifiedStamp.read(store: store)?.sessionsSince == 0, "checked in full, then stamped")
        try addExpense(3)
        #expect(VerifiedStamp.read(store: store)?.sessionsSince == 1, "trusted")
    }
}
