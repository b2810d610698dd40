import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM during an import (docs/cli.md, "Interrupted imports"): the progress bar is
/// cleared, one line says what was and was not written, and the process exits 130 or 143.
///
/// Each file is one transaction (``Invocation/importEach(_:_:)``). Outside a file's
/// transaction the handler ends the process at once. Inside it, the handler only notes the
/// signal: the import ends at its next progress report (``Progress/update(_:)``), where the
/// transaction is open and uncommitted, so ending the process leaves the store as it was (the
/// same as a kill: docs/reliability.md, KillTests); or, once the file is read, when the file's
/// transaction has ended, so the line never claims less than was written.
enum Interrupt {
    /// 0 not armed (the default disposition), 1 armed outside a transaction, 2 inside one.
    private static let phase = Atomic<Int>(0)
    /// The signal taken inside a transaction, or 0.
    private static let pending = Atomic<Int32>(0)
    /// Whether a progress bar is on the screen (cleared first).
    private static let bar = Atomic<Bool>(false)
    /// The line to print, a C string (a new one replaces it; the old is never freed, since a
    /// handler may be reading it).
    private static let message = Atomic<Int>(0)

    /// Takes SIGINT and SIGTERM from here on, when the process may (``CLIContext/handlesSignals``).
    static func arm(_ context: CLIContext) {
        guard context.handlesSignals, phase.load(ordering: .sequentiallyConsistent) == 0 else { return }
        say("interrupted: nothing was written")
        phase.store(1, ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// A file's transaction begins.
    static func enter() {
        guard phase.load(ordering: .sequentiallyConsistent) != 0 else { return }
        phase.store(2, ordering: .sequentiallyConsistent)
    }

    /// A file's transaction ended (committed or rolled back); `done` are the files ended so far.
    static func leave(done: [String]) {
        guard phase.load(ordering: .sequentiallyConsistent) != 0 else { return }
        let names = done.map { ($0 as String).split(separator: "/").last.map(String.init) ?? $0 }
        say("interrupted after " + names.joined(separator: ", ") + "; nothing after " + (names.count == 1 ? "it" : "them") + " was written")
        phase.store(1, ordering: .sequentiallyConsistent)
        checkpoint()
    }

    /// Ends the process if a signal was taken: called where ending it writes nothing.
    static func checkpoint() {
        let signal = pending.load(ordering: .sequentiallyConsistent)
        if signal != 0 { finish(signal) }
    }

    static func barDrawn(_ drawn: Bool) { bar.store(drawn, ordering: .sequentiallyConsistent) }

    private static func say(_ line: String) {
        guard let text = strdup("dashpilot: " + line + "\n") else { return }
        message.store(Int(bitPattern: text), ordering: .sequentiallyConsistent)
    }

    /// Only async-signal-safe calls: write(2) and _exit(2).
    private static func finish(_ signal: Int32) -> Never {
        if bar.load(ordering: .sequentiallyConsistent) {
            let clear: StaticString = "\r\u{1B}[K"
            _ = write(STDERR_FILENO, clear.utf8Start, clear.utf8CodeUnitCount)
        }
        if let text = UnsafePointer<CChar>(bitPattern: message.load(ordering: .sequentiallyConsistent)) {
            _ = write(STDERR_FILENO, text, strlen(text))
        }
        _exit(128 + signal)
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        Interrupt.pending.store(signal, ordering: .sequentiallyConsistent)
        if Interrupt.phase.load(ordering: .sequentiallyConsistent) != 2 { Interrupt.finish(signal) }
    }
}
