import DashModel

/// The capture path's acceptance filter: each point of a segment is judged against the last one
/// accepted in that segment, and a rejected point is never the one later points are judged against.
///
/// In order:
/// 1. **not later in time**: its time is equal to or before the last accepted point's (a
///    duplicate fix, a clock step back, Open GPX Tracker's insertion times);
/// 2. **too inaccurate**: its horizontal accuracy is worse than `maxAccuracyMetres` (a point with
///    no accuracy is not judged on it);
/// 3. **implausible jump**: reaching it from the last accepted point would take more than
///    `maxSpeedMetresPerSecond` (a fix that lands kilometres away for a second).
/// The first point of a segment is judged only on its accuracy.
public struct AcceptanceFilter: Sendable {
    /// The thresholds, documented in docs/gpx.md.
    public struct Thresholds: Sendable, Equatable {
        /// 50 m: a fix worse than this is more noise than route at city-block scale.
        public var maxAccuracyMetres: Double = 50
        /// 70 m/s (about 157 mph): faster than any delivery drive.
        public var maxSpeedMetresPerSecond: Double = 70

        public init(maxAccuracyMetres: Double = 50, maxSpeedMetresPerSecond: Double = 70) {
            self.maxAccuracyMetres = maxAccuracyMetres
            self.maxSpeedMetresPerSecond = maxSpeedMetresPerSecond
        }
    }

    /// Why a point was rejected.
    public enum Rejection: String, Sendable, CaseIterable {
        case notLater = "not later than the point before"
        case tooInaccurate = "too inaccurate"
        case implausibleJump = "implausible jump"
    }

    public let thresholds: Thresholds
    private var last: (at: Instant, latitude: Double, longitude: Double)?

    public init(thresholds: Thresholds = Thresholds()) { self.thresholds = thresholds }

    /// Forgets the last accepted point: a new segment starts.
    public mutating func startSegment() { last = nil }

    /// nil when the point is accepted (and becomes the last accepted one), else why not.
    public mutating func judge(at: Instant, latitude: Double, longitude: Double, horizontalAccuracy: Double?) -> Rejection? {
        if let last, at <= last.at { return .notLater }
        if let horizontalAccuracy, horizontalAccuracy > thresholds.maxAccuracyMetres { return .tooInaccurate }
        if let last {
            let metres = Geodesy.distanceMeters(latitude1: last.latitude, longitude1: last.longitude, latitude2: latitude, longitude2: longitude)
            let seconds = Double(last.at.milliseconds(to: at)) / 1000
            if metres > thresholds.maxSpeedMetresPerSecond * seconds { return .implausibleJump }
        }
        last = (at, latitude, longitude)
        return nil
    }
}
