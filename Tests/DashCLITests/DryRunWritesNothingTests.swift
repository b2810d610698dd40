import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 13, item 8, through the real binary: a dry run writes nothing (no migration, no backup,
/// no store file, no journal), and an import that records nothing into a new store path leaves
/// no store behind.
@Suite struct DryRunWritesNothingTests {
    let folder: TemporaryDirectory
    let out: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotDryRun")
        out = folder.path("log")
        try FileManager.default.createDirectory(atPath: folder.path("files"), withIntermediateDirectories: true)
    }

    func dashpilot(_ store: String, _ words: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words, output: out)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder.path("files/" + name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every entry of `directory` with its bytes and mode, and the directory's own mode and
    /// modification time (a file created and removed again changes it).
    func snapshot(_ directory: String) throws -> [String] {
        var info = stat()
        try #require(stat(directory, &info) == 0)
        var lines = ["dir mode \(info.st_mode) mtime \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
            let path = directory + "/" + name
            try #require(stat(path, &info) == 0)
            let bytes = FileManager.default.contents(atPath: path) ?? Data()
            lines.append("\(name) mode \(info.st_mode) size \(bytes.count) hash \(bytes.hashValue)")
        }
        return lines
    }

    static let imports: [(kind: String, text: String, extra: [String], said: String)] = [
        ("expenses", "date,amount,category,note\n2026-11-03,4.10,parking,\n", [], "dry run, nothing written: would add 1 expense"),
        ("statement", "Date,Start,End,Earnings\n2026-11-06,16:00,18:00,40.00\n", ["--template", "shift-log", "--platform", "DoorDash"],
         "dry run, nothing written: would record 1 shift created; earnings recorded on 1 shift"),
    ]

    /// A store of schema version 5 (an earlier build's): a dry run reads it into memory and
    /// migrates it there. Its file, sidecars and folder stay byte-identical: no migration, no
    /// `.v5.bak`, no `-wal` or `-shm` left, not even for a moment (the folder's time).
    @Test(arguments: 0..<2) func aDryRunOnAnOlderStoreLeavesItsFolderAsItWas(_ index: Int) throws {
        let (kind, text, extra, said) = Self.imports[index]
        let storeFolder = folder.path("store")
        try FileManager.default.createDirectory(atPath: storeFolder, withIntermediateDirectories: true)
        let store = storeFolder + "/s.sqlite"
        do {
            let old = try Store.openHistorical(at: store, version: 5)
            let start = Instant(millisecondsSinceEpoch: 1_793_610_000_000)
            _ = try old.createCompletedShift(start: start, end: start.adding(milliseconds: 3_600_000))
        }
        let input = try file("in.csv", text)
        let before = try snapshot(storeFolder)
        usleep(20_000)  // a change to the folder would show in its time
        let result = try dashpilot(store, ["import", kind, input, "--dry-run"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "in.csv: \(said)\n", "\(result.stdout)")
        #expect(result.stderr.contains("migrated to \(Schema.currentVersion) in memory only"), "\(result.stderr)")
        #expect(try snapshot(storeFolder) == before, "the store's folder is as it was")
        // And the store is still the earlier build's, which a real import then migrates.
        let real = try dashpilot(store, ["import", kind, input] + extra)
        #expect(real.status == 0, "\(real.stderr)")
        #expect(real.stderr.contains("migrated the store from schema version 5 to \(Schema.currentVersion)"), "\(real.stderr)")
    }

    /// No store at the path: a dry run creates none, nor its folder.
    @Test(arguments: 0..<2) func aDryRunWithNoStoreCreatesNone(_ index: Int) throws {
        let (kind, text, extra, said) = Self.imports[index]
        let store = folder.path("new/s.sqlite")
        let result = try dashpilot(store, ["import", kind, try file("in.csv", text), "--dry-run"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "in.csv: \(said)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path("new")))
    }

    static let recordNothing: [(kind: String, name: String, text: String, extra: [String], status: Int32)] = [
        ("expenses", "bad.csv", "date,amount,category,note\n2026-11-03,lots,parking,\n", [], 65),
        ("expenses", "empty.csv", "date,amount,category,note\n", [], 0),
        ("statement", "bad.csv", "Date,Start,End,Earnings\n2026-11-06,16:00,18:00,forty\n", ["--template", "shift-log"], 65),
        ("statement", "skipped.csv", "Date,Start,End,Earnings\nTotal,,,40.00\n", ["--template", "shift-log"], 0),
        ("gpx", "waypoints.gpx", "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<wpt lat=\"41.9\" lon=\"-87.6\"><time>2026-11-02T16:00:00Z</time></wpt></gpx>\n", [], 0),
        ("gpx", "broken.gpx", "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg>", [], 65),
    ]

    /// A refused file, or one with nothing to add, into a store path that did not exist: no
    /// store file, no `-wal`, `-shm` or `-journal` is left.
    @Test(arguments: 0..<6) func anImportThatRecordsNothingLeavesNoStore(_ index: Int) throws {
        let (kind, name, text, extra, status) = Self.recordNothing[index]
        let store = folder.path("new/s.sqlite")
        let result = try dashpilot(store, ["import", kind, try file(name, text)] + extra)
        #expect(result.status == status, "\(result.stdout) \(result.stderr)")
        for suffix in ["", "-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: store + suffix), "\(store + suffix) left by \(name): \(result.stdout)")
        }
    }

    /// One file of the command records something: the store is made and kept, with it alone.
    @Test func aStoreOneFileRecordedIntoIsKept() throws {
        let store = folder.path("new/s.sqlite")
        let bad = try file("bad.csv", "date,amount,category,note\n2026-11-03,lots,parking,\n")
        let good = try file("good.csv", "date,amount,category,note\n2026-11-03,4.10,parking,\n")
        let result = try dashpilot(store, ["import", "expenses", bad, good])
        #expect(result.status == 65)
        #expect(result.stdout == "good.csv: imported as import 1: 1 expense\n")
        let list = try dashpilot(store, ["imports"])
        #expect(list.status == 0 && list.stdout.contains("good.csv") && !list.stdout.contains("bad.csv"), "\(list.stdout)")
    }
}
