/// A usage error under `--quiet`: one line on stderr, as docs/cron.md promises a cron job's mail
/// (`dashpilot: error: unknown option --strat; did you mean --start?`), without the usage lines
/// and the pointer to the help that a person at a terminal gets.
enum UsageLine {
    /// Whether `--quiet` is among the words (before a `--`): read from the words themselves,
    /// since a usage error may come before they could be parsed.
    static func isQuiet(_ words: [String]) -> Bool {
        words.prefix(while: { $0 != "--" }).contains("--quiet")
    }

    /// The message and its hint, one line.
    static func text(_ error: UsageError) -> String {
        "dashpilot: error: \(error.message)" + (error.hint.map { "; \($0)" } ?? "") + "\n"
    }

    /// `console` with each text written to stderr cut to its first line.
    static func oneLine(_ console: Console) -> Console {
        var quiet = console
        quiet.err = { text in console.err(String(text.prefix(while: { $0 != "\n" })) + "\n") }
        return quiet
    }
}
