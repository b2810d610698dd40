import Foundation
import Testing
import TestSupport

/// Issue 17, item 3: a message names times as the person reads them, local with the offset of
/// the command's zone, not as UTC instants.
@Suite struct LocalTimeMessageTests {
    @Test func aStatementConflictNamesItsTimesInTheStatementsZone() throws {
        let store = try CLIStore()
        let first = store.folder.path("week.csv"), second = store.folder.path("corrected.csv")
        try Data("Date,Start,End,Platform,Earnings,Tips\n2026-11-07,17:05,18:25,DoorDash,28.60,\n".utf8).write(to: URL(fileURLWithPath: first))
        try Data("Date,Start,End,Platform,Earnings,Tips\n2026-11-07,17:05,18:25,DoorDash,30.60,\n".utf8).write(to: URL(fileURLWithPath: second))
        #expect(store.run("import", "statement", first, "--template", "shift-log").status == .success)
        let refused = store.run("import", "statement", second, "--template", "shift-log")
        #expect(refused.status != .success)
        // 17:05 in Chicago (CST, -06:00) is 23:05Z: the message says the former.
        #expect(refused.stderr.contains("for 2026-11-07T17:05:00-06:00 to 2026-11-07T18:25:00-06:00"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("23:05:00Z"), "\(refused.stderr)")
    }
}
