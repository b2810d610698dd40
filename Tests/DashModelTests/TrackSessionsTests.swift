import DashModel
import Testing

@Suite("TrackSessions")
struct TrackSessionsTests {
    private func at(_ seconds: Int64) -> Instant { Instant(millisecondsSinceEpoch: 1_793_577_600_000 + seconds * 1000) }

    @Test("item 10: a 1.35-hour track with one fix a year late is one session and one stray")
    func yearLateFix() {
        let track = (0...972).map { at(Int64($0) * 5) } + [at(365 * 86_400)]
        let split = TrackSessions(instants: track)
        #expect(split.sessions.count == 1)
        #expect(split.sessions.first?.start == at(0))
        #expect(split.sessions.first?.end == at(4860))
        #expect(split.sessions.first?.pointIndices.count == 973)
        #expect(split.strayIndices == [973])
    }

    @Test("a break longer than the gap splits; exactly the gap does not")
    func gapBoundary() {
        let gap: Int64 = 3_600_000
        let split = TrackSessions(instants: [at(0), at(60), at(3660), at(3720), at(7321), at(7400)], splitGapMilliseconds: gap)
        #expect(split.sessions.map(\.pointIndices) == [[0, 1, 2, 3], [4, 5]])
        #expect(split.strayIndices.isEmpty)
    }

    @Test("points out of order are sorted first; isolated points, repeated or not, are strays")
    func unorderedAndStrays() {
        let week: Int64 = 7 * 86_400
        let split = TrackSessions(instants: [at(3 * week), at(0), at(week), at(week), at(2 * week), at(2 * week + 30), at(2 * week + 60)])
        #expect(split.sessions.map(\.pointIndices) == [[4, 5, 6]])
        #expect(split.strayIndices == [0, 1, 2, 3])
        #expect(TrackSessions(instants: []).sessions.isEmpty)
    }
}
