import Testing
import TestSupport

@Suite struct GPXImportEmptyTests {
    /// A file with waypoints only adds nothing and is not recorded; two different such files are
    /// not taken for the same content.
    @Test func filesWithoutTrackPointsAreNotImportsAndNotDuplicates() throws {
        let store = try CLIStore()
        try store.createEmpty()
        let before = try store.dump()
        let header = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
        let a = try store.file("a.gpx", header + "<wpt lat=\"1\" lon=\"2\"/></gpx>")
        let b = try store.file("b.gpx", header + "<wpt lat=\"3\" lon=\"4\"/><wpt lat=\"5\" lon=\"6\"/></gpx>")
        let first = store.importGPX(a)
        #expect(first.status == .success)
        #expect(first.stdout == "a.gpx: no track points; nothing imported (1 waypoint and 0 routes are not driven miles)\n")
        let second = store.importGPX(b)
        #expect(second.stdout.hasPrefix("b.gpx: no track points; nothing imported"))
        #expect(try store.dump() == before)
    }
}
