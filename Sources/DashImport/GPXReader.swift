import CLibXML2
import DashModel
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A streaming GPX 1.0/1.1 reader on libxml2's SAX2 push parser.
///
/// Why libxml2 SAX2 and not Foundation's `XMLParser` (docs/facts.md, "XML on Linux"; docs/gpx.md):
/// about five times the speed; chunks are pushed, so memory stays flat whatever the file's size;
/// and every failure is visible (XMLParser's `parse()` returns true on Linux for truncated, empty
/// and two-rooted documents). Safety: no option that loads a DTD, substitutes entities or uses the
/// network is set, and a DOCTYPE of any kind is refused the moment the parser meets it, which is
/// after decoding, so UTF-16 cannot hide it. With no DTD there are no entities to expand: no XXE,
/// no billion laughs, no quadratic blowup. Encodings are libxml2's: UTF-8 with or without BOM,
/// UTF-16 with BOM, and what the XML declaration names (ISO-8859-1 among them).
///
/// Elements are matched by namespace URI and local name, never by prefix. Accuracy in metres
/// comes from OpenTracks' `accuracy_horizontal` extension; else from `<hdop>`, which is metres
/// when the creator is OsmAnd or Locus (they write Android's accuracy there) and otherwise a
/// dilution of precision, turned into metres at 5 m per unit of HDOP (a typical consumer
/// receiver's range error; an estimate, documented in docs/gpx.md).
public final class GPXReader {
    /// Metres of horizontal error per unit of HDOP, for writers whose `<hdop>` is a true DOP.
    public static let metresPerHDOP = 5.0
    /// The most problems listed for one file.
    public static let maxProblems = 50

    /// The receiver, behind the look-ahead that decides what `<hdop>` means.
    private let receiver: GPXHDOPLookAhead
    private var context: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    public private(set) var summary = GPXReadSummary()
    private(set) var problems: [GPXProblem] = []
    private var fatal: GPXProblem?
    private var receiverError: (any Error)?
    private var stopped = false

    // Parsing state.
    private enum Kind { case gpx, trk, trkseg, trkpt, time, hdop, accuracy, extensions, waypoint, route, other }
    /// The version `<gpx>` declares when it has no namespace: elements without one are GPX's then.
    private var unnamespacedVersion: String?
    private var stack: [Kind] = []
    private var text: [UInt8] = []
    private var sawRoot = false
    private var sawRootEnd = false
    private var trackIndex = 0
    private var segmentIndex = 0
    // The point being read.
    private var pointLine = 0
    private var pointLatitude: Double?
    private var pointLongitude: Double?
    private var pointTime: Instant?
    private var pointHDOP: Double?
    private var pointAccuracy: Double?
    private var pointBad = false

    /// libxml2 2.9 wants `xmlInitParser()` once before any thread parses.
    private static let libraryReady: Bool = {
        xmlInitParser()
        return true
    }()

    public init(receiver: any GPXReceiver) {
        self.receiver = GPXHDOPLookAhead(downstream: receiver)
        _ = GPXReader.libraryReady
        installHandlers()
    }

    deinit {
        if let context {
            xmlFreeParserCtxt(context)
        }
    }

    // MARK: - Feeding

    /// Pushes the next bytes of the file.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty, !stopped else { return }
        summary.bytes += Int64(bytes.count)
        // Before libxml2 sees them: its cost for a tag with too many attributes comes before
        // any callback (GPXTagLimits.swift).
        if let problem = tagLimits.scan(bytes) {
            stopped = true
            throw GPXReadError(problems: problems + [problem])
        }
        if context == nil {
            // libxml2 detects the encoding from the first four bytes (a BOM, or `<?xm` in
            // UTF-16): hold bytes back until there are four, however the file is chunked.
            head.append(contentsOf: bytes)
            guard head.count >= 4 else { return }
            try start()
        } else {
            try push(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), count: bytes.count, terminate: false)
        }
    }

    /// The first bytes, kept until there are enough to detect the encoding.
    private var head: [UInt8] = []
    private var tagLimits = GPXTagLimits()

    private func start() throws {
        let unmanaged = Unmanaged.passUnretained(self).toOpaque()
        let first = min(head.count, 4)
        let created = head.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: first) { xmlCreatePushParserCtxt(&handler, unmanaged, $0, Int32(first), nil) }
            } ?? nil
        }
        guard let created else {
            throw GPXReadError(problems: [GPXProblem(line: 0, message: "the XML parser could not start")])
        }
        context = created
        // No DTD loading, no entity substitution, no network.
        xmlCtxtUseOptions(created, Int32(XML_PARSE_NONET.rawValue))
        let rest = Array(head.dropFirst(first))
        head = []
        try rest.withUnsafeBufferPointer { buffer in
            try push(buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, count: rest.count, terminate: false)
        }
    }

    /// Ends the file: refuses a truncated, empty or non-GPX file, and any point problem.
    @discardableResult
    public func finish() throws -> GPXReadSummary {
        guard summary.bytes > 0 else { throw GPXReadError(problems: [GPXProblem(line: 0, message: "the file is empty")]) }
        if context == nil, !head.isEmpty { try start() }
        if !stopped { try push(nil, count: 0, terminate: true) }
        try raiseIfStopped()
        if !sawRoot { throw GPXReadError(problems: problems + [GPXProblem(line: 0, message: "not a GPX file: no gpx element")]) }
        if !sawRootEnd { throw GPXReadError(problems: problems + [GPXProblem(line: currentLine, message: "the file ends before </gpx>: it is truncated")]) }
        if !problems.isEmpty { throw GPXReadError(problems: problems) }
        if summary.points > 0, summary.untimed.total == summary.points {
            throw GPXReadError(problems: [GPXProblem(line: summary.untimed.places.first?.firstLine ?? 0,
                                                     message: "no track point has a time (\(summary.points) without one): nothing to import")])
        }
        try receiver.finish()
        if summary.sawHDOP { summary.hdopReading = receiver.reading }
        return summary
    }

    private func push(_ pointer: UnsafePointer<CChar>?, count: Int, terminate: Bool) throws {
        guard let context else { return }
        var offset = 0
        // xmlParseChunk takes an Int32 size: feed big buffers in slices.
        repeat {
            let slice = min(count - offset, 1 << 24)
            let rc = xmlParseChunk(context, pointer.map { $0 + offset }, Int32(slice), terminate && offset + slice >= count ? 1 : 0)
            offset += slice
            if stopped || rc != 0 {
                if fatal == nil, receiverError == nil {
                    let detail = lastXMLError() ?? "libxml2 error \(rc)"
                    fatal = GPXProblem(line: currentLine, message: terminate ? "the file ends early or is not well-formed XML: \(detail)"
                                                                             : "the file is not well-formed XML: \(detail)")
                }
                // A point cut off by the error is reported as the error, not as a missing attribute.
                if let fatal { problems.removeAll { $0.line >= fatal.line } }
                stopped = true
                try raiseIfStopped()
            }
        } while offset < count
    }

    private func raiseIfStopped() throws {
        if let receiverError { throw receiverError }
        if let fatal { throw GPXReadError(problems: problems + [fatal]) }
    }

    private var currentLine: Int { context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0 }

    private func lastXMLError() -> String? {
        guard let context, let error = xmlCtxtGetLastError(UnsafeMutableRawPointer(context)), error.pointee.code != 0 else { return nil }
        let message = error.pointee.message.map { String(cString: $0) } ?? "XML error \(error.pointee.code)"
        return message.trimmingTrailingNewlines
    }

    /// Stops the parser with a problem that makes the whole file unreadable.
    private func stop(_ message: String) {
        guard fatal == nil else { return }
        fatal = GPXProblem(line: currentLine, message: message)
        stopped = true
        if let context { xmlStopParser(context) }
    }

    private func stop(receiver error: any Error) {
        receiverError = error
        stopped = true
        if let context { xmlStopParser(context) }
    }

    private func problem(_ line: Int, _ message: String) {
        pointBad = true
        if problems.count < GPXReader.maxProblems { problems.append(GPXProblem(line: line, message: message)) }
    }

    // MARK: - SAX events

    /// The callbacks reach the reader through the context pointer without retaining it: the
    /// reader owns the parser and outlives every callback (`_withUnsafeGuaranteedRef`).
    private func installHandlers() {
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { ctx, localname, _, uri, _, _, attributeCount, _, attributes in
            guard let ctx else { return }
            Unmanaged<GPXReader>.fromOpaque(ctx)._withUnsafeGuaranteedRef {
                $0.elementStarted(localname, uri, attributeCount: Int(attributeCount), attributes)
            }
        }
        handler.endElementNs = { ctx, _, _, _ in
            guard let ctx else { return }
            Unmanaged<GPXReader>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.elementEnded() }
        }
        handler.characters = { ctx, bytes, count in
            guard let ctx, let bytes else { return }
            Unmanaged<GPXReader>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.text(bytes, Int(count)) }
        }
        handler.cdataBlock = { ctx, bytes, count in
            guard let ctx, let bytes else { return }
            Unmanaged<GPXReader>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.text(bytes, Int(count)) }
        }
        handler.comment = { ctx, text in
            guard let ctx, let text else { return }
            Unmanaged<GPXReader>.fromOpaque(ctx)._withUnsafeGuaranteedRef { $0.comment(text) }
        }
        handler.internalSubset = { ctx, _, _, _ in
            guard let ctx else { return }
            Unmanaged<GPXReader>.fromOpaque(ctx).takeUnretainedValue()
                .stop("the file has a DOCTYPE; GPX never needs one, and it is how entity attacks arrive")
        }
        handler.entityDecl = { ctx, _, _, _, _, _ in
            guard let ctx else { return }
            Unmanaged<GPXReader>.fromOpaque(ctx).takeUnretainedValue().stop("the file declares an entity")
        }
    }

    /// A coordinate's text for a message: shown only when it has at most three digits (`91`,
    /// `180`, `NaN`); anything with more could be most of a real position (41.8781x, 41878113
    /// in microdegrees, 41°52'43), and messages go to stderr and cron mails.
    static func shown(_ bytes: UnsafeBufferPointer<UInt8>, quoted: Bool = false) -> String {
        let digits = bytes.filter { $0 >= 0x30 && $0 <= 0x39 }.count
        guard digits <= 3 else { return "(\(bytes.count) characters, not shown)" }
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return quoted ? "'\(text)'" : text
    }

    /// libxml2 interns names in a dictionary, so every element of the GPX namespace carries the
    /// same URI pointer: once one is recognised, a pointer comparison recognises the rest.
    private var knownGPXURI: UnsafePointer<xmlChar>?
    private var knownGPXVersion: String?

    private func gpxVersion(of uri: UnsafePointer<xmlChar>?) -> String? {
        if uri == nil { return unnamespacedVersion }
        if let uri, uri == knownGPXURI { return knownGPXVersion }
        guard let version = Self.isGPXNamespace(uri) else { return nil }
        knownGPXURI = uri
        knownGPXVersion = version
        return version
    }

    private func elementStarted(_ name: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, attributeCount: Int,
                                _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !stopped else { return }
        let parent = stack.last
        let gpxVersion = gpxVersion(of: uri)
        let inGPX = gpxVersion != nil
        var kind = Kind.other
        switch parent {
        case nil:
            if uri == nil, Self.equals(name, "gpx") { unnamespacedVersion = declaredVersion(attributeCount: attributeCount, attributes) }
            guard let gpxVersion = gpxVersion ?? unnamespacedVersion, Self.equals(name, "gpx") else {
                let found = name.map { String(cString: $0) } ?? "?"
                stop("not a GPX file: the root element is <\(found)>, not <gpx> in the GPX 1.0 or 1.1 namespace")
                return
            }
            kind = .gpx
            sawRoot = true
            summary.version = gpxVersion
            summary.declaresNoNamespace = uri == nil
            for index in 0..<attributeCount {
                guard let attributes, Self.equals(attributes[index * 5], "creator"), attributes[index * 5 + 2] == nil,
                      let value = attributes[index * 5 + 3], let end = attributes[index * 5 + 4] else { continue }
                // Without entity substitution libxml2 hands an escaped `&` on as `&#38;`.
                summary.creator = String(decoding: UnsafeBufferPointer(start: value, count: end - value), as: UTF8.self)
                    .replacingOccurrences(of: "&#38;", with: "&")
                receiver.creator(summary.creator)
            }
        case .gpx?:
            if inGPX, Self.equals(name, "trk") {
                kind = .trk
                summary.tracks += 1
                segmentIndex = 0
                if problems.isEmpty { do { try receiver.gpxTrackBegan(index: trackIndex) } catch { stop(receiver: error) } }
            } else if inGPX, Self.equals(name, "wpt") {
                kind = .waypoint
                summary.waypointsIgnored += 1
            } else if inGPX, Self.equals(name, "rte") {
                kind = .route
                summary.routesIgnored += 1
            }
        case .trk?:
            if inGPX, Self.equals(name, "trkseg") {
                kind = .trkseg
                summary.segments += 1
                if problems.isEmpty { do { try receiver.gpxSegmentBegan(track: trackIndex, segment: segmentIndex) } catch { stop(receiver: error) } }
            }
        case .trkseg?:
            if inGPX, Self.equals(name, "trkpt") {
                kind = .trkpt
                beginPoint(attributeCount: attributeCount, attributes)
            }
        case .trkpt?:
            if inGPX, Self.equals(name, "time") {
                kind = .time
            } else if inGPX, Self.equals(name, "hdop") {
                kind = .hdop
            } else if inGPX, Self.equals(name, "extensions") {
                kind = .extensions
            } else if inGPX, Self.equals(name, "pdop") || Self.equals(name, "vdop") {
                receiver.sawOtherDOP()
            }
        case .extensions?:
            if Self.isOpenTracksNamespace(uri), Self.equals(name, "accuracy_horizontal") { kind = .accuracy } else { kind = .extensions }
        default:
            kind = .other
        }
        if kind == .time || kind == .hdop || kind == .accuracy { text.removeAll(keepingCapacity: true) }
        stack.append(kind)
    }

    private func text(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        guard let top = stack.last, top == .time || top == .hdop || top == .accuracy else { return }
        guard text.count + count <= 256 else {
            stop("a <\(top == .time ? "time" : top == .hdop ? "hdop" : "accuracy_horizontal")> text is longer than 256 bytes")
            return
        }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    private func beginPoint(attributeCount: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        pointLine = currentLine
        pointLatitude = nil
        pointLongitude = nil
        pointTime = nil
        pointHDOP = nil
        pointAccuracy = nil
        pointBad = false
        var sawLatitude = false
        var sawLongitude = false
        for index in 0..<attributeCount {
            guard let attributes, attributes[index * 5 + 2] == nil,
                  let value = attributes[index * 5 + 3], let end = attributes[index * 5 + 4] else { continue }
            let isLatitude = Self.equals(attributes[index * 5], "lat")
            let isLongitude = Self.equals(attributes[index * 5], "lon")
            guard isLatitude || isLongitude else { continue }
            let bytes = UnsafeBufferPointer(start: value, count: end - value)
            // The text is made a String only for a message: not on the path every point takes.
            func written() -> String { String(decoding: bytes.prefix(40), as: UTF8.self) }
            guard let number = DecimalText.parse(bytes) else {
                // A text holding digits, a point or comma, and two more digits (41.87x) may be
                // most of a real position: messages go to stderr and cron mails, so it is
                // described, not shown.
                problem(pointLine, "\(isLatitude ? "latitude" : "longitude") \(Self.shown(bytes, quoted: true)) is not a plain decimal number")
                continue
            }
            if isLatitude {
                sawLatitude = true
                guard number >= -90, number <= 90 else { problem(pointLine, "latitude \(Self.shown(bytes)) is outside [-90, 90]"); continue }
                pointLatitude = number
            } else {
                sawLongitude = true
                guard number >= -180, number < 180 else { problem(pointLine, "longitude \(Self.shown(bytes)) is outside [-180, 180)"); continue }
                pointLongitude = number
            }
        }
        if !sawLatitude, !pointBad { problem(pointLine, "a track point has no lat attribute") }
        if !sawLongitude, !pointBad { problem(pointLine, "a track point has no lon attribute") }
    }

    private func elementEnded() {
        guard !stopped, let kind = stack.popLast() else { return }
        switch kind {
        case .gpx:
            sawRootEnd = true
        case .trk:
            trackIndex += 1
            // Once the file has a problem it will be refused: nothing more is handed on, so no
            // later error (a track that does not fit its shift) can hide the file's own problems.
            if problems.isEmpty { do { try receiver.gpxTrackEnded() } catch { stop(receiver: error) } }
        case .trkseg:
            segmentIndex += 1
            if problems.isEmpty { do { try receiver.gpxSegmentEnded() } catch { stop(receiver: error) } }
        case .time:
            let reading = text.withUnsafeBufferPointer { bytes -> Result<GPXTime.Reading, GPXTime.Failure> in
                Result { () throws(GPXTime.Failure) -> GPXTime.Reading in try GPXTime.parse(bytes) }
            }
            switch reading {
            case .success(let value) where value.instant.millisecondsSinceEpoch < -62_135_596_800_000
                                          || value.instant.millisecondsSinceEpoch > 253_402_300_799_999:
                problem(currentLine, "'\(String(decoding: text.prefix(40), as: UTF8.self))' falls outside the years 1 to 9999")
            case .success(let value):
                pointTime = value.instant
                if !value.hadZone { summary.timesWithoutZone += 1 }
            case .failure(.impossible):
                problem(currentLine, "'\(String(decoding: text.prefix(40), as: UTF8.self))' is not a real date and time")
            case .failure:
                problem(currentLine, "'\(String(decoding: text.prefix(40), as: UTF8.self))' is not an ISO 8601 time")
            }
        case .hdop:
            let value = text.withUnsafeBufferPointer { DecimalText.parse($0) }
            if let value, value >= 0 {
                pointHDOP = value
                summary.sawHDOP = true
            } else { problem(currentLine, "hdop '\(String(decoding: text.prefix(40), as: UTF8.self))' is not a plain non-negative decimal") }
        case .accuracy:
            let value = text.withUnsafeBufferPointer { DecimalText.parse($0) }
            if let value, value >= 0 { pointAccuracy = value } else { problem(currentLine, "accuracy_horizontal '\(String(decoding: text.prefix(40), as: UTF8.self))' is not a plain non-negative decimal") }
        case .trkpt:
            endPoint()
        default:
            break
        }
    }

    private func endPoint() {
        summary.points += 1
        // An untimed point is left out and counted; only a file with no timed point is refused.
        if pointTime == nil, !pointBad { summary.untimed.add(track: trackIndex, segment: segmentIndex, line: pointLine) }
        guard !pointBad, let at = pointTime, let latitude = pointLatitude, let longitude = pointLongitude else { return }
        // Once the file has a problem it will be refused; nothing more is handed on.
        guard problems.isEmpty else { return }
        do {
            try receiver.gpxPoint(GPXPoint(line: pointLine, at: at, latitude: latitude, longitude: longitude,
                                           horizontalAccuracy: pointAccuracy, hdop: pointHDOP))
        } catch {
            stop(receiver: error)
        }
    }
}

extension GPXReader {
    /// The `version` attribute of a `<gpx>` without namespace, when it is 1.0 or 1.1.
    fileprivate func declaredVersion(attributeCount: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> String? {
        for index in 0..<attributeCount {
            guard let attributes, Self.equals(attributes[index * 5], "version"), attributes[index * 5 + 2] == nil,
                  let value = attributes[index * 5 + 3], let end = attributes[index * 5 + 4] else { continue }
            let version = String(decoding: UnsafeBufferPointer(start: value, count: end - value), as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            return version == "1.0" || version == "1.1" ? version : nil
        }
        return nil
    }

    /// A comment: it may say what `<hdop>` holds (GPXHDOPLookAhead.swift).
    fileprivate func comment(_ text: UnsafePointer<xmlChar>) {
        guard !stopped, problems.isEmpty else { return }
        do { try receiver.comment(UnsafeBufferPointer(start: text, count: strlen(text))) } catch { stop(receiver: error) }
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
