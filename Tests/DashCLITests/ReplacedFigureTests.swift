import Foundation
import Testing
import TestSupport

/// Issue 17, item 5: every command that replaces or clears a figure prints what it was. Before:
/// `shift fuel` replaced a pair silently, and clearing earnings or fuel never said what went
/// (`shift earnings`, `shift miles` and `vehicle set` already said "was").
@Suite struct ReplacedFigureTests {
    @Test func shiftEarningsSaysWhatItReplacedAndWhatItCleared() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        #expect(store.run("shift", "earnings", "1", "88.20").stdout == "shift 1: earnings 88.20 (tips not reported)\n")
        #expect(store.run("shift", "earnings", "1", "82.20").stdout == "shift 1: earnings 82.20 (tips not reported) (was 88.20)\n")
        #expect(store.run("shift", "earnings", "1", "--clear").stdout == "cleared the earnings of shift 1 (was 82.20 (tips not reported))\n")
        #expect(store.run("shift", "earnings", "1", "--clear").stdout == "cleared the earnings of shift 1\n")
        store.run("shift", "earnings", "1", "40", "--tips", "4", "--platform", "DoorDash")
        #expect(store.run("shift", "earnings", "1", "--clear", "--platform", "doordash").stdout
                == "cleared your doordash earnings of shift 1 (was 40.00 (platform tips 4.00))\n")
    }

    @Test func shiftFuelSaysWhatItReplacedAndWhatItCleared() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        #expect(store.run("shift", "fuel", "1", "--mpg", "27.5", "--price", "3.459").stdout == "shift 1: fuel 27.50 mpg at 3.459 per gallon\n")
        #expect(store.run("shift", "fuel", "1", "--mpg", "30", "--price", "3.459").stdout
                == "shift 1: fuel 30.00 mpg at 3.459 per gallon (was 27.50 mpg at 3.459 per gallon)\n")
        #expect(store.run("shift", "fuel", "1", "--mpg", "30", "--price", "3.459").stdout == "shift 1: fuel 30.00 mpg at 3.459 per gallon\n")
        #expect(store.run("shift", "fuel", "1", "--clear").stdout == "cleared the fuel assumption of shift 1 (was 30.00 mpg at 3.459 per gallon)\n")
        #expect(store.run("shift", "fuel", "1", "--clear").stdout == "cleared the fuel assumption of shift 1\n")
    }

    @Test func shiftMilesAndVehicleSetSayWhatTheyReplaced() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        store.run("shift", "miles", "1", "--miles", "12.4")
        #expect(store.run("shift", "miles", "1", "--miles", "14").stdout == "shift 1: 14.0 miles, recorded (was 12.4 miles)\n")
        #expect(store.run("shift", "miles", "1", "--clear").stdout == "cleared the recorded miles of shift 1 (was 14.0 miles)\n")
        store.run("vehicle", "set", "--mpg", "27.5", "--price", "3.459")
        #expect(store.run("vehicle", "set", "--mpg", "30", "--price", "3.459").stdout.contains("(was 27.50 mpg at 3.459 per gallon)"))
    }
}
