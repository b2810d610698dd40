@testable import DashImport
import DashModel
import Testing

/// Re-anchoring (SegmentFilter.swift) and same-second bursts (AcceptanceFilter.swift): issue 14.
@Suite struct SegmentFilterTests {
    static let start = Instant(millisecondsSinceEpoch: 1_793_700_000_000)

    /// A point `seconds` after the start, `north` metres north of (45, -93) (about 111,132 m a degree).
    static func point(_ seconds: Double, north: Double, line: Int = 0) -> GPXPoint {
        GPXPoint(line: line, at: start.adding(milliseconds: Int64((seconds * 1000).rounded())), latitude: 45 + north / 111_132,
                 longitude: -93, horizontalAccuracy: nil, hdop: nil)
    }

    /// Feeds `points` through one segment; what was handed on (by line) and the reasons.
    static func run(_ points: [GPXPoint]) -> (kept: [Int], rejected: [AcceptanceFilter.Rejection: Int]) {
        var filter = SegmentFilter(thresholds: .init())
        var kept: [Int] = []
        filter.add(points) { kept.append($0.line) }
        filter.endSegment { kept.append($0.line) }
        #expect(filter.accepted == kept.count)
        return (kept, filter.rejected)
    }

    /// A walk north at 1.5 m/s, lines from `line` on.
    static func walk(from seconds: Int, count: Int, at north: Double = 0, line: Int = 100) -> [GPXPoint] {
        (0..<count).map { point(Double(seconds + $0), north: north + 1.5 * Double($0), line: line + $0) }
    }

    @Test func aStaleFirstFixIsDroppedWhenThreePointsAgreeWithoutIt() {
        let result = Self.run([Self.point(0, north: 5000, line: 1)] + Self.walk(from: 1, count: 10))
        #expect(result.kept == Array(100..<110))
        #expect(result.rejected == [.outlier: 1])
    }

    @Test func twoPointsAgreeingAreNotEnough() {
        // The walk is only two points long before the segment ends: they stay jumps.
        let result = Self.run([Self.point(0, north: 5000, line: 1)] + Self.walk(from: 1, count: 2))
        #expect(result.kept == [1])
        #expect(result.rejected == [.implausibleJump: 2])
    }

    @Test func anOutlierMidSegmentIsDroppedAndTheTrackBeforeItKept() {
        // A walk, then after a 100 s gap a fix 6 km off (plausible in 100 s), then the walk goes on.
        let before = Self.walk(from: 0, count: 5)
        let outlier = Self.point(104, north: 6000, line: 50)
        let after = Self.walk(from: 105, count: 5, at: 10, line: 200)
        let result = Self.run(before + [outlier] + after)
        #expect(result.kept == Array(100..<105) + Array(200..<205))
        #expect(result.rejected == [.outlier: 1])
    }

    @Test func aStretchOfMoreThanThreeAcceptedPointsIsNeverUndone() {
        // Four stale points agree with each other: the first is confirmed, so a disagreeing run
        // is rejected as jumps, as before.
        let stale = Self.walk(from: 0, count: 4, at: 5000, line: 1)
        let result = Self.run(stale + Self.walk(from: 4, count: 6))
        #expect(result.kept.prefix(4) == [1, 2, 3, 4])
        #expect(result.rejected[.outlier] == nil)
        #expect((result.rejected[.implausibleJump] ?? 0) + result.kept.count == 10)
    }

    @Test func aRunBrokenByAnAcceptedPointStaysRejected() {
        // Two jumps that agree, then a point plausible from the anchor: the jumps stay jumps.
        let points = [Self.point(0, north: 0, line: 1), Self.point(1, north: 1000, line: 2), Self.point(2, north: 1001, line: 3),
                      Self.point(3, north: 3, line: 4)]
        let result = Self.run(points)
        #expect(result.kept == [1, 4])
        #expect(result.rejected == [.implausibleJump: 2])
    }

    // MARK: - Same-second bursts

    @Test func aBurstOnAWholeSecondIsKeptAndJudgedOverThatSecond() {
        var filter = AcceptanceFilter()
        let at = Self.start
        #expect(filter.judge(at: at, latitude: 45, longitude: -93, horizontalAccuracy: nil) == nil)
        // Another place at the same whole second: kept; the same place again: a duplicate.
        #expect(filter.judge(at: at, latitude: 45.0002, longitude: -93, horizontalAccuracy: nil) == nil)
        #expect(filter.judge(at: at, latitude: 45.0002, longitude: -93, horizontalAccuracy: nil) == .notLater)
        // 22 m and 44 m from the burst's first point: fine; 78 m from it (within 70 m of the
        // last one): a jump, so a burst spans at most 70 m.
        #expect(filter.judge(at: at, latitude: 45.0004, longitude: -93, horizontalAccuracy: nil) == nil)
        #expect(filter.judge(at: at, latitude: 45.0007, longitude: -93, horizontalAccuracy: nil) == .implausibleJump)
        // An inaccurate burst point is too inaccurate, as any other.
        #expect(filter.judge(at: at, latitude: 45.0001, longitude: -93, horizontalAccuracy: 80) == .tooInaccurate)
    }

    @Test func equalMillisecondStampsAreNotABurst() {
        var filter = AcceptanceFilter()
        let at = Self.start.adding(milliseconds: 250)
        #expect(filter.judge(at: at, latitude: 45, longitude: -93, horizontalAccuracy: nil) == nil)
        #expect(filter.judge(at: at, latitude: 45.0001, longitude: -93, horizontalAccuracy: nil) == .notLater)
    }
}

extension SegmentFilter {
    mutating func add(_ points: [GPXPoint], emit: (GPXPoint) -> Void) {
        for point in points { add(point, emit: emit) }
    }
}
