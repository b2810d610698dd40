@testable import DashCLI
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

@Suite struct EdgeTests {
    @Test func barePauseTimesMoveByTheCalendarAcrossMidnightAndDST() throws {
        let store = try CLIStore()
        // Across midnight: 00:30/01:00 is on the day after the start.
        #expect(store.run("shift", "add", "--start", "2026-11-02T22:00", "--end", "2026-11-03T03:00",
                          "--pause", "00:30/2026-11-03T01:00", "--pause", "23:50/00:10").status == .success)
        let direct = try Store.open(at: store.path, create: false)
        let pauses = try direct.pauses(of: 1).map { TimeText.local($0.start, zone: TimeZone(identifier: "America/Chicago") ?? .gmt) }
        #expect(pauses == ["2026-11-02T23:50:00-06:00", "2026-11-03T00:30:00-06:00"])
        // Across the spring-forward night: 03:30 is 03:30 CDT on the next date, not 24 hours after 03:30 CST.
        #expect(store.run("shift", "add", "--start", "2027-03-13T22:00", "--end", "2027-03-14T05:00", "--pause", "03:30/04:00", "--allow-future").status == .success)
        let dst = try direct.pauses(of: 2)
        #expect(dst.map { TimeText.local($0.start, zone: TimeZone(identifier: "America/Chicago") ?? .gmt) } == ["2027-03-14T03:30:00-05:00"])
        // A bare time the change skips is refused, as any local time is.
        let gap = store.run("shift", "add", "--start", "2027-03-13T22:00Z", "--end", "2027-03-14T12:00Z", "--pause", "02:30/02:45")
        #expect(gap.status == .usage)
        #expect(gap.stderr.contains("does not exist in America/Chicago"))
    }

    @Test func anInternalErrorExitsSeventy() {
        struct Unexpected: Error {}
        let captured = Captured(input: [])
        let status = DashPilotCLI.report(Unexpected(), console: Console(out: { captured.out($0) }, err: { captured.err($0) }))
        #expect(status == .software)
        #expect(captured.stderr.hasPrefix("dashpilot: internal error: "))
        #expect(captured.stderr.hasSuffix("please report it\n"))
    }

    @Test func aStorePathThatCannotBeOpenedExitsSixtySix() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("plain")
        try "not a folder".write(toFile: file, atomically: true, encoding: .utf8)
        let result = runCLI(["--store", file + "/store.sqlite", "shifts"])
        #expect(result.status == .noInput)
        #expect(result.stderr.contains("cannot open the store"))
    }

    @Test func aFileThatIsNotAStoreIsRefusedAndLeftAlone() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("notes.txt")
        try "groceries\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = runCLI(["--store", file, "shift", "add", "--start", "2026-11-02T09:00Z", "--end", "2026-11-02T10:00Z"])
        #expect(result.status == .failure)
        #expect(result.stderr.contains("is not a DashPilot store"))
        #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "groceries\n")
    }
}
