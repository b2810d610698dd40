import Foundation

/// One capture session's samples through ``VehicleMeter``'s method (docs/mileage.md, "Vehicle
/// distance"):
/// 1. **Outlier gate.** A sample whose reported accuracy is worse than ``worstAccuracy``, or that
///    lies more than ``gate(seconds:speed:)`` from where the last two accepted samples said the phone
///    would be (constant velocity), is refused; after ``resetAfter`` refusals in a row the track
///    is taken to have really moved and the sample is accepted.
/// 2. **Speed over a window.** The speed is the straight-line displacement over the last
///    ``window`` seconds. Below ``slowSpeed`` the vehicle is *held*; above ``movingSpeed`` it is
///    *moving* (hysteresis between the two).
/// 3. **Moving**: each step is the geodesic between consecutive accepted samples (today's
///    ``Geodesy/distanceMeters(latitude1:longitude1:latitude2:longitude2:)``), so a clean track is
///    measured exactly as ``MileageMeter`` measures it.
/// 4. **Held**: on entering, the steps of the window back to where the phone first came within
///    ``holdRadius`` of its present position are taken back (the car had stopped there); the
///    phone's wander and walks while held count nothing; on moving off, the vehicle's
///    displacement over the stretch, the geodesic from where it stopped to where it moves, is
///    counted once. A held stretch of ``parkedSeconds`` or more is a parked stop; a shorter one
///    (a red light) is part of the drive.
struct VehicleRun: Sendable {
    static let capacity = 32
    static let window: Int64 = 8000
    static let slowSpeed = 2.0
    static let movingSpeed = 2.5
    static let holdRadius = 8.0
    static let parkedSeconds: Int64 = 120
    static let worstAccuracy = 50.0
    static let resetAfter = 3
    /// Metres a fix may lie from the constant-velocity prediction `seconds` after the last one,
    /// at `speed` m/s: 25 m, what braking or accelerating at 5 m/s² moves a car off it, and the
    /// speed's own length (a right-angle turn within the second, at any speed up to 60 m/s).
    static func gate(seconds: Double, speed: Double) -> Double { 25 + 2.5 * seconds * seconds + speed * seconds }

    struct Point {
        var time: Int64
        var x: Double
        var y: Double
        var latitude: Double
        var longitude: Double
        /// The run's distance once this point was counted.
        var meters: Double
    }

    let session: Int64
    private(set) var meters = 0.0
    private(set) var rejected = 0
    private(set) var stops: [VehicleStop] = []
    private(set) var lastTime: Int64?

    /// The last accepted points, oldest first, at most `capacity`.
    private var ring: [Point] = []
    private var head = 0
    private var refusedInARow = 0
    private var moving = false
    /// Where the vehicle stopped (held), and the farthest the phone went from there since.
    private var anchor: Point?
    private var radius = 0.0
    /// Metres per degree for the session's local plane (gating and speed only).
    private var metresPerDegreeLongitude = 0.0

    init(session: Int64, resumingAfter time: Int64? = nil) {
        self.session = session
        lastTime = time
        ring.reserveCapacity(Self.capacity)
    }

    /// The parked stop under way when the run ends while held long enough.
    var openStop: VehicleStop? {
        guard !moving, let anchor, let last = newest, last.time - anchor.time >= Self.parkedSeconds * 1000 else { return nil }
        return stop(from: anchor, to: last.time)
    }

    private var count: Int { ring.count }
    /// The i-th newest point (0: the newest).
    private func back(_ i: Int) -> Point {
        let index = head - 1 - i
        return ring[index < 0 ? index + ring.count : index]
    }
    private var newest: Point? { ring.isEmpty ? nil : back(0) }

    private func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    mutating func add(time: Int64, latitude: Double, longitude: Double, accuracy: Double?) {
        lastTime = time
        if let accuracy, accuracy > Self.worstAccuracy {
            rejected += 1
            return
        }
        if ring.isEmpty { metresPerDegreeLongitude = 111_412.84 * cos(latitude * .pi / 180) }
        var point = Point(time: time, x: longitude * metresPerDegreeLongitude, y: latitude * 111_132.954,
                          latitude: latitude, longitude: longitude, meters: meters)
        if isOutlier(point) {
            rejected += 1
            return
        }
        guard let previous = newest else {
            anchor = point
            push(point)
            return
        }
        let speed = windowSpeed(to: point)
        if moving {
            meters += Geodesy.distanceMeters(latitude1: previous.latitude, longitude1: previous.longitude, latitude2: latitude, longitude2: longitude)
            point.meters = meters
            push(point)
            if let speed, speed < Self.slowSpeed { hold() }
        } else {
            guard let held = anchor else { return }
            radius = max(radius, distance(held, point))
            if let speed, speed > Self.movingSpeed {
                if time - held.time >= Self.parkedSeconds * 1000 { stops.append(stop(from: held, to: movedOff(from: held, before: point))) }
                meters += Geodesy.distanceMeters(latitude1: held.latitude, longitude1: held.longitude, latitude2: latitude, longitude2: longitude)
                moving = true
                anchor = nil
            }
            point.meters = meters
            push(point)
        }
    }

    private mutating func push(_ point: Point) {
        if ring.count < Self.capacity { ring.append(point) } else { ring[head] = point }
        head = head + 1 == Self.capacity ? 0 : head + 1
    }

    private mutating func isOutlier(_ point: Point) -> Bool {
        guard let last = newest else { return false }
        let seconds = Double(point.time - last.time) / 1000
        var predictedX = last.x, predictedY = last.y, gate = 25 + 60 * seconds
        if count >= 2 {
            let before = back(1)
            let span = Double(last.time - before.time) / 1000
            if span > 0, span <= 10 {
                let vx = (last.x - before.x) / span, vy = (last.y - before.y) / span
                predictedX += vx * seconds
                predictedY += vy * seconds
                gate = Self.gate(seconds: seconds, speed: (vx * vx + vy * vy).squareRoot())
            }
        }
        let dx = point.x - predictedX, dy = point.y - predictedY
        if dx * dx + dy * dy <= gate * gate || refusedInARow >= Self.resetAfter {
            if refusedInARow >= Self.resetAfter { ring.removeAll(keepingCapacity: true); head = 0 }
            refusedInARow = 0
            return false
        }
        refusedInARow += 1
        return true
    }

    /// Displacement over the window ending at `point`, per second; nil until two seconds are seen.
    private func windowSpeed(to point: Point) -> Double? {
        var reference: Point?
        for i in 0..<count {
            let p = back(i)
            reference = p
            if point.time - p.time >= Self.window { break }
        }
        guard let reference, point.time - reference.time >= 2000 else { return nil }
        return distance(reference, point) / (Double(point.time - reference.time) / 1000)
    }

    /// Enters the held state at the newest point: the steps back to where the phone first came
    /// within `holdRadius` of it are taken back, and that point is where the vehicle stopped.
    private mutating func hold() {
        guard let now = newest else { return }
        var stopped = now
        for i in 1..<count {
            let p = back(i)
            if distance(p, now) > Self.holdRadius || now.time - p.time > 2 * Self.window { break }
            stopped = p
        }
        meters = stopped.meters
        anchor = stopped
        radius = distance(stopped, now)
        moving = false
    }

    /// The last time the phone was within `holdRadius` of the anchor before `point` moved off.
    private func movedOff(from anchor: Point, before point: Point) -> Int64 {
        for i in 0..<count where distance(back(i), anchor) <= Self.holdRadius { return back(i).time }
        return point.time
    }

    private func stop(from anchor: Point, to end: Int64) -> VehicleStop {
        VehicleStop(session: session, start: Instant(millisecondsSinceEpoch: anchor.time),
                    end: Instant(millisecondsSinceEpoch: max(end, anchor.time)), radiusMeters: radius)
    }
}
