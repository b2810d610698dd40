import Foundation
import Testing
import TestSupport

/// `shift earnings ID AMOUNT --platform NAME` (docs/record.md, "Money"): the driver's figure
/// for one platform's work; a figure that replaces another says what it was.
@Suite struct PlatformEarningsTests {
    @Test func aFigurePerPlatformIsKeptAndAReplacementSaysWhatItWas() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        #expect(store.run("shift", "earnings", "1", "40.00", "--platform", "DoorDash").stdout == "shift 1: DoorDash earnings 40.00 (tips not reported)\n")
        let again = store.run("shift", "earnings", "1", "42.00", "--tips", "5.00", "--platform", "doordash")
        #expect(again.stdout == "shift 1: doordash earnings 42.00 (platform tips 5.00) (was 40.00)\n", "\(again.stdout)\(again.stderr)")
        #expect(try store.values("SELECT platform, grossE4, tipsE4, importId FROM shiftEarning")
                == [[.text("doordash"), .integer(420_000), .integer(50_000), .null]])
        #expect(store.run("shift", "earnings", "1", "88.20").stdout == "shift 1: earnings 88.20 (tips not reported)\n")
        #expect(store.run("shift", "earnings", "1", "82.20").stdout == "shift 1: earnings 82.20 (tips not reported) (was 88.20)\n")
        #expect(store.run("shift", "earnings", "1", "--clear", "--platform", "DOORDASH").stdout == "cleared your DOORDASH earnings of shift 1 (was 42.00 (platform tips 5.00))\n")
        #expect(try store.values("SELECT count(*) FROM shiftEarning") == [[.integer(0)]])
    }
}
