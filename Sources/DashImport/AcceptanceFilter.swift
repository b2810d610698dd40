import DashModel

/// The capture path's acceptance filter: each point of a segment is judged against the last one
/// accepted in that segment, and a rejected point is never the one later points are judged against.
///
/// In order:
/// 1. **not later in time**: its time is before the last accepted point's, or equal to it (a
///    duplicate fix, a clock step back, Open GPX Tracker's insertion times), except in a
///    **same-second burst**: a time on a whole second equal to the last accepted point's, at
///    another position (iOS recorders stamp several fixes of one second with that second);
/// 2. **too inaccurate**: its horizontal accuracy is worse than `maxAccuracyMetres` (a point with
///    no accuracy is not judged on it);
/// 3. **implausible jump**: reaching it from the last accepted point would take more than
///    `maxSpeedMetresPerSecond`; a burst point is given the second its stamp covers, from the
///    last accepted point and from the burst's first point alike (so a burst spans at most
///    70 m at the default limit).
/// The first point of a segment is judged only on its accuracy. ``SegmentFilter`` adds the
/// re-anchoring of a stale or outlying anchor (docs/gpx.md, "The acceptance filter").
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
        /// Accepted first, then dropped by ``SegmentFilter``: the points after it agree with each
        /// other and not with it (a stale first fix, an outlier).
        case outlier = "a fix the next 3 points disagree with"
    }

    /// A point judged against: where and when.
    public struct Reference: Sendable, Equatable {
        public var at: Instant
        public var latitude: Double
        public var longitude: Double

        public init(at: Instant, latitude: Double, longitude: Double) {
            self.at = at
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public let thresholds: Thresholds
    private var last: Reference?
    /// The first accepted point at `last.at`: a burst is judged from it too.
    private var burstFirst: Reference?

    public init(thresholds: Thresholds = Thresholds()) { self.thresholds = thresholds }

    /// Forgets the last accepted point: a new segment starts.
    public mutating func startSegment() {
        last = nil
        burstFirst = nil
    }

    /// Judges later points against `reference` (nil: the next point is a first point).
    public mutating func restart(from reference: Reference?) {
        last = reference
        burstFirst = reference
    }

    /// Makes `point` the last accepted one without judging it.
    public mutating func accept(_ point: Reference) {
        if last?.at != point.at { burstFirst = point }
        last = point
    }

    /// nil when the point is accepted (and becomes the last accepted one), else why not.
    public mutating func judge(at: Instant, latitude: Double, longitude: Double, horizontalAccuracy: Double?) -> Rejection? {
        let point = Reference(at: at, latitude: latitude, longitude: longitude)
        if let reason = verdict(point, horizontalAccuracy: horizontalAccuracy, from: last, burstFirst: burstFirst) { return reason }
        accept(point)
        return nil
    }

    /// Whether `point` could follow `reference` (time and speed; accuracy is not judged).
    public func plausible(_ point: Reference, after reference: Reference) -> Bool {
        verdict(point, horizontalAccuracy: nil, from: reference, burstFirst: nil) == nil
    }

    private func verdict(_ point: Reference, horizontalAccuracy: Double?, from last: Reference?, burstFirst: Reference?) -> Rejection? {
        if let last {
            if point.at < last.at { return .notLater }
            if point.at == last.at {
                let wholeSecond = point.at.millisecondsSinceEpoch % 1000 == 0
                let moved = point.latitude != last.latitude || point.longitude != last.longitude
                guard wholeSecond, moved else { return .notLater }
            }
        }
        if let horizontalAccuracy, horizontalAccuracy > thresholds.maxAccuracyMetres { return .tooInaccurate }
        if let last {
            let seconds = point.at == last.at ? 1 : Double(last.at.milliseconds(to: point.at)) / 1000
            let limit = thresholds.maxSpeedMetresPerSecond * seconds
            if Self.metres(last, point) > limit { return .implausibleJump }
            if point.at == last.at, let burstFirst, Self.metres(burstFirst, point) > limit { return .implausibleJump }
        }
        return nil
    }

    private static func metres(_ a: Reference, _ b: Reference) -> Double {
        Geodesy.distanceMeters(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
    }
}
