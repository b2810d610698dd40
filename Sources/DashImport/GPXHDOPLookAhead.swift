/// How a file's `<hdop>` is read (docs/gpx.md, "What is read").
public enum HDOPReading: String, Sendable, Equatable {
    /// A true dilution of precision, turned into metres at ``GPXReader/metresPerHDOP``.
    case dilution = "a dilution of precision, 5 m a unit"
    /// Metres: the creator is OsmAnd or Locus, which write Android's accuracy radius there.
    case metresByCreator = "metres, as its creator writes it"
    /// Metres: a comment of the file says so (OSMTracker does).
    case metresByComment = "metres, as a comment of the file says"
    /// Metres: the values look like a phone's accuracy radius, not a DOP.
    case metresByValues = "metres: whole numbers from 3 up, no pdop or vdop"
}

/// Decides how `<hdop>` is read from the file itself, then hands the points on with their
/// accuracy in metres. The reader streams, so the decision is made from a **bounded look-ahead**:
/// the events up to the first ``lookAheadPoints`` track points (or ``lookAheadEvents`` events)
/// are held, then decided on and replayed; after that, points pass straight through.
///
/// `<hdop>` is metres when, in this order: the creator starts with OsmAnd or Locus; a comment
/// before the decision mentions hdop and metres (or meters); or, over the look-ahead, at least
/// ``minimumValues`` points carry `<hdop>`, every value is a whole number, no point has
/// `<pdop>` or `<vdop>`, and the median is 3 or more. A receiver's DOP is a fraction near 1 and
/// comes with PDOP and VDOP (GPSLogger, MTK loggers through GPSBabel); Android's accuracy is a
/// radius of a few metres, and the apps that put it in `<hdop>` round it (MyTrails, OSMTracker).
/// Otherwise it is a dilution of precision.
final class GPXHDOPLookAhead: GPXReceiver {
    static let lookAheadPoints = 100
    static let lookAheadEvents = 1000
    static let minimumValues = 10

    private enum Event {
        case track(Int), segment(Int, Int), point(GPXPoint), segmentEnded, trackEnded
    }

    private let downstream: any GPXReceiver
    private(set) var reading: HDOPReading?
    private var held: [Event] = []
    private var heldPoints = 0
    private var values: [Double] = []
    private var otherDOP = false

    init(downstream: any GPXReceiver) { self.downstream = downstream }

    /// The creator attribute: OsmAnd and Locus are known to write metres.
    func creator(_ creator: String) {
        let lower = creator.lowercased()
        if reading == nil, lower.hasPrefix("osmand") || lower.hasPrefix("locus") { reading = .metresByCreator }
    }

    /// A `<pdop>` or `<vdop>` of a track point: a receiver's DOPs.
    func sawOtherDOP() { otherDOP = true }

    /// A comment's text (libxml2 gives it whole).
    func comment(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard reading == nil, bytes.count <= 4096 else { return }
        let lower = String(decoding: bytes, as: UTF8.self).lowercased()
        if lower.contains("hdop"), lower.contains("metre") || lower.contains("meter") { try decide(.metresByComment) }
    }

    /// Decides on what was seen and hands on what is held (at the end of the file).
    func finish() throws {
        if reading == nil { try decide(fromValues()) }
    }

    private func fromValues() -> HDOPReading {
        guard !otherDOP, values.count >= Self.minimumValues, values.allSatisfy({ $0 == $0.rounded() }) else { return .dilution }
        let sorted = values.sorted()
        return sorted[sorted.count / 2] >= 3 ? .metresByValues : .dilution
    }

    private func decide(_ decision: HDOPReading) throws {
        reading = decision
        let events = held
        held = []
        for event in events { try pass(event) }
    }

    private func take(_ event: Event) throws {
        guard reading == nil else { return try pass(event) }
        held.append(event)
        if case let .point(point) = event {
            heldPoints += 1
            if let hdop = point.hdop { values.append(hdop) }
        }
        if heldPoints >= Self.lookAheadPoints || held.count >= Self.lookAheadEvents { try decide(fromValues()) }
    }

    private func pass(_ event: Event) throws {
        switch event {
        case let .track(index): try downstream.gpxTrackBegan(index: index)
        case let .segment(track, segment): try downstream.gpxSegmentBegan(track: track, segment: segment)
        case let .point(point): try downstream.gpxPoint(point.inMetres(hdopIsMetres: reading != .dilution))
        case .segmentEnded: try downstream.gpxSegmentEnded()
        case .trackEnded: try downstream.gpxTrackEnded()
        }
    }

    func gpxTrackBegan(index: Int) throws { try take(.track(index)) }
    func gpxSegmentBegan(track: Int, segment: Int) throws { try take(.segment(track, segment)) }
    func gpxPoint(_ point: GPXPoint) throws { try take(.point(point)) }
    func gpxSegmentEnded() throws { try take(.segmentEnded) }
    func gpxTrackEnded() throws { try take(.trackEnded) }
}

extension GPXPoint {
    /// The point with its accuracy in metres: OpenTracks' own figure, else `<hdop>` read as decided.
    func inMetres(hdopIsMetres: Bool) -> GPXPoint {
        GPXPoint(line: line, at: at, latitude: latitude, longitude: longitude,
                 horizontalAccuracy: horizontalAccuracy ?? hdop.map { hdopIsMetres ? $0 : $0 * GPXReader.metresPerHDOP }, hdop: hdop)
    }
}
