import DashModel
import Foundation
import SQLiteKit

extension Store {
    /// The recorded distance of each shift in `shiftIDs`, in order: what
    /// ``recordedMeters(shiftID:)`` gives for each, with the routes read from SQLite on this
    /// thread while another thread measures them, chunk by chunk. Reading the rows is the larger
    /// part; the geodesic steps are most of the rest, and now overlap it. At most
    /// `MeterPipeline.inFlight` chunks of `MeterPipeline.chunk` samples are held, whatever a
    /// route's length.
    public func recordedMeters(shiftIDs: [Int64]) throws -> [Double] {
        try routeMeasures(shiftIDs: shiftIDs).map(\.meters)
    }

    /// Each shift's measured metres and the stops its vehicle-1 sessions found (the inferred
    /// parked stretches `shift show` lists), in the order given.
    public func routeMeasures(shiftIDs: [Int64]) throws -> [RouteMeasure] {
        let pipeline = MeterPipeline(count: shiftIDs.count)
        let statement = try connection.prepare("""
            SELECT captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM FROM routeSample
            WHERE shiftId = ?1 AND recordedAtMs BETWEEN ?2 AND ?3 ORDER BY recordedAtMs, id
            """)
        defer { statement.finalize() }
        for (index, shiftID) in shiftIDs.enumerated() {
            // Each session by the method it records (a method this build does not know is
            // refused as damage, never measured another way).
            let methods = try sessionMethods(of: shiftID)
            let parked = try suspensions(of: shiftID).compactMap { stretch in
                try? Interval(start: stretch.start, end: stretch.end ?? Instant(millisecondsSinceEpoch: 253_402_300_799_999))
            }
            pipeline.begin(index, RouteMeter(suspensions: parked, methods: methods, trips: try tripWindows(of: shiftID)))
            // Only what lies within the shift's times is its miles (a track kept on your shift
            // past your times counts when you change them; docs/record.md).
            let span = try connection.query("SELECT startedAtMs, coalesce(endedAtMs, 253402300799999) FROM shift WHERE id = ?1", [.integer(shiftID)]).first
            try statement.reset()
            try statement.bind([.integer(shiftID), .integer(span?[0].int64 ?? Int64.min), .integer(span?[1].int64 ?? Int64.max)])
            var chunk: [RouteStep] = []
            chunk.reserveCapacity(MeterPipeline.chunk)
            while try statement.advance() {
                chunk.append(RouteStep(session: statement.int64(at: 0), at: statement.int64(at: 1),
                                       latitude: statement.doubleValue(at: 2), longitude: statement.doubleValue(at: 3),
                                       accuracy: statement.double(at: 4)))
                if chunk.count == MeterPipeline.chunk {
                    pipeline.feed(index, chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            if !chunk.isEmpty { pipeline.feed(index, chunk) }
        }
        return pipeline.results()
    }
}

/// One stored sample as the meter needs it.
struct RouteStep: Sendable {
    let session: Int64
    let at: Int64
    let latitude: Double
    let longitude: Double
    let accuracy: Double?
}

/// One shift's measured route: metres, the stops vehicle-1 inferred, and the metres by the
/// platforms whose trips were active (``PlatformMilesSplit``; empty split: no trip with times).
public struct RouteMeasure: Sendable, Equatable {
    public let meters: Double
    public let stops: [VehicleStop]
    public var split = PlatformMilesSplit(trips: [])
}

extension Store {
    /// The shift's trips with a length, as windows of their platforms.
    func tripWindows(of shiftID: Int64) throws -> [TripWindow] {
        try connection.query("""
            SELECT o.platform, d.acceptedAtMs, coalesce(d.deliveredAtMs, d.cancelledAtMs) AS endMs
            FROM delivery d JOIN offer o ON o.id = d.offerId WHERE d.shiftId = ?1 AND coalesce(d.deliveredAtMs, d.cancelledAtMs) > d.acceptedAtMs
            """, [.integer(shiftID)]).map { TripWindow(name: $0["platform"].string, start: $0.int("acceptedAtMs"), end: $0.int("endMs")) }
    }
}

/// Measures routes on a serial queue of its own, in the order they are fed. Its state is only
/// touched on that queue; `results` waits for the queue to drain.
final class MeterPipeline: @unchecked Sendable {
    static let chunk = 16_384
    static let inFlight = 2

    private let queue = DispatchQueue(label: "dashpilot.route-meter")
    private let slots = DispatchSemaphore(value: MeterPipeline.inFlight)
    private var meters: [RouteMeter?]
    private var measured: [RouteMeasure]

    init(count: Int) {
        meters = Array(repeating: nil, count: count)
        measured = Array(repeating: RouteMeasure(meters: 0, stops: []), count: count)
    }

    func begin(_ index: Int, _ meter: RouteMeter) {
        queue.async { self.meters[index] = meter }
    }

    func feed(_ index: Int, _ steps: [RouteStep]) {
        slots.wait()
        queue.async {
            if var meter = self.meters[index] {
                self.meters[index] = nil
                for step in steps {
                    meter.add(captureSession: step.session, at: Instant(millisecondsSinceEpoch: step.at),
                              latitude: step.latitude, longitude: step.longitude, accuracy: step.accuracy)
                }
                self.meters[index] = meter
            }
            self.slots.signal()
        }
    }

    func results() -> [RouteMeasure] {
        queue.sync {
            for (index, meter) in meters.enumerated() { measured[index] = RouteMeasure(meters: meter?.meters ?? 0, stops: meter?.stops ?? [],
                                                                                                   split: meter?.split ?? PlatformMilesSplit(trips: [])) }
            return measured
        }
    }
}
