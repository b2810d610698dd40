import DashExport
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Store paths refused before anything is made for them, through the real binary (issue 26,
/// items 8 and 9; docs/cli.md "Paths"): a new path with a control character, a path SQLite would
/// not open, a name with no room for the files beside the store, a kernel filesystem. Each
/// refusal leaves the folder exactly as it was.
@Suite struct StorePathTests {
    /// A folder with a home and a config folder of its own; commands run with exactly this environment.
    final class Bed {
        let folder: TemporaryDirectory
        var environment: [String: String]

        init() throws {
            folder = try TemporaryDirectory("DashPilotStorePaths")
            environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC", "HOME": folder.path("home"),
                           "XDG_CONFIG_HOME": folder.path("config")]
        }

        func path(_ name: String) -> String { folder.path(name) }

        func run(_ words: [String], environment extra: [String: String] = [:]) throws -> FaultRun {
            let environment = self.environment.merging(extra) { $1 }.mapValues { Array($0.utf8) }
            return try RawProcess.run(words.map { Array($0.utf8) }, environment: environment, scratch: folder.path)
        }

        /// Runs `words`, expecting `status`, stderr naming each of `names`, and no file or folder made or changed.
        @discardableResult
        func expectRefusal(_ words: [String], environment: [String: String] = [:], status: Int32, naming names: [String],
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> FaultRun {
            let before = RawProcess.listing(folder.path)
            let run = try run(words, environment: environment)
            #expect(!run.crashed, "\(run)", sourceLocation: sourceLocation)
            #expect(run.status == status, "\(run)", sourceLocation: sourceLocation)
            for name in names { #expect(run.stderr.contains(name), "the message should name \(name): \(run)", sourceLocation: sourceLocation) }
            #expect(RawProcess.listing(folder.path) == before, "a refusal made or changed something: \(run)", sourceLocation: sourceLocation)
            return run
        }
    }

    static let expenseAdd = ["expense", "add", "--date", "2026-11-03", "--amount", "4.00", "--category", "fuel"]

    /// docs/cli.md's path table: a new name with a control character is refused (64). Before:
    /// `--store`, `$DASHPILOT_STORE`, the config's store and `$XDG_DATA_HOME` each created the
    /// store (`a\nb.sqlite`, exit 0), and `config set store` kept such a path.
    @Test func aNewStorePathWithANewlineOrATabIsRefused() throws {
        let bed = try Bed()
        try bed.expectRefusal(["--store", bed.path("a\nb.sqlite")] + Self.expenseAdd, status: 64, naming: ["--store", "a\\nb.sqlite", "control character"])
        try bed.expectRefusal(["--store", bed.path("tab\tbed/s.sqlite")] + Self.expenseAdd, status: 64, naming: ["tab\\tbed/s.sqlite"])
        try bed.expectRefusal(Self.expenseAdd, environment: ["DASHPILOT_STORE": bed.path("a\tb.sqlite")], status: 64,
                              naming: ["$DASHPILOT_STORE", "a\\tb.sqlite"])
        try bed.expectRefusal(Self.expenseAdd, environment: ["XDG_DATA_HOME": bed.path("da\nta")], status: 64, naming: ["$XDG_DATA_HOME", "da\\nta"])
        try bed.expectRefusal(["config", "set", "store", bed.path("c\nd.sqlite")], status: 64, naming: ["store", "c\\nd.sqlite"])
        // A config written by hand: JSON's "\n" is a newline in the value.
        try FileManager.default.createDirectory(atPath: bed.path("config/dashpilot"), withIntermediateDirectories: true)
        try Data("{\"store\": \"\(bed.path("e\\nf.sqlite"))\"}\n".utf8).write(to: URL(fileURLWithPath: bed.path("config/dashpilot/config.json")))
        try bed.expectRefusal(Self.expenseAdd, status: 64, naming: ["the config's store", "e\\nf.sqlite"])
        try bed.expectRefusal(["shifts"], status: 64, naming: ["the config's store"])
    }

    /// "Read if it exists": a store someone made at such a name is still opened.
    @Test func anExistingStoreWithANewlineInItsNameIsOpened() throws {
        let bed = try Bed()
        let made = try bed.run(["--store", bed.path("made.sqlite")] + Self.expenseAdd)
        try #require(made.status == 0, "\(made)")
        #expect(Glibc.rename(bed.path("made.sqlite"), bed.path("old\nstore.sqlite")) == 0)
        let run = try bed.run(["--store", bed.path("old\nstore.sqlite"), "expenses"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("4.00"), "\(run)")
    }

    /// `deep/.../NAME` of exactly `bytes` bytes under the bed's folder (two 200-byte folders, then the name).
    static func path(of bytes: Int, in bed: Bed, named prefix: String = "s") -> String {
        let folders = bed.path("long/" + String(repeating: "d", count: 200) + "/" + String(repeating: "e", count: 200))
        return folders + "/" + prefix + String(repeating: "s", count: bytes - folders.utf8.count - 1 - prefix.utf8.count)
    }

    /// SQLite opens a full path of at most 504 bytes (its 512-byte MAX_PATHNAME less `-journal`);
    /// anything longer up to PATH_MAX was refused by SQLite only after 19 folders and an empty
    /// store were made (issue 26). Now: exit 64 naming the limit, nothing made; 504 bytes opens.
    @Test func aStorePathSQLiteWouldNotOpenIsRefusedBeforeAnyFolderIsMade() throws {
        let bed = try Bed()
        for bytes in [505, 512, 600] {
            try bed.expectRefusal(["--store", Self.path(of: bytes, in: bed)] + Self.expenseAdd, status: 64,
                                  naming: ["--store", "full path is \(bytes) bytes", "at most 504"])
        }
        let deep = bed.path("deep/" + Array(repeating: String(repeating: "f", count: 200), count: 19).joined(separator: "/") + "/s.sqlite")
        #expect(deep.utf8.count < 4096)
        try bed.expectRefusal(["--store", deep] + Self.expenseAdd, status: 64, naming: ["at most 504"])
        try bed.expectRefusal(Self.expenseAdd, environment: ["DASHPILOT_STORE": Self.path(of: 505, in: bed)], status: 64, naming: ["$DASHPILOT_STORE"])
        try bed.expectRefusal(Self.expenseAdd, environment: ["XDG_DATA_HOME": bed.path(String(repeating: "x", count: 250) + "/" + String(repeating: "y", count: 250))],
                              status: 64, naming: ["$XDG_DATA_HOME"])
        // A link's target counts, as SQLite follows it: a short path through a link to the deep folder.
        let longFolder = PathParts.parent(of: Self.path(of: 504, in: bed))
        try FileManager.default.createDirectory(atPath: longFolder, withIntermediateDirectories: true)
        #expect(symlink(longFolder, bed.path("short")) == 0)
        try bed.expectRefusal(["--store", bed.path("short/" + String(repeating: "n", count: 120))] + Self.expenseAdd, status: 64,
                              naming: ["links followed", "at most 504"])
        let fits = Self.path(of: 504, in: bed)
        let run = try bed.run(["--store", fits] + Self.expenseAdd)
        #expect(run.status == 0, "504 bytes opens: \(run)")
        #expect(FileManager.default.fileExists(atPath: fits))
    }

    /// A new store's name leaves 32 bytes for `NAME.v12.bak.partial-PID-journal` within NAME_MAX:
    /// before, a 250-byte name made an empty store and then failed (`NAME-journal` is 258 bytes).
    @Test func aNewStoreNameWithNoRoomForTheFilesBesideItIsRefused() throws {
        let bed = try Bed()
        try bed.expectRefusal(["--store", bed.path(String(repeating: "n", count: 250))] + Self.expenseAdd, status: 64,
                              naming: ["file name is 250 bytes", "at most 223"])
        try bed.expectRefusal(["--store", bed.path(String(repeating: "n", count: 224))] + Self.expenseAdd, status: 64, naming: ["at most 223"])
        let run = try bed.run(["--store", bed.path(String(repeating: "n", count: 223))] + Self.expenseAdd)
        #expect(run.status == 0, "\(run)")
    }

    /// /proc/self/mem stats as a regular file of size 0: it was opened and said to be "a disk
    /// error" (exit 1). Files of /proc and /sys are refused as not a store before SQLite opens
    /// them, and so is a new store there.
    @Test func filesOfTheKernelsFilesystemsAreNotStores() throws {
        let bed = try Bed()
        for file in ["/proc/self/mem", "/proc/self/status", "/proc/version", "/sys/kernel/uevent_seqnum"] where FileManager.default.fileExists(atPath: file) {
            let run = try bed.expectRefusal(["--store", file, "shifts"], status: 1, naming: ["\(file) is not a DashPilot store", "kernel"])
            #expect(!run.stderr.contains("disk error"), "\(run)")
        }
        try bed.expectRefusal(["--store", "/proc/self/new.sqlite"] + Self.expenseAdd, status: 1, naming: ["/proc (procfs)"])
    }
}
