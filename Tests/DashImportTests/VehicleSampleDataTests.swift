@testable import DashImport
import DashModel
import Foundation
import Testing

/// Feeds a VehicleMeter with a track segment as one capture session (as the import makes them).
final class VehicleReceiver: GPXReceiver {
    var meter = VehicleMeter()
    var plain = MileageMeter(suspensions: [])
    var session: Int64 = 0

    func gpxTrackBegan(index: Int) throws {}
    func gpxSegmentBegan(track: Int, segment: Int) throws { session += 1 }
    func gpxPoint(_ point: GPXPoint) throws {
        meter.add(captureSession: session, at: point.at, latitude: point.latitude, longitude: point.longitude, accuracy: point.horizontalAccuracy)
        plain.add(captureSession: session, at: point.at, latitude: point.latitude, longitude: point.longitude)
    }
    func gpxSegmentEnded() throws {}
    func gpxTrackEnded() throws {}
}

@Suite("VehicleMeter on SampleData/gpx")
struct VehicleSampleDataTests {
    /// SampleData/gpx/README.md: 211.5 km travelled over the ten tracks, which counts the walks
    /// at pickups and drop-offs as well as the driving (Sources/dashpilot-gpxgen/Simulator.swift,
    /// `Counts.distance`): the vehicle's own distance is somewhat less.
    @Test("the ten sample tracks measure within 3% of the README's 211.5 km travelled")
    func sampleTracks() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../SampleData/gpx").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".gpx") }.sorted()
        #expect(files.count == 10)
        var vehicle = 0.0, plain = 0.0
        for file in files {
            let receiver = VehicleReceiver()
            let reader = GPXReader(receiver: receiver)
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
            try bytes.withUnsafeBytes { try reader.feed($0) }
            _ = try reader.finish()
            vehicle += receiver.meter.meters
            plain += receiver.plain.meters
        }
        print(String(format: "sample data: vehicle %.1f km (%+.1f%% of 211.5), every fix summed %.1f km", vehicle / 1000, (vehicle / 211_500 - 1) * 100, plain / 1000))
        #expect(abs(vehicle / 211_500 - 1) < 0.03)
    }
}
