/// The miles a driver recorded for a shift (issue 15, docs/report.md "Miles"): odometer readings
/// at its start and end, or a figure alone, in tenths of a mile, exact (an odometer shows
/// tenths). A second source beside the measured route; where both exist, this one counts.
public struct RecordedMiles: Hashable, Sendable {
    /// Tenths of a mile driven; never negative.
    public let tenths: Int64
    /// The odometer readings (tenths of a mile) the figure is the difference of; nil: a figure alone.
    public let odometer: (start: Int64, end: Int64)?

    /// The largest reading taken: 9,999,999.9 miles (an odometer's digits), so no sum overflows.
    public static let largestTenths: Int64 = 99_999_999

    /// A figure alone.
    public init(tenths: Int64) throws(ModelError) {
        guard tenths >= 0 else { throw .negativeAmount(field: "miles") }
        guard tenths <= Self.largestTenths else { throw .badText(field: "miles", reason: "is more than 9999999.9") }
        self.tenths = tenths
        odometer = nil
    }

    /// Odometer readings; the end not before the start.
    public init(odometerStart start: Int64, end: Int64) throws(ModelError) {
        guard start >= 0, end >= 0 else { throw .negativeAmount(field: "odometer") }
        guard start <= Self.largestTenths, end <= Self.largestTenths else { throw .badText(field: "an odometer reading", reason: "is more than 9999999.9") }
        guard end >= start else { throw .badText(field: "the odometer's end reading", reason: "is below its start reading") }
        tenths = end - start
        odometer = (start, end)
    }

    /// Metres: a mile is exactly 1609.344 m.
    public var meters: Double { Double(tenths) * 160.9344 }

    /// `123.4`: tenths as a decimal.
    public static func text(_ tenths: Int64) -> String { "\(tenths / 10).\(tenths % 10)" }

    public static func == (lhs: RecordedMiles, rhs: RecordedMiles) -> Bool {
        lhs.tenths == rhs.tenths && lhs.odometer?.start == rhs.odometer?.start && lhs.odometer?.end == rhs.odometer?.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tenths)
        hasher.combine(odometer?.start)
        hasher.combine(odometer?.end)
    }
}

/// Which source a shift's miles come from.
public enum MilesSource: String, Sendable {
    /// The driver's recorded figure (odometer or miles).
    case recorded
    /// The measured route.
    case route
    /// Neither, but the platforms' trips files report the distance of its trips
    /// (``PlatformDistance``): on-trip miles only, marked so wherever they are shown.
    case platform
    /// None of these: the shift is without miles, never zero miles.
    case none
}

extension ShiftFacts {
    /// The metres every figure uses: the driver's recorded miles where there are some, else the
    /// measured route, else the trips' platform-reported distance; nil when none (never 0). One
    /// source wins whole: the platform's distance is never added to a route or recorded miles.
    public var distanceMeters: Double? { recordedMiles?.meters ?? meters ?? platformDistance?.meters }

    public var milesSource: MilesSource {
        recordedMiles != nil ? .recorded : meters != nil ? .route : platformDistance != nil ? .platform : .none
    }

    /// The platform-reported distance when it is the shift's miles (no route, no recorded miles).
    public var platformDistanceCounted: PlatformDistance? { milesSource == .platform ? platformDistance : nil }
}

extension ShiftFacts {
    /// Miles by the same source: the recorded tenths exactly, else the route's metres in miles,
    /// else the platform's distance in miles.
    public var distanceMiles: Double? {
        recordedMiles.map { Double($0.tenths) / 10 } ?? (meters ?? platformDistance?.meters).map(MileageMeter.miles)
    }
}
