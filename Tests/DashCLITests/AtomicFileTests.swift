@testable import DashCLI
import Foundation
import Testing
import TestSupport

/// Exports are written whole or not at all: a failure midway leaves the earlier file as it was.
@Suite struct AtomicFileTests {
    @Test func aCommittedFileReplacesTheOldOneWhole() throws {
        let folder = try TemporaryDirectory()
        let target = folder.path("periods.csv")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        var files = AtomicFiles()
        let bytes = Array(String(repeating: "new line\n", count: 300_000).utf8)
        try files.write(bytes, to: target)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("old\n".utf8), "nothing replaced before commit")
        try files.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(bytes))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["periods.csv"], "no temporary file left")
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// A write that fails midway (a full disk, a kill) leaves the earlier files untouched and,
    /// once discarded, no temporary file.
    @Test func aFailureMidwayLeavesTheEarlierFiles() throws {
        let folder = try TemporaryDirectory()
        let first = folder.path("a.csv"), second = folder.path("b.csv")
        try Data("earlier a\n".utf8).write(to: URL(fileURLWithPath: first))
        try Data("earlier b\n".utf8).write(to: URL(fileURLWithPath: second))
        var files = AtomicFiles()
        #expect(throws: AtomicFiles.Failure.self) {
            try files.write(Array(repeating: 0x41, count: 10_000), to: first)
            try files.write(Array(repeating: 0x42, count: 10_000), to: second, failAfter: 4_096)
            try files.commit()
        }
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "earlier a\n")
        #expect(try String(contentsOfFile: second, encoding: .utf8) == "earlier b\n")
        files.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.csv", "b.csv"])
    }

    @Test func aMissingFolderIsAClearFailure() throws {
        let folder = try TemporaryDirectory()
        var files = AtomicFiles()
        let target = folder.path("missing/periods.csv")
        #expect {
            try files.write([0x41], to: target)
        } throws: { error in
            "\(error)".hasPrefix(target) && "\(error)".contains("cannot write there")
        }
    }
}

/// When one of several renames fails, the ones done are undone: the folder holds the earlier
/// files, not a mix.
@Suite struct AtomicFileRollbackTests {
    @Test func aFailedRenameRestoresTheFilesAlreadyReplaced() throws {
        let folder = try TemporaryDirectory()
        let first = folder.path("periods.csv"), second = folder.path("shifts.csv"), fresh = folder.path("expenses.csv")
        try Data("earlier periods\n".utf8).write(to: URL(fileURLWithPath: first))
        // A folder where the second file should go: renaming a file over it fails.
        try FileManager.default.createDirectory(atPath: second + "/x", withIntermediateDirectories: true)
        var files = AtomicFiles()
        try files.write(Array("new periods\n".utf8), to: first)
        try files.write(Array("new expenses\n".utf8), to: fresh)
        try files.write(Array("new shifts\n".utf8), to: second)
        #expect(throws: AtomicFiles.Failure.self) { try files.commit() }
        files.discard()
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "earlier periods\n")
        #expect(!FileManager.default.fileExists(atPath: fresh), "a file the export added is removed again")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["periods.csv", "shifts.csv"])
    }
}
