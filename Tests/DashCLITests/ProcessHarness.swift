import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `dashpilot` binary as a child process: for faults that need a process of its
/// own (a kill, a second process at once). The binary is `$DASHPILOT_BIN/dashpilot`
/// (`make test-slow` points it at the release build), else the debug build `swift build
/// --build-tests` made.
enum ProcessHarness {
    static var binFolder: String {
        ProcessInfo.processInfo.environment["DASHPILOT_BIN"] ?? Fixtures.packageRoot + "/.build/debug"
    }

    static var dashpilot: String { binFolder + "/dashpilot" }

    /// A started child; `wait` reaps it.
    struct Child {
        let pid: pid_t
        let output: String

        /// Waits for the child; its exit status, or 128 + the signal that ended it.
        func wait() -> (status: Int32, stdout: String, stderr: String) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            let out = (try? String(contentsOfFile: output + ".out", encoding: .utf8)) ?? ""
            let err = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
            let signalled = status & 0x7F
            return (signalled != 0 ? 128 + signalled : (status >> 8) & 0xFF, out, err)
        }

        func kill(_ signal: Int32 = SIGKILL) { _ = Glibc.kill(pid, signal) }
    }

    /// Starts `arguments[0]` with stdout and stderr to `output`.out and .err.
    static func start(_ arguments: [String], output: String) throws -> Child {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = childEnvironment.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        let rc = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        try #require(rc == 0, "could not start \(arguments[0]): \(rc)")
        return Child(pid: pid, output: output)
    }

    /// The runner's environment, with `TZ=UTC` when it names no zone: a command that reads or
    /// prints local times refuses without one (docs/cli.md, "Time zone").
    static var childEnvironment: [String] {
        var environment = ProcessInfo.processInfo.environment
        if environment["TZ"]?.isEmpty ?? true { environment["TZ"] = "UTC" }
        return environment.map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// Runs it to the end.
    @discardableResult
    static func run(_ arguments: [String], output: String) throws -> (status: Int32, stdout: String, stderr: String) {
        try start(arguments, output: output).wait()
    }

    /// `sqlite3 STORE SQL`'s output, trimmed: the store read by another program.
    static func sqlite(_ store: String, _ sql: String, output: String) throws -> String {
        let result = try run(["/usr/bin/sqlite3", store, sql], output: output)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
