import DashExport
import DashStore

/// `dashpilot --version` and `dashpilot version`: this build's version, the store schema it
/// writes, and the libraries it runs on (docs/cli.md, "Version").
enum Version {
    /// dashpilot's version: the one place it is defined.
    static let dashpilot = "0.20.0"

    /// Four lines, the same on every run of one build.
    static func text() -> String {
        """
        dashpilot \(dashpilot)
        store schema: version \(Schema.currentVersion)
        SQLite: \(SQLiteLibrary.version() ?? "unknown")
        libxlsxwriter: \(XLSXLibrary.version)

        """
    }

    static let spec = CommandSpec(
        path: ["version"],
        abstract: "Show the version, schema version and library versions.",
        usage: "version",
        discussion: "The same as 'dashpilot --version'.",
        store: .none,
        run: { run in
            guard run.arguments.positionals.isEmpty else {
                throw UsageError(message: "unexpected argument '\(run.arguments.positionals[0])'")
            }
            run.context.console.out(text())
            return .success
        })
}
