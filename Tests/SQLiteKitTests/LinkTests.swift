import CSQLite
import CXLSXWriter
import SQLiteKit
import Testing

@Suite("system libraries")
struct LinkTests {
    @Test("libsqlite3 is at least 3.40 (STRICT tables, VACUUM INTO) and libxlsxwriter links")
    func bothSystemLibrariesLink() throws {
        let connection = try Connection()
        let version = try #require(try connection.scalar("SELECT sqlite_version()")?.string)
        let parts = version.split(separator: ".").compactMap { Int($0) }
        try #require(parts.count >= 2, "unexpected sqlite_version() \(version)")
        #expect(parts[0] > 3 || (parts[0] == 3 && parts[1] >= 40), "SQLite \(version) is older than 3.40")
        #expect(String(cString: sqlite3_libversion()) == version)

        let xlsx = String(cString: lxw_version())
        let xlsxParts = xlsx.split(separator: ".").compactMap { Int($0) }
        #expect(xlsxParts.count >= 2, "unexpected lxw_version() \(xlsx)")
        #expect(xlsxParts.first.map { $0 >= 1 } == true)
    }
}
