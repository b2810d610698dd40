import DashModel

/// The acceptance filter over one segment, with **re-anchoring**: when ``runLength`` consecutive
/// points are each an implausible jump from the last accepted point but plausible one from the
/// next, they are right and the anchor is wrong (a logger's stale first fix, kilometres away;
/// an outlier that slipped through after a gap). The accepted points they disagree with are
/// dropped, counted as ``AcceptanceFilter/Rejection/outlier``, and the run is accepted.
///
/// Only a point not yet confirmed can be dropped: an accepted point is confirmed, and handed on,
/// once ``runLength`` further points have been accepted after it. So at most ``runLength``
/// accepted points and ``runLength`` candidates are held (memory stays bounded), and a stretch
/// of more than ``runLength`` accepted points is never undone: a run that disagrees with a
/// confirmed point stays rejected as jumps, as before (docs/gpx.md, "Known limits").
///
/// Dropping walks back from the newest unconfirmed point and stops at the first from which the
/// run's first point is plausible (that one and those before it stay).
struct SegmentFilter {
    /// How many consecutive agreeing points outvote the anchor.
    static let runLength = 3

    private var filter: AcceptanceFilter
    /// Accepted, not yet confirmed, oldest first.
    private var held: [GPXPoint] = []
    /// Candidates: rejected as jumps from the anchor, each plausible from the one before.
    private var run: [GPXPoint] = []
    /// The last point handed on in this segment.
    private var confirmed: GPXPoint?
    private(set) var rejected: [AcceptanceFilter.Rejection: Int] = [:]
    private(set) var accepted = 0

    init(thresholds: AcceptanceFilter.Thresholds) {
        filter = AcceptanceFilter(thresholds: thresholds)
        held.reserveCapacity(Self.runLength + 1)
        run.reserveCapacity(Self.runLength)
    }

    private static func reference(_ point: GPXPoint) -> AcceptanceFilter.Reference {
        AcceptanceFilter.Reference(at: point.at, latitude: point.latitude, longitude: point.longitude)
    }

    /// Judges `point`; `emit` is given each point once it is confirmed, in order.
    mutating func add(_ point: GPXPoint, emit: (GPXPoint) throws -> Void) rethrows {
        switch filter.judge(at: point.at, latitude: point.latitude, longitude: point.longitude, horizontalAccuracy: point.horizontalAccuracy) {
        case nil:
            dropRun()
            try hold(point, emit: emit)
        case .implausibleJump?:
            if let tail = run.last, !filter.plausible(Self.reference(point), after: Self.reference(tail)) { dropRun() }
            run.append(point)
            if run.count >= Self.runLength { try reanchor(emit: emit) }
        case let reason?:
            rejected[reason, default: 0] += 1
        }
    }

    /// Ends the segment: the candidates stay rejected, the held points are handed on.
    mutating func endSegment(emit: (GPXPoint) throws -> Void) rethrows {
        dropRun()
        let rest = held
        held.removeAll(keepingCapacity: true)
        confirmed = nil
        filter.startSegment()
        for point in rest {
            accepted += 1
            try emit(point)
        }
    }

    private mutating func dropRun() {
        guard !run.isEmpty else { return }
        rejected[.implausibleJump, default: 0] += run.count
        run.removeAll(keepingCapacity: true)
    }

    private mutating func hold(_ point: GPXPoint, emit: (GPXPoint) throws -> Void) rethrows {
        held.append(point)
        guard held.count > Self.runLength else { return }
        let first = held.removeFirst()
        confirmed = first
        accepted += 1
        try emit(first)
    }

    private mutating func reanchor(emit: (GPXPoint) throws -> Void) rethrows {
        guard let first = run.first else { return }
        var keep = held.count
        while keep > 0, !filter.plausible(Self.reference(first), after: Self.reference(held[keep - 1])) { keep -= 1 }
        let base = keep > 0 ? held[keep - 1] : confirmed
        if keep == 0, let confirmed, !filter.plausible(Self.reference(first), after: Self.reference(confirmed)) {
            // The anchor is backed by more than runLength points: not undone.
            dropRun()
            return
        }
        rejected[.outlier, default: 0] += held.count - keep
        held.removeSubrange(keep...)
        filter.restart(from: base.map(Self.reference))
        let points = run
        run.removeAll(keepingCapacity: true)
        for point in points {
            filter.accept(Self.reference(point))
            try hold(point, emit: emit)
        }
    }
}
