/// What a message says about a statement or expense cell it could not read: its length and the
/// kinds of character in it, never its text.
///
/// The rule (docs/templates.md, "Messages never show a cell"): messages go to stderr, so into
/// cron mail and logs, and a misaligned file puts a customer's name in an amount column or an
/// address in a time column. So a cell that fails to read is described by its column, its line
/// and its shape (`16 characters: letters and a space`, `5 characters: digits and ','`), never
/// quoted, however harmless it looks. What a shape shows: the number of characters; whether there
/// are letters, digits (0-9, and other digits apart), spaces; each punctuation or currency
/// character by itself (`'-'`, `'$'`: a separator or a sign is what usually went wrong, and no one
/// is identified by one); invisible characters by code point (`U+00A0`); bytes that are not
/// UTF-8; other symbols counted. A cell that *was* read is named by what dashpilot read it as (a
/// time as 02:30, a date as 2026-03-08, an amount as 12.50), never by its text. The header row
/// is not quoted either (a file with no header row has a row of data there): a header is named
/// by the template's name it matched, or by its position (issue 26). The GPX reader applies the
/// same idea to coordinates (Sources/DashImport/GPXReader.swift).
public struct CellShape: Sendable, Hashable, CustomStringConvertible {
    /// Characters (extended grapheme clusters, as a person counts them).
    public let characters: Int
    let letters: Int
    let digits: Int
    private let otherDigits: Int
    private let spaces: Int
    /// Punctuation and currency characters, each once, in order of first appearance (at most
    /// ``maxShown``), and whether there were more kinds.
    private let marks: [Unicode.Scalar]
    private let moreMarks: Bool
    /// Invisible characters (controls, format characters, odd spaces), each once, at most ``maxShown``.
    private let invisible: [Unicode.Scalar]
    private let notUTF8: Bool
    private let otherSymbols: Int

    static let maxShown = 6

    public init(_ text: String) {
        characters = text.count
        var letters = 0, digits = 0, otherDigits = 0, spaces = 0, otherSymbols = 0
        var marks: [Unicode.Scalar] = [], invisible: [Unicode.Scalar] = []
        var moreMarks = false, notUTF8 = false
        for scalar in text.unicodeScalars {
            switch CellShape.kind(of: scalar) {
            case .letter: letters += 1
            case .digit: digits += 1
            case .otherDigit: otherDigits += 1
            case .space: spaces += 1
            case .mark:
                if marks.contains(scalar) { break }
                if marks.count < CellShape.maxShown { marks.append(scalar) } else { moreMarks = true }
            case .invisible:
                if !invisible.contains(scalar), invisible.count < CellShape.maxShown { invisible.append(scalar) }
            case .notUTF8: notUTF8 = true
            case .combining: break
            case .symbol: otherSymbols += 1
            }
        }
        (self.letters, self.digits, self.otherDigits, self.spaces, self.otherSymbols) = (letters, digits, otherDigits, spaces, otherSymbols)
        (self.marks, self.moreMarks, self.invisible, self.notUTF8) = (marks, moreMarks, invisible, notUTF8)
    }

    /// The shape of a cell's bytes (a byte that is not UTF-8 is counted as such, never shown).
    public init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self.init(String(decoding: bytes, as: UTF8.self))
    }

    /// `16 characters: letters and a space`; `blank` for an empty cell.
    public var description: String {
        guard characters > 0 else { return "blank" }
        let count = characters == 1 ? "1 character" : "\(characters) characters"
        let kinds = self.kinds
        return kinds.isEmpty ? count : count + ": " + kinds
    }

    /// The kinds of character alone: `letters and a space`.
    public var kinds: String {
        var parts: [String] = []
        if letters > 0 { parts.append(letters == 1 ? "a letter" : "letters") }
        if digits > 0 { parts.append(digits == 1 ? "a digit" : "digits") }
        if otherDigits > 0 { parts.append(otherDigits == 1 ? "a digit other than 0-9" : "digits other than 0-9") }
        if spaces > 0 { parts.append(spaces == 1 ? "a space" : "spaces") }
        parts += marks.map { "'\($0)'" }
        if moreMarks { parts.append("other punctuation") }
        parts += invisible.map { CellShape.codePoint($0) }
        if notUTF8 { parts.append("bytes that are not UTF-8") }
        if otherSymbols > 0 { parts.append(otherSymbols == 1 ? "another symbol" : "other symbols") }
        return CellShape.list(parts)
    }

    /// One character for a message, by kind: `a letter`, `a digit`, `a space`, itself when it
    /// is punctuation or a currency sign (`'$'`), its code point when invisible (`U+00A0`).
    public static func named(_ scalar: Unicode.Scalar) -> String {
        switch kind(of: scalar) {
        case .letter: "a letter"
        case .digit: "a digit"
        case .otherDigit: "a digit other than 0-9"
        case .space: "a space"
        case .mark: "'\(scalar)'"
        case .invisible: codePoint(scalar)
        case .notUTF8: "a byte that is not UTF-8"
        case .combining: "a combining mark"
        case .symbol: "a symbol"
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ parts: [String]) -> String {
        guard parts.count > 1, let last = parts.last else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + last
    }

    private enum Kind { case letter, digit, otherDigit, space, mark, invisible, notUTF8, combining, symbol }

    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        if scalar == " " { return .space }
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            if byte >= 0x30, byte <= 0x39 { return .digit }
            if (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A { return .letter }
            if byte < 0x20 || byte == 0x7F { return .invisible }
            return .mark
        }
        if scalar == "\u{FFFD}" { return .notUTF8 }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        case .decimalNumber, .letterNumber, .otherNumber: return .otherDigit
        case .nonspacingMark, .spacingMark, .enclosingMark: return .combining
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
             .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol:
            return .mark
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return .invisible
        case .otherSymbol: return .symbol
        @unknown default: return .symbol
        }
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
