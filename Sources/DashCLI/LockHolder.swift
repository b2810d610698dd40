import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Who holds a busy store's write lock, for the one line a busy store prints: the process
/// holding SQLite's write lock on it as `/proc/locks` lists it (WAL mode: the write lock byte,
/// 120, of the `-shm` file; rollback mode: the reserved or pending byte of the store file),
/// named with its pid and program; else "another dashpilot process". A store keeps no
/// lock-holder file of its own.
enum LockHolder {
    static func describe(storePath: String) -> String {
        guard let pid = pid(storePath: storePath) else { return "another dashpilot process" }
        let program = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if program == "dashpilot" { return "another dashpilot process (pid \(pid))" }
        return "another process (pid \(pid)" + (program.isEmpty ? "" : ", \(program)") + ")"
    }

    /// The pid holding the write lock, or nil (not found, or this process itself).
    static func pid(storePath: String, locks: String? = nil) -> Int32? {
        guard let text = locks ?? (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) else { return nil }
        let shm = fileID(storePath + "-shm"), store = fileID(storePath)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // "1: POSIX  ADVISORY  WRITE 1234 fe:00:5538715 120 120"
            guard fields.count >= 8, fields[1] == "POSIX", fields[3] == "WRITE", let pid = Int32(fields[4]), pid > 0,
                  pid != getpid(), let start = Int64(fields[6]) else { continue }
            let file = String(fields[5])
            if file == shm, start == 120 { return pid }
            if file == store, (1_073_741_824...1_073_742_335).contains(start) { return pid }
        }
        return nil
    }

    /// `fe:00:5538715`: the device (major:minor, hex) and inode, as /proc/locks writes them.
    private static func fileID(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let dev = UInt64(info.st_dev)
        let major = ((dev >> 8) & 0xFFF) | ((dev >> 32) & ~UInt64(0xFFF))
        let minor = (dev & 0xFF) | ((dev >> 12) & ~UInt64(0xFF))
        return String(format: "%02llx:%02llx:%llu", major, minor, UInt64(info.st_ino))
    }
}
