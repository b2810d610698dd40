@testable import DashCLI
import Foundation
import Testing
import TestSupport

/// Whole argument vectors, made at random from the command table (every command, its options
/// and others', values of every kind: paths, zones, dates, amounts, ids), run against a store of
/// their own: no vector may trap, be killed by a signal, or end in an undocumented status or an
/// internal error. Seeded (SplitMix64; `DASHPILOT_ARGV_SEED` replays another seed); the libFuzzer
/// target Fuzz/targets/ArgvFuzz.swift does the same guided by coverage (docs/fuzzing.md).
struct ArgumentVectorPropertyTests {
    /// The documented exit statuses (docs/cli.md); 75 (a busy store) is one too.
    static let documented: Set<Int32> = [0, 1, 64, 65, 66, 75]

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["DASHPILOT_ARGV_SEED"].flatMap { UInt64($0) } ?? 0x17_A56
    }

    /// A folder with a store holding a shift, an expense and an import, an expenses file, a GPX
    /// file, a folder and links; every path a vector names is inside it.
    final class Bed {
        let folder: TemporaryDirectory
        var store: String { folder.path("store.sqlite") }

        init() throws {
            folder = try TemporaryDirectory("DashPilotArgv")
            try "date,amount,category,note\n2026-11-03,4.00,fuel,\n".write(toFile: folder.path("x.csv"), atomically: true, encoding: .utf8)
            try "Date,Start,End,Platform,Earnings,Tips\n2026-11-04,17:05,18:25,DoorDash,30.60,\n"
                .write(toFile: folder.path("log.csv"), atomically: true, encoding: .utf8)
            try """
                <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
                <trkpt lat="41.88" lon="-87.63"><time>2026-11-05T15:00:00Z</time></trkpt>
                <trkpt lat="41.89" lon="-87.63"><time>2026-11-05T15:01:00Z</time></trkpt></trkseg></trk></gpx>
                """.write(toFile: folder.path("t.gpx"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: folder.path("dir"), withIntermediateDirectories: false)
            symlink("nowhere", folder.path("dangling"))
            symlink("x.csv", folder.path("link.csv"))
            for words in [["shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T12:00"], ["shift", "earnings", "1", "20"],
                          ["import", "expenses", folder.path("x.csv")]] {
                let result = runCLI(["--store", store, "--tz", "UTC"] + words)
                try #require(result.status == .success, "\(words): \(result.stderr)")
            }
        }
    }

    /// Makes vectors. Paths are absolute inside the bed (`absolute`: in-process runs share the
    /// test process's working folder) or relative to it (a child runs in the bed).
    struct VectorMaker {
        var random: SplitMix64
        let folder: String
        let absolute: Bool

        static let zones = ["America/Chicago", "UTC", "EST", "america/chicago", "Mars/Olympus", ":UTC", "", "Asia/Kathmandu", "+05:00", "Etc/GMT+5"]
        static let dates = ["2026-11-02", "2026-11-02T10:00", "2026-11-02T23:59:59Z", "2026-02-30", "2026-13-01", "2026-11-02T24:00",
                            "1970-01-01", "9999-12-31T23:59", "-0001-01-01", "2026-11", "2026", "2026-W45", "today", "", "10:00", "12:05/12:25"]
        static let amounts = ["12.50", "0", "-3", "-0.00", "1e9", "99999999999999999999", "0x10", "NaN", "1,234.56", "12,50", "$5",
                              "922337203685477.5807", "0.00001", "", "22%", "100", "101"]
        static let ids = ["1", "2", "0", "-1", "99999999999999999999", "x", "", "9223372036854775807"]
        static let words = ["csv", "xlsx", "text", "json", "week", "month", "day", "quarter", "tax-quarter", "year", "monday", "sunday",
                            "shifts", "periods", "mileage_log", "tax_summary", "standard", "actual", "both", "none", "us-irs-business",
                            "us-schedule-c", "shift-log", "delivery-log", "uber-payments", "expenses", "fuel", "miles", "km", "TQ1", "TQ5",
                            "2026:1", "DoorDash", "Uber", "é", "a\u{0}b", String(repeating: "w", count: 300), "--", "-", "-h", "--help"]

        var paths: [String] {
            let names = ["-", "x.csv", "log.csv", "t.gpx", "dir", "dir/", "dangling", "link.csv", "missing.csv", "out.txt", "out.xlsx",
                         "tables", "dir/out.csv", "new dir/x", "a b.csv", "é.txt", "-x", "a\nb", "x.csv/", ".", "dir/..", "./-",
                         String(repeating: "p", count: 300), Array(repeating: String(repeating: "q", count: 200), count: 22).joined(separator: "/"),
                         "store.sqlite", "dir/store.sqlite"]
            return names.map { name in
                guard absolute, name != "-", !name.isEmpty else { return name }
                return folder + "/" + name
            }
        }

        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

        /// A value for an option, by its placeholder when it has one, else of any kind.
        mutating func value(for placeholder: String?) -> String {
            if chance(15) { return pick(pick([Self.zones, Self.dates, Self.amounts, Self.ids, Self.words, paths])) }
            switch placeholder ?? "" {
            case let p where p.contains("PATH") || p.contains("FILE") || p.contains("MAP") || p == "T": return pick(paths + Self.words)
            case let p where p.contains("TIME") || p.contains("DATE") || p.contains("PAUSE"): return pick(Self.dates)
            case let p where p.contains("ZONE"): return pick(Self.zones)
            case let p where p.contains("ID"): return pick(Self.ids)
            case let p where p.contains("A") || p.contains("P") || p.contains("M") || p.contains("N"): return pick(Self.amounts + Self.words)
            default: return pick(Self.words + Self.amounts + Self.dates)
            }
        }

        /// One whole vector: global options, a command (or a near miss), options and positionals in any order.
        mutating func vector(store: String) -> [String] {
            var words = ["--store", store]
            if chance(70) { words += ["--tz", pick(Self.zones)] }
            if chance(10) { words.append("--quiet") }
            let spec = pick(Commands.all)
            if chance(5) {
                words.append(pick(["shfit", "report2", "help", "import", "tax", "vehicle", ""]))
            } else {
                words += spec.path
            }
            let count = Int(random.next() % 7)
            for _ in 0..<count {
                switch random.next() % 10 {
                case 0...4:
                    guard let option = spec.options.isEmpty ? nil : pick(spec.options) else { continue }
                    words.append("--" + option.name)
                    if option.value != nil, chance(95) { words.append(value(for: option.value)) }
                case 5: words.append("--" + pick(Commands.all.flatMap(\.options)).name)
                case 6, 7: words.append(pick(pick([paths, Self.ids, Self.amounts, Self.dates])))
                case 8: words.append(pick(["--tz", "--store", "--quiet", "--help", "-h", "--", "-x", "--out=-", "--tz=EST", "--force", "--dry-run"]))
                default: words.append(pick(Self.words))
                }
            }
            return absolute ? confined(words) : words
        }

        /// In-process runs share the test's working folder: every value of an option that names
        /// a path (even one given to another command's option) is made absolute inside the bed.
        func confined(_ words: [String]) -> [String] {
            var words = words
            for index in words.indices.dropLast() where Self.pathOptions.contains(words[index]) {
                // Never climbing out of the bed: `..` is no part of a value here.
                let value = words[index + 1].replacingOccurrences(of: "..", with: "__")
                words[index + 1] = value == "-" || value.hasPrefix(folder + "/") ? value : folder + "/" + value
            }
            return words
        }

        static let pathOptions: Set<String> = ["--out", "--store", "--template", "--mileage-rates", "--categories"]
    }

    /// Hundreds of vectors in-process: none traps (a trap would end the test process), none
    /// ends in an internal error (70), and no file appears outside the bed.
    @Test func randomVectorsInProcessEndInADocumentedStatus() throws {
        let bed = try Bed()
        var maker = VectorMaker(random: SplitMix64(state: Self.seed), folder: bed.folder.path, absolute: true)
        let cwd = FileManager.default.currentDirectoryPath
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: cwd)) ?? [])
        let started = Date()
        var statuses: [Int32: Int] = [:]
        for index in 0..<1500 {
            let words = maker.vector(store: bed.store)
            let result = runCLI(words, environment: ["HOME": bed.folder.path])
            statuses[result.status.rawValue, default: 0] += 1
            #expect(Self.documented.contains(result.status.rawValue) && !result.stderr.contains("internal error"),
                    "vector \(index) (seed \(Self.seed)): \(words.debugDescription) -> \(result.status.rawValue)\n\(result.stderr.prefix(400))")
        }
        print("argv property: statuses \(statuses.sorted { $0.key < $1.key })")
        let after = Set((try? FileManager.default.contentsOfDirectory(atPath: cwd)) ?? [])
        #expect(after.subtracting(before).isEmpty, "files written outside the bed: \(after.subtracting(before).sorted())")
        // Every kind of ending is reached: the vectors are not all refused at the first word.
        #expect(statuses[0, default: 0] > 10 && statuses[64, default: 0] > 10, "\(statuses)")
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// Some of them through the real binary, so a trap is a signal the test sees: the child is
    /// never killed by one and exits with a documented status.
    @Test func randomVectorsThroughTheBinaryNeverDieBySignal() throws {
        let bed = try Bed()
        var maker = VectorMaker(random: SplitMix64(state: Self.seed ^ 0xB1), folder: bed.folder.path, absolute: false)
        for index in 0..<80 {
            // An argument cannot hold a NUL byte.
            let words = maker.vector(store: "store.sqlite").map { $0.replacingOccurrences(of: "\u{0}", with: "") }
            let run = try FaultTools.launch([FaultTools.binary] + words, scratch: bed.folder.path, directory: bed.folder.path, timeout: 30)
            #expect(!run.crashed && Self.documented.contains(run.status) && !run.stderr.contains("internal error"),
                    "vector \(index) (seed \(Self.seed)): \(words.debugDescription)\n\(run)")
        }
    }
}
