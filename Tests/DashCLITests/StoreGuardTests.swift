import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 12, items 8, 9 and 11, through the real binary: no write into a store that `check`
/// calls damaged, no backup leftovers or piles after killed migrations, one busy message.
@Suite struct StoreGuardTests {
    let folder: TemporaryDirectory
    let out: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotStoreGuard")
        out = folder.path("log")
    }

    func dashpilot(_ store: String, _ words: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: out)
    }

    func storeWithExpenses() throws -> String {
        let store = folder.path("s.sqlite")
        for (day, amount) in [("2026-11-03", "4.10"), ("2026-11-04", "6.00"), ("2026-11-05", "7.25")] {
            let added = try dashpilot(store, ["expense", "add", "--date", day, "--amount", amount, "--category", "parking"])
            try #require(added.status == 0, "\(added.stderr)")
        }
        return store
    }

    static let writes: [[String]] = [
        ["expense", "add", "--date", "2026-11-06", "--amount", "3", "--category", "tolls"],
        ["shift", "add", "--start", "2026-11-02T10:30", "--end", "2026-11-02T14:15"],
    ]

    func expectNoWrite(_ store: String, damage: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try dashpilot(store, ["check"])
        #expect(check.status == 1, "check sees it: \(check.stdout)", sourceLocation: sourceLocation)
        #expect(check.stdout.contains(damage), "\(check.stdout)", sourceLocation: sourceLocation)
        let before = FileManager.default.contents(atPath: store)
        for words in Self.writes {
            let result = try dashpilot(store, words)
            #expect(result.status == 1, "\(words): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains("is damaged") && result.stderr.contains(damage), "\(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(FileManager.default.contents(atPath: store) == before, "nothing written", sourceLocation: sourceLocation)
    }

    @Test func aRowMissingFromAnIndexStopsEveryWrite() throws {
        let store = try storeWithExpenses()
        // The index entry of the last expense is made to point at a row that does not exist,
        // as a flipped bit in an index page's cell does: every page still reads (quick_check: ok).
        let root = Int(try ProcessHarness.sqlite(store, "SELECT rootpage FROM sqlite_schema WHERE name = 'expenseByTime'", output: out)) ?? 0
        try #require(root > 1)
        var file = try #require(FileManager.default.contents(atPath: store)).map { $0 }
        let page = (root - 1) * 4096
        try #require(file[page] == 0x0A, "an index leaf page")
        let cells = Int(file[page + 3]) << 8 | Int(file[page + 4])
        let last = page + (Int(file[page + 8 + 2 * (cells - 1)]) << 8 | Int(file[page + 9 + 2 * (cells - 1)]))
        let payload = Int(file[last])  // one-byte varint: a short record
        try #require(payload < 128)
        let rowid = last + payload  // its last byte: the rowid, a one-byte integer (3)
        try #require(file[rowid] == 3)
        file[rowid] = 9
        try Data(file).write(to: URL(fileURLWithPath: store))
        #expect(try ProcessHarness.sqlite(store, "PRAGMA quick_check", output: out) == "ok", "quick_check alone misses it")
        try expectNoWrite(store, damage: "missing from index expenseByTime")
    }

    @Test func aBrokenReferenceStopsEveryWrite() throws {
        let store = try storeWithExpenses()
        // sqlite3 checks no references unless asked: an expense of an import that does not exist.
        _ = try ProcessHarness.sqlite(store, "UPDATE expense SET importId = 999 WHERE id = 2", output: out)
        try expectNoWrite(store, damage: "broken reference in expense row 2")
    }

    @Test func abandonedPartialBackupsAreRemovedAndEqualBackupsNotPiledUp() throws {
        let original = folder.path("v5.sqlite")
        do { _ = try Store.openHistorical(at: original, version: 5) }
        let store = folder.path("s.sqlite")
        try FileManager.default.copyItem(atPath: original, toPath: store)
        // What a migration killed while copying leaves: a partial copy and its journal, of a
        // process that is gone; and one of a process that still runs (pid 1), left alone.
        let gone = try ProcessHarness.start(["/bin/true"], output: out)
        _ = gone.wait()
        let abandoned = ["s.sqlite.v5.bak.partial-\(gone.pid)", "s.sqlite.v5.bak.partial-\(gone.pid)-journal"]
        for name in abandoned + ["s.sqlite.v5.bak.partial-1"] {
            try Data("half a copy".utf8).write(to: URL(fileURLWithPath: folder.path(name)))
        }
        let first = try dashpilot(store, ["store", "migrate"])
        try #require(first.status == 0, "\(first.stderr)")
        func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("s.sqlite.") }.sorted() }
        #expect(try names() == ["s.sqlite.v5.bak", "s.sqlite.v5.bak.partial-1"])
        // The same v5 record again (a rerun after a kill before the commit): no second copy.
        try FileManager.default.removeItem(atPath: store)
        try FileManager.default.copyItem(atPath: original, toPath: store)
        let again = try dashpilot(store, ["store", "migrate"])
        try #require(again.status == 0, "\(again.stderr)")
        #expect(try names() == ["s.sqlite.v5.bak", "s.sqlite.v5.bak.partial-1"])
        #expect(again.stderr.contains("backup at ./s.sqlite.v5.bak") || again.stderr.contains("s.sqlite.v5.bak"), "\(again.stderr)")
        // Another v5 record is another backup: the earlier one is never replaced.
        try FileManager.default.removeItem(atPath: store)
        do {
            let other = try Store.openHistorical(at: store, version: 5)
            let start = Instant(millisecondsSinceEpoch: 1_793_610_000_000)
            _ = try other.createCompletedShift(start: start, end: start.adding(milliseconds: 3_600_000))
        }
        let third = try dashpilot(store, ["store", "migrate"])
        try #require(third.status == 0, "\(third.stderr)")
        #expect(try names() == ["s.sqlite.v5.2.bak", "s.sqlite.v5.bak", "s.sqlite.v5.bak.partial-1"])
    }

    @Test func aBusyStoreIsSaidOnceNamingItAndEveryFile() throws {
        let store = try storeWithExpenses()
        let files = try ["a.csv", "b.csv"].map { name -> String in
            let path = folder.path(name)
            try Data("Date,Amount,Category,Note\n2026-11-05,38.90,fuel,\n".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        // Another writer holds the write lock past the busy timeout (10 s).
        let holder = try Connection(path: store, mode: .readWrite)
        try holder.execute("BEGIN IMMEDIATE")
        let result = try dashpilot(store, ["import", "expenses"] + files)
        try holder.execute("ROLLBACK")
        #expect(result.status == 75, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains("the store \(store) is busy"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was imported from \(files[0]), \(files[1])"), "\(result.stderr)")
        #expect(try ProcessHarness.sqlite(store, "SELECT count(*) FROM expense", output: out) == "3")
    }
}
