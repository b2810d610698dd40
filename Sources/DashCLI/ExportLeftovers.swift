import DashExport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Temporary files that killed exports left beside a target: `.NAME.tmp-PID` (every export;
/// XLSX too since issue 12), the folder `.NAME.tmp-PID.d` of libxlsxwriter's own temporary
/// files, and `.NAME.tmp-PID.UUID.partial` (XLSX before issue 12). A kill (or a
/// crash, a power cut) between creating one and renaming it leaves it behind; nothing else
/// ever removes it. The next export to the same target removes those of processes that are
/// gone, and nothing else:
///
/// - only names of exactly that pattern for that target's name (bytes compared, not
///   Unicode-equivalent strings), in the target's own folder;
/// - only when the PID is no longer alive (`kill(pid, 0)` fails with ESRCH; EPERM is another
///   user's live process) or is this process's own: this run has created none yet, so a file
///   with our PID is a dead process's whose PID was reused;
/// - only regular files (`lstat`: a symlink or folder of that name is left) owned by the
///   user running the export; the `.d` folder only as a folder of the user's, emptied of its
///   regular files of the user's and removed only if nothing else is in it.
///
/// The `.NAME.old-PID` links `AtomicFiles.commit` keeps of the earlier files during a
/// multi-file rename are leftovers too when a kill lands there (issue 26, item 10a: 50 of 60
/// kills left them, and nothing removed them, since only `.tmp-` names were matched). After a
/// kill between two renames they hold the earlier files of a folder that is now a mix, so they
/// are removed only once the next export of the same file has put its own file in place
/// (``removeOldLinks(besides:)``, from `commit`), by the same rules: a dead process's, a regular
/// file of the user's, exactly that name.
///
/// Not covered: a PID reused between the check and the `unlink` by a new export of the same
/// target (its rename then fails cleanly: exit 1, nothing replaced); exports running in
/// another PID namespace into a shared folder (their PIDs mean nothing here).
enum ExportLeftovers {
    /// The PID in `entry` if it is an `.old` link of a multi-file export of the file named `name`.
    static func oldLinkPID(in entry: [UInt8], target name: String) -> pid_t? {
        let prefix = Array(("." + name + ".old-").utf8)
        guard entry.count > prefix.count, entry.starts(with: prefix) else { return nil }
        let rest = entry[prefix.count...]
        guard rest.count <= 10, rest.first != UInt8(ascii: "0"), rest.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let pid = pid_t(String(decoding: rest, as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }

    /// The PID in `entry` if it is a temporary name of an export of the file named `name`.
    static func pid(in entry: [UInt8], target name: String) -> pid_t? {
        let prefix = Array(("." + name + ".tmp-").utf8)
        guard entry.count > prefix.count, entry.starts(with: prefix) else { return nil }
        let rest = entry[prefix.count...]
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard (1...10).contains(digits.count), digits.first != UInt8(ascii: "0"),
              let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0
        else { return nil }
        let tail = rest.dropFirst(digits.count)
        if tail.isEmpty || tail.elementsEqual(".d".utf8) { return pid }
        // `.UUID.partial`: a dot, 36 characters of a UUID, `.partial`.
        let suffix = Array(".partial".utf8)
        guard tail.count == 1 + 36 + suffix.count, tail.first == UInt8(ascii: "."), tail.suffix(suffix.count).elementsEqual(suffix),
              UUID(uuidString: String(decoding: tail.dropFirst().prefix(36), as: UTF8.self)) != nil
        else { return nil }
        return pid
    }

    /// Empties and removes a dead export's `.NAME.tmp-PID.d` (XLSXWorkbook's folder for
    /// libxlsxwriter's `tmp.XXXXXX` files): only its regular files of ours; a folder holding
    /// anything else is left.
    static func removeFolder(_ folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names {
            var info = stat()
            let path = folder + "/" + name
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() { unlink(path) }
        }
        return rmdir(folder) == 0
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        if pid == getpid() { return false }
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes the `.old` links of dead exports beside `target` (regular files of the user's);
    /// the names removed. Only after this process's own file is in place at `target`.
    @discardableResult
    static func removeOldLinks(besides target: String) -> [String] {
        let folder = PathParts.parent(of: target), name = PathParts.name(of: target)
        guard let directory = opendir(folder) else { return [] }
        var found: [[UInt8]] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if let pid = oldLinkPID(in: bytes, target: name), !isAlive(pid) { found.append(bytes) }
        }
        closedir(directory)
        var removed: [String] = []
        for bytes in found {
            let path = PathParts.sibling(of: target, named: String(decoding: bytes, as: UTF8.self))
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid(), info.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 else { continue }
            removed.append(path)
        }
        return removed
    }

    /// Removes the leftovers beside `target`; the names removed.
    @discardableResult
    static func remove(besides target: String) -> [String] {
        let folder = PathParts.parent(of: target), name = PathParts.name(of: target)
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [[UInt8]] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if let pid = pid(in: bytes, target: name), !isAlive(pid) { found.append(bytes) }
        }
        var removed: [String] = []
        for bytes in found {
            let path = PathParts.sibling(of: target, named: String(decoding: bytes, as: UTF8.self))
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid() else { continue }
            let isFolderName = bytes.suffix(2).elementsEqual(".d".utf8)
            if info.st_mode & S_IFMT == S_IFREG, !isFolderName {
                if unlink(path) == 0 { removed.append(path) }
            } else if info.st_mode & S_IFMT == S_IFDIR, isFolderName, removeFolder(path) {
                removed.append(path)
            }
        }
        return removed
    }
}
