import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation

enum StatementImportCommand {
    static let spec = CommandSpec(
        path: ["import", "statement"], abstract: "Import earnings statements from CSV files.",
        usage: "import statement FILE... --template T [--dry-run] [--replace]\n       [--platform NAME] [--driver ID] [--split-gap MINUTES]\n       [--allow-future]",
        arguments: [("FILE", "CSV statements in the template's shape.")],
        options: [
            OptionHelp(name: "template", value: "T", help: "A shipped template (shift-log, delivery-log, uber-payments, uber-trips, uber-driver-payments, uber-driver-trips; docs/templates.md) or a template file's path."),
            OptionHelp(name: "dry-run", value: nil, help: "Read and check everything, print the summary, write nothing."),
            OptionHelp(name: "replace", value: nil, help: "Let the statement replace earnings already recorded differently."),
            OptionHelp(name: "create-shifts", value: nil, help: "Accepted for earlier scripts: every import makes the shifts it needs."),
            OptionHelp(name: "platform", value: "NAME", help: "The platform of rows that name none (money needs one)."),
            OptionHelp(name: "driver", value: "ID", help: "Keep only this driver's rows of a file of several drivers."),
            OptionHelp(name: "split-gap", value: "MINUTES", help: "Work further apart than this is another shift (default 60)."),
            OptionHelp(name: "allow-future", value: nil, help: "Take rows dated after now (refused otherwise: a year typo)."),
        ],
        discussion: """
            Shift rows, trips and money lines are evidence of work (docs/record.md): each goes on
            your shift within the split gap of it, else on the shift the evidence makes, which
            grows, joins or splits as files arrive, in any order. Every amount keeps its platform
            and kind; a shift row is one platform's figure for its span, never divided from
            anything. A figure another file gave differently for the same work is not
            overwritten: the file is refused naming both, unless --replace (undoing this import
            brings the other back). Each file is one transaction; every bad row is listed and
            nothing of the file is written. The same records again add nothing; two identical
            rows in one file are two deliveries.
            """,
        store: .create,
        run: { run in
            let files = run.arguments.positionals
            guard !files.isEmpty else { throw UsageError(message: "missing FILE") }
            try PathArgument.checkInputs(files)
            guard let templateName = try run.arguments.value("template") else {
                throw UsageError(message: "missing required option --template",
                                 hint: "shipped: \(StatementTemplate.builtInJSON.keys.sorted().joined(separator: ", "))")
            }
            let template = try loadTemplate(templateName, run: run)
            let zone = try run.importZone(template: template.timeZone, timesCarryOffsets: template.timesCarryOffsets)
            let store = try run.importStore()
            return run.importEach(files) { importOne($0, template: template, zone: zone, store: store, run: run) }
        })

    static func loadTemplate(_ name: String, run: Invocation) throws -> StatementTemplate {
        if let builtIn = try StatementTemplate.builtIn(name) { return builtIn }
        guard name.contains("/") || name.hasSuffix(".json") else {
            throw UsageError(message: "unknown statement template '\(name)'",
                             hint: Suggestions.shipped(name, among: StatementTemplate.builtInJSON.keys, otherwise: "or the path of a template file"))
        }
        do {
            return try StatementTemplate.parse(try templateBytes(name), file: name)
        } catch let error as TemplateError {
            throw CommandFailure(message: "\(error)", status: .dataError)
        }
    }

    /// A template file's bytes: a regular file of at most 1 MiB (a FIFO named by mistake would
    /// block the import for ever); missing or unreadable is exit 66.
    static func templateBytes(_ path: String) throws -> [UInt8] {
        let path = try PathArgument.input(path, what: "the template", option: "--template")
        do { return try CSVFileStream.contents(path, limit: 1 << 20) } catch {
            throw CommandFailure(message: "\(path): cannot read the template: \(error)", status: .noInput)
        }
    }

    static func importOne(_ path: String, template: StatementTemplate, zone: TimeZone, store: Store, run: Invocation) -> ExitCode {
        let name = (path as NSString).lastPathComponent
        let end: ImportEnd<StatementOutcome>
        do {
            let options = StatementOptions(now: run.now, replace: run.arguments.has("replace"), createShifts: run.arguments.has("create-shifts"),
                                           dryRun: run.arguments.has("dry-run"), platform: try run.arguments.value("platform"),
                                           driver: try run.arguments.value("driver"), splitGapMilliseconds: try splitGap(run),
                                           allowFuture: run.arguments.has("allow-future"))
            end = try StatementIngest.run(path, template: template, zone: zone, store: store, options: options)
        } catch let error as CSVFileError {
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            return .noInput
        } catch let error as ModelError {
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            return .dataError
        } catch {
            return DashPilotCLI.report(error, console: run.context.console, storePath: run.storePath, file: path, zone: run.zoneSource.map { _ in run.zone })
        }
        let message: String
        var listSkips = false
        switch end {
        case .refused(let problems):
            for problem in problems { run.context.console.err("dashpilot: error: \(path):\(problem)\n") }
            run.context.console.err("dashpilot: \(path): nothing imported\n")
            return .dataError
        case let .recorded(importID, outcome):
            message = "imported as import \(importID) (\(template.name)): \(outcome.counts.text)"
            listSkips = true
        case .dryRun(let outcome):
            message = "dry run, nothing written: would record " + outcome.counts.text
            listSkips = true
        case .duplicate(let earlier, _):
            message = "already imported as import \(earlier.id) (\(earlier.fileName)); nothing added"
        case .nothingAdded(let outcome):
            let skipped = outcome.skipped.count
            message = outcome.counts.unchanged > 0 ? "everything in it is already recorded; nothing added"
                : "nothing in it to record (\(skipped) row\(skipped == 1 ? "" : "s") skipped); nothing added"
            listSkips = outcome.counts.unchanged == 0
        }
        if !run.quiet {
            run.print("\(name): \(message)")
            if listSkips, let outcome = end.outcome {
                for skip in outcome.skipped {
                    // The class when the template names one (the built-in reasons say theirs), and the amount.
                    let named = skip.account.isNamedByTemplate ? skip.account.name : nil
                    let said = [named, skip.amount?.formatted()].compactMap { $0 }
                    run.print("  skipped line \(skip.line): \(skip.reason)" + (said.isEmpty ? "" : " (\(said.joined(separator: ", ")))"))
                }
                // Where every amount of the file went (docs/record.md, "Every amount is accounted for").
                // Said when the file holds money and more than one class of it ('imports show' keeps it).
                let entries = outcome.account.entries
                if entries.contains(where: { $0.withAmount > 0 }), entries.count > 1 || entries.contains(where: { !$0.account.isIncome }) {
                    run.print("  accounting: " + AccountText.line(outcome.account))
                }
            }
            if listSkips, let outcome = end.outcome { for note in outcome.notes { run.print("  note: " + note) } }
            if listSkips, let settled = end.outcome?.settled { for note in settleNotes(settled) { run.print("  note: " + note) } }
        }
        return .success
    }

    /// `--split-gap MINUTES`: a whole number of minutes from 1 to 960 (16 hours).
    static func splitGap(_ run: Invocation) throws -> Int64? {
        guard let text = try run.arguments.value("split-gap") else { return nil }
        guard let minutes = Int64(text), (1...960).contains(minutes) else {
            throw UsageError(message: "--split-gap must be a whole number of minutes from 1 to 960, not '\(text)'")
        }
        return minutes * 60_000
    }

    /// What the planner did that a driver should know: evidence kept outside their own times.
    static func settleNotes(_ settled: SettleOutcome) -> [String] {
        settled.outsideDriverShifts.map { entry in
            "\(Durations.hoursText(entry.outside)) h of what this file records lies outside your shift \(entry.shift)'s times "
                + "(up to \(Durations.hoursText(entry.beyond)) h beyond them): kept on it, its money counted, its hours not"
        }
    }
}
