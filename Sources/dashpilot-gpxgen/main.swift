import Foundation

// dashpilot-gpxgen: writes deterministic GPX files of a delivery driver's shifts on Chicago's
// street grid, in the styles of GPSLogger, OpenTracks and OsmAnd. See `Defaults.usage` and
// SampleData/gpx/README.md.

struct Options {
    var out: String?
    var weeks: Int?
    var seed = Defaults.seed
    var start: Int?
    var shiftHours = Defaults.shiftHours
    var oneShiftHours: Double?
    var name: String?
    var year = false
    var bytes: Int?
    var style: Style?
    var truth: Int?
}

func parseBytes(_ text: String) -> Int? {
    let units: [(String, Int)] = [
        ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("G", 1_000_000_000), ("M", 1_000_000), ("K", 1000), ("k", 1000),
    ]
    for (suffix, factor) in units where text.hasSuffix(suffix) {
        guard let n = Double(text.dropLast(suffix.count)), n > 0 else { return nil }
        return Int(n * Double(factor))
    }
    return Int(text)
}

func parseArguments(_ args: [String]) throws -> Options {
    var o = Options()
    var i = 0
    func value(_ flag: String) throws -> String {
        i += 1
        guard i < args.count else { throw GenError.usage("\(flag) needs a value") }
        return args[i]
    }
    while i < args.count {
        let a = args[i]
        switch a {
        case "--out": o.out = try value(a)
        case "--weeks":
            guard let n = Int(try value(a)), n > 0, n <= 520 else { throw GenError.usage("--weeks takes a whole number from 1 to 520") }
            o.weeks = n
        case "--seed":
            guard let s = UInt64(try value(a)) else { throw GenError.usage("--seed takes a non-negative whole number") }
            o.seed = s
        case "--start":
            guard let d = Civil.parseDate(try value(a)) else { throw GenError.usage("--start takes a date like 2026-11-02") }
            o.start = d
        case "--shift-hours":
            let parts = try value(a).split(separator: "-")
            guard parts.count == 2, let lo = Double(parts[0]), let hi = Double(parts[1]), lo > 0.1, hi >= lo, hi <= 12 else {
                throw GenError.usage("--shift-hours takes a range like 2-4")
            }
            o.shiftHours = lo...hi
        case "--one-shift-hours":
            guard let h = Double(try value(a)), h > 0, h <= 24 * 14 else {
                throw GenError.usage("--one-shift-hours takes a number of hours (0 < H <= 336)")
            }
            o.oneShiftHours = h
        case "--name": o.name = try value(a)
        case "--year": o.year = true
        case "--bytes":
            guard let n = parseBytes(try value(a)), n >= 4096 else { throw GenError.usage("--bytes takes a size of at least 4096") }
            o.bytes = n
        case "--style":
            let v = try value(a)
            guard let s = Style(rawValue: v) else { throw GenError.usage("--style takes gpslogger, opentracks or osmand") }
            o.style = s
        case "--truth":
            guard let n = Int(try value(a)), n > 0, n <= 1000 else { throw GenError.usage("--truth takes a number of traces from 1 to 1000") }
            o.truth = n
        case "--help", "-h":
            print(Defaults.usage)
            exit(0)
        default:
            throw GenError.usage("unknown argument: \(a)")
        }
        i += 1
    }
    return o
}

struct FileReport {
    var name: String
    var style: Style
    var counts: Counts
    var bytes: Int
    var firstMs: Int64
    var lastMs: Int64
    var offsetSeconds: Int
}

func path(in dir: String, _ name: String) -> String {
    name.hasPrefix("/") ? name : (dir as NSString).appendingPathComponent(name)
}

func uuid(_ seed: UInt64) -> String {
    var rng = Rng(seed: Rng.derive(seed, 7))
    var bytes: [UInt8] = (0..<16).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = bytes.map { b -> String in
        let s = String(b, radix: 16)
        return s.count == 1 ? "0" + s : s
    }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
}

/// Simulates a whole shift, then writes it (OpenTracks puts the track's statistics first).
func writeShift(_ plan: ShiftPlan, city: City, dir: String, fileName: String) throws -> FileReport {
    var sim = ShiftSimulator(
        seed: plan.seed, city: city,
        options: SimOptions(startMs: plan.startMs, durationS: plan.durationS, pauses: plan.pauses, anomalies: plan.anomalies))
    var fixes: [Fix] = []
    fixes.reserveCapacity(plan.durationS)
    while let f = sim.next() { fixes.append(f) }
    let counts = sim.counts
    let first = fixes.first?.timeMs ?? plan.startMs
    let header = TrackHeader(
        startMs: first, offsetSeconds: plan.offsetSeconds, waypoints: sim.waypoints, counts: counts, trackID: uuid(plan.seed))
    let sink = try ByteSink(path: path(in: dir, fileName))
    let writer = GPXWriter(sink: sink, style: plan.style, header: header)
    try writer.begin()
    for f in fixes { try writer.point(f) }
    try writer.finish()
    return FileReport(
        name: fileName, style: plan.style, counts: counts, bytes: sink.count, firstMs: first, lastMs: fixes.last?.timeMs ?? first,
        offsetSeconds: plan.offsetSeconds)
}

/// Streams an endless shift until the file is about `target` bytes; memory stays flat.
func writeBytes(target: Int, style: Style, seed: UInt64, city: City, day: Int, file: String) throws -> FileReport {
    let startMs = Civil.utcSeconds(chicagoDay: day, secondOfDay: 8 * 3600) * 1000
    let offset = Civil.chicagoOffset(utcSeconds: startMs / 1000)
    var sim = ShiftSimulator(
        seed: Rng.derive(seed, 90_000), city: city,
        options: SimOptions(startMs: startMs, durationS: nil, pauses: 0, anomalies: .perHour, keepWaypoints: false))
    let sink = try ByteSink(path: file)
    let writer = GPXWriter(
        sink: sink, style: style, header: TrackHeader(startMs: startMs, offsetSeconds: offset, waypoints: [], counts: nil, trackID: uuid(seed)))
    try writer.begin()
    let limit = target - GPXWriter.footerReserve - GPXWriter.pointReserve
    var last = startMs
    while sink.count < limit {
        guard let f = sim.next() else { break }
        try writer.point(f)
        last = f.timeMs
    }
    try writer.finish()
    return FileReport(
        name: (file as NSString).lastPathComponent, style: style, counts: sim.counts, bytes: sink.count, firstMs: startMs, lastMs: last,
        offsetSeconds: offset)
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    if s.count >= width { return s }
    let fill = String(repeating: " ", count: width - s.count)
    return right ? fill + s : s + fill
}

func kmText(_ metres: Double) -> String {
    let tenths = Int((metres / 100).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

func mbText(_ bytes: Int) -> String {
    let hundredths = Int((Double(bytes) / 10_000).rounded())
    return "\(hundredths / 100).\(Civil.pad2(hundredths % 100))"
}

func localClock(_ ms: Int64, _ offset: Int) -> String {
    let local = Civil.floorDiv(ms, 1000) + Int64(offset)
    let sod = Int(local - Civil.floorDiv(local, 86_400) * 86_400)
    return Civil.pad2(sod / 3600) + ":" + Civil.pad2(sod / 60 % 60)
}

func printReport(_ r: FileReport) {
    let c = r.counts
    let cols = [
        pad(r.name, 26), pad(r.style.rawValue, 10), pad("\(c.points)", 7, right: true), pad("\(c.segments)", 4, right: true),
        pad("\(c.waypoints)", 4, right: true), pad("\(c.timeEqual)+\(c.timeEarlier)", 5, right: true), pad("\(c.jumps)", 5, right: true),
        pad("\(c.inaccurate)", 5, right: true), pad(kmText(c.distance), 7, right: true), pad(mbText(r.bytes), 8, right: true),
    ]
    print(cols.joined(separator: " "))
}

func printHeading() {
    let cols = [
        pad("file", 26), pad("style", 10), pad("points", 7, right: true), pad("segs", 4, right: true), pad("wpts", 4, right: true),
        pad("t=/<", 5, right: true), pad("jumps", 5, right: true), pad("inacc", 5, right: true), pad("km", 7, right: true),
        pad("MB", 8, right: true),
    ]
    print(cols.joined(separator: " "))
}

func readme(_ reports: [FileReport], weeks: Int, seed: UInt64, firstDay: Int, hours: ClosedRange<Double>) -> String {
    var command = "dashpilot-gpxgen --out SampleData/gpx --weeks \(weeks)"
    if seed != Defaults.seed { command += " --seed \(seed)" }
    if firstDay != Civil.days(2026, 11, 2) { command += " --start \(Civil.isoDate(firstDay))" }
    if hours != Defaults.shiftHours { command += " --shift-hours \(hours.lowerBound)-\(hours.upperBound)" }
    let days = reports.map { Civil.isoDate(Int(Civil.floorDiv(Civil.floorDiv($0.firstMs, 1000) + Int64($0.offsetSeconds), 86_400))) }
    let span = "\(days.first ?? "") to \(days.last ?? "")"
    let zones = Set(reports.map { $0.offsetSeconds }).sorted().map { o -> String in
        "UTC" + (o < 0 ? "-" : "+") + Civil.pad2(abs(o) / 3600) + ":" + Civil.pad2(abs(o) / 60 % 60)
    }.joined(separator: " and ")
    var text = """
        # Sample GPX shifts

        Synthetic GPS tracks of a food-delivery driver's shifts in Chicago, written by
        `Sources/dashpilot-gpxgen` (`make sampledata`, which runs `\(command)`).
        Nothing here is real: the streets are an idealised grid centred on State and Madison
        (41.8781 N, 87.6298 W; north-south streets every 1/8 mile, east-west streets every
        1/16 mile, half-mile arterials), and every restaurant, door and route is invented. There are
        no names and no addresses; markers are called `Pickup 3`, `Drop-off 3`.

        The generator is deterministic (a seeded xoshiro256** stream, no clock, no system
        randomness): the same command rewrites the same bytes (on Linux; another libm could
        round a last digit differently). The \(reports.count) shifts fall on distinct
        days from \(span), Chicago local time (\(zones)), and never overlap.

        ## What a shift contains

        - \(hours.lowerBound)-\(hours.upperBound) hours from the first fix to the last, pauses included (kept short so
          the set stays under 8 MB; `--shift-hours 2-4` writes longer ones).
        - One fix a second while logging: driving on the grid (0-15 m/s, accelerating, braking,
          slowing for turns, stopping at red lights and stop signs), standing parked, and walking
          a few dozen metres to a restaurant counter or a customer's door and back.
        - Deliveries: wait for an offer, drive to a restaurant, wait there a few minutes (often
          indoors, with worse accuracy), drive to the drop-off, walk to the door and back.
        - GPS noise of a few metres, correlated over about 25 s (worse downtown and indoors),
          and an altitude wobbling around 180 m.
        - Logging pauses (a break with the logger off): each starts a new `<trkseg>`. After half
          of them the car has moved (up to ~900 m) while nothing was logged.
        - Some `<wpt>` markers at pickups and drop-offs. No `<rte>`.

        ## Rejectable fixes (an importer must drop or flag them)

        - **Non-increasing time** (`t=` + `t<` below): a fix whose time equals the previous fix's
          time (a second fix for the same instant, a few metres off), or a stale fix delivered
          again 2-3 s late (an exact copy of an earlier fix, so its time is earlier than the
          previous fix's).
        - **Jump**: one fix 3-9 km away from the track, the next fix back on it. Its accuracy
          looks normal.
        - **Inaccurate fix**: accuracy 150 m, placed 40-120 m off. OpenTracks writes it as
          `<opentracks:accuracy_horizontal>150</…>`, OsmAnd as `<hdop>150</hdop>` (OsmAnd's
          `hdop` holds metres); GPSLogger has no accuracy element, so it carries
          `<hdop>30.0</hdop>` (a dilution of precision: about 150 m at ~5 m per unit) and
          `<sat>3</sat>` or `<sat>4</sat>`.

        Rejectable fixes only occur while driving, at least 30 s into a segment, at least 40 s
        apart and not in a shift's last minute, so each stands alone between normal fixes.

        ## Writers imitated (docs/facts.md, "Files drivers have")

        - **GPSLogger** (`creator="GPSLogger 131 - http://gpslogger.mendhak.com/"`): GPX 1.1,
          one line per point, times `2026-11-02T23:04:05.123Z`, `<src>gps</src><sat>N</sat><hdop>DOP</hdop>`,
          no speed; markers are spliced in after the header (newest first); the file ends
          `</trkseg></trk></gpx>` with no newline; a pause writes `</trkseg><trkseg>`.
        - **OpenTracks**: one element per line, markers first with CDATA names, times at the
          track's offset with trimmed fractions (`2026-11-02T17:04:05.12-06:00`), speed in
          `gpxtpx:TrackPointExtension`, accuracy in `opentracks:accuracy_horizontal` (metres),
          track statistics (`gpxtrkx:TrackStatsExtension`) in the `<trk>` header.
        - **OsmAnd** (`creator="OsmAnd Maps 4.6"`): indented, whole-second UTC times,
          `<hdop>` holding accuracy in metres, `osmand:speed`/`osmand:heading` only while moving,
          waypoint groups in `osmand:points_groups`.

        ## Files

        `points` counts every `<trkpt>`, rejectable ones included. `t=`: time equal to the
        previous fix's; `t<`: time earlier than the previous fix's. `km`: distance actually
        travelled (the jumps and noise excluded).

        | file | writer | local time | points | segments | waypoints | t= | t< | jumps | inaccurate | km | bytes |
        |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|

        """
    var totals = Counts()
    var totalBytes = 0
    for r in reports {
        let c = r.counts
        let span = localClock(r.firstMs, r.offsetSeconds) + "-" + localClock(r.lastMs, r.offsetSeconds)
        text += "| `\(r.name)` | \(r.style.appName) | \(span) | \(c.points) | \(c.segments) | \(c.waypoints) | \(c.timeEqual) | "
        text += "\(c.timeEarlier) | \(c.jumps) | \(c.inaccurate) | \(kmText(c.distance)) | \(r.bytes) |\n"
        totals.points += c.points
        totals.segments += c.segments
        totals.waypoints += c.waypoints
        totals.timeEqual += c.timeEqual
        totals.timeEarlier += c.timeEarlier
        totals.jumps += c.jumps
        totals.inaccurate += c.inaccurate
        totals.distance += c.distance
        totalBytes += r.bytes
    }
    text += "| **total** | | | \(totals.points) | \(totals.segments) | \(totals.waypoints) | \(totals.timeEqual) | "
    text += "\(totals.timeEarlier) | \(totals.jumps) | \(totals.inaccurate) | \(kmText(totals.distance)) | \(totalBytes) |\n"
    text += """

        So an importer that keeps every good fix keeps `points - (t= + t< + jumps + inaccurate)`
        fixes per file.

        ## Other outputs (never committed)

        - `dashpilot-gpxgen --out DIR --one-shift-hours 8 --name bench.gpx`: one 8-hour shift,
          1 Hz, no pauses: exactly 28,800 points (a few rejectable ones each hour).
        - `dashpilot-gpxgen --out DIR --year`: 250 such files, one per weekday of 2026 from
          5 January (about 7.2 million points; write it into a temporary directory).
        - `dashpilot-gpxgen --out DIR --bytes 1G --name big.gpx`: one valid GPX file of about
          10^9 bytes, streamed through a 64 KiB buffer, points at 1 Hz for as long as needed.

        """
    return text
}

func run() throws {
    let o = try parseArguments(Array(CommandLine.arguments.dropFirst()))
    guard let out = o.out else { throw GenError.usage("--out DIR is required") }
    let modes = [o.truth != nil, o.weeks != nil, o.year, o.bytes != nil, o.oneShiftHours != nil && !o.year].filter { $0 }.count
    guard modes <= 1 else { throw GenError.usage("choose one of --truth, --weeks, --one-shift-hours, --year, --bytes") }
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let city = City(seed: Rng.derive(o.seed, 1))
    let clock = ContinuousClock()
    let started = clock.now
    var reports: [FileReport] = []

    if let count = o.truth {
        try writeTruthTraces(count: count, seed: o.seed, dir: out)
        return
    } else if let target = o.bytes {
        guard let name = o.name else { throw GenError.usage("--bytes needs --name FILE") }
        let style = o.style ?? .gpslogger
        guard style != .opentracks else {
            throw GenError.usage("--bytes streams gpslogger or osmand files (OpenTracks writes track statistics before the points)")
        }
        printHeading()
        let r = try writeBytes(
            target: target, style: style, seed: o.seed, city: city, day: o.start ?? Civil.days(2026, 11, 2), file: path(in: out, name))
        printReport(r)
        reports.append(r)
    } else if o.year || o.oneShiftHours != nil {
        let hours = o.oneShiftHours ?? 8
        let duration = Int((hours * 3600).rounded())
        let count = o.year ? 250 : 1
        let firstDay = o.start ?? (o.year ? Civil.days(2026, 1, 5) : Civil.days(2026, 11, 2))
        let style = o.style ?? (o.year ? nil : .gpslogger)
        if !o.year && o.name == nil { throw GenError.usage("--one-shift-hours needs --name FILE") }
        printHeading()
        for plan in Planner.longShifts(count, firstDay: firstDay, durationS: duration, style: style, seed: o.seed) {
            let r = try writeShift(plan, city: city, dir: out, fileName: o.year ? plan.fileName : (o.name ?? plan.fileName))
            printReport(r)
            reports.append(r)
        }
    } else {
        let weeks = o.weeks ?? 2
        let firstDay = o.start ?? Civil.days(2026, 11, 2)
        printHeading()
        for plan in Planner.weeks(weeks, firstDay: firstDay, hours: o.shiftHours, style: o.style, seed: o.seed) {
            let r = try writeShift(plan, city: city, dir: out, fileName: plan.fileName)
            printReport(r)
            reports.append(r)
        }
        let text = readme(reports, weeks: weeks, seed: o.seed, firstDay: firstDay, hours: o.shiftHours)
        guard FileManager.default.createFile(atPath: path(in: out, "README.md"), contents: Data(text.utf8)) else {
            throw GenError.io("cannot write \(path(in: out, "README.md"))")
        }
    }

    let elapsed = clock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let points = reports.reduce(0) { $0 + $1.counts.points }
    let bytes = reports.reduce(0) { $0 + $1.bytes }
    let rate = seconds > 0 ? Int(Double(points) / seconds) : 0
    let mbps = seconds > 0 ? Double(bytes) / 1e6 / seconds : 0
    print(
        "\(reports.count) file(s), \(points) points, \(mbText(bytes)) MB in \(Int((seconds * 1000).rounded())) ms "
            + "(\(rate) points/s, \(Int(mbps.rounded())) MB/s)")
}

do {
    try run()
} catch let error as GenError {
    FileHandle.standardError.write(Data("dashpilot-gpxgen: \(error)\n".utf8))
    if case .usage = error { FileHandle.standardError.write(Data((Defaults.usage + "\n").utf8)) }
    exit(2)
} catch {
    FileHandle.standardError.write(Data("dashpilot-gpxgen: \(error)\n".utf8))
    exit(1)
}
