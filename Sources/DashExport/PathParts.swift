/// The parts of a path a user typed, by plain string rules (POSIX `dirname`/`basename`), never
/// by Foundation's `NSString` path functions: on Linux `deletingLastPathComponent` traps on
/// a one-character name (`x`, `-`, `.`) and on a trailing slash (`a/`), so an ordinary
/// `--out x` killed the export with SIGILL (issue 12). Nothing here touches the file system.
public enum PathParts {
    /// The folder that holds `path`'s last part, as POSIX `dirname` says: `x` -> `.`,
    /// `/x` -> `/`, `a/b` -> `a`, `a//b` -> `a`, `a/b/` -> `a`, `/` -> `/`, `` -> `.`.
    public static func parent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        if bytes == [slash] { return "/" }
        guard let cut = bytes.lastIndex(of: slash) else { return "." }
        var folder = Array(bytes[..<cut])
        while folder.count > 1, folder.last == slash { folder.removeLast() }
        if folder.isEmpty || folder == [slash] { return "/" }
        return String(decoding: folder, as: UTF8.self)
    }

    /// The last part of `path`, as POSIX `basename` says: `a/b` -> `b`, `a/b/` -> `b`,
    /// `/` -> `/`, `` -> ``.
    public static func name(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        if bytes == [slash] { return "/" }
        guard let cut = bytes.lastIndex(of: slash) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(cut + 1)...], as: UTF8.self)
    }

    /// `name` inside `folder`: `a` + `b` -> `a/b`, `a/` + `b` -> `a/b`, `/` + `b` -> `/b`.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` with its last part replaced by `name`, keeping the folder exactly as typed (so a
    /// relative `x` stays relative): `a/b` + `.b.tmp` -> `a/.b.tmp`, `b` -> `.b.tmp`. For a
    /// path that names a file (no trailing slash).
    public static func sibling(of path: String, named name: String) -> String {
        let bytes = Array(path.utf8)
        guard let cut = bytes.lastIndex(of: slash) else { return name }
        return String(decoding: bytes[...cut], as: UTF8.self) + name
    }

    /// Whether `path` can name a file to write: not empty, no trailing slash, and its last
    /// part not `.` or `..`.
    public static func namesAFile(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasSuffix("/") else { return false }
        let last = name(of: path)
        return last != "." && last != ".."
    }

    private static let slash = UInt8(ascii: "/")
}
