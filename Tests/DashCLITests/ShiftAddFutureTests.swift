import DashStore
import Foundation
import Testing
import TestSupport

/// Issue 17, item 5: `shift add` takes the platform of the figure it records (`--earnings A
/// --platform P`; a shift has none of its own), and an end after the injected clock needs
/// `--allow-future` (exit 64 naming the end in local time). Before: no --platform, and a shift
/// in the future was accepted without a word.
@Suite struct ShiftAddFutureTests {
    /// The fixed clock of `runCLI` is 2026-11-29 12:00Z, 06:00 in Chicago.
    @Test func anEndAfterNowNeedsAllowFuture() throws {
        let store = try CLIStore()
        let refused = store.run("shift", "add", "--start", "2026-11-29T05:00", "--end", "2026-11-29T08:00")
        #expect(refused.status == .usage)
        #expect(refused.stderr.hasPrefix("dashpilot: error: --end 2026-11-29 Sun 08:00 (America/Chicago) is after now (2026-11-29 Sun 06:00)"),
                "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(store.run("shift", "add", "--start", "2026-11-29T04:00", "--end", "2026-11-29T06:00").status == .success)
        #expect(store.run("shift", "add", "--start", "2026-11-29T07:00", "--end", "2026-11-29T08:00", "--allow-future").status == .success)
        #expect(store.run("shift", "edit", "1", "--end", "2026-11-29T06:30").status == .usage)
        #expect(store.run("shift", "edit", "1", "--start", "2026-11-29T03:00").status == .success)
    }

    @Test func earningsAndPlatformAreRecordedWithTheShift() throws {
        let store = try CLIStore()
        let added = store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00",
                              "--earnings", "88.20", "--tips", "10", "--platform", "DoorDash")
        #expect(added.stdout == "added shift 1: earnings 88.20 (platform tips 10.00) for DoorDash\n", "\(added.stderr)")
        let direct = try Store.open(at: store.path, create: false)
        #expect(try direct.shiftEarnings(of: 1).map { [$0.platform, $0.gross?.formatted(), $0.importID.map(String.init)] }
                == [["DoorDash", "88.20", nil]])
        let whole = store.run("shift", "add", "--start", "2026-11-03T09:00", "--end", "2026-11-03T17:00", "--earnings", "50")
        #expect(whole.stdout == "added shift 2: earnings 50.00 (tips not reported) for the whole shift\n")
        #expect(try direct.requireShift(2).earnings?.amount.formatted() == "50.00")
        let bare = store.run("shift", "add", "--start", "2026-11-04T09:00", "--end", "2026-11-04T17:00", "--platform", "DoorDash")
        #expect(bare.status == .usage)
        #expect(bare.stderr.contains("give --earnings too"))
        #expect(try direct.shifts().count == 2)
    }
}
