import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `make test-slow`: a generated 1 GB GPX file imports in bounded memory.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DASHPILOT_SLOW_TESTS"] == "1"))
struct SlowGPXTests {
    /// Runs `arguments[0]` and waits for it; returns its exit status and its own peak RSS in KiB.
    ///
    /// The peak is the child's `VmHWM`, read from /proc while it runs: wait4's `ru_maxrss` would
    /// include this test process's memory, which a spawned child shares until it execs.
    func spawn(_ arguments: [String]) throws -> (status: Int32, peakKiB: Int) {
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let rc = posix_spawn(&pid, arguments[0], nil, nil, argv, environ)
        try #require(rc == 0, "could not start \(arguments[0])")
        var status: Int32 = 0
        var peak = 0
        while true {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                peak = max(peak, kib)
            }
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(20_000)
        }
        return ((status >> 8) & 0xFF, peak)
    }

    @Test func aOneGigabyteFileImportsInBoundedMemory() throws {
        // make test-slow points at the release build: a debug import of 1 GB takes minutes.
        let bin = ProcessInfo.processInfo.environment["DASHPILOT_BIN"] ?? Bundle.main.bundleURL.path
        let folder = try TemporaryDirectory("DashPilotSlowGPX")
        let generated = try spawn([bin + "/dashpilot-gpxgen", "--out", folder.path, "--bytes", "1G", "--name", "big.gpx"])
        try #require(generated.status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: folder.path("big.gpx"))[.size] as? Int)
        #expect(size >= 990_000_000)
        // The generator's endless shift runs for weeks; a made shift lasts at most 16 hours
        // (docs/record.md), so it goes on a shift entered by hand (ending after today's clock:
        // --allow-future, issue 17).
        let typed = try spawn([bin + "/dashpilot", "--store", folder.path("s.sqlite"), "--tz", "America/Chicago", "--quiet", "shift", "add",
                               "--start", "2026-11-02T07:00", "--end", "2027-12-01T00:00", "--allow-future"])
        try #require(typed.status == 0)
        let imported = try spawn([bin + "/dashpilot", "--store", folder.path("s.sqlite"), "--quiet", "import", "gpx", folder.path("big.gpx")])
        #expect(imported.status == 0)
        // Peak memory does not grow with the file: the same bound holds for 5 MB and 1 GB.
        #expect(imported.peakKiB < 64 * 1024, "peak RSS \(imported.peakKiB) KiB")
        let info = try spawn([bin + "/dashpilot", "--store", folder.path("s.sqlite"), "--quiet", "check"])
        #expect(info.status == 0)
    }
}
