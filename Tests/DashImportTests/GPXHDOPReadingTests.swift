@testable import DashImport
import Testing

/// How `<hdop>` is read, decided from the file (GPXHDOPLookAhead.swift; issue 14).
@Suite struct GPXHDOPReadingTests {
    /// `count` points a second apart with the given hdop texts (cycled) and extra elements.
    static func file(hdop values: [String], count: Int = 20, extra: String = "", creator: String = "DashPilot tests",
                     comment: String? = nil) -> String {
        let points = (0..<count).map { index in
            GPXText.point("1.\(1000 + index)", "2", "2026-11-02T14:\(10 + index / 60):\(String(format: "%02d", index % 60))Z",
                          "<hdop>\(values[index % values.count])</hdop>" + extra)
        }
        let text = GPXText.track(points, creator: creator)
        guard let comment else { return text }
        return text.replacingOccurrences(of: " <trk>", with: " <!-- \(comment) -->\n <trk>")
    }

    static func read(_ text: String) throws -> (reading: HDOPReading?, accuracy: [Double?]) {
        let result = try readGPX(text)
        #expect(!result.refused, "\(result.problems)")
        return (result.summary?.hdopReading, result.points.map(\.horizontalAccuracy))
    }

    @Test func wholeNumbersFromThreeUpWithoutPDOPAreMetres() throws {
        let result = try Self.read(Self.file(hdop: ["4", "12", "30"]))
        #expect(result.reading == .metresByValues)
        #expect(result.accuracy.prefix(3) == [4, 12, 30])
    }

    @Test(arguments: [
        (["1.2", "0.9", "2.5"], "", 20),   // fractions: a DOP
        (["4", "12", "30"], "<pdop>5</pdop>", 20),   // with pdop: a receiver's DOPs
        (["4", "12", "30"], "<vdop>5</vdop>", 20),
        (["1", "2", "2"], "", 20),   // whole numbers, median below 3
        (["4", "12", "30"], "", 9),   // too few values to decide on
    ])
    func otherwiseHDOPIsADilution(values: [String], extra: String, count: Int) throws {
        let result = try Self.read(Self.file(hdop: values, count: count, extra: extra))
        #expect(result.reading == .dilution)
        #expect(result.accuracy.first == (Double(values[0]) ?? 0) * GPXReader.metresPerHDOP)
    }

    @Test func aCommentSayingMetresDecides() throws {
        let result = try Self.read(Self.file(hdop: ["4.5", "12.25"], comment: "HDOP values are the accuracy in meters"))
        #expect(result.reading == .metresByComment)
        #expect(result.accuracy.prefix(2) == [4.5, 12.25])
    }

    @Test func theCreatorStillDecidesForOsmAndAndLocus() throws {
        #expect(try Self.read(Self.file(hdop: ["1.5"], creator: "OsmAnd~ 4.6")).reading == .metresByCreator)
        #expect(try Self.read(Self.file(hdop: ["1.5"], creator: "Locus Map")).reading == .metresByCreator)
    }

    @Test func theDecisionIsMadeOnTheFirstHundredPointsAndHoldsForTheRest() throws {
        // 100 fractional values, then whole ones: decided (a DOP) before the whole ones arrive.
        let values = (0..<100).map { _ in "1.5" } + (0..<50).map { _ in "20" }
        let result = try Self.read(Self.file(hdop: values, count: 150))
        #expect(result.reading == .dilution)
        #expect(result.accuracy.count == 150)
        #expect(result.accuracy.last == 100)
    }

    @Test func aFileWithoutHDOPHasNoReading() throws {
        let result = try readGPX(GPXText.track([GPXText.point("1", "2", "2026-11-02T14:03:07Z")]))
        #expect(result.summary?.hdopReading == nil)
    }
}
