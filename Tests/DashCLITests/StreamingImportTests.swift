import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// CSV imports read their file in chunks (issue 12, item 5): peak memory does not grow with the
/// file's size. Through the real binary, whose peak resident memory is measured by GNU time
/// (`%M`, the child's own ru_maxrss: it forks, so the child starts from its small memory), or
/// else read from /proc while the child runs. (`wait4`'s ru_maxrss of a child started here
/// would be this test process's: posix_spawn shares its memory until the exec.)
@Suite("CSV imports stream their file", .serialized)
struct StreamingImportTests {
    /// What a measured child did.
    struct Measured: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Peak resident memory in bytes.
        let peakRSS: Int

        var crashed: Bool { status >= 128 || stderr.contains("Fatal error") }
        var description: String {
            "exit \(status), peak \(peakRSS >> 20) MiB\n  stdout: \(stdout.prefix(400))\n  stderr: \(stderr.prefix(600))"
        }
    }

    static let gnuTime = FaultTools.find("time")

    /// Runs `argv` with stdout and stderr to files beside `output` and measures its peak RSS.
    static func measured(_ argv: [String], output: String) throws -> Measured {
        let peakFile = output + ".peak"
        let wrapped = gnuTime.map { [$0, "-f", "%M", "-o", peakFile] + argv } ?? argv
        let child = try ProcessHarness.start(wrapped, output: output)
        var polled = 0
        if gnuTime == nil {
            // The high-water mark only grows: the last reading before the exit is close to it.
            while true {
                if let text = try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8),
                   let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                   let kib = Int(line.split(separator: " ").dropFirst().first ?? "") {
                    polled = max(polled, kib)
                }
                var info = siginfo_t()
                if waitid(P_PID, id_t(child.pid), &info, WEXITED | WNOWAIT | WNOHANG) == 0, info._sifields._sigchld.si_pid == child.pid { break }
                usleep(2_000)
            }
        }
        let (status, out, err) = child.wait()
        var peakKiB = polled
        if gnuTime != nil {
            let text = (try? String(contentsOfFile: peakFile, encoding: .utf8)) ?? ""
            // The last line is the figure; GNU time writes "Command exited with non-zero status N" before it.
            peakKiB = Int(text.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") ?? -1
        }
        // GNU time passes the child's exit status on, and 128 + N for a signal.
        return Measured(status: status, stdout: out, stderr: err, peakRSS: peakKiB * 1024)
    }

    /// A store holding one expense, and its `sqlite3 .dump`.
    static func store(in folder: TemporaryDirectory) throws -> (path: String, dump: String) {
        let store = folder.path("store.sqlite")
        let add = try ProcessHarness.run([ProcessHarness.dashpilot, "--store", store, "--tz", "UTC", "expense", "add", "--date", "2026-11-03",
                                          "--amount", "41.27", "--category", "fuel"], output: folder.path("add"))
        try #require(add.status == 0, "\(add)")
        return (store, try ProcessHarness.sqlite(store, ".dump", output: folder.path("dump")))
    }

    static let imports: [(label: String, arguments: [String])] = [
        ("statement", ["import", "statement", "--template", "shift-log"]),
        ("expenses", ["import", "expenses"]),
    ]

    /// A 2 GiB sparse file (all NUL bytes, no line end) under a 512 MiB address-space limit: the
    /// first record passes 1 MiB and the file is refused. Before, the whole file was read first:
    /// 2.1 GB (statement) or 4.2 GB (expenses) of memory, so under the limit the read failed
    /// (exit 66) or the copy aborted the process (SIGABRT).
    @Test("a 2 GiB sparse file is refused at bounded memory", .enabled(if: FaultTools.prlimit != nil, "needs prlimit (util-linux)"),
          arguments: imports.indices)
    func sparseFileUnderAddressLimit(index: Int) throws {
        let (label, arguments) = Self.imports[index]
        let folder = try TemporaryDirectory("DashPilotStreaming")
        let (store, before) = try Self.store(in: folder)
        let big = folder.path("big.csv")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 2 << 30) == 0)
        let prlimit = try #require(FaultTools.prlimit)
        let run = try Self.measured([prlimit, "--as=\(512 << 20)", "--", ProcessHarness.dashpilot, "--store", store, "--tz", "UTC"]
                                    + arguments + [big], output: folder.path("run"))
        #expect(!run.crashed, "\(label): \(run)")
        #expect(run.status == 65, "\(label): \(run)")
        #expect(run.stderr.contains("\(big):1: the record starting here is longer than 1 MiB"), "\(label): \(run)")
        #expect(run.stderr.contains("\(big): nothing imported"), "\(label): \(run)")
        #expect(run.peakRSS > 0 && run.peakRSS < 64 << 20, "\(label): \(run)")
        #expect(try ProcessHarness.sqlite(store, ".dump", output: folder.path("dump")) == before, "\(label): the store changed")
    }

    /// Writes `rows` lines after `header`, each ending in a 3,000-byte column the template does
    /// not read: the file is about 91 MB, its rows few enough to hold as parsed values.
    static func writeLargeFile(_ path: String, header: String, rows: Int, row: (Int) -> String) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let padding = String(repeating: "x", count: 3000)
        var text = header + "\n"
        for index in 0..<rows {
            text += row(index) + "," + padding + "\n"
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// A 91 MB file of 30,000 valid rows imports at a peak well under the file's size: the rows
    /// are kept as parsed values, the bytes one chunk at a time. Before, the file was held
    /// whole (122 MB peak for the statement, 304 MB for expenses, which copied it once more).
    @Test("a large valid file imports at a peak below its size", arguments: imports.indices)
    func largeValidFile(index: Int) throws {
        let label = Self.imports[index].label
        let folder = try TemporaryDirectory("DashPilotStreaming")
        let (store, _) = try Self.store(in: folder)
        let file = folder.path("large.csv")
        let rows = 30_000
        let arguments: [String]
        if label == "statement" {
            arguments = ["import", "statement", "--template", "delivery-log", "--create-shifts"]
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let start = try #require(calendar.date(from: DateComponents(year: 2020, month: 1, day: 1)))
            // Twenty deliveries a day, half an hour apart.
            try Self.writeLargeFile(file, header: "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup,Details", rows: rows) { index in
                let day = calendar.dateComponents([.year, .month, .day], from: start.addingTimeInterval(Double(index / 20) * 86_400))
                let hour = 8 + index % 20 / 2, minute = index % 2 * 30
                return String(format: "%04d-%02d-%02d,%02d:%02d,%02d:%02d,DoorDash,7.25,2.50,Taco Joint", day.year ?? 0, day.month ?? 0,
                              day.day ?? 0, hour, minute, hour, minute + 20)
            }
        } else {
            arguments = ["import", "expenses"]
            try Self.writeLargeFile(file, header: "Date,Amount,Category,Note,Details", rows: rows) { index in
                String(format: "%d-%02d-%02d,%d.25,fuel,tank %d", 2020 + index / 336 % 8, 1 + index / 28 % 12, 1 + index % 28, index % 100, index)
            }
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        #expect(size > 90_000_000)
        let run = try Self.measured([ProcessHarness.dashpilot, "--store", store, "--tz", "UTC"] + arguments + [file],
                                    output: folder.path("run"))
        #expect(run.status == 0, "\(label): \(run)")
        #expect(run.stdout.contains("imported as import"), "\(label): \(run)")
        #expect(run.peakRSS > 0 && run.peakRSS < 72 << 20, "\(label): \(run)")
    }

    /// A FIFO named as the file or as the template (nothing ever writes to it) is refused at
    /// once, exit 66, the store unchanged, saying why: only regular files are read, and one is
    /// opened without blocking before it is checked. (Before, Foundation's whole-file read
    /// gave up on it too, but the message said only "cannot read the file".)
    @Test("a FIFO as the file or the template is refused, not waited on", arguments: [
        ["import", "statement", "--template", "shift-log", "FIFO"], ["import", "expenses", "FIFO"],
        ["import", "statement", "--template", "FIFO", "FILE"], ["import", "expenses", "--template", "FIFO", "FILE"],
    ])
    func fifoIsRefused(arguments: [String]) throws {
        let folder = try TemporaryDirectory("DashPilotStreaming")
        let (store, before) = try Self.store(in: folder)
        let fifo = folder.path("pipe.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        let file = folder.path("file.csv")
        #expect(FileManager.default.createFile(atPath: file, contents: Data("Date,Amount,Category,Note\n2026-11-05,3.00,fuel,\n".utf8)))
        let argv = [FaultTools.binary, "--store", store, "--tz", "UTC"] + arguments.map { $0 == "FIFO" ? fifo : $0 == "FILE" ? file : $0 }
        let run = try FaultTools.launch(argv, scratch: folder.path, timeout: 20)
        #expect(!run.timedOut && !run.crashed, "\(run)")
        #expect(run.status == 66, "\(run)")
        #expect(run.stderr.contains("\(fifo)") && run.stderr.contains("not a regular file"), "\(run)")
        #expect(try ProcessHarness.sqlite(store, ".dump", output: folder.path("dump")) == before, "the store changed")
    }

    /// The import record keeps the SHA-256 of the file's bytes, computed while streaming: the
    /// same value as `sha256sum` of the whole file (a file of several chunks, cut mid-row), for
    /// both imports; the same file again is recognised and adds nothing.
    @Test("the file digest is the SHA-256 of its bytes", arguments: imports.indices)
    func digestIsTheFileSHA256(index: Int) throws {
        let label = Self.imports[index].label
        let folder = try TemporaryDirectory("DashPilotStreaming")
        let (store, _) = try Self.store(in: folder)
        let file = folder.path("rows.csv")
        var text = label == "statement" ? "Date,Start,End,Gross,Tips,Platform,Comment\n" : "Date,Amount,Category,Note,Comment\n"
        let comment = String(repeating: "c", count: 120)
        for day in 0..<4_000 {
            let date = String(format: "%04d-%02d-%02d", 2001 + day / 336, 1 + day / 28 % 12, 1 + day % 28)
            text += label == "statement" ? "\(date),10:00,14:00,\(day % 90 + 2).50,1.25,DoorDash,\(comment)\n"
                                         : "\(date),\(day % 90).50,fuel,a note,\(comment)\n"
        }
        #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
        #expect(text.utf8.count > 2 * (1 << 18))
        let arguments = label == "statement" ? ["import", "statement", "--template", "shift-log"] : ["import", "expenses"]
        let argv = [ProcessHarness.dashpilot, "--store", store, "--tz", "UTC"] + arguments + [file]
        let run = try ProcessHarness.run(argv, output: folder.path("run"))
        #expect(run.status == 0, "\(label): \(run)")
        let recorded = try ProcessHarness.sqlite(store, "SELECT sha256 FROM importRecord", output: folder.path("sql"))
        let sum = try ProcessHarness.run(["/usr/bin/sha256sum", file], output: folder.path("sum"))
        #expect(recorded == String(sum.stdout.prefix(64)), "\(label)")
        #expect(recorded.count == 64)
        let again = try ProcessHarness.run(argv, output: folder.path("again"))
        #expect(again.status == 0 && again.stdout.contains("already imported"), "\(label): \(again)")
    }
}
