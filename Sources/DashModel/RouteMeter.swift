/// A shift's route measured session by session, each by the method its capture session records
/// (``MeasureMethod``, docs/mileage.md "History does not move"): geodesic-1 sessions through
/// ``MileageMeter``, vehicle-1 sessions through ``VehicleMeter``. Sessions are never bridged by
/// either, so routing each sample to its session's meter changes no figure.
public struct RouteMeter: Sendable {
    private var geodesic: MileageMeter
    private var vehicle: VehicleMeter
    private let methods: [Int64: MeasureMethod]
    private var usesVehicle = false
    /// The distance by the trips active when it was counted (``PlatformMilesSplit``).
    public private(set) var split: PlatformMilesSplit
    private var counted = 0.0

    /// `methods`: each capture session's method (a session not listed is measured by geodesic-1,
    /// the method every session had before methods were recorded). `trips`: the shift's trips,
    /// for its miles per platform.
    public init(suspensions: [Interval], methods: [Int64: MeasureMethod], trips: [TripWindow] = []) {
        geodesic = MileageMeter(suspensions: suspensions)
        vehicle = VehicleMeter(suspensions: suspensions)
        self.methods = methods
        split = PlatformMilesSplit(trips: trips)
    }

    public mutating func add(captureSession: Int64, at: Instant, latitude: Double, longitude: Double, accuracy: Double?) {
        switch methods[captureSession] ?? .geodesic1 {
        case .geodesic1:
            geodesic.add(captureSession: captureSession, at: at, latitude: latitude, longitude: longitude)
        case .vehicle1:
            usesVehicle = true
            vehicle.add(captureSession: captureSession, at: at, latitude: latitude, longitude: longitude, accuracy: accuracy)
        }
        if split.hasTrips {
            let now = meters
            split.add(now - counted, at: at.millisecondsSinceEpoch)
            counted = now
        }
    }

    /// The distance so far, metres, over every session.
    public var meters: Double { geodesic.meters + (usesVehicle ? vehicle.meters : 0) }

    /// The stops vehicle-1 found (geodesic-1 finds none: its sessions keep no parked stretches
    /// but the ones recorded).
    public var stops: [VehicleStop] { usesVehicle ? vehicle.stops : [] }
}
