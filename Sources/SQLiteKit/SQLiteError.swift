import CSQLite

/// A failed SQLite call: the extended result code, SQLite's message, and the SQL being run.
///
/// Bound values are never part of the error: they are a driver's earnings and whereabouts, and
/// errors end up in terminals, cron mail and bug reports.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_CHECK` = 275, and so on).
    public var code: Int32
    /// SQLite's own message (`sqlite3_errmsg`), or ours where SQLite gave none.
    public var message: String
    /// The statement that failed, without its bound values.
    public var sql: String?
    /// The system's errno behind a disk error or a file that could not be opened
    /// (`sqlite3_system_errno`: SQLite records it for SQLITE_IOERR and SQLITE_CANTOPEN only),
    /// else 0. A full disk met while SQLite grows its `-shm` is SQLITE_IOERR_SHMSIZE, "disk I/O
    /// error", with ENOSPC here; a write past a file size limit is SQLITE_IOERR_WRITE with EFBIG.
    public var systemErrno: Int32

    public init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// The primary result code (`SQLITE_CONSTRAINT` for every constraint failure).
    public var primaryCode: Int32 { code & 0xFF }

    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (while executing: \(sql.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.joined(separator: " ")))" }
        return text
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> Substring {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
