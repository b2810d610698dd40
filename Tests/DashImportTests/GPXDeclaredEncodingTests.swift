@testable import DashImport
import Testing

/// The XML declaration's encoding is judged before libxml2 switches to it (issue 12, review:
/// `encoding="IBM037"` and `"UTF-7"` hid a 200,000-attribute tag from the tag scan for 8 s).
@Suite struct GPXDeclaredEncodingTests {
    func judge(_ bytes: [UInt8], chunk: Int = 1 << 20) -> GPXProblem? {
        var judge = GPXDeclaredEncoding()
        var index = 0
        while index < bytes.count {
            let end = min(index + chunk, bytes.count)
            if let problem = bytes[index..<end].withUnsafeBytes({ judge.take($0) }) { return problem }
            index = end
        }
        return nil
    }

    func declaration(_ encoding: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<gpx version=\"1.1\" creator=\"x\"></gpx>".utf8)
    }

    @Test(arguments: ["IBM037", "UTF-7", "ebcdic-cp-us", "SHIFT_JIS", "X-UNKNOWN"])
    func anEncodingTheScanCannotReadIsRefused(_ name: String) {
        for chunk in [1, 3, 7, 4096] {
            let problem = judge(declaration(name), chunk: chunk)
            #expect(problem?.line == 1, "\(name) in chunks of \(chunk)")
            #expect(problem?.message.contains(name) == false, "the declared name is not echoed")
        }
    }

    @Test(arguments: ["UTF-8", "utf-8", "US-ASCII", "ISO-8859-1", "iso-8859-15", "windows-1252", "Latin1"])
    func asciiSupersetsAreRead(_ name: String) {
        for chunk in [1, 5, 4096] { #expect(judge(declaration(name), chunk: chunk) == nil, "\(name) in chunks of \(chunk)") }
    }

    @Test func noDeclarationOrNoEncodingIsRead() {
        #expect(judge(Array("<gpx version=\"1.1\"></gpx>".utf8)) == nil)
        #expect(judge(Array("<?xml version=\"1.0\"?><gpx/>".utf8)) == nil)
        #expect(judge([0xEF, 0xBB, 0xBF] + declaration("UTF-8")) == nil)
    }

    @Test func utf16NamesOnlyUTF16() {
        func utf16(_ text: String) -> [UInt8] { [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        #expect(judge(utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx/>")) == nil)
        #expect(judge(utf16("<?xml version=\"1.0\" encoding=\"IBM037\"?><gpx/>")) != nil)
    }
}
