/// The distance driven over a shift's route, accumulated sample by sample in time order.
///
/// Rules (DESIGN §5):
/// - A step is the distance between two consecutive samples of the **same capture session**
///   (``Geodesy/distanceMeters(latitude1:longitude1:latitude2:longitude2:)``). Two sessions are
///   never bridged. The last sample of every session is kept, so samples of two sessions that
///   interleave in time still pair up within their own session.
/// - A step is left out when its **start** instant (the earlier sample's time) lies inside a
///   suspension, a parked stretch [start, end): recorded while parked. A step that starts at a
///   suspension's end counts; one that starts before the suspension and ends inside it counts too.
///   An open suspension is passed by the caller with a far `end`.
/// - **Time going backwards.** A sample earlier than the last accepted sample of its own session
///   is out of order: it is skipped entirely (no distance, and it does not become the session's
///   last sample) and counted in ``outOfOrderSamples``. The result is what the meter would have
///   given had that sample not been there. A sample at the same instant as the previous one is
///   accepted. A sample earlier than one of *another* session is in order for its own session and
///   counts normally; the suspension lookup then falls back to a binary search.
///
/// Cost: `add` is O(1) amortized when fed in time order (the suspensions are sorted and merged
/// once, and a cursor moves forward with time); O(log k) for k suspensions when time steps back.
public struct MileageMeter: Sendable {
    /// Metres in an international mile.
    public static let metersPerMile = 1609.344

    /// Miles in `meters`: `meters / 1609.344`.
    public static func miles(_ meters: Double) -> Double { meters / metersPerMile }

    /// The distance so far, metres.
    public private(set) var meters: Double = 0
    /// The distance so far, international miles.
    public var miles: Double { Self.miles(meters) }
    /// The distance so far, kilometres.
    public var kilometres: Double { meters / 1000 }
    /// Samples skipped because they were earlier than the last accepted sample of their session.
    public private(set) var outOfOrderSamples = 0

    private struct Sample {
        var session: Int64
        var at: Int64
        var latitude: Double
        var longitude: Double
        /// Whether `at` lies inside a suspension: a step starting here is left out.
        var parked: Bool
    }

    /// Disjoint, sorted, non-empty suspensions, as milliseconds: starts[i] < ends[i] < starts[i + 1].
    private let starts: [Int64]
    private let ends: [Int64]
    /// The first suspension whose end is after `cursorTime`.
    private var cursor = 0
    private var cursorTime = Int64.min
    /// The last accepted sample, the one the next sample most likely pairs with.
    private var current: Sample?
    /// The last accepted sample of every other session seen.
    private var others: [Int64: Sample] = [:]

    /// `suspensions` in any order; overlapping or touching ones are merged, empty ones dropped.
    public init(suspensions: [Interval]) {
        let sorted = suspensions
            .filter { $0.start < $0.end }
            .sorted { $0.start < $1.start }
        var starts: [Int64] = []
        var ends: [Int64] = []
        starts.reserveCapacity(sorted.count)
        ends.reserveCapacity(sorted.count)
        for interval in sorted {
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

    /// Feeds the next sample of the route.
    public mutating func add(captureSession: Int64, at: Instant, latitude: Double, longitude: Double) {
        let time = at.millisecondsSinceEpoch
        let previous: Sample?
        if let current, current.session == captureSession {
            previous = current
        } else {
            if let current { others[current.session] = current }
            previous = others.removeValue(forKey: captureSession)
        }
        if let previous, time < previous.at {
            // Out of order within its session: skipped, and the session's last sample stays.
            outOfOrderSamples += 1
            current = previous
            return
        }
        if let previous, !previous.parked {
            meters += Geodesy.distanceMeters(
                latitude1: previous.latitude, longitude1: previous.longitude, latitude2: latitude, longitude2: longitude)
        }
        current = Sample(session: captureSession, at: time, latitude: latitude, longitude: longitude, parked: isParked(at: time))
    }

    /// Whether `time` lies in a suspension; O(1) amortized for non-decreasing times.
    private mutating func isParked(at time: Int64) -> Bool {
        if starts.isEmpty { return false }
        if time < cursorTime {
            // Time went back: find the first suspension ending after `time` afresh.
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] <= time { low = middle + 1 } else { high = middle }
            }
            cursor = low
        }
        while cursor < ends.count, ends[cursor] <= time { cursor += 1 }
        cursorTime = time
        return cursor < starts.count && starts[cursor] <= time
    }
}
