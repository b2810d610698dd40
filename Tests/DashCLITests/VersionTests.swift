import DashStore
import Foundation
import Testing
import TestSupport

/// `dashpilot --version` and `dashpilot version` through the binary: this build's version, the
/// schema it writes, and the versions of the SQLite and libxlsxwriter it is linked with.
@Suite struct VersionTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory("DashPilotVersion") }

    @Test func versionNamesTheBuildTheSchemaAndTheLibraries() throws {
        let result = try ProcessHarness.run([ProcessHarness.dashpilot, "--version"], output: folder.path("v"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(result.stdout)")
        #expect(lines[0].wholeMatch(of: /dashpilot [0-9]+\.[0-9]+\.[0-9]+/) != nil, "\(lines[0])")
        #expect(lines[1] == "store schema: version \(Schema.currentVersion)")
        // The library as another program linked with it answers.
        let sqlite = try ProcessHarness.sqlite(":memory:", "SELECT sqlite_version()", output: folder.path("s"))
        #expect(lines[2] == "SQLite: \(sqlite)")
        // The library's own lxw_version() against the header it was built with (pkg-config's
        // version of xlsxwriter is its soname's, 4).
        let header = try String(contentsOfFile: "/usr/include/xlsxwriter.h", encoding: .utf8)
        let defined = try #require(header.firstMatch(of: /#define LXW_VERSION "([0-9.]+)"/)).1
        #expect(lines[3] == "libxlsxwriter: \(defined)")
    }

    @Test func theCommandAndTheGlobalOptionAgree() throws {
        let option = try ProcessHarness.run([ProcessHarness.dashpilot, "--version"], output: folder.path("a"))
        let command = try ProcessHarness.run([ProcessHarness.dashpilot, "version"], output: folder.path("b"))
        let before = try ProcessHarness.run([ProcessHarness.dashpilot, "--quiet", "--version", "shifts"], output: folder.path("c"))
        #expect(command.status == 0 && before.status == 0)
        #expect(command.stdout == option.stdout && before.stdout == option.stdout)
        let extra = try ProcessHarness.run([ProcessHarness.dashpilot, "version", "now"], output: folder.path("d"))
        #expect(extra.status == 64 && extra.stderr.contains("unexpected argument 'now'"), "\(extra.stderr)")
    }
}
