@testable import DashImport
import DashModel
import Testing

/// The capture path's acceptance filter: its three reasons, their order, its reference point.
@Suite struct AcceptanceFilterTests {
    static let start = Instant(millisecondsSinceEpoch: 1_793_700_000_000)
    static func at(_ seconds: Double) -> Instant { start.adding(milliseconds: Int64((seconds * 1000).rounded())) }

    /// 0.001° of latitude at the equator is about 110.6 m; 0.0005° about 55.3 m.
    static let far = 0.001
    static let near = 0.0005

    @Test func defaultsAreFiftyMetresAndSeventyMetresASecond() {
        let thresholds = AcceptanceFilter.Thresholds()
        #expect(thresholds.maxAccuracyMetres == 50)
        #expect(thresholds.maxSpeedMetresPerSecond == 70)
        #expect(AcceptanceFilter().thresholds == thresholds)
    }

    @Test func reasonsAreListedInTheOrderTheyAreJudged() {
        #expect(AcceptanceFilter.Rejection.allCases == [.notLater, .tooInaccurate, .implausibleJump, .outlier])
        #expect(AcceptanceFilter.Rejection.allCases.map(\.rawValue)
                == ["not later than the point before", "too inaccurate", "implausible jump", "a fix the next 3 points disagree with"])
    }

    @Test func theFirstPointIsJudgedOnlyOnItsAccuracy() {
        var filter = AcceptanceFilter()
        #expect(filter.judge(at: Self.at(0), latitude: 0, longitude: 0, horizontalAccuracy: 50.5) == .tooInaccurate)
        // The rejected first point is no reference: the next one is again a first point.
        #expect(filter.judge(at: Self.at(0), latitude: 89, longitude: 170, horizontalAccuracy: nil) == nil)
        var other = AcceptanceFilter()
        #expect(other.judge(at: Self.at(0), latitude: 0, longitude: 0, horizontalAccuracy: 50) == nil)
    }

    @Test func aPointNotLaterThanTheLastAcceptedIsRejected() {
        var filter = AcceptanceFilter()
        #expect(filter.judge(at: Self.at(10), latitude: 0, longitude: 0, horizontalAccuracy: 5) == nil)
        #expect(filter.judge(at: Self.at(10), latitude: 0, longitude: 0, horizontalAccuracy: 5) == .notLater)
        #expect(filter.judge(at: Self.at(9), latitude: 0, longitude: 0, horizontalAccuracy: 5) == .notLater)
        #expect(filter.judge(at: Self.at(10.001), latitude: 0, longitude: 0, horizontalAccuracy: 5) == nil)
    }

    @Test func notLaterIsJudgedFirstThenAccuracyThenSpeed() {
        var filter = AcceptanceFilter()
        #expect(filter.judge(at: Self.at(10), latitude: 0, longitude: 0, horizontalAccuracy: nil) == nil)
        // Earlier, inaccurate and far: not later wins.
        #expect(filter.judge(at: Self.at(5), latitude: 10, longitude: 10, horizontalAccuracy: 500) == .notLater)
        // Later, inaccurate and far: too inaccurate wins.
        #expect(filter.judge(at: Self.at(11), latitude: 10, longitude: 10, horizontalAccuracy: 500) == .tooInaccurate)
        // Later, accurate and far: an implausible jump.
        #expect(filter.judge(at: Self.at(11), latitude: 10, longitude: 10, horizontalAccuracy: 5) == .implausibleJump)
        // Later, no accuracy, far: a jump too (no accuracy is not judged on it).
        #expect(filter.judge(at: Self.at(11), latitude: 10, longitude: 10, horizontalAccuracy: nil) == .implausibleJump)
    }

    @Test func aRejectedPointIsNeverTheReference() {
        var filter = AcceptanceFilter()
        #expect(filter.judge(at: Self.at(0), latitude: 0, longitude: 0, horizontalAccuracy: nil) == nil)
        // 110 m in one second: a jump.
        #expect(filter.judge(at: Self.at(1), latitude: Self.far, longitude: 0, horizontalAccuracy: nil) == .implausibleJump)
        // 55 m from the first point in two seconds: fine, though 55 m from the rejected one in one second would not be.
        #expect(filter.judge(at: Self.at(2), latitude: -Self.near, longitude: 0, horizontalAccuracy: nil) == nil)
        // An inaccurate point does not move the reference either.
        #expect(filter.judge(at: Self.at(3), latitude: 0.01, longitude: 0, horizontalAccuracy: 80) == .tooInaccurate)
        #expect(filter.judge(at: Self.at(4), latitude: 0, longitude: 0, horizontalAccuracy: 3) == nil)
        // Nor does a point not later: time is judged against the last accepted point, t = 4.
        #expect(filter.judge(at: Self.at(3.5), latitude: 0, longitude: 0, horizontalAccuracy: nil) == .notLater)
        #expect(filter.judge(at: Self.at(3.9), latitude: 0, longitude: 0, horizontalAccuracy: nil) == .notLater)
    }

    @Test func theSpeedLimitIsMetresOverSecondsSinceTheLastAccepted() {
        let metres = Geodesy.distanceMeters(latitude1: 45, longitude1: -93, latitude2: 45.01, longitude2: -93)
        // Just under 70 m/s: accepted. Just over: rejected.
        var slow = AcceptanceFilter()
        #expect(slow.judge(at: Self.at(0), latitude: 45, longitude: -93, horizontalAccuracy: nil) == nil)
        #expect(slow.judge(at: Self.at(metres / 69.9), latitude: 45.01, longitude: -93, horizontalAccuracy: nil) == nil)
        var fast = AcceptanceFilter()
        #expect(fast.judge(at: Self.at(0), latitude: 45, longitude: -93, horizontalAccuracy: nil) == nil)
        #expect(fast.judge(at: Self.at(metres / 70.1), latitude: 45.01, longitude: -93, horizontalAccuracy: nil) == .implausibleJump)
    }

    @Test func aStillPointIsNeverAJump() {
        var filter = AcceptanceFilter()
        #expect(filter.judge(at: Self.at(0), latitude: 45, longitude: -93, horizontalAccuracy: nil) == nil)
        #expect(filter.judge(at: Self.at(0.001), latitude: 45, longitude: -93, horizontalAccuracy: nil) == nil)
    }

    @Test func aJumpAcrossTheAntimeridianIsShort() {
        var filter = AcceptanceFilter()
        #expect(filter.judge(at: Self.at(0), latitude: 0, longitude: 179.9999, horizontalAccuracy: nil) == nil)
        // 22 m across the antimeridian in one second.
        #expect(filter.judge(at: Self.at(1), latitude: 0, longitude: -179.9999, horizontalAccuracy: nil) == nil)
    }

    @Test func accuracyAtTheThresholdIsAccepted() {
        var filter = AcceptanceFilter()
        #expect(filter.judge(at: Self.at(0), latitude: 0, longitude: 0, horizontalAccuracy: 50) == nil)
        #expect(filter.judge(at: Self.at(1), latitude: 0, longitude: 0, horizontalAccuracy: 50.0001) == .tooInaccurate)
        #expect(filter.judge(at: Self.at(2), latitude: 0, longitude: 0, horizontalAccuracy: 0) == nil)
    }

    @Test func thresholdsAreConfigurable() {
        var filter = AcceptanceFilter(thresholds: .init(maxAccuracyMetres: 10, maxSpeedMetresPerSecond: 20))
        #expect(filter.judge(at: Self.at(0), latitude: 0, longitude: 0, horizontalAccuracy: 12) == .tooInaccurate)
        #expect(filter.judge(at: Self.at(0), latitude: 0, longitude: 0, horizontalAccuracy: 10) == nil)
        // 55 m in 2 s is 27.6 m/s: above 20.
        #expect(filter.judge(at: Self.at(2), latitude: Self.near, longitude: 0, horizontalAccuracy: nil) == .implausibleJump)
        #expect(filter.judge(at: Self.at(3), latitude: Self.near, longitude: 0, horizontalAccuracy: nil) == nil)
    }

    @Test func aNewSegmentForgetsTheLastAcceptedPoint() {
        var filter = AcceptanceFilter()
        #expect(filter.judge(at: Self.at(100), latitude: 0, longitude: 0, horizontalAccuracy: nil) == nil)
        filter.startSegment()
        // Earlier and far away: a first point again, judged only on accuracy.
        #expect(filter.judge(at: Self.at(50), latitude: 40, longitude: 40, horizontalAccuracy: nil) == nil)
        #expect(filter.judge(at: Self.at(51), latitude: 40, longitude: 40, horizontalAccuracy: nil) == nil)
        filter.startSegment()
        #expect(filter.judge(at: Self.at(0), latitude: 0, longitude: 0, horizontalAccuracy: 51) == .tooInaccurate)
    }
}
