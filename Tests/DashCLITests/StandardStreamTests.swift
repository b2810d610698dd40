import Foundation
import Testing
import TestSupport

/// Issue 26 (seen while fixing item 9): a write to standard output or error that fails (a full
/// disk under `>> log`, a file-size limit) trapped in Foundation's `FileHandle.write` (SIGILL,
/// exit 132) at the first message. Now a failed error line is dropped and a failed output ends
/// the command with exit 74 (Sources/DashCLI/StandardStreams.swift). The stream is `/dev/full`,
/// where every write fails with ENOSPC.
@Suite struct StandardStreamTests {
    let folder: TemporaryDirectory
    let store: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotStandardStreams")
        store = folder.path("s.sqlite")
        let added = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "expense", "add", "--date", "2026-11-02",
                                            "--amount", "4.10", "--category", "parking"], output: folder.path("seed"))
        try #require(added.status == 0, "\(added.stderr)")
    }

    /// Runs `words` with standard error, and standard output when `outputFull`, on `/dev/full`.
    func runLimited(_ words: [String], outputLimited outputFull: Bool) throws -> Int32 {
        let quoted = ([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago"] + words).map { "'\($0)'" }.joined(separator: " ")
        let script = "exec \(quoted) > \(outputFull ? "/dev/full" : "/dev/null") 2> /dev/full"
        return try ProcessHarness.run(["/bin/bash", "-c", script], output: folder.path("shell")).status
    }

    @Test func outputThatCannotBeWrittenIsExit74NotACrash() throws {
        #expect(try runLimited(["expenses"], outputLimited: true) == 74)
    }

    @Test func anErrorLineThatCannotBeWrittenKeepsTheCommandsOwnStatus() throws {
        #expect(try runLimited(["shift", "show", "99"], outputLimited: false) == 1, "no such shift, said on a stream that cannot take it")
        #expect(try runLimited(["expenses"], outputLimited: false) == 0)
    }
}
