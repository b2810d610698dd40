import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation

enum ExpenseImportCommand {
    static let spec = CommandSpec(
        path: ["import", "expenses"], abstract: "Import expenses from CSV files.",
        usage: "import expenses FILE... [--template NAME|PATH] [--dry-run]",
        arguments: [("FILE", "CSV files with a header row: date, amount, category, note.")],
        options: [
            OptionHelp(name: "template", value: "NAME|PATH", help: "'expenses' (the default, docs/templates.md) or a template file."),
            OptionHelp(name: "dry-run", value: nil, help: "Read and check everything, print the summary, write nothing."),
        ],
        discussion: """
            Each file is one transaction: a file with any bad row adds nothing, and every bad row
            is listed with its line and column. A row already in the store (the same date, amount,
            category and note, from another file) is not added again; two identical rows in one
            file are two expenses. A date without a time is recorded at 12:00 local (--tz).
            """,
        store: .create,
        run: { run in
            let files = run.arguments.positionals
            guard !files.isEmpty else { throw UsageError(message: "missing FILE") }
            try PathArgument.checkInputs(files)
            let template = try loadTemplate(try run.arguments.value("template"), run: run)
            let dryRun = run.arguments.has("dry-run")
            let zone = try run.importZone(template: template.timeZone, kind: "expense file")
            let store = try run.importStore()
            return run.importEach(files) { importOne($0, template: template, zone: zone, store: store, dryRun: dryRun, run: run) }
        })

    static func loadTemplate(_ name: String?, run: Invocation) throws -> ExpenseTemplate {
        guard let name, name != "expenses" else { return try ExpenseTemplate.builtIn() }
        guard name.contains("/") || name.hasSuffix(".json") else {
            throw UsageError(message: "unknown expenses template '\(name)'", hint: Suggestions.shipped(name, among: ["expenses"], otherwise: "or the path of a template file"))
        }
        do {
            return try ExpenseTemplate.parse(try StatementImportCommand.templateBytes(name), file: name)
        } catch let error as TemplateError {
            throw CommandFailure(message: "\(error)", status: .dataError)
        }
    }

    static func importOne(_ path: String, template: ExpenseTemplate, zone: TimeZone, store: Store, dryRun: Bool, run: Invocation) -> ExitCode {
        let name = (path as NSString).lastPathComponent
        let end: ImportEnd<ExpenseOutcome>
        do {
            end = try ExpenseIngest.run(path, template: template, zone: zone, store: store, options: ExpenseOptions(now: run.now, dryRun: dryRun))
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
        switch end {
        case .refused(let problems):
            for problem in problems { run.context.console.err("dashpilot: error: \(path):\(problem)\n") }
            run.context.console.err("dashpilot: \(path): nothing imported\n")
            return .dataError
        case let .recorded(importID, outcome): message = "imported as import \(importID): \(outcome.text)"
        case .dryRun(let outcome): message = "dry run, nothing written: would add \(outcome.text)"
        case .duplicate(let earlier, _): message = "already imported as import \(earlier.id) (\(earlier.fileName)); nothing added"
        case .nothingAdded(let outcome): message = "all \(outcome.rows) of its expenses are already in the store; nothing added"
        }
        if !run.quiet { run.print("\(name): \(message)") }
        return .success
    }
}
