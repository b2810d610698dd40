import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on stderr for long imports, only when stderr is a terminal and not --quiet.
final class Progress {
    private let name: String
    private let total: Int64?
    private let console: Console
    private let enabled: Bool
    private var shown = -1
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
        guard enabled, let total, total > 0 else { return }
        let percent = Int(min(100, done * 100 / total))
        guard percent != shown else { return }
        shown = percent
        drawn = true
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        console.err("\r\(name.prefix(30)) [\(bar)] \(percent)% of \(total >> 20) MB")
    }

    func clear() {
        guard drawn else { return }
        drawn = false
        console.err("\r\u{1B}[K")
    }
}

enum FileChunks {
    /// The file's size, for progress, or nil.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
