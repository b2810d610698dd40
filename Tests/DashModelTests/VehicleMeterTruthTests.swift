import DashModel
import Foundation
import Testing

/// The vehicle meter against traces whose truth is known (DeliveryTraceModel): docs/mileage.md,
/// "Vehicle distance".
@Suite("VehicleMeter: generated delivery shifts with a known vehicle distance")
struct VehicleMeterTruthTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

    static func measure(_ trace: DeliveryTrace) -> (vehicle: VehicleMeter, geodesic: Double) {
        var vehicle = VehicleMeter()
        var plain = MileageMeter(suspensions: [])
        for s in trace.samples {
            vehicle.add(captureSession: 1, at: s.at, latitude: s.latitude, longitude: s.longitude, accuracy: s.accuracy)
            plain.add(captureSession: 1, at: s.at, latitude: s.latitude, longitude: s.longitude)
        }
        return (vehicle, plain.meters)
    }

    @Test("each seed's noisy shift is measured within 3% of the vehicle's true distance", arguments: seeds)
    func noisyShift(seed: UInt64) {
        let trace = DeliveryTraceModel.shift(seed: seed)
        let (meter, geodesic) = Self.measure(trace)
        let error = meter.meters / trace.vehicleMeters - 1
        print(String(format: "seed %llu: truth %.0f m, vehicle %.0f m (%+.2f%%), geodesic sum %+.1f%%, stops %d of %d, lights %d, outliers %d",
                     seed, trace.vehicleMeters, meter.meters, error * 100, (geodesic / trace.vehicleMeters - 1) * 100,
                     meter.stops.count, trace.parked.count, trace.lightStops, trace.outliers))
        #expect(abs(error) < 0.03)
    }

    @Test("each seed's delivery stops are found, one inferred stop for each, and no red light is one", arguments: seeds)
    func stopsFound(seed: UInt64) {
        let trace = DeliveryTraceModel.shift(seed: seed)
        let stops = Self.measure(trace).vehicle.stops
        #expect(stops.count == trace.parked.count)
        for parked in trace.parked {
            let overlapping = stops.filter { $0.start < parked.end && parked.start < $0.end }
            #expect(overlapping.count == 1, "parked \(parked.start)..\(parked.end)")
        }
        #expect(trace.lightStops > 10)
    }

    @Test("a clean delivery shift (no receiver error) measures within 0.6% of its truth: walks and standing are still taken out")
    func cleanShift() {
        for seed in Self.seeds.prefix(3) {
            let trace = DeliveryTraceModel.shift(seed: seed, noisy: false)
            let meters = Self.measure(trace).vehicle.meters
            print(String(format: "clean seed %llu: %+.3f%%", seed, (meters / trace.vehicleMeters - 1) * 100))
            #expect(abs(meters / trace.vehicleMeters - 1) < 0.006, "seed \(seed): \(meters) of \(trace.vehicleMeters)")
        }
    }
}
