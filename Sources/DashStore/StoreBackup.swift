import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// The copy of a store written before it is migrated: `STORE.vN.bak`, 0600, whole or absent.
///
/// - Written by `VACUUM INTO` under `STORE.vN.bak.partial-PID` and renamed when whole, so a run
///   killed while copying leaves no half backup under a backup's name. Partial copies (and their
///   journals) left by killed runs, whose process is gone, are removed first.
/// - Each backup gets an identity of its own (``Store`` explains identities): restored over a
///   store whose `-wal` is still there, the log is refused instead of silently undoing the restore.
/// - A backup is only added when it differs: a run after a killed migration copies the same
///   record again, and `VACUUM INTO` writes the same bytes for the same record, so an earlier
///   backup equal to the new one but for the identity is kept and the new copy dropped (issue 12:
///   reruns after kills piled up whole copies). A different record gets `STORE.vN.2.bak`, and so on.
enum StoreBackup {
    static func write(_ connection: Connection, storePath path: String, version: Int) throws -> String {
        removeAbandonedPartials(of: path)
        let partial = "\(path).v\(version).bak.partial-\(getpid())"
        let fd = open(partial, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.backupFailed(path: partial, reason: String(cString: strerror(errno))) }
        close(fd)
        do {
            // VACUUM INTO accepts an empty file and keeps its mode.
            try connection.run("VACUUM INTO ?1", [.text(partial)])
            try giveIdentity(partial)
            var candidate = "\(path).v\(version).bak"
            var attempt = 1
            while FileManager.default.fileExists(atPath: candidate) {
                if sameRecord(candidate, partial) {
                    _ = unlink(partial)
                    return candidate
                }
                attempt += 1
                candidate = "\(path).v\(version).\(attempt).bak"
            }
            guard rename(partial, candidate) == 0 else { throw StoreError.backupFailed(path: candidate, reason: String(cString: strerror(errno))) }
            return candidate
        } catch {
            _ = unlink(partial)
            _ = unlink(partial + "-journal")
            if let error = error as? StoreError { throw error }
            throw StoreError.backupFailed(path: partial, reason: "\(error)")
        }
    }

    /// A fresh identity in the copy's header (bytes 68-71, `application_id`), flushed to disk.
    private static func giveIdentity(_ file: String) throws {
        let fd = open(file, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError.backupFailed(path: file, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        let value = UInt32(bitPattern: Store.newIdentity())
        let bytes: [UInt8] = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, 4, 68) }
        guard written == 4, fsync(fd) == 0 else { throw StoreError.backupFailed(path: file, reason: String(cString: strerror(errno))) }
    }

    /// Whether two copies hold the same bytes but for their identities.
    static func sameRecord(_ a: String, _ b: String) -> Bool {
        guard let one = FileHandle(forReadingAtPath: a), let other = FileHandle(forReadingAtPath: b) else { return false }
        defer {
            try? one.close()
            try? other.close()
        }
        var offset = 0
        while true {
            // nil at the end of a file.
            guard let x = Result(catching: { try one.read(upToCount: 1 << 20) ?? Data() }).ok,
                  let y = Result(catching: { try other.read(upToCount: 1 << 20) ?? Data() }).ok else { return false }
            if x.isEmpty || y.isEmpty { return x.isEmpty && y.isEmpty }
            guard x.count == y.count else { return false }
            if offset == 0, x.count >= 72 {
                guard x.prefix(68) == y.prefix(68), x.dropFirst(72) == y.dropFirst(72) else { return false }
            } else if x != y {
                return false
            }
            offset += x.count
        }
    }

    /// Removes `STORE.v*.bak.partial-PID` files and their journals whose process no longer runs.
    static func removeAbandonedPartials(of path: String) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "/" : folder) else { return }
        for name in names where name.hasPrefix(base + ".v") {
            guard let marker = name.range(of: ".bak.partial-") else { continue }
            var tail = name[marker.upperBound...]
            if tail.hasSuffix("-journal") { tail = tail.dropLast(8) }
            guard let pid = Int32(tail), pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let file = (folder.isEmpty ? "" : folder + "/") + name
            var info = stat()
            if lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() { _ = unlink(file) }
        }
    }
}

private extension Result {
    var ok: Success? { try? get() }
}
