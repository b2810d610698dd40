import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Every path argument through the real binary (PathArgument, docs/cli.md "Paths"): the exit
/// status, a message naming the path, and nothing written on a refusal.
struct PathArgumentTests {
    /// A folder holding a store with one shift and one expense, an expenses file `x.csv`, a
    /// folder `dir`, links to each and a dangling link; commands run with it as the working folder.
    final class Bed {
        let folder: TemporaryDirectory
        var root: String { folder.path }

        init() throws {
            folder = try TemporaryDirectory("DashPilotPathTests")
            try "date,amount,category,note\n2026-11-03,4.00,fuel,\n".write(toFile: folder.path("x.csv"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: folder.path("dir"), withIntermediateDirectories: false)
            symlink("x.csv", folder.path("link.csv"))
            symlink("dir", folder.path("linkdir"))
            symlink("nowhere", folder.path("dangling"))
            let added = try run(["shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T12:00"])
            try #require(added.status == 0, "\(added)")
        }

        func run(_ words: [String], store: String = "store.sqlite") throws -> FaultRun {
            // Words that give their own --store replace the bed's.
            let store = words.first == "--store" ? [] : ["--store", store]
            return try FaultTools.launch([FaultTools.binary] + store + ["--tz", "UTC"] + words, scratch: root, directory: root)
        }

        /// Every name in the folder (recursively) with its size or link target: what a refusal must leave alone.
        func listing() -> [String] {
            let names = (FileManager.default.subpaths(atPath: root) ?? []).filter { !$0.hasPrefix(".run-") }.sorted()
            return names.map { name in
                let path = folder.path(name)
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) { return "\(name) -> \(target)" }
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
                return "\(name) \(size)"
            }
        }

        func text(_ name: String) -> String? { try? String(contentsOfFile: folder.path(name), encoding: .utf8) }
    }

    /// Runs `words`, expecting `status`, a message naming `names`, no crash, and (for a refusal)
    /// the folder exactly as it was.
    @discardableResult
    func expectRefusal(_ bed: Bed, _ words: [String], status: Int32, naming names: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> FaultRun {
        let before = bed.listing()
        let run = try bed.run(words)
        #expect(!run.crashed, "\(run)", sourceLocation: sourceLocation)
        #expect(run.status == status, "\(run)", sourceLocation: sourceLocation)
        for name in names { #expect(run.stderr.contains(name), "the message should name \(name): \(run)", sourceLocation: sourceLocation) }
        #expect(bed.listing() == before, "a refusal wrote something: \(run)", sourceLocation: sourceLocation)
        return run
    }

    // MARK: - '-': standard output for one stream, refused elsewhere

    @Test func dashIsStandardOutputForTheTextSummary() throws {
        let bed = try Bed()
        let before = bed.listing()
        let run = try bed.run(["export", "--format", "text", "--range", "2026-11", "--out", "-"])
        #expect(run.status == 0 && !run.crashed, "\(run)")
        #expect(run.stdout.contains("2026"), "\(run)")
        #expect(bed.listing() == before)
    }

    /// One CSV table is one stream: `--out - --table shifts` (before: refused, exit 64).
    @Test func dashIsStandardOutputForOneCSVTable() throws {
        let bed = try Bed()
        let before = bed.listing()
        let run = try bed.run(["export", "--format", "csv", "--table", "shifts", "--range", "2026-11", "--out", "-"])
        #expect(run.status == 0 && !run.crashed, "\(run)")
        #expect(bed.listing() == before)
        // The same bytes as the table's file (CRLF lines: a header and the one shift).
        let file = try bed.run(["export", "--format", "csv", "--table", "shifts", "--range", "2026-11", "--out", "shifts.csv"])
        #expect(file.status == 0, "\(file)")
        #expect(bed.text("shifts.csv") == run.stdout)
        #expect(run.stdout.unicodeScalars.filter { $0 == "\n" }.count == 2, "\(run)")
    }

    @Test func dashIsRefusedForAFolderOfTablesAndAWorkbook() throws {
        let bed = try Bed()
        let csv = try expectRefusal(bed, ["export", "--format", "csv", "--range", "2026-11", "--out", "-"], status: 64, naming: ["--out -", "--table", "./-"])
        #expect(csv.stdout.isEmpty)
        try expectRefusal(bed, ["export", "--format", "xlsx", "--range", "2026-11", "--out", "-"], status: 64, naming: ["--out -", "workbook", "./-"])
    }

    /// `-` is not standard input for an import (before: "-: No such file or directory", exit 66).
    @Test func dashIsRefusedAsAnImportsInput() throws {
        let bed = try Bed()
        for words in [["import", "expenses", "-"], ["import", "gpx", "-"], ["import", "statement", "-", "--template", "shift-log"],
                      ["import", "expenses", "x.csv", "-"]] {
            let run = try expectRefusal(bed, words, status: 64, naming: ["FILE -", "standard input", "./-"])
            #expect(!run.stderr.contains("imported"), "nothing of x.csv is imported either: \(run)")
        }
        try expectRefusal(bed, ["template", "suggest", "-"], status: 64, naming: ["FILE -", "./-"])
        try expectRefusal(bed, ["export", "--format", "text", "--template", "-", "--out", "out.txt"], status: 64, naming: ["--template -"])
    }

    /// A store is a file, never a stream (before: "no store at ./-", exit 66).
    @Test func dashIsRefusedAsTheStore() throws {
        let bed = try Bed()
        try expectRefusal(bed, ["--store", "-", "shifts"], status: 64, naming: ["--store -", "./-"])
        try expectRefusal(bed, ["--store", "-", "shift", "add", "--start", "2026-11-03T10:00", "--end", "2026-11-03T11:00"], status: 64, naming: ["--store -"])
        try expectRefusal(bed, ["--store", "dir/", "shifts"], status: 64, naming: ["dir/", "names a folder"])
        try expectRefusal(bed, ["--store", "dir", "shifts"], status: 1, naming: ["dir", "folder"])
    }

    // MARK: - Names that must simply work

    @Test("an output named short, relative, absolute, with spaces, in Unicode or like an option is written",
          arguments: ["x", "-x", "sub/out.txt", "ABSOLUTE/abs.txt", "with space.txt", "Übersicht café 日本.txt", "dir/../y.txt"])
    func ordinaryNamesAreWritten(_ name: String) throws {
        let bed = try Bed()
        try FileManager.default.createDirectory(atPath: bed.folder.path("sub"), withIntermediateDirectories: false)
        let path = name.hasPrefix("ABSOLUTE/") ? bed.folder.path(String(name.dropFirst(9))) : name
        let run = try bed.run(["export", "--format", "text", "--range", "2026-11", "--out", path])
        #expect(run.status == 0 && !run.crashed, "\(run)")
        let written = name.hasPrefix("ABSOLUTE/") ? String(name.dropFirst(9)) : name
        #expect(bed.text(written)?.contains("2026") == true, "\(run)")
    }

    @Test("an input named oddly is read", arguments: ["x.csv", "./x.csv", "ABSOLUTE", "link.csv", "with space.csv", "café.csv", "-x.csv", "new\nline.csv"])
    func ordinaryInputsAreRead(_ name: String) throws {
        let bed = try Bed()
        let file = name == "ABSOLUTE" ? bed.folder.path("x.csv") : name
        if !["x.csv", "./x.csv", "ABSOLUTE", "link.csv"].contains(name) { try FileManager.default.copyItem(atPath: bed.folder.path("x.csv"), toPath: bed.folder.path(name)) }
        // A name starting with '-' follows '--', as every option parser has it.
        let run = try bed.run(["import", "expenses", "--", file])
        #expect(run.status == 0 && !run.crashed, "\(run)")
        #expect(run.stdout.contains("imported as import"), "\(run)")
    }

    @Test func anInputLikeAnOptionWithoutDoubleDashIsAUsageError() throws {
        let bed = try Bed()
        try FileManager.default.copyItem(atPath: bed.folder.path("x.csv"), toPath: bed.folder.path("-x"))
        try expectRefusal(bed, ["import", "expenses", "-x"], status: 64, naming: ["-x"])
    }

    // MARK: - Folders, missing folders, trailing slashes

    @Test func outputsThatNameFoldersAreRefused() throws {
        let bed = try Bed()
        try expectRefusal(bed, ["export", "--format", "text", "--range", "2026-11", "--out", "out.txt/"], status: 1, naming: ["out.txt/", "names a folder"])
        try expectRefusal(bed, ["export", "--format", "text", "--range", "2026-11", "--out", "dir"], status: 1, naming: ["dir is a folder"])
        try expectRefusal(bed, ["export", "--format", "xlsx", "--range", "2026-11", "--out", "linkdir"], status: 1, naming: ["linkdir is a folder"])
        try expectRefusal(bed, ["export", "--format", "text", "--range", "2026-11", "--out", "nowhere/out.txt"], status: 1, naming: ["no folder nowhere"])
        try expectRefusal(bed, ["export", "--format", "csv", "--range", "2026-11", "--out", "nowhere/tables"], status: 1, naming: ["no folder nowhere"])
    }

    @Test func aCSVFolderMayBeALinkToAFolder() throws {
        let bed = try Bed()
        let run = try bed.run(["export", "--format", "csv", "--range", "2026-11", "--out", "linkdir"])
        #expect(run.status == 0 && !run.crashed, "\(run)")
        #expect(bed.text("dir/shifts.csv") != nil)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: bed.folder.path("linkdir"))) == "dir")
    }

    @Test func inputsThatAreNotFilesAreRefused() throws {
        let bed = try Bed()
        try expectRefusal(bed, ["import", "expenses", "missing.csv"], status: 66, naming: ["missing.csv: No such file or directory", "nothing imported"])
        try expectRefusal(bed, ["import", "gpx", "dir"], status: 66, naming: ["dir: is a folder"])
        try expectRefusal(bed, ["import", "expenses", "linkdir/"], status: 66, naming: ["linkdir/: is a folder"])
        try expectRefusal(bed, ["import", "expenses", "x.csv/"], status: 66, naming: ["x.csv/", "drop the trailing /"])
        try expectRefusal(bed, ["template", "suggest", "x.csv/"], status: 66, naming: ["x.csv/", "drop the trailing /"])
        try expectRefusal(bed, ["report", "--range", "2026-11", "--mileage-rates", "dir/"], status: 66, naming: ["--mileage-rates dir/: cannot read the rate table: is a folder"])
        try expectRefusal(bed, ["tax", "--year", "2026", "--categories", "./map.json"], status: 66, naming: ["--categories ./map.json: cannot read the category map: No such file"])
        try expectRefusal(bed, ["export", "--format", "text", "--range", "2026-11", "--template", "dir/", "--out", "o.txt"], status: 66,
                          naming: ["--template dir/: cannot read the template: is a folder"])
    }

    // MARK: - Symbolic links

    @Test func aDanglingLinkIsRefusedAsInputAndOutput() throws {
        let bed = try Bed()
        try expectRefusal(bed, ["import", "expenses", "dangling"], status: 66, naming: ["dangling: a symbolic link to nowhere"])
        // Before: the export replaced the link with a file and exited 0.
        try expectRefusal(bed, ["export", "--format", "text", "--range", "2026-11", "--out", "dangling"], status: 1,
                          naming: ["dangling is a symbolic link to nowhere"])
        try expectRefusal(bed, ["export", "--format", "csv", "--range", "2026-11", "--out", "dangling"], status: 1,
                          naming: ["dangling is a symbolic link to nowhere"])
        try expectRefusal(bed, ["tax", "--year", "2026", "--categories", "dangling/map.json"], status: 66, naming: ["dangling/map.json"])
    }

    /// A link to a file is written through: the link stays, the file it names is replaced whole
    /// (before: the link itself was replaced by a regular file).
    @Test func aLinkToAFileIsWrittenThrough() throws {
        let bed = try Bed()
        try expectRefusal(bed, ["export", "--format", "text", "--range", "2026-11", "--out", "link.csv"], status: 1, naming: ["link.csv exists", "--force"])
        let run = try bed.run(["export", "--format", "text", "--range", "2026-11", "--out", "link.csv", "--force"])
        #expect(run.status == 0 && !run.crashed, "\(run)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: bed.folder.path("link.csv"))) == "x.csv")
        #expect(bed.text("x.csv")?.contains("2026") == true)
    }

    // MARK: - Too long, and names no listing can show

    @Test func pathsBeyondTheSystemsLimitsAreUsageErrors() throws {
        let bed = try Bed()
        let part = String(repeating: "a", count: 300)
        let long = Array(repeating: String(repeating: "b", count: 200), count: 22).joined(separator: "/")
        for words in [["export", "--format", "text", "--range", "2026-11", "--out", part],
                      ["export", "--format", "csv", "--range", "2026-11", "--out", long],
                      ["import", "expenses", part],
                      ["--store", long, "shifts"]] {
            let run = try expectRefusal(bed, words, status: 64, naming: ["the system takes at most"])
            #expect(run.stderr.split(separator: "\n").allSatisfy { $0.count < 400 }, "the path is shortened in the message: \(run)")
        }
    }

    @Test func aNewNameWithANewlineIsRefused() throws {
        let bed = try Bed()
        try expectRefusal(bed, ["export", "--format", "text", "--range", "2026-11", "--out", "a\nb.txt"], status: 64, naming: ["a\\nb.txt", "control character"])
        try expectRefusal(bed, ["export", "--format", "csv", "--range", "2026-11", "--out", "tab\tles"], status: 64, naming: ["tab\\tles"])
    }

    @Test func anEmptyPathIsAUsageError() throws {
        let bed = try Bed()
        try expectRefusal(bed, ["export", "--format", "text", "--range", "2026-11", "--out", ""], status: 64, naming: ["--out needs a path"])
        try expectRefusal(bed, ["import", "expenses", ""], status: 64, naming: ["FILE needs a path"])
        try expectRefusal(bed, ["--store", "", "shifts"], status: 64, naming: ["--store needs a path"])
    }
}
