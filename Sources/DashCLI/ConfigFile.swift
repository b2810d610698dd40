import DashExport
import DashReport
import Foundation

/// The config file, `$XDG_CONFIG_HOME/dashpilot/config.json` (else
/// `~/.config/dashpilot/config.json`): a JSON object of strings supplying defaults an option
/// overrides (docs/cli.md, "Config file"). A missing file is an empty config; a file that is not
/// such an object, or a key or value it does not know, is exit 65 naming the file and the key.
struct ConfigFile {
    static let keys = ["store", "tz", "week_start", "mileage_rates"]
    /// The option each key supplies the default of.
    static let option: [String: String] = ["store": "store", "tz": "tz", "week_start": "week-start", "mileage_rates": "mileage-rates"]
    /// Larger than any config a person writes: refused rather than read.
    static let maxBytes = 64 * 1024

    /// Where it lives; nil when neither `$XDG_CONFIG_HOME` (absolute) nor `$HOME` is set.
    let path: String?
    /// The values as written, before they are checked.
    var values: [String: String] = [:]

    static func path(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/dashpilot/config.json" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/dashpilot/config.json"
    }

    /// Reads the file as written (each value a string); no value is checked here.
    static func read(environment: [String: String]) throws -> ConfigFile {
        guard let path = path(environment: environment) else { return ConfigFile(path: nil) }
        guard let bytes = try contents(path) else { return ConfigFile(path: path) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return ConfigFile(path: path) }
        // JSON is UTF-8; a Latin-1 path in it is named as its bytes (ProcessBytes.swift), never read as another.
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if let bad = lines.firstIndex(where: { !ProcessBytes.isUTF8(Array($0)) }) {
            let line = ProcessBytes.display(Array(lines[bad])).trimmingCharacters(in: .whitespaces)
            throw refusal(path, "is not UTF-8: line \(bad + 1): \(line)", unsettable: false)
        }
        let notAnObject = refusal(path, "is not a JSON object of strings such as {\"tz\": \"America/Chicago\"}", unsettable: false)
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)), let dictionary = object as? [String: Any],
              let written = JSONObjectKeys.keys(bytes)
        else { throw notAnObject }
        // JSONSerialization keeps one value of a key written twice, silently: which one the
        // file means is not known, so it is refused.
        var seen = Set<String>()
        for key in written where !seen.insert(key).inserted {
            throw refusal(path, "has the key '\(ZoneRule.shown(key))' twice", unsettable: false)
        }
        var file = ConfigFile(path: path)
        for key in dictionary.keys.sorted() {
            guard keys.contains(key) else {
                throw refusal(path, "has an unknown key '\(ZoneRule.shown(key))'" + (ParsedArguments.nearest(key, among: keys).map { "; did you mean '\($0)'?" } ?? "")
                                  + " (keys: \(keys.joined(separator: ", ")))", unsettable: false)
            }
            guard let value = dictionary[key] as? String else { throw refusal(path, ": key '\(key)': the value must be a string", unsettable: false) }
            file.values[key] = value
        }
        return file
    }

    /// The file's bytes; nil when there is none. Its size is asked before anything is read
    /// (issue 26: a 3 GB file was read whole, 3.1 GB and 14.8 s for every command, before
    /// this limit was checked), and the read stops past the limit in case the file grows. A
    /// FIFO or device is refused, not opened for reading (it could block for ever).
    static func contents(_ path: String) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw CommandFailure(message: "the config file \(path) cannot be read (\(String(cString: strerror(errno))))", status: .noInput)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure(message: "the config file \(path) cannot be read: it is not a regular file", status: .noInput)
        }
        let tooLarge = refusal(path, "is larger than \(maxBytes / 1024) KiB; a config file is a few lines", unsettable: false)
        guard info.st_size <= maxBytes else { throw tooLarge }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress.map { $0 + count }, raw.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else {
                throw CommandFailure(message: "the config file \(path) cannot be read (\(String(cString: strerror(errno))))", status: .noInput)
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else { throw tooLarge }
        return Array(bytes.prefix(count))
    }

    /// Every value checked: the first one refused is exit 65 naming the file and the key.
    func checked() throws -> ConfigValues {
        var checked = ConfigValues(path: path)
        for key in Self.keys {
            guard let value = values[key] else { continue }
            do { checked.set(key, try Self.validated(key, value)) } catch let error as UsageError {
                throw Self.refusal(path ?? "", ": key '\(key)': \(error.message)" + (error.hint.map { "; \($0)" } ?? ""))
            }
        }
        return checked
    }

    /// `value` for `key` as the file keeps it, or a usage error saying why not. A zone is kept in
    /// its canonical spelling; a rate table is a shipped name, `none`, or an absolute path to a
    /// table that reads; a store path must be absolute (a cron job starts in another folder).
    static func validated(_ key: String, _ value: String) throws -> String {
        switch key {
        case "tz": return try ZoneRule.canonical(value, from: .value)
        case "week_start":
            guard ["monday", "sunday"].contains(value) else { throw UsageError(message: "week_start must be monday or sunday, not '\(ZoneRule.shown(value))'") }
            return value
        case "store":
            guard value.hasPrefix("/") else { throw UsageError(message: "store must be an absolute path (a cron job starts in another folder)") }
            return value
        case "mileage_rates":
            if value == "none" || MileageRateTable.builtInJSON[value] != nil { return value }
            guard value.hasPrefix("/") else {
                throw UsageError(message: "unknown mileage rate table '\(ZoneRule.shown(value))'",
                                 hint: "shipped: \(MileageRateTable.builtInJSON.keys.sorted().joined(separator: ", ")); or a table file's absolute path; or none")
            }
            return value
        default:
            throw UsageError(message: "unknown config key '\(ZoneRule.shown(key))'",
                             hint: (ParsedArguments.nearest(key, among: keys).map { "did you mean '\($0)'? " } ?? "") + "keys: \(keys.joined(separator: ", "))")
        }
    }

    static func refusal(_ path: String, _ what: String, unsettable: Bool = true) -> CommandFailure {
        let fix = unsettable ? "fix it, or 'dashpilot config set' or 'config unset' the key" : "fix it or remove it"
        return CommandFailure(message: "the config file \(path)" + (what.hasPrefix(":") ? "" : " ") + "\(what); \(fix)", status: .dataError)
    }

    /// The file as it is to be written: sorted keys, two-space indent, a final newline.
    var json: String {
        guard !values.isEmpty else { return "{}\n" }
        let lines = values.keys.sorted().map { "  \(Self.quoted($0)): \(Self.quoted(values[$0] ?? ""))" }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// The config file's folder, made (0700) when missing.
    static func makeFolder(of path: String) throws {
        let folder = PathParts.parent(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure(message: "\(folder): cannot create the config folder; the config is as it was", status: .failure)
        }
    }

    /// Writes the file whole or not at all (mode 0600; its folder 0700, created when missing).
    /// A writer holds ``ConfigLock`` from its read to here.
    func write() throws {
        guard let path else { throw UsageError(message: "no config file: neither $XDG_CONFIG_HOME nor $HOME is set") }
        try Self.makeFolder(of: path)
        var files = AtomicFiles()
        do {
            try files.write(Array(json.utf8), to: path)
            try files.commit()
        } catch {
            files.discard()
            throw CommandFailure(message: "\(error); the config is as it was", status: .failure)
        }
    }
}

/// The config's checked values, and the file they came from.
struct ConfigValues {
    var path: String?
    var store: String?
    var tz: String?
    var weekStart: String?
    var mileageRates: String?

    mutating func set(_ key: String, _ value: String?) {
        switch key {
        case "store": store = value
        case "tz": tz = value
        case "week_start": weekStart = value
        case "mileage_rates": mileageRates = value
        default: break
        }
    }

    func value(_ key: String) -> String? {
        switch key {
        case "store": store
        case "tz": tz
        case "week_start": weekStart
        case "mileage_rates": mileageRates
        default: nil
        }
    }

    /// The option name to the default it supplies, for `--help`.
    var optionDefaults: [String: String] {
        var defaults: [String: String] = [:]
        for key in ConfigFile.keys { if let value = value(key), let option = ConfigFile.option[key] { defaults[option] = value } }
        return defaults
    }
}
