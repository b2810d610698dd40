import DashModel
import DashStore
import Foundation

/// The `dashpilot` command line as a library function: parses the words, runs one command,
/// prints through the injected console, and returns the exit status. Never calls `exit`.
public enum DashPilotCLI {
    static let globalValued: Set<String> = ["store", "tz"]
    static let globalFlags: Set<String> = ["quiet", "help"]

    /// Runs the command line `words` (without the program name). Output that could not be
    /// written whole ends the command with exit 74, whatever it did (StandardStreams.swift).
    public static func run(_ words: [String], context: CLIContext) -> ExitCode {
        let status = runCommand(words, context: context)
        let failure = context.outputFailure()
        guard failure == 0 else {
            context.console.err("dashpilot: error: standard output could not be written (\(String(cString: strerror(failure)))); what it shows is not whole\n")
            return .ioError
        }
        return status
    }

    private static func runCommand(_ words: [String], context: CLIContext) -> ExitCode {
        let console = context.console
        // A path that is not UTF-8 is refused before anything reads the decoded words (ProcessBytes.swift).
        if let refusal = context.processBytes?.refusal() {
            let hint = refusal.hint.map { "hint: \($0)\n" } ?? ""
            console.err(UsageLine.isQuiet(words) ? UsageLine.text(refusal) : "dashpilot: error: \(refusal.message)\n" + hint)
            return .usage
        }
        // `dashpilot help shift add` is `dashpilot shift add --help`.
        if words.first == "help", words.count > 1 { return runCommand(Array(words.dropFirst()) + ["--help"], context: context) }
        // Global options may come before the command; they are also accepted after it.
        var index = 0
        var leading: [String] = []
        while index < words.count, words[index].hasPrefix("-"), words[index] != "--" {
            leading.append(words[index])
            let bare = words[index].dropFirst(2)
            index += 1
            if globalValued.contains(String(bare)), index < words.count {
                leading.append(words[index])
                index += 1
            }
        }
        var path: [String] = []
        var spec: CommandSpec?
        while index < words.count, !words[index].hasPrefix("-") {
            let candidate = path + [words[index]]
            if let exact = Commands.all.first(where: { $0.path == candidate }) {
                spec = exact
                path = candidate
                index += 1
            } else if Commands.all.contains(where: { $0.path.starts(with: candidate) }) {
                path = candidate
                index += 1
            } else {
                break
            }
            if let found = spec, !Commands.all.contains(where: { $0.path.count > found.path.count && $0.path.starts(with: found.path) }) {
                break
            }
        }
        let rest = leading + Array(words[index...])
        // `dashpilot --version` (before any command, as git and swift take it).
        if leading.contains("--version") {
            console.out(Version.text())
            return .success
        }
        let quiet = UsageLine.isQuiet(words)

        guard let spec else { return runWithoutCommand(words: words, path: path, next: index < words.count ? words[index] : nil, rest: rest,
                                                     console: quiet ? UsageLine.oneLine(console) : console, environment: context.environment) }

        let valued = globalValued.union(spec.options.filter { $0.value != nil }.map(\.name))
        let flags = globalFlags.union(spec.options.filter { $0.value == nil }.map(\.name))
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(rest, valued: valued, flags: flags)
        } catch {
            return usageFailure(error, spec: spec, console: console, quiet: quiet)
        }
        if parsed.has("help") {
            let defaults = (try? ConfigFile.read(environment: context.environment).checked())?.optionDefaults ?? [:]
            console.out(Help.command(spec, configDefaults: defaults))
            return .success
        }

        let invocation: Invocation
        do {
            // The config commands read the file themselves: they must reach one holding a bad value.
            let file = try ConfigFile.read(environment: context.environment)
            let config = spec.path.first == "config" ? ConfigValues(path: file.path) : try file.checked()
            let zone = try resolveZone(parsed, spec: spec, config: config, context: context)
            invocation = Invocation(arguments: parsed, context: context, zone: zone?.0 ?? .gmt, quiet: parsed.has("quiet"),
                                    storePath: try resolveStorePath(parsed, environment: context.environment, config: config).path)
            invocation.config = config
            invocation.zoneSource = zone?.1
        } catch let error as UsageError {
            return usageFailure(error, spec: spec, console: console, quiet: quiet)
        } catch let error as CommandFailure {
            console.err("dashpilot: error: \(error.message)\n")
            return error.status
        } catch {
            console.err("dashpilot: error: \(error)\n")
            return .failure
        }
        do {
            // The store opens on first use, after the command has read its arguments: a usage
            // mistake is reported as one even when the store is missing.
            invocation.access = spec.store
            return try spec.run(invocation)
        } catch let error as UsageError {
            return usageFailure(error, spec: spec, console: console, quiet: quiet)
        } catch {
            return report(error, console: console, storePath: invocation.storePath, zone: invocation.zoneSource.map { _ in invocation.zone })
        }
    }

    /// No complete command: the overview, a group's help, or an error naming the unknown word.
    private static func runWithoutCommand(words: [String], path: [String], next: String?, rest: [String], console: Console,
                                          environment: [String: String]) -> ExitCode {
        let wantsHelp = rest.contains("--help") || rest.contains("-h")
        if path.isEmpty {
            if words.isEmpty || words == ["help"] || (wantsHelp && next.map({ $0.hasPrefix("-") }) ?? true) {
                console.out(Help.overview(configDefaults: (try? ConfigFile.read(environment: environment).checked())?.optionDefaults ?? [:]))
                return .success
            }
            if let next, !next.hasPrefix("-") {
                var message = "unknown command '\(next)'"
                if let near = ParsedArguments.nearest(next, among: Set(Commands.all.map { $0.path[0] })) {
                    message += "; did you mean '\(near)'?"
                }
                console.err("dashpilot: error: \(message)\nSee 'dashpilot --help'.\n")
                return .usage
            }
            do {
                _ = try ParsedArguments(rest, valued: globalValued, flags: globalFlags)
                console.err("dashpilot: error: no command given\nSee 'dashpilot --help'.\n")
            } catch {
                console.err("dashpilot: error: \(error.message)" + (error.hint.map { "; \($0)" } ?? "") + "\nSee 'dashpilot --help'.\n")
            }
            return .usage
        }
        let group = path.joined(separator: " ")
        if wantsHelp, next.map({ $0.hasPrefix("-") }) ?? true {
            console.out(Help.group(path))
            return .success
        }
        let subcommands = Set(Commands.all.filter { $0.path.starts(with: path) && $0.path.count > path.count }.map { $0.path[path.count] })
        var message: String
        if let next, !next.hasPrefix("-") {
            message = "unknown command '\(group) \(next)'"
            if let near = ParsedArguments.nearest(next, among: subcommands) { message += "; did you mean '\(group) \(near)'?" }
        } else {
            message = "'\(group)' needs a subcommand: \(subcommands.sorted().joined(separator: ", "))"
        }
        console.err("dashpilot: error: \(message)\nSee 'dashpilot \(group) --help'.\n")
        return .usage
    }

    private static func usageFailure(_ error: UsageError, spec: CommandSpec, console: Console, quiet: Bool) -> ExitCode {
        // Under --quiet a usage error is one line (docs/cron.md): the message and its hint.
        if quiet {
            console.err(UsageLine.text(error))
            return .usage
        }
        var text = "dashpilot: error: \(error.message)\n"
        if let hint = error.hint { text += "hint: \(hint)\n" }
        text += Help.usageLines(spec) + "See 'dashpilot \(spec.name) --help'.\n"
        console.err(text)
        return .usage
    }

    /// Prints an error and maps it to its exit status (docs/cli.md, "Errors and exit statuses").
    /// A ``ModelError``'s instants are printed in `zone` (the command's) with UTC beside.
    static func report(_ error: any Error, console: Console, storePath: String? = nil, file: String? = nil, zone: TimeZone? = nil) -> ExitCode {
        let status: ExitCode
        let error = StoreFault(translating: error) ?? error
        if let fault = error as? StoreFault, fault.kind != .migration {
            // Every write is one transaction: whatever failed, it rolled back.
            let what: String
            switch fault.kind {
            case .readOnly: what = "cannot be written (a read-only file or folder?)"
            case .diskFull where fault.systemErrno == EFBIG: what = "cannot grow: a file would pass the file size limit (ulimit -f)"
            case .diskFull: what = "cannot grow: the disk is full"
            case .damaged: what = "is damaged ('dashpilot check' says how)"
            case .busy: what = "is busy: another dashpilot is writing to it; try again"
            case .ioError: what = "could not be read or written (a disk error)"
            case .cannotOpen: what = "cannot be opened"
            case .refused, .migration: what = "refused the operation"
            }
            let nothing = file.map { "nothing of \($0) was imported" } ?? "nothing was written"
            if fault.kind == .busy, let storePath { return busy(storePath, nothing: nothing, console: console) }
            console.err("dashpilot: error: the store \(storePath ?? "") \(what); \(nothing) (\(fault))\n")
            return .failure
        }
        switch error {
        case let error as StoreFault where error.kind == .migration:
            status = .failure
        case let error as ModelError:
            if case .notFound = error { status = .failure } else { status = .dataError }
            let message = zone.map { error.description(in: $0) } ?? error.description
            console.err("dashpilot: error: \(message)\n" + (status == .dataError ? "dashpilot: nothing was written\n" : ""))
            return status
        case let error as StoreError:
            // An import's busy store is said once by `Invocation.importEach`, with every file.
            if case .busy(let path) = error { return file != nil ? .tempFail : busy(path, nothing: "nothing was written", console: console) }
            switch error {
            case .missing, .unreadable: status = .noInput
            case .pathTooLong: status = .usage
            default: status = .failure
            }
        case is CorruptRecordError, is MoneyError, is ShiftChangedError, is ImportUndoRefused:
            status = .failure
        case let error as CommandFailure:
            console.err("dashpilot: error: \(error.message)\n")
            return error.status
        default:
            console.err("dashpilot: internal error: \(error); please report it\n")
            return .software
        }
        console.err("dashpilot: error: \(error)\n")
        return status
    }

    /// Another process held the store's write lock past the 10 s wait: one line naming it, exit
    /// 75 (EX_TEMPFAIL) so a scheduler tries again.
    private static func busy(_ path: String, nothing: String, console: Console) -> ExitCode {
        console.err("dashpilot: error: the store \(path) is busy: \(LockHolder.describe(storePath: path)) has been writing to it "
                    + "for over 10 s; \(nothing); try again later\n")
        return .tempFail
    }

    /// The zone by ``ZoneRule``: `--tz`, else the config's `tz`, else `$TZ`. A command that reads
    /// or prints local times refuses without one (exit 64); the others run with none (nil).
    static func resolveZone(_ arguments: ParsedArguments, spec: CommandSpec, config: ConfigValues,
                            context: CLIContext) throws -> (TimeZone, ZoneRule.Source)? {
        let option = try arguments.value("tz")
        // The config commands check only a --tz given: they must reach a config or $TZ to fix.
        if spec.path.first == "config" {
            return try option.map { (try ZoneRule.zone($0, from: .option), .option) }
        }
        let zone = try ZoneRule.resolve(option: option, configured: config.tz, configPath: config.path ?? "", environment: context.environment)
        if zone == nil, !ZoneRule.runWithoutZone.contains(spec.name) {
            throw UsageError(message: "'\(spec.name)' needs a time zone for its local times, and none is given",
                             hint: ZoneRule.hint(systemZone: context.systemZone))
        }
        return zone
    }

    /// Where the store's path came from, for `config show`.
    enum StoreSource: String { case option = "--store", environment = "$DASHPILOT_STORE", config = "config", xdgData = "$XDG_DATA_HOME", home = "default" }

    /// `--store`, else `$DASHPILOT_STORE`, else the config's `store`, else
    /// `$XDG_DATA_HOME/dashpilot/dashpilot.sqlite`, else `~/.local/share/dashpilot/dashpilot.sqlite`.
    static func resolveStorePath(_ arguments: ParsedArguments, environment: [String: String],
                                 config: ConfigValues = ConfigValues()) throws -> (path: String, source: StoreSource) {
        if let path = try arguments.value("store") {
            return (try PathArgument.store(path), .option)
        }
        if let path = environment["DASHPILOT_STORE"], !path.isEmpty { return (try PathArgument.store(path, option: "$DASHPILOT_STORE"), .environment) }
        if let path = config.store { return (try PathArgument.store(path, option: "the config's store"), .config) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return (try PathArgument.store(data + "/dashpilot/dashpilot.sqlite", option: "$XDG_DATA_HOME's store"), .xdgData)
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw UsageError(message: "no store given and $HOME is not set", hint: "pass --store PATH or set DASHPILOT_STORE")
        }
        return (try PathArgument.store(home + "/.local/share/dashpilot/dashpilot.sqlite", option: "$HOME's store"), .home)
    }
}

/// A command's own refusal with a chosen exit status (a delete not confirmed, faults found).
struct CommandFailure: Error {
    var message: String
    var status: ExitCode = .failure
}
