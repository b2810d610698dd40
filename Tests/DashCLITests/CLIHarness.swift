@testable import DashCLI
import Foundation
import TestSupport

/// Collects what a command prints, from any thread.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    private var input: [String]

    init(input: [String]) { self.input = input }

    func out(_ text: String) { lock.withLock { outText += text } }
    func err(_ text: String) { lock.withLock { errText += text } }
    func readLine() -> String? { lock.withLock { input.isEmpty ? nil : input.removeFirst() } }
    var stdout: String { lock.withLock { outText } }
    var stderr: String { lock.withLock { errText } }
}

struct CLIResult {
    var status: ExitCode
    var stdout: String
    var stderr: String
}

/// Sunday 2026-11-29 12:00 UTC: the fixed clock of every CLI test.
let fixedNow = Date(timeIntervalSince1970: 1_795_953_600)

/// Runs the command line in-process with a fixed clock, a fixed system zone and `TZ=UTC` (a
/// command that reads or prints local times refuses without a zone; docs/cli.md).
func runCLI(_ words: [String], input: [String] = [], terminal: Bool = false, environment: [String: String] = ["TZ": "UTC"],
            systemZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, now: Date = fixedNow) -> CLIResult {
    let captured = Captured(input: input)
    let console = Console(out: { captured.out($0) }, err: { captured.err($0) }, readLine: { captured.readLine() },
                          stdinIsTerminal: terminal)
    let context = CLIContext(console: console, environment: environment, now: { now }, systemZone: systemZone)
    let status = DashPilotCLI.run(words, context: context)
    return CLIResult(status: status, stdout: captured.stdout, stderr: captured.stderr)
}

/// A store of its own in a temporary folder, driven through the command line in Chicago time.
final class CLIStore {
    let folder: TemporaryDirectory
    let path: String

    init() throws {
        folder = try TemporaryDirectory("DashPilotCLITests")
        path = folder.path("store/dashpilot.sqlite")
    }

    @discardableResult
    func run(_ words: String..., input: [String] = [], terminal: Bool = false) -> CLIResult {
        runCLI(["--store", path, "--tz", "America/Chicago"] + words, input: input, terminal: terminal)
    }

    func run(words: [String], input: [String] = [], terminal: Bool = false) -> CLIResult {
        runCLI(["--store", path, "--tz", "America/Chicago"] + words, input: input, terminal: terminal)
    }
}
