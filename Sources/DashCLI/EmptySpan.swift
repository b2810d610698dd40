import DashModel
import DashReport
import Foundation

/// A report or export whose span holds no record (no shift started in it, no expense in it)
/// says so in one line on stderr, naming the span and where the records lie, so a cron job with
/// the wrong year does not mail a report of zeros in silence (docs/cron.md). `--quiet` silences
/// the line; `--strict` makes it an error (exit 1, the line printed even under `--quiet`, as
/// every failure's is) with nothing else printed or written.
enum EmptySpan {
    static let strictOption = OptionHelp(
        name: "strict", value: nil,
        help: "Exit 1, printing and writing nothing, when the span holds no record (for cron).")

    /// Nil when the span holds a record or the line is only a note; else the exit status.
    static func check(_ run: Invocation, request: ReportRequest, holdsRecords: Bool) throws -> ExitCode? {
        guard !holdsRecords else { return nil }
        let text = try line(run, request: request)
        // Under --strict it is a failure, and a failure is one line even under --quiet
        // (docs/cron.md: cron mails that line).
        guard run.arguments.has("strict") else { run.note(text); return nil }
        run.context.console.err("dashpilot: error: \(text)\n")
        return .failure
    }

    /// `no records in 2025-01-01 to 2025-12-31; the store's records run 2026-01-04 to 2026-11-28`.
    static func line(_ run: Invocation, request: ReportRequest) throws -> String {
        let last = request.to.adding(days: -1)
        let span = last == request.from ? "on \(request.from)" : "in \(request.from) to \(last)"
        guard let recorded = try run.store.recordedSpan() else { return "no records \(span); the store holds no records" }
        let first = Day(recorded.first, in: run.zone), lastRecord = Day(recorded.last, in: run.zone)
        let records = first == lastRecord ? "are all on \(first)" : "run \(first) to \(lastRecord)"
        return "no records \(span); the store's records \(records)"
    }
}
