/// Track points without a `<time>`: left out and counted, by segment (a file with no timed
/// point at all is refused; docs/gpx.md, "What is read").
public struct GPXUntimedPoints: Sendable, Equatable {
    /// Where untimed points were: a segment (1-based, as the summary prints it), the line of its
    /// first untimed point, and how many it had.
    public struct Place: Sendable, Equatable {
        public var track: Int
        public var segment: Int
        public var firstLine: Int
        public var count: Int
    }

    /// The most segments listed; the total counts them all.
    public static let maxPlaces = 10

    public private(set) var total = 0
    public private(set) var places: [Place] = []
    /// Segments with untimed points beyond ``maxPlaces``.
    public private(set) var placesNotListed = 0

    public init() {}

    mutating func add(track: Int, segment: Int, line: Int) {
        total += 1
        if let last = places.last, last.track == track + 1, last.segment == segment + 1, placesNotListed == 0 {
            places[places.count - 1].count += 1
        } else if places.count < Self.maxPlaces, placesNotListed == 0 {
            places.append(Place(track: track + 1, segment: segment + 1, firstLine: line, count: 1))
        } else if lastUnlisted != [track, segment] {
            placesNotListed += 1
            lastUnlisted = [track, segment]
        }
    }

    private var lastUnlisted: [Int] = []

    public static func == (lhs: GPXUntimedPoints, rhs: GPXUntimedPoints) -> Bool {
        lhs.total == rhs.total && lhs.places == rhs.places && lhs.placesNotListed == rhs.placesNotListed
    }

    /// `track 1 segment 2 (20 from line 37), track 2 segment 1 (1 from line 71)`.
    public var placesText: String {
        places.map { "track \($0.track) segment \($0.segment) (\($0.count) from line \($0.firstLine))" }.joined(separator: ", ")
            + (placesNotListed > 0 ? " and \(placesNotListed) more segment\(placesNotListed == 1 ? "" : "s")" : "")
    }
}
