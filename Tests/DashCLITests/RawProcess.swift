import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The real binary run with its arguments and environment as bytes: a file name that is not
/// UTF-8 (`caf\xE9.sqlite`, Latin-1) cannot pass through `String` or `Process`, which would
/// hand the child U+FFFD's bytes instead. Names in a folder are read as bytes for the same reason.
enum RawProcess {
    /// Bytes of `text` (UTF-8) with `byte` after it and `tail` after that: `latin1("caf", 0xE9, ".sqlite")`.
    static func latin1(_ text: String, _ byte: UInt8, _ tail: String = "") -> [UInt8] { Array(text.utf8) + [byte] + Array(tail.utf8) }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Runs `dashpilot ARGUMENTS` with exactly `environment`, stdout and stderr to files in `scratch`.
    static func run(_ arguments: [[UInt8]], environment: [String: [UInt8]], scratch: String,
                    binary: String = ProcessHarness.dashpilot) throws -> FaultRun {
        let base = scratch + "/.run-\(UUID().uuidString)"
        defer {
            unlink(base + ".out")
            unlink(base + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([Array(binary.utf8)] + arguments).map(cString) + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        let envp = environment.sorted { $0.key < $1.key }.map { cString(Array("\($0.key)=".utf8) + $0.value) } + [nil]
        defer { for pointer in envp { pointer?.deallocate() } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        try #require(rc == 0, "could not start \(binary): \(rc)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7F
        let read = { (name: String) in String(decoding: FileManager.default.contents(atPath: name) ?? Data(), as: UTF8.self) }
        return FaultRun(arguments: arguments.map { String(decoding: $0, as: UTF8.self) }, status: (status >> 8) & 0xFF,
                        signal: signal != 0 ? signal : nil, stdout: read(base + ".out"), stderr: read(base + ".err"))
    }

    /// A C string of `bytes` (NUL added), for `deallocate()`.
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }

    /// Every name in `folder` (recursively, `sub/name`), as bytes, with its size: what a refusal must leave alone.
    static func listing(_ folder: String) -> [[UInt8]] {
        var names: [[UInt8]] = []
        func walk(_ path: [UInt8], _ prefix: [UInt8]) {
            guard let directory = withPath(path, { opendir($0) }) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
                if name == [0x2E] || name == [0x2E, 0x2E] || name.starts(with: Array(".run-".utf8)) { continue }
                let full = path + [0x2F] + name
                var info = stat()
                _ = withPath(full) { lstat($0, &info) }
                let isFolder = info.st_mode & S_IFMT == S_IFDIR
                names.append(prefix + name + Array((isFolder ? "/" : " \(info.st_size)").utf8))
                if isFolder { walk(full, prefix + name + [0x2F]) }
            }
        }
        walk(Array(folder.utf8), [])
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Calls `body` with `path` as a C string.
    static func withPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        body(path.map { CChar(bitPattern: $0) } + [0])
    }

    /// Renames `from` (text) to `to` (bytes).
    static func rename(_ from: String, to: [UInt8]) throws {
        let rc = withPath(to) { Glibc.rename(from, $0) }
        try #require(rc == 0, "rename failed: \(String(cString: strerror(errno)))")
    }

    /// Removes the file `path` (bytes) if it is there: TemporaryDirectory removes only names
    /// Foundation can decode.
    static func remove(_ path: [UInt8]) { _ = withPath(path) { unlink($0) } }

    /// `text` shown as the message shows it: valid UTF-8 as is, each other byte as `\xHH`.
    static func shown(_ bytes: [UInt8]) -> String {
        bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
    }
}
