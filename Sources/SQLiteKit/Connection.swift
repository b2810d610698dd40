import CSQLite

/// One open SQLite database, the only owner of its handle.
///
/// Not `Sendable`: a process opens its store once and uses it from one task. Statements are
/// prepared, used and finalized inside one call (`withStatement`), or owned by a
/// ``PreparedStatement`` that keeps the connection alive; none outlives the connection.
public final class Connection {
    /// How to open the file.
    public enum OpenMode: Sendable {
        /// Read and write; the file must exist (a mistyped path fails instead of creating a store).
        case readWrite
        /// Read and write, creating the file if it is missing.
        case readWriteCreate
        /// Read only.
        case readOnly
    }

    /// Once per process, before SQLite initializes: memory statistics off (every allocation
    /// otherwise takes a global mutex; nothing here reads them). Every call into SQLite that
    /// may initialize it touches this first (DatabasePath.swift too: 0.19.0's path check ran
    /// `sqlite3_vfs_find` before the first connection, which left the statistics on and cost an
    /// import of Uber's 13,178-line payments file 16% more CPU; docs/performance.md, "Issue 27").
    static let processSetup: Void = { _ = csqlite_disable_memory_statistics() }()

    let handle: OpaquePointer
    /// The path given to `init`, or ":memory:".
    public let path: String
    /// The resolved file while open, for ``OpenFiles``.
    private var registered: String?
    /// The caller's hook in place of SQLite's automatic checkpoints (OwnCheckpoints.swift); nil
    /// until taken over. Released after the handle is closed.
    var logHook: LogHook?

    /// Opens `path` and applies the connection settings every DashPilot connection uses
    /// (docs/store.md, "Connection settings"): foreign keys on, a 10 s busy timeout, synchronous FULL, secure
    /// delete, untrusted schema, extended result codes, no double-quoted string literals.
    ///
    /// `checkpointOnClose: false` opens a file that is not yet known to be the caller's: closing
    /// then never checkpoints its write-ahead log into it (``setCheckpointOnClose(_:)`` turns it
    /// back on once the file is known).
    public init(path: String = ":memory:", mode: OpenMode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 10_000,
                checkpointOnClose: Bool = true) throws(SQLiteError) {
        _ = Connection.processSetup
        var db: OpaquePointer?
        let flags: Int32
        switch mode {
        case .readWrite: flags = SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags = SQLITE_OPEN_READONLY
        }
        let rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            // sqlite.org/c3ref/open.html: "Whether or not an error occurs when it is opened,
            // resources associated with the database connection handle should be released
            // by passing it to sqlite3_close() when it is no longer required."
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            let systemErrno = db.map { Connection.systemErrno(rc, $0) } ?? 0
            sqlite3_close(db)
            throw SQLiteError(code: rc, message: message, systemErrno: systemErrno)
        }
        handle = db
        self.path = path
        registered = OpenFiles.opened(path)
        do {
            if !checkpointOnClose { try check(csqlite_no_checkpoint_on_close(db, 1), sql: nil) }
            try check(sqlite3_extended_result_codes(db, 1), sql: nil)
            try check(csqlite_disable_double_quoted_strings(db), sql: nil)
            try check(sqlite3_busy_timeout(db, busyTimeoutMilliseconds), sql: nil)
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA trusted_schema = OFF")
            if mode != .readOnly {
                try execute("PRAGMA synchronous = FULL")
                try execute("PRAGMA secure_delete = ON")
                // Statement journals (written for every INSERT that fires a trigger or checks
                // a foreign key inside a longer transaction) kept in memory: on this machine's
                // build they spilled to a /var/tmp file, 15 pwrite calls per imported row.
                try execute("PRAGMA temp_store = MEMORY")
            }
            // An unreadable or non-SQLite file is reported here, at open, not at first use.
            _ = try query("SELECT count(*) FROM sqlite_schema")
        } catch {
            // Every stored property is set, so Swift runs deinit when this initializer throws:
            // deinit closes the handle. Closing it here too would close it twice.
            throw error
        }
    }

    /// Prepared statements kept for reuse by `query`, `scalar` and `run`, by SQL text: a service
    /// called once per imported row would otherwise parse and plan the same SQL every time.
    private var cache: [String: OpaquePointer] = [:]
    /// Statements currently borrowed from the cache (a nested use of the same SQL prepares anew).
    private var borrowed: Set<String> = []

    deinit {
        for statement in cache.values { sqlite3_finalize(statement) }
        // close_v2 defers the close until every statement is finalized; ours always are.
        sqlite3_close_v2(handle)
        if let registered { OpenFiles.closed(registered) }
    }

    /// Whether closing this connection (the last one to the file) checkpoints its write-ahead log.
    public func setCheckpointOnClose(_ on: Bool) throws(SQLiteError) {
        try check(csqlite_no_checkpoint_on_close(handle, on ? 0 : 1), sql: nil)
    }

    // MARK: - Running SQL

    /// Runs one or more statements that bind nothing (DDL, pragmas, BEGIN/COMMIT).
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            let code = sqlite3_extended_errcode(handle)
            throw SQLiteError(code: code, message: message, sql: sql, systemErrno: Connection.systemErrno(code, handle))
        }
    }

    /// Runs one statement with `arguments` bound to `?1...?n` and returns every row, copied.
    @discardableResult
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws(SQLiteError) -> [Row] {
        try withStatement(sql) { (statement: Statement) throws(SQLiteError) -> [Row] in
            try statement.bind(arguments)
            var rows: [Row] = []
            while let row = try statement.step() { rows.append(row) }
            return rows
        }
    }

    /// Runs one statement and returns the first column of its first row (nil when no row).
    public func scalar(_ sql: String, _ arguments: [SQLValue] = []) throws(SQLiteError) -> SQLValue? {
        try withStatement(sql) { (statement: Statement) throws(SQLiteError) -> SQLValue? in
            try statement.bind(arguments)
            return try statement.step()?[0]
        }
    }

    /// Runs one statement that returns no rows; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ arguments: [SQLValue] = []) throws(SQLiteError) -> Int {
        try withStatement(sql) { (statement: Statement) throws(SQLiteError) -> Int in
            try statement.bind(arguments)
            while try statement.step() != nil {}
            return Int(sqlite3_changes(handle))
        }
    }

    /// Calls `body` with each row as it is stepped, without collecting them: for scans.
    public func forEachRow(_ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        let statement = try Statement(connection: self, sql: sql)
        defer { statement.finalize() }
        try statement.bind(arguments)
        while let row = try statement.step() { try body(row) }
    }

    /// Prepares `sql` for repeated use (bulk inserts, scans). The statement keeps this
    /// connection alive and is finalized when released or by ``Statement/finalize()``.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True when no transaction is open.
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Hands `body` a statement for `sql`, prepared once and kept in the cache (or, if that SQL is
    /// already in use further up the stack, prepared for this use alone); it is always reset or
    /// finalized afterwards.
    func withStatement<T>(_ sql: String, _ body: (Statement) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        if !borrowed.contains(sql) {
            let handle: OpaquePointer
            if let cached = cache[sql] {
                handle = cached
            } else {
                var prepared: OpaquePointer?
                let rc = sqlite3_prepare_v3(self.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
                guard rc == SQLITE_OK else {
                    sqlite3_finalize(prepared)
                    throw error(rc, sql: sql)
                }
                guard let prepared else { throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in SQL text", sql: sql) }
                guard cache.count < 256 else {
                    // SQL built with varying text (rare) is not cached without bound.
                    let statement = Statement(connection: self, borrowing: prepared, sql: sql)
                    defer {
                        statement.finalize()
                        sqlite3_finalize(prepared)
                    }
                    return try body(statement)
                }
                cache[sql] = prepared
                handle = prepared
            }
            borrowed.insert(sql)
            let statement = Statement(connection: self, borrowing: handle, sql: sql)
            defer {
                statement.finalize()
                borrowed.remove(sql)
            }
            return try body(statement)
        }
        let statement = try Statement(connection: self, sql: sql)
        defer { statement.finalize() }
        return try body(statement)
    }

    func check(_ rc: Int32, sql: String?) throws(SQLiteError) {
        guard rc == SQLITE_OK else {
            let code = sqlite3_extended_errcode(handle)
            throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, systemErrno: Connection.systemErrno(code, handle))
        }
    }

    /// An error for `rc` with SQLite's current message for this connection.
    func error(_ rc: Int32, sql: String?) -> SQLiteError {
        let extended = sqlite3_extended_errcode(handle)
        let code = (extended & 0xFF) == (rc & 0xFF) ? extended : rc
        return SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, systemErrno: Connection.systemErrno(code, handle))
    }

    /// `sqlite3_system_errno` for a disk error or a failed open (the only codes SQLite records it
    /// for: for any other it is left over from an earlier failure), else 0.
    static func systemErrno(_ code: Int32, _ db: OpaquePointer) -> Int32 {
        code & 0xFF == SQLITE_IOERR || code & 0xFF == SQLITE_CANTOPEN ? sqlite3_system_errno(db) : 0
    }
}
