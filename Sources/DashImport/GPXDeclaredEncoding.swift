/// The encoding a GPX file's XML declaration names, judged before libxml2 switches to it
/// (issue 12, review): libxml2 honours `encoding="IBM037"` or `"UTF-7"`, in which `<`, `=` and
/// `"` are other bytes, so ``GPXTagLimits`` could not see a tag. Only encodings whose markup is
/// the code units the scan reads are accepted: ASCII supersets (UTF-8, US-ASCII, ISO-8859-n,
/// Windows-125x) in a one-byte file, UTF-16 or UCS-4 in a wider one. No GPX writer uses another.
struct GPXDeclaredEncoding {
    private var held: [UInt8] = []
    private(set) var judged = false

    /// How much of the file's start is held to find the declaration's end.
    static let limit = 4096

    /// Takes the next bytes; a problem when the declaration names an encoding the scan cannot read.
    mutating func take(_ bytes: UnsafeRawBufferPointer) -> GPXProblem? {
        guard !judged else { return nil }
        held.append(contentsOf: bytes.prefix(Self.limit - held.count))
        guard held.count >= 4 else { return nil }
        let (width, bigEndian) = Self.width(held)
        var text: [UInt8] = []
        var index = 0
        while index + width <= held.count {
            var unit: UInt32 = 0
            for k in 0..<width { unit |= UInt32(held[index + k]) << UInt32(8 * (bigEndian ? width - 1 - k : k)) }
            index += width
            if text.isEmpty, unit == 0xFEFF { continue }
            text.append(unit < 0x80 ? UInt8(unit) : 0xFF)
        }
        let start = Array("<?xml".utf8)
        if text.count >= start.count, !text.starts(with: start) { judged = true; return nil }
        guard let end = Self.find(Array("?>".utf8), in: text) else {
            if held.count < Self.limit, text.count < start.count || text.starts(with: start) { return nil }
            judged = true  // no end in the first 4 KiB: libxml2 refuses the declaration itself
            return nil
        }
        judged = true
        guard let name = Self.encodingName(Array(text[..<end])) else { return nil }
        if Self.readable(name, width: width) { return nil }
        return GPXProblem(line: 1, message: "the XML declaration names an encoding other than UTF-8, UTF-16, ISO-8859 or Windows-125x; "
                          + "GPX files are UTF-8 or UTF-16")
    }

    static func width(_ head: [UInt8]) -> (Int, Bool) {
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0x00, 0x3C), (0x00, 0x00, 0xFE, 0xFF): (4, true)
        case (0x3C, 0x00, 0x00, 0x00), (0xFF, 0xFE, 0x00, 0x00): (4, false)
        case (0xFE, 0xFF, _, _), (0x00, 0x3C, 0x00, 0x3F): (2, true)
        case (0xFF, 0xFE, _, _), (0x3C, 0x00, 0x3F, 0x00): (2, false)
        default: (1, false)
        }
    }

    /// The value of `encoding="..."` in the declaration, upper-cased; nil when it names none.
    static func encodingName(_ declaration: [UInt8]) -> String? {
        guard let at = find(Array("encoding".utf8), in: declaration) else { return nil }
        var i = at + 8
        func skipSpace() { while i < declaration.count, [0x20, 0x09, 0x0A, 0x0D].contains(declaration[i]) { i += 1 } }
        skipSpace()
        guard i < declaration.count, declaration[i] == UInt8(ascii: "=") else { return "" }
        i += 1
        skipSpace()
        guard i < declaration.count, declaration[i] == 0x22 || declaration[i] == 0x27 else { return "" }
        let quote = declaration[i]
        i += 1
        var name: [UInt8] = []
        while i < declaration.count, declaration[i] != quote, name.count < 64 { name.append(declaration[i]); i += 1 }
        return String(decoding: name, as: UTF8.self).uppercased()
    }

    static func readable(_ name: String, width: Int) -> Bool {
        if width > 1 { return name.hasPrefix("UTF-16") || name.hasPrefix("UTF16") || name.hasPrefix("UCS-") || name.hasPrefix("ISO-10646") }
        if ["UTF-8", "UTF8", "US-ASCII", "ASCII", "ISO-LATIN-1", "LATIN1", "LATIN-1"].contains(name) { return true }
        for prefix in ["ISO-8859-", "ISO8859-", "WINDOWS-125", "CP125"] where name.hasPrefix(prefix) {
            return name.dropFirst(prefix.count).allSatisfy(\.isNumber) && name.count > prefix.count
        }
        return false
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }
}
