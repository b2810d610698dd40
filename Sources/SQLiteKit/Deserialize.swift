import CSQLite

extension Connection {
    /// Makes `bytes`, the image of a database file, this connection's main database, held in
    /// memory (`sqlite3_deserialize`): a dry run reads a store and migrates it there, leaving
    /// the file as it was. The image is marked as a rollback-journal database (header bytes 18
    /// and 19), since a database in memory has no write-ahead log.
    public func loadImage(_ bytes: [UInt8]) throws(SQLiteError) {
        var image = bytes
        if image.count >= 20 {
            image[18] = 1
            image[19] = 1
        }
        let size = image.count
        guard let buffer = sqlite3_malloc64(UInt64(max(size, 1))) else { throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory") }
        image.withUnsafeBytes { source in
            if let base = source.baseAddress { buffer.copyMemory(from: base, byteCount: size) }
        }
        // FREEONCLOSE: SQLite owns the buffer from here, also when the call fails.
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE) | UInt32(SQLITE_DESERIALIZE_RESIZEABLE)
        let rc = sqlite3_deserialize(handle, "main", buffer.assumingMemoryBound(to: UInt8.self), Int64(size), Int64(size), flags)
        guard rc == SQLITE_OK else { throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle))) }
        // An unreadable image is reported here, not at first use.
        _ = try query("SELECT count(*) FROM sqlite_schema")
    }
}
