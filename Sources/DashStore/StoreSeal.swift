import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// What a verified session carries into the stamp it leaves (VerifiedStamp.swift): when the last
/// full check ran, how many sessions have trusted a stamp since, and which file was verified.
struct VerifiedBasis {
    var fullCheckAt: Int64
    var sessionsSince: Int
    var device: UInt64
    var inode: UInt64
}

extension Store {
    /// The store file's first 100 bytes, read through the descriptor SQLite holds (never one of
    /// this process's own: closing it would drop the process's locks on the store).
    var fileHeader: [UInt8]? { connection.mainFilePrefix(count: 100) }

    /// The basis of a first write that skips the full checks: a stamp that describes the file
    /// as it is now and has not expired. Nil in memory, or when the checks must run.
    func trustedStamp() -> VerifiedBasis? {
        guard let path, let header = fileHeader,
              let stamp = VerifiedStamp.trusted(store: path, header: header, now: Int64(time(nil))) else { return nil }
        return VerifiedBasis(fullCheckAt: stamp.fullCheckAt, sessionsSince: stamp.sessionsSince + 1,
                             device: stamp.file.device, inode: stamp.file.inode)
    }

    /// The basis after the full checks found the store clean just now.
    func fullyChecked() -> VerifiedBasis? {
        guard let path, let file = FileStat(path) else { return nil }
        return VerifiedBasis(fullCheckAt: Int64(time(nil)), sessionsSince: 0, device: file.device, inode: file.inode)
    }

    /// Once the first write is verified: this session takes SQLite's automatic checkpoints over,
    /// so that every change it makes to the store file is one it knows of, starting from
    /// `noted`, the file as it was before it was checked (a change made while the checks ran is
    /// not one they saw). A change it did not make (another program's bytes, another process's
    /// checkpoint) then means no stamp at the end.
    func trackStoreFile(from noted: FileStat?) {
        guard path != nil else { return }
        knownFile = noted
        connection.takeOverCheckpoints { [weak self] frames in self?.afterCommit(frames: frames) }
    }

    /// After each commit: the log checkpointed where SQLite would have done it on its own, with
    /// the file noted before (anything but the state last noted is another writer's) and after.
    /// What the checkpoint copies is what SQLite committed, this session's or another
    /// connection's: the stamp vouches for SQLite's writes and the bytes verified, not for bytes
    /// another program put in the file.
    private func afterCommit(frames: Int) {
        guard let path, frames >= Connection.automaticCheckpointFrames else { return }
        if FileStat(path) != knownFile { fileChangedByOthers = true }
        connection.checkpointPassive()
        knownFile = FileStat(path)
    }

    /// At the end of a verified session that wrote (the store released): moves the write-ahead
    /// log into the file (what closing would do) and stamps the file as it then is, for the next
    /// session's first write. The stamp is taken here and not after each commit because the
    /// close's own checkpoint changes the file after the last commit.
    ///
    /// Nothing is stamped when the file changed in ways this session did not make since it was
    /// verified (``trackStoreFile()``), when another connection still reads or writes the store
    /// (the checkpoint cannot finish without waiting, and it does not wait), when the file at the
    /// path is no longer the one verified (removed as empty, replaced), or when a transaction is
    /// still open. The file is described and the stamp written under the write lock (`BEGIN
    /// IMMEDIATE`, rolled back): no other connection can commit in between. No descriptor of the
    /// store's files is opened: the header is read through SQLite's (issue 26).
    func sealVerifiedState() {
        guard let path, let basis = verifiedBasis, wroteSinceVerified else { return }
        VerifiedStamp.remove(store: path)
        StampFile.removeLeftovers(beside: path)
        // Another process with the store open keeps the log as it is, as the close would: its
        // next write changes the file anyway, and a log left for it is the record's latest.
        guard connection.isAutocommit, !fileChangedByOthers, FileStat(path) == knownFile, !Self.anotherProcessHasOpen(path) else { return }
        _ = try? connection.execute("PRAGMA busy_timeout = 0")
        guard let row = try? connection.query("PRAGMA wal_checkpoint(TRUNCATE)").first, row[0].int64 == 0,
              (try? connection.execute("BEGIN IMMEDIATE")) != nil
        else { return }
        defer { _ = try? connection.execute("ROLLBACK") }
        guard let header = fileHeader, let state = VerifiedStamp.currentState(ofStore: path, header: header),
              state.device == basis.device, state.inode == basis.inode
        else { return }
        VerifiedStamp(file: state, fullCheckAt: basis.fullCheckAt, sessionsSince: basis.sessionsSince).write(store: path)
    }

    /// Whether another process holds a lock on the store's `-shm` (every SQLite connection in WAL
    /// mode holds a read lock on its byte 128 while open), as `/proc/locks` lists it: read there,
    /// never by opening the file, since closing a descriptor drops this process's own locks on it.
    /// Unreadable: taken as yes (no stamp, the next write checks in full).
    static func anotherProcessHasOpen(_ path: String) -> Bool {
        var info = stat()
        guard stat(path + "-shm", &info) == 0 else { return false }
        guard let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return true }
        let dev = UInt64(info.st_dev)
        let major = ((dev >> 8) & 0xFFF) | ((dev >> 32) & ~UInt64(0xFFF))
        let minor = (dev & 0xFF) | ((dev >> 12) & ~UInt64(0xFF))
        let shm = String(format: "%02llx:%02llx:%llu", major, minor, UInt64(info.st_ino))
        for line in text.split(separator: "\n") {
            // "1: POSIX  ADVISORY  READ 1234 fe:00:5538715 128 128"
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 8, fields[1] == "POSIX", fields[5] == shm, let pid = Int32(fields[4]) else { continue }
            if pid != getpid() { return true }
        }
        return false
    }
}
