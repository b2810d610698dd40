/// One accepted position as a capture path hands it to the store: time, coordinates, and the
/// horizontal accuracy in metres where the source gave one. Nothing else is kept.
public struct Position: Hashable, Sendable {
    public let at: Instant
    public let latitude: Double
    public let longitude: Double
    public let horizontalAccuracy: Double?

    /// Refuses latitude outside [-90, 90], longitude outside [-180, 180), a value that is not
    /// finite, and a negative accuracy.
    public init(at: Instant, latitude: Double, longitude: Double, horizontalAccuracy: Double? = nil) throws(ModelError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .coordinateOutOfRange("latitude \(latitude)") }
        guard longitude.isFinite, longitude >= -180, longitude < 180 else { throw .coordinateOutOfRange("longitude \(longitude)") }
        if let horizontalAccuracy, !(horizontalAccuracy.isFinite && horizontalAccuracy >= 0) {
            throw .coordinateOutOfRange("accuracy \(horizontalAccuracy)")
        }
        self.at = at
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
    }
}

/// One stretch of recording (a GPX `trkseg`): mileage never bridges two sessions.
public struct CaptureSession: Hashable, Sendable {
    public let id: Int64
    public let shiftID: Int64
    public let startedAt: Instant
    public let endedAt: Instant?
    /// Where it came from, e.g. `ride.gpx track 1 segment 2`.
    public let source: String

    public init(id: Int64, shiftID: Int64, startedAt: Instant, endedAt: Instant?, source: String) {
        self.id = id
        self.shiftID = shiftID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.source = source
    }
}

/// A file that was imported: recognised when it comes again, listed, and undoable.
public struct ImportRecord: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable { case gpx, statement, expenses }

    public let id: Int64
    public let kind: Kind
    /// The file's base name only: never its folder.
    public let fileName: String
    /// Lower-case hex SHA-256 of the file's bytes.
    public let sha256: String
    public let template: String?
    public let importedAt: Instant
    /// What it added, in words ("1 shift, 2 capture sessions, 28800 route samples").
    public let summary: String
    /// SHA-256 of what the file says (for GPX, its points in order), so a re-export with other
    /// bytes is recognised; nil where the kind has none.
    public let contentSha256: String?

    public init(id: Int64, kind: Kind, fileName: String, sha256: String, template: String?, importedAt: Instant, summary: String,
                contentSha256: String? = nil) {
        self.id = id
        self.kind = kind
        self.fileName = fileName
        self.sha256 = sha256
        self.template = template
        self.importedAt = importedAt
        self.summary = summary
        self.contentSha256 = contentSha256
    }
}

/// Something in the store that the record's rules say should not be, reported rather than hidden.
public enum StructuralFault: Hashable, Sendable, CustomStringConvertible {
    case activeDeliveryOnEndedShift(delivery: Int64, shift: Int64)
    case openPauseOnEndedShift(pause: Int64, shift: Int64)
    case openSuspensionOnEndedShift(suspension: Int64, shift: Int64)
    case samplesOutsideShift(shift: Int64, count: Int)
    case deliveryOutsideShift(delivery: Int64, shift: Int64)
    case emptyOffer(offer: Int64)
    /// A delivery whose own amount or platform tips are not the sums of its money lines.
    case deliveryLinesDisagree(delivery: Int64)
    /// A stored amount beyond `Money.largestRecordable` (written before the bound, or by hand).
    case amountBeyondRecordable(table: String, id: Int64, column: String)
    /// A shift's stored route figure is not what its route measures (issue 18: every report reads it).
    case routeFigureDiffers(shift: Int64)
    case integrity(String)

    public var description: String {
        switch self {
        case let .activeDeliveryOnEndedShift(d, s): "delivery \(d) is still active but its shift \(s) has ended"
        case let .openPauseOnEndedShift(p, s): "pause \(p) has no end but its shift \(s) has ended"
        case let .openSuspensionOnEndedShift(p, s): "parked stretch \(p) has no end but its shift \(s) has ended"
        case let .samplesOutsideShift(s, n): "shift \(s) has \(n) route sample\(n == 1 ? "" : "s") outside its start and end"
        case let .deliveryOutsideShift(d, s): "delivery \(d) has events outside its shift \(s)"
        case let .emptyOffer(o): "offer \(o) has no deliveries"
        case let .deliveryLinesDisagree(d): "delivery \(d)'s pay is not the sum of its statement lines"
        case let .amountBeyondRecordable(table, id, column):
            "\(table) \(id): \(column) is beyond \(Money.largestRecordable.formatted()), the largest amount one record may hold"
        case let .routeFigureDiffers(s): "shift \(s)'s stored route figure is not what its route measures"
        case let .integrity(text): "SQLite integrity check: \(text)"
        }
    }
}
