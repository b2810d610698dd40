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
}
