/// The distance the **vehicle** drove over a shift's route, from a phone's samples in time order:
/// stationary wander, walks at a stop and outlier fixes are taken out (docs/mileage.md, "Vehicle
/// distance"). Fed like ``MileageMeter``; each capture session is measured on its own and never
/// bridged, and suspensions (parked stretches the driver recorded) are honoured the same way: no
/// distance is counted from a sample inside one.
///
/// Memory: per session, a window of ``VehicleRun/capacity`` samples; over a route, one entry per
/// inferred stop. Time: O(1) a sample (one or two geodesic steps, a scan of the window).
public struct VehicleMeter: Sendable {
    /// The method's name and version, for the record (a later version may measure differently).
    public static let method = "vehicle-1"

    /// The distance so far, metres.
    public var meters: Double { committed + (current?.meters ?? 0) + others.values.reduce(0) { $0 + $1.meters } }
    /// The distance so far, international miles.
    public var miles: Double { MileageMeter.miles(meters) }
    /// Samples skipped because they were earlier than the last accepted sample of their session.
    public private(set) var outOfOrderSamples = 0
    /// Samples refused as outliers or as too inaccurate.
    public var rejectedSamples: Int { rejectedClosed + (current?.rejected ?? 0) + others.values.reduce(0) { $0 + $1.rejected } }

    /// The inferred parked stretches so far, by session then time.
    public var stops: [VehicleStop] {
        var all = closedStops
        for run in [current].compactMap({ $0 }) + others.values.sorted(by: { $0.session < $1.session }) {
            all += run.stops
            if let open = run.openStop { all.append(open) }
        }
        return all.sorted { ($0.session, $0.start) < ($1.session, $1.start) }
    }

    private let suspensions: SuspensionCursor
    private var current: VehicleRun?
    private var others: [Int64: VehicleRun] = [:]
    /// Distance and stops of runs that ended at a suspension.
    private var committed = 0.0
    private var rejectedClosed = 0
    private var closedStops: [VehicleStop] = []

    /// `suspensions` in any order; overlapping or touching ones are merged, empty ones dropped.
    public init(suspensions: [Interval] = []) {
        self.suspensions = SuspensionCursor(suspensions)
    }

    /// Feeds the next sample of the route; `accuracy` is the receiver's horizontal accuracy in
    /// metres when known.
    public mutating func add(captureSession: Int64, at: Instant, latitude: Double, longitude: Double, accuracy: Double? = nil) {
        let time = at.millisecondsSinceEpoch
        // The run is taken out of `current` before it changes, so its window is never copied.
        var run: VehicleRun
        if let held = current, held.session == captureSession {
            current = nil
            run = held
        } else {
            if let held = current { others[held.session] = held }
            current = nil
            run = others.removeValue(forKey: captureSession) ?? VehicleRun(session: captureSession)
        }
        if let last = run.lastTime, time < last {
            outOfOrderSamples += 1
        } else if suspensions.contains(time) {
            // A sample inside a recorded suspension ends the run: nothing is counted from it, and the
            // next sample after the suspension starts afresh.
            if run.lastTime != nil { run.add(time: time, latitude: latitude, longitude: longitude, accuracy: accuracy) }
            committed += run.meters
            rejectedClosed += run.rejected
            closedStops += run.stops
            if let open = run.openStop { closedStops.append(open) }
            run = VehicleRun(session: captureSession, resumingAfter: time)
        } else {
            run.add(time: time, latitude: latitude, longitude: longitude, accuracy: accuracy)
        }
        current = run
    }
}

/// A stretch when the vehicle stood parked: from where it stopped to where it moved off, with the
/// farthest the phone went from it meanwhile (a walk to a door).
public struct VehicleStop: Sendable, Equatable {
    public var session: Int64
    public var start: Instant
    public var end: Instant
    public var radiusMeters: Double
    public var seconds: Double { Double(start.milliseconds(to: end)) / 1000 }
}

/// Disjoint sorted suspensions and a lookup of whether an instant lies in one.
struct SuspensionCursor: Sendable {
    private let starts: [Int64]
    private let ends: [Int64]

    init(_ intervals: [Interval]) {
        var starts: [Int64] = [], ends: [Int64] = []
        for interval in intervals.filter({ $0.start < $0.end }).sorted(by: { $0.start < $1.start }) {
            let start = interval.start.millisecondsSinceEpoch, end = interval.end.millisecondsSinceEpoch
            if let last = ends.last, start <= last {
                ends[ends.count - 1] = max(last, end)
            } else {
                starts.append(start)
                ends.append(end)
            }
        }
        self.starts = starts
        self.ends = ends
    }

    /// O(log k) for k suspensions; O(1) when there are none.
    func contains(_ time: Int64) -> Bool {
        if starts.isEmpty { return false }
        var low = 0, high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low < starts.count && starts[low] <= time
    }
}
