@testable import DashCLI
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// WGS84 arcs computed here, independently of DashModel's Geodesy: the meridian arc by
/// Helmert's series in the third flattening n (truncation error about 1e-7 m), the arc of a
/// parallel as the radius of that circle times the angle.
enum Ellipsoid {
    static let a = 6_378_137.0
    static let f = 1 / 298.257223563
    static let b = a * (1 - f)
    static let n = (a - b) / (a + b)
    static let e2 = f * (2 - f)

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// Distance along the meridian from the equator to `latitude`, metres.
    static func meridianArc(_ latitude: Double) -> Double {
        let phi = radians(latitude)
        let n2 = n * n, n3 = n2 * n, n4 = n2 * n2
        return (a + b) / 2 * ((1 + n2 / 4 + n4 / 64) * phi
            - 1.5 * (n - n3 / 8) * sin(2 * phi)
            + 15.0 / 16 * (n2 - n4 / 4) * sin(4 * phi)
            - 35.0 / 48 * n3 * sin(6 * phi)
            + 315.0 / 512 * n4 * sin(8 * phi))
    }

    /// The latitude `metres` north of the equator along a meridian (Newton's method on the arc).
    static func latitude(atArc metres: Double) -> Double {
        var phi = metres / a
        for _ in 0..<8 {
            let s = sin(phi)
            let radius = a * (1 - e2) / pow(1 - e2 * s * s, 1.5)
            phi += (metres - meridianArc(phi * 180 / .pi)) / radius
        }
        return phi * 180 / .pi
    }

    /// The radius of the parallel at `latitude`: N cos φ.
    static func parallelRadius(_ latitude: Double) -> Double {
        let phi = radians(latitude)
        return a * cos(phi) / sqrt(1 - e2 * sin(phi) * sin(phi))
    }

    /// Distance along the parallel at `latitude` between two longitudes, metres.
    static func parallelArc(_ latitude: Double, from west: Double, to east: Double) -> Double {
        parallelRadius(latitude) * radians(abs(east - west))
    }
}

/// Mileage through `shift show` and the store, on routes of known geometry.
@Suite struct GPXImportMileageTests {
    /// The coordinate as the file writes it, read back: what the store holds.
    static func written(_ value: Double) -> Double { Double(GPXFixture.coordinate(value)) ?? .nan }

    /// `count` points 10 m apart northward along `longitude` from `latitude`, one a second from `start`.
    static func northward(count: Int, from latitude: Double, longitude: Double = -93.27, start: Int = 0) -> [FixturePoint] {
        let origin = Ellipsoid.meridianArc(latitude)
        return (0..<count).map {
            FixturePoint(latitude: written(Ellipsoid.latitude(atArc: origin + 10 * Double($0))), longitude: longitude, at: GPXFixture.at(start + $0))
        }
    }

    /// The meridian arc between two written latitudes.
    static func arc(_ from: FixturePoint, _ to: FixturePoint) -> Double {
        abs(Ellipsoid.meridianArc(to.latitude) - Ellipsoid.meridianArc(from.latitude))
    }

    /// Imports `tracks` into a fresh store as a new shift; returns the store.
    static func imported(_ tracks: [[[FixturePoint]]]) throws -> CLIStore {
        let store = try CLIStore()
        let result = store.importGPX(try store.file("route.gpx", GPXFixture.document(tracks)))
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("new shift 1;"), "\(result.stdout)")
        #expect(!result.stdout.contains("rejected"), "\(result.stdout)")
        return store
    }

    static func recordedMeters(_ store: CLIStore, shift: Int64 = 1) throws -> Double {
        try store.direct().recordedMeters(shiftID: shift)
    }

    static func milesLine(_ store: CLIStore, shift: Int = 1) -> String? {
        store.run("shift", "show", String(shift)).stdout.split(separator: "\n").first { $0.hasPrefix("  miles:") }.map(String.init)
    }

    static func expectClose(_ measured: Double, _ expected: Double, relative: Double = 1e-6,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(measured - expected) <= relative * expected, "measured \(measured) m, expected \(expected) m",
                sourceLocation: sourceLocation)
    }

    @Test func theIndependentArcsAgreeWithKnownValues() {
        // Equator to pole: 10,001,965.729 m (WGS84 quarter meridian).
        #expect(abs(Ellipsoid.meridianArc(90) - 10_001_965.729) < 0.001)
        // One degree of latitude centred on 45°: 111,131.778 m (Simpson's rule on M(φ) gives the same to
        // the millimetre); one degree of longitude at 45°: 78,846.835 m.
        #expect(abs(Ellipsoid.meridianArc(45.5) - Ellipsoid.meridianArc(44.5) - 111_131.778) < 0.001)
        #expect(abs(Ellipsoid.parallelArc(45, from: 0, to: 1) - 78_846.835) < 0.001)
        #expect(abs(Ellipsoid.latitude(atArc: Ellipsoid.meridianArc(44.97)) - 44.97) < 1e-12)
    }

    @Test func aStraightMeridianArc() throws {
        let points = Self.northward(count: 2000, from: 44.9)
        let expected = Self.arc(points[0], points[1999])
        #expect(abs(expected - 19_990) < 0.01)
        let store = try Self.imported([[points]])
        Self.expectClose(try Self.recordedMeters(store), expected)
        #expect(Self.milesLine(store) == "  miles:     " + String(format: "%.2f", expected / 1609.344) + " recorded")
        #expect(Self.milesLine(store) == "  miles:     12.42 recorded")
    }

    @Test func aParallel() throws {
        let latitude = 44.98
        let step = 10 / Ellipsoid.parallelRadius(latitude) * 180 / .pi
        let points = (0..<1500).map {
            FixturePoint(latitude: latitude, longitude: Self.written(-93.4 + step * Double($0)), at: GPXFixture.at($0))
        }
        let expected = Ellipsoid.parallelArc(latitude, from: points[0].longitude, to: points[1499].longitude)
        #expect(abs(expected - 14_990) < 0.01)
        let store = try Self.imported([[points]])
        Self.expectClose(try Self.recordedMeters(store), expected)
        #expect(Self.milesLine(store) == "  miles:     " + String(format: "%.2f", expected / 1609.344) + " recorded")
    }

    @Test func aCityGrid() throws {
        // Three times around a block 300 m north-south by 400 m east-west, 10 m a second:
        // north, east, south, west; the east and west legs are on different parallels.
        let south = 44.95, west = -93.30
        let north = Ellipsoid.latitude(atArc: Ellipsoid.meridianArc(south) + 300)
        let east = west + 400 / Ellipsoid.parallelRadius(south) * 180 / .pi
        var corners: [(Double, Double)] = []
        for _ in 0..<3 { corners += [(south, west), (north, west), (north, east), (south, east)] }
        corners.append((south, west))
        var points: [FixturePoint] = []
        var expected = 0.0
        for (from, to) in zip(corners, corners.dropFirst()) {
            let steps = from.0 == to.0 ? 40 : 30
            for step in 0..<steps {
                let fraction = Double(step) / Double(steps)
                let latitude = from.0 == to.0 ? from.0
                    : Ellipsoid.latitude(atArc: Ellipsoid.meridianArc(from.0) + (Ellipsoid.meridianArc(to.0) - Ellipsoid.meridianArc(from.0)) * fraction)
                let longitude = from.1 + (to.1 - from.1) * fraction
                points.append(FixturePoint(latitude: Self.written(latitude), longitude: Self.written(longitude), at: GPXFixture.at(points.count)))
            }
            expected += from.0 == to.0
                ? Ellipsoid.parallelArc(Self.written(from.0), from: Self.written(from.1), to: Self.written(to.1))
                : abs(Ellipsoid.meridianArc(Self.written(to.0)) - Ellipsoid.meridianArc(Self.written(from.0)))
        }
        points.append(FixturePoint(latitude: Self.written(south), longitude: Self.written(west), at: GPXFixture.at(points.count)))
        // The north leg is 300 m, the south-side east leg 400 m, the north-side one a little shorter.
        #expect(abs(expected - 3 * (600 + 400 + 400 * Ellipsoid.parallelRadius(north) / Ellipsoid.parallelRadius(south))) < 0.01)
        let store = try Self.imported([[points]])
        Self.expectClose(try Self.recordedMeters(store), expected)
        #expect(Self.milesLine(store) == "  miles:     " + String(format: "%.2f", expected / 1609.344) + " recorded")
    }

    @Test func twoSegmentsAreNeverBridged() throws {
        let first = Self.northward(count: 100, from: 44.9)
        // 1 km north of the first segment's end, a minute later.
        let gapStart = Ellipsoid.latitude(atArc: Ellipsoid.meridianArc(first[99].latitude) + 1000)
        let second = Self.northward(count: 100, from: gapStart, start: 160)
        let store = try Self.imported([[first, second]])
        let expected = Self.arc(first[0], first[99]) + Self.arc(second[0], second[99])
        #expect(abs(expected - 1980) < 0.01)
        Self.expectClose(try Self.recordedMeters(store), expected)
        #expect(Self.milesLine(store) == "  miles:     1.23 recorded")
        // Bridged, it would be 1 km more.
        #expect(abs(try Self.recordedMeters(store) - expected) < 1)
    }

    @Test func twoTracksOnOneShiftAreNeverBridged() throws {
        let store = try CLIStore()
        store.run("shift", "add", "--start", "2026-11-02T07:00", "--end", "2026-11-02T10:00")
        let first = Self.northward(count: 50, from: 44.9)
        let second = Self.northward(count: 50, from: 45.2, start: 600)
        let result = store.importGPX(try store.file("two.gpx", GPXFixture.document([[first], [second]])))
        #expect(result.stdout.contains("on shift 1; 2 capture sessions; 100 route samples"))
        Self.expectClose(try Self.recordedMeters(store), Self.arc(first[0], first[49]) + Self.arc(second[0], second[49]))
    }

    @Test func parkedStretchesAreLeftOut() throws {
        let points = Self.northward(count: 600, from: 44.9)
        let store = try Self.imported([[points]])
        let full = Self.arc(points[0], points[599])
        Self.expectClose(try Self.recordedMeters(store), full)
        // Parked from the 100th sample's time to the 200th's, and from the 550th's to the shift's end:
        // the steps starting at samples 100...199 and 550...598 are left out.
        let direct = try store.direct()
        for (from, to) in [(100, 200), (550, 599)] {
            try direct.connection.run("INSERT INTO routeSuspension (shiftId, startedAtMs, endedAtMs) VALUES (?1, ?2, ?3)",
                                      [.integer(1), .integer(points[from].at.millisecondsSinceEpoch), .integer(points[to].at.millisecondsSinceEpoch)])
        }
        let expected = full - Self.arc(points[100], points[200]) - Self.arc(points[550], points[599])
        #expect(abs(expected - (5990 - 1000 - 490)) < 0.01)
        Self.expectClose(try Self.recordedMeters(store), expected)
        let show = store.run("shift", "show", "1").stdout
        #expect(show.contains("  miles:     " + String(format: "%.2f", expected / 1609.344) + " recorded\n"))
        #expect(show.contains("  parked:    08:01-08:03\n"))
    }
}
