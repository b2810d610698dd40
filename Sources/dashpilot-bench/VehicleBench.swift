import DashModel
import Foundation

/// Group 9 (issue 15): the vehicle meter against traces with a known truth, and its speed beside
/// today's MileageMeter in the same run.
func vehicleBench() {
    print("9. vehicle distance (VehicleMeter, \(VehicleMeter.method)) on generated delivery shifts with a known truth")
    var worst = 0.0
    for seed in UInt64(1)...8 {
        let trace = DeliveryTraceModel.shift(seed: seed)
        var vehicle = VehicleMeter(), plain = MileageMeter(suspensions: [])
        for s in trace.samples {
            vehicle.add(captureSession: 1, at: s.at, latitude: s.latitude, longitude: s.longitude, accuracy: s.accuracy)
            plain.add(captureSession: 1, at: s.at, latitude: s.latitude, longitude: s.longitude)
        }
        let error = vehicle.meters / trace.vehicleMeters - 1
        worst = max(worst, abs(error))
        print(String(format: "   seed %llu: truth %.2f km, vehicle %.2f km (%+.2f%%), today's sum %+.1f%%, stops %d found of %d",
                     seed, trace.vehicleMeters / 1000, vehicle.meters / 1000, error * 100,
                     (plain.meters / trace.vehicleMeters - 1) * 100, vehicle.stops.count, trace.parked.count))
    }
    print(String(format: "   worst |error|: %.2f%% (goal 1.5%%, floor 3%%)", worst * 100))

    var cleanWorst = 0.0
    for heading in stride(from: 0.0, to: 360, by: 15) {
        for speed in [3.0, 8.0, 15.0, 35.0] {
            for turn in [0.0, 90.0, -90.0] {
                let (v, g) = cleanTrack(heading: heading, speed: speed, turn: turn)
                cleanWorst = max(cleanWorst, abs(v / g - 1))
            }
        }
    }
    print(String(format: "   clean tracks (24 headings x 3-35 m/s x straight or turning 90° a minute): worst %.5f%% from the geodesic sum (goal 0.1%%)",
                 cleanWorst * 100))

    // An 8-hour 1 Hz session: shifts of several seeds laid end to end, 28,800 samples.
    var samples: [DeliveryTrace.Sample] = []
    var seed: UInt64 = 100
    while samples.count < 28_800 {
        let offset = Int64(samples.count) * 1000
        for var s in DeliveryTraceModel.shift(seed: seed, startMs: 1_793_984_400_000 + offset).samples where samples.count < 28_800 {
            s.at = Instant(millisecondsSinceEpoch: s.at.millisecondsSinceEpoch)
            samples.append(s)
        }
        seed += 1
    }
    let clock = ContinuousClock()
    func time(_ body: () -> Double) -> (seconds: Double, meters: Double) {
        var runs: [Double] = []
        var meters = 0.0
        for _ in 0..<15 {
            let t0 = clock.now
            meters = body()
            runs.append(seconds(clock.now - t0))
        }
        return (median(runs), meters)
    }
    let vehicle = time {
        var meter = VehicleMeter()
        for s in samples { meter.add(captureSession: 1, at: s.at, latitude: s.latitude, longitude: s.longitude, accuracy: s.accuracy) }
        return meter.meters
    }
    let plain = time {
        var meter = MileageMeter(suspensions: [])
        for s in samples { meter.add(captureSession: 1, at: s.at, latitude: s.latitude, longitude: s.longitude) }
        return meter.meters
    }
    print(String(format: "   an 8-hour 1 Hz session (28,800 samples), median of 15: VehicleMeter %.2f ms (%.0f ns/sample; goal under 50 ms), MileageMeter %.2f ms (%.0f ns/sample)",
                 vehicle.seconds * 1000, vehicle.seconds / 28_800 * 1e9, plain.seconds * 1000, plain.seconds / 28_800 * 1e9))
    print(String(format: "   a year of 250 such shifts (7.2 M samples), meter time alone: VehicleMeter %.2f s, MileageMeter %.2f s"
                     + " (the report's meter runs on a second core beside the SQLite reads, ~1.3 s)",
                 vehicle.seconds * 250, plain.seconds * 250))
    print()
}

/// A clean 1 Hz track of 20 minutes, turning by `turn` degrees each minute: (vehicle, geodesic).
func cleanTrack(heading: Double, speed: Double, turn: Double) -> (Double, Double) {
    var lat = 41.88, lon = -87.63, h = heading
    var vehicle = VehicleMeter(), plain = MileageMeter(suspensions: [])
    for i in 0...1200 {
        if i > 0 {
            if turn != 0, i % 60 == 0 { h += turn }
            lat += speed * cos(h * .pi / 180) / 111_090
            lon += speed * sin(h * .pi / 180) / (111_412.84 * cos(lat * .pi / 180))
        }
        let at = Instant(millisecondsSinceEpoch: 1_762_092_000_000 + Int64(i) * 1000)
        vehicle.add(captureSession: 1, at: at, latitude: lat, longitude: lon)
        plain.add(captureSession: 1, at: at, latitude: lat, longitude: lon)
    }
    return (vehicle.meters, plain.meters)
}
