import DashExport
import Foundation

/// Files written whole or not at all: the bytes go to a temporary name in the target folder
/// (`.NAME.tmp-PID`, mode 0600, created exclusively), are flushed to disk, and only then renamed
/// over the target, so a failed or killed run leaves the earlier file as it was (at worst a
/// temporary file beside it). Several files are renamed only after all of them are written.
struct AtomicFiles {
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let what: String
        var description: String { "\(path): \(what)" }
    }

    private var pending: [(temporary: String, target: String)] = []

    /// A temporary path beside `target`, for a writer that creates the file itself
    /// (XLSXWorkbook: exclusively, mode 0600). Leftovers of killed exports of the same target
    /// are removed first (ExportLeftovers), so a dead process's file of the same PID cannot
    /// block the exclusive create.
    mutating func temporaryPath(for target: String) -> String {
        ExportLeftovers.remove(besides: target)
        let temporary = Self.sibling(of: target, suffix: "tmp")
        pending.append((temporary, target))
        return temporary
    }

    /// `.NAME.SUFFIX-PID` in the target's folder (by `PathParts`: NSString's path functions
    /// trap on a one-character name).
    static func sibling(of target: String, suffix: String) -> String {
        PathParts.sibling(of: target, named: ".\(PathParts.name(of: target)).\(suffix)-\(getpid())")
    }

    /// Writes `bytes` to a temporary file for `target`. `failAfter` (tests) fails the write once
    /// that many bytes are written, as a full disk or a kill would.
    mutating func write(_ bytes: [UInt8], to target: String, failAfter: Int? = nil) throws {
        let temporary = temporaryPath(for: target)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(path: target, what: "cannot write there (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            if let failAfter, offset >= failAfter { throw Failure(path: target, what: "the write failed midway (simulated)") }
            let chunk = min(bytes.count - offset, failAfter.map { max(1, $0 - offset) } ?? Int.max, 1 << 20)
            let written = bytes.withUnsafeBytes { raw in Glibc.write(fd, raw.baseAddress.map { $0 + offset }, chunk) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(path: target, what: "the write failed (\(String(cString: strerror(errno))))")
            }
            offset += written
        }
        guard fsync(fd) == 0 else { throw Failure(path: target, what: "the write could not be flushed (\(String(cString: strerror(errno))))") }
    }

    /// Renames every temporary file over its target, then flushes the folders. With several
    /// files, each earlier file is first kept as a hard link (`.NAME.old-PID`): when a rename
    /// fails, the ones already done are undone, so the folder is the earlier export or the new
    /// one, never a mix. (A kill between two renames can still leave a mix; the `.old` links
    /// then hold the earlier files, until the next export of the same files, once its own are
    /// in place, removes them: ExportLeftovers.)
    mutating func commit() throws {
        var kept: [(target: String, old: String?)] = []
        for (_, target) in pending where pending.count > 1 {
            let old = Self.sibling(of: target, suffix: "old")
            unlink(old)
            kept.append((target, link(target, old) == 0 ? old : nil))
        }
        var done: [String] = []
        for (temporary, target) in pending {
            guard rename(temporary, target) == 0 else {
                let failure = Failure(path: target, what: "cannot replace it (\(String(cString: strerror(errno))))")
                for replaced in done {
                    if let old = kept.first(where: { $0.target == replaced })?.old { rename(old, replaced) } else { unlink(replaced) }
                }
                for entry in kept { if let old = entry.old { unlink(old) } }
                throw failure
            }
            done.append(target)
        }
        for entry in kept { if let old = entry.old { unlink(old) } }
        // The earlier files' links a killed export left (ExportLeftovers): these files are in
        // place now, so those copies are no longer anyone's.
        for (_, target) in pending { ExportLeftovers.removeOldLinks(besides: target) }
        for folder in Set(pending.map { PathParts.parent(of: $0.target) }) {
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 {
                _ = fsync(fd)
                close(fd)
            }
        }
        pending = []
    }

    /// Removes the temporary files not committed (after a failure).
    mutating func discard() {
        for (temporary, _) in pending { unlink(temporary) }
        pending = []
    }
}
