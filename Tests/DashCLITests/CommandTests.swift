@testable import DashCLI
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

@Suite struct CommandTests {
    /// Every row of every table, for "nothing was written" checks.
    func dump(_ path: String) throws -> [String] { try dumpRecord(Store.open(at: path, create: false)) }

    @Test func recordsAShiftWithPausesEarningsAndFuel() throws {
        let store = try CLIStore()
        #expect(store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:30", "--pause", "12:00/12:30").stdout == "added shift 1\n")
        #expect(store.run("shift", "earnings", "1", "142.50", "--tips", "31").status == .success)
        #expect(store.run("shift", "fuel", "1", "--mpg", "27.5", "--price", "3.459").status == .success)
        let list = store.run("shifts")
        #expect(list.status == .success)
        #expect(list.stdout == """
            ID  START                 END    STATE      WORKED  PAUSED  MILES  EARNINGS   TIPS  FUEL
             1  2026-11-02 Mon 09:00  17:30  completed    8.00    0.50      -    142.50  31.00  27.50 mpg @ 3.459

            """)
        let show = store.run("shift", "show", "1")
        #expect(show.stdout.contains("start:     2026-11-02T09:00:00-06:00"))
        #expect(show.stdout.contains("hours:     8.50 elapsed, 0.50 paused, 8.00 worked"))
        #expect(show.stdout.contains("fuel:      27.50 mpg at 3.459 per gallon"))
    }

    @Test func nilAndZeroEarningsStayDistinct() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T10:00")
        store.run("shift", "add", "--start", "2026-11-03T09:00", "--end", "2026-11-03T10:00")
        store.run("shift", "earnings", "2", "0")
        let show1 = store.run("shift", "show", "1").stdout
        let show2 = store.run("shift", "show", "2").stdout
        #expect(show1.contains("earnings:  not recorded"))
        #expect(show2.contains("earnings:  0.00 (tips not reported)"))
        #expect(store.run("shift", "earnings", "2", "--clear").status == .success)
        #expect(store.run("shift", "show", "2").stdout.contains("earnings:  not recorded"))
    }

    @Test func refusedWritesExitSixtyFiveAndWriteNothing() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        store.run("shift", "earnings", "1", "100", "--tips", "10")
        store.run("shift", "fuel", "1", "--mpg", "27.5", "--price", "3.459")
        let before = try dump(store.path)
        let refusals: [[String]] = [
            ["shift", "earnings", "1", "-5"],
            ["shift", "earnings", "1", "10", "--tips", "11"],
            ["shift", "fuel", "1", "--mpg", "0", "--price", "3"],
            ["shift", "fuel", "1", "--mpg", "30", "--price", "-1"],
            ["shift", "add", "--start", "2026-11-02T16:00", "--end", "2026-11-02T18:00"],
            ["shift", "add", "--start", "2026-11-04T09:00", "--end", "2026-11-04T08:00"],
            ["shift", "add", "--start", "2026-11-04T09:00", "--end", "2026-11-04T10:00", "--pause", "10:30/10:45"],
            ["expense", "add", "--date", "2026-11-02", "--amount", "-3", "--category", "fuel"],
            ["expense", "add", "--date", "2026-11-02", "--amount", "3", "--category", "fuel", "--note", "a\u{1B}[2Jb"],
        ]
        for words in refusals {
            let result = store.run(words: words)
            #expect(result.status == .dataError, "\(words): \(result.stderr)")
            #expect(result.stderr.hasPrefix("dashpilot: error: "))
            #expect(result.stderr.hasSuffix("dashpilot: nothing was written\n"))
        }
        #expect(try dump(store.path) == before)
        #expect(store.run("shift", "show", "1").stdout.contains("fuel:      27.50 mpg at 3.459 per gallon"))
    }

    @Test func exitStatusesForMissingThings() throws {
        let store = try CLIStore()
        let missingStore = store.run("shifts")
        #expect(missingStore.status == .noInput)
        #expect(missingStore.stderr.contains("no store at \(store.path)"))
        #expect(!FileManager.default.fileExists(atPath: store.path), "a read command never creates a store")
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        let noShift = store.run("shift", "earnings", "9", "10")
        #expect(noShift.status == .failure)
        #expect(noShift.stderr == "dashpilot: error: there is no shift 9\n")
        #expect(store.run("tip", "add", "4", "2.00", "--method", "cash").status == .failure)
    }

    @Test func aStoreFromANewerBuildIsRefusedNamingBothVersions() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        try Connection(path: store.path, mode: .readWrite).execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        let result = store.run("shifts")
        #expect(result.status == .failure)
        #expect(result.stderr.contains("schema version \(Schema.currentVersion + 1)"))
        #expect(result.stderr.contains("(\(Schema.currentVersion))"))
    }

    @Test func deleteNamesEveryAmountAndNeedsConfirmation() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        store.run("shift", "earnings", "1", "142.50", "--tips", "31")
        do {
            let direct = try Store.open(at: store.path, create: false)
            let start = try TimeText.instant("2026-11-02T10:00-06:00", zone: .gmt)
            let offer = try direct.acceptOffer(shiftID: 1, at: start, deliveries: [
                NewDelivery(pickedUpAt: start, deliveredAt: start.adding(milliseconds: 600_000), ownAmount: try PaidAmount(Money(units: 85_000), tips: Money(units: 20_000))),
                NewDelivery(cancelledAt: start.adding(milliseconds: 60_000)),
            ])
            try direct.addTip(deliveryID: offer.deliveries[0], amount: Money(5), method: .cash, at: start)
        }
        let refused = store.run("shift", "delete", "1")
        #expect(refused.status == .failure)
        #expect(refused.stderr.contains("pass --yes"))
        #expect(refused.stdout.contains("earnings: 142.50 (platform tips 31.00)"))
        #expect(refused.stdout.contains("delivery 1: own amount 8.50 (platform tips 2.00); outside tips 5.00 cash"))
        #expect(refused.stdout.contains("delivery 2: own amount not recorded"))

        let declined = store.run("shift", "delete", "1", input: ["n"], terminal: true)
        #expect(declined.status == .failure)
        #expect(declined.stdout.contains("not deleted"))
        #expect(store.run("shift", "show", "1").status == .success)

        let accepted = store.run("shift", "delete", "1", input: ["y"], terminal: true)
        #expect(accepted.status == .success)
        #expect(accepted.stdout.hasSuffix("deleted shift 1\n"))
        #expect(store.run("shift", "show", "1").status == .failure)

        store.run("shift", "add", "--start", "2026-11-03T09:00", "--end", "2026-11-03T17:00")
        let quiet = store.run("--quiet", "shift", "delete", "2", "--yes")
        #expect(quiet.status == .success, "ids are never reused: the new shift is 2, not 1")
        #expect(quiet.stdout.isEmpty)
        #expect(store.run("shifts").stdout == "no shifts\n")
    }

    @Test func checkReportsFaultsWithExitOne() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        let clean = store.run("check")
        #expect(clean.status == .success)
        #expect(clean.stdout == "no structural faults; SQLite integrity check: ok\n")
        let connection = try Connection(path: store.path, mode: .readWrite)
        try connection.execute("INSERT INTO offer (acceptedAtMs) VALUES (0)")
        let faulty = store.run("check")
        #expect(faulty.status == .failure)
        #expect(faulty.stdout.contains("offer 1 has no deliveries"))
    }

    /// Each category as the report and the tax summary group it (the category map, docs/tax.md).
    @Test func expensesAreListedWithATotalAndTheCategoryTheyCountUnder() throws {
        let store = try CLIStore()
        store.run("expense", "add", "--date", "2026-11-03", "--amount", "41.27", "--category", "fuel", "--note", "full tank")
        store.run("expense", "add", "--date", "2026-11-04T18:30", "--amount", "0", "--category", "carwash")
        store.run("expense", "add", "--date", "2026-11-05", "--amount", "2.00", "--category", "umbrella")
        let list = store.run("expenses")
        #expect(list.stdout == """
            ID  DATE                  AMOUNT  CATEGORY                            NOTE
             1  2026-11-03 Tue 12:00   41.27  fuel                                full tank
             2  2026-11-04 Wed 18:30    0.00  carwash (vehicle maintenance)
             3  2026-11-05 Thu 12:00    2.00  umbrella (not in the category map)
                total                  43.27

            """, "\(list.stdout)")
        #expect(store.run("expenses", "--from", "2026-11-04").stdout.contains("carwash"))
        #expect(!store.run("expenses", "--to", "2026-11-04").stdout.contains("carwash"))
        #expect(store.run("expense", "delete", "1").stdout == "deleted expense 1: 41.27 fuel\n")
        #expect(store.run("expense", "delete", "1").status == .failure)
    }

    @Test func outputIsTheSameUnderAnyProcessZoneWhenTheZoneIsGiven() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-06T23:30", "--end", "2026-11-07T02:10")
        let words = ["--store", store.path, "--tz", "America/Chicago", "shifts"]
        let tokyo = runCLI(words, systemZone: TimeZone(identifier: "Asia/Tokyo") ?? .gmt)
        let utc = runCLI(words, environment: ["TZ": "Europe/Berlin"])
        #expect(tokyo.stdout == utc.stdout)
        #expect(tokyo.stdout.contains("2026-11-06 Fri 23:30  02:10+1"))
        // Without --tz, $TZ decides; with neither the command refuses: the system zone is never read.
        let berlin = runCLI(["--store", store.path, "shifts"], environment: ["TZ": "Europe/Berlin"])
        #expect(berlin.stdout.contains("2026-11-07 Sat 06:30  09:10"))
        #expect(runCLI(["--store", store.path, "shifts"], environment: [:], systemZone: TimeZone(identifier: "Asia/Tokyo") ?? .gmt).status == .usage)
    }

    @Test func storeInfoAndMigrate() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00", "--pause", "12:00/12:30")
        let info = store.run("store", "info")
        #expect(info.status == .success)
        #expect(info.stdout.contains("schema:  version \(Schema.currentVersion)"))
        let rows = info.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(rows.contains(["shift", "1"]))
        #expect(rows.contains(["shiftPause", "1"]))
        #expect(rows.contains(["deliveryReplaced", "0"]))
        #expect(rows.contains(["routeSampleAside", "0"]))
        #expect(store.run("store", "migrate").stdout == "the store is at schema version \(Schema.currentVersion); nothing to migrate\n")
    }

    @Test func tipsAreRecordedOnADelivery() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00")
        let direct = try Store.open(at: store.path, create: false)
        let accepted = try TimeText.instant("2026-11-02T10:00-06:00", zone: .gmt)
        let offer = try direct.acceptOffer(shiftID: 1, at: accepted, deliveries: [NewDelivery(cancelledAt: accepted)])
        let result = store.run("tip", "add", String(offer.deliveries[0]), "4.50", "--method", "cash", "--at", "2026-11-02T10:30")
        #expect(result.status == .success, "\(result.stderr)")
        let tips = try direct.tips(of: offer.deliveries[0])
        #expect(tips.map(\.amount) == [Money(units: 45_000)])
        #expect(tips.first?.recordedAt == (try TimeText.instant("2026-11-02T16:30Z", zone: .gmt)))
        #expect(store.run("tip", "add", String(offer.deliveries[0]), "0", "--method", "cash").status == .dataError)
    }
}

@Suite struct ProcessTests {
    /// The built executable, run as a user would: exit status, streams and file modes.
    @Test func theBuiltBinaryRunsAndCreatesAPrivateStore() throws {
        let binary = Bundle.main.bundleURL.appendingPathComponent("dashpilot")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the dashpilot product first")
        let folder = try TemporaryDirectory("DashPilotProcess")
        let storePath = folder.path("data/dashpilot/store.sqlite")
        func launch(_ arguments: [String]) throws -> (Int32, String, String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.environment = ["HOME": folder.path, "TZ": "UTC"]
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, stdout, stderr)
        }
        let help = try launch(["--help"])
        #expect(help.0 == 0)
        #expect(help.1.hasPrefix("OVERVIEW: "))
        let added = try launch(["--store", storePath, "shift", "add", "--start", "2026-11-02T09:00Z", "--end", "2026-11-02T17:00Z"])
        #expect(added.0 == 0)
        #expect(added.1 == "added shift 1\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: storePath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder.path("data/dashpilot"))
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        let refused = try launch(["--store", storePath, "shift", "delete", "1"])
        #expect(refused.0 == 1)
        #expect(refused.2.contains("pass --yes"))
        let usage = try launch(["--store", storePath, "shifts", "--form", "2026-11-01"])
        #expect(usage.0 == 64)
        #expect(usage.2.contains("did you mean --from?"))
    }
}
