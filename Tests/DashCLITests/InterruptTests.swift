import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT (Ctrl-C) or SIGTERM during an import, sent to the real binary on a pseudo-terminal
/// while its bar is drawn: the bar is cleared, one line says nothing was written, the exit is
/// 130 or 143, and the store is as it was (`check` passes). Before: the bar stayed on the
/// screen and nothing was said.
@Suite struct InterruptTests {
    static let big = GPXImportProgressTests.bigText(mebibytes: 40)

    @Test(arguments: [("INT", Int32(130)), ("TERM", Int32(143))])
    func aSignalDuringAnImportSaysNothingWasWritten(_ signal: String, _ status: Int32) throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-10-02T10:30", "--end", "2026-10-02T14:15")
        let path = store.folder.path("big.gpx")
        try Data(Self.big.text.utf8).write(to: URL(fileURLWithPath: path))
        let out = store.folder.path("o")
        let before = try KillTests.counts(store.path, out: out)
        let result = try PseudoTerminal.run([ProcessHarness.dashpilot, "--store", store.path, "--tz", "America/Chicago", "import", "gpx", path],
                                            columns: 80, signal: signal, trigger: "big.gpx [", output: store.folder.path("pty"))
        #expect(result.status == status, "\(result.screen.suffix(300))")
        // The terminal turns \n into \r\n: the bar cleared, then the one line, and nothing after.
        #expect(result.screen.hasSuffix("\r\u{1B}[Kdashpilot: interrupted: nothing was written\r\n"), "\(result.screen.suffix(300))")
        #expect(result.screen.components(separatedBy: "interrupted").count == 2)
        #expect(try KillTests.counts(store.path, out: out) == before)
        let check = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store.path, "check"], output: out)
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
        // The same file afterwards imports whole.
        let again = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store.path, "--tz", "America/Chicago", "--quiet",
                                            "import", "gpx", path], output: out)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try KillTests.counts(store.path, out: out).imports == before.imports + 1)
    }
}
