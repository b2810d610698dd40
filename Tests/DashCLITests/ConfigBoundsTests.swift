import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The config file read at a bounded cost (issue 26, item 6): its size is asked before it is
/// read, and a file that is not a regular file is refused, not waited on.
@Suite struct ConfigBoundsTests {
    /// A 3 GB config file was read whole before its 64 KiB limit was checked: 14.8 s and 3.1 GB
    /// for every command. Under a 512 MiB address-space limit that read failed (exit 66); now
    /// its size is asked first, and the file is refused at a few MB.
    @Test(.enabled(if: FaultTools.prlimit != nil, "needs prlimit (util-linux)"))
    func aHugeConfigFileIsRefusedBeforeItIsRead() throws {
        let bench = try ConfiguredProcess()
        try bench.writeConfig("")
        #expect(truncate(bench.configFile, 3 << 30) == 0)
        let prlimit = try #require(FaultTools.prlimit)
        let environment = bench.environment.map { "\($0.key)=\($0.value)" }.sorted()
        let clock = ContinuousClock(), start = clock.now
        let run = try StreamingImportTests.measured([prlimit, "--as=\(512 << 20)", "--", "/usr/bin/env", "-i"] + environment
                                                    + [ProcessHarness.dashpilot, "config", "show"], output: bench.path("run"))
        #expect(clock.now - start < .seconds(5))
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr == "dashpilot: error: the config file \(bench.configFile) is larger than 64 KiB; a config file is a few lines; "
                + "fix it or remove it\n", "\(run)")
        #expect(run.peakRSS > 0 && run.peakRSS < 64 << 20, "\(run)")
    }

    /// A config file that is a FIFO is refused, not waited on for ever.
    @Test func aConfigFileThatIsNotARegularFileIsRefused() throws {
        let bench = try ConfiguredProcess()
        try bench.writeConfig("")
        try FileManager.default.removeItem(atPath: bench.configFile)
        #expect(mkfifo(bench.configFile, 0o600) == 0)
        let run = try FaultTools.launch(["/usr/bin/env", "-i"] + bench.environment.map { "\($0.key)=\($0.value)" }.sorted()
                                        + [ProcessHarness.dashpilot, "config", "show"], scratch: bench.folder.path, timeout: 10)
        #expect(!run.timedOut, "config show waited on a FIFO")
        #expect(run.status == 66, "\(run)")
        #expect(run.stderr == "dashpilot: error: the config file \(bench.configFile) cannot be read: it is not a regular file\n", "\(run)")
    }
}
