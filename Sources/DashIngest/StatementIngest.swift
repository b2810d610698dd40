import DashImport
import DashModel
import DashStore
import Foundation

/// What to do with a statement's rows (the command's options).
public struct StatementOptions: Sendable {
    /// Let the statement replace earnings and pay already recorded differently.
    public var replace: Bool
    /// Accepted for scripts of earlier builds: every import now makes the shifts its evidence
    /// needs (docs/record.md).
    public var createShifts: Bool
    /// The platform of rows and lines that name none (`--platform`).
    public var platform: String?
    /// The driver to keep from a file of several (`--driver`).
    public var driver: String?
    /// Evidence further apart than this starts another shift (`--split-gap`; nil: 60 minutes).
    public var splitGapMilliseconds: Int64?
    /// Judge everything, roll it back, keep the outcome.
    public var dryRun: Bool
    /// When the import is recorded; rows after it are refused unless `allowFuture`.
    public var now: Instant
    /// Take rows dated after `now` (`--allow-future`).
    public var allowFuture: Bool

    public init(now: Instant, replace: Bool = false, createShifts: Bool = false, dryRun: Bool = false, platform: String? = nil,
                driver: String? = nil, splitGapMilliseconds: Int64? = nil, allowFuture: Bool = false) {
        self.now = now
        self.allowFuture = allowFuture
        self.platform = platform
        self.driver = driver
        self.splitGapMilliseconds = splitGapMilliseconds
        self.replace = replace
        self.createShifts = createShifts
        self.dryRun = dryRun
    }
}

/// What a statement import did (or, in a dry run, would do).
public struct StatementOutcome {
    public var counts = StatementIngest.Counts()
    /// Rows the template skips (totals, payouts), with why, what they are and their money.
    public var skipped: [SkippedRow] = []
    /// Where every amount of the file went (docs/record.md, "Every amount is accounted for").
    public var account = FileAccount()
    /// What the reader did that the driver should know and that is no refusal (trips accepted
    /// at their pickup time: Uber Reserve), one line each.
    public var notes: [String] = []
    /// How the shifts around the file were planned (nil: nothing was placed).
    public var settled: SettleOutcome?
}

/// A statement's rows put into the record: shift rows matched to the shift they overlap (or a
/// new completed one) with the statement's earnings, delivery rows on the shift that holds them,
/// money lines on their trips; earlier figures reconciled, never summed or divided. Moved here
/// from the command line (Sources/DashCLI/StatementImportCommand.swift) unchanged in its rules.
public enum StatementIngest {
    /// What a statement added, for its summary (stored with the import) and the command's line.
    public struct Counts {
        public var created = 0, earningsSet = 0, unchanged = 0, replaced = 0, deliveries = 0
        public var lines = 0, tripsUpdated = 0, timesSet = 0, deliveryPayReplaced = 0, otherIncome = 0
        public var added: Int { created + earningsSet + replaced + deliveries + lines + timesSet + deliveryPayReplaced + otherIncome }
        public var text: String {
            var parts: [String] = []
            if created > 0 { parts.append("\(created) shift\(created == 1 ? "" : "s") created") }
            if deliveries > 0 { parts.append("\(deliveries) deliver\(deliveries == 1 ? "y" : "ies") added") }
            if lines > 0 { parts.append("\(lines) money line\(lines == 1 ? "" : "s")") }
            if otherIncome > 0 { parts.append("\(otherIncome) income line\(otherIncome == 1 ? "" : "s") on no shift") }
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
        let read = try readRows(path, template: template, zone: zone, driver: options.driver)
        var reader = read.reader
        let (rows, skipped, problems) = reader.finish()
        let deliveries = reader.deliveries
        // No digest only when the reading stopped at a problem: the file is refused.
        guard problems.isEmpty, let sha = read.sha else { return .refused(problems) }
        if !options.allowFuture {
            let future = StatementFuture.problems(rows: rows, deliveries: deliveries, lines: reader.moneyLines,
                                                     tripless: reader.triplessLines, now: options.now, zone: zone)
            if !future.isEmpty { return .refused(future) }
        }
        let replace = options.replace
        var outcome = StatementOutcome(skipped: skipped, account: FileAccount.of(reader, skipped: skipped))
        outcome.notes = readerNotes(reader)
        return try ImportSession.run(store: store, kind: .statement, fileName: name, sha256: sha, template: template.name,
                                     at: options.now, dryRun: options.dryRun) { session in
            let importID = session.importID
            if let earlier = try session.earlierImport(sha256: sha) { return .duplicate(of: earlier, outcome) }
            try StatementIdentity.check(reader: reader, rows: rows, template: template, options: options, store: store, importID: importID)
            var counts = Counts()
            var conflicts: [RowProblem] = []
            var touched: [Interval] = []
            let parking = EvidenceParking(store: store, importID: importID)
            switch template.kind {
            case .deliveries:
                try addDeliveries(deliveries, store: store, parking: parking, platform: options.platform,
                                  replace: replace, counts: &counts, conflicts: &conflicts, touched: &touched)
            case .moneyLines:
                try addMoneyLines(reader.moneyLines, store: store, parking: parking, platform: options.platform,
                                  replace: replace, counts: &counts, conflicts: &conflicts, touched: &touched)
                try addOtherIncome(reader.triplessLines, store: store, importID: importID, platform: options.platform,
                                   counts: &counts, conflicts: &conflicts)
            case .shifts: break
            }
            let added = try addShiftRows(rows, store: store, parking: parking, platform: options.platform, counts: &counts, conflicts: &conflicts)
            if !conflicts.isEmpty { throw ImportRefused(problems: conflicts) }
            // Everything of the file is in: the shifts around it are planned once.
            do {
                if let settled = try parking.settle(also: touched) {
                    outcome.settled = settled
                }
                // The shifts it made that the record holds (a shift it made and then joined to
                // another, or re-made after a re-timed trip, is not another one; issue 27, item 5).
                counts.created = try store.madeShiftCount(importID: importID)
            } catch let refused as SettleRefused {
                throw ImportRefused(problems: refused.reasons.map { RowProblem(line: 0, column: nil, message: $0) })
            }
            try reconcileShiftRows(added, store: store, importID: importID, replace: replace, zone: zone, counts: &counts, conflicts: &conflicts)
            if !conflicts.isEmpty { throw ImportRefused(problems: conflicts) }
            outcome.counts = counts
            if counts.added == 0 {
                if let earlier = try store.soleImportHeld(by: importID) { return .duplicate(of: earlier, outcome) }
                if try store.heldRowCount(importID: importID) == 0 { return .nothingAdded(outcome) }
            }
            try store.setImportAccount(importID, StoredAccount(account: outcome.account, skipped: skipped).text)
            return .record(outcome, sha256: sha, contentSha256: nil, summary: counts.text)
        }
    }

    /// The file read through the template (not yet finished) in chunks, and the SHA-256 of its
    /// bytes, computed meanwhile on another thread (nil when the reader stopped at a problem
    /// before the end: the file is refused, and the rest of it is not read).
    public static func readRows(_ path: String, template: StatementTemplate, zone: TimeZone,
                                driver: String? = nil) throws(CSVFileError) -> (reader: ShiftRowReader, sha: String?) {
        var reader = ShiftRowReader(template: template, zone: zone, driver: driver)
        let sha = try CSVFileStream.read(path) { chunk in
            reader.feed(chunk)
            return !reader.stopped
        }
        return (reader, sha)
    }

    /// The reader's notes, the first ten lines of each named: trips requested after their
    /// pickup (Uber Reserve: the request time is the reservation's), accepted at the pickup;
    /// trips cancelled after their pickup, ending there; a shared ride's other riders' rows,
    /// joined to their trip (docs/templates.md, "The Uber templates").
    static func readerNotes(_ reader: ShiftRowReader) -> [String] {
        var notes: [String] = []
        let reserved = reader.acceptedAtPickup.sorted()
        if !reserved.isEmpty {
            let trips = reserved.count == 1 ? "1 trip was" : "\(reserved.count) trips were"
            notes.append("\(trips) requested after \(reserved.count == 1 ? "its" : "their") pickup (an Uber Reserve trip: the request time is "
                + "the reservation's), so accepted at the pickup time: \(named(reserved))")
        }
        let cut = reader.cancelledAfterPickup.sorted()
        if !cut.isEmpty {
            let trips = cut.count == 1 ? "1 trip was" : "\(cut.count) trips were"
            notes.append("\(trips) cancelled after \(cut.count == 1 ? "its" : "their") pickup (the rider left during the ride): "
                + "driven, so read as \(cut.count == 1 ? "a trip" : "trips") ending at the pickup time: \(named(cut))")
        }
        let shares = reader.sharedRideRows
        if !shares.isEmpty {
            let rows = shares.count == 1 ? "1 row is" : "\(shares.count) rows are"
            notes.append("\(rows) another rider's share of a shared ride (the same request, pickup and drop-off times as "
                + "another row): one trip with it, not \(shares.count == 1 ? "a trip" : "trips") of \(shares.count == 1 ? "its" : "their") own: \(named(shares))")
        }
        return notes
    }

    /// `line 5`, `lines 5, 9 and 2 more` (the first ten named).
    static func named(_ lines: [Int]) -> String {
        let listed = lines.prefix(10).map(String.init).joined(separator: ", ") + (lines.count > 10 ? " and \(lines.count - 10) more" : "")
        return "line\(lines.count == 1 ? "" : "s") \(listed)"
    }

    static func describe(_ paid: PaidAmount) -> String {
        paid.amount.formatted() + (paid.tips.map { " (tips \($0.formatted()))" } ?? "")
    }
}
