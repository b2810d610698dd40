import DashModel
import DashStore
import Foundation

/// The `dashpilot` command line as a library function: parses the words, runs one command,
/// prints through the injected console, and returns the exit status. Never calls `exit`.
public enum DashPilotCLI {
    static let globalValued: Set<String> = ["store", "tz"]
    static let globalFlags: Set<String> = ["quiet", "help"]

    /// Runs the command line `words` (without the program name).
    public static func run(_ words: [String], context: CLIContext) -> ExitCode {
        let console = context.console
        // `dashpilot help shift add` is `dashpilot shift add --help`.
        if words.first == "help", words.count > 1 { return run(Array(words.dropFirst()) + ["--help"], context: context) }
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

        guard let spec else { return runWithoutCommand(words: words, path: path, next: index < words.count ? words[index] : nil, rest: rest, console: console) }

        let valued = globalValued.union(spec.options.filter { $0.value != nil }.map(\.name))
        let flags = globalFlags.union(spec.options.filter { $0.value == nil }.map(\.name))
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(rest, valued: valued, flags: flags)
        } catch {
            return usageFailure(error, spec: spec, console: console)
        }
        if parsed.has("help") {
            console.out(Help.command(spec))
            return .success
        }

        let invocation: Invocation
        do {
            let zone = try resolveZone(parsed, context: context)
            invocation = Invocation(arguments: parsed, context: context, zone: zone, quiet: parsed.has("quiet"),
                                    storePath: try resolveStorePath(parsed, environment: context.environment))
        } catch let error as UsageError {
            return usageFailure(error, spec: spec, console: console)
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
            return usageFailure(error, spec: spec, console: console)
        } catch {
            return report(error, console: console, storePath: invocation.storePath)
        }
    }

    /// No complete command: the overview, a group's help, or an error naming the unknown word.
    private static func runWithoutCommand(words: [String], path: [String], next: String?, rest: [String], console: Console) -> ExitCode {
        let wantsHelp = rest.contains("--help") || rest.contains("-h")
        if path.isEmpty {
            if words.isEmpty || words == ["help"] || (wantsHelp && next.map({ $0.hasPrefix("-") }) ?? true) {
                console.out(Help.overview())
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

    private static func usageFailure(_ error: UsageError, spec: CommandSpec, console: Console) -> ExitCode {
        var text = "dashpilot: error: \(error.message)\n"
        if let hint = error.hint { text += "hint: \(hint)\n" }
        text += Help.usageLines(spec) + "See 'dashpilot \(spec.name) --help'.\n"
        console.err(text)
        return .usage
    }

    /// Prints an error and maps it to its exit status (docs/cli.md, "Errors and exit statuses").
    static func report(_ error: any Error, console: Console, storePath: String? = nil, file: String? = nil) -> ExitCode {
        let status: ExitCode
        let error = StoreFault(translating: error) ?? error
        if let fault = error as? StoreFault, fault.kind != .migration {
            // Every write is one transaction: whatever failed, it rolled back.
            let what: String
            switch fault.kind {
            case .readOnly: what = "cannot be written (a read-only file or folder?)"
            case .diskFull: what = "cannot grow: the disk is full"
            case .damaged: what = "is damaged ('dashpilot check' says how)"
            case .busy: what = "is busy: another dashpilot is writing to it; try again"
            case .ioError: what = "could not be read or written (a disk error)"
            case .cannotOpen: what = "cannot be opened"
            case .refused, .migration: what = "refused the operation"
            }
            let nothing = file.map { "nothing of \($0) was imported" } ?? "nothing was written"
            console.err("dashpilot: error: the store \(storePath ?? "") \(what); \(nothing) (\(fault))\n")
            return .failure
        }
        switch error {
        case let error as StoreFault where error.kind == .migration:
            status = .failure
        case let error as ModelError:
            if case .notFound = error { status = .failure } else { status = .dataError }
            console.err("dashpilot: error: \(error)\n" + (status == .dataError ? "dashpilot: nothing was written\n" : ""))
            return status
        case let error as StoreError:
            // An import's busy store is said once by `Invocation.importEach`, with every file.
            if case .busy = error, file != nil { return .failure }
            switch error {
            case .missing, .unreadable: status = .noInput
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

    /// `--tz`, else `$TZ`, else the system zone. An unknown name is a usage error.
    static func resolveZone(_ arguments: ParsedArguments, context: CLIContext) throws -> TimeZone {
        if let name = try arguments.value("tz") {
            guard let zone = TimeZone(identifier: name) else {
                throw UsageError(message: "unknown time zone '\(name)'", hint: "use an IANA name such as America/Chicago or UTC")
            }
            return zone
        }
        if let name = context.environment["TZ"], !name.isEmpty {
            let trimmed = name.hasPrefix(":") ? String(name.dropFirst()) : name
            if let zone = TimeZone(identifier: trimmed) { return zone }
        }
        return context.systemZone
    }

    /// `--store`, else `$DASHPILOT_STORE`, else `$XDG_DATA_HOME/dashpilot/dashpilot.sqlite`,
    /// else `~/.local/share/dashpilot/dashpilot.sqlite`.
    static func resolveStorePath(_ arguments: ParsedArguments, environment: [String: String]) throws -> String {
        if let path = try arguments.value("store") {
            return try PathArgument.store(path)
        }
        if let path = environment["DASHPILOT_STORE"], !path.isEmpty { return try PathArgument.store(path, option: "$DASHPILOT_STORE") }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/dashpilot/dashpilot.sqlite" }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw UsageError(message: "no store given and $HOME is not set", hint: "pass --store PATH or set DASHPILOT_STORE")
        }
        return home + "/.local/share/dashpilot/dashpilot.sqlite"
    }
}

/// A command's own refusal with a chosen exit status (a delete not confirmed, faults found).
struct CommandFailure: Error {
    var message: String
    var status: ExitCode = .failure
}
