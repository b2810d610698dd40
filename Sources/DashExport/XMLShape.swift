/// The shape of one XML part of a workbook, read as a stream: whether it is one complete,
/// balanced document, and the counts the verification compares (`row`, `c` and `v` elements, the
/// bytes of text inside `t` elements, as escaped).
///
/// This is not a general XML parser; it reads what libxlsxwriter writes, where `<` and `>`
/// occur only as markup: text escapes `&`, `<`, `>` (`lxw_escape_data`) and attribute values
/// escape them too (`lxw_escape_attributes`), and there are no comments or CDATA. So a tag
/// runs from `<` to the next `>`, and a part is complete when exactly one root element was
/// opened and closed, every end tag closing the element last opened.
struct XMLShape {
    private(set) var rows = 0
    private(set) var cells = 0
    /// `v` elements: a number's (or, with shared strings, a string's index) value.
    private(set) var values = 0
    private(set) var textBytes = 0
    private(set) var problem: String?

    private var stack: [[UInt8]] = []
    private var rootClosed = false
    private var rootSeen = false
    private var inTag = false
    /// The innermost open element is `t`.
    private var inText = false
    private var tag: [UInt8] = []

    /// A tag longer than this is not one libxlsxwriter writes.
    static let maxTag = 1 << 16

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard problem == nil else { return }
        for byte in bytes {
            if inTag {
                if byte == UInt8(ascii: ">") {
                    inTag = false
                    closeTag()
                    if problem != nil { return }
                } else if byte == UInt8(ascii: "<") {
                    return fail("a '<' inside a tag")
                } else {
                    guard tag.count < Self.maxTag else { return fail("a tag runs on past \(Self.maxTag) bytes") }
                    tag.append(byte)
                }
            } else if byte == UInt8(ascii: "<") {
                inTag = true
                tag.removeAll(keepingCapacity: true)
            } else if byte == UInt8(ascii: ">") {
                return fail("a stray '>' in text")
            } else if stack.isEmpty {
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return fail("text outside the root element") }
            } else if inText {
                textBytes += 1
            }
        }
    }

    /// Why the part is incomplete or malformed, once every byte was fed; nil when whole.
    mutating func finish() -> String? {
        if problem == nil, inTag || !stack.isEmpty || !rootClosed { fail("it is cut short (\(stack.count) elements left open)") }
        return problem
    }

    private mutating func fail(_ reason: String) {
        if problem == nil { problem = reason }
    }

    private mutating func closeTag() {
        guard let first = tag.first else { return fail("an empty tag") }
        if first == UInt8(ascii: "?") {
            if tag.last != UInt8(ascii: "?") || rootSeen { fail("a misplaced processing instruction") }
            return
        }
        if first == UInt8(ascii: "!") { return fail("a comment or declaration, which libxlsxwriter does not write") }
        if first == UInt8(ascii: "/") {
            let name = Array(tag.dropFirst().prefix { !Self.isSpace($0) })
            guard let open = stack.popLast(), open == name else { return fail("an end tag that closes no open element") }
            inText = stack.last == Self.t
            if stack.isEmpty { rootClosed = true }
            return
        }
        let name = Array(tag.prefix { !Self.isSpace($0) && $0 != UInt8(ascii: "/") })
        guard !name.isEmpty else { return fail("a tag without a name") }
        if stack.isEmpty {
            guard !rootSeen else { return fail("a second root element") }
            rootSeen = true
        }
        if name == Self.row { rows += 1 } else if name == Self.c { cells += 1 } else if name == Self.v { values += 1 }
        if tag.last == UInt8(ascii: "/") {
            if stack.isEmpty { rootClosed = true }
        } else {
            stack.append(name)
            inText = name == Self.t
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
    private static let row = Array("row".utf8), c = Array("c".utf8), t = Array("t".utf8), v = Array("v".utf8)
}
