/// A track's points cut into sessions for the GPX importer (docs/shifts-from-evidence.md, "What
/// the importer passes in"): a break longer than the split gap ends a session, and a session of
/// one instant (an isolated fix: more than the gap from every other point given) is a stray, to be
/// rejected and counted (docs/record.md, "Evidence and shifts").
public struct TrackSessions: Hashable, Sendable {
    /// A run of points with no break longer than the gap: its first and last instants and the
    /// indices (into the instants given) of its points, in time order (ties by index).
    public struct Session: Hashable, Sendable {
        public let start: Instant
        public let end: Instant
        public let pointIndices: [Int]
    }

    /// Sessions of more than one instant, by start.
    public let sessions: [Session]
    /// Indices of the stray points, ascending. Repeated fixes at one instant are all listed.
    public let strayIndices: [Int]

    /// Splits `instants` (all the points of one file, time-ordered or not) at every break longer
    /// than `splitGapMilliseconds`. O(n) when they are in order, O(n log n) otherwise.
    public init(instants: [Instant], splitGapMilliseconds: Int64 = ShiftRules.defaultSplitGapMilliseconds) {
        var order = Array(instants.indices)
        if zip(instants, instants.dropFirst()).contains(where: { $0 > $1 }) {
            order.sort { instants[$0] != instants[$1] ? instants[$0] < instants[$1] : $0 < $1 }
        }
        var sessions: [Session] = []
        var strays: [Int] = []
        var run: [Int] = []
        func close() {
            guard let first = run.first, let last = run.last else { return }
            if instants[first] == instants[last] {
                strays += run
            } else {
                sessions.append(Session(start: instants[first], end: instants[last], pointIndices: run))
            }
            run = []
        }
        for index in order {
            if let last = run.last,
                instants[index].millisecondsSinceEpoch.minusSaturating(instants[last].millisecondsSinceEpoch) > splitGapMilliseconds
            {
                close()
            }
            run.append(index)
        }
        close()
        self.sessions = sessions
        self.strayIndices = strays.sorted()
    }
}
