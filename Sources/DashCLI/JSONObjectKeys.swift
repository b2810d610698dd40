import Foundation

/// The keys of a JSON object's top level, in the order written, each decoded (`"t\u007a"` is
/// `tz`): for the config file, whose duplicate keys Foundation's JSONSerialization accepts
/// silently, keeping one of the values (issue 26, item 9b). Nested objects and arrays are
/// skipped whole. Run on text JSONSerialization has already read as an object; nil when the
/// bytes are not that shape in UTF-8 (an optional byte-order mark first).
enum JSONObjectKeys {
    static func keys(_ bytes: [UInt8]) -> [String]? {
        var scan = Scan(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scan.index = 3 }
        scan.skipBlanks()
        guard scan.take(UInt8(ascii: "{")) else { return nil }
        var keys: [String] = []
        scan.skipBlanks()
        if scan.take(UInt8(ascii: "}")) { return keys }
        while true {
            scan.skipBlanks()
            guard let raw = scan.string(),
                  let key = (try? JSONSerialization.jsonObject(with: Data(raw), options: .fragmentsAllowed)) as? String
            else { return nil }
            keys.append(key)
            scan.skipBlanks()
            guard scan.take(UInt8(ascii: ":")), scan.skipValue() else { return nil }
            scan.skipBlanks()
            if scan.take(UInt8(ascii: "}")) { return keys }
            guard scan.take(UInt8(ascii: ",")) else { return nil }
        }
    }

    private struct Scan {
        let bytes: [UInt8]
        var index = 0

        mutating func skipBlanks() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string with its quotes, as written; nil when none starts here or it never closes.
        mutating func string() -> ArraySlice<UInt8>? {
            let start = index
            guard take(UInt8(ascii: "\"")) else { return nil }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return bytes[start..<index]
                default: index += 1
                }
            }
            return nil
        }

        /// Moves past one value: a string, or anything up to the `,` or `}` that ends it at this
        /// level (nested brackets and the strings in them skipped whole).
        mutating func skipValue() -> Bool {
            skipBlanks()
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                case UInt8(ascii: ","): if depth == 0 { return true }
                default: break
                }
                index += 1
            }
            return false
        }
    }
}
