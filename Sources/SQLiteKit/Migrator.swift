/// One step of a schema's history: frozen SQL, never edited once shipped.
public struct Migration: Sendable {
    /// A human label for logs and `store info` ("0001 create the record").
    public let id: String
    /// The DDL and data changes, run as one script inside the step's transaction.
    public let sql: String

    public init(_ id: String, _ sql: String) {
        self.id = id
        self.sql = sql
    }
}

/// Why a store could not be brought to the current schema.
public enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store was written by a newer build than this one.
    case storeIsNewer(storeVersion: Int, supportedVersion: Int)
    /// A step left a foreign key pointing at nothing; the step was rolled back.
    case foreignKeyViolation(step: String, table: String)
    /// `quick_check` found damage before migrating; nothing was changed.
    case damaged(String)

    public var description: String {
        switch self {
        case let .storeIsNewer(store, supported):
            "the store has schema version \(store), newer than this build of dashpilot understands (\(supported)); use a newer dashpilot"
        case let .foreignKeyViolation(step, table):
            "migration step '\(step)' left a broken reference in table \(table); it was rolled back"
        case let .damaged(detail):
            "the store failed SQLite's quick check before migrating (\(detail)); nothing was changed"
        }
    }
}

/// An ordered, append-only list of steps. `PRAGMA user_version` counts the applied ones and is
/// written in the transaction that applies every pending step, so a store is always at exactly
/// one version: the one it had, or the current one.
///
/// One linear history, so a count is enough (SQLite.swift's mechanism rather than GRDB's table of
/// applied ids): the count commits atomically with its step.
///
/// A new store (version 0, no objects) brought to the current version is made from `snapshot`
/// instead, when there is one and it still describes exactly these steps (MigrationSnapshot.swift):
/// the same objects and rows in one script, without the rebuilds and re-parses of every step.
public struct Migrator: Sendable {
    public let steps: [Migration]
    /// The current version's schema as one script, used only while it matches `steps`.
    public let snapshot: MigrationSnapshot?
    /// Whether `snapshot` was taken from exactly these steps (their count and digest): a step
    /// appended or edited since makes a new store replay the steps, as without a snapshot.
    public let snapshotIsCurrent: Bool

    public init(_ steps: [Migration], snapshot: MigrationSnapshot? = nil) {
        self.steps = steps
        self.snapshot = snapshot
        snapshotIsCurrent = snapshot.map { $0.version == steps.count && $0.stepsDigest == MigrationSnapshot.digest(of: steps) } ?? false
    }

    /// The version a fully migrated store has.
    public var currentVersion: Int { steps.count }

    /// The version `connection`'s store records. A negative one (only another program writes
    /// that) is damage, refused rather than used as an index.
    public static func version(of connection: Connection) throws -> Int {
        let version = Int(try connection.scalar("PRAGMA user_version")?.int64 ?? 0)
        guard version >= 0 else { throw MigrationError.damaged("schema version \(version) is negative") }
        return version
    }

    /// Refuses a store newer than this list; otherwise says whether steps are pending.
    public func pendingSteps(for connection: Connection) throws -> ArraySlice<Migration> {
        let version = try Self.version(of: connection)
        guard version <= steps.count else {
            throw MigrationError.storeIsNewer(storeVersion: version, supportedVersion: steps.count)
        }
        return steps[version...]
    }

    /// Applies the steps after the store's version, up to `target` (all of them by default),
    /// together in one `BEGIN IMMEDIATE` transaction. A failing step rolls them all back and
    /// leaves the store at the version it had; the error is rethrown.
    ///
    /// Foreign keys are checked with `PRAGMA foreign_key_check` after each step, before the commit.
    /// Returns the ids of the steps applied. An empty store at version 0 taken to the last version
    /// is made from the current `snapshot` instead, if there is one, in the same transaction and
    /// checked the same way; every step's id is returned, as the store is what they would make.
    @discardableResult
    public func migrate(_ connection: Connection, upTo target: Int? = nil) throws -> [String] {
        let target = min(target ?? steps.count, steps.count)
        let version = try Self.version(of: connection)
        guard version <= steps.count else {
            throw MigrationError.storeIsNewer(storeVersion: version, supportedVersion: steps.count)
        }
        guard version < target else { return [] }
        if version > 0 {
            let rows = try connection.query("PRAGMA quick_check")
            let verdict = rows.compactMap { $0[0].string }
            if verdict != ["ok"] { throw MigrationError.damaged(verdict.prefix(3).joined(separator: "; ")) }
        }
        // A step may rebuild a table (the only way to change a CHECK in SQLite); with foreign
        // keys on, dropping the old table would cascade into its children. So keys are off while
        // steps run, as SQLite's "other kinds of table schema changes" procedure says, and
        // foreign_key_check must pass after each step, before the commit. The pragma cannot change inside
        // a transaction, so it is set around them.
        try connection.execute("PRAGMA foreign_keys = OFF")
        defer { try? connection.execute("PRAGMA foreign_keys = ON") }
        // A step that drops a table (v15 rebuilds the route) frees its pages inside the
        // transaction; under secure_delete each is overwritten, and the statement's journal
        // keeps every page's old content to undo that statement alone. In memory (a store's
        // temp_store) that is the whole table: 470 MB for a year of 1 Hz routes. As a file it
        // spills past 64 KiB, so while steps run the journal is a temporary file; the setting
        // comes back after (it cannot change inside a transaction either).
        let tempStore = try connection.scalar("PRAGMA temp_store")?.int64 ?? 0
        try connection.execute("PRAGMA temp_store = FILE")
        defer { try? connection.execute("PRAGMA temp_store = \(tempStore)") }
        // Every pending step in one transaction: a migration killed or failed midway leaves the
        // store at the version it had, never between two steps.
        let applied: [String] = try connection.transaction {
            // Another process may have migrated while this one waited for the write lock: read
            // the version again under the lock and apply only what is still missing.
            let current = try Self.version(of: connection)
            guard current < target else { return [] }
            if current == 0, target == steps.count, let made = try makeFromSnapshot(connection) { return made }
            var done: [String] = []
            for index in current..<target {
                let step = steps[index]
                try connection.execute(step.sql)
                if let broken = try connection.query("PRAGMA foreign_key_check").first {
                    throw MigrationError.foreignKeyViolation(step: step.id, table: broken[0].string ?? "?")
                }
                try connection.execute("PRAGMA user_version = \(index + 1)")
                done.append(step.id)
            }
            return done
        }
        try connection.execute("PRAGMA foreign_keys = ON")
        return applied
    }

    /// Makes an empty store (inside `migrate`'s transaction, keys off) the current version from
    /// the snapshot, checked as a step is; nil when there is no current snapshot or the store
    /// already holds an object (a store at version 0 with tables is not made over). Returns every
    /// step's id: the store is as if each had run.
    private func makeFromSnapshot(_ connection: Connection) throws -> [String]? {
        guard snapshotIsCurrent, let snapshot,
              try connection.scalar("SELECT count(*) FROM sqlite_schema")?.int64 == 0 else { return nil }
        try connection.execute(snapshot.sql)
        if let broken = try connection.query("PRAGMA foreign_key_check").first {
            throw MigrationError.foreignKeyViolation(step: "snapshot v\(snapshot.version)", table: broken[0].string ?? "?")
        }
        try connection.execute("PRAGMA user_version = \(steps.count)")
        return steps.map(\.id)
    }
}
