import DashReport
import Foundation

/// `config show`, `config set KEY VALUE` and `config unset KEY`: the config file (ConfigFile.swift).
enum ConfigCommands {
    static let keysHelp = "store (an absolute path), tz (an IANA zone), week_start (monday or sunday), mileage_rates (a shipped table's name, none, or a table file's absolute path)"

    static let show = CommandSpec(
        path: ["config", "show"], abstract: "Show each config key, its value and where it comes from.",
        usage: "config show",
        discussion: """
            Each key with the value a command would use and where it comes from: an option, the
            environment, the config file, or the built-in default. The store's order is --store,
            $DASHPILOT_STORE, the config's store, then $XDG_DATA_HOME/dashpilot/dashpilot.sqlite
            (~/.local/share/...); the zone's is --tz, the config's tz, then $TZ.
            """,
        store: .none,
        run: { run in
            _ = try run.arguments.positionals([])
            let file = try ConfigFile.read(environment: run.context.environment)
            let config = try file.checked()
            let fileLabel = "config"
            run.print("config file: " + (file.path.map { $0 + (FileManager.default.fileExists(atPath: $0) ? "" : " (not written yet)") }
                                        ?? "none (neither $XDG_CONFIG_HOME nor $HOME is set)"))
            var table = TextTable(headers: ["KEY", "VALUE", "FROM"], rightAligned: [])
            let store = try DashPilotCLI.resolveStorePath(run.arguments, environment: run.context.environment, config: config)
            table.rows.append(["store", store.path, store.source.rawValue])
            let zone = try ZoneRule.resolve(option: try run.arguments.value("tz"), configured: config.tz,
                                            configPath: config.path ?? "", environment: run.context.environment)
            table.rows.append(["tz", zone.map { ZoneRule.name($0.0) } ?? "-",
                               zone.map { $0.1 == .option ? "--tz" : $0.1 == .environment ? "$TZ" : fileLabel } ?? "none: commands that need a zone refuse"])
            for (key, builtIn) in [("week_start", "monday"), ("mileage_rates", "us-irs-business")] {
                table.rows.append([key, config.value(key) ?? builtIn, config.value(key) == nil ? "default" : fileLabel])
            }
            run.context.console.out(table.render())
            return .success
        })

    static let set = CommandSpec(
        path: ["config", "set"], abstract: "Set a config key: the default an option overrides.",
        usage: "config set KEY VALUE",
        arguments: [("KEY", keysHelp), ("VALUE", "The value, checked as the option it supplies checks it.")],
        discussion: """
            The file is written whole or not at all, mode 0600, in a folder of mode 0700. A zone is
            stored in its canonical IANA spelling; a rate table file is read before it is kept.
            """,
        store: .none,
        run: { run in
            let words = try run.arguments.positionals(["KEY", "VALUE"])
            let (key, value) = (words[0], words[1])
            // The file as it is says first what is wrong with it; the value is checked before
            // the lock is taken, and the file read again under it.
            let path = try ConfigFile.read(environment: run.context.environment).path
            let checked = try ConfigFile.validated(key, value)
            // The store is checked as --store checks it: a new path with a newline, or one SQLite
            // would not open, is refused here rather than by every command after.
            if key == "store" { _ = try PathArgument.store(checked, option: "store") }
            if key == "mileage_rates", checked.hasPrefix("/") {
                do { _ = try MileageRateTable.parse(Data(try run.templateFile(checked, option: "mileage_rates", what: "the rate table")), file: checked) } catch let error as MileageRateError {
                    throw CommandFailure(message: "\(error)", status: .dataError)
                }
            }
            let was = try ConfigLock.holding(path) {
                var file = try ConfigFile.read(environment: run.context.environment)
                let was = file.values[key]
                file.values[key] = checked
                try file.write()
                return was
            }
            run.print("\(key) = \(checked)" + (was.map { $0 == checked ? " (unchanged)" : " (was \(ZoneRule.shown($0)))" } ?? "") + " in \(path ?? "")")
            return .success
        })

    static let unset = CommandSpec(
        path: ["config", "unset"], abstract: "Remove a config key (the built-in default applies again).",
        usage: "config unset KEY",
        arguments: [("KEY", "store, tz, week_start or mileage_rates.")],
        store: .none,
        run: { run in
            let key = try run.arguments.positionals(["KEY"])[0]
            guard ConfigFile.keys.contains(key) else { _ = try ConfigFile.validated(key, ""); return .usage }
            let file = try ConfigFile.read(environment: run.context.environment)
            // Read again under the lock (ConfigLock): another writer may have changed it.
            let was = file.values[key] == nil ? nil : try ConfigLock.holding(file.path) { () throws -> String? in
                var file = try ConfigFile.read(environment: run.context.environment)
                guard let was = file.values.removeValue(forKey: key) else { return nil }
                try file.write()
                return was
            }
            guard let was else {
                run.print("\(key) is not set in \(file.path ?? "the config"); nothing to do")
                return .success
            }
            run.print("unset \(key) (was \(ZoneRule.shown(was))) in \(file.path ?? "")")
            return .success
        })
}
