import DashModel

/// The character a statement uses between the whole part and the fraction. A template declares it;
/// it is never guessed from the cell, because `1,234` means 1234 under one and 1.234 under the other.
public enum DecimalMark: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `1,234.56`: `.` is the decimal mark and `,` groups thousands.
    case point
    /// `1.234,56` or `1 234,56`: `,` is the decimal mark and `.`, a space, a no-break space (U+00A0)
    /// or a narrow no-break space (U+202F) groups thousands.
    case comma

    /// The mark's byte.
    var byte: UInt8 { self == .point ? UInt8(ascii: ".") : UInt8(ascii: ",") }

    /// The other mark, to tell a driver that a refused cell reads well under it.
    var other: DecimalMark { self == .point ? .comma : .point }

    public var description: String { self == .point ? "decimal point" : "decimal comma" }
}

/// Amounts as statements write them, read exactly into `Money`: the strict, anchored grammar
/// docs/facts.md ("CSV and amounts") asks for. `Decimal(string:)` reads a prefix and ignores the rest
/// ("1,234.56" is 1, "7.25abc" is 7.25); this never does: a cell is an amount as a whole or an error.
///
/// The grammar, after blanks around the cell are dropped (blank = space, tab, U+00A0, U+202F):
///
///     cell     = ""                                  -> nil (not reported; never 0.00)
///              | [sign] number [suffix]
///              | sign prefix number                  (-$3.50)
///              | prefix [sign] number                ($-3.50, USD -3.50)
///              | "(" blank* (prefix number | number [suffix]) blank* ")"    -> negative
///     sign     = "-" | "+"                           (at most one, never inside parentheses)
///     prefix   = symbol blank* | code blank+         ($12, $ 12, USD 12)
///     suffix   = blank* symbol | blank+ code         (12€, 12 €, 12 USD)
///     symbol   = "$" | "€" | "£"         code = "USD" | "EUR" | "GBP" (upper case)
///     number   = whole [mark digit{0,4}] | mark digit{1,4}
///     whole    = digit+ | nonzero digit{0,2} (group digit{3})+     (one group character throughout)
///     group    = "," under .point; "." or " " or U+00A0 or U+202F under .comma
///
/// So `1,234.56` and `12` and `007` are whole numbers, while `12,34`, `1,23.45`, `1,2345` and
/// `0,123` (a first group of 0 is a decimal comma in disguise) are refused, never read as 1234
/// or 123. A fifth decimal is refused, never rounded. `parse` takes the currency sign or code
/// as decoration; `read` also returns it (``AmountCurrency``), for a reader that checks it against
/// the row's currency. `-0.00` and `(0.00)` are 0.00.
/// A magnitude above `Money.largestRecordable` (10,000,000) is refused: no amount a driver
/// records comes near it, and with every amount inside it no sum of a record overflows.
/// A refusal describes the cell by its shape, never its text (``CellShape``).
///
/// A byte-level scan: no regex, no Foundation, no allocation on the accepting path.
public enum AmountText {
    /// The amount in `text`, nil for a blank cell, or an error describing the cell's shape.
    public static func parse(_ text: String, decimalMark: DecimalMark) throws(AmountError) -> Money? {
        var text = text
        let result: Result<Money?, AmountError> = text.withUTF8 { bytes in
            Result { () throws(AmountError) -> Money? in try parse(utf8: bytes, decimalMark: decimalMark) }
        }
        return try result.get()
    }

    /// The same over a cell's UTF-8 bytes, for a reader that has not made a `String` of them.
    /// A byte that is not UTF-8 is simply not part of any amount.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, decimalMark: DecimalMark) throws(AmountError) -> Money? {
        try read(utf8: bytes, decimalMark: decimalMark).amount
    }

    /// The amount and the currency sign or code written with it (nil when none is).
    public static func read(utf8 bytes: UnsafeBufferPointer<UInt8>, decimalMark: DecimalMark)
        throws(AmountError) -> (amount: Money?, currency: AmountCurrency?) {
        var scanner = Scanner(bytes: bytes, mark: decimalMark)
        do {
            let amount = try scanner.cell()
            return (amount, scanner.currency)
        } catch {
            switch error {
            case .tooManyDecimals, .tooLarge, .wrongDecimalMark:
                throw error
            case .unexpected, .noDigits, .unclosedParenthesis, .misplacedGroupSeparator:
                // The error path only: say so when the cell is well formed under the other mark
                // (`12,50` under a decimal point), the classic template mistake.
                var other = Scanner(bytes: bytes, mark: decimalMark.other)
                if (try? other.cell()) != nil {
                    throw .wrongDecimalMark(error.shape, expected: decimalMark)
                }
                throw error
            }
        }
    }
}

/// Why a cell is not an amount. Each case carries the cell's shape, never its text (a misaligned
/// file puts names and addresses in amount columns; see ``CellShape``); `description` is the
/// message the importer shows after `FILE:LINE: COLUMN: `.
public enum AmountError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A character with no place there: `7.25abc`, `1e3`, `--5`, `5)`, `1.2.3`.
    case unexpected(CellShape, Unicode.Scalar)
    /// Signs, currency or parentheses but no digit: `$`, `-`, `.`.
    case noDigits(CellShape)
    /// `(5`: a parenthesis opened for a negative amount and never closed.
    case unclosedParenthesis(CellShape)
    /// A grouping character not between groups of three digits: `1,23.45`, `1,2345`, `1,`, `0,123`.
    case misplacedGroupSeparator(CellShape, Unicode.Scalar)
    /// Refused under the template's mark but well formed under the other: `12,50` with a decimal point.
    case wrongDecimalMark(CellShape, expected: DecimalMark)
    /// A fifth decimal (`1.23456`): refused, since rounding it would change the amount.
    case tooManyDecimals(CellShape)
    /// A magnitude above ``DashModel/Money/largestRecordable`` (10,000,000), the most one
    /// recorded amount may be: a misread column or a typo, never a delivery's pay.
    case tooLarge(CellShape)

    /// The cell's shape: its length and kinds of character.
    public var shape: CellShape {
        switch self {
        case .unexpected(let shape, _), .noDigits(let shape), .unclosedParenthesis(let shape),
             .misplacedGroupSeparator(let shape, _), .wrongDecimalMark(let shape, _), .tooManyDecimals(let shape),
             .tooLarge(let shape):
            shape
        }
    }

    /// `10,000,000`: the limit as messages write it.
    static var limitText: String {
        var digits = String(Money.largestRecordable.units / Money.scale)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }

    public var description: String {
        let head = "not an amount (\(shape)): "
        switch self {
        case .unexpected(let shape, let scalar):
            // A cell with letters and no digit at all is text in the wrong column, most often.
            if shape.letters > 0, shape.digits == 0 { return head + "text, not a number" }
            return head + "unexpected \(CellShape.named(scalar))"
        case .noDigits:
            return head + "it has no digits"
        case .unclosedParenthesis:
            return head + "'(' is never closed"
        case .misplacedGroupSeparator(_, let scalar):
            let shown = CellShape.named(scalar)
            let example = scalar == "," ? "1,234,567.89" : "1\(scalar)234\(scalar)567,89"
            return head + "digits with a misplaced \(shown) (digit groups split by \(shown) are of three digits, as in \(example))"
        case .wrongDecimalMark(_, let expected):
            return head + "the template says \(expected), and this is written with a \(expected.other)"
        case .tooManyDecimals:
            return head + "more than \(Money.places) decimal places (amounts are never rounded)"
        case .tooLarge:
            return "an amount (\(shape)) over the limit of \(Self.limitText): one recorded amount is at most that"
        }
    }
}

// MARK: - The scan

/// One pass over a cell's bytes. Each method consumes what it recognises and leaves `index` on
/// the first byte it does not.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let mark: DecimalMark
    var index = 0
    var end: Int
    /// Set when the digits pass `Money`'s range; reported (as over the limit) once the grammar
    /// has been checked, so a long malformed cell is called malformed.
    var tooLarge = false
    /// The currency sign or code the cell was written with.
    var currency: AmountCurrency?

    init(bytes: UnsafeBufferPointer<UInt8>, mark: DecimalMark) {
        self.bytes = bytes
        self.mark = mark
        self.end = bytes.count
    }

    mutating func cell() throws(AmountError) -> Money? {
        while blankLength(at: index) > 0 { index += blankLength(at: index) }
        while end > index, let trailing = trailingBlankLength() { end -= trailing }
        if index == end { return nil }

        var negative = false
        let parenthesized = bytes[index] == UInt8(ascii: "(")
        var signed = false
        if parenthesized {
            index += 1
            skipBlanks()
        } else if let sign = sign() {
            negative = sign
            signed = true
        }
        let prefixed = prefixCurrency()
        if prefixed, !parenthesized, !signed, let sign = sign() { negative = sign }
        let magnitude = try number()
        if !prefixed { suffixCurrency() }
        if parenthesized {
            skipBlanks()
            guard index < end else { throw .unclosedParenthesis(text) }
            guard bytes[index] == UInt8(ascii: ")") else { throw .unexpected(text, scalar(at: index)) }
            index += 1
            negative = true
        }
        if index < end {
            // Blanks are allowed before a suffix currency, so name what follows them.
            skipBlanks()
            throw .unexpected(text, scalar(at: index))
        }
        if tooLarge || magnitude > Money.largestRecordable.units { throw .tooLarge(text) }
        return Money(units: negative ? -magnitude : magnitude)
    }

    /// The magnitude in ten-thousandths of `number` in the grammar.
    mutating func number() throws(AmountError) -> Int64 {
        var whole: Int64 = 0
        var wholeDigits = 0
        let first = index
        while index < end, isDigit(bytes[index]) {
            accumulate(&whole)
            wholeDigits += 1
        }
        if wholeDigits > 0, let separator = groupSeparatorLength(at: index) {
            // Grouped: a first group of one to three digits, not starting with 0, then groups of
            // exactly three, each after the same separator.
            let kind = bytes[index]
            guard wholeDigits <= 3, bytes[first] != UInt8(ascii: "0") else {
                throw .misplacedGroupSeparator(text, scalar(at: index))
            }
            while index < end, bytes[index] == kind, groupSeparatorLength(at: index) == separator {
                let at = index
                index += separator
                for _ in 0..<3 {
                    guard index < end, isDigit(bytes[index]) else { throw .misplacedGroupSeparator(text, scalar(at: at)) }
                    accumulate(&whole)
                }
                if index < end, isDigit(bytes[index]) { throw .misplacedGroupSeparator(text, scalar(at: at)) }
            }
        }
        var fraction: Int64 = 0
        var fractionDigits = 0
        if index < end, bytes[index] == mark.byte {
            index += 1
            while index < end, isDigit(bytes[index]) {
                fractionDigits += 1
                guard fractionDigits <= Money.places else { throw .tooManyDecimals(text) }
                fraction = fraction * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
        }
        guard wholeDigits + fractionDigits > 0 else {
            if index == end { throw .noDigits(text) }
            throw .unexpected(text, scalar(at: index))
        }
        for _ in fractionDigits..<Money.places { fraction *= 10 }
        let (scaled, o1) = whole.multipliedReportingOverflow(by: Money.scale)
        let (magnitude, o2) = scaled.addingReportingOverflow(fraction)
        if o1 || o2 { tooLarge = true }
        return tooLarge ? 0 : magnitude
    }

    /// Adds the digit at `index` to `whole` and moves past it; past `Money`'s range it only notes so.
    mutating func accumulate(_ whole: inout Int64) {
        let digit = Int64(bytes[index] - UInt8(ascii: "0"))
        index += 1
        guard !tooLarge else { return }
        let (times, o1) = whole.multipliedReportingOverflow(by: 10)
        let (plus, o2) = times.addingReportingOverflow(digit)
        if o1 || o2 || plus > Int64.max / Money.scale { tooLarge = true } else { whole = plus }
    }

    /// Consumes a sign: true for `-`, false for `+`, nil (nothing consumed) for anything else.
    mutating func sign() -> Bool? {
        guard index < end else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "-"): index += 1; return true
        case UInt8(ascii: "+"): index += 1; return false
        default: return nil
        }
    }

    /// `symbol blank*` or `code blank+`; consumes nothing when neither is there.
    mutating func prefixCurrency() -> Bool {
        if let length = symbolLength(at: index) {
            currency = AmountCurrency(symbolByte: bytes[index])
            index += length
            skipBlanks()
            return true
        }
        if isCode(at: index), blankLength(at: index + 3) > 0 {
            currency = AmountCurrency(codeBytes: bytes, at: index)
            index += 3
            skipBlanks()
            return true
        }
        return false
    }

    /// `blank* symbol` or `blank+ code`; consumes nothing when neither is there.
    mutating func suffixCurrency() {
        let start = index
        skipBlanks()
        if let length = symbolLength(at: index) {
            currency = AmountCurrency(symbolByte: bytes[index])
            index += length
        } else if index > start, isCode(at: index) {
            currency = AmountCurrency(codeBytes: bytes, at: index)
            index += 3
        } else {
            index = start
        }
    }

    mutating func skipBlanks() {
        while true {
            let length = blankLength(at: index)
            if length == 0 { return }
            index += length
        }
    }

    // MARK: Byte classes

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A blank at `i` (see ``blankLength(in:at:end:)``): its length in bytes, or 0.
    func blankLength(at i: Int) -> Int { DashImport.blankLength(in: bytes, at: i, end: end) }

    /// The length of a blank that ends at `end`, or nil.
    func trailingBlankLength() -> Int? {
        let last = bytes[end - 1]
        if last == 0x20 || last == 0x09 { return 1 }
        if last == 0xA0, end - 2 >= index, bytes[end - 2] == 0xC2 { return 2 }
        if last == 0xAF, end - 3 >= index, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80 { return 3 }
        return nil
    }

    /// A thousands separator under this mark at `i`, followed by a digit when it is a blank (a
    /// blank followed by anything else ends the number: `12 €`). Its length, or nil.
    func groupSeparatorLength(at i: Int) -> Int? {
        guard i < end else { return nil }
        switch mark {
        case .point:
            return bytes[i] == UInt8(ascii: ",") ? 1 : nil
        case .comma:
            if bytes[i] == UInt8(ascii: ".") { return 1 }
            let length = blankLength(at: i)
            guard length > 0, bytes[i] != 0x09, i + length < end, isDigit(bytes[i + length]) else { return nil }
            return length
        }
    }

    /// `$` (24), `£` (C2 A3) or `€` (E2 82 AC) at `i`: its length, or nil.
    func symbolLength(at i: Int) -> Int? {
        guard i < end else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "$"): return 1
        case 0xC2 where i + 1 < end && bytes[i + 1] == 0xA3: return 2
        case 0xE2 where i + 2 < end && bytes[i + 1] == 0x82 && bytes[i + 2] == 0xAC: return 3
        default: return nil
        }
    }

    /// `USD`, `EUR` or `GBP` at `i`.
    func isCode(at i: Int) -> Bool {
        guard i + 3 <= end else { return false }
        let (a, b, c) = (bytes[i], bytes[i + 1], bytes[i + 2])
        return (a, b, c) == (0x55, 0x53, 0x44) || (a, b, c) == (0x45, 0x55, 0x52) || (a, b, c) == (0x47, 0x42, 0x50)
    }

    // MARK: Error path only

    /// The whole cell's shape, for an error (never its text).
    var text: CellShape { CellShape(utf8: bytes) }

    /// The character starting at byte `i`, for a message.
    func scalar(at i: Int) -> Unicode.Scalar {
        guard i < bytes.count else { return "\u{FFFD}" }
        var iterator = bytes[i...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }
}

/// Space, tab, U+00A0 (C2 A0) or U+202F (E2 80 AF, which macOS puts before AM) at `i` of a
/// statement cell: its length in bytes, or 0. The blanks amount and date cells both allow.
func blankLength(in bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Int {
    guard i < end else { return 0 }
    switch bytes[i] {
    case 0x20, 0x09: return 1
    case 0xC2 where i + 1 < end && bytes[i + 1] == 0xA0: return 2
    case 0xE2 where i + 2 < end && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xAF: return 3
    default: return 0
    }
}
