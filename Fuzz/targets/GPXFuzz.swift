// Target `gpx`: the GPX reader (Sources/DashImport/GPXReader.swift, libxml2's SAX2 push parser
// through the CLibXML2 module) with the capture path's acceptance filter behind it, as an import
// runs them.
//
// Input: byte 0 picks the chunk size (bits 0-2) and whether the receiver throws at its
// (byte >> 3)th call (a failing import stopping the reader; 0 = never); the rest is the file. The
// file is read in one piece and in chunks, and the two must agree on the verdict and the points.
// Checked: every point handed on is in range and in a segment of a track.

@testable import DashImport
import DashModel
import Foundation

private struct Stop: Error {}

private final class Receiver: GPXReceiver {
    var filter = AcceptanceFilter()
    var events: [String] = []
    var inTrack = false
    var inSegment = false
    var calls = 0
    let throwAt: Int

    init(throwAt: Int) { self.throwAt = throwAt }

    private func call() throws {
        calls += 1
        if calls == throwAt { throw Stop() }
    }

    func gpxTrackBegan(index: Int) throws {
        invariant(!inTrack, "a track began inside a track")
        inTrack = true
        events.append("T\(index)")
        try call()
    }

    func gpxSegmentBegan(track: Int, segment: Int) throws {
        invariant(inTrack && !inSegment, "a segment began outside a track or inside a segment")
        inSegment = true
        filter.startSegment()
        events.append("S\(track).\(segment)")
        try call()
    }

    func gpxPoint(_ point: GPXPoint) throws {
        invariant(inSegment, "a point outside a segment")
        invariant((-90...90).contains(point.latitude), "latitude \(point.latitude) handed on")
        invariant(point.longitude >= -180 && point.longitude < 180, "longitude \(point.longitude) handed on")
        if let accuracy = point.horizontalAccuracy { invariant(accuracy >= 0 && accuracy.isFinite, "accuracy \(accuracy) handed on") }
        _ = filter.judge(at: point.at, latitude: point.latitude, longitude: point.longitude, horizontalAccuracy: point.horizontalAccuracy)
        events.append("P\(point.at.millisecondsSinceEpoch),\(point.latitude),\(point.longitude),\(String(describing: point.horizontalAccuracy))")
        try call()
    }

    func gpxSegmentEnded() throws {
        invariant(inSegment, "a segment ended that had not begun")
        inSegment = false
        events.append("s")
        try call()
    }

    func gpxTrackEnded() throws {
        invariant(inTrack && !inSegment, "a track ended that had not begun, or inside a segment")
        inTrack = false
        events.append("t")
        try call()
    }
}

/// The outcome: "ok" and the events, or "refused" and the problems' lines, or "stopped".
private func read(_ bytes: UnsafeBufferPointer<UInt8>, chunk: Int, throwAt: Int) -> String {
    let receiver = Receiver(throwAt: throwAt)
    let reader = GPXReader(receiver: receiver)
    var sha = SHA256()
    do {
        try forEachChunk(bytes, size: chunk) { piece in
            sha.update(piece)
            try reader.feed(piece)
        }
        let summary = try reader.finish()
        _ = sha.finalizeHex()
        invariant(summary.points >= receiver.events.filter { $0.hasPrefix("P") }.count, "more points handed on than counted")
        return "ok \(summary.points) \(summary.tracks) \(summary.segments) " + receiver.events.joined(separator: ";")
    } catch let error as GPXReadError {
        invariant(!error.problems.isEmpty, "a GPXReadError without problems")
        invariant(error.problems.count <= GPXReader.maxProblems + 1, "\(error.problems.count) problems")
        _ = error.problems.map(\.description)
        return "refused"
    } catch is Stop {
        return "stopped"
    } catch {
        fatalError("unexpected error \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPX(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let selector = input.byte(0)
    let file = input.rest(from: 1)
    let throwAt = Int(selector >> 3)
    let whole = read(file, chunk: max(file.count, 1), throwAt: throwAt)
    let size = chunkSize(selector & 7, count: file.count)
    if size < file.count {
        let chunked = read(file, chunk: size, throwAt: throwAt)
        invariant(whole == chunked, "whole and \(size)-byte chunks disagree:\n  \(whole.prefix(300))\n  \(chunked.prefix(300))")
    }
    return 0
}
