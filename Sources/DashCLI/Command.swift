import DashImport
import DashModel
import DashReport
import DashStore
import Foundation

/// One documented option of a command.
struct OptionHelp: Sendable {
    var name: String
    /// The placeholder for its value (`TIME`), or nil for a flag.
    var value: String?
    var help: String
    var repeatable = false
}

/// How a command uses the store.
enum StoreAccess: Sendable {
    /// Does not open it.
    case none
    /// Opens an existing store (a missing one is an error, exit 66).
    case existing
    /// Opens the store, creating it when it does not exist.
    case create
}

/// One command: its words, its help, its options, and what it runs.
struct CommandSpec: Sendable {
    var path: [String]
    var abstract: String
    var usage: String
    var arguments: [(String, String)] = []
    var options: [OptionHelp] = []
    var discussion: String?
    var store: StoreAccess
    var run: @Sendable (Invocation) throws -> ExitCode

    var name: String { path.joined(separator: " ") }
}

/// A bug in dashpilot itself: exit 70.
struct InternalError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A running command: its parsed words, the context, and the store once opened.
final class Invocation {
    let arguments: ParsedArguments
    let context: CLIContext
    let zone: TimeZone
    let quiet: Bool
    let storePath: String
    private(set) var openedStore: Store?
    /// The clock, read once, so every time a command records is the same instant.
    let now: Instant

    init(arguments: ParsedArguments, context: CLIContext, zone: TimeZone, quiet: Bool, storePath: String) {
        self.arguments = arguments
        self.context = context
        self.zone = zone
        self.quiet = quiet
        self.storePath = storePath
        now = Instant(millisecondsSinceEpoch: Int64((context.now().timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// How the running command uses the store.
    var access: StoreAccess = .none
    /// The config file's checked values (ConfigFile.swift).
    var config = ConfigValues()
    /// Where `zone` came from by ``ZoneRule``; nil when none was given (a command that runs
    /// without a zone, `ZoneRule.runWithoutZone`: then `zone` is a placeholder it never reads).
    var zoneSource: ZoneRule.Source?

    /// The store, opened (and migrated, and created when the command records something) on
    /// first use.
    var store: Store {
        get throws {
            if let openedStore { return openedStore }
            guard access != .none else { throw InternalError(message: "command \(storePath) declared no store access but used the store") }
            let store = try Store.openLeavingNothing(at: storePath, create: access == .create)
            let migration = store.migration
            if !migration.appliedSteps.isEmpty, migration.fromVersion > 0 {
                note("migrated the store from schema version \(migration.fromVersion) to \(migration.toVersion)"
                     + (migration.backupPath.map { "; backup at \($0)" } ?? ""))
            }
            openedStore = store
            return store
        }
    }

    /// The store an import writes to: with `--dry-run`, one that writes nothing to the file
    /// (``Store/forDryRun(at:plan:)``: no store yet, an empty one in memory; a store of an
    /// earlier schema, read into memory and migrated there); otherwise the real store.
    func importStore() throws -> Store {
        guard arguments.has("dry-run") else { return try store }
        let store = try Store.forDryRun(at: storePath)
        let migration = store.migration
        if !migration.appliedSteps.isEmpty, migration.fromVersion > 0 {
            note("dry run: the store is at schema version \(migration.fromVersion); migrated to \(migration.toVersion) in memory only, "
                 + "the file is left as it is")
        }
        return store
    }

    /// Runs `importOne` for each file, each its own transaction, and returns the exit status
    /// that matters most: a missing file (66), then bad data (65), then another failure (1).
    /// A store this command created and none of the files recorded anything into is removed.
    func importEach(_ files: [String], _ importOne: (String) -> ExitCode) -> ExitCode {
        defer { removeUnusedStore() }
        let rank: [ExitCode: Int] = [.success: 0, .failure: 1, .dataError: 2, .noInput: 3, .software: 4, .usage: 1]
        var status = ExitCode.success
        Interrupt.arm(context)
        for (index, path) in files.enumerated() {
            Interrupt.enter()
            let result: ExitCode
            do { result = importOne(try PathArgument.input(path, what: "a file")) } catch {
                context.console.err("dashpilot: error: \((error as? CommandFailure)?.message ?? "\(error)")\n"
                                    + "dashpilot: \(PathArgument.display(path)): nothing imported\n")
                result = .noInput
            }
            Interrupt.leave(done: Array(files[...index]))
            if rank[result, default: 0] > rank[status, default: 0] { status = result }
            // Another process held the write lock past the busy timeout: the files left would
            // wait as long again. Said once, naming the store, the writer and every file not
            // imported; exit 75 (EX_TEMPFAIL): a scheduler may try again.
            if openedStore?.refusedBusy == true {
                let left = files[index...].joined(separator: ", ")
                context.console.err("dashpilot: error: the store \(storePath) is busy: \(LockHolder.describe(storePath: storePath)) has been "
                                    + "writing to it for over 10 s; nothing was imported from \(left); try again later\n")
                return .tempFail
            }
        }
        return status
    }

    /// An import that created the store and recorded nothing leaves no store file (docs/cli.md).
    private func removeUnusedStore() {
        guard let store = openedStore, store.migration.createdStore else { return }
        if (try? store.removeIfEmpty()) == true { openedStore = nil }
    }

    /// The zone a file's local times are read in: `--tz`, else the template's `timeZone` (the
    /// file's own zone), else the zone ``ZoneRule`` gives (the config's `tz`, else `$TZ`). When
    /// every time in the file carries its own offset (`timesCarryOffsets`), no zone is needed:
    /// UTC stands in, and reads nothing. `kind` names the file in the refusal ("statement").
    func importZone(template: TimeZone?, timesCarryOffsets: Bool = false, kind: String = "statement") throws -> TimeZone {
        if zoneSource == .option { return zone }
        if let template { return template }
        if zoneSource != nil { return zone }
        if timesCarryOffsets, let utc = TimeZone(identifier: "UTC") { return utc }
        throw UsageError(message: "this import needs to know the \(kind)'s time zone: its times are local and none is given",
                         hint: ZoneRule.hint(systemZone: context.systemZone, alternative: "give the template a \"timeZone\""))
    }

    /// The bytes of a file a user names with `option` (a template, a rate table, a category
    /// map), checked by ``PathArgument/input(_:what:option:)``: a regular file of at most 1 MiB;
    /// missing or unreadable is exit 66.
    func templateFile(_ path: String, option: String, what: String = "the template") throws -> [UInt8] {
        let path = try PathArgument.input(path, what: what, option: option)
        do { return try CSVFileStream.contents(path, limit: 1 << 20) } catch {
            throw CommandFailure(message: "\(option) \(PathArgument.display(path)): cannot read \(what): \(error)", status: .noInput)
        }
    }

    /// Standard output.
    func print(_ line: String = "") { context.console.out(line + "\n") }

    /// Informational output on stderr, silenced by `--quiet`.
    func note(_ line: String) { if !quiet { context.console.err("dashpilot: " + line + "\n") } }

    // MARK: - Reading option values

    func instant(_ text: String, option: String) throws -> Instant {
        do { return try TimeText.instant(text, zone: zone) } catch { throw UsageError(message: "\(option): \(error)") }
    }

    /// An amount the driver records: at most `Money.largestRecordable`, else a usage error.
    func money(_ text: String, what: String) throws -> Money {
        do { return try Money(parsingRecordable: text) } catch { throw UsageError(message: "\(what): \(error)") }
    }

    func id(_ text: String, what: String) throws -> Int64 {
        guard let value = Int64(text), value > 0 else { throw UsageError(message: "\(what) must be a positive whole number, not '\(text)'") }
        return value
    }

    /// The instant a local date starts in the zone (`--from`/`--to` bounds): the same first
    /// instant a report's period starts at (``Day/start(in:)``).
    func startOfDay(_ text: String, option: String) throws -> Instant {
        do { return try Day(parsing: text).start(in: zone) } catch {
            throw UsageError(message: "--\(option): \(error)")
        }
    }

    /// Local time for people: `2026-11-02 Mon 09:00`.
    func local(_ instant: Instant) -> String {
        let civil = TimeText.civil(instant, zone: zone)
        let day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][civil.isoWeekday - 1]
        return String(format: "%04d-%02d-%02d ", civil.year, civil.month, civil.day) + day + String(format: " %02d:%02d", civil.hour, civil.minute)
    }

    /// Local time of day, with `+1` (or `+N`) when it falls N local days after `start`: `02:10+1`.
    func clock(_ instant: Instant, after start: Instant) -> String {
        let a = TimeText.civil(start, zone: zone), b = TimeText.civil(instant, zone: zone)
        let days = CivilTime.days(year: b.year, month: b.month, day: b.day) - CivilTime.days(year: a.year, month: a.month, day: a.day)
        return clock(instant) + (days > 0 ? "+\(days)" : "")
    }

    /// Local time of day: `17:30`.
    func clock(_ instant: Instant) -> String {
        let civil = TimeText.civil(instant, zone: zone)
        return String(format: "%02d:%02d", civil.hour, civil.minute)
    }
}
