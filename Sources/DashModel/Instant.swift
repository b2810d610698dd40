/// A UTC instant, exact to the millisecond: milliseconds since 1970-01-01T00:00:00Z.
///
/// Integers rather than `Date` (a `Double`), so equality is exact, storage is an INTEGER column,
/// and nothing rounds on the way through the store.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let millisecondsSinceEpoch: Int64

    public init(millisecondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = millisecondsSinceEpoch }

    public init(secondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = secondsSinceEpoch * 1000 }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch }

    public func adding(milliseconds: Int64) -> Instant { Instant(millisecondsSinceEpoch: millisecondsSinceEpoch + milliseconds) }

    /// Milliseconds from `self` to `other` (negative when `other` is earlier).
    public func milliseconds(to other: Instant) -> Int64 { other.millisecondsSinceEpoch - millisecondsSinceEpoch }

    /// ISO 8601 in UTC: `2026-11-02T14:00:00Z`, with `.123` when there are milliseconds.
    public var description: String { CivilTime(instant: self, offsetSeconds: 0).iso8601(offsetSeconds: 0) }
}

/// A half-open interval of time, [start, end): `end` is the first instant not in it.
public struct Interval: Hashable, Sendable {
    public let start: Instant
    public let end: Instant

    /// Refuses an interval that ends before it starts; an empty interval (end == start) is allowed.
    public init(start: Instant, end: Instant) throws(ModelError) {
        guard end >= start else { throw .endsBeforeStart(start: start, end: end) }
        self.start = start
        self.end = end
    }

    public func contains(_ instant: Instant) -> Bool { start <= instant && instant < end }

    public var durationMilliseconds: Int64 { start.milliseconds(to: end) }

    /// True when the two share at least one instant (half-open: touching ends do not overlap).
    public func overlaps(_ other: Interval) -> Bool { start < other.end && other.start < end }
}
