@testable import DashImport
import Testing

@Suite struct GPXTimeRangeTests {
    /// An offset can carry a valid wall time out of the years 1 to 9999 the store keeps: refused
    /// with its line, like any impossible time, before anything reaches the store.
    @Test(arguments: ["0001-01-01T00:00:00+01:00", "9999-12-31T23:30:00-01:00"])
    func aTimeOutsideTheStorableYearsIsRefusedWithItsLine(time: String) throws {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="1" lon="2"><time>\(time)</time></trkpt>
            </trkseg></trk></gpx>
            """
        let reading = try readGPX(text)
        #expect(reading.refused)
        #expect(reading.lines == [3])
        #expect(reading.problems.first?.message.contains("falls outside the years 1 to 9999") == true)
    }
}
