import DashModel
import DashReport
import Foundation

/// A template's mistake, where it is: `summary.txt:12: unknown field 'gros'`.
public struct TextTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}

/// The names a context offers: its fields, and its lists with the names each item offers. A name
/// may be both a field and a list (`active_shifts`: a count and the shifts); the tag decides.
public struct TextTemplateSchema: Sendable, Equatable {
    public var fields: Set<String>
    public var lists: [String: TextTemplateSchema]

    public init(fields: Set<String> = [], lists: [String: TextTemplateSchema] = [:]) {
        self.fields = fields
        self.lists = lists
    }
}

/// The values behind a schema: a cell per field, the items of each list. A field the schema
/// names and the record lacks prints as not recorded (`-`); a missing list is empty.
public struct TextTemplateRecord: Sendable {
    public var fields: [String: Cell]
    public var lists: [String: [TextTemplateRecord]]

    public init(fields: [String: Cell] = [:], lists: [String: [TextTemplateRecord]] = [:]) {
        self.fields = fields
        self.lists = lists
    }
}

/// What a template renders: the record and the schema it is checked against.
public struct TextTemplateContext: Sendable {
    public let schema: TextTemplateSchema
    public let record: TextTemplateRecord

    public init(schema: TextTemplateSchema, record: TextTemplateRecord) {
        self.schema = schema
        self.record = record
    }
}

/// A small text template language (docs/text-templates.md), parsed once, rendered many times:
/// `{{name}}`, `{{name:12}}` (right-aligned), `{{name:-12}}` (left-aligned), `{{#each list}}` …
/// `{{/each}}`, `{{#if name}}` … `{{/if}}`, `{{! comment }}`. A line holding only block tags and
/// comments produces no line. Values are made safe for a terminal; the template's text is trusted.
public struct TextTemplate: Sendable {
    public static let maxWidth = 500

    /// The name errors carry (a file name, usually).
    public let file: String
    let nodes: [Node]

    enum BlockKind: String, Sendable { case each, `if` }

    struct Field: Sendable {
        let name: String
        let width: Int?
        let leftAligned: Bool
        let line: Int
    }

    indirect enum Node: Sendable {
        case text(String)
        case field(Field)
        case block(BlockKind, name: String, line: Int, body: [Node])
    }

    /// Parses `source`; with a schema, also checks every name against it (else that happens when
    /// it is rendered).
    public init(_ source: String, file: String = "template", schema: TextTemplateSchema? = nil) throws(TextTemplateError) {
        self.file = file
        nodes = try Self.parse(Self.tokens(source, file: file), file: file)
        if let schema { try check(schema) }
    }

    /// Whether every name resolves in `schema`, fields as fields and lists as lists.
    public func check(_ schema: TextTemplateSchema) throws(TextTemplateError) {
        try check(nodes, scopes: [schema])
    }

    /// Checks the template against the context's schema, then renders it.
    public func render(_ context: TextTemplateContext) throws(TextTemplateError) -> String {
        try check(context.schema)
        var out = ""
        render(nodes, scopes: [(context.schema, context.record)], into: &out)
        guard out.utf8.count <= Self.maxOutput else {
            throw TextTemplateError(file: file, line: 1, message: "the template renders more than \(Self.maxOutput >> 20) MB (loops within loops?)")
        }
        return Self.trimmingTrailingSpaces(out)
    }

    // MARK: - Tokens

    enum Token {
        case text(String)
        case field(Field)
        case open(BlockKind, name: String, line: Int)
        case close(BlockKind, line: Int)
        case comment

        var isBlockOrComment: Bool {
            switch self {
            case .open, .close, .comment: return true
            case .text, .field: return false
            }
        }
    }

    /// The tokens, line by line; a line holding only block tags and comments (and spaces) gives
    /// its tags alone, without its spaces or its newline.
    static func tokens(_ source: String, file: String) throws(TextTemplateError) -> [Token] {
        let lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        var tokens: [Token] = []
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let isLast = index == lines.count - 1
            if isLast, line.isEmpty { break }
            let lineTokens = try lineTokens(line, number: number, file: file)
            let standalone = lineTokens.contains { $0.isBlockOrComment } && lineTokens.allSatisfy { token in
                if case let .text(text) = token { return text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
                return token.isBlockOrComment
            }
            if standalone {
                tokens += lineTokens.filter { $0.isBlockOrComment }
            } else {
                tokens += lineTokens
                if !isLast { tokens.append(.text("\n")) }
            }
        }
        return tokens
    }

    private static func lineTokens(_ line: String, number: Int, file: String) throws(TextTemplateError) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(line)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { tokens.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw TextTemplateError(file: file, line: number, message: "unterminated '{{' (a tag ends with '}}' on its own line)")
            }
            let tag = String(rest[open.lowerBound..<close.upperBound])
            tokens.append(try token(String(rest[open.upperBound..<close.lowerBound]), tag: tag, line: number, file: file))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    private static func token(_ inside: String, tag: String, line: Int, file: String) throws(TextTemplateError) -> Token {
        func fail(_ message: String) -> TextTemplateError { TextTemplateError(file: file, line: line, message: message) }
        let content = inside.trimmingCharacters(in: .whitespaces)
        if content.hasPrefix("!") { return .comment }
        if content.hasPrefix("#") {
            let words = content.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count == 2, let kind = BlockKind(rawValue: String(words[0])), isName(words[1]) else {
                throw fail("bad tag \(MessageText.quoted(tag)): a block opens with '{{#each LIST}}' or '{{#if NAME}}'")
            }
            return .open(kind, name: String(words[1]), line: line)
        }
        if content.hasPrefix("/") {
            guard let kind = BlockKind(rawValue: content.dropFirst().trimmingCharacters(in: .whitespaces)) else {
                throw fail("bad tag \(MessageText.quoted(tag)): a block closes with '{{/each}}' or '{{/if}}'")
            }
            return .close(kind, line: line)
        }
        let parts = content.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        guard isName(Substring(name)) else { throw fail("bad tag \(MessageText.quoted(tag)): a field is '{{NAME}}', '{{NAME:WIDTH}}' or '{{NAME:-WIDTH}}'") }
        guard parts.count == 2 else { return .field(Field(name: name, width: nil, leftAligned: false, line: line)) }
        let spec = parts[1].trimmingCharacters(in: .whitespaces)
        let leftAligned = spec.hasPrefix("-")
        let digits = leftAligned ? spec.dropFirst() : Substring(spec)
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let width = Int(digits),
              (1...maxWidth).contains(width) else {
            throw fail("bad width \(MessageText.quoted(spec)) in \(MessageText.quoted(tag)): columns from 1 to \(maxWidth), with '-' first to align left")
        }
        return .field(Field(name: name, width: width, leftAligned: leftAligned, line: line))
    }

    /// A letter or `_`, then letters, digits and `_` (ASCII).
    static func isName(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    // MARK: - Blocks

    /// The deepest blocks may nest, and the most text a template may render (a summary is a
    /// few kilobytes; loops nested in loops could otherwise make gigabytes).
    static let maxDepth = 16
    static let maxOutput = 16 << 20

    static func parse(_ tokens: [Token], file: String) throws(TextTemplateError) -> [Node] {
        var stack: [(kind: BlockKind, name: String, line: Int, body: [Node])] = [(.each, "", 0, [])]
        for token in tokens {
            switch token {
            case let .text(text):
                if case let .text(previous)? = stack[stack.count - 1].body.last {
                    stack[stack.count - 1].body[stack[stack.count - 1].body.count - 1] = .text(previous + text)
                } else {
                    stack[stack.count - 1].body.append(.text(text))
                }
            case let .field(field):
                stack[stack.count - 1].body.append(.field(field))
            case .comment:
                break
            case let .open(kind, name, line):
                // Blocks nest a few deep in any real template; thousands would exhaust the
                // stack when rendered, and nested loops multiply.
                guard stack.count <= maxDepth else {
                    throw TextTemplateError(file: file, line: line, message: "blocks nested more than \(maxDepth) deep")
                }
                stack.append((kind, name, line, []))
            case let .close(kind, line):
                guard stack.count > 1, let open = stack.popLast() else {
                    throw TextTemplateError(file: file, line: line, message: "'{{/\(kind.rawValue)}}' closes no block")
                }
                guard open.kind == kind else {
                    throw TextTemplateError(file: file, line: line, message:
                        "'{{/\(kind.rawValue)}}' cannot close '{{#\(open.kind.rawValue) \(open.name)}}' opened on line \(open.line)")
                }
                stack[stack.count - 1].body.append(.block(kind, name: open.name, line: open.line, body: open.body))
            }
        }
        if stack.count > 1, let open = stack.last {
            throw TextTemplateError(file: file, line: open.line, message:
                "'{{#\(open.kind.rawValue) \(open.name)}}' is never closed (with '{{/\(open.kind.rawValue)}}')")
        }
        return stack[0].body
    }

    // MARK: - Names

    private func check(_ nodes: [Node], scopes: [TextTemplateSchema]) throws(TextTemplateError) {
        func fail(_ line: Int, _ message: String) -> TextTemplateError { TextTemplateError(file: file, line: line, message: message) }
        for node in nodes {
            switch node {
            case .text:
                break
            case let .field(field):
                guard scopes.contains(where: { $0.fields.contains(field.name) }) else {
                    if scopes.contains(where: { $0.lists[field.name] != nil }) {
                        throw fail(field.line, "\(MessageText.quoted(field.name)) is a list, not a field: repeat over it with '{{#each \(MessageText.cut(field.name))}}'")
                    }
                    throw fail(field.line, "unknown field \(MessageText.quoted(field.name))")
                }
            case let .block(.each, name, line, body):
                guard let item = scopes.last(where: { $0.lists[name] != nil })?.lists[name] else {
                    if scopes.contains(where: { $0.fields.contains(name) }) { throw fail(line, "\(MessageText.quoted(name)) is a field, not a list") }
                    throw fail(line, "unknown list \(MessageText.quoted(name))")
                }
                try check(body, scopes: scopes + [item])
            case let .block(.if, name, line, body):
                guard scopes.contains(where: { $0.fields.contains(name) || $0.lists[name] != nil }) else {
                    throw fail(line, "unknown field \(MessageText.quoted(name))")
                }
                try check(body, scopes: scopes)
            }
        }
    }

    // MARK: - Rendering

    private typealias Scope = (schema: TextTemplateSchema, record: TextTemplateRecord)

    /// The innermost scope's value: an item's fields first, then the outer ones.
    private static func field(_ name: String, in scopes: [Scope]) -> Cell {
        scopes.last { $0.schema.fields.contains(name) }.flatMap { $0.record.fields[name] } ?? .empty
    }

    private static func list(_ name: String, in scopes: [Scope]) -> (TextTemplateSchema, [TextTemplateRecord])? {
        guard let scope = scopes.last(where: { $0.schema.lists[name] != nil }), let schema = scope.schema.lists[name] else { return nil }
        return (schema, scope.record.lists[name] ?? [])
    }

    /// Present: a value that is not empty text, a count that is not 0, a list with an item.
    private static func isPresent(_ name: String, in scopes: [Scope]) -> Bool {
        guard let scope = scopes.last(where: { $0.schema.fields.contains(name) || $0.schema.lists[name] != nil }) else { return false }
        if scope.schema.fields.contains(name) {
            switch scope.record.fields[name] ?? .empty {
            case .empty: return false
            case let .text(text): return !text.isEmpty
            case let .integer(value): return value != 0
            default: return true
            }
        }
        return !(scope.record.lists[name] ?? []).isEmpty
    }

    private func render(_ nodes: [Node], scopes: [Scope], into out: inout String) {
        for node in nodes {
            // Past the limit the result is refused anyway: stop adding to it.
            if out.utf8.count > Self.maxOutput { return }
            switch node {
            case let .text(text):
                out += text
            case let .field(field):
                out += Self.formatted(Self.field(field.name, in: scopes), field)
            case let .block(.each, name, _, body):
                guard let (schema, items) = Self.list(name, in: scopes) else { continue }
                for item in items { render(body, scopes: scopes + [(schema, item)], into: &out) }
            case let .block(.if, name, _, body):
                if Self.isPresent(name, in: scopes) { render(body, scopes: scopes, into: &out) }
            }
        }
    }

    /// A value as printed (`-` when not recorded), made safe, then fitted to its width: padded,
    /// or cut to it ending in `~`.
    static func formatted(_ cell: Cell, _ field: Field) -> String {
        let plain = CellText.plain(cell) ?? ""
        let text = plain.isEmpty ? "-" : safe(plain)
        guard let width = field.width else { return text }
        let count = text.count
        if count > width { return String(text.prefix(width - 1)) + "~" }
        let pad = String(repeating: " ", count: width - count)
        return field.leftAligned ? text + pad : pad + text
    }

    /// `text` with every control, bidirectional control and line or paragraph separator replaced
    /// by a space, so a recorded value cannot break the layout or colour a terminal.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isUnsafe(scalar) ? " " : scalar) }
        return String(scalars)
    }

    /// C0 controls (tab, CR and LF too), DEL, C1 controls, U+061C, U+200E, U+200F,
    /// U+202A-U+202E, U+2066-U+2069, U+2028, U+2029.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x2028 || v == 0x2029
    }

    /// Every output line without the spaces at its end (a last left-aligned column's padding).
    static func trimmingTrailingSpaces(_ text: String) -> String {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line -> String in
            var end = line.endIndex
            while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
            return String(String.UnicodeScalarView(line[line.startIndex..<end]))
        }.joined(separator: "\n")
    }
}
