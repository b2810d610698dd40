import Foundation

/// Writes ``DeliveryTrace``s: a delivery shift on a street grid (east-west streets every 100 m,
/// north-south every 200 m; arterials with traffic lights every 400 m and 800 m), driven at 1 Hz
/// with acceleration, braking, slowing for turns and red lights (20-60 s, part of the drive),
/// 13-14 delivery stops (parked minutes, the phone walked 15-90 m to a door and back at about
/// 1.4 m/s while the car stays put), seen through ``ReceiverError``. Seeded: the same seed gives
/// the same trace. Pure: no clock, no files.
public enum DeliveryTraceModel {
    /// A shift's trace; `noisy: false` gives the vehicle's and phone's true positions (no error,
    /// no outliers, no accuracy).
    public static func shift(seed: UInt64, noisy: Bool = true, startMs: Int64 = 1_793_984_400_000) -> DeliveryTrace {
        var builder = TraceBuilder(seed: seed, noisy: noisy, startMs: startMs)
        builder.run()
        return builder.trace
    }
}

struct TraceBuilder {
    var rng: TraceRandom
    var receiver: ReceiverError?
    let plane = TracePlane()
    var trace = DeliveryTrace()
    let startMs: Int64
    var second: Int64 = 0
    var car = (x: 0.0, y: 50.0)

    init(seed: UInt64, noisy: Bool, startMs: Int64) {
        rng = TraceRandom(seed: seed)
        self.startMs = startMs
        let sigma = rng.uniform(2.5, 4.5), tau = rng.uniform(20, 60), white = rng.uniform(0.3, 0.8)
        receiver = noisy ? ReceiverError(sigma: sigma, tau: tau, white: white, outlierChance: 0.002, rng: &rng) : nil
    }

    var now: Instant { Instant(millisecondsSinceEpoch: startMs + second * 1000) }

    /// Logs the phone at (x, y) for this second and moves time on by one second.
    mutating func emit(_ x: Double, _ y: Double) {
        var east = 0.0, north = 0.0
        var accuracy: Double?
        if var error = receiver {
            let e = error.next(&rng)
            receiver = error
            east = e.east
            north = e.north
            if e.outlier { trace.outliers += 1 }
            accuracy = ((1.6 * error.sigma + rng.uniform(-0.5, 0.5)) * 10).rounded() / 10
        }
        trace.samples.append(DeliveryTrace.Sample(at: now, latitude: plane.latitude(y + north), longitude: plane.longitude(x + east), accuracy: accuracy))
        second += 1
    }

    mutating func run() {
        stand(rng.int(20, 90))
        for _ in 0..<rng.int(13, 14) {
            drive(to: destination())
            deliver()
        }
        drive(to: destination())
        stand(rng.int(20, 60))
    }

    mutating func stand(_ seconds: Int) { for _ in 0..<seconds { emit(car.x, car.y) } }

    /// A delivery stop: parked, the phone walks to a door 15-90 m off and back.
    mutating func deliver() {
        let start = now
        stand(rng.int(5, 20))
        let onColumn = TraceGrid.isColumn(car.x)
        let distance = rng.uniform(15, 90)
        let side: Double = rng.chance(0.5) ? 1 : -1
        let across = distance * rng.uniform(0.75, 1), along = (distance * distance - across * across).squareRoot() * (rng.chance(0.5) ? 1 : -1)
        let door = onColumn ? (x: car.x + side * across, y: car.y + along) : (x: car.x + along, y: car.y + side * across)
        let pace = rng.uniform(1.2, 1.6)
        walk(from: car, to: door, pace: pace)
        for _ in 0..<rng.int(90, 360) { emit(door.x, door.y) }
        walk(from: door, to: car, pace: pace)
        stand(rng.int(5, 30))
        if let stretch = try? Interval(start: start, end: now) { trace.parked.append(stretch) }
    }

    mutating func walk(from a: (x: Double, y: Double), to b: (x: Double, y: Double), pace: Double) {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        let seconds = max(1, Int((length / pace).rounded(.up)))
        for i in 1...seconds {
            let f = Double(i) / Double(seconds)
            emit(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
        }
        trace.walkedMeters += length
    }

    /// A mid-block point on a street 800-4000 m away, kept within 6 km of the origin.
    mutating func destination() -> (x: Double, y: Double) {
        let d = rng.uniform(800, 4000), angle = rng.uniform(0, 2 * Double.pi)
        let x = min(max(car.x + d * cos(angle), -6000), 6000), y = min(max(car.y + d * sin(angle), -6000), 6000)
        if rng.chance(0.5) {
            return (x: (x / 200).rounded() * 200, y: (y / 100).rounded(.down) * 100 + rng.uniform(15, 85))
        }
        return (x: (x / 200).rounded(.down) * 200 + rng.uniform(20, 180), y: (y / 100).rounded() * 100)
    }

    /// Drives to `target` on the grid, one fix a second, ending stopped there.
    mutating func drive(to target: (x: Double, y: Double)) {
        let path = TraceGrid.route(from: car, to: target, rng: &rng)
        var constraints = TraceGrid.constraints(path, rng: &rng)
        trace.lightStops += constraints.filter { $0.dwell >= 20 }.count
        constraints.append(TraceGrid.Constraint(s: path.length, v: 0, dwell: 0))
        for i in 1..<max(path.points.count, 1) {
            let a = path.points[i - 1], b = path.points[i]
            trace.vehicleMeters += Geodesy.distanceMeters(
                latitude1: plane.latitude(a.y), longitude1: plane.longitude(a.x), latitude2: plane.latitude(b.y), longitude2: plane.longitude(b.x))
        }
        let cruise = rng.uniform(10, 14), brake = 2.2, accelerate = 2.0
        var s = 0.0, v = 0.0, dwell = 0, next = 0, hint = 0
        while true {
            let p = path.locate(s, hint: &hint)
            emit(p.x, p.y)
            if dwell > 0 {
                dwell -= 1
                continue
            }
            if next >= constraints.count { break }
            var allowed = cruise
            for c in constraints[next..<min(next + 6, constraints.count)] {
                allowed = min(allowed, (c.v * c.v + 2 * brake * max(c.s - s, 0)).squareRoot())
            }
            var vNew = max(min(v + accelerate, allowed), 0)
            var target = s + 0.5 * (v + vNew)
            while next < constraints.count {
                let c = constraints[next]
                if c.v == 0 {
                    if target >= c.s - 0.5 || (c.s - s < 3 && vNew < 1) {
                        target = c.s
                        vNew = 0
                        dwell = c.dwell
                        next += 1
                    }
                    break
                } else if c.s <= target {
                    next += 1
                } else {
                    break
                }
            }
            s = min(target, path.length)
            v = vNew
        }
        car = target
    }
}
