import DashModel
import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// The driver's record: one SQLite file (or memory), at the current schema, with the services
/// that read and write it. Every write is one `BEGIN IMMEDIATE` transaction: all or nothing.
///
/// Three openers, as docs/store.md lists: ``open(at:create:plan:)`` (current schema and the
/// plan, on disk), ``inMemory(plan:)``, and ``openHistorical(at:version:plan:)`` (a store left as
/// an older build would have left it, without migrating past `version`).
public final class Store {
    public let connection: Connection
    /// The file, or nil in memory.
    public let path: String?
    /// What opening did to bring the store up to date (empty when nothing).
    public private(set) var migration: MigrationReport

    /// What an open migrated, and where the backup went.
    public struct MigrationReport: Equatable, Sendable {
        public var fromVersion: Int
        public var toVersion: Int
        public var appliedSteps: [String]
        public var backupPath: String?
        public var createdStore: Bool
    }

    init(connection: Connection, path: String?, migration: MigrationReport) {
        self.connection = connection
        self.path = path
        self.migration = migration
    }

    // MARK: - Openers

    /// Opens the store at `path`, creating it (folder 0700, file 0600) when `create` is true,
    /// and migrates it to the current schema after a backup copy beside it.
    ///
    /// Refuses a store from a newer build, naming both versions, and a file that is not a
    /// DashPilot store. Never traps.
    public static func open(at path: String, create: Bool, plan: Migrator = Schema.plan) throws -> Store {
        let path = literalPath(path)
        let created = try prepareFile(at: path, create: create)
        // A -wal or -journal of another database is refused before SQLite can read it, and the
        // connection never checkpoints on close until the file is known to be ours (issue 12).
        try StoreSidecars.verify(storePath: path, schemaVersions: 1...UInt32(max(plan.currentVersion, 1)))
        let connection = try openConnection(path)
        // Refuse another program's database, or a newer store, before changing anything about
        // the file: its mode and journal are only touched once it is known to be ours.
        let version = try Migrator.version(of: connection)
        if version == 0, !created {
            // The version and the tables read in one statement, one snapshot: another process
            // creating this store at the same moment commits both together.
            let row = try connection.query("SELECT user_version, (SELECT count(*) FROM sqlite_schema) FROM pragma_user_version").first
            if let row, row[0].int64 == 0, (row[1].int64 ?? 0) > 0 {
                throw StoreError.notAStore(path: path, detail: "it has tables but no DashPilot schema version")
            }
        }
        _ = try plan.pendingSteps(for: connection)
        // A new store gets its identity in its first page before the first write-ahead log exists.
        try retryingDeadlock {
            if created, try identity(of: connection) == 0 { try connection.execute("PRAGMA application_id = \(newIdentity())") }
            try useWriteAheadLog(connection, path: path)
        }
        try connection.setCheckpointOnClose(true)
        tightenPermissions(path)
        // A store of an earlier build is given its identity now, before any migration writes,
        // and the log is checkpointed at once so the store file itself carries it.
        // Best effort: a command that only reads still runs when this write cannot be made.
        if try identity(of: connection) == 0,
           (try? connection.transaction { try connection.execute("PRAGMA application_id = \(newIdentity())") }) != nil {
            _ = try? connection.query("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        var backup: String?
        if version > 0, version < plan.currentVersion {
            backup = try StoreBackup.write(connection, storePath: path, version: version)
        }
        let applied = try plan.migrate(connection)
        let report = MigrationReport(fromVersion: version, toVersion: try Migrator.version(of: connection),
                                     appliedSteps: applied, backupPath: backup, createdStore: created)
        let store = Store(connection: connection, path: path, migration: report)
        return store
    }

    /// Runs `body` again while SQLite answers busy at once, for at most the busy timeout: while a
    /// new store is still in rollback mode, two processes that each read it and then write (its
    /// identity, the switch to WAL) can each hold what the other waits for, and SQLite then
    /// returns SQLITE_BUSY without waiting, to avoid the deadlock (sqlite.org/c3ref/busy_handler.html).
    /// Four processes creating one store at once hit it in 4 of 120 runs.
    static func retryingDeadlock(_ body: () throws -> Void) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.isBusy && clock.now < deadline {
                usleep(UInt32.random(in: 2_000...20_000))
            }
        }
    }

    /// The store's identity: `application_id` in its first page, random per store, given when
    /// the store is created (or, for a store of an earlier build, when first opened here). Every
    /// write stamps it, so each transaction in the store's write-ahead log holds page 1 and a log
    /// can be told to be this store's (``StoreSidecars``).
    static func identity(of connection: Connection) throws -> Int32 {
        Int32(truncatingIfNeeded: try connection.scalar("PRAGMA application_id")?.int64 ?? 0)
    }

    /// A random identity, never 0.
    static func newIdentity() -> Int32 { Int32(bitPattern: UInt32.random(in: 1...UInt32.max)) }

    /// Writes the identity into page 1 inside the current write transaction, as the store holds
    /// it at that moment (read inside the transaction: another process may have given it one
    /// since this one opened): the page is in the log of every transaction, whatever else it changes.
    private func stampIdentity() throws {
        var identity = try Store.identity(of: connection)
        if identity == 0 { identity = Store.newIdentity() }
        try connection.run("PRAGMA application_id = \(identity)")
    }

    /// A store in memory at the current schema: for tests and dry runs.
    public static func inMemory(plan: Migrator = Schema.plan) throws -> Store {
        let connection = try Connection(path: ":memory:")
        let applied = try plan.migrate(connection)
        return Store(connection: connection, path: nil,
                     migration: MigrationReport(fromVersion: 0, toVersion: plan.currentVersion, appliedSteps: applied,
                                                backupPath: nil, createdStore: true))
    }

    /// Opens (creating if needed) the store at `path` at schema `version` of `plan`, and
    /// migrates no further: a test writes through it a store shaped as an older build left it,
    /// then opens it with ``open(at:create:plan:)`` to prove the plan migrates it.
    public static func openHistorical(at path: String, version: Int, plan: Migrator = Schema.plan) throws -> Store {
        let path = literalPath(path)
        let created = try prepareFile(at: path, create: true)
        let connection = try openConnection(path)
        if created { try connection.execute("PRAGMA application_id = \(newIdentity())") }
        try useWriteAheadLog(connection, path: path)
        try connection.setCheckpointOnClose(true)
        let from = try Migrator.version(of: connection)
        let applied = try plan.migrate(connection, upTo: version)
        return Store(connection: connection, path: path,
                     migration: MigrationReport(fromVersion: from, toVersion: try Migrator.version(of: connection),
                                                appliedSteps: applied, backupPath: nil, createdStore: created))
    }

    /// Whether the file at `path` is a store this process has open or one of its files (its
    /// log, its shared memory): an output never replaces one, an input never reads one (closing
    /// a descriptor of it would drop this process's locks; docs/reliability.md).
    public static func isHeldFile(_ path: String) -> Bool { OpenFiles.holds(fileAt: path) }

    /// The schema version the store records.
    public var version: Int { (try? Migrator.version(of: connection)) ?? 0 }

    // MARK: - Checking

    /// Whether `verifyBeforeWriting` has run (once per opened store).
    private var verifiedForWriting = false
    /// What this session's stamp will carry forward, set when the first write is verified
    /// (StoreSeal.swift): nil until then.
    var verifiedBasis: VerifiedBasis?
    /// Whether a write's body completed in this session: only then is the stamp renewed.
    var wroteSinceVerified = false
    /// The store file as this session last knew it: when verified, and after each of its own
    /// checkpoints (StoreSeal.swift).
    var knownFile: FileStat?
    /// Whether the store file changed in a way this session did not make: no stamp at its end.
    var fileChangedByOthers = false
    /// Whether the route-figure tables were found (RouteFigures.swift): once there they stay, so
    /// the route writer's marks need not look in sqlite_schema per batch.
    var routeFigureTablesSeen = false

    deinit { sealVerifiedState() }

    /// SQLite's `integrity_check` (every page, every record, every index entry against its
    /// row) and `foreign_key_check` (every reference), once per opened store: `write` runs it
    /// before its first transaction, so no write is attempted on a store that `check` would call
    /// damaged (issue 12: quick_check alone let imports write past a row missing from an index
    /// and a broken reference). `check`'s own structural queries (figures that disagree, such as
    /// a delivery's pay and its lines) are not damage and are left to `check`.
    /// Measured in docs/reliability.md: about twice quick_check's time. Skipped when the stamp
    /// of the last verified writing session still describes the file (VerifiedStamp.swift).
    public func verifyBeforeWriting() throws {
        guard !verifiedForWriting else { return }
        // The file as it is before anything is checked: the session's stamp vouches for nothing
        // that changed after this (StoreSeal.swift).
        let noted = path.flatMap(FileStat.init)
        if let trusted = trustedStamp() {
            verifiedBasis = trusted
            verifiedForWriting = true
            trackStoreFile(from: noted)
            return
        }
        let verdict = try damageFound()
        guard verdict.isEmpty else {
            if let path { VerifiedStamp.remove(store: path) }
            throw StoreError.damaged(path: path ?? ":memory:", detail: verdict.joined(separator: "; ").replacingOccurrences(of: "\n", with: " "))
        }
        verifiedBasis = fullyChecked()
        verifiedForWriting = true
        trackStoreFile(from: noted)
    }

    /// What the integrity and reference checks found (at most three of each); a page SQLite
    /// cannot even read is damage too, said as its error.
    private func damageFound() throws(SQLiteError) -> [String] {
        do {
            var found = try connection.query("PRAGMA integrity_check(3)").compactMap { $0[0].string }.filter { $0 != "ok" }
            for row in try connection.query("SELECT \"table\", rowid FROM pragma_foreign_key_check LIMIT 3") {
                found.append("broken reference in \(row[0].string ?? "?") row \(row[1].int64 ?? 0)")
            }
            return found
        } catch {
            guard error.primaryCode == 11 || error.primaryCode == 26 else { throw error }
            return [error.message]
        }
    }

    // MARK: - Reading

    /// Runs `body` in one read transaction (a snapshot: an import committing meanwhile is seen
    /// whole or not at all), or inside the caller's transaction.
    public func read<T>(_ body: () throws -> T) throws -> T {
        guard connection.isAutocommit else { return try body() }
        try connection.execute("BEGIN DEFERRED")
        do {
            let result = try body()
            try connection.execute("COMMIT")
            return result
        } catch {
            if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    // MARK: - Writing

    /// Whether a write was refused because another process held the write lock past the busy
    /// timeout: a many-file import stops there and says so once.
    public private(set) var refusedBusy = false

    /// Runs `body` as one write: a `BEGIN IMMEDIATE` transaction, or a savepoint inside the
    /// caller's transaction, so a refused inner write changes nothing and the caller's batch of
    /// writes (an import) still commits or rolls back as one.
    public func write<T>(_ body: () throws -> T) throws -> T {
        // The first write of this process is preceded by the full checks, or the stamp that
        // stands for them: no write is attempted on a damaged store, whatever the command.
        try verifyBeforeWriting()
        if connection.isAutocommit {
            do {
                let result = try connection.transaction {
                    if path != nil { try stampIdentity() }
                    let result = try body()
                    // The route figures this write made stale, measured again before it commits
                    // (RouteFigures.swift): a report only reads them.
                    try fillStaleRouteFigures()
                    return result
                }
                wroteSinceVerified = true
                return result
            } catch let error as SQLiteError where error.isBusy {
                refusedBusy = true
                throw StoreError.busy(path: path ?? ":memory:")
            }
        }
        // Through `run`, whose prepared statements are cached: an import calls this once a row.
        try connection.run("SAVEPOINT dashpilotWrite")
        do {
            let result = try body()
            try connection.run("RELEASE dashpilotWrite")
            wroteSinceVerified = true
            return result
        } catch {
            _ = try? connection.run("ROLLBACK TO dashpilotWrite")
            _ = try? connection.run("RELEASE dashpilotWrite")
            throw error
        }
    }

    // MARK: - Files

    private static func openConnection(_ path: String) throws -> Connection {
        let opened: Result<Connection, SQLiteError> = Result { () throws(SQLiteError) -> Connection in
            try Connection(path: path, mode: .readWrite, checkpointOnClose: false)
        }
        let connection: Connection
        switch opened {
        case .success(let c): connection = c
        case .failure(let error) where error.primaryCode == 26:  // SQLITE_NOTADB
            throw StoreError.notAStore(path: path, detail: "not an SQLite database")
        case .failure(let error): throw error
        }
        return connection
    }

    /// WAL persists in the file: readers (reports) never block the importer, nor it them.
    private static func useWriteAheadLog(_ connection: Connection, path: String) throws {
        let mode = try connection.scalar("PRAGMA journal_mode = WAL")?.string ?? ""
        if mode.lowercased() != "wal" {
            throw StoreError.notAStore(path: path, detail: "could not switch to WAL journal mode (\(mode))")
        }
        try connection.execute("PRAGMA journal_size_limit = 8388608")
        // A 12 MiB page cache instead of SQLite's 2 MiB: a 100,000-row statement import spilled
        // dirty pages into the WAL mid-transaction and read them back (0.2-0.3 s of its 2 s).
        // The cache takes memory only as pages are used.
        try connection.execute("PRAGMA cache_size = -12288")
    }

    /// A history of where a person drove: owner only. A store left readable by others is
    /// tightened to 0600 once it is known to be a DashPilot store, and with it the `-wal` and
    /// `-shm` files SQLite created with the store's old mode.
    private static func tightenPermissions(_ path: String) {
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            // Group and others lose their bits; the owner's stay as they were (a store the owner
            // made read-only stays read-only). Only regular files: never a device (issue 12).
            if lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 != 0 {
                _ = chmod(file, info.st_mode & 0o700)
            }
        }
    }

    /// The path as a file name SQLite will not read as a URI (`file:...`) or as `:memory:`:
    /// a relative path gets `./` in front.
    static func literalPath(_ path: String) -> String {
        path.hasPrefix("/") || path.hasPrefix("./") || path.hasPrefix("../") ? path : "./" + path
    }

    /// Makes sure the file exists, creating folder 0700 and file 0600 when allowed. Returns
    /// true when it created the file. A path SQLite would not open, or one on a kernel
    /// filesystem, is refused first: nothing is made for it.
    static func prepareFile(at path: String, create: Bool) throws -> Bool {
        try checkPath(path)
        if let kernel = kernelFilesystem(at: path) {
            // /proc/self/mem is a regular file of size 0 to stat(2); SQLite read it as "a disk
            // error" and, as root, would write into whatever such a file stands for.
            throw StoreError.notAStore(path: path, detail: "it is on \(kernel), the kernel's view of itself, not a file that can hold a store")
        }
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { throw StoreError.notAStore(path: path, detail: "it is a folder") }
            // A device, FIFO or socket is never opened as a store: SQLite would create a journal
            // beside it and change its mode (issue 12: `--store /dev/null` as root).
            if info.st_mode & S_IFMT != S_IFREG { throw StoreError.notAStore(path: path, detail: "it is not a regular file") }
            guard access(path, R_OK | W_OK) == 0 else {
                let reason = String(cString: strerror(errno))
                if access(path, R_OK) == 0 { throw StoreError.readOnly(path: path, reason: reason) }
                throw StoreError.unreadable(path: path, reason: reason)
            }
            // Root passes access(2) whatever the mode: a store its owner made read-only is
            // still not written.
            if info.st_mode & 0o200 == 0 { throw StoreError.readOnly(path: path, reason: "mode \(String(info.st_mode & 0o777, radix: 8))") }
            return false
        }
        guard errno == ENOENT else { throw StoreError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard create else { throw StoreError.missing(path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try makeFolders(folder) }
        let fd = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            // Another process created it a moment ago: open it as an existing store.
            if errno == EEXIST { return false }
            throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        close(fd)  // SQLite has not opened it yet, so no lock can be lost (howtocorrupt 2.2)
        _ = chmod(path, 0o600)  // the umask may have narrowed it further; never wider
        return true
    }

    /// Creates each missing folder of `folder` with mode 0700.
    static func makeFolders(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 { return }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != folder { try makeFolders(parent) }
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw StoreError.cannotCreate(path: folder, reason: String(cString: strerror(errno)))
        }
    }
}
