@testable import DashImport
import Testing

/// SHA-256 against FIPS 180-4's vectors, and the plain-decimal grammar coordinates must follow.
@Suite struct SHA256Tests {
    static func hex(_ text: String) -> String { SHA256.hex(Array(text.utf8)) }

    @Test func fipsShortMessages() {
        #expect(Self.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Self.hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func oneMillionAFedInOddSizedChunks() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(million) == expected)
        for sizes in [[1, 7, 63, 64, 65, 127, 1000, 4099], [3], [65_537], [55, 9]] {
            var hasher = SHA256()
            var offset = 0, turn = 0
            million.withUnsafeBytes { all in
                while offset < all.count {
                    let end = min(all.count, offset + sizes[turn % sizes.count])
                    hasher.update(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                    offset = end
                    turn += 1
                }
            }
            #expect(hasher.finalizeHex() == expected, "chunks \(sizes)")
        }
    }

    /// Lengths around the padding boundaries (55/56 and 119/120 bytes), checked against coreutils' sha256sum.
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
        (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        #expect(SHA256.hex(bytes) == digest)
        var bytewise = SHA256()
        for byte in bytes { bytewise.update([byte]) }
        #expect(bytewise.finalizeHex() == digest)
    }

    /// A record key is stored in every imported row: its message (each field's UTF-8 length in
    /// decimal, ':', its bytes) and so its value never change between builds.
    @Test func recordKeysAreLengthPrefixedAndFrozen() {
        #expect(SHA256.recordKey(["fuel|x", ""]).hex == Self.hex("6:fuel|x0:"))
        #expect(SHA256.recordKey(["fuel", "|x"]).hex == Self.hex("4:fuel2:|x"))
        #expect(SHA256.recordKey(["é", String(repeating: "z", count: 123)]).hex == Self.hex("2:é123:" + String(repeating: "z", count: 123)))
        #expect(SHA256.recordKey([]).hex == Self.hex(""))
        #expect(SHA256.recordKey(["trip", "Uber", "x"]).hex == "d8858259652399462b55f22e25833225017a02291f5584fb93d76f47f2daf907")
        // Messages across the one- and two-block padding boundary.
        for length in 40...140 {
            let field = String(repeating: "q", count: length)
            #expect(SHA256.recordKey([field]).hex == Self.hex("\(length):" + field), "length \(length)")
        }
    }

    @Test func anyChunkingGivesTheSameDigest() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for length in 0...bytes.count {
            let message = Array(bytes.prefix(length))
            let whole = SHA256.hex(message)
            for split in Set([0, 1, length / 2, max(0, length - 1), length]) where split <= length {
                var hasher = SHA256()
                hasher.update(Array(message.prefix(split)))
                hasher.update([UInt8]())
                hasher.update(Array(message.dropFirst(split)))
                #expect(hasher.finalizeHex() == whole, "length \(length) split \(split)")
            }
        }
    }
}

@Suite struct DecimalTextTests {
    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("+1", 1), ("1.", 1), (".5", 0.5), ("-.5", -0.5), ("+.25", 0.25), ("45.123456789", 45.123456789),
        ("-93.2650", -93.265), (" 45.0 ", 45), ("\t\n45.5\r\n", 45.5), ("007", 7), ("179.99999999999999", 179.99999999999999),
        ("1234567890123456789012345678901234567890", 1234567890123456789012345678901234567890.0),
    ])
    func plainDecimalsAreRead(text: String, value: Double) {
        #expect(DecimalText.parse(text) == value)
        #expect(DecimalText.parse(text)?.sign == value.sign)
    }

    @Test(arguments: [
        "", " ", ".", "-", "+", "-.", "+-1", "--1", "1e2", "1E2", "1e999", "1e-5", "NaN", "nan", "-nan", "inf", "-inf", "Infinity",
        "0x28.b4p0", "0x10", "1.2.3", "1,5", "1 2", "1_000", "½", "٤٥", "45.0°", "1" + String(repeating: "0", count: 1024),
    ])
    func anythingElseIsRefused(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    /// Any number of digits is an xsd:decimal (issue 14: 70- and 300-digit coordinates): up to
    /// 1,024 characters the value is the nearest double.
    @Test func theLengthLimitIsAThousandAndTwentyFourCharactersWithoutTheSurroundingSpace() {
        let longest = "-44.97" + String(repeating: "0", count: 1017) + "1"
        #expect(longest.count == DecimalText.maxCharacters)
        #expect(DecimalText.parse(longest) == -44.97)
        #expect(DecimalText.parse("   " + longest + "   ") == -44.97)
        #expect(DecimalText.parse(longest + "5") == nil)
        // 300 digits whose tail decides the rounding: just above the midpoint between two
        // doubles rounds up, as strtod does for the text as a whole.
        let low = 0.1, high = 0.1.nextUp
        let midpoint = "0.100000000000000012490009027033011079765856266021728515625"   // exactly (low + high) / 2
        #expect(DecimalText.parse(midpoint) == low)   // a tie goes to the even one
        let above = midpoint + String(repeating: "0", count: 300 - midpoint.count) + "1"
        #expect(DecimalText.parse(above) == high)
    }

    @Test func valuesAreCorrectlyRounded() {
        // strtod's correctly rounded result equals Swift's for plain decimals.
        for text in ["0.1", "44.97781234567", "-93.26501", "89.999999999999999999", "0.30000000000000004"] {
            #expect(DecimalText.parse(text) == Double(text))
        }
    }
}
