/// Miles per platform (issue 15, docs/mileage.md "Miles per platform"): the distance measured
/// while a platform's trip was active (accepted to delivered or cancelled) is that platform's;
/// while trips of two or more platforms overlap, each metre is shared equally among them (split
/// by time, said in the docs); the distance while no trip is active is "between trips", shown
/// apart and never attributed. Distance is attributed at the instant the meter counts it.
public struct TripWindow: Sendable, Hashable {
    /// `PlatformMoney.key` of the trip's platform; "" for a trip naming none.
    public let key: String
    /// The platform as its offer spells it (nil: none).
    public let name: String?
    public let start: Int64
    public let end: Int64

    public init(name: String?, start: Int64, end: Int64) {
        self.name = name
        key = name.map(PlatformMoney.key) ?? ""
        self.start = start
        self.end = end
    }
}

/// Accumulates a shift's distance by the trips active when it is counted.
public struct PlatformMilesSplit: Sendable, Hashable {
    private let trips: [TripWindow]
    private var next = 0
    private var active: [TripWindow] = []
    private var activeKeys: [String] = []
    private var lastAt = Int64.min
    /// Metres per platform key, and the spelling that sorts first per key.
    public private(set) var meters: [String: Double] = [:]
    public private(set) var names: [String: String] = [:]
    /// Metres counted while no trip was active.
    public private(set) var betweenTrips: Double = 0
    /// Metres counted while trips of two or more platforms were active (shared among them).
    public private(set) var shared: Double = 0

    /// `trips` in any order; trips of no length are left out (a trip known only from its
    /// payment lines sits at one instant).
    public init(trips: [TripWindow]) {
        self.trips = trips.filter { $0.end > $0.start }.sorted { ($0.start, $0.end, $0.key) < ($1.start, $1.end, $1.key) }
        for trip in self.trips {
            if let name = trip.name, names[trip.key].map({ name < $0 }) ?? true { names[trip.key] = name }
        }
    }

    /// A split as measured earlier and stored (issue 18, Sources/DashStore/RouteFigures.swift):
    /// its figures, and whether the shift had trips with times. Nothing more is added to it.
    public init(meters: [String: Double], names: [String: String], betweenTrips: Double, shared: Double, hadTrips: Bool) {
        trips = []
        self.meters = meters
        self.names = names
        self.betweenTrips = betweenTrips
        self.shared = shared
        restoredHasTrips = hadTrips
    }

    private var restoredHasTrips = false

    public var hasTrips: Bool { !trips.isEmpty || restoredHasTrips }

    /// Attributes `delta` metres counted at `at` (milliseconds; fed in time order within a shift,
    /// an earlier instant re-reads the windows).
    public mutating func add(_ delta: Double, at: Int64) {
        guard delta != 0, !trips.isEmpty else { return }
        var changed = false
        if at < lastAt {
            // Time stepped back (not in a shift's time-ordered scan): read the windows again.
            next = 0
            active = []
            changed = true
        }
        lastAt = at
        while next < trips.count, trips[next].start <= at {
            active.append(trips[next])
            next += 1
            changed = true
        }
        if active.contains(where: { $0.end <= at }) {
            active.removeAll { $0.end <= at }
            changed = true
        }
        // The platforms active, recomputed only when a trip starts or ends (not per sample).
        if changed { activeKeys = Array(Set(active.map(\.key))).sorted() }
        guard !activeKeys.isEmpty else {
            betweenTrips += delta
            return
        }
        if activeKeys.count > 1 { shared += delta }
        let share = delta / Double(activeKeys.count)
        for key in activeKeys { meters[key, default: 0] += share }
    }
}
