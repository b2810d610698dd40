import Foundation

/// Where a command reads and writes: passed in, never global, so tests capture it in-process.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Reads one line of standard input (nil at end of input).
    public var readLine: @Sendable () -> String?
    /// True when standard input is a terminal a person can answer at.
    public var stdinIsTerminal: Bool
    /// True when standard error is a terminal: only then is a progress bar drawn.
    public var stderrIsTerminal: Bool
    /// The terminal's width in columns, asked at each redraw of a progress bar (a window may be
    /// resized during an import); nil when unknown.
    public var stderrColumns: @Sendable () -> Int?

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                readLine: @escaping @Sendable () -> String? = { nil }, stdinIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
                stderrColumns: @escaping @Sendable () -> Int? = { nil }) {
        self.out = out
        self.err = err
        self.readLine = readLine
        self.stdinIsTerminal = stdinIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.stderrColumns = stderrColumns
    }
}

/// Everything from outside the process a command may depend on: injected, so the same store and
/// arguments give the same bytes in a test, under cron, or under any `TZ`.
public struct CLIContext: Sendable {
    public var console: Console
    public var environment: [String: String]
    /// The clock, read once per command.
    public var now: @Sendable () -> Date
    /// The machine's zone: never used for local times (ZoneRule.swift), only named in the hint
    /// of a refusal for want of a zone.
    public var systemZone: TimeZone
    /// Whether an import may take SIGINT and SIGTERM (``Interrupt``): only the real process,
    /// never a test running commands in-process.
    public var handlesSignals = false
    /// The real process's arguments and path variables as bytes (``ProcessBytes``), checked
    /// before any command runs; nil in-process, where the words are already the command's.
    public var processBytes: ProcessBytes?
    /// The error (an errno) that kept standard output from being written whole, or 0: only the
    /// real process's can fail (StandardStreams.swift).
    public var outputFailure: @Sendable () -> Int32 = { 0 }

    public init(console: Console, environment: [String: String], now: @escaping @Sendable () -> Date, systemZone: TimeZone) {
        self.console = console
        self.environment = environment
        self.now = now
        self.systemZone = systemZone
    }

    /// The real process: standard streams, the environment, the system clock and zone.
    public static func process() -> CLIContext {
        let console = Console(
            out: { StandardStreams.writeOutput($0) },
            err: { StandardStreams.writeError($0) },
            readLine: { Swift.readLine() },
            stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            stderrColumns: { TerminalWidth.columns(environment: ProcessInfo.processInfo.environment) })
        var context = CLIContext(console: console, environment: ProcessInfo.processInfo.environment,
                                 now: { Date() }, systemZone: TimeZone.current)
        context.handlesSignals = true
        context.processBytes = .current()
        context.outputFailure = { StandardStreams.outputFailure }
        return context
    }
}

/// The process's exit status (docs/cli.md, "Errors and exit statuses").
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// A failure; nothing was written.
    case failure = 1
    /// A usage error: unknown command or option, missing or malformed argument.
    case usage = 64
    /// Bad input data: the record refused it; nothing was written.
    case dataError = 65
    /// An input file (or the store) is missing or unreadable.
    case noInput = 66
    /// A bug in dashpilot.
    case software = 70
    /// Standard output could not be written (a full disk, a file-size limit): what was printed
    /// is not whole (StandardStreams.swift).
    case ioError = 74
    /// The store is busy (another process held its write lock past the wait): try again later
    /// (sysexits' EX_TEMPFAIL, which tells a scheduler so).
    case tempFail = 75
    /// Interrupted by SIGINT (130) or SIGTERM (143) during an import (``Interrupt``).
    case interrupted = 130
    case terminated = 143
}
