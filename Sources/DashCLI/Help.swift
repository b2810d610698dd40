/// Help texts, laid out as swift-argument-parser lays them out: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, then a pointer to more help. Printed on stdout with exit 0.
enum Help {
    static let globalOptions: [OptionHelp] = [
        OptionHelp(name: "store", value: "PATH", help: "The store file. Default: $DASHPILOT_STORE, else the config's store, else $XDG_DATA_HOME/dashpilot/dashpilot.sqlite (~/.local/share/...)."),
        OptionHelp(name: "tz", value: "ZONE", help: "IANA time zone for local times, such as America/Chicago (not EST or an offset). Default: the config's tz, else $TZ; with none, a command that reads or prints local times refuses."),
        OptionHelp(name: "quiet", value: nil, help: "Print only what was asked for: no notes on stderr."),
    ]

    static func overview(configDefaults: [String: String] = [:]) -> String {
        var text = """
            OVERVIEW: Keep an honest record of delivery work: shifts, routes, earnings and
            expenses, in one SQLite file, with figures a driver can defend.

            USAGE: dashpilot [--store PATH] [--tz ZONE] [--quiet] <command> ...

            GLOBAL OPTIONS:

            """
        text += optionLines(globalOptions + [OptionHelp(name: "help", value: nil, help: "Show help (also after any command)."),
                                             OptionHelp(name: "version", value: nil, help: "Print the version (as 'dashpilot version').")],
                            configDefaults: configDefaults)
        text += "\nCOMMANDS:\n"
        let width = (Commands.all.map { $0.name.count }.max() ?? 10) + 2
        for spec in Commands.all {
            text += "  " + spec.name.padding(toLength: width, withPad: " ", startingAt: 0) + spec.abstract + "\n"
        }
        text += "\nSee 'dashpilot <command> --help' for detailed help.\n"
        return text
    }

    static func group(_ path: [String]) -> String {
        let name = path.joined(separator: " ")
        let members = Commands.all.filter { $0.path.starts(with: path) }
        var text = "OVERVIEW: The '\(name)' commands.\n\nUSAGE:\n"
        for spec in members {
            for alternative in spec.usage.components(separatedBy: " | ") { text += "  dashpilot \(alternative)\n" }
        }
        text += "\nCOMMANDS:\n"
        let width = (members.map { $0.name.count }.max() ?? 10) + 2
        for spec in members {
            text += "  " + spec.name.padding(toLength: width, withPad: " ", startingAt: 0) + spec.abstract + "\n"
        }
        text += "\nSee 'dashpilot \(name) <command> --help' for detailed help.\n"
        return text
    }

    static func command(_ spec: CommandSpec, configDefaults: [String: String] = [:]) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n\n" + usageLines(spec)
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            let width = max(14, (spec.arguments.map { $0.0.count }.max() ?? 0) + 4)
            for (name, help) in spec.arguments { text += wrapped("  " + name.padding(toLength: width, withPad: " ", startingAt: 0), help) }
        }
        text += "\nOPTIONS:\n"
        text += optionLines(spec.options + globalOptions + [OptionHelp(name: "help", value: nil, help: "Show this help.")], configDefaults: configDefaults)
        if let discussion = spec.discussion { text += "\n" + paragraph(discussion) }
        return text
    }

    /// `USAGE: dashpilot ...`, one line per alternative (the usage's ` | `).
    static func usageLines(_ spec: CommandSpec) -> String {
        spec.usage.components(separatedBy: " | ").enumerated().map { index, alternative in
            (index == 0 ? "USAGE: " : "       ") + "dashpilot " + alternative + "\n"
        }.joined()
    }

    /// Text re-wrapped to 80 columns.
    private static func paragraph(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !line.isEmpty, line.count + 1 + word.count > 80 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `configDefaults` (option name to value) adds `(default from config: VALUE)` to the options
    /// the config file supplies a default for.
    private static func optionLines(_ options: [OptionHelp], configDefaults: [String: String] = [:]) -> String {
        let labels = options.map { option -> String in
            var label = (option.name == "help" ? "-h, " : "") + "--" + option.name
            if let value = option.value { label += " " + value }
            if option.repeatable { label += " ..." }
            return label
        }
        let width = max(16, (labels.map(\.count).max() ?? 0) + 4)
        var text = ""
        for (label, option) in zip(labels, options) {
            let help = option.help + (configDefaults[option.name].map { " (default from config: \($0))" } ?? "")
            text += wrapped("  " + label.padding(toLength: width, withPad: " ", startingAt: 0), help)
        }
        return text
    }

    /// `lead` then `help` wrapped to 80 columns, continuation lines indented under the help.
    private static func wrapped(_ lead: String, _ help: String) -> String {
        let indent = lead.count + 2
        let available = max(30, 80 - indent)
        var lines: [String] = []
        var line = ""
        for word in help.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > available {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        let pad = String(repeating: " ", count: indent)
        var text = lead + "  " + (lines.first ?? "") + "\n"
        for extra in lines.dropFirst() { text += pad + extra + "\n" }
        return text
    }
}
