/// `dashpilot man`: the manual page in roff, made from the same command table as the help
/// (``Commands/all``, ``Help/globalOptions``); `make man` writes it to build/dashpilot.1.
/// No date in it: the same build gives the same bytes.
enum ManPage {
    static let spec = CommandSpec(
        path: ["man"],
        abstract: "Print the manual page in roff (make man writes it).",
        usage: "man",
        discussion: "Read it with: dashpilot man | man -l -",
        store: .none,
        run: { run in
            guard run.arguments.positionals.isEmpty else {
                throw UsageError(message: "unexpected argument '\(run.arguments.positionals[0])'")
            }
            run.context.console.out(page())
            return .success
        })

    /// The exit statuses, as docs/cli.md's table gives them.
    static let statuses: [(String, String)] = [
        ("0", "Success (help included)."),
        ("1", "A failure; nothing was written (no such record, a store newer than this build, check found faults)."),
        ("64", "A usage error: unknown command or option, a missing or malformed argument."),
        ("65", "The record refused the data; nothing was written."),
        ("66", "An input file or the store is missing or unreadable."),
        ("70", "A bug in dashpilot."),
        ("75", "The store is busy: another process held its write lock past the 10 s wait; try again."),
        ("130, 143", "Interrupted by SIGINT or SIGTERM during an import; nothing of the file in progress was written."),
    ]

    static func page() -> String {
        var text = """
            .TH DASHPILOT 1 "" "dashpilot \(Version.dashpilot)" "User Commands"
            .SH NAME
            dashpilot \\- keep an honest record of delivery work
            .SH SYNOPSIS
            .B dashpilot
            [\\fB\\-\\-store\\fR \\fIPATH\\fR] [\\fB\\-\\-tz\\fR \\fIZONE\\fR] [\\fB\\-\\-quiet\\fR] \\fIcommand\\fR ...
            .br
            .B dashpilot \\-\\-version
            .SH DESCRIPTION
            Keep an honest record of delivery work: shifts, routes, earnings and expenses, in one
            SQLite file, with figures a driver can defend.
            .SH GLOBAL OPTIONS

            """
        text += options(Help.globalOptions + [OptionHelp(name: "help", value: nil, help: "Show help (also after any command)."),
                                              OptionHelp(name: "version", value: nil, help: "Print the version, the store schema version, and SQLite's and libxlsxwriter's.")])
        text += ".SH COMMANDS\n"
        for spec in Commands.all { text += command(spec) }
        text += ".SH EXIT STATUS\n"
        for (status, meaning) in statuses { text += ".TP\n.B \(escaped(status))\n\(escaped(meaning))\n" }
        text += """
            .SH ENVIRONMENT
            .TP
            .B DASHPILOT_STORE
            The store file when \\fB\\-\\-store\\fR is not given.
            .TP
            .B XDG_DATA_HOME
            The store is $XDG_DATA_HOME/dashpilot/dashpilot.sqlite, else ~/.local/share/dashpilot/dashpilot.sqlite.
            .TP
            .B TZ
            The zone local times are read in when \\fB\\-\\-tz\\fR is not given.
            .SH SEE ALSO
            \\fBdashpilot\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR, and docs/cli.md in the source.

            """
        return text
    }

    private static func command(_ spec: CommandSpec) -> String {
        var text = ".SS \"\(escaped(spec.name))\"\n"
        for (index, alternative) in spec.usage.components(separatedBy: " | ").enumerated() {
            text += (index == 0 ? "" : ".br\n") + "\\fBdashpilot\\fR \(escaped(alternative))\n"
        }
        text += ".PP\n\(line(spec.abstract))\n"
        for (name, help) in spec.arguments { text += ".TP\n.I \(escaped(name))\n\(line(help))\n" }
        text += options(spec.options)
        if let discussion = spec.discussion { text += ".PP\n" + line(discussion) + "\n" }
        return text
    }

    private static func options(_ options: [OptionHelp]) -> String {
        options.map { option in
            var label = "\\fB\\-\\-" + escaped(option.name) + "\\fR"
            if let value = option.value { label += " \\fI" + escaped(value) + "\\fR" }
            if option.repeatable { label += " ..." }
            return ".TP\n" + label + "\n" + line(option.help) + "\n"
        }.joined()
    }

    /// Text as one roff paragraph: its lines joined, escaped.
    private static func line(_ text: String) -> String {
        escaped(text.split(whereSeparator: { $0 == "\n" }).joined(separator: " "))
    }

    /// Backslashes and hyphens escaped; a leading `.` or `'` guarded so it is never a request.
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}
