import CLibXML2
import DashModel

/// One track point as the file gives it, checked: a time, coordinates in range, and the
/// horizontal accuracy in metres where the file says it (see ``GPXReader``).
public struct GPXPoint: Sendable, Equatable {
    public let line: Int
    public let at: Instant
    public let latitude: Double
    public let longitude: Double
    public let horizontalAccuracy: Double?
    /// `<hdop>` as written; ``horizontalAccuracy`` holds it in metres once the file's unit is
    /// decided (GPXHDOPLookAhead.swift).
    public let hdop: Double?
}

/// A problem at a line of the file.
public struct GPXProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { line > 0 ? "\(line): \(message)" : message }
}

/// Why a file was refused: every problem found (point problems are all listed; an XML error
/// ends the reading, so it is the last).
public struct GPXReadError: Error, Sendable {
    public let problems: [GPXProblem]
}

/// What the reader saw, for the summary.
public struct GPXReadSummary: Sendable, Equatable {
    public var version = ""
    public var creator = ""
    public var tracks = 0
    public var segments = 0
    public var points = 0
    public var waypointsIgnored = 0
    public var routesIgnored = 0
    public var timesWithoutZone = 0
    public var bytes: Int64 = 0
    /// `<gpx>` had no namespace and was read as the version it declares.
    public var declaresNoNamespace = false
    /// Track points without a time: left out.
    public var untimed = GPXUntimedPoints()
    /// How `<hdop>` was read; nil when no point had one.
    public var hdopReading: HDOPReading?
    public var sawHDOP = false

    public init() {}
}

/// Receives a file's tracks as they are read, in document order. Throwing stops the reading.
public protocol GPXReceiver: AnyObject {
    func gpxTrackBegan(index: Int) throws
    func gpxSegmentBegan(track: Int, segment: Int) throws
    func gpxPoint(_ point: GPXPoint) throws
    func gpxSegmentEnded() throws
    func gpxTrackEnded() throws
}

/// How the reader recognises names (libxml2 gives them as NUL-terminated UTF-8).
extension GPXReader {
    static func equals(_ pointer: UnsafePointer<xmlChar>?, _ literal: StaticString) -> Bool {
        guard let pointer else { return false }
        return literal.withUTF8Buffer { expected in
            for index in 0..<expected.count where pointer[index] != expected[index] { return false }
            return pointer[expected.count] == 0
        }
    }

    static func isGPXNamespace(_ uri: UnsafePointer<xmlChar>?) -> String? {
        if equals(uri, "http://www.topografix.com/GPX/1/1") || equals(uri, "https://www.topografix.com/GPX/1/1") { return "1.1" }
        if equals(uri, "http://www.topografix.com/GPX/1/0") || equals(uri, "https://www.topografix.com/GPX/1/0") { return "1.0" }
        return nil
    }

    static func isOpenTracksNamespace(_ uri: UnsafePointer<xmlChar>?) -> Bool {
        equals(uri, "http://opentracksapp.com/xmlschemas/v1") || equals(uri, "https://opentracksapp.com/xmlschemas/v1")
            || equals(uri, "http://opentracksapp.com/xmlschemes/v1")
    }
}
