import DashModel
import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// A dry run writes nothing (docs/cli.md): no migration, no store file, no journal left behind.
extension Store {
    /// The store a dry run works on. No store at `path`: an empty one in memory. A store this
    /// build would change on opening (an earlier schema version, or no identity yet): its file
    /// read into memory and migrated there, the file, its sidecars and its folder untouched.
    /// Otherwise the store itself, opened as ``open(at:create:plan:)`` does (the dry run's
    /// transaction rolls back), which also refuses a newer store or another program's file.
    public static func forDryRun(at path: String, plan: Migrator = Schema.plan) throws -> Store {
        let path = literalPath(path)
        // Open in this process already: its file is never read here (closing a descriptor of it
        // would drop the connection's locks; docs/reliability.md, "No descriptor on the store").
        if OpenFiles.contains(path) { return try open(at: path, create: false, plan: plan) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return try inMemory(plan: plan) }
            return try openLeavingNothing(at: path, create: false, plan: plan)
        }
        guard info.st_mode & S_IFMT == S_IFREG, let header = StoreHeader(path: path), header.version >= 1,
              header.version < plan.currentVersion || (header.version == plan.currentVersion && header.identity == 0)
        else { return try openLeavingNothing(at: path, create: false, plan: plan) }
        guard access(path, R_OK) == 0 else { throw StoreError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        try StoreSidecars.verify(storePath: path, schemaVersions: 1...UInt32(max(plan.currentVersion, 1)))
        // A log with writes in it (another process is using the store) is not in the file's
        // bytes: said as busy rather than read without it.
        for suffix in ["-wal", "-journal"] where stat(path + suffix, &info) == 0 && info.st_size > 0 {
            throw StoreError.busy(path: path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoreError.unreadable(path: path, reason: "it could not be read")
        }
        let connection = try Connection(path: ":memory:")
        do { try connection.loadImage(Array(data)) } catch {
            throw StoreError.notAStore(path: path, detail: "not an SQLite database")
        }
        let from = try Migrator.version(of: connection)
        let applied = try plan.migrate(connection)
        return Store(connection: connection, path: nil,
                     migration: MigrationReport(fromVersion: from, toVersion: try Migrator.version(of: connection),
                                                appliedSteps: applied, backupPath: nil, createdStore: false))
    }
}

/// The two numbers of a store file's header a dry run decides by: its schema version
/// (`user_version`, offset 60) and its identity (`application_id`, offset 68), big-endian.
struct StoreHeader {
    var version: Int
    var identity: Int32

    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 100), data.count == 100 else { return nil }
        let bytes = Array(data)
        guard bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        func word(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        version = Int(Int32(bitPattern: word(60)))
        identity = Int32(bitPattern: word(68))
    }
}
