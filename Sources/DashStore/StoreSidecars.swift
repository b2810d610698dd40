import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// The files SQLite reads beside a store (`STORE-wal`, `STORE-journal`, `STORE-shm`), judged before
/// SQLite opens the store, so that a file that does not belong to it is never applied to it.
///
/// SQLite binds a write-ahead log or a rollback journal to a database by file name alone: a `-wal`
/// copied from another database is replayed into the store, and on close checkpointed into it
/// (issue 12: 3.1 MB of record became 8 KB of another database's table). The rules:
///
/// - Every sidecar that exists is a regular file (never a device, FIFO, socket or link).
/// - A `-wal` whose header SQLite would ignore (too short, wrong magic or version, bad checksum)
///   adds nothing and is left to SQLite, which starts it anew. Otherwise its committed frames are
///   read as SQLite reads them (salts and cumulative checksums). Every committed transaction must
///   hold a frame of page 1 (DashPilot's writes always touch it: ``Store`` stamps the store's
///   identity in each), and that page must be a DashPilot page 1: the store's page size, a schema
///   version no older than the store's, and the store's identity (`application_id`, random per
///   store and per backup). A store whose identity is still 0 (last written by an earlier build,
///   which did not stamp its writes) has its log refused as unproven, with the way to apply it.
/// - A hot `-journal` (non-empty, first byte set, no process writing) is accepted only beside a
///   store of at most one page with no schema yet (a store killed while being created): a
///   DashPilot store is in WAL mode from its first write.
/// - A sidecar another process is using (it holds SQLite's locks) is that connection's, and is
///   not read.
/// - `-shm` is never judged: the first connection to a WAL database rebuilds it from the `-wal`.
enum StoreSidecars {
    /// The rollback journal's first eight bytes (SQLite's file format, section 4.1).
    static let journalMagic: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]

    /// What the store file's header says, for judging its sidecars.
    struct Header: Equatable {
        var pageSize: Int
        var identity: UInt32
        var schemaVersion: UInt32

        /// Reads the first 100 bytes of a database file or page; nil when they are not an SQLite header.
        init?(_ bytes: ArraySlice<UInt8>) {
            guard bytes.count >= 100 else { return nil }
            let b = Array(bytes.prefix(100))
            guard Array(b[0..<16]) == Array("SQLite format 3\0".utf8) else { return nil }
            let raw = Int(b[16]) << 8 | Int(b[17])
            pageSize = raw == 1 ? 65536 : raw
            schemaVersion = WALFile.word(b, 60, bigEndian: true)
            identity = WALFile.word(b, 68, bigEndian: true)
        }
    }

    /// Throws `StoreError.foreignSidecar` when a file beside `storePath` does not belong to it.
    /// `storePath` is the file SQLite will open; links are resolved as SQLite resolves them, so
    /// the sidecars judged are the ones SQLite would read.
    static func verify(storePath: String, schemaVersions: ClosedRange<UInt32>) throws {
        // Open here already (a test, or a second store of one process): the log is in use by a
        // connection to this very file, and a descriptor opened and closed here would drop that
        // connection's locks.
        if OpenFiles.contains(storePath) { return }
        let real = OpenFiles.resolved(storePath) ?? storePath
        for suffix in ["-wal", "-journal", "-shm"] {
            var info = stat()
            if lstat(real + suffix, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw StoreError.foreignSidecar(path: storePath, file: real + suffix, detail: "it is not a regular file")
            }
        }
        // A log or journal another process is using belongs to a connection to this very file:
        // it holds the shared-memory file's "dead man switch" lock (every WAL connection, while
        // open) or a lock on the store's own lock bytes (a transaction, or a store being created
        // in rollback mode before it switches to WAL).
        if locked(real + "-shm", from: 128, length: 1) || locked(real, from: 0x4000_0000, length: 512) { return }
        // The log first, then the store's header: a checkpoint meanwhile copies pages of this
        // log into the store, which carry the same identity.
        let wal = WALFile.committedPageOnes(at: real + "-wal")
        let prefix = readPrefix(real, count: 100)
        let header = prefix.flatMap { Header($0[...]) }
        if let wal, !wal.pageOnes.isEmpty || wal.transactionsWithoutPageOne > 0 {
            try judge(wal, header: header, store: storePath, file: real + "-wal", schemaVersions: schemaVersions)
        }
        try judgeJournal(real + "-journal", store: storePath, storeFile: real, header: header)
    }

    private static func judge(_ wal: WALFile.Summary, header: Header?, store: String, file: String,
                              schemaVersions: ClosedRange<UInt32>) throws {
        func refuse(_ detail: String) -> StoreError { .foreignSidecar(path: store, file: file, detail: detail) }
        guard let header else { throw refuse("it holds committed writes but the store has no database header yet") }
        // A store of an earlier build has no identity, and its writes did not all hold page 1:
        // such a log cannot be told from another database's (review of issue 12: a foreign log
        // with a plausible schema version was migrated into the store). The store is given an
        // identity when first opened without a log, so this is only a log an earlier build left.
        guard header.identity != 0 else { throw StoreError.unprovenSidecar(path: store, file: file) }
        guard wal.pageSize == header.pageSize else {
            throw refuse("its pages are \(wal.pageSize) bytes, the store's \(header.pageSize)")
        }
        guard wal.transactionsWithoutPageOne == 0 else {
            throw refuse("\(wal.transactionsWithoutPageOne) of its transactions were not written by this dashpilot")
        }
        for page in wal.pageOnes {
            guard let one = Header(page[...]), one.pageSize == header.pageSize, schemaVersions.contains(one.schemaVersion),
                  one.schemaVersion >= header.schemaVersion else {
                throw refuse("it holds another database's first page")
            }
            guard one.identity == header.identity else {
                throw refuse("it belongs to another store (or to this store before a backup was restored)")
            }
        }
    }

    /// A hot rollback journal (non-empty, first byte set, no process writing with it) would be
    /// played back into the store. A DashPilot store is in WAL mode from its first write, so
    /// the only journal that can be its own is one of a store killed while being created; rolling
    /// that back can only empty a file of at most one page that holds no schema yet.
    private static func judgeJournal(_ path: String, store: String, storeFile: String, header: Header?) throws {
        guard let head = readPrefix(path, count: 28), let first = head.first, first != 0 else { return }
        var info = stat()
        let size = stat(storeFile, &info) == 0 ? Int(info.st_size) : 0
        if size == 0 { return }
        if let header, header.schemaVersion == 0, size <= header.pageSize { return }
        throw StoreError.foreignSidecar(path: store, file: path, detail: "a rollback journal, which a DashPilot store never has")
    }

    /// Whether another process holds a lock on `length` bytes of `file` from `from` (SQLite's
    /// unix locks: byte 128 of `-shm` while a connection is open; the store's bytes from
    /// 0x40000000 during a transaction). A file that cannot be opened holds none.
    static func locked(_ file: String, from: Int, length: Int) -> Bool {
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(from)
        lock.l_len = off_t(length)
        guard fcntl(fd, F_GETLK, &lock) == 0 else { return false }
        return lock.l_type != Int16(F_UNLCK)
    }

    /// Up to `count` bytes from the start of a regular file; nil when it cannot be opened.
    static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let filled = WALFile.readFully(fd, &bytes, count: count)
        return Array(bytes.prefix(filled))
    }
}
