import DashModel
import Foundation
import Testing

/// The vehicle meter on clean tracks (it must measure them as today's geodesic sum does) and on
/// hand-built stops: docs/mileage.md, "Vehicle distance".
@Suite("VehicleMeter: clean tracks, stops, sessions")
struct VehicleMeterTests {
    static let t0: Int64 = 1_762_092_000_000

    /// A clean 1 Hz track: `seconds` steps at `speed` m/s starting on `heading` (degrees from
    /// north), turning by `turn` degrees every `turnEvery` seconds, from 41.88 N 87.63 W.
    static func track(heading: Double, speed: Double, seconds: Int, turn: Double = 0, turnEvery: Int = 60) -> [(Instant, Double, Double)] {
        var lat = 41.88, lon = -87.63, h = heading
        var out: [(Instant, Double, Double)] = [(Instant(millisecondsSinceEpoch: t0), lat, lon)]
        for i in 1...seconds {
            if turn != 0, i % turnEvery == 0 { h += turn }
            let r = h * .pi / 180
            lat += speed * cos(r) / 111_090
            lon += speed * sin(r) / (111_412.84 * cos(lat * .pi / 180))
            out.append((Instant(millisecondsSinceEpoch: t0 + Int64(i) * 1000), lat, lon))
        }
        return out
    }

    static func both(_ points: [(Instant, Double, Double)], session: Int64 = 1) -> (vehicle: Double, geodesic: Double) {
        var vehicle = VehicleMeter(), plain = MileageMeter(suspensions: [])
        for (at, lat, lon) in points {
            vehicle.add(captureSession: session, at: at, latitude: lat, longitude: lon)
            plain.add(captureSession: session, at: at, latitude: lat, longitude: lon)
        }
        return (vehicle.meters, plain.meters)
    }

    @Test("clean straight tracks in twelve headings at 3-40 m/s measure within 0.1% of the geodesic sum",
          arguments: [3.0, 6.0, 14.0, 40.0])
    func straight(speed: Double) {
        for heading in stride(from: 0.0, to: 360, by: 30) {
            let (vehicle, geodesic) = Self.both(Self.track(heading: heading, speed: speed, seconds: 900))
            #expect(abs(vehicle / geodesic - 1) < 0.001, "heading \(heading), \(speed) m/s: \(vehicle) of \(geodesic)")
        }
    }

    @Test("clean tracks with sharp turns (90° each minute, 45° each 20 s) measure within 0.1% of the geodesic sum",
          arguments: [3.0, 8.0, 15.0])
    func turns(speed: Double) {
        for heading in stride(from: 0.0, to: 360, by: 45) {
            for (turn, every) in [(90.0, 60), (-90.0, 60), (45.0, 20)] {
                let (vehicle, geodesic) = Self.both(Self.track(heading: heading, speed: speed, seconds: 1200, turn: turn, turnEvery: every))
                #expect(abs(vehicle / geodesic - 1) < 0.001, "heading \(heading), turn \(turn), \(speed) m/s: \(vehicle) of \(geodesic)")
            }
        }
    }

    /// Drive north 60 s at 10 m/s, stand at a red light for 45 s, drive 60 s, park 5 minutes while
    /// the phone walks 50 m east and back, drive 60 s: with a slow deterministic wander of ±3 m.
    static func lightAndStop() -> (points: [(Instant, Double, Double)], driven: Double) {
        var y = 0.0, x = 0.0, t = 0
        var out: [(Instant, Double, Double)] = []
        func log(_ px: Double, _ py: Double) {
            let wx = 3 * sin(Double(t) / 9) + 0.4 * sin(Double(t) * 2.3), wy = 3 * cos(Double(t) / 13) + 0.4 * cos(Double(t) * 1.7)
            out.append((Instant(millisecondsSinceEpoch: t0 + Int64(t) * 1000), 41.88 + (py + wy) / 111_090, -87.63 + (px + wx) / 82_900))
            t += 1
        }
        func drive(_ seconds: Int) { for _ in 0..<seconds { log(x, y); y += 10 } }
        drive(60); for _ in 0..<45 { log(x, y) }
        drive(60)
        for _ in 0..<10 { log(x, y) }
        for i in 0..<36 { log(x + Double(i) * 1.4, y) }
        for _ in 0..<180 { log(x + 50, y) }
        for i in 0..<36 { log(x + 50 - Double(i) * 1.4, y) }
        for _ in 0..<40 { log(x, y) }
        drive(60)
        return (out, 180 * 10)
    }

    @Test("a 45 s red light is part of the drive; a 5-minute stop with a 50 m walk is one stop; neither adds distance")
    func stops() {
        var meter = VehicleMeter()
        let (points, driven) = Self.lightAndStop()
        for (at, lat, lon) in points { meter.add(captureSession: 7, at: at, latitude: lat, longitude: lon) }
        let stops = meter.stops
        #expect(stops.count == 1)
        if let stop = stops.first {
            #expect(stop.session == 7)
            #expect(stop.seconds >= 280 && stop.seconds <= 320)
            #expect(stop.radiusMeters > 40 && stop.radiusMeters < 60)
            let startSecond = (stop.start.millisecondsSinceEpoch - Self.t0) / 1000
            #expect(startSecond >= 160 && startSecond <= 175)
        }
        #expect(abs(meter.meters / driven - 1) < 0.02, "\(meter.meters) of \(driven)")
        let (_, geodesic) = Self.both(points)
        #expect(geodesic > driven * 1.1)  // today's sum counts the wander and the walk
    }

    @Test("two sessions are never bridged, interleaved or not")
    func sessions() {
        let a = Self.track(heading: 0, speed: 10, seconds: 300), b = Self.track(heading: 90, speed: 10, seconds: 300)
        var meter = VehicleMeter()
        for (p, q) in zip(a, b) {
            meter.add(captureSession: 1, at: p.0, latitude: p.1, longitude: p.2)
            meter.add(captureSession: 2, at: q.0, latitude: q.1, longitude: q.2)
        }
        let separate = Self.both(a).geodesic + Self.both(b, session: 2).geodesic
        #expect(abs(meter.meters / separate - 1) < 0.001)
    }

    @Test("an outlier fix 80 m off and a fix reporting 150 m accuracy count nothing; time going back is skipped")
    func outliers() {
        var points = Self.track(heading: 30, speed: 12, seconds: 600)
        let clean = Self.both(points).geodesic
        points[200].1 += 80 / 111_090.0
        var meter = VehicleMeter()
        for (i, (at, lat, lon)) in points.enumerated() {
            meter.add(captureSession: 1, at: at, latitude: lat, longitude: lon, accuracy: i == 400 ? 150 : 5)
            if i == 300 { meter.add(captureSession: 1, at: points[250].0, latitude: lat, longitude: lon) }
        }
        #expect(meter.rejectedSamples == 2 && meter.outOfOrderSamples == 1)
        #expect(abs(meter.meters / clean - 1) < 0.001)
    }

    @Test("a suspension leaves out what the vehicle did inside it")
    func suspension() throws {
        let points = Self.track(heading: 0, speed: 10, seconds: 600)
        var meter = VehicleMeter(suspensions: [try Interval(start: points[100].0, end: points[200].0)])
        for (at, lat, lon) in points { meter.add(captureSession: 1, at: at, latitude: lat, longitude: lon) }
        #expect(abs(meter.meters - 5000) < 30, "\(meter.meters)")
    }
}
