import Foundation

/// Distances on the WGS84 ellipsoid.
///
/// Constants (WGS84, NIMA TR8350.2):
/// - semi-major axis `a` = 6 378 137 m,
/// - flattening `f` = 1 / 298.257223563,
/// - first eccentricity squared `e² = f (2 − f)` ≈ 0.00669437999014,
/// - semi-minor axis `b = a (1 − f)` ≈ 6 356 752.314245 m.
///
/// Two functions:
/// - ``distanceMeters(latitude1:longitude1:latitude2:longitude2:)``: the fast one, for the short
///   segments between consecutive GPS fixes. It is what mileage uses (millions of calls a report).
/// - ``geodesicMeters(latitude1:longitude1:latitude2:longitude2:)``: Vincenty's inverse formula, the
///   reference for tests and documentation. Iterative, over ten times the cost.
///
/// Latitudes and longitudes are in degrees (north and east positive).
public enum Geodesy {
    /// WGS84 semi-major axis (equatorial radius), metres.
    public static let semiMajorAxis: Double = 6_378_137
    /// WGS84 flattening.
    public static let flattening: Double = 1 / 298.257223563
    /// WGS84 semi-minor axis (polar radius), metres: `a (1 − f)`.
    public static let semiMinorAxis: Double = semiMajorAxis * (1 - flattening)
    /// WGS84 first eccentricity squared: `f (2 − f)`.
    public static let eccentricitySquared: Double = flattening * (2 - flattening)

    /// Beyond this many radians of latitude or longitude difference (about 32 km north-south) the
    /// short-segment formula hands over to ``geodesicMeters(latitude1:longitude1:latitude2:longitude2:)``.
    public static let shortSegmentLimitRadians: Double = 0.005

    // MARK: - The fast, short-segment distance

    /// The distance in metres between two nearby points on the WGS84 ellipsoid, from the local
    /// tangent plane at their mid-latitude.
    ///
    /// Formula, with φm = (φ1 + φ2) / 2, Δφ = φ2 − φ1 and Δλ = λ2 − λ1 wrapped into [−π, π] (so a
    /// segment across the antimeridian is short, as it should be):
    ///
    ///     W² = 1 − e² sin²φm
    ///     N  = a / W              prime-vertical radius of curvature
    ///     M  = a (1 − e²) / W³    meridional radius of curvature
    ///     dy = M · Δφ             north-south, metres
    ///     dx = N · cos φm · Δλ    east-west, metres
    ///     d  = √(dx² + dy²)
    ///
    /// Cost: one `sin`, one `cos`, one `sqrt` and two divisions, no iteration.
    ///
    /// Error against the true geodesic (Vincenty / GeographicLib) is of second order in the
    /// segment's length: it grows as d², largest for an east-west segment at high latitude. Measured
    /// (worst of 72 headings): at most 3e-10 relative for 10 m and 100 m segments (the floating-point
    /// floor); 1.4e-9 at 1 km and 3.4e-8 at 5 km at 45°; 1.6e-8 at 1 km and 4e-7 at 5 km at 75°.
    /// Haversine on a 6 371 008.8 m sphere is off by up to about 0.6% whatever the length (0.28%
    /// short for an eastward segment at 45°N).
    ///
    /// When |Δφ| or |Δλ| exceeds ``shortSegmentLimitRadians`` (a long jump after a gap in
    /// recording, or a step across a pole), the result is
    /// ``geodesicMeters(latitude1:longitude1:latitude2:longitude2:)`` instead, so the answer stays
    /// within about 3e-6 of the geodesic for any pair of points. That branch is never taken between
    /// consecutive fixes of a drive.
    @inlinable
    public static func distanceMeters(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        // Literals rather than the static constants above, so the inlined body folds them.
        let radiansPerDegree = Double.pi / 180
        let semiMajorAxis = 6_378_137.0
        let flattening = 1 / 298.257223563
        let e2 = flattening * (2 - flattening)
        let limit = 0.005  // shortSegmentLimitRadians
        let dPhi = (latitude2 - latitude1) * radiansPerDegree
        var dLambdaDegrees = longitude2 - longitude1
        if abs(dLambdaDegrees) > 180 { dLambdaDegrees = dLambdaDegrees.remainder(dividingBy: 360) }
        let dLambda = dLambdaDegrees * radiansPerDegree
        if abs(dPhi) > limit || abs(dLambda) > limit {
            return geodesicMeters(latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2)
        }
        let phiM = (latitude1 + latitude2) * (0.5 * radiansPerDegree)
        let sinPhi = sin(phiM)
        let inverseW2 = 1 / (1 - e2 * sinPhi * sinPhi)
        // d = N·√((cos φm Δλ)² + ((1 − e²) Δφ / W²)²), with N = a / W.
        let x = cos(phiM) * dLambda
        let y = (1 - e2) * dPhi * inverseW2
        return semiMajorAxis * (((x * x + y * y) * inverseW2).squareRoot())
    }

    // MARK: - The reference: Vincenty's inverse formula

    /// The length in metres of the shortest geodesic between two points on the WGS84 ellipsoid, by
    /// Vincenty's inverse formula (T. Vincenty, "Direct and inverse solutions of geodesics on the
    /// ellipsoid with application of nested equations", Survey Review 23(176), 1975).
    ///
    /// On the auxiliary sphere (reduced latitudes tan U = (1 − f) tan φ) it iterates the longitude
    /// λ from λ = L (the longitude difference) until it changes by at most 1e-12 rad (about
    /// 0.006 mm), at most 200 times, then evaluates the series for s = b A (σ − Δσ). Accurate to
    /// well under a millimetre; checked against GeographicLib (Karney) to better than 1e-11
    /// relative over random pairs of points anywhere, nearly antipodal ones included.
    ///
    /// Fallback for nearly antipodal points, where the fixed-point iteration oscillates or λ leaves
    /// [−π, π] (Vincenty's own caveat): the same equation λ = L + (1 − C) f sin α {…} is solved by
    /// bracketing its roots on [|L|, π] (64 sub-intervals) and bisecting each; the shortest of the
    /// candidates is taken. When the points are antipodal on the auxiliary sphere (U2 = −U1, for
    /// instance both on the equator), λ = π and σ = π and the azimuth is the unknown instead:
    /// sin α = (π − |L|) / ((1 − C) f π), and s = b A π. Not on any hot path.
    public static func geodesicMeters(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let radiansPerDegree = Double.pi / 180
        let f = flattening
        let b = semiMinorAxis
        var longitudeDifference = longitude2 - longitude1
        if abs(longitudeDifference) > 180 { longitudeDifference = longitudeDifference.remainder(dividingBy: 360) }
        let L = longitudeDifference * radiansPerDegree
        let u1 = atan((1 - f) * tan(latitude1 * radiansPerDegree))
        let u2 = atan((1 - f) * tan(latitude2 * radiansPerDegree))
        let auxiliary = AuxiliaryLatitudes(sinU1: sin(u1), cosU1: cos(u1), sinU2: sin(u2), cosU2: cos(u2))

        var lambda = L
        for _ in 0..<200 {
            guard let step = auxiliary.evaluate(sinLambda: sin(lambda), cosLambda: cos(lambda)) else {
                // sin σ = 0: the same point, or antipodal on the auxiliary sphere.
                if auxiliary.cosSigma(cosLambda: cos(lambda)) > 0 { return 0 }
                break
            }
            let next = L + step.lambdaCorrection
            if abs(next) > .pi { break }
            if abs(next - lambda) <= 1e-12 {
                return auxiliary.evaluate(sinLambda: sin(next), cosLambda: cos(next))?.distance ?? step.distance
            }
            lambda = next
        }
        return nearlyAntipodal(longitudeDifference: abs(L), auxiliary, semiMinorAxis: b)
    }

    /// The reduced latitudes' sines and cosines, and one evaluation of Vincenty's nested equations.
    struct AuxiliaryLatitudes {
        let sinU1: Double, cosU1: Double, sinU2: Double, cosU2: Double

        struct Step {
            /// λ − L: (1 − C) f sin α {σ + C sin σ [cos 2σm + C cos σ (−1 + 2 cos² 2σm)]}.
            let lambdaCorrection: Double
            /// s = b A (σ − Δσ).
            let distance: Double
        }

        func cosSigma(cosLambda: Double) -> Double { sinU1 * sinU2 + cosU1 * cosU2 * cosLambda }

        /// Nil when sin σ = 0 (coincident or antipodal on the auxiliary sphere).
        func evaluate(sinLambda: Double, cosLambda: Double) -> Step? {
            let f = Geodesy.flattening
            let a = Geodesy.semiMajorAxis
            let b = Geodesy.semiMinorAxis
            let p = cosU2 * sinLambda
            let q = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            let sinSigma = (p * p + q * q).squareRoot()
            guard sinSigma > 0 else { return nil }
            let cosSigma = cosSigma(cosLambda: cosLambda)
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cos2Alpha = 1 - sinAlpha * sinAlpha
            // On the equator cos²α = 0 and the term is 0.
            let cos2SigmaM = cos2Alpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cos2Alpha : 0
            let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
            let correction = (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            let uSquared = cos2Alpha * (a * a - b * b) / (b * b)
            let bigA = Geodesy.vincentyA(uSquared)
            let bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
            let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
            return Step(lambdaCorrection: correction, distance: b * bigA * (sigma - deltaSigma))
        }
    }

    /// Vincenty's A(u²) = 1 + u²/16384 {4096 + u² [−768 + u² (320 − 175 u²)]}.
    static func vincentyA(_ uSquared: Double) -> Double {
        1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
    }

    /// The fallback of ``geodesicMeters(latitude1:longitude1:latitude2:longitude2:)`` for nearly
    /// antipodal points. `longitudeDifference` is |L| in [0, π] (the distance is symmetric in the
    /// sign of L).
    static func nearlyAntipodal(longitudeDifference L: Double, _ auxiliary: AuxiliaryLatitudes, semiMinorAxis b: Double) -> Double {
        let f = flattening
        var best = Double.infinity
        // F(λ) = L + correction(λ) − λ: F(L) ≥ 0, and at λ = π exactly (sin λ = 0) F = L − π ≤ 0,
        // so every sign change on [L, π] brackets a solution of Vincenty's equation.
        func residual(_ lambda: Double, isEnd: Bool) -> (value: Double, distance: Double)? {
            let step = isEnd
                ? auxiliary.evaluate(sinLambda: 0, cosLambda: -1)
                : auxiliary.evaluate(sinLambda: sin(lambda), cosLambda: cos(lambda))
            guard let step else { return nil }
            return (L + step.lambdaCorrection - lambda, step.distance)
        }
        let pieces = 64
        let width = Double.pi - L
        var previous = residual(L, isEnd: width == 0)
        var previousLambda = L
        if let previous, previous.value == 0 { best = min(best, previous.distance) }
        if width > 0 {
            for k in 1...pieces {
                let lambda = k == pieces ? Double.pi : L + width * Double(k) / Double(pieces)
                let current = residual(lambda, isEnd: k == pieces)
                defer { previous = current; previousLambda = lambda }
                guard let low = previous, let high = current else { continue }
                if high.value == 0 { best = min(best, high.distance); continue }
                if low.value == 0 || (low.value > 0) == (high.value > 0) { continue }
                var lo = previousLambda, hi = lambda
                for _ in 0..<200 {
                    let mid = 0.5 * (lo + hi)
                    guard lo < mid, mid < hi, let m = residual(mid, isEnd: false) else { break }
                    if (m.value > 0) == (low.value > 0) { lo = mid } else { hi = mid }
                }
                if let root = residual(0.5 * (lo + hi), isEnd: false) { best = min(best, root.distance) }
            }
        }
        // Antipodal on the auxiliary sphere (U2 = −U1): λ = σ = π and α is the unknown.
        if abs(auxiliary.sinU1 + auxiliary.sinU2) < 1e-15 {
            // Fixed point of sin α = (π − |L|) / ((1 − C) f π); C shrinks as sin α grows, so an
            // iterate may pass 1 on the way to a root just below it: clamp, and judge at the end.
            var sinAlpha = 0.0
            var unclamped = 0.0
            for _ in 0..<100 {
                let cos2Alpha = 1 - sinAlpha * sinAlpha
                let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
                unclamped = (Double.pi - L) / ((1 - c) * f * Double.pi)
                let next = min(unclamped, 1)
                let done = abs(next - sinAlpha) < 1e-15
                sinAlpha = next
                if done { break }
            }
            if unclamped <= auxiliary.cosU1 {
                let cos2Alpha = 1 - sinAlpha * sinAlpha
                let a = semiMajorAxis
                best = min(best, b * vincentyA(cos2Alpha * (a * a - b * b) / (b * b)) * Double.pi)
            }
        }
        // Not reached for points on the ellipsoid; half a meridian is the longest geodesic there is.
        return best.isFinite ? best : b * vincentyA((semiMajorAxis * semiMajorAxis - b * b) / (b * b)) * Double.pi
    }
}
