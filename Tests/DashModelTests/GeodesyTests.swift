import DashModel
import Foundation
import Testing

/// References written here, independently of `Geodesy`: WGS84 constants, the meridian arc by
/// Helmert's series, the radius of a parallel, and haversine on the mean sphere.
enum GeodesyReference {
    static let a = 6_378_137.0
    static let f = 1 / 298.257223563
    static let e2 = f * (2 - f)
    static let degrees = Double.pi / 180

    /// Meridian arc length from the equator to latitude `phi` (degrees), Helmert's series in the
    /// third flattening n = f / (2 − f), to n⁴ (truncation ~n⁵ ≈ 1e-14 relative):
    /// m(φ) = a/(1+n) [(1 + n²/4 + n⁴/64) φ − 3/2 (n − n³/8) sin 2φ + 15/16 (n² − n⁴/4) sin 4φ
    ///                 − 35/48 n³ sin 6φ + 315/512 n⁴ sin 8φ].
    static func meridianArc(toLatitude phiDegrees: Double) -> Double {
        let n = f / (2 - f)
        let n2 = n * n, n3 = n2 * n, n4 = n3 * n
        let phi = phiDegrees * degrees
        let series = (1 + n2 / 4 + n4 / 64) * phi
            - 1.5 * (n - n3 / 8) * sin(2 * phi)
            + 15.0 / 16 * (n2 - n4 / 4) * sin(4 * phi)
            - 35.0 / 48 * n3 * sin(6 * phi)
            + 315.0 / 512 * n4 * sin(8 * phi)
        return a / (1 + n) * series
    }

    /// Prime-vertical radius of curvature N(φ) = a / √(1 − e² sin²φ).
    static func primeVertical(_ phiDegrees: Double) -> Double {
        let s = sin(phiDegrees * degrees)
        return a / (1 - e2 * s * s).squareRoot()
    }

    /// Meridional radius of curvature M(φ) = a (1 − e²) / (1 − e² sin²φ)^(3/2).
    static func meridional(_ phiDegrees: Double) -> Double {
        let s = sin(phiDegrees * degrees)
        let w2 = 1 - e2 * s * s
        return a * (1 - e2) / (w2 * w2.squareRoot())
    }

    /// Haversine on the IUGG mean-radius sphere (R = 6 371 008.8 m).
    static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let r = 6_371_008.8
        let dPhi = (lat2 - lat1) * degrees, dLambda = (lon2 - lon1) * degrees
        let h = pow(sin(dPhi / 2), 2) + cos(lat1 * degrees) * cos(lat2 * degrees) * pow(sin(dLambda / 2), 2)
        return 2 * r * asin(min(1, h.squareRoot()))
    }

    /// A point about `meters` from (lat, lon) along `bearing` degrees, by the local radii (the
    /// exact length does not matter: both formulas are compared on the same two points).
    static func offset(_ lat: Double, _ lon: Double, bearing: Double, meters: Double) -> (Double, Double) {
        let north = meters * cos(bearing * degrees), east = meters * sin(bearing * degrees)
        let lat2 = lat + north / meridional(lat) / degrees
        let lon2 = lon + east / (primeVertical(lat) * cos(lat * degrees)) / degrees
        return (lat2, lon2)
    }

    static func relative(_ value: Double, _ reference: Double) -> Double { abs(value - reference) / reference }
}

@Suite("Geodesy: short-segment distance and Vincenty reference")
struct GeodesyTests {
    typealias R = GeodesyReference

    /// The summed tangent-plane distance over a route every ~15 m due north along a meridian.
    static func northwardRoute(from lat0: Double, to lat1: Double, longitude: Double) -> (summed: Double, steps: Int) {
        let steps = Int(((lat1 - lat0) * R.degrees * 6_367_000 / 15).rounded())
        var total = 0.0
        var previous = lat0
        for i in 1...steps {
            let lat = lat0 + (lat1 - lat0) * Double(i) / Double(steps)
            total += Geodesy.distanceMeters(latitude1: previous, longitude1: longitude, latitude2: lat, longitude2: longitude)
            previous = lat
        }
        return (total, steps)
    }

    @Test("the meridian series itself gives the published WGS84 quadrant, 10 001 965.7293 m")
    func seriesQuadrant() {
        #expect(abs(R.meridianArc(toLatitude: 90) - 10_001_965.7293) < 0.001)
    }

    @Test("a meridian arc sampled every 15 m matches Helmert's series within 1e-5",
          arguments: [(40.0, 40.1, -87.6), (-0.05, 0.05, 10.0), (0.0, 0.1, 0.0), (60.0, 60.1, 24.9), (-45.0, -44.9, 170.0)])
    func meridianArc(from: Double, to: Double, longitude: Double) {
        let route = Self.northwardRoute(from: from, to: to, longitude: longitude)
        #expect(route.steps > 700)
        let expected = R.meridianArc(toLatitude: to) - R.meridianArc(toLatitude: from)
        #expect(R.relative(route.summed, expected) < 1e-5)
        // Far better in fact: the mid-latitude radius integrates the arc to third order.
        #expect(R.relative(route.summed, expected) < 1e-9)
    }

    @Test("a parallel at 45°N over 0.1° of longitude sums to N(φ)·cos φ·Δλ within 1e-6")
    func parallel() {
        let lat = 45.0, lon0 = -93.3, span = 0.1
        let steps = 500  // ~15.7 m apart
        var total = 0.0
        for i in 0..<steps {
            let lonA = lon0 + span * Double(i) / Double(steps)
            let lonB = lon0 + span * Double(i + 1) / Double(steps)
            total += Geodesy.distanceMeters(latitude1: lat, longitude1: lonA, latitude2: lat, longitude2: lonB)
        }
        let expected = R.primeVertical(lat) * cos(lat * R.degrees) * span * R.degrees
        #expect(R.relative(total, expected) < 1e-6)
        #expect(abs(expected - 7_885.0) < 10)  // the right size: 0.1° east at 45°N is about 7.9 km
    }

    @Test("Vincenty reproduces published geodesic distances")
    func vincentyPublished() {
        func dms(_ d: Double, _ m: Double, _ s: Double) -> Double { d + m / 60 + s / 3600 }
        // Flinders Peak to Buninyong (Vincenty 1975; Geoscience Australia): 54 972.271 m.
        let flinders = Geodesy.geodesicMeters(
            latitude1: -dms(37, 57, 3.72030), longitude1: dms(144, 25, 29.52440),
            latitude2: -dms(37, 39, 10.15610), longitude2: dms(143, 55, 35.38390))
        #expect(abs(flinders - 54_972.271) < 0.0005)
        // Equator to pole along a meridian: the WGS84 quadrant, 10 001 965.7293 m.
        let quadrant = Geodesy.geodesicMeters(latitude1: 0, longitude1: 30, latitude2: 90, longitude2: 30)
        #expect(abs(quadrant - 10_001_965.7293) < 0.001)
        // Karney (2013, J. Geodesy 87:43) nearly antipodal example: 19 989 832.82761 m.
        let karney = Geodesy.geodesicMeters(latitude1: -30, longitude1: 0, latitude2: 29.9, longitude2: 179.8)
        #expect(abs(karney - 19_989_832.82761) < 0.001)
    }

    @Test("Vincenty on cases derived by hand and its antipodal fallback")
    func vincentyDerived() {
        // A short arc of the equator is a geodesic: a·Δλ.
        let equator = Geodesy.geodesicMeters(latitude1: 0, longitude1: 12, latitude2: 0, longitude2: 12.001)
        #expect(abs(equator - R.a * 0.001 * R.degrees) < 1e-6)
        // Along a meridian: the difference of Helmert's series.
        let meridian = Geodesy.geodesicMeters(latitude1: 40, longitude1: -74, latitude2: 41, longitude2: -74)
        #expect(abs(meridian - (R.meridianArc(toLatitude: 41) - R.meridianArc(toLatitude: 40))) < 1e-6)
        // The same point, and symmetry.
        #expect(Geodesy.geodesicMeters(latitude1: 45, longitude1: 7, latitude2: 45, longitude2: 7) == 0)
        // Antipodal points on the equator: the geodesic goes over a pole, half a meridian.
        let halfMeridian = 2 * R.meridianArc(toLatitude: 90)
        for (lat1, lon1, lat2, lon2) in [(0.0, 0.0, 0.0, 180.0), (30.0, 0.0, -30.0, 180.0), (10.0, 20.0, -10.0, -160.0), (90.0, 0.0, -90.0, 0.0)] {
            let d = Geodesy.geodesicMeters(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            #expect(abs(d - halfMeridian) < 0.001, "\(lat1),\(lon1) to \(lat2),\(lon2): \(d)")
        }
        // Nearly antipodal on the equator, where the plain iteration fails (GeographicLib 2.1 values).
        let nearly = Geodesy.geodesicMeters(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 179.5)
        #expect(abs(nearly - 19_980_861.908891) < 0.001)
        let nearly2 = Geodesy.geodesicMeters(latitude1: 0, longitude1: 0, latitude2: 0.5, longitude2: 179.5)
        #expect(abs(nearly2 - 19_936_288.578965) < 0.001)
        // Just past where the equator stops being the shortest path (L > (1 − f)·180°), where the
        // azimuth's fixed-point iteration passes sin α = 1 on its way to the root.
        for (longitude, expected) in [(179.4, 19_970_715.516596), (179.45, 19_976_018.991667), (-139.65829127075972 - 40.94489491028284 + 360, 19_970_361.954849)] {
            let d = Geodesy.geodesicMeters(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: longitude)
            #expect(abs(d - expected) < 0.001, "0,0 to 0,\(longitude): \(d)")
        }
    }

    @Test("a city grid loop: tangent-plane sum within 1e-5 of Vincenty, and 2.5 miles long")
    func cityGrid() {
        // Chicago: 8 blocks to the mile both ways. 6 blocks east, 4 north, 6 west, 4 south.
        let block = 1609.344 / 8
        var corners: [(Double, Double)] = [(41.8781, -87.6298)]
        for (bearing, blocks) in [(90.0, 6.0), (0.0, 4.0), (270.0, 6.0), (180.0, 4.0)] {
            let (lat, lon) = corners[corners.count - 1]
            corners.append(R.offset(lat, lon, bearing: bearing, meters: blocks * block))
        }
        // Sampled every ~15.5 m like a GPS track, fed through the meter.
        var meter = MileageMeter(suspensions: [])
        var vincentySteps = 0.0
        var vincentyLegs = 0.0
        var time = Instant(secondsSinceEpoch: 1_700_000_000)
        var previous = corners[0]
        meter.add(captureSession: 1, at: time, latitude: previous.0, longitude: previous.1)
        for leg in 0..<4 {
            let (a, b) = (corners[leg], corners[leg + 1])
            vincentyLegs += Geodesy.geodesicMeters(latitude1: a.0, longitude1: a.1, latitude2: b.0, longitude2: b.1)
            let pieces = leg % 2 == 0 ? 78 : 52
            for i in 1...pieces {
                let t = Double(i) / Double(pieces)
                let point = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
                time = time.adding(milliseconds: 1000)
                meter.add(captureSession: 1, at: time, latitude: point.0, longitude: point.1)
                vincentySteps += Geodesy.geodesicMeters(latitude1: previous.0, longitude1: previous.1, latitude2: point.0, longitude2: point.1)
                previous = point
            }
        }
        #expect(R.relative(meter.meters, vincentyLegs) < 1e-5)
        #expect(R.relative(meter.meters, vincentySteps) < 1e-5)
        #expect(abs(meter.miles - 2.5) < 1e-5)
    }

    /// The worst relative error of the tangent plane against Vincenty over 72 headings at a
    /// latitude, for one segment length.
    static func worstError(latitude: Double, meters: Double) -> Double {
        var worst = 0.0
        for k in 0..<72 {
            let (lat2, lon2) = R.offset(latitude, 10, bearing: Double(k) * 5, meters: meters)
            let fast = Geodesy.distanceMeters(latitude1: latitude, longitude1: 10, latitude2: lat2, longitude2: lon2)
            let reference = Geodesy.geodesicMeters(latitude1: latitude, longitude1: 10, latitude2: lat2, longitude2: lon2)
            worst = max(worst, R.relative(fast, reference))
        }
        return worst
    }

    @Test("every heading: within 1e-5 of Vincenty for 10 m to 5 km at 0 to 75 degrees",
          arguments: [10.0, 100.0, 1_000.0, 5_000.0])
    func everyHeading(meters: Double) {
        for latitude in [0.0, 30.0, 45.0, 60.0, 75.0, -45.0] {
            let worst = Self.worstError(latitude: latitude, meters: meters)
            #expect(worst < 1e-5, "\(meters) m at \(latitude)°: \(worst)")
            // The bounds measured for docs/mileage.md, with a margin of about 2x.
            let measured: Double = switch meters {
            case ..<1_000: 1e-9
            case ..<5_000: 4e-8
            default: 1e-6
            }
            #expect(worst < measured, "\(meters) m at \(latitude)°: \(worst)")
        }
    }

    @Test("haversine on the mean sphere is not within 0.1%: 0.28% short eastward at 45°N")
    func haversineIsNotGoodEnough() {
        let (lat2, lon2) = R.offset(45, 10, bearing: 90, meters: 1_000)
        let reference = Geodesy.geodesicMeters(latitude1: 45, longitude1: 10, latitude2: lat2, longitude2: lon2)
        let haversine = R.haversine(45, 10, lat2, lon2)
        let fast = Geodesy.distanceMeters(latitude1: 45, longitude1: 10, latitude2: lat2, longitude2: lon2)
        #expect((reference - haversine) / reference > 0.001)
        #expect(abs((reference - haversine) / reference - 0.0028) < 0.0001)
        #expect(R.relative(fast, reference) < 1e-8)
        // And long northward near the equator, by about 0.56%.
        let (latN, lonN) = R.offset(0, 10, bearing: 0, meters: 1_000)
        let north = Geodesy.geodesicMeters(latitude1: 0, longitude1: 10, latitude2: latN, longitude2: lonN)
        #expect((R.haversine(0, 10, latN, lonN) - north) / north > 0.005)
    }

    @Test("across the antimeridian and over a pole the distance stays short")
    func wrapAround() {
        let across = Geodesy.distanceMeters(latitude1: 0, longitude1: 179.9999, latitude2: 0, longitude2: -179.9999)
        #expect(abs(across - R.a * 0.0002 * R.degrees) < 1e-6)
        let back = Geodesy.distanceMeters(latitude1: -33.9, longitude1: -179.99995, latitude2: -33.9001, longitude2: 179.99995)
        let backReference = Geodesy.geodesicMeters(latitude1: -33.9, longitude1: -179.99995, latitude2: -33.9001, longitude2: 179.99995)
        #expect(R.relative(back, backReference) < 1e-9)
        #expect(back < 20)
        // Over the north pole: twice the meridian arc from 89.9999° to the pole.
        let overPole = Geodesy.distanceMeters(latitude1: 89.9999, longitude1: 0, latitude2: 89.9999, longitude2: 180)
        let expected = 2 * (R.meridianArc(toLatitude: 90) - R.meridianArc(toLatitude: 89.9999))
        #expect(abs(overPole - expected) < 1e-6)
    }

    @Test("any pair within ~100 km, anywhere: within 5e-6 of Vincenty, and symmetric")
    func randomPairs() {
        var state: UInt64 = 0x5EED_0F_DA5B
        func uniform(_ low: Double, _ high: Double) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return low + (high - low) * Double(state >> 11) / Double(UInt64(1) << 53)
        }
        var worst = 0.0
        var asymmetric = 0
        for _ in 0..<20_000 {
            let lat1 = uniform(-89.9, 89.9), lon1 = uniform(-180, 180)
            let lat2 = max(-90, min(90, lat1 + uniform(-0.6, 0.6)))
            var lon2 = lon1 + uniform(-0.6, 0.6)
            if lon2 >= 180 { lon2 -= 360 } else if lon2 < -180 { lon2 += 360 }
            let fast = Geodesy.distanceMeters(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            let reference = Geodesy.geodesicMeters(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            let reversed = Geodesy.distanceMeters(latitude1: lat2, longitude1: lon2, latitude2: lat1, longitude2: lon1)
            if abs(fast - reversed) > 1e-12 * fast { asymmetric += 1 }
            if reference > 1 { worst = max(worst, R.relative(fast, reference)) }
        }
        #expect(worst < 5e-6)
        #expect(asymmetric == 0)
    }
}
