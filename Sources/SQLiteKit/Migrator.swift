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
public struct Migrator: Sendable {
    public let steps: [Migration]

    public init(_ steps: [Migration]) { self.steps = steps }

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
    /// Returns the ids of the steps applied.
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
}
