/// "Did you mean": the one rule every suggestion follows (commands, options, shipped templates,
/// rate tables, category maps), so a suggestion is made only when the word is close.
///
/// Close means an edit distance (Levenshtein, an adjacent transposition counting one, compared
/// case-insensitively) of at most 2 and less than half the word's length: `shfit` -> `shift`,
/// `shiftlog` -> `shift-log`, `strat` -> `start`; a one-letter word (`-b`) is close to nothing.
enum Suggestions {
    /// The name nearest `word` when it is close, ties broken alphabetically; nil otherwise.
    static func nearest(_ word: String, among names: some Collection<String>) -> String? {
        let typed = word.lowercased()
        return names.map { ($0, editDistance(typed, $0.lowercased())) }
            .filter { isClose($0.1, length: typed.count) }
            .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    /// At most 2 edits, and fewer than half the typed word's characters.
    static func isClose(_ distance: Int, length: Int) -> Bool {
        distance <= 2 && distance * 2 < length
    }

    /// The hint for an unknown option word as typed (`--strat`, `-b`, `-to`).
    static func option(_ word: String, among names: Set<String>) -> String? {
        if word.hasPrefix("--") {
            return nearest(String(word.dropFirst(2)), among: names).map { "did you mean --\($0)?" }
        }
        // A single dash: `-to` is the long option typed with one dash; `-b` names nothing.
        let bare = String(word.dropFirst())
        if names.contains(bare) { return "did you mean --\(bare)?" }
        if bare.count == 1 { return "options are spelled out (--name); the only one-letter option is -h" }
        return nearest(bare, among: names).map { "did you mean --\($0)?" }
    }

    /// The hint for an unknown shipped name: "did you mean 'shift-log'? shipped: ...; or ...".
    static func shipped(_ name: String, among shipped: some Collection<String>, otherwise: String? = nil) -> String {
        var hint = nearest(name, among: shipped).map { "did you mean '\($0)'? " } ?? ""
        hint += "shipped: " + shipped.sorted().joined(separator: ", ")
        if let otherwise { hint += "; " + otherwise }
        return hint
    }

    /// Levenshtein distance over characters, with adjacent transpositions counting one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
