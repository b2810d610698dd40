import Foundation
import Testing
import TestSupport

/// Issue 26's rule, enforced on the sources: no descriptor of the store outside SQLite's
/// connection. Closing any descriptor of a file drops every POSIX lock the process holds on it,
/// and 0.18.0 lost acknowledged writes that way (docs/reliability.md, "No descriptor on the
/// store"). Every place the product opens a file by name is listed here with why it can never
/// be a file SQLite holds open in this process; a new one fails this test until it is judged
/// and listed. The measuring tools (`dashpilot-bench`, `dashpilot-gpxgen`) are not the product.
@Suite struct DescriptorRuleTests {
    /// Per source file, how many calls open a file by name, and why each is safe.
    static let judged: [String: (count: Int, why: String)] = [
        "DashCLI/AtomicFile.swift": (2, "an export's temporary name created with O_EXCL, and its folder (O_DIRECTORY) for fsync"),
        "DashCLI/ConfigFile.swift": (1, "the config file, read before any store is opened"),
        "DashCLI/ConfigLock.swift": (1, "config.json.lock beside the config file, for flock"),
        "DashCLI/LockHolder.swift": (2, "/proc/locks and /proc/PID/comm"),
        "DashExport/XLSXWorkbook.swift": (3, "the workbook's new file created with O_EXCL (libxlsxwriter then opens that name), and /dev/null"),
        "DashImport/CSVFileStream.swift": (1, "an input file: one SQLite holds is refused and its descriptor never closed (HeldFiles)"),
        "DashImport/GPXPipeline.swift": (1, "an input file: one SQLite holds is refused and its descriptor never closed (HeldFiles)"),
        "DashStore/OpenLeftovers.swift": (1, "a failed open's store, only when no connection of this process has it open (OpenFiles)"),
        "DashStore/StampFile.swift": (3, "the stamp's own names: one link only, checked again on the descriptor, never closed if it changed"),
        "DashStore/Store.swift": (1, "a new store created with O_EXCL before SQLite opens it"),
        "DashStore/StoreBackup.swift": (3, "a migration's backup copies (created with O_EXCL), never the store"),
        "DashStore/StoreDryRun.swift": (2, "the store's file read into memory only when this process has no connection to it (OpenFiles)"),
        "DashStore/StoreSeal.swift": (1, "/proc/locks"),
        "DashStore/StoreSidecars.swift": (2, "a store's sidecars judged before SQLite opens it, skipped when this process has it open (OpenFiles)"),
        "DashStore/WALFile.swift": (1, "a -wal read for StoreSidecars, under the same guard"),
    ]

    static let pattern = #"open\([^)\n]*O_[A-Z]|FileHandle\(|contents\(atPath|contentsOfFile|Data\(contentsOf|fopen\(|openat\(|[^a-zA-Z_]creat\(|String\(contentsOf|\.write\(to:|\.write\(toFile:|copyItem|moveItem|createFile\(atPath|workbook_new"#

    func found() throws -> [String: Int] {
        let regex = try NSRegularExpression(pattern: Self.pattern)
        let root = Fixtures.packageRoot + "/Sources"
        var counts: [String: Int] = [:]
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("dashpilot-bench/") && !file.hasPrefix("dashpilot-gpxgen/") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let line = String(line)
                if regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil { counts[file, default: 0] += 1 }
            }
        }
        return counts
    }

    @Test func everyPlaceThatOpensAFileByNameIsJudged() throws {
        let counts = try found()
        for (file, count) in counts.sorted(by: { $0.key < $1.key }) {
            let judged = Self.judged[file]
            #expect(judged?.count == count, """
                Sources/\(file) opens files by name in \(count) place(s), \(judged?.count ?? 0) judged: can any of them be the store, \
                its -wal or its -shm while this process holds it? Closing such a descriptor drops the process's SQLite locks \
                (docs/reliability.md, "No descriptor on the store"). Judge each and list it here.
                """)
        }
        for file in Self.judged.keys where counts[file] == nil {
            Issue.record("Sources/\(file) no longer opens a file by name: remove it from the list")
        }
    }
}
