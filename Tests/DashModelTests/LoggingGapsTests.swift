import DashModel
import Testing

/// Logging gaps (docs/mileage.md): time between a route's segments that none covers.
@Suite struct LoggingGapsTests {
    static func at(_ minute: Int64) -> Instant { Instant(millisecondsSinceEpoch: 1_793_610_000_000 + minute * 60_000) }
    static func session(_ id: Int64, _ from: Int64, _ to: Int64?) -> CaptureSession {
        CaptureSession(id: id, shiftID: 1, startedAt: at(from), endedAt: to.map(at), source: "s")
    }

    @Test func gapsBetweenSegmentsAreCountedOnceWhateverTheOrder() {
        let sessions = [Self.session(2, 70, 120), Self.session(1, 0, 40), Self.session(3, 100, 130)]
        // 40-70 uncovered: 30 minutes; 100-120 covered twice counts nothing.
        #expect(LoggingGaps.unlogged(sessions, from: Self.at(0), to: Self.at(200)) == Int64(30 * 60_000))
        #expect(LoggingGaps.unlogged(sessions.reversed(), from: Self.at(0), to: Self.at(200)) == Int64(30 * 60_000))
        // Before the first segment and after the last is not a gap between segments.
        #expect(LoggingGaps.unlogged([Self.session(1, 10, 20)], from: Self.at(0), to: Self.at(200)) == 0)
        // Clipped to the shift: a segment past the shift's end leaves no gap beyond it.
        #expect(LoggingGaps.unlogged([Self.session(1, 0, 10), Self.session(2, 50, 60)], from: Self.at(0), to: Self.at(30)) == 0)
        #expect(LoggingGaps.unlogged([], from: Self.at(0), to: Self.at(30)) == nil)
        // An open segment ends at its start.
        #expect(LoggingGaps.unlogged([Self.session(1, 0, 10), Self.session(2, 25, nil)], from: Self.at(0), to: nil) == Int64(15 * 60_000))
    }
}
