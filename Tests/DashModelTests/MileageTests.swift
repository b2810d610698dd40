import DashModel
import Testing

@Suite("MileageMeter: sessions, parked stretches, order")
struct MileageTests {
    static let t0: Int64 = 1_762_092_000_000  // 2025-11-02T14:00:00Z

    static func at(_ seconds: Int64) -> Instant { Instant(millisecondsSinceEpoch: t0 + seconds * 1000) }

    static func interval(_ from: Int64, _ to: Int64) throws -> Interval { try Interval(start: at(from), end: at(to)) }

    /// Points ~100 m apart due north from 41.88°N, 87.63°W: point(i).
    static func point(_ i: Int) -> (Double, Double) { (41.88 + Double(i) * 0.0009, -87.63) }

    static func step(_ i: Int, _ j: Int) -> Double {
        let (a, b) = (point(i), point(j))
        return Geodesy.distanceMeters(latitude1: a.0, longitude1: a.1, latitude2: b.0, longitude2: b.1)
    }

    /// Feeds point(i) at second 10·i for each i, in session `session`.
    static func feed(_ meter: inout MileageMeter, session: Int64 = 1, points: [Int], seconds: [Int64]? = nil) {
        for (k, i) in points.enumerated() {
            let (lat, lon) = point(i)
            meter.add(captureSession: session, at: at(seconds?[k] ?? Int64(i) * 10), latitude: lat, longitude: lon)
        }
    }

    @Test("an empty route and a single sample measure nothing")
    func nothing() {
        var meter = MileageMeter(suspensions: [])
        #expect(meter.meters == 0 && meter.miles == 0 && meter.kilometres == 0)
        Self.feed(&meter, points: [3])
        #expect(meter.meters == 0)
    }

    @Test("consecutive samples of one session add up; miles and kilometres convert exactly")
    func oneSession() {
        var meter = MileageMeter(suspensions: [])
        Self.feed(&meter, points: Array(0...10))
        let expected = (0..<10).map { Self.step($0, $0 + 1) }.reduce(0, +)
        #expect(meter.meters == expected)
        #expect(abs(meter.meters - 999.6) < 0.5)  // 10 steps of 0.0009° north, ~99.96 m each
        #expect(meter.miles == meter.meters / 1609.344)
        #expect(meter.kilometres == meter.meters / 1000)
        #expect(MileageMeter.miles(1609.344) == 1)
        #expect(MileageMeter.miles(160_934.4) == 100)
        #expect(MileageMeter.miles(0) == 0)
    }

    @Test("two sessions are never bridged")
    func noBridging() {
        var meter = MileageMeter(suspensions: [])
        Self.feed(&meter, session: 1, points: [0, 1, 2])
        Self.feed(&meter, session: 2, points: [50, 51])  // 5 km further on: no step from 2 to 50
        #expect(meter.meters == Self.step(0, 1) + Self.step(1, 2) + Self.step(50, 51))
    }

    @Test("interleaved sessions pair within their own session")
    func interleaved() {
        var meter = MileageMeter(suspensions: [])
        // Session 1 on points 0,1,2,3; session 2 on points 100,101,102,103; alternating in time.
        for k in 0..<4 {
            let (a, b) = (Self.point(k), Self.point(100 + k))
            meter.add(captureSession: 1, at: Self.at(Int64(2 * k)), latitude: a.0, longitude: a.1)
            meter.add(captureSession: 2, at: Self.at(Int64(2 * k + 1)), latitude: b.0, longitude: b.1)
        }
        let expected = (0..<3).map { Self.step($0, $0 + 1) + Self.step(100 + $0, 101 + $0) }.reduce(0, +)
        #expect(abs(meter.meters - expected) < 1e-9)
        // A third session that comes back after the others.
        Self.feed(&meter, session: 1, points: [4], seconds: [20])
        #expect(abs(meter.meters - expected - Self.step(3, 4)) < 1e-9)
    }

    @Test("a step starting inside a suspension is left out; one starting at its end counts")
    func suspensions() throws {
        // Points 0...6 at seconds 0, 10, ..., 60; parked [10 s, 30 s).
        var meter = try MileageMeter(suspensions: [Self.interval(10, 30)])
        Self.feed(&meter, points: Array(0...6))
        // Steps start at 0 (counts: starts before, ends inside), 10 and 20 (inside: out),
        // 30 (at the end: counts), 40, 50.
        let expected = Self.step(0, 1) + Self.step(3, 4) + Self.step(4, 5) + Self.step(5, 6)
        #expect(abs(meter.meters - expected) < 1e-9)
    }

    @Test("several suspensions, unsorted, overlapping, touching and empty")
    func manySuspensions() throws {
        let parked = try [Self.interval(50, 60), Self.interval(10, 20), Self.interval(15, 25), Self.interval(25, 30),
                      Self.interval(40, 40), Self.interval(52, 55)]
        var meter = MileageMeter(suspensions: parked)
        Self.feed(&meter, points: Array(0...7))
        // Parked: [10, 30) and [50, 60). Steps start at 0..70 every 10 s: out at 10, 20, 50.
        let expected = [0, 3, 4, 6].map { Self.step($0, $0 + 1) }.reduce(0, +)
        #expect(abs(meter.meters - expected) < 1e-9)
    }

    @Test("an open suspension (far end) leaves out everything after its start")
    func openSuspension() throws {
        let open = try Interval(start: Self.at(25), end: Instant(millisecondsSinceEpoch: .max))
        var meter = MileageMeter(suspensions: [open])
        Self.feed(&meter, points: Array(0...9))
        // Steps start at 0, 10, 20 (count) and 30 ... 80 (out).
        let expected = [0, 1, 2].map { Self.step($0, $0 + 1) }.reduce(0, +)
        #expect(abs(meter.meters - expected) < 1e-9)
    }

    @Test("a sample earlier than its session's last is skipped and counted, never a crash")
    func backwardsInSession() throws {
        var meter = try MileageMeter(suspensions: [Self.interval(100, 200)])
        // Points 0, 1, 2 at 0, 10, 20 s; then point 9 at 5 s (out of order); then point 3 at 30 s.
        Self.feed(&meter, points: [0, 1, 2, 9, 3], seconds: [0, 10, 20, 5, 30])
        #expect(meter.outOfOrderSamples == 1)
        var reference = try MileageMeter(suspensions: [Self.interval(100, 200)])
        Self.feed(&reference, points: [0, 1, 2, 3], seconds: [0, 10, 20, 30])
        #expect(meter.meters == reference.meters)
        // The same instant twice is in order: it pairs.
        Self.feed(&meter, points: [4, 5], seconds: [30, 30])
        #expect(meter.outOfOrderSamples == 1)
        #expect(abs(meter.meters - reference.meters - Self.step(3, 4) - Self.step(4, 5)) < 1e-9)
    }

    @Test("another session earlier in time counts, and parking is still looked up right")
    func backwardsAcrossSessions() throws {
        // Parked [10 s, 20 s) and [100 s, 110 s).
        var meter = try MileageMeter(suspensions: [Self.interval(10, 20), Self.interval(100, 110)])
        // Session 1 runs late (100, 110, 120 s); then session 2 was recorded earlier (5, 12, 25 s).
        Self.feed(&meter, session: 1, points: [0, 1, 2], seconds: [100, 110, 120])
        Self.feed(&meter, session: 2, points: [50, 51, 52], seconds: [5, 12, 25])
        // Session 1: the step from 100 s is parked, the one from 110 s counts.
        // Session 2: the step from 5 s counts, the one from 12 s is parked.
        #expect(meter.outOfOrderSamples == 0)
        #expect(abs(meter.meters - Self.step(1, 2) - Self.step(50, 51)) < 1e-9)
        // Back to session 1, later again: the lookup moves forward from where it is.
        Self.feed(&meter, session: 1, points: [3], seconds: [130])
        #expect(abs(meter.meters - Self.step(1, 2) - Self.step(2, 3) - Self.step(50, 51)) < 1e-9)
    }

    @Test("a long shift: 100 000 samples in two sessions with parked stretches, same as by hand")
    func longShift() throws {
        var parked: [Interval] = []
        for k in stride(from: Int64(0), to: 100_000, by: 1_000) { parked.append(try Self.interval(k + 300, k + 400)) }
        var meter = MileageMeter(suspensions: parked.reversed())
        var expected = 0.0
        var previous: (lat: Double, lon: Double, seconds: Int64)?
        for s in Int64(0)..<100_000 {
            if s == 50_000 { previous = nil }  // a new session from here
            let lat = 41.88 + Double(s % 2_000) * 0.0001, lon = -87.63 + Double(s / 2_000) * 0.0001
            meter.add(captureSession: s < 50_000 ? 7 : 8, at: Self.at(s), latitude: lat, longitude: lon)
            if let p = previous, !(300..<400).contains(p.seconds % 1_000) {
                expected += Geodesy.distanceMeters(latitude1: p.lat, longitude1: p.lon, latitude2: lat, longitude2: lon)
            }
            previous = (lat, lon, s)
        }
        #expect(meter.meters == expected)
        #expect(meter.outOfOrderSamples == 0)
    }
}
