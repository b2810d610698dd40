import DashImport
import DashIngest
import DashModel

/// The lines a GPX import prints: its summary, or why it added nothing.
extension ImportCommands {
    static func addedText(_ outcome: GPXImportOutcome) -> String { GPXIngest.addedText(outcome) }

    static func plural(_ count: Int, _ noun: String) -> String { GPXIngest.plural(count, noun) }

    /// `too inaccurate: 3, implausible jump: 2`, in the order the filter judges.
    static func rejectionReasons(_ rejected: [AcceptanceFilter.Rejection: Int]) -> [String] {
        AcceptanceFilter.Rejection.allCases.compactMap { reason in rejected[reason].map { "\(reason.rawValue): \($0)" } }
    }

    /// The one line a file whose every point was rejected gets on stderr, even under --quiet:
    /// a cron job must see it (exit 65).
    static func allRejectedLine(_ outcome: GPXImportOutcome, path: String) -> String {
        let total = outcome.rejected.values.reduce(0, +) + outcome.strays
        let reasons = rejectionReasons(outcome.rejected) + (outcome.strays > 0 ? ["stray fixes: \(outcome.strays)"] : [])
        return "dashpilot: error: \(path): all \(plural(total, "point")) rejected (\(reasons.joined(separator: ", "))); nothing imported\n"
    }

    static func report(_ outcome: GPXImportOutcome, written: Bool, run: Invocation) {
        guard !run.quiet else { return }
        let read = outcome.read
        if outcome.empty {
            run.print("\(outcome.fileName): no track points; nothing imported"
                      + (read.waypointsIgnored + read.routesIgnored > 0
                         ? " (\(plural(read.waypointsIgnored, "waypoint")) and \(plural(read.routesIgnored, "route")) are not driven miles)" : ""))
            return
        }
        if let earlier = outcome.duplicateOf {
            run.print("\(outcome.fileName): already imported as import \(earlier.id) (\(earlier.fileName)); nothing added")
            return
        }
        if outcome.written == 0, outcome.setAside == 0, outcome.alreadyRecorded > 0, outcome.outsideShift == 0 {
            run.print("\(outcome.fileName): all of its points are already in the store; nothing added")
            return
        }
        if outcome.allRejected { return }
        if outcome.written == 0, outcome.setAside == 0 {
            let reasons = [outcome.alreadyRecorded > 0 ? "\(plural(outcome.alreadyRecorded, "point")) already in the store" : nil,
                           outcome.strays > 0 ? "\(outcome.strays) stray fix\(outcome.strays == 1 ? "" : "es")" : nil,
                           outcome.outsideShift > 0 ? "\(plural(outcome.outsideShift, "point")) outside the shift" : nil,
                           outcome.rejected.isEmpty ? nil : "\(plural(outcome.rejected.values.reduce(0, +), "point")) rejected"]
                .compactMap { $0 }
            run.print("\(outcome.fileName): nothing to add (\(reasons.joined(separator: ", "))); nothing imported")
            return
        }
        let creator = read.creator.isEmpty ? "" : " by \(read.creator)"
        let head = written ? "imported as import \(outcome.importID ?? 0)" : "dry run, nothing written"
        run.print("\(outcome.fileName): \(head): GPX \(read.version)\(creator), \(plural(read.tracks, "track")), "
                  + "\(plural(read.segments, "segment")), \(plural(read.points, "point"))")
        run.print("  \(written ? "added" : "would add"): " + addedText(outcome))
        let rejected = outcome.rejected.values.reduce(0, +)
        if rejected > 0 {
            run.print("  rejected: \(rejected) (\(rejectionReasons(outcome.rejected).joined(separator: ", ")))")
        }
        if read.untimed.total > 0 {
            run.print("  left out: \(plural(read.untimed.total, "point")) without a time: \(read.untimed.placesText)")
        }
        if read.declaresNoNamespace {
            run.print("  note: <gpx> declares no namespace; read as GPX \(read.version), the version it declares")
        }
        if let reading = read.hdopReading, reading == .metresByValues || reading == .metresByComment {
            run.print("  note: <hdop> read as \(reading.rawValue)")
        }
        if outcome.strays > 0 {
            run.print("  rejected as stray fixes: \(plural(outcome.strays, "point")) more than the split gap from every other point of the file")
        }
        if outcome.alreadyRecorded > 0 {
            run.print("  skipped: \(plural(outcome.alreadyRecorded, "point")) at instants the route already holds")
        }
        if outcome.setAside > 0 {
            run.print("  held aside: \(plural(outcome.setAside, "point")) at instants where another import's position is kept "
                      + "(the more accurate, else the first in order of position); each comes back if that import is undone")
        }
        if outcome.displaced > 0 {
            run.print("  replaced: \(plural(outcome.displaced, "point")) of other imports at the same instants, held aside for them "
                      + "(this file's are the more accurate, else the first in order of position)")
        }
        for entry in outcome.outsideDriverShifts {
            run.print("  note: \(Durations.hoursText(entry.outside)) h of it lies outside your shift \(entry.shift)'s times "
                      + "(up to \(Durations.hoursText(entry.beyond)) h beyond them): kept on it, not counted in its hours")
        }
        if outcome.outsideShift > 0 {
            run.print("  left out: \(plural(outcome.outsideShift, "point")) outside the shift")
        }
        if read.waypointsIgnored + read.routesIgnored > 0 {
            run.print("  ignored: \(plural(read.waypointsIgnored, "waypoint")), \(plural(read.routesIgnored, "route"))")
        }
        if read.timesWithoutZone > 0 {
            run.print("  note: \(plural(read.timesWithoutZone, "time")) had no zone and were read as UTC, as the GPX schema says")
        }
    }
}
