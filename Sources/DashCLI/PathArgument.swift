import DashExport
import DashImport
import DashStore
import Foundation

/// Every path a user types (`--store`, `--out`, `--template`, `--mileage-rates`, `--categories`,
/// `import ... FILE...`, `template suggest FILE`) is checked here, once, before anything is read
/// or written, by the same rules (docs/cli.md, "Paths"):
///
/// - not empty, at most `PATH_MAX - 1` bytes and each part at most `NAME_MAX`: the system's own
///   limits, said before a call fails with ENAMETOOLONG (a usage error, exit 64);
/// - `-` is standard output only where the command writes one stream (`export --format text`,
///   `export --format csv --table T`); elsewhere it is refused with `./-` as the way to name a
///   file called `-` (exit 64). It never means standard input: an import records each file by
///   its name and content digest (`imports`, `imports undo`, a file imported twice adds nothing)
///   and a stream has neither;
/// - a file to read must be one: missing, a folder, a dangling symbolic link or a trailing slash
///   is exit 66, naming the path;
/// - a file to write: its folder must exist, it must not be a folder, a dangling link is refused
///   (writing through it would create a file elsewhere), a link to a file is written through
///   (the link is kept, its target replaced whole), and a new name with a control character (a
///   newline) is refused: such a name breaks every listing it appears in.
///
/// Path parts come from `PathParts` (never NSString, which traps on `x` and `a/`); the write
/// itself is `AtomicFiles`'.
enum PathArgument {
    /// The longest path the system takes (`PATH_MAX` counts the terminating NUL).
    static let maxPathBytes = Int(PATH_MAX) - 1
    /// The longest single part (`NAME_MAX`).
    static let maxNameBytes = Int(NAME_MAX)

    /// Where an output goes.
    enum Output: Equatable {
        case standardOutput
        case file(String)
    }

    /// The path as messages show it: control characters escaped (`\n`), and a path longer than
    /// 120 characters cut in the middle, so an error stays one line.
    static func display(_ path: String) -> String {
        var text = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            default:
                if scalar.properties.generalCategory == .control {
                    text += String(format: "\\x%02X", scalar.value)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        guard text.count > 120 else { return text }
        return String(text.prefix(60)) + "…" + String(text.suffix(40))
    }

    /// The checks every path shares, by its text alone (nothing touches the file system).
    static func checkShape(_ path: String, option: String) throws(UsageError) {
        guard !path.isEmpty else { throw UsageError(message: "\(option) needs a path, not an empty word") }
        let bytes = Array(path.utf8)
        guard !bytes.contains(0) else { throw UsageError(message: "\(option) \(display(path)): a path cannot hold a NUL byte") }
        guard bytes.count <= maxPathBytes else {
            throw UsageError(message: "\(option) \(display(path)): the path is \(bytes.count) bytes; the system takes at most \(maxPathBytes)")
        }
        for part in bytes.split(separator: UInt8(ascii: "/")) where part.count > maxNameBytes {
            throw UsageError(message: "\(option) \(display(path)): a part of the path is \(part.count) bytes; the system takes at most \(maxNameBytes)")
        }
    }

    /// An import's files, by their text, before any is read: a `-` or an impossible path is a
    /// usage error and nothing is imported (whether each exists is said file by file).
    static func checkInputs(_ files: [String]) throws(UsageError) {
        for file in files {
            try checkShape(file, option: "FILE")
            try refuseDash(file, option: "FILE",
                           because: "standard input is not read; an import records each file by its name and content digest, and a stream has neither")
        }
    }

    /// `-` where a command cannot take a stream.
    static func refuseDash(_ path: String, option: String, because why: String) throws(UsageError) {
        guard path == "-" else { return }
        throw UsageError(message: "\(option) -: \(why)", hint: "to name a file called '-', write ./-")
    }

    /// The store file (`--store`, `$DASHPILOT_STORE`, the config's `store`, the default under
    /// `$XDG_DATA_HOME` or `$HOME`): a file, never a stream or a folder. A missing store is the
    /// store's to judge (created by a command that records, else exit 66), but not a new one
    /// whose path holds a control character (a newline, a tab: such a name breaks every listing
    /// it appears in), nor a path SQLite would not open (``Store/checkPath(_:)``): both are
    /// refused here, before any folder or file is made.
    static func store(_ path: String, option: String = "--store") throws(UsageError) -> String {
        try checkShape(path, option: option)
        try refuseDash(path, option: option, because: "the store is a SQLite file, not a stream")
        guard PathParts.namesAFile(path) else { throw UsageError(message: "\(option) \(display(path)) names a folder; name the store's file") }
        // An existing folder is the store's to refuse ("is not a DashPilot store (it is a folder)", exit 1).
        if hasControl(path), kind(of: path) == .missing {
            throw UsageError(message: "\(option) \(display(path)): a new store's path with a control character (a newline, a tab) is refused",
                             hint: "choose a path of printable characters")
        }
        do { try Store.checkPath(path) } catch {
            guard case .pathTooLong(_, let detail) = error else { return path }
            throw UsageError(message: "\(option) \(display(path)): \(detail)", hint: "choose a shorter path")
        }
        return path
    }

    /// A file to read (`what`: "the template", "the rate table"). Missing, a folder, a dangling
    /// link, a file with a trailing slash: exit 66, as `PATH: reason` for a positional and
    /// `--option PATH: cannot read WHAT: reason` for an option. `option` is nil for a positional.
    static func input(_ path: String, what: String, option: String? = nil) throws -> String {
        try checkShape(path, option: option ?? "FILE")
        try refuseDash(path, option: option ?? "FILE", because: "standard input is not read; name a file")
        func refuse(_ reason: String) -> CommandFailure {
            let shown = display(path)
            return CommandFailure(message: option.map { "\($0) \(shown): cannot read \(what): \(reason)" } ?? "\(shown): \(reason)", status: .noInput)
        }
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed != path, kind(of: trimmed) == .file { throw refuse("a file, not a folder (drop the trailing /)") }
        switch kind(of: path) {
        case .missing: throw refuse("No such file or directory")
        case .dangling(let target): throw refuse("a symbolic link to \(display(target)), which does not exist")
        case .folder: throw refuse("is a folder; name \(what)")
        case .file, .other: return path
        }
    }

    /// Where an output that may be one stream goes: `-` is standard output when `stream` is
    /// true, else refused with `why`.
    static func output(_ path: String, option: String, stream: Bool, why: String) throws(UsageError) -> Output {
        try checkShape(path, option: option)
        if path == "-" {
            if stream { return .standardOutput }
            try refuseDash(path, option: option, because: why)
        }
        return .file(path)
    }

    /// The file to write: refused when it names a folder, when its folder is missing, when it
    /// is a dangling link, or when it exists without `force`. A link to a file gives its target
    /// (written whole, the link kept). Leftovers are AtomicFiles' to clear.
    static func outputFile(_ path: String, force: Bool, option: String = "--out") throws -> String {
        try checkShape(path, option: option)
        try refuseDash(path, option: option, because: "standard output is not taken here")
        let shown = display(path)
        guard PathParts.namesAFile(path) else { throw CommandFailure(message: "\(shown) names a folder; name a file", status: .failure) }
        let folder = PathParts.parent(of: path)
        guard kind(of: folder) == .folder else { throw CommandFailure(message: "\(shown): no folder \(display(folder))", status: .failure) }
        switch kind(of: path) {
        case .folder: throw CommandFailure(message: "\(shown) is a folder; name a file", status: .failure)
        case .dangling(let target):
            throw CommandFailure(message: "\(shown) is a symbolic link to \(display(target)), which does not exist; "
                                     + "name the file itself", status: .failure)
        case .file, .other:
            if Store.isHeldFile(path) {
                throw CommandFailure(message: "\(shown) is the store itself or one of its files; an export never replaces it, even with --force",
                                     status: .failure)
            }
            guard force else { throw CommandFailure(message: "\(shown) exists; pass --force to replace it", status: .failure) }
            return linkTarget(path) ?? path
        case .missing:
            if hasControl(PathParts.name(of: path)) {
                throw UsageError(message: "\(option) \(shown): a new file's name with a control character (a newline, a tab) is refused",
                                 hint: "choose a name of printable characters")
            }
            return path
        }
    }

    /// A folder about to be made (`export --format csv --out FOLDER`): its parent must exist, it
    /// must not be a dangling link, and its name must not hold a control character.
    static func newFolder(_ path: String, option: String) throws {
        let shown = display(path)
        if case .dangling(let target) = kind(of: path) {
            throw CommandFailure(message: "\(shown) is a symbolic link to \(display(target)), which does not exist; "
                                     + "name the folder itself", status: .failure)
        }
        let parent = PathParts.parent(of: path)
        guard kind(of: parent) == .folder else { throw CommandFailure(message: "\(shown): no folder \(display(parent))", status: .failure) }
        if hasControl(PathParts.name(of: path)) {
            throw UsageError(message: "\(option) \(shown): a new folder's name with a control character (a newline, a tab) is refused",
                             hint: "choose a name of printable characters")
        }
    }

    static func hasControl(_ text: String) -> Bool { text.unicodeScalars.contains { $0.properties.generalCategory == .control } }

    /// What is at `path` now (links followed, a dangling one said as such).
    enum Kind: Equatable {
        case missing, file, folder, other
        case dangling(target: String)
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFREG: return .file
            default: return .other
            }
        }
        var linkInfo = stat()
        if lstat(path, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK {
            return .dangling(target: readLink(path) ?? "?")
        }
        return .missing
    }

    /// The file a symbolic link names (one level, relative to the link's folder), or nil when
    /// `path` is not a link.
    static func linkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
