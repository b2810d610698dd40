import DashModel
import Testing

@Suite struct RecordKeyTests {
    static let sample = "d8858259652399462b55f22e25833225017a02291f5584fb93d76f47f2daf907"

    @Test func hexRoundTrips() throws {
        let key = try #require(RecordKey(hex: Self.sample))
        #expect(key.hex == Self.sample)
        #expect("\(key)" == Self.sample)
        #expect(RecordKey(hex: key.hex) == key)
    }

    @Test func wordsAreTheDigestInOrder() {
        let key = RecordKey(words: (0xd885_8259, 0x6523_9946, 0x2b55_f22e, 0x2583_3225, 0x017a_0229, 0x1f55_84fb, 0x93d7_6f47, 0xf2da_f907))
        #expect(key.hex == Self.sample)
        #expect(RecordKey(words: (0, 0, 0, 0, 0, 0, 0, 1)).hex == String(repeating: "0", count: 63) + "1")
    }

    @Test(arguments: [
        "", "abc", String(sample.dropLast()), sample + "0", sample.uppercased(), "g" + String(sample.dropFirst()),
        String(sample.dropLast()) + " ", String(sample.dropLast()) + "é",
    ])
    func anythingButSixtyFourLowerHexDigitsIsNoKey(_ text: String) {
        #expect(RecordKey(hex: text) == nil)
    }

    @Test func equalKeysHashAlike() throws {
        let a = try #require(RecordKey(hex: Self.sample))
        let b = try #require(RecordKey(hex: String(Self.sample)))
        let other = try #require(RecordKey(hex: String(Self.sample.dropLast()) + "8"))
        #expect(Set([a, b, other]).count == 2)
    }
}
