import DashStore
import Foundation
import Testing
import TestSupport

/// The real binary with exactly the environment given (no inherited `TZ`, `HOME` or config).
struct ConfiguredProcess {
    let folder: TemporaryDirectory
    var environment: [String: String]

    init() throws {
        folder = try TemporaryDirectory("DashPilotConfigTests")
        environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C", "HOME": folder.path("home"),
                       "XDG_CONFIG_HOME": folder.path("config")]
    }

    var configFile: String { folder.path("config/dashpilot/config.json") }
    var store: String { folder.path("store.sqlite") }

    func path(_ name: String) -> String { folder.path(name) }

    @discardableResult
    func run(_ words: [String], environment extra: [String: String] = [:], without: [String] = []) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = self.environment.merging(extra) { $1 }
        for name in without { environment.removeValue(forKey: name) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessHarness.dashpilot)
        process.arguments = words
        process.environment = environment
        let base = folder.path(".run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let stdout = String(decoding: FileManager.default.contents(atPath: base + ".out") ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: base + ".err") ?? Data(), as: UTF8.self)
        try? FileManager.default.removeItem(atPath: base + ".out")
        try? FileManager.default.removeItem(atPath: base + ".err")
        #expect(process.terminationReason == .exit, "\(words) died by a signal")
        return (process.terminationStatus, stdout, stderr)
    }

    func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: folder.path("config/dashpilot"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: configFile))
    }

    var config: String? { (try? Data(contentsOf: URL(fileURLWithPath: configFile))).map { String(decoding: $0, as: UTF8.self) } }
}

@Suite struct ConfigTests {
    @Test func setShowAndUnsetWriteThePrivateFileWholeAndSayWhereEachValueComesFrom() throws {
        let bench = try ConfiguredProcess()
        let set = try bench.run(["config", "set", "tz", "america/chicago"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "tz = America/Chicago in \(bench.configFile)\n")
        #expect(try bench.run(["config", "set", "week_start", "sunday"]).status == 0)
        #expect(try bench.run(["config", "set", "store", bench.store]).status == 0)
        #expect(bench.config == "{\n  \"store\": \"\(bench.store)\",\n  \"tz\": \"America/Chicago\",\n  \"week_start\": \"sunday\"\n}\n")
        let file = try FileManager.default.attributesOfItem(atPath: bench.configFile)
        let folder = try FileManager.default.attributesOfItem(atPath: bench.path("config/dashpilot"))
        #expect((file[.posixPermissions] as? Int) == 0o600 && (folder[.posixPermissions] as? Int) == 0o700)
        let again = try bench.run(["config", "set", "tz", "Europe/Berlin"])
        #expect(again.stdout == "tz = Europe/Berlin (was America/Chicago) in \(bench.configFile)\n")

        let show = try bench.run(["config", "show"], environment: ["TZ": "Asia/Tokyo"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("config file: \(bench.configFile)\n"))
        for row in [["store", bench.store, "config"], ["tz", "Europe/Berlin", "config"], ["week_start", "sunday", "config"],
                    ["mileage_rates", "us-irs-business", "default"]] {
            #expect(show.stdout.split(separator: "\n").contains { $0.split(separator: " ").map(String.init) == row }, "\(row): \(show.stdout)")
        }
        let overridden = try bench.run(["--tz", "UTC", "config", "show"], environment: ["DASHPILOT_STORE": bench.path("other.sqlite")])
        #expect(overridden.stdout.contains("\(bench.path("other.sqlite"))  $DASHPILOT_STORE"), "\(overridden.stdout)")
        #expect(overridden.stdout.contains("UTC") && overridden.stdout.contains("--tz"))

        let unset = try bench.run(["config", "unset", "tz"])
        #expect(unset.stdout == "unset tz (was Europe/Berlin) in \(bench.configFile)\n")
        #expect(bench.config?.contains("tz") == false)
        #expect(try bench.run(["config", "unset", "tz"]).stdout.contains("tz is not set"))
        let none = try bench.run(["config", "show"])
        #expect(none.stdout.contains("none: commands that need a zone refuse"), "\(none.stdout)")
    }

    @Test(arguments: [
        (["config", "set", "week-start", "sunday"], "unknown config key 'week-start'", "did you mean 'week_start'?"),
        (["config", "set", "tz", "EST"], "'EST' is not an IANA time zone name", "did you mean America/New_York?"),
        (["config", "set", "week_start", "friday"], "week_start must be monday or sunday", nil),
        (["config", "set", "store", "relative.sqlite"], "store must be an absolute path", nil),
        (["config", "set", "mileage_rates", "us-irs-busines"], "unknown mileage rate table", "shipped: us-irs-business"),
        (["config", "unset", "timezone"], "unknown config key 'timezone'", nil),
    ] as [([String], String, String?)])
    func aBadKeyOrValueIsRefusedAndNothingIsWritten(words: [String], message: String, hint: String?) throws {
        let bench = try ConfiguredProcess()
        let result = try bench.run(words)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        if let hint { #expect(result.stderr.contains(hint), "\(result.stderr)") }
        #expect(!FileManager.default.fileExists(atPath: bench.configFile))
    }

    @Test func aRateTableFileIsReadBeforeItIsKept() throws {
        let bench = try ConfiguredProcess()
        try Data("{not a table".utf8).write(to: URL(fileURLWithPath: bench.path("rates.json")))
        let bad = try bench.run(["config", "set", "mileage_rates", bench.path("rates.json")])
        #expect(bad.status == 65, "\(bad.stderr)")
        #expect(bench.config == nil)
        #expect(try bench.run(["config", "set", "mileage_rates", "none"]).status == 0)
    }

    /// A malformed file: exit 65 naming the file and the key, for every command; never a crash.
    @Test(arguments: [
        ("{\"tz\": \"EST\"}", "key 'tz': 'EST' is not an IANA time zone name"),
        ("{\"tz\": 5}", "key 'tz': the value must be a string"),
        ("{\"tzz\": \"UTC\"}", "unknown key 'tzz'; did you mean 'tz'?"),
        ("{\"week_start\": \"Sunday\"}", "key 'week_start': week_start must be monday or sunday"),
        ("{\"store\": \"here.sqlite\"}", "key 'store': store must be an absolute path"),
        ("not json", "is not a JSON object"),
        ("[\"tz\"]", "is not a JSON object"),
        ("{\"tz\": \"UTC\"", "is not a JSON object"),
        // Issue 26: JSONSerialization kept one of two values silently.
        ("{\"tz\": \"UTC\", \"tz\": \"Europe/Berlin\"}", "has the key 'tz' twice"),
        ("{\"week_start\": \"sunday\", \"tz\": \"UTC\", \"t\\u007a\": \"UTC\"}", "has the key 'tz' twice"),
        ("{\"store\": \"/a.sqlite\", \"tz\": \"UTC\", \"store\": \"/b.sqlite\"}", "has the key 'store' twice"),
    ])
    func aMalformedFileIsExit65NamingTheFileAndTheKey(text: String, message: String) throws {
        let bench = try ConfiguredProcess()
        try bench.writeConfig(text)
        for words in [["--store", bench.store, "shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00"],
                      ["--store", bench.store, "report"], ["config", "show"]] {
            let result = try bench.run(words, environment: ["TZ": "America/Chicago"])
            #expect(result.status == 65, "\(words): \(result.stderr)")
            #expect(result.stderr.contains("the config file \(bench.configFile)") && result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: bench.store))
        // --help still helps.
        #expect(try bench.run(["report", "--help"]).status == 0)
    }

    @Test func aBadValueCanBeSetOrUnsetAway() throws {
        let bench = try ConfiguredProcess()
        try bench.writeConfig("{\"tz\": \"EST\", \"week_start\": \"sunday\"}")
        #expect(try bench.run(["config", "set", "tz", "America/New_York"]).stdout.contains("(was EST)"))
        #expect(try bench.run(["--store", bench.store, "shifts"]).status == 66)
        try bench.writeConfig("{\"tz\": \"EST\"}")
        #expect(try bench.run(["config", "unset", "tz"]).status == 0)
        #expect(bench.config == "{}\n")
    }

    /// `--store`, then `$DASHPILOT_STORE`, then the config's store, then `$XDG_DATA_HOME`.
    @Test func theStoreOrder() throws {
        let bench = try ConfiguredProcess()
        let (option, environment, configured, data) = (bench.path("option.sqlite"), bench.path("env.sqlite"), bench.path("config.sqlite"),
                                                       bench.path("data"))
        try bench.writeConfig("{\"store\": \"\(configured)\", \"tz\": \"America/Chicago\"}")
        let add = ["shift", "add", "--start", "2026-11-02T09:00", "--end", "2026-11-02T17:00"]
        let all = ["DASHPILOT_STORE": environment, "XDG_DATA_HOME": data]
        #expect(try bench.run(["--store", option] + add, environment: all).status == 0)
        #expect(FileManager.default.fileExists(atPath: option) && !FileManager.default.fileExists(atPath: environment))
        #expect(try bench.run(add, environment: all).status == 0)
        #expect(FileManager.default.fileExists(atPath: environment) && !FileManager.default.fileExists(atPath: configured))
        #expect(try bench.run(add, environment: ["XDG_DATA_HOME": data]).status == 0)
        #expect(FileManager.default.fileExists(atPath: configured))
        #expect(!FileManager.default.fileExists(atPath: data + "/dashpilot/dashpilot.sqlite"))
        try bench.writeConfig("{\"tz\": \"America/Chicago\"}")
        #expect(try bench.run(add, environment: ["XDG_DATA_HOME": data]).status == 0)
        #expect(FileManager.default.fileExists(atPath: data + "/dashpilot/dashpilot.sqlite"))
    }

    /// `--tz`, then the config's tz, then `$TZ`.
    @Test func theZoneOrder() throws {
        let bench = try ConfiguredProcess()
        #expect(try bench.run(["--store", bench.store, "--tz", "UTC", "shift", "add", "--start", "2026-11-02T15:00", "--end", "2026-11-02T16:00"]).status == 0)
        let list = ["--store", bench.store, "shifts"]
        #expect(try bench.run(list, environment: ["TZ": "Europe/Berlin"]).stdout.contains("2026-11-02 Mon 16:00"))
        try bench.writeConfig("{\"tz\": \"Asia/Tokyo\"}")
        #expect(try bench.run(list, environment: ["TZ": "Europe/Berlin"]).stdout.contains("2026-11-03 Tue 00:00"))
        #expect(try bench.run(["--tz", "America/Chicago"] + list, environment: ["TZ": "Europe/Berlin"]).stdout.contains("2026-11-02 Mon 09:00"))
    }

    /// The defaults the config supplies reach the report and are named in `--help`.
    @Test func theConfigsDefaultsReachTheReportAndTheHelp() throws {
        let bench = try ConfiguredProcess()
        try bench.writeConfig("{\"tz\": \"America/Chicago\", \"week_start\": \"sunday\", \"mileage_rates\": \"none\", \"store\": \"\(bench.store)\"}")
        #expect(try bench.run(["shift", "add", "--start", "2026-11-01T09:00", "--end", "2026-11-01T17:00"]).status == 0)
        // Sunday 2026-11-01 is in the week of 2026-11-04 when weeks start on Sunday, not on Monday.
        let week = ["report", "--range", "this-week", "--today", "2026-11-04", "--format", "csv"]
        let sunday = try bench.run(week), monday = try bench.run(week + ["--week-start", "monday"])
        #expect(sunday.status == 0 && sunday.stderr.isEmpty, "\(sunday.stderr)")
        #expect(monday.stderr.contains("no records in 2026-11-02 to 2026-11-08"), "\(monday.stderr)")
        let text = try bench.run(["report"])
        #expect(!text.stdout.contains("Standard mileage deduction estimate (us-irs-business)"), "\(text.stdout)")
        let help = try bench.run(["report", "--help"])
        let flat = help.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for line in ["(default from config: sunday)", "(default from config: none)", "(default from config: America/Chicago)",
                     "(default from config: \(bench.store))"] {
            #expect(flat.contains(line), "\(line): \(help.stdout)")
        }
        #expect(try bench.run(["--help"]).stdout.contains("(default from config:"))
        // Without a config, no such words.
        try FileManager.default.removeItem(atPath: bench.configFile)
        #expect(!(try bench.run(["report", "--help"]).stdout.contains("default from config")))
    }
}
