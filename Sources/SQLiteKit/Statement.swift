import CSQLite

/// A prepared statement. Used inside one call by ``Connection`` (and finalized there), or held
/// by a caller that inserts many rows with the same SQL (`bind`, `step`, `reset`).
///
/// It holds its connection strongly, so the connection cannot close under it. Not `Sendable`.
public final class Statement {
    private var handle: OpaquePointer?
    private let connection: Connection
    /// False for a statement borrowed from the connection's cache: releasing it resets it for the
    /// next use instead of finalizing it.
    private let owned: Bool
    /// The SQL text, for errors (never with values).
    public let sql: String

    /// Wraps a cached statement for one use.
    init(connection: Connection, borrowing handle: OpaquePointer, sql: String) {
        self.connection = connection
        self.handle = handle
        self.sql = sql
        owned = false
    }

    init(connection: Connection, sql: String) throws(SQLiteError) {
        self.connection = connection
        self.sql = sql
        owned = true
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(connection.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw connection.error(rc, sql: sql)
        }
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in SQL text", sql: sql)
        }
        handle = statement
    }

    deinit { finalize() }

    /// Releases the statement (a cached one is reset and its bindings cleared for the next use).
    /// Safe to call more than once.
    public func finalize() {
        if let handle {
            if owned {
                sqlite3_finalize(handle)
            } else {
                sqlite3_reset(handle)
                sqlite3_clear_bindings(handle)
            }
        }
        handle = nil
    }

    private func live() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "statement already finalized", sql: sql) }
        return handle
    }

    /// Binds `arguments` to `?1...?n`; their count must match the statement's parameters.
    public func bind(_ arguments: [SQLValue]) throws(SQLiteError) {
        let statement = try live()
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == arguments.count else {
            throw SQLiteError(code: SQLITE_RANGE, message: "statement takes \(expected) arguments, \(arguments.count) given", sql: sql)
        }
        for (offset, value) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(statement, index)
            case .integer(let v): rc = sqlite3_bind_int64(statement, index, v)
            case .real(let v): rc = sqlite3_bind_double(statement, index, v)
            case .text(let v): rc = sqlite3_bind_text(statement, index, v, -1, csqlite_transient())
            case .blob(let v):
                rc = v.withUnsafeBytes { bytes in
                    sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
                }
            }
            guard rc == SQLITE_OK else { throw connection.error(rc, sql: sql) }
        }
    }

    /// Steps once: a copied row, or nil when the statement is done.
    public func step() throws(SQLiteError) -> Row? {
        let statement = try live()
        switch sqlite3_step(statement) {
        case SQLITE_ROW:
            let count = sqlite3_column_count(statement)
            var columns: [String] = []
            var values: [SQLValue] = []
            columns.reserveCapacity(Int(count))
            values.reserveCapacity(Int(count))
            for index in 0..<count {
                columns.append(String(cString: sqlite3_column_name(statement, index)))
                values.append(value(statement, index))
            }
            return Row(columns: columns, values: values)
        case SQLITE_DONE:
            return nil
        case let rc:
            throw connection.error(rc, sql: sql)
        }
    }

    /// Steps once without building a row: true while there is a row to read with the column
    /// accessors below. For scans of many rows (a year of route).
    public func advance() throws(SQLiteError) -> Bool {
        let statement = try live()
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw connection.error(rc, sql: sql)
        }
    }

    /// Column `index` (from 0) of the current row as an integer (0 when NULL).
    public func int64(at index: Int32) -> Int64 { handle.map { sqlite3_column_int64($0, index) } ?? 0 }

    /// Column `index` (from 0) of the current row as a double, or nil when NULL.
    /// The column as a double with no NULL check (SQLite's conversion: NULL reads 0.0): for a
    /// NOT NULL column on a scan's hot path.
    public func doubleValue(at index: Int32) -> Double { handle.map { sqlite3_column_double($0, index) } ?? 0 }

    public func double(at index: Int32) -> Double? {
        guard let handle, sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
        return sqlite3_column_double(handle, index)
    }

    /// Steps a statement that returns no rows (an INSERT), then resets it for the next use.
    /// The hot path of bulk writes: no row is built.
    public func execute() throws(SQLiteError) {
        let statement = try live()
        let rc = sqlite3_step(statement)
        let resetCode = sqlite3_reset(statement)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw connection.error(rc, sql: sql) }
        guard resetCode == SQLITE_OK else { throw connection.error(resetCode, sql: sql) }
    }

    /// Binds without building an array: for bulk writes. `index` counts from 1.
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        let rc = sqlite3_bind_int64(try live(), index, value)
        guard rc == SQLITE_OK else { throw connection.error(rc, sql: sql) }
    }

    /// Binds a double, or NULL for nil. `index` counts from 1.
    public func bind(_ value: Double?, at index: Int32) throws(SQLiteError) {
        let statement = try live()
        let rc = value.map { sqlite3_bind_double(statement, index, $0) } ?? sqlite3_bind_null(statement, index)
        guard rc == SQLITE_OK else { throw connection.error(rc, sql: sql) }
    }

    /// Resets the statement so it can run again; bindings are kept.
    public func reset() throws(SQLiteError) {
        let rc = sqlite3_reset(try live())
        guard rc == SQLITE_OK else { throw connection.error(rc, sql: sql) }
    }

    private func value(_ statement: OpaquePointer, _ index: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
