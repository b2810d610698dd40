import DashExport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Temporary files that killed exports left beside a target: `.NAME.tmp-PID` (every export;
/// XLSX too since issue 12) and `.NAME.tmp-PID.UUID.partial` (XLSX before it). A kill (or a
/// crash, a power cut) between creating one and renaming it leaves it behind; nothing else
/// ever removes it. The next export to the same target removes those of processes that are
/// gone, and nothing else:
///
/// - only names of exactly that pattern for that target's name (bytes compared, not
///   Unicode-equivalent strings), in the target's own folder;
/// - only when the PID is no longer alive (`kill(pid, 0)` fails with ESRCH; EPERM is another
///   user's live process) or is this process's own: this run has created none yet, so a file
///   with our PID is a dead process's whose PID was reused;
/// - only regular files (`lstat`: a symlink or folder of that name is left) owned by the
///   user running the export.
///
/// Not covered: a PID reused between the check and the `unlink` by a new export of the same
/// target (its rename then fails cleanly: exit 1, nothing replaced); exports running in
/// another PID namespace into a shared folder (their PIDs mean nothing here). The `.NAME.old-PID`
/// links `AtomicFiles.commit` keeps during a multi-file rename are left: after a kill there
/// they hold the earlier files.
enum ExportLeftovers {
    /// The PID in `entry` if it is a temporary name of an export of the file named `name`.
    static func pid(in entry: [UInt8], target name: String) -> pid_t? {
        let prefix = Array(("." + name + ".tmp-").utf8)
        guard entry.count > prefix.count, entry.starts(with: prefix) else { return nil }
        let rest = entry[prefix.count...]
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard (1...10).contains(digits.count), digits.first != UInt8(ascii: "0"),
              let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0
        else { return nil }
        let tail = rest.dropFirst(digits.count)
        if tail.isEmpty { return pid }
        // `.UUID.partial`: a dot, 36 characters of a UUID, `.partial`.
        let suffix = Array(".partial".utf8)
        guard tail.count == 1 + 36 + suffix.count, tail.first == UInt8(ascii: "."), tail.suffix(suffix.count).elementsEqual(suffix),
              UUID(uuidString: String(decoding: tail.dropFirst().prefix(36), as: UTF8.self)) != nil
        else { return nil }
        return pid
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        if pid == getpid() { return false }
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes the leftovers beside `target`; the names removed.
    @discardableResult
    static func remove(besides target: String) -> [String] {
        let folder = PathParts.parent(of: target), name = PathParts.name(of: target)
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [[UInt8]] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if let pid = pid(in: bytes, target: name), !isAlive(pid) { found.append(bytes) }
        }
        var removed: [String] = []
        for bytes in found {
            let path = PathParts.sibling(of: target, named: String(decoding: bytes, as: UTF8.self))
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }
}
