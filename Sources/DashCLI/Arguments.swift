/// A command-line mistake: exit 64, with the command's usage line.
struct UsageError: Error, Equatable {
    var message: String
    var hint: String?
}

/// The words after the command, split into options, flags and positionals.
///
/// Accepts `--name value`, `--name=value`, flags, `-h`, and `--` after which every word is
/// positional. A word that looks like a negative number (`-5`, `-3.50`) is positional, so a
/// negative amount reaches the record's rules and is refused with their reason.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init(_ words: [String], valued: Set<String>, flags allowedFlags: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" || Self.looksNumeric(word) {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word == "-h" {
                flags.insert("help")
                continue
            }
            guard word.hasPrefix("--") else {
                throw UsageError(message: "unknown option \(word)", hint: Self.suggestion(for: word, among: valued.union(allowedFlags)))
            }
            let body = word.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            if valued.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard index < words.count else { throw UsageError(message: "option --\(name) needs a value") }
                    values[name, default: []].append(words[index])
                    index += 1
                }
            } else if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "option --\(name) takes no value") }
                flags.insert(name)
            } else {
                throw UsageError(message: "unknown option --\(name)", hint: Self.suggestion(for: name, among: valued.union(allowedFlags)))
            }
        }
    }

    /// The option's value; a second one is a usage error (only repeatable options may repeat).
    func value(_ name: String) throws(UsageError) -> String? {
        guard let all = values[name] else { return nil }
        guard all.count == 1 else { throw UsageError(message: "option --\(name) given more than once") }
        return all[0]
    }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    func required(_ name: String) throws(UsageError) -> String {
        guard let value = try value(name) else { throw UsageError(message: "missing required option --\(name)") }
        return value
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Exactly `names.count` positionals, named for the error message.
    func positionals(_ names: [String]) throws(UsageError) -> [String] {
        if positionals.count < names.count {
            throw UsageError(message: "missing \(names[positionals.count])")
        }
        if positionals.count > names.count {
            throw UsageError(message: "unexpected argument '\(positionals[names.count])'")
        }
        return positionals
    }

    private static func looksNumeric(_ word: String) -> Bool {
        let rest = word.dropFirst()
        return !rest.isEmpty && rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// "did you mean --dry-run?" when a known name is close (``Suggestions``).
    static func suggestion(for word: String, among names: Set<String>) -> String? {
        Suggestions.option(word.hasPrefix("-") ? word : "--" + word, among: names)
    }

    /// The close name nearest `word` (``Suggestions/nearest(_:among:)``).
    static func nearest(_ word: String, among names: some Collection<String>) -> String? {
        Suggestions.nearest(word, among: names)
    }

    static func editDistance(_ a: String, _ b: String) -> Int { Suggestions.editDistance(a, b) }
}
