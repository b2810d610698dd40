import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Processes of the real binary held at a chosen point by the locks they take, as
/// `/proc/locks` lists them (issue 26): a process is stopped (SIGSTOP) as soon as it holds a
/// POSIX lock on a given file, so a test can order what two commands do to one store.
enum LockedProcesses {
    /// The `/proc/locks` lines of `pid` on the file at `path` (its device and inode), as
    /// (kind, first byte, last byte); empty when it holds none or the file is gone.
    static func locks(of pid: pid_t, on path: String) -> [(kind: String, from: String, to: String)] {
        var info = stat()
        guard stat(path, &info) == 0, let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return [] }
        let suffix = ":\(info.st_ino)"
        return text.split(separator: "\n").compactMap { line in
            // "2: POSIX  ADVISORY  WRITE 7869 fe:00:16236636 120 120"
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 8, fields[1] == "POSIX", fields[4] == "\(pid)", fields[5].hasSuffix(suffix) else { return nil }
            return (String(fields[3]), String(fields[6]), String(fields[7]))
        }
    }

    /// SQLite's WAL write lock: a write lock on byte 120 of `-shm`, held from `BEGIN IMMEDIATE`
    /// to the end of the transaction.
    static func walWriteLock(_ lock: (kind: String, from: String, to: String)) -> Bool { lock.kind == "WRITE" && lock.from == "120" }

    /// Stops `child` as soon as it holds a lock on `path` that `matches` accepts (any lock when
    /// nil); false when it ended first or `seconds` passed.
    static func stop(_ child: ProcessHarness.Child, whenItLocks path: String, seconds: Double = 20,
                     matching matches: ((kind: String, from: String, to: String)) -> Bool = { _ in true }) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if locks(of: child.pid, on: path).contains(where: matches) {
                child.kill(SIGSTOP)
                return true
            }
            var status: Int32 = 0
            if waitpid(child.pid, &status, WNOHANG) == child.pid { return false }
            usleep(200)
        }
        return false
    }

    /// A GPX file whose import holds its transaction for a while (a second or more in a debug
    /// build) and writes nothing to the log until it commits: a short track, then `waypoints`
    /// waypoints that the import reads and ignores.
    static func slowGPX(at path: String, waypoints: Int = 400_000) throws {
        var text = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        text += "\n"
        for i in 0..<300 {
            let seconds = String(format: "%02d:%02d", i / 60, i % 60)
            text += #"<trkpt lat="\#(String(format: "%.6f", 41.9 + Double(i) * 0.00003))" lon="-87.65"><time>2026-11-10T17:\#(seconds)Z</time><hdop>0.9</hdop></trkpt>"#
            text += "\n"
        }
        text += "</trkseg></trk>\n"
        text += String(repeating: #"<wpt lat="41.9" lon="-87.6"><name>w</name></wpt>"# + "\n", count: waypoints)
        text += "</gpx>\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }
}
