@testable import DashImport
import DashModel
import Foundation
import Testing
import TestSupport

/// Records what a ``GPXReader`` hands on, in order.
final class RecordingReceiver: GPXReceiver {
    var points: [GPXPoint] = []
    var events: [String] = []

    func gpxTrackBegan(index: Int) throws { events.append("track \(index)") }
    func gpxSegmentBegan(track: Int, segment: Int) throws { events.append("segment \(track).\(segment)") }
    func gpxPoint(_ point: GPXPoint) throws {
        points.append(point)
        events.append("point")
    }
    func gpxSegmentEnded() throws { events.append("end segment") }
    func gpxTrackEnded() throws { events.append("end track") }
}

/// What reading one file gave: a summary when it was read, else the problems it was refused for.
struct Reading {
    var receiver: RecordingReceiver
    var summary: GPXReadSummary?
    var problems: [GPXProblem]

    var points: [GPXPoint] { receiver.points }
    var refused: Bool { summary == nil }
    var lines: [Int] { problems.map(\.line) }
}

/// Writes `bytes` to a file of a fresh temporary folder, reads the file back and pushes it into a
/// ``GPXReader`` `chunkSize` bytes at a time, as the import command does.
func readGPX(_ bytes: [UInt8], chunkSize: Int = 1 << 16) throws -> Reading {
    let folder = try TemporaryDirectory("DashImportTests")
    let path = folder.path("track.gpx")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let stored = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let receiver = RecordingReceiver()
    let reader = GPXReader(receiver: receiver)
    do {
        var offset = 0
        while offset < stored.count {
            let end = min(stored.count, offset + chunkSize)
            try stored[offset..<end].withUnsafeBytes { try reader.feed($0) }
            offset = end
        }
        let summary = try reader.finish()
        return Reading(receiver: receiver, summary: summary, problems: [])
    } catch let error as GPXReadError {
        return Reading(receiver: receiver, summary: nil, problems: error.problems)
    }
}

func readGPX(_ text: String, chunkSize: Int = 1 << 16) throws -> Reading {
    try readGPX(Array(text.utf8), chunkSize: chunkSize)
}

enum GPXText {
    static let gpx11 = "http://www.topografix.com/GPX/1/1"
    static let gpx10 = "http://www.topografix.com/GPX/1/0"

    /// A one-track, one-segment file, one line per element, so line numbers are known:
    /// line 1 the declaration, 2 `<gpx>`, 3 `<trk>`, 4 `<trkseg>`, then `points` from line 5 on
    /// (each entry one line), then the closing tags.
    static func track(_ points: [String], creator: String = "DashPilot tests", namespace: String = gpx11,
                      version: String = "1.1", declaration: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>") -> String {
        ([declaration, "<gpx version=\"\(version)\" creator=\"\(creator)\" xmlns=\"\(namespace)\">", " <trk>", "  <trkseg>"]
            + points + ["  </trkseg>", " </trk>", "</gpx>"]).joined(separator: "\n") + "\n"
    }

    /// A track point on one line.
    static func point(_ latitude: String, _ longitude: String, _ time: String?, _ inner: String = "") -> String {
        "   <trkpt lat=\"\(latitude)\" lon=\"\(longitude)\">" + (time.map { "<time>\($0)</time>" } ?? "") + inner + "</trkpt>"
    }
}

/// The instant of a UTC civil time, computed by DashModel's calendar (not by the GPX reader).
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, ms: Int = 0) throws -> Instant {
    try CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: ms).instant(offsetSeconds: 0)
}

/// UTF-16 code units of `text` as bytes, with the byte order mark first.
func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
        let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
}
