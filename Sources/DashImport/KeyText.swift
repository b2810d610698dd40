import DashModel

/// The texts a record key hashes, folded as `PickupPlace.matchKey` folds a pickup's name
/// (`Sources/DashModel/Delivery.swift`: surrounding blanks dropped, canonical composition,
/// lower case), so a re-exported file that changes only letter case (`DoorDash`, `doordash`;
/// `parking`, `Parking`) gives the same keys (docs/record.md, "Any order").
enum KeyText {
    /// `PickupPlace.matchKey(text)`, with a fast path for ASCII text (most cells: ids, names):
    /// for ASCII, composition changes nothing and lower case is the ASCII one, so the bytes are
    /// lowered directly. The two give the same string for every input (`KeyTextTests`).
    static func fold(_ text: String) -> String {
        var ascii = true
        var hasUpper = false
        var edgeBlank = false
        let utf8 = text.utf8
        for byte in utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte >= 0x41, byte <= 0x5A { hasUpper = true }
        }
        guard ascii else { return PickupPlace.matchKey(text) }
        if let first = utf8.first, let last = utf8.last {
            edgeBlank = isASCIIWhitespace(first) || isASCIIWhitespace(last)
        }
        if !hasUpper, !edgeBlank { return text }
        var bytes = Array(utf8)[...]
        while let first = bytes.first, isASCIIWhitespace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isASCIIWhitespace(last) { bytes = bytes.dropLast() }
        return String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The ASCII characters `Character.isWhitespace` holds (tab, line feed, vertical tab, form
    /// feed, carriage return, space); `\r\n` is one such character, and both its bytes are these.
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// The key hashed from folded `fields` at the places `folded` gives (the rest as they are),
    /// and the key of the same fields unfolded (as earlier builds computed it) when it differs.
    static func keys(_ fields: [String], folding folded: [Int]) -> (key: RecordKey, legacy: RecordKey?) {
        var folding = fields
        for index in folded where index < folding.count { folding[index] = fold(folding[index]) }
        return keys(written: fields, folded: folding)
    }

    /// The key of `folded`, and the key of `written` (the same fields before folding) when they differ.
    static func keys(written: [String], folded: [String]) -> (key: RecordKey, legacy: RecordKey?) {
        let key = SHA256.recordKey(folded)
        guard folded != written else { return (key, nil) }
        let legacy = SHA256.recordKey(written)
        return (key, legacy == key ? nil : legacy)
    }
}

extension ShiftRowReader {
    /// A repeated text (a platform, a pickup, a description, a category) folded, remembered: a
    /// file repeats a few such names many thousand times. The memory holds at most 4,096 texts.
    mutating func folded(_ text: String) -> String {
        if let known = foldedNames[text] { return known }
        let result = KeyText.fold(text)
        if foldedNames.count >= 4_096 { foldedNames.removeAll(keepingCapacity: true) }
        foldedNames[text] = result
        return result
    }
}
