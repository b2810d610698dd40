import Foundation

/// The phone apps whose GPX output the generator imitates (see docs/facts.md, "Files drivers have").
enum Style: String, CaseIterable {
    /// GPSLogger for Android, GPX 1.1: one line per point, `.SSS` UTC times, `<hdop>` as DOP
    /// plus `<sat>`, annotations as `<wpt>` newest first before `<trk>`, no trailing newline.
    case gpslogger
    /// OpenTracks: one element per line, times at the track's offset with trimmed fractions,
    /// `opentracks:accuracy_horizontal` in metres, markers first, track statistics.
    case opentracks
    /// OsmAnd: indented, whole-second UTC times, `<hdop>` holding the accuracy in metres,
    /// speed and heading in `osmand:` extensions.
    case osmand

    var appName: String {
        switch self {
        case .gpslogger: return "GPSLogger 1.1"
        case .opentracks: return "OpenTracks"
        case .osmand: return "OsmAnd 4.6"
        }
    }
}

/// What a writer needs to know before the first point.
struct TrackHeader {
    /// The first fix's time (also the shift's local start).
    var startMs: Int64
    /// The local UTC offset at the start, seconds.
    var offsetSeconds: Int
    var waypoints: [Waypoint]
    /// Known only when the whole shift was simulated first (OpenTracks needs it).
    var counts: Counts?
    var trackID: String
}

/// Writes one GPX file in one app's style, point by point.
final class GPXWriter {
    let sink: ByteSink
    let style: Style
    private let header: TrackHeader
    private var segmentOpen = false

    init(sink: ByteSink, style: Style, header: TrackHeader) {
        self.sink = sink
        self.style = style
        self.header = header
    }

    /// The most bytes `finish` can add (for files that must stop at a size).
    static let footerReserve = 512
    /// Comfortably more than any single point takes.
    static let pointReserve = 1024

    // MARK: - Header

    func begin() throws {
        switch style {
        case .gpslogger: gpsloggerHeader()
        case .opentracks: opentracksHeader()
        case .osmand: osmandHeader()
        }
        try sink.flushIfNeeded()
    }

    private func gpsloggerHeader() {
        sink.put("<?xml version=\"1.0\" encoding=\"UTF-8\" ?>")
        sink.put("<gpx version=\"1.1\" creator=\"GPSLogger 131 - http://gpslogger.mendhak.com/\" ")
        sink.put("xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" ")
        sink.put("xmlns=\"http://www.topografix.com/GPX/1/1\" ")
        sink.put("xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">")
        sink.put("<metadata><time>")
        sink.time(header.startMs, offsetSeconds: nil, fraction: .millis)
        sink.put("</time></metadata>")
        // Each annotation is spliced in right after the header, so the newest comes first.
        for w in header.waypoints.reversed() {
            sink.put("\n<wpt lat=\"")
            sink.decimal(w.lat, maxDecimals: 8, minDecimals: 1)
            sink.put("\" lon=\"")
            sink.decimal(w.lon, maxDecimals: 8, minDecimals: 1)
            sink.put("\"><ele>")
            sink.decimal(w.ele, maxDecimals: 1, minDecimals: 1)
            sink.put("</ele><time>")
            sink.time(w.timeMs, offsetSeconds: nil, fraction: .millis)
            sink.put("</time><name>")
            sink.escaped(w.name)
            sink.put("</name><src>gps</src></wpt>\n")
        }
        sink.put("<trk>")
    }

    private func opentracksHeader() {
        sink.put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx\nversion=\"1.1\"\ncreator=\"OpenTracks\"\n")
        sink.put("xmlns=\"http://www.topografix.com/GPX/1/1\"\n")
        sink.put("xmlns:topografix=\"http://www.topografix.com/GPX/Private/TopoGrafix/0/1\"\n")
        sink.put("xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n")
        sink.put("xmlns:opentracks=\"http://opentracksapp.com/xmlschemas/v1\"\n")
        sink.put("xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\"\n")
        sink.put("xmlns:gpxtrkx=\"http://www.garmin.com/xmlschemas/TrackStatsExtension/v1\"\n")
        sink.put("xmlns:cluetrust=\"http://www.cluetrust.com/Schemas/\"\n")
        sink.put("xmlns:pwr=\"http://www.garmin.com/xmlschemas/PowerExtension/v1\"\n")
        sink.put("xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd")
        sink.put(" http://www.topografix.com/GPX/Private/TopoGrafix/0/1 http://www.topografix.com/GPX/Private/TopoGrafix/0/1/topografix.xsd")
        sink.put(" http://www.garmin.com/xmlschemas/TrackPointExtension/v2 https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd")
        sink.put(" http://www.garmin.com/xmlschemas/PowerExtension/v1 https://www8.garmin.com/xmlschemas/PowerExtensionv1.xsd")
        sink.put(" http://www.garmin.com/xmlschemas/TrackStatsExtension/v1 https://www8.garmin.com/xmlschemas/TrackStatsExtension.xsd")
        sink.put(" http://www.cluetrust.com/Schemas http://www.cluetrust.com/Schemas/gpxdata10.xsd")
        sink.put(" http://opentracksapp.com/xmlschemas/v1 http://opentracksapp.com/xmlschemas/OpenTracks_v1.xsd\">\n")
        for w in header.waypoints {
            sink.put("<wpt lat=\"")
            sink.decimal(w.lat, maxDecimals: 6, minDecimals: 0)
            sink.put("\" lon=\"")
            sink.decimal(w.lon, maxDecimals: 6, minDecimals: 0)
            sink.put("\">\n<ele>")
            sink.decimal(w.ele, maxDecimals: 1, minDecimals: 0)
            sink.put("</ele>\n<time>")
            sink.time(w.timeMs, offsetSeconds: header.offsetSeconds, fraction: .trimmed)
            sink.put("</time>\n<name><![CDATA[")
            sink.put(w.name)
            sink.put("]]></name>\n<desc><![CDATA[]]></desc>\n<type><![CDATA[")
            sink.put(w.group)
            sink.put("]]></type>\n</wpt>\n")
        }
        sink.put("<trk>\n<name><![CDATA[")
        sink.put(localStamp(header.startMs, offset: header.offsetSeconds, separator: " ", timeSeparator: ":"))
        sink.put("]]></name>\n<desc><![CDATA[]]></desc>\n<type><![CDATA[driving]]></type>\n<extensions>\n")
        sink.put("<topografix:color>c0c0c0</topografix:color>\n<opentracks:trackid>")
        sink.put(header.trackID)
        sink.put("</opentracks:trackid>\n<opentracks:typeTranslated><![CDATA[Driving]]></opentracks:typeTranslated>\n")
        let c = header.counts ?? Counts()
        let timer = c.points
        sink.put("<gpxtrkx:TrackStatsExtension>\n<gpxtrkx:Distance>")
        sink.decimal(c.distance, maxDecimals: 3, minDecimals: 1)
        sink.put("</gpxtrkx:Distance>\n<gpxtrkx:TimerTime>")
        sink.int(timer)
        sink.put("</gpxtrkx:TimerTime>\n<gpxtrkx:MovingTime>")
        sink.int(c.movingSeconds)
        sink.put("</gpxtrkx:MovingTime>\n<gpxtrkx:StoppedTime>")
        sink.int(max(timer - c.movingSeconds, 0))
        sink.put("</gpxtrkx:StoppedTime>\n<gpxtrkx:MaxSpeed>")
        sink.decimal(c.maxSpeed, maxDecimals: 2, minDecimals: 1)
        sink.put("</gpxtrkx:MaxSpeed>\n</gpxtrkx:TrackStatsExtension>\n</extensions>\n")
    }

    private func osmandHeader() {
        sink.put("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n")
        sink.put("<gpx version=\"1.1\" creator=\"OsmAnd Maps 4.6\" xmlns=\"http://www.topografix.com/GPX/1/1\"")
        sink.put(" xmlns:osmand=\"https://osmand.net/docs/technical/osmand-file-formats/osmand-gpx\"")
        sink.put(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        sink.put(" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")
        sink.put("  <metadata>\n    <name>")
        sink.put(localStamp(header.startMs, offset: header.offsetSeconds, separator: "_", timeSeparator: "-", weekday: true))
        sink.put("</name>\n    <time>")
        sink.time(header.startMs, offsetSeconds: nil, fraction: .none)
        sink.put("</time>\n  </metadata>\n")
        for w in header.waypoints {
            sink.put("  <wpt lat=\"")
            sink.decimal(w.lat, maxDecimals: 7, minDecimals: 2)
            sink.put("\" lon=\"")
            sink.decimal(w.lon, maxDecimals: 7, minDecimals: 2)
            sink.put("\">\n    <ele>")
            sink.decimal(w.ele, maxDecimals: 1, minDecimals: 0)
            sink.put("</ele>\n    <time>")
            sink.time(w.timeMs, offsetSeconds: nil, fraction: .none)
            sink.put("</time>\n    <name>")
            sink.escaped(w.name)
            sink.put("</name>\n    <type>")
            sink.escaped(w.group)
            sink.put("</type>\n    <extensions>\n      <osmand:icon>special_star</osmand:icon>\n")
            sink.put("      <osmand:background>circle</osmand:background>\n      <osmand:color>#eecc22</osmand:color>\n")
            sink.put("    </extensions>\n  </wpt>\n")
        }
        sink.put("  <trk>\n")
    }

    /// `2026-11-02 17:04` (OpenTracks) or `2026-11-02_17-04_Mon` (OsmAnd), local time.
    private func localStamp(_ ms: Int64, offset: Int, separator: String, timeSeparator: String, weekday: Bool = false) -> String {
        let local = Civil.floorDiv(ms, 1000) + Int64(offset)
        let day = Int(Civil.floorDiv(local, 86_400))
        let sod = Int(local - Int64(day) * 86_400)
        var text = Civil.isoDate(day) + separator + Civil.pad2(sod / 3600) + timeSeparator + Civil.pad2(sod / 60 % 60)
        if weekday { text += "_" + Civil.weekdayNames[Civil.weekday(day)] }
        return text
    }

    // MARK: - Points

    func point(_ f: Fix) throws {
        if f.newSegment || !segmentOpen {
            openSegment()
        }
        switch style {
        case .gpslogger: gpsloggerPoint(f)
        case .opentracks: opentracksPoint(f)
        case .osmand: osmandPoint(f)
        }
        try sink.flushIfNeeded()
    }

    private func openSegment() {
        switch style {
        case .gpslogger:
            // The logger rewrites the file's tail: "</trkseg>" stays, "<trkseg>" follows it.
            if segmentOpen { sink.put("</trkseg>") }
            sink.put("<trkseg>")
        case .opentracks:
            if segmentOpen { sink.put("</trkseg>\n") }
            sink.put("<trkseg>\n")
        case .osmand:
            if segmentOpen { sink.put("    </trkseg>\n") }
            sink.put("    <trkseg>\n")
        }
        segmentOpen = true
    }

    private func gpsloggerPoint(_ f: Fix) {
        sink.put("<trkpt lat=\"")
        sink.decimal(f.lat, maxDecimals: 8, minDecimals: 1)
        sink.put("\" lon=\"")
        sink.decimal(f.lon, maxDecimals: 8, minDecimals: 1)
        sink.put("\"><ele>")
        sink.decimal(f.ele, maxDecimals: 1, minDecimals: 1)
        sink.put("</ele><time>")
        sink.time(f.timeMs, offsetSeconds: nil, fraction: .millis)
        sink.put("</time><src>gps</src><sat>")
        sink.int(f.sat)
        sink.put("</sat><hdop>")
        sink.decimal(f.hdop, maxDecimals: 1, minDecimals: 1)
        sink.put("</hdop></trkpt>\n")
    }

    private func opentracksPoint(_ f: Fix) {
        sink.put("<trkpt lat=\"")
        sink.decimal(f.lat, maxDecimals: 6, minDecimals: 0)
        sink.put("\" lon=\"")
        sink.decimal(f.lon, maxDecimals: 6, minDecimals: 0)
        sink.put("\">\n<ele>")
        sink.decimal(f.ele, maxDecimals: 1, minDecimals: 0)
        sink.put("</ele>\n<time>")
        sink.time(f.timeMs, offsetSeconds: header.offsetSeconds, fraction: .trimmed)
        sink.put("</time>\n<extensions>\n<gpxtpx:TrackPointExtension>\n<gpxtpx:speed>")
        sink.decimal(f.speed, maxDecimals: 2, minDecimals: 0)
        sink.put("</gpxtpx:speed>\n</gpxtpx:TrackPointExtension>\n<opentracks:accuracy_horizontal>")
        sink.decimal(f.accuracy, maxDecimals: 2, minDecimals: 0)
        sink.put("</opentracks:accuracy_horizontal></extensions>\n</trkpt>\n")
    }

    private func osmandPoint(_ f: Fix) {
        sink.put("      <trkpt lat=\"")
        sink.decimal(f.lat, maxDecimals: 7, minDecimals: 2)
        sink.put("\" lon=\"")
        sink.decimal(f.lon, maxDecimals: 7, minDecimals: 2)
        sink.put("\">\n        <ele>")
        sink.decimal(f.ele, maxDecimals: 1, minDecimals: 0)
        sink.put("</ele>\n        <time>")
        sink.time(f.timeMs, offsetSeconds: nil, fraction: .none)
        sink.put("</time>\n        <hdop>")
        sink.decimal(f.accuracy, maxDecimals: 1, minDecimals: 0)
        sink.put("</hdop>\n")
        // OsmAnd leaves speed out at a standstill.
        if f.speed > 0 {
            sink.put("        <extensions>\n          <osmand:speed>")
            sink.decimal(f.speed, maxDecimals: 1, minDecimals: 0)
            sink.put("</osmand:speed>\n          <osmand:heading>")
            sink.int(Int(f.course.rounded()) % 360)
            sink.put("</osmand:heading>\n        </extensions>\n")
        }
        sink.put("      </trkpt>\n")
    }

    // MARK: - Footer

    func finish() throws {
        switch style {
        case .gpslogger:
            if segmentOpen { sink.put("</trkseg>") }
            sink.put("</trk></gpx>")
        case .opentracks:
            if segmentOpen { sink.put("</trkseg>\n") }
            sink.put("</trk>\n</gpx>\n")
        case .osmand:
            if segmentOpen { sink.put("    </trkseg>\n") }
            sink.put("  </trk>\n")
            if !header.waypoints.isEmpty {
                sink.put("  <extensions>\n    <osmand:points_groups>\n")
                var seen: [String] = []
                for w in header.waypoints where !seen.contains(w.group) {
                    seen.append(w.group)
                    sink.put("      <group name=\"")
                    sink.escaped(w.group)
                    sink.put("\" color=\"#eecc22\" icon=\"special_star\" background=\"circle\"/>\n")
                }
                sink.put("    </osmand:points_groups>\n  </extensions>\n")
            }
            sink.put("</gpx>\n")
        }
        try sink.close()
    }
}
