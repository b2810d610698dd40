import DashModel
import Testing

/// Miles per platform (docs/mileage.md): distance counted while a platform's trip is active is
/// that platform's, shared equally while two platforms' trips overlap; the rest is between trips.
@Suite struct PlatformMilesTests {
    @Test func distanceGoesToTheTripsActiveWhenItIsCounted() {
        var split = PlatformMilesSplit(trips: [
            TripWindow(name: "DoorDash", start: 100, end: 200), TripWindow(name: "Uber", start: 150, end: 300),
            TripWindow(name: "doordash", start: 400, end: 500), TripWindow(name: "Uber", start: 600, end: 600), // no length: left out
        ])
        for (at, metres) in [(50, 10.0), (120, 20.0), (160, 30.0), (250, 40.0), (350, 50.0), (450, 60.0), (600, 70.0)] {
            split.add(metres, at: Int64(at))
        }
        let dash = PlatformMoney.key("DoorDash"), uber = PlatformMoney.key("Uber")
        #expect(split.meters[dash] == Double(20 + 15 + 60))
        #expect(split.meters[uber] == Double(15 + 40))
        #expect(split.betweenTrips == 10 + 50 + 70)
        #expect(split.shared == 30)
        #expect(split.names[dash] == "DoorDash")
        // Conservation: every metre is a platform's or between trips.
        #expect(split.meters.values.reduce(0, +) + split.betweenTrips == 280)
        // An earlier instant after a gap between trips reads the windows again.
        split.add(5, at: 120)
        #expect(split.meters[dash] == Double(100))
    }

    @Test func aRouteMeterSplitsWhatItMeasures() {
        var meter = RouteMeter(suspensions: [], methods: [1: .geodesic1], trips: [TripWindow(name: "Uber", start: 0, end: 30_000)])
        for second in 0..<60 {
            meter.add(captureSession: 1, at: Instant(millisecondsSinceEpoch: Int64(second) * 1000), latitude: 45 + Double(second) * 0.0001,
                      longitude: -93, accuracy: 5)
        }
        let onTrips = meter.split.meters.values.reduce(0, +)
        #expect(abs(onTrips + meter.split.betweenTrips - meter.meters) < 1e-9)
        #expect(onTrips > 0 && meter.split.betweenTrips > 0)
    }
}
