@testable import DashImport
import Testing

@Suite struct NamespaceTests {
    @Test func gpxNamespacesAreTheTopografixOnes() {
        #expect(GPXNamespace.gpx10.hasSuffix("/GPX/1/0"))
        #expect(GPXNamespace.gpx11.hasSuffix("/GPX/1/1"))
    }
}
