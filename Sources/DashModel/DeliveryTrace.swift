import Foundation

/// A phone's track of a delivery shift with its known truth: what the vehicle drove, when it was
/// parked. Written by ``DeliveryTraceModel``; the truth-based tests, `dashpilot-bench` and
/// `dashpilot-gpxgen --truth` use it to measure a vehicle meter (docs/mileage.md).
public struct DeliveryTrace: Sendable {
    /// One fix as the phone logged it.
    public struct Sample: Sendable, Equatable {
        public var at: Instant
        public var latitude: Double
        public var longitude: Double
        /// The receiver's reported horizontal accuracy, metres (nil on a clean trace).
        public var accuracy: Double?
    }

    /// The fixes, one a second, in time order.
    public internal(set) var samples: [Sample] = []
    /// The vehicle's true distance, metres: the geodesic along the street polyline it drove.
    public internal(set) var vehicleMeters: Double = 0
    /// The true parked stretches (a delivery stop, from the car standing still to it moving off).
    public internal(set) var parked: [Interval] = []
    /// Traffic-light and stop-sign stops (part of a drive).
    public internal(set) var lightStops = 0
    /// The phone's distance walked at stops, metres (truth, not vehicle distance).
    public internal(set) var walkedMeters: Double = 0
    /// Fixes placed far off on purpose.
    public internal(set) var outliers = 0
}

/// The receiver error: a first-order Gauss-Markov wander per axis (standard deviation `sigma`,
/// time constant `tau` seconds) plus white noise, and now and then one fix far off.
struct ReceiverError {
    var sigma: Double
    var tau: Double
    var white: Double
    var outlierChance: Double
    private var x = 0.0, y = 0.0

    init(sigma: Double, tau: Double, white: Double, outlierChance: Double, rng: inout TraceRandom) {
        self.sigma = sigma
        self.tau = tau
        self.white = white
        self.outlierChance = outlierChance
        x = sigma * rng.normal()
        y = sigma * rng.normal()
    }

    /// The error of the next fix (one second on), east and north metres; `outlier` when far off.
    mutating func next(_ rng: inout TraceRandom) -> (east: Double, north: Double, outlier: Bool) {
        let rho = exp(-1 / tau)
        let kick = sigma * (1 - rho * rho).squareRoot()
        x = rho * x + kick * rng.normal()
        y = rho * y + kick * rng.normal()
        var east = x + white * rng.normal(), north = y + white * rng.normal()
        if outlierChance > 0, rng.unit() < outlierChance {
            let distance = rng.uniform(30, 200), angle = rng.uniform(0, 2 * Double.pi)
            east += distance * cos(angle)
            north += distance * sin(angle)
            return (east, north, true)
        }
        return (east, north, false)
    }
}

/// SplitMix64 with uniform and normal draws: the trace model's only source of chance.
struct TraceRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed ^ 0x5DEE_CE66_D1CE_4E5B }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    mutating func int(_ low: Int, _ high: Int) -> Int { low + Int(next() % UInt64(high - low + 1)) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    /// Standard normal (Box-Muller).
    mutating func normal() -> Double {
        let u = max(unit(), 1e-300), v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}

/// East-north metres around a fixed origin (State and Madison, Chicago) and back to degrees, on
/// the local tangent plane: exact enough for a city's extent, and the truth is taken in degrees
/// with ``Geodesy/distanceMeters(latitude1:longitude1:latitude2:longitude2:)`` anyway.
struct TracePlane {
    var latitude0 = 41.8781
    var longitude0 = -87.6298
    var metresPerDegreeLatitude: Double { 111_132.954 - 559.822 * cos(2 * latitude0 * .pi / 180) }
    var metresPerDegreeLongitude: Double { 111_412.84 * cos(latitude0 * .pi / 180) }
    func latitude(_ north: Double) -> Double { latitude0 + north / metresPerDegreeLatitude }
    func longitude(_ east: Double) -> Double { longitude0 + east / metresPerDegreeLongitude }
}
