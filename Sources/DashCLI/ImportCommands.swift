import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation

enum ImportCommands {
    static let gpx = CommandSpec(
        path: ["import", "gpx"], abstract: "Import GPX tracks as route samples of the right shifts.",
        usage: "import gpx FILE... [--shift ID] [--dry-run] [--max-accuracy M]\n       [--split-gap MINUTES]",
        arguments: [("FILE", "GPX 1.0 or 1.1 files, as tracking apps write them.")],
        options: [
            OptionHelp(name: "shift", value: "ID", help: "Put every track on this shift instead of the one that covers it."),
            OptionHelp(name: "dry-run", value: nil, help: "Read and judge everything, print the summary, write nothing."),
            OptionHelp(name: "max-accuracy", value: "M", help: "Reject points less accurate than M metres (default 50)."),
            OptionHelp(name: "split-gap", value: "MINUTES", help: "A break longer than this starts another shift (default 60)."),
        ],
        discussion: """
            Each track segment becomes a capture session, cut where it breaks for longer than
            the split gap. Sessions are evidence of work (docs/record.md): each goes on your
            shift within the gap of it, else on the shift the evidence makes (at most 16
            hours), in any order of files. A point more than the gap from every other point of
            its file is a stray fix, rejected and counted. Points are judged as the capture
            path judges them: a point not later than the one before, less accurate than
            --max-accuracy, or implying a speed above 70 m/s is rejected and counted. The route
            holds each instant once: of two files' positions there it keeps the more accurate
            (then the smaller latitude, longitude), in any order of files, and the other file
            holds its own, which comes back if the kept one's import is undone. With --shift,
            every track goes on that shift and points outside it are left out. Only time, latitude, longitude and accuracy are kept. Each file is
            one transaction: a file with any problem adds nothing, and every problem is listed
            with its line. Points without a time are left out and counted; a file with no timed
            point, or whose every point is rejected, is refused (exit 65). A file already
            imported, or another holding the same points, adds nothing. Waypoints and routes are
            ignored.
            """,
        store: .create,
        run: { run in
            let files = run.arguments.positionals
            guard !files.isEmpty else { throw UsageError(message: "missing FILE") }
            try PathArgument.checkInputs(files)
            let forced = try run.arguments.value("shift").map { try run.id($0, what: "--shift") }
            var thresholds = AcceptanceFilter.Thresholds()
            if let text = try run.arguments.value("max-accuracy") {
                guard let metres = Double(text), metres.isFinite, metres > 0 else {
                    throw UsageError(message: "--max-accuracy must be a number of metres above 0, not '\(text)'")
                }
                thresholds.maxAccuracyMetres = metres
            }
            let store = try run.importStore()
            return run.importEach(files) { importOne($0, store: store, forced: forced, thresholds: thresholds, run: run) }
        })

    /// Imports one file in its own transaction; prints its summary or its problems.
    static func importOne(_ path: String, store: Store, forced: Int64?, thresholds: AcceptanceFilter.Thresholds, run: Invocation) -> ExitCode {
        let name = (path as NSString).lastPathComponent
        var options = GPXOptions(now: run.now, forcedShift: forced, thresholds: thresholds, dryRun: run.arguments.has("dry-run"))
        options.displayZone = run.zoneSource.map { _ in run.zone }
        do { options.splitGapMilliseconds = try StatementImportCommand.splitGap(run) } catch {
            run.context.console.err("dashpilot: error: \(error)\n")
            return .usage
        }
        let progress = Progress(name: name, total: FileChunks.size(path), run: run)
        defer { progress.clear() }
        do {
            let end = try GPXIngest.run(path, store: store, options: options) { progress.update($0) }
            progress.clear()
            if let outcome = end.outcome {
                if outcome.allRejected {
                    run.context.console.err(allRejectedLine(outcome, path: path))
                    return .dataError
                }
                if case .recorded = end { report(outcome, written: true, run: run) } else { report(outcome, written: false, run: run) }
            }
            return .success
        } catch let error as GPXReadError {
            progress.clear()
            for problem in error.problems {
                run.context.console.err("dashpilot: error: \(path):\(problem.line > 0 ? "\(problem.line):" : "") \(problem.message)\n")
            }
            if error.problems.count >= GPXReader.maxProblems {
                run.context.console.err("dashpilot: \(path): more problems not listed\n")
            }
            run.context.console.err("dashpilot: \(path): nothing imported\n")
            return .dataError
        } catch let error as GPXFileError {
            progress.clear()
            run.context.console.err("dashpilot: error: \(path): \(error.message)\ndashpilot: \(path): nothing imported\n")
            return .noInput
        } catch let error as TrackPlacementError {
            progress.clear()
            run.context.console.err("dashpilot: error: \(path): \(error.message)\ndashpilot: \(path): nothing imported\n")
            return .dataError
        } catch let error as ModelError {
            progress.clear()
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            if case .notFound = error { return .failure }
            return .dataError
        } catch {
            progress.clear()
            return DashPilotCLI.report(error, console: run.context.console, storePath: run.storePath, file: path, zone: run.zoneSource.map { _ in run.zone })
        }
    }
}
