import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The lock `config set` and `config unset` hold across reading the config file, changing one
/// key and renaming the new file over it (issue 26, item 5): two at once each renamed their
/// own copy, so the later one dropped the earlier one's key while both said it was set. An
/// exclusive `flock` on `config.json.lock` beside the file (mode 0600, made once and left)
/// makes them take turns, so every acknowledged setting is in the file. The lock is a file of
/// its own: never the config (renamed over, so a lock on it would lock the replaced inode) and
/// never a file SQLite uses. Commands that only read the config take no lock: the file is
/// renamed into place whole (ConfigFile.write), so a reader sees the old or the new one.
enum ConfigLock {
    /// How long a second writer waits for the first: a `config set` holds the lock for a few
    /// milliseconds, so a holder for this long is stopped or stuck.
    static let waitSeconds = 10.0

    static func path(for config: String) -> String { config + ".lock" }

    /// Runs `body` holding the lock of the config file at `config` (its folder made first, 0700).
    static func holding<T>(_ config: String?, _ body: () throws -> T) throws -> T {
        guard let config else { throw UsageError(message: "no config file: neither $XDG_CONFIG_HOME nor $HOME is set") }
        try ConfigFile.makeFolder(of: config)
        let lock = path(for: config)
        let fd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CommandFailure(message: "\(lock): cannot open the config's lock file (\(String(cString: strerror(errno)))); the config is as it was")
        }
        // Closing the descriptor releases the lock, also when the process is killed.
        defer { close(fd) }
        let deadline = Date().addingTimeInterval(waitSeconds)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw CommandFailure(message: "\(lock): cannot lock the config (\(String(cString: strerror(errno)))); the config is as it was")
            }
            guard Date() < deadline else {
                throw CommandFailure(message: "another dashpilot has been changing the config file \(config) for \(Int(waitSeconds)) s; "
                                         + "the config is as it was; try again", status: .tempFail)
            }
            usleep(5_000)
        }
        return try body()
    }
}
