@testable import DashCLI
import Foundation
import Testing
import TestSupport

/// `dashpilot completion bash|zsh|fish` and `dashpilot man`, through the binary: scripts the
/// shells read, offering what the command table (the help's) holds.
@Suite struct CompletionTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory("DashPilotCompletion") }

    func script(_ shell: String) throws -> String {
        let result = try ProcessHarness.run([ProcessHarness.dashpilot, "completion", shell], output: folder.path(shell))
        #expect(result.status == 0, "\(result.stderr)")
        try result.stdout.write(toFile: folder.path(shell + ".script"), atomically: true, encoding: .utf8)
        return result.stdout
    }

    func bash(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try ProcessHarness.run(["/usr/bin/bash", "--norc", "-c", command], output: folder.path("bash"))
    }

    @Test func theBashScriptParsesAndRegisters() throws {
        _ = try script("bash")
        let syntax = try bash("bash -n " + folder.path("bash.script"))
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let registered = try bash("source <(\(ProcessHarness.dashpilot) completion bash); complete -p dashpilot")
        #expect(registered.stdout == "complete -o default -F _dashpilot dashpilot\n", "\(registered.stdout) \(registered.stderr)")
    }

    /// What bash offers after `words` (the last one being completed).
    func offered(_ words: [String]) throws -> [String] {
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try bash("source \(folder.path("bash.script")); cd /nonexistent 2>/dev/null; COMP_WORDS=(dashpilot \(array)); "
                              + "COMP_CWORD=\(words.count); _dashpilot; printf '%s\\n' \"${COMPREPLY[@]}\"")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashOffersTheCommandTable() throws {
        _ = try script("bash")
        #expect(try offered(["sh"]) == ["shifts", "shift"])
        #expect(try offered(["shift", "a"]) == ["add"])
        #expect(try offered(["--store", "x.sqlite", "export", "--format", ""]) == ["csv", "xlsx", "text"])
        #expect(try offered(["report", "--period", ""]) == ["day", "week", "month", "quarter", "year", "tax-quarter"])
        #expect(try offered(["import", "statement", "a.csv", "--template", "shift"]) == ["shift-log"])
        #expect(try offered(["completion", ""]) == ["bash", "zsh", "fish"])
        #expect(try offered(["income", ""]) == ["add", "list", "delete"])
        #expect(try offered(["income", "add", "--kind", ""]) == ["incentive", "quest", "referral", "adjustment", "other"])
        #expect(try offered(["income", "list", "--format", ""]) == ["text", "csv", "json"])
        // Every command's every option, at that command.
        for spec in Commands.all {
            let options = Set(try offered(spec.path + ["--"]))
            for option in spec.options + Help.globalOptions { #expect(options.contains("--" + option.name), "\(spec.name) --\(option.name)") }
            #expect(options.contains("--help"))
        }
        let top = try offered([""])
        for spec in Commands.all { #expect(top.contains(spec.path[0]), "\(spec.path[0])") }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed"))
    func theZshScriptParses() throws {
        _ = try script("zsh")
        let result = try ProcessHarness.run(["/usr/bin/zsh", "-n", folder.path("zsh.script")], output: folder.path("z"))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
    func theFishScriptParses() throws {
        _ = try script("fish")
        let result = try ProcessHarness.run(["/usr/bin/fish", "--no-execute", folder.path("fish.script")], output: folder.path("f"))
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Without zsh or fish here: each script names every command and option it should.
    @Test func theZshAndFishScriptsHoldTheTable() throws {
        let zsh = try script("zsh")
        #expect(zsh.hasPrefix("#compdef dashpilot\n"))
        #expect(zsh.contains("bashcompinit") && zsh.contains("complete -o default -F _dashpilot dashpilot"))
        let fish = try script("fish")
        for spec in Commands.all {
            for option in spec.options {
                #expect(fish.contains("__dashpilot_at '\\''\(spec.name)'\\'''" + " -l \(option.name)"), "fish: \(spec.name) --\(option.name)")
            }
        }
        #expect(fish.contains("-a 'csv xlsx text'"))
        // Quotes balance on every line (a fish script with an open quote would not load).
        for line in fish.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.replacingOccurrences(of: "\\'", with: "").filter { $0 == "'" }.count % 2 == 0, "\(line)")
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try ProcessHarness.run([ProcessHarness.dashpilot, "completion", "bsh"], output: folder.path("u"))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("dashpilot: error: unknown shell 'bsh'\nhint: did you mean 'bash'? use bash, zsh or fish\n"),
                "\(result.stderr)")
    }

    @Test func theManPageIsWellFormedRoff() throws {
        let page = try ProcessHarness.run([ProcessHarness.dashpilot, "man"], output: folder.path("m"))
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH DASHPILOT 1 "))
        let known: Set<Substring> = [".TH", ".SH", ".SS", ".TP", ".PP", ".B", ".I", ".br"]
        for line in page.stdout.split(separator: "\n") where line.hasPrefix(".") {
            #expect(known.contains(line.split(separator: " ")[0]), "unknown request: \(line)")
        }
        for spec in Commands.all { #expect(page.stdout.contains(".SS \"\(ManPage.escaped(spec.name))\"\n"), "\(spec.name)") }
        #expect(page.stdout.contains(".B 75\n"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is not installed"))
    func groffReadsTheManPageWithoutAWarning() throws {
        let page = try ProcessHarness.run([ProcessHarness.dashpilot, "man"], output: folder.path("m"))
        #expect(page.status == 0 && page.stdout.contains(".SH COMMANDS\n"))
        try page.stdout.write(toFile: folder.path("dashpilot.1"), atomically: true, encoding: .utf8)
        let groff = try ProcessHarness.run(["/usr/bin/groff", "-man", "-Tutf8", "-ww", "-z", folder.path("dashpilot.1")], output: folder.path("g"))
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
    }
}
