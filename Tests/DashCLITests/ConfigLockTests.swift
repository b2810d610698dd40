import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Two `config set` at once (issue 26, item 5): each read the file, changed its key and renamed
/// its copy over the file, so the later rename dropped the earlier key (149 of 200 pairs), and
/// both said they had set it. Now each holds an exclusive lock on `config.json.lock` across its
/// read, change and rename: every acknowledged setting is in the file.
@Suite(.serialized) struct ConfigLockTests {
    static var pairs: Int { FaultTools.slow ? 200 : 12 }

    /// Starts the binary with `environment` alone; stdout and stderr to files beside `output`.
    static func start(_ words: [String], environment: [String: String], output: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessHarness.dashpilot)
        process.arguments = words
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        for (suffix, path) in [("out", output + ".out"), ("err", output + ".err")] {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            if suffix == "out" { process.standardOutput = handle } else { process.standardError = handle }
        }
        try process.run()
        return process
    }

    @Test func concurrentSetsOfDifferentKeysBothLand() throws {
        let bench = try ConfiguredProcess()
        let zones = ["America/Chicago", "Europe/Berlin", "Asia/Tokyo", "UTC"]
        var lost: [Int] = []
        for pair in 0..<Self.pairs {
            try? FileManager.default.removeItem(atPath: bench.configFile)
            let zone = zones[pair % zones.count], day = pair % 2 == 0 ? "sunday" : "monday"
            let first = try Self.start(["config", "set", "tz", zone], environment: bench.environment, output: bench.path("a"))
            let second = try Self.start(["config", "set", "week_start", day], environment: bench.environment, output: bench.path("b"))
            first.waitUntilExit()
            second.waitUntilExit()
            let errors = ((try? String(contentsOfFile: bench.path("a.err"), encoding: .utf8)) ?? "")
                + ((try? String(contentsOfFile: bench.path("b.err"), encoding: .utf8)) ?? "")
            #expect(first.terminationStatus == 0 && second.terminationStatus == 0, "pair \(pair): \(errors)")
            let text = bench.config ?? ""
            if !(text.contains("\"tz\": \"\(zone)\"") && text.contains("\"week_start\": \"\(day)\"")) { lost.append(pair) }
        }
        #expect(lost.isEmpty, "\(lost.count) of \(Self.pairs) pairs lost a setting both commands acknowledged: pairs \(lost.prefix(10))")
        // The lock is a file of its own beside the config, private like it; the config is whole.
        var info = stat()
        #expect(lstat(bench.configFile + ".lock", &info) == 0 && info.st_mode & 0o777 == 0o600,
                "config.json.lock: mode \(String(info.st_mode & 0o777, radix: 8))")
        let show = try bench.run(["config", "show"])
        #expect(show.status == 0, "\(show.stderr)")
    }

    /// `config unset` takes the same lock: a set and an unset of another key at once keep the set.
    @Test func aSetAndAnUnsetAtOnceKeepTheSetting() throws {
        let bench = try ConfiguredProcess()
        var lost = 0
        for pair in 0..<Self.pairs {
            try bench.writeConfig("{\"week_start\": \"sunday\"}\n")
            let set = try Self.start(["config", "set", "tz", "UTC"], environment: bench.environment, output: bench.path("a"))
            let unset = try Self.start(["config", "unset", "week_start"], environment: bench.environment, output: bench.path("b"))
            set.waitUntilExit()
            unset.waitUntilExit()
            #expect(set.terminationStatus == 0 && unset.terminationStatus == 0, "pair \(pair)")
            if bench.config != "{\n  \"tz\": \"UTC\"\n}\n" { lost += 1 }
        }
        #expect(lost == 0, "\(lost) of \(Self.pairs) pairs left a file other than the set key alone")
    }
}
