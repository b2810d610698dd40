import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on stderr for long imports, only when stderr is a terminal and not --quiet.
/// Each redraw is one line that fits the terminal's width (asked at each redraw), begun with
/// `\r` and ended with clear-to-end: it never wraps, so it never leaves lines behind.
final class Progress {
    private let name: String
    private let total: Int64?
    private let console: Console
    private let enabled: Bool
    private var shown = -1
    private var shownColumns: Int?
    private var drawn = false

    /// Files smaller than this import too fast for a bar to help.
    static let threshold: Int64 = 8 << 20

    init(name: String, total: Int64?, run: Invocation) {
        self.name = name
        self.total = total
        console = run.context.console
        enabled = !run.quiet && run.context.console.stderrIsTerminal && (total ?? 0) >= Progress.threshold
    }

    func update(_ done: Int64) {
        // A signal taken during the file's transaction ends the process here (``Interrupt``).
        Interrupt.checkpoint()
        guard enabled, let total, total > 0 else { return }
        let percent = Int(min(100, done * 100 / total))
        let columns = console.stderrColumns() ?? 80
        guard percent != shown || columns != shownColumns else { return }
        shown = percent
        shownColumns = columns
        drawn = true
        Interrupt.barDrawn(true)
        console.err("\r" + Progress.line(name: name, percent: percent, megabytes: total >> 20, columns: columns) + "\u{1B}[K")
    }

    func clear() {
        guard drawn else { return }
        drawn = false
        Interrupt.barDrawn(false)
        console.err("\r\u{1B}[K")
    }

    /// The bar's text, at most `columns - 1` characters (the last column would make some
    /// terminals wrap): `name [####------] 45% of 120 MB`, the name and then the bar shortened
    /// first, then only the figures. A character of the name outside printable ASCII shows as
    /// `?`, so every character is one column.
    static func line(name: String, percent: Int, megabytes: Int64, columns: Int) -> String {
        let room = max(0, columns - 1)
        let figures = "\(percent)% of \(megabytes) MB"
        let safeName = String(name.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
        // "[" + at least 10 + "] " + figures
        let space = room - figures.count - 3
        guard space >= 10 else { return String(figures.prefix(room)) }
        let nameWidth = min(safeName.count, 30, max(0, space - 10 - 1))
        let barWidth = min(30, space - (nameWidth > 0 ? nameWidth + 1 : 0))
        let filled = barWidth * percent / 100
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "] "
        return (nameWidth > 0 ? safeName.prefix(nameWidth) + " " : "") + bar + figures
    }
}

/// The terminal's width: TIOCGWINSZ on stderr, else `$COLUMNS`, else nil.
enum TerminalWidth {
    static func columns(environment: [String: String]) -> Int? {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0, columns < 10_000 { return columns }
        return nil
    }
}

enum FileChunks {
    /// The file's size, for progress, or nil.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
