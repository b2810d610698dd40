import DashImport
import DashStore
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26: an input file that is a store this process holds open is refused, and its
/// descriptor is never closed, so the process keeps its SQLite locks on the store (closing any
/// descriptor of a file drops them all). Seen in this test process's own row of `/proc/locks`.
@Suite struct HeldInputTests {
    func locksHeld(on path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0, let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return 0 }
        return text.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 8 && fields[4] == "\(getpid())" && fields[5].hasSuffix(":\(info.st_ino)")
        }.count
    }

    @Test func readingTheStoreAsInputKeepsItsLocks() throws {
        let folder = try TemporaryDirectory("DashPilotHeldInput")
        let path = folder.path("s.sqlite")
        let store = try Store.open(at: path, create: true)
        _ = try store.read { try store.shifts() }
        let before = locksHeld(on: path)
        try #require(before > 0, "the connection holds its shared lock on the store")
        for input in [path, path + "-shm"] {
            #expect(throws: (any Error).self) { _ = try CSVFileStream.read(input) { _ in true } }
            #expect(locksHeld(on: path) == before, "\(input): the locks stand")
        }
        withExtendedLifetime(store) {}
    }
}
