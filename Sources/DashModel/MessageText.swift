/// Text from a template, a table or a config file, as an error message quotes it: bounded, so a
/// file of 80,000 header names or a 450 KB pattern makes a line of a few hundred characters,
/// not megabytes (issue 26). A message quotes at most ``shownItems`` items of a list, then says
/// how many more, and each item at most ``shownCharacters`` characters. Only for text the user
/// wrote as a name or a key: a cell of a data file is described by its shape, never quoted
/// (Sources/DashImport/CellShape.swift).
public enum MessageText {
    public static let shownItems = 5
    public static let shownCharacters = 60

    /// `'text'`, cut to ``shownCharacters`` characters with `...` and control characters shown as `?`.
    public static func quoted(_ text: String) -> String { "'" + cut(text) + "'" }

    /// The text alone, cut as ``quoted(_:)`` cuts it.
    public static func cut(_ text: String) -> String {
        var shown = ""
        var count = 0
        for character in text {
            guard count < shownCharacters else { return shown + "..." }
            let control = character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
            shown.append(control ? "?" : character)
            count += 1
        }
        return shown
    }

    /// The first ``shownItems`` items joined by `separator`, then `and N more` when there are more:
    /// `'a' or 'b' or 'c' or 'd' or 'e' and 79995 more`. Each item is quoted (and cut) when `quote`.
    public static func list(_ items: [String], separator: String = ", ", quote: Bool = true) -> String {
        let shown = items.prefix(shownItems).map { quote ? quoted($0) : cut($0) }.joined(separator: separator)
        return items.count > shownItems ? shown + " and \(items.count - shownItems) more" : shown
    }
}
