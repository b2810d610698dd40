// Target `argv`: the whole command line in process, `DashPilotCLI.run(words, context:)`
// (Sources/DashCLI/DashPilotCLI.swift), on argument vectors built from the input.
//
// Input: a sequence of words. Each byte below 0xF0 selects a word from a table by its value
// (commands from `Commands.all`, every option of every command, values: paths, zones, dates,
// amounts, ids, formats); a byte 0xF0 or above starts a literal word of the following
// (byte - 0xEF) bytes, as raw text. Words are run against one store in a temporary folder made
// once (a shift, earnings, an expense; reused, so what one input records the next may read).
// Every path the vector names lies in that folder: a relative value of a path option is made
// absolute in it. No network, no writes elsewhere. Checked: `run` returns (a trap is a crash)
// with a documented status (docs/cli.md: 0, 1, 64, 65, 66, and 75 for a busy store), never 70,
// the internal error.

@testable import DashCLI
import Foundation

/// The temporary folder and its store, made on the first input.
nonisolated(unsafe) var argvFolder: String = {
    let template = NSTemporaryDirectory() + "/dashpilot-fuzz-argv-XXXXXX"
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else { fatalError("fuzz: no temporary folder") }
    let folder = String(cString: made)
    // Removed when libFuzzer exits (it calls exit); a crash leaves it for the post-mortem.
    atexit { try? FileManager.default.removeItem(atPath: argvFolder) }
    try? "date,amount,category,note\n2026-11-03,4.00,fuel,\n".write(toFile: folder + "/x.csv", atomically: true, encoding: .utf8)
    try? "Date,Start,End,Platform,Earnings,Tips\n2026-11-04,17:05,18:25,DoorDash,30.60,\n"
        .write(toFile: folder + "/log.csv", atomically: true, encoding: .utf8)
    try? FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: false)
    symlink("nowhere", folder + "/dangling")
    for words in [["shift", "add", "--start", "2026-11-02T10:00", "--end", "2026-11-02T12:00"], ["shift", "earnings", "1", "20"],
                  ["import", "expenses", folder + "/x.csv"]] {
        _ = runArgv(["--store", folder + "/store.sqlite", "--tz", "UTC"] + words, folder: folder)
    }
    return folder
}()

let argvValues: [String] = [
    "America/Chicago", "UTC", "EST", "america/chicago", "Mars/Olympus", ":UTC", "", "+05:00",
    "2026-11-02", "2026-11-02T10:00", "2026-11-02T23:59:59Z", "2026-02-30", "2026-11-02T24:00", "2026-11", "2026", "12:05/12:25",
    "12.50", "0", "-3", "-0.00", "1e9", "99999999999999999999", "NaN", "1,234.56", "22%", "922337203685477.5807",
    "1", "2", "0", "-1", "9223372036854775807", "x",
    "csv", "xlsx", "text", "json", "week", "month", "tax-quarter", "monday", "shifts", "mileage_log", "standard", "none",
    "us-irs-business", "shift-log", "delivery-log", "expenses", "fuel", "km", "TQ1", "DoorDash",
    "-", "x.csv", "log.csv", "dir", "dir/", "dangling", "missing.csv", "out.txt", "out.xlsx", "tables", "a b.csv", "é.txt", "-x", "a\nb",
    "x.csv/", ".", "./-", String(repeating: "p", count: 300), "store.sqlite", "--", "-h", "--help", "--quiet", "--force", "--dry-run",
]

/// Every word a byte can select: command words, option names, values.
let argvTable: [String] = {
    var words: [String] = []
    for spec in Commands.all { words += spec.path }
    for spec in Commands.all { words += spec.options.map { "--" + $0.name } }
    words += ["--store", "--tz", "help"]
    var seen = Set<String>()
    return (words + argvValues).filter { seen.insert($0).inserted }
}()

let pathOptions: Set<String> = ["--out", "--store", "--template", "--mileage-rates", "--categories"]

/// A path option's value inside `folder`: `-` kept, `..` never climbing out.
func confined(_ value: String, in folder: String) -> String {
    if value == "-" { return value }
    let inside = value.replacingOccurrences(of: "..", with: "__")
    return inside.hasPrefix(folder + "/") ? inside : folder + "/" + inside
}

func runArgv(_ words: [String], folder: String) -> ExitCode {
    let console = Console(out: { _ in }, err: { _ in }, readLine: { nil }, stdinIsTerminal: false)
    let context = CLIContext(console: console, environment: ["HOME": folder], now: { Date(timeIntervalSince1970: 1_795_953_600) },
                             systemZone: TimeZone(identifier: "UTC") ?? .current)
    return DashPilotCLI.run(words, context: context)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArgv(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let folder = argvFolder
    var words: [String] = []
    var index = 0
    while index < input.bytes.count, words.count < 24 {
        let byte = input.bytes[index]
        index += 1
        if byte >= 0xF0 {
            let count = Int(byte) - 0xEF
            let end = min(input.bytes.count, index + count)
            words.append(String(decoding: input.bytes[index..<end], as: UTF8.self))
            index = end
        } else {
            words.append(argvTable[Int(byte) % argvTable.count])
        }
    }
    // Every path option's value inside the folder; the store always there.
    for position in words.indices.dropLast() where pathOptions.contains(words[position]) {
        words[position + 1] = confined(words[position + 1], in: folder)
    }
    for position in words.indices where words[position].hasPrefix("--") && words[position].contains("=") {
        // `--out=VALUE` and the like: the same rule.
        let parts = words[position].split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2, pathOptions.contains(parts[0]) { words[position] = parts[0] + "=" + confined(parts[1], in: folder) }
    }
    let status = runArgv(["--store", folder + "/store.sqlite"] + words, folder: folder)
    let documented: Set<Int32> = [0, 1, 64, 65, 66, 75]
    invariant(documented.contains(status.rawValue), "undocumented exit status \(status.rawValue) for \(words.debugDescription)")
    return 0
}
