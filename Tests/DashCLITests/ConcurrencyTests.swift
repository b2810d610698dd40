import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Two processes at once on one store: the second waits (bounded by the busy timeout) and
/// then succeeds, or fails with one clear line; never corruption, never a half import.
@Suite(.serialized) struct ConcurrencyTests {
    @Test func twoImportsAtOnceBothLand() throws {
        let setup = try KillTests.setup()
        let store = setup.folder.path("store.sqlite")
        try KillTests.copyStore(setup.base, to: store)
        let base = [ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago", "--quiet", "import"]
        let gpx = try ProcessHarness.start(base + ["gpx", setup.gpx], output: setup.folder.path("a"))
        let csv = try ProcessHarness.start(base + ["statement", setup.csv, "--template", "delivery-log", "--create-shifts", "--allow-future"],
                                           output: setup.folder.path("b"))
        let (first, second) = (gpx.wait(), csv.wait())
        #expect(first.status == 0, "\(first.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        let counts = try KillTests.counts(store, out: setup.folder.path("c"))
        #expect(counts.samples > 0 && counts.deliveries == setup.rows && counts.imports == 2)
        let check = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "check"], output: setup.folder.path("c"))
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// Two cron jobs importing the same file at the same moment: one adds it, the other nothing.
    @Test(arguments: ["gpx", "statement"])
    func theSameFileTwiceAtOnceIsAddedOnce(_ kind: String) throws {
        let setup = try KillTests.setup()
        let store = setup.folder.path("store.sqlite")
        try KillTests.copyStore(setup.base, to: store)
        let words = [ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago", "import"]
            + (kind == "gpx" ? ["gpx", setup.gpx] : ["statement", setup.csv, "--template", "delivery-log", "--create-shifts", "--allow-future"])
        // What one import alone adds (the importer drops a few generated points as noise).
        let reference = setup.folder.path("reference.sqlite")
        try KillTests.copyStore(setup.base, to: reference)
        try ProcessHarness.run(words.map { $0 == store ? reference : $0 }, output: setup.folder.path("ref"))
        let alone = try KillTests.counts(reference, out: setup.folder.path("c"))
        let children = try (0..<2).map { try ProcessHarness.start(words, output: setup.folder.path("job\($0)")) }
        let results = children.map { $0.wait() }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let counts = try KillTests.counts(store, out: setup.folder.path("c"))
        #expect(counts.imports == 1)
        #expect(counts == alone)
        if kind == "statement" { #expect(counts.deliveries == setup.rows) }
        #expect(results.filter { $0.stdout.contains("already imported") }.count == 1, "\(results.map(\.stdout))")
    }

    /// A report while an import runs reads a snapshot: before the import or after it, never
    /// half of it, and it does not wait for the import.
    @Test func aReportDuringAnImportSeesAllOrNothing() throws {
        let setup = try KillTests.setup()
        let store = setup.folder.path("store.sqlite")
        try KillTests.copyStore(setup.base, to: store)
        let report = [ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago", "report", "--range", "2026-11", "--format", "csv"]
        let before = try ProcessHarness.run(report, output: setup.folder.path("r0"))
        let importing = try ProcessHarness.start([ProcessHarness.dashpilot, "--store", store, "--tz", "America/Chicago", "--quiet", "import",
                                                  "statement", setup.csv, "--template", "delivery-log", "--create-shifts", "--allow-future"],
                                                 output: setup.folder.path("i"))
        var seen: [String] = []
        for n in 0..<6 {
            let result = try ProcessHarness.run(report, output: setup.folder.path("r\(n + 1)"))
            #expect(result.status == 0, "\(result.stderr)")
            seen.append(result.stdout)
            usleep(50_000)
        }
        #expect(importing.wait().status == 0)
        let after = try ProcessHarness.run(report, output: setup.folder.path("r9"))
        for text in seen { #expect(text == before.stdout || text == after.stdout, "a report saw part of an import: \(text)") }
        #expect(before.stdout != after.stdout)
    }
}
