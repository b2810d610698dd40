import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A CSV export of several files keeps each earlier file as `.NAME.old-PID` while it renames the
/// new ones into place (Sources/DashCLI/AtomicFile.swift). A kill there left those links, and no
/// later export removed them (issue 26, item 10a: 50 of 60 kills), though docs/reliability.md
/// says leftovers of killed CSV exports are removed on the next export. Now the next export of
/// the same file removes them, once its own files are in place: only a dead process's, only
/// regular files of the user's, only of the files it wrote.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ExportOldLinkTests {
    static let strace = FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") ? "/usr/bin/strace" : nil
    static var kills: Int { FaultTools.slow ? 60 : 3 }

    static func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
    static func stray(_ folder: String) -> [String] { names(folder).filter { $0.contains(".old-") || $0.contains(".tmp-") } }

    /// A base store and a whole CSV export of it in `out/csv`.
    static func exported() throws -> (bed: FaultBed, words: [String], folder: String, whole: [String: Data]) {
        let bed = try FaultBed()
        try bed.buildBaseStore()
        let folder = bed.path("out/csv")
        try FileManager.default.createDirectory(atPath: bed.path("out"), withIntermediateDirectories: true)
        let words = ["--store", bed.store, "--tz", "America/Chicago", "--quiet", "export", "--range", "2026-11", "--format", "csv",
                     "--out", folder, "--force"]
        let first = try FaultTools.launch([FaultTools.binary] + words, scratch: bed.folder.path)
        try #require(first.status == 0, "\(first)")
        return (bed, words, folder, bed.snapshot(folder))
    }

    /// SIGKILL at the third rename (strace delivers it on the system call, so the kill lands
    /// between two renames every time): the `.old` links are left; the next export removes them
    /// and leaves the whole export.
    @Test(.enabled(if: strace != nil, "needs strace"))
    func aKillBetweenTwoRenamesLeavesLinksTheNextExportRemoves() throws {
        let (bed, words, folder, whole) = try Self.exported()
        let strace = try #require(Self.strace)
        let killed = try FaultTools.launch([strace, "-f", "-qq", "-o", "/dev/null", "-e", "trace=rename",
                                            "-e", "inject=rename:signal=SIGKILL:when=3", FaultTools.binary] + words, scratch: bed.folder.path)
        #expect(killed.status != 0, "the export was not killed: \(killed)")
        let left = Self.names(folder).filter { $0.contains(".old-") }
        try #require(left.count == 12, "the kill left no .old links: \(Self.names(folder))")
        let again = try FaultTools.launch([FaultTools.binary] + words, scratch: bed.folder.path)
        #expect(again.status == 0, "\(again)")
        #expect(Self.stray(folder).isEmpty, "left after the next export: \(Self.stray(folder))")
        #expect(bed.snapshot(folder) == whole, "the export after the kill is not the whole, same export")
    }

    /// Only the links of the files the export writes, of processes that are gone, regular files
    /// of the user's: a live process's link, another file's, a misspelt name and a symlink stay.
    @Test func onlyDeadExportsOwnLinksAreRemoved() throws {
        let (bed, words, folder, _) = try Self.exported()
        let gone = try ProcessHarness.start(["/bin/true"], output: bed.path("child"))
        _ = gone.wait()
        let dead = gone.pid, live = getpid()
        let removed = [".periods.csv.old-\(dead)", ".tax_notes.csv.old-\(dead)"]
        var kept = [".periods.csv.old-\(live)", ".other.csv.old-\(dead)", ".periods.csv.old-\(dead)x", ".periods.csv.old-0\(dead)",
                    ".periods.csv.old-\(dead).d", "periods.csv.old-\(dead)"]
        for name in removed + kept { try Data("left".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/.shifts.csv.old-\(dead + 1_000_000)", withDestinationPath: bed.store)
        kept.append(".shifts.csv.old-\(dead + 1_000_000)")
        let run = try FaultTools.launch([FaultTools.binary] + words, scratch: bed.folder.path)
        #expect(run.status == 0, "\(run)")
        let files = ["deliveries.csv", "expenses.csv", "mileage_log.csv", "other_income.csv", "periods.csv", "platforms.csv", "shifts.csv", "tax_expenses.csv",
                     "tax_mileage.csv", "tax_notes.csv", "tax_platforms.csv", "tax_summary.csv"]
        #expect(Self.names(folder) == (kept + files).sorted())
    }

    /// Kills at random moments of the export (60 in make test-slow): whatever they leave, one
    /// export afterwards leaves no temporary file and no link, and the whole export.
    @Test func exportsKilledAnywhereLeaveNothingAfterTheNextExport() throws {
        let (bed, words, folder, whole) = try Self.exported()
        let clock = ContinuousClock(), start = clock.now
        _ = try FaultTools.launch([FaultTools.binary] + words, scratch: bed.folder.path)
        let elapsed = clock.now - start
        let full = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<Self.kills {
            let child = try ProcessHarness.start([FaultTools.binary] + words, output: bed.path("child"))
            usleep(UInt32(Double.random(in: 0...(full * 1.1), using: &generator) * 1_000_000))
            child.kill()
            _ = child.wait()
        }
        let again = try FaultTools.launch([FaultTools.binary] + words, scratch: bed.folder.path)
        #expect(again.status == 0, "\(again)")
        #expect(Self.stray(folder).isEmpty, "left after the next export: \(Self.stray(folder))")
        #expect(bed.snapshot(folder) == whole)
    }
}
