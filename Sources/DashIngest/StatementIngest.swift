import DashImport
import DashModel
import DashStore
import Foundation

/// What to do with a statement's rows (the command's options).
public struct StatementOptions: Sendable {
    /// Let the statement replace earnings and pay already recorded differently.
    public var replace: Bool
    /// Make shifts for delivery rows and trips no shift holds.
    public var createShifts: Bool
    /// Judge everything, roll it back, keep the outcome.
    public var dryRun: Bool
    /// When the import is recorded.
    public var now: Instant

    public init(now: Instant, replace: Bool = false, createShifts: Bool = false, dryRun: Bool = false) {
        self.now = now
        self.replace = replace
        self.createShifts = createShifts
        self.dryRun = dryRun
    }
}

/// What a statement import did (or, in a dry run, would do).
public struct StatementOutcome {
    public var counts = StatementIngest.Counts()
    /// Rows the template skips (totals, payouts), with why.
    public var skipped: [(line: Int, reason: String)] = []
}

/// A statement's rows put into the record: shift rows matched to the shift they overlap (or a
/// new completed one) with the statement's earnings, delivery rows on the shift that holds them,
/// money lines on their trips; earlier figures reconciled, never summed or divided. Moved here
/// from the command line (Sources/DashCLI/StatementImportCommand.swift) unchanged in its rules.
public enum StatementIngest {
    /// What a statement added, for its summary (stored with the import) and the command's line.
    public struct Counts {
        public var created = 0, earningsSet = 0, unchanged = 0, replaced = 0, deliveries = 0
        public var lines = 0, tripsUpdated = 0, timesSet = 0, deliveryPayReplaced = 0
        public var added: Int { created + earningsSet + replaced + deliveries + lines + timesSet + deliveryPayReplaced }
        public var text: String {
            var parts: [String] = []
            if created > 0 { parts.append("\(created) shift\(created == 1 ? "" : "s") created") }
            if deliveries > 0 { parts.append("\(deliveries) deliver\(deliveries == 1 ? "y" : "ies") added") }
            if lines > 0 { parts.append("\(lines) money line\(lines == 1 ? "" : "s")") }
            if tripsUpdated > 0 { parts.append("\(tripsUpdated) earlier trip\(tripsUpdated == 1 ? "" : "s") updated") }
            if timesSet > 0 { parts.append("times given to \(timesSet) trip\(timesSet == 1 ? "" : "s") made from money lines") }
            if deliveryPayReplaced > 0 { parts.append("pay replaced on \(deliveryPayReplaced) deliver\(deliveryPayReplaced == 1 ? "y" : "ies")") }
            if earningsSet > 0 { parts.append("earnings recorded on \(earningsSet) shift\(earningsSet == 1 ? "" : "s")") }
            if replaced > 0 { parts.append("earnings replaced on \(replaced) shift\(replaced == 1 ? "" : "s")") }
            if unchanged > 0 { parts.append("\(unchanged) row\(unchanged == 1 ? "" : "s") already recorded") }
            return parts.joined(separator: "; ")
        }
    }

    /// Reads `path` through `template` and imports it into `store` as one transaction. Throws
    /// `CSVFileError` when the file cannot be read, and the store's errors; bad rows and rows
    /// that conflict with the record end `.refused`, naming each line.
    public static func run(_ path: String, template: StatementTemplate, zone: TimeZone, store: Store,
                           options: StatementOptions) throws -> ImportEnd<StatementOutcome> {
        let name = (path as NSString).lastPathComponent
        // The file is read in chunks; only its rows, as parsed values, are held while they are written.
        let read = try readRows(path, template: template, zone: zone)
        var reader = read.reader
        let (rows, skipped, problems) = reader.finish()
        let deliveries = reader.deliveries
        // No digest only when the reading stopped at a problem: the file is refused.
        guard problems.isEmpty, let sha = read.sha else { return .refused(problems) }
        let replace = options.replace
        var outcome = StatementOutcome(skipped: skipped)
        return try ImportSession.run(store: store, kind: .statement, fileName: name, sha256: sha, template: template.name,
                                     at: options.now, dryRun: options.dryRun) { session in
            let importID = session.importID
            if let earlier = try session.earlierImport(sha256: sha) { return .duplicate(of: earlier, outcome) }
            var counts = Counts()
            var conflicts: [RowProblem] = []
            switch template.kind {
            case .deliveries:
                try addDeliveries(deliveries, store: store, importID: importID, createShifts: options.createShifts,
                                  replace: replace, counts: &counts, conflicts: &conflicts)
            case .moneyLines:
                try addMoneyLines(reader.moneyLines, store: store, importID: importID, createShifts: options.createShifts,
                                  replace: replace, counts: &counts, conflicts: &conflicts)
            case .shifts: break
            }
            try addShiftRows(rows, store: store, importID: importID, replace: replace, counts: &counts, conflicts: &conflicts)
            if !conflicts.isEmpty { throw ImportRefused(problems: conflicts) }
            outcome.counts = counts
            guard counts.added > 0 else { return .nothingAdded(outcome) }
            return .record(outcome, sha256: sha, contentSha256: nil, summary: counts.text)
        }
    }

    /// Shift rows: each to the one shift it overlaps, or a new completed shift, with the
    /// statement's earnings. The line of this file that gave each shift its figures: a second
    /// row on the same shift is refused (never summed, never one overwriting the other).
    static func addShiftRows(_ rows: [ShiftRow], store: Store, importID: Int64, replace: Bool,
                             counts: inout Counts, conflicts: inout [RowProblem]) throws {
        var earningsLine: [Int64: Int] = [:]
        for row in rows {
            let overlapping = try store.shiftsOverlapping(start: row.span.start, end: row.span.end)
            let shift: Shift
            switch overlapping.count {
            case 0:
                shift = try store.requireShift(try store.createCompletedShift(start: row.span.start, end: row.span.end, importID: importID))
                counts.created += 1
            case 1:
                shift = overlapping[0]
            default:
                conflicts.append(RowProblem(line: row.line, column: nil, message: """
                    the row overlaps shifts \(overlapping.map { String($0.id) }.joined(separator: " and ")); which one it means is not clear
                    """))
                continue
            }
            guard let earnings = row.earnings else { continue }
            if let first = earningsLine[shift.id] {
                conflicts.append(RowProblem(line: row.line, column: nil, message: """
                    this row and line \(first) both give earnings for shift \(shift.id); a statement gives one figure per shift
                    """))
                continue
            }
            earningsLine[shift.id] = row.line
            guard shift.isCompleted else {
                conflicts.append(RowProblem(line: row.line, column: nil, message: "shift \(shift.id) is still active; end it first"))
                continue
            }
            if let recorded = shift.earnings {
                if recorded == earnings {
                    counts.unchanged += 1
                    continue
                }
                guard replace else {
                    conflicts.append(RowProblem(line: row.line, column: "gross", message: """
                        shift \(shift.id) already has earnings \(describe(recorded)); the statement says \(describe(earnings)) \
                        (pass --replace to take the statement's)
                        """))
                    continue
                }
                counts.replaced += 1
            } else {
                counts.earningsSet += 1
            }
            try store.setImportedEarnings(shift.id, earnings, importID: importID)
        }
    }

    /// The file read through the template (not yet finished) in chunks, and the SHA-256 of its
    /// bytes, computed meanwhile on another thread (nil when the reader stopped at a problem
    /// before the end: the file is refused, and the rest of it is not read).
    public static func readRows(_ path: String, template: StatementTemplate, zone: TimeZone) throws(CSVFileError) -> (reader: ShiftRowReader, sha: String?) {
        var reader = ShiftRowReader(template: template, zone: zone)
        let sha = try CSVFileStream.read(path) { chunk in
            reader.feed(chunk)
            return !reader.stopped
        }
        return (reader, sha)
    }

    static func describe(_ paid: PaidAmount) -> String {
        paid.amount.formatted() + (paid.tips.map { " (tips \($0.formatted()))" } ?? "")
    }
}
