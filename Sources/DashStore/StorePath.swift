import CStatFS
import Foundation
import SQLiteKit

#if canImport(Glibc)
import Glibc
#endif

/// What a store path must be before anything is made for it (``Store/prepareFile(at:create:)``
/// asks; so does the command line, to refuse it as a usage error): a path SQLite opens, a name
/// with room for the files kept beside it, and not on a kernel filesystem.
extension Store {
    /// The longest name a new store may have: a name is at most NAME_MAX (255) bytes, and the
    /// files kept beside the store add at most 32 to it: a migration's backup while it is
    /// written, `NAME.v12.bak.partial-4194304-journal` (StoreBackup.swift), `NAME-verified.new`
    /// (VerifiedStamp.swift), SQLite's `NAME-journal` while the store is created.
    public static let maxNewNameBytes = Int(NAME_MAX) - 32

    /// Refuses, before any folder or file is made for it, a path SQLite would not open (its full
    /// path longer than `DatabasePath.longest`, 504 bytes: SQLite would fail only after the
    /// folders and an empty store were made), and a new store whose name leaves no room for its
    /// sidecars.
    public static func checkPath(_ path: String) throws(StoreError) {
        if case .tooLong(let full) = DatabasePath.verdict(path) {
            throw StoreError.pathTooLong(path: path, detail: "the store's full path\(full == path ? "" : " (with the working folder, links followed)") "
                                             + "is \(full.utf8.count) bytes; SQLite opens a database path of at most \(DatabasePath.longest)")
        }
        var info = stat()
        guard lstat(path, &info) != 0, errno == ENOENT else { return }
        let name = path.utf8.split(separator: UInt8(ascii: "/")).last?.count ?? 0
        if name > maxNewNameBytes {
            throw StoreError.pathTooLong(path: path, detail: "a new store's file name is \(name) bytes; dashpilot takes at most \(maxNewNameBytes), "
                                             + "so the files it and SQLite keep beside the store (NAME-journal, NAME.v12.bak) fit the system's \(NAME_MAX)")
        }
    }

    /// Kernel filesystems (statfs's f_type, linux/magic.h): views of the kernel, never storage.
    static let kernelFilesystems: [Int: String] = [
        0x9FA0: "/proc (procfs)", 0x6265_6572: "/sys (sysfs)", 0x6462_6720: "debugfs", 0x7472_6163: "tracefs",
        0x7363_6673: "securityfs", 0x0027_E0EB: "cgroupfs", 0x6367_7270: "cgroup2fs", 0x6265_6570: "configfs",
        0xCAFE_4A11: "bpffs", 0x6165_676C: "pstore", 0xDE5E_81E4: "efivarfs", 0x1CD1: "devpts", 0x4249_4E4D: "binfmt_misc",
        0xF97C_FF8C: "selinuxfs", 0x6573_5543: "fusectl",
    ]

    /// The kernel filesystem `path` is on (the nearest existing folder's, for a new path), or nil.
    static func kernelFilesystem(at path: String) -> String? {
        var probe = path
        while true {
            let type = cstatfs_type(probe)
            if type != -1 { return kernelFilesystems[type] }
            guard errno == ENOENT || errno == ENOTDIR else { return nil }
            let parent = (probe as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != probe else { return nil }
            probe = parent
        }
    }
}
