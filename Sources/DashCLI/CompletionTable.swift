import DashImport
import DashModel
import DashReport

/// What a shell completes, read from the command table the help is made of (``Commands/all``,
/// ``Help/globalOptions``): command words, each command's options, and the values an option
/// takes where the record ships them (templates, rate tables, category maps) or its help lists
/// them (`--format`, `--period`, `--table`).
enum CompletionTable {
    /// One word the shell may offer after a command prefix.
    struct Word: Equatable {
        var word: String
        var abstract: String
    }

    /// Every prefix of a command path, `""` (no command yet) first, space-joined.
    static var prefixes: [String] {
        var seen: [String] = [""]
        for spec in Commands.all {
            for count in 1...spec.path.count {
                let prefix = spec.path.prefix(count).joined(separator: " ")
                if !seen.contains(prefix) { seen.append(prefix) }
            }
        }
        return seen
    }

    /// The words that may follow `prefix`, in the overview's order.
    static func next(after prefix: String) -> [Word] {
        let path = prefix.isEmpty ? [] : prefix.split(separator: " ").map(String.init)
        var words: [Word] = []
        for spec in Commands.all where spec.path.count > path.count && Array(spec.path.prefix(path.count)) == path {
            let word = spec.path[path.count]
            guard !words.contains(where: { $0.word == word }) else { continue }
            let abstract = spec.path.count == path.count + 1 ? spec.abstract : "The '\((path + [word]).joined(separator: " "))' commands."
            words.append(Word(word: word, abstract: abstract))
        }
        return words
    }

    /// The global options, `--help` and `--version` among them.
    static var globalOptions: [OptionHelp] {
        Help.globalOptions + [OptionHelp(name: "help", value: nil, help: "Show help."),
                              OptionHelp(name: "version", value: nil, help: "Print the version.")]
    }

    /// The values `option` of `spec` takes, or [] (a free value or a path).
    static func values(_ option: OptionHelp, of spec: CommandSpec) -> [String] {
        switch option.name {
        case "template" where spec.path == ["import", "statement"]: return StatementTemplate.builtInJSON.keys.sorted()
        case "template" where spec.path == ["import", "expenses"]: return ["expenses"]
        case "mileage-rates": return MileageRateTable.builtInJSON.keys.sorted() + ["none"]
        case "categories": return ExpenseCategoryMap.builtInJSON.keys.sorted()
        case "kind" where spec.path == ["income", "add"]: return OtherIncomeKind.allCases.map(\.rawValue)
        case "format", "period", "table": return listed(in: option.help)
        default: return []
        }
    }

    /// The words a command's positional takes, where it names them (`completion SHELL`).
    static func positionalValues(_ spec: CommandSpec) -> [String] {
        spec.path == ["completion"] ? CompletionCommand.shells : []
    }

    /// Whether `option`'s value may be a file's path (its placeholder says so, or its help).
    static func takesPath(_ option: OptionHelp) -> Bool {
        guard let placeholder = option.value else { return false }
        return ["PATH", "FILE", "DIR", "NAME|PATH"].contains(placeholder) || option.help.contains("path")
    }

    /// Whether a command's positionals are files (`FILE`), so the shell offers paths.
    static func takesFiles(_ spec: CommandSpec) -> Bool {
        spec.arguments.contains { $0.0 == "FILE" }
    }

    /// The words a help sentence lists: "text (default), csv (...) or json." -> text, csv,
    /// json; "A row per day, week, ... or tax-quarter (...)" -> day, week, ..., tax-quarter.
    /// Each piece of the first sentence's list gives its last word.
    static func listed(in help: String) -> [String] {
        var text = ""
        var depth = 0
        for character in help {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) } else if depth == 0 { text.append(character) }
        }
        let sentence = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? text
        let pieces = sentence.replacingOccurrences(of: " or ", with: ",").split(separator: ",")
        return pieces.compactMap { piece in
            guard let last = piece.split(separator: " ").last else { return nil }
            let word = String(last)
            return word.allSatisfy({ $0.isLowercase || $0 == "-" || $0 == "_" }) ? word : nil
        }
    }

    /// A single-quoted word for a shell (sh, bash, zsh, fish all read `'\''` the same way).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The first sentence of a help text, at most `limit` characters: a shell's description.
    static func short(_ help: String, limit: Int = 60) -> String {
        let first = help.split(separator: ".", maxSplits: 1).first.map(String.init) ?? help
        return first.count <= limit ? first : String(first.prefix(limit - 3)) + "..."
    }
}
