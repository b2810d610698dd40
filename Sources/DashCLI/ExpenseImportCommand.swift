import DashImport
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
            let template = try loadTemplate(try run.arguments.value("template"), run: run)
            let dryRun = run.arguments.has("dry-run")
            let zone = try run.importZone(template: template.timeZone)
            let store = try run.importStore()
            return run.importEach(files) { importOne($0, template: template, zone: zone, store: store, dryRun: dryRun, run: run) }
        })

    static func loadTemplate(_ name: String?, run: Invocation) throws -> ExpenseTemplate {
        guard let name, name != "expenses" else { return try ExpenseTemplate.builtIn() }
        guard name.contains("/") || name.hasSuffix(".json") else {
            throw UsageError(message: "unknown expenses template '\(name)'", hint: "use 'expenses' or the path of a template file")
        }
        do {
            return try ExpenseTemplate.parse(try StatementImportCommand.templateBytes(name), file: name)
        } catch let error as TemplateError {
            throw CommandFailure(message: "\(error)", status: .dataError)
        }
    }

    private struct Rollback: Error { let message: String }

    static func importOne(_ path: String, template: ExpenseTemplate, zone: TimeZone, store: Store, dryRun: Bool, run: Invocation) -> ExitCode {
        let name = (path as NSString).lastPathComponent
        // In chunks: the file's bytes are never held whole, only its rows as parsed values.
        var reader = ExpenseRowReader(template: template, zone: zone)
        let digest: String?
        do {
            digest = try CSVFileStream.read(path) { chunk in
                reader.feed(chunk)
                return !reader.stopped
            }
        } catch {
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            return .noInput
        }
        let (rows, problems) = reader.finish()
        // No digest only when the reading stopped at a problem: the file is refused.
        guard problems.isEmpty, let sha = digest else {
            for problem in problems { run.context.console.err("dashpilot: error: \(path):\(problem)\n") }
            run.context.console.err("dashpilot: \(path): nothing imported\n")
            return .dataError
        }
        do {
            let (added, known, importID): (Int, Int, Int64) = try store.write {
                let importID = try store.beginImport(kind: .expenses, fileName: name, sha256: sha, template: template.name, at: run.now)
                if let earlier = try store.earlierImport(kind: .expenses, sha256: sha, contentSha256: nil, except: importID) {
                    throw Rollback(message: "already imported as import \(earlier.id) (\(earlier.fileName)); nothing added")
                }
                // A multiset union: a key the store holds k times and this file n times adds n - k.
                var stored = try RecordKeyCounts(store: store, table: .expense, expectedKeys: rows.count)
                var inFile: [RecordKey: Int] = [:]
                var added = 0
                for row in rows {
                    let seen = inFile[row.recordKey, default: 0] + 1
                    inFile[row.recordKey] = seen
                    guard seen > (try stored.count(row.recordKey)) else { continue }
                    try store.addExpense(at: row.occurredAt, amount: row.amount, category: row.category, note: row.note,
                                         importID: importID, recordKey: row.recordKey.hex)
                    added += 1
                }
                guard added > 0 else { throw Rollback(message: "all \(rows.count) of its expenses are already in the store; nothing added") }
                let known = rows.count - added
                try store.finishImport(importID, sha256: sha, contentSha256: nil,
                                       summary: "\(added) expense\(added == 1 ? "" : "s")" + (known > 0 ? "; \(known) already in the store" : ""))
                if dryRun { throw Rollback(message: "dry run, nothing written: would add \(added) expense\(added == 1 ? "" : "s")"
                                           + (known > 0 ? "; \(known) already in the store" : "")) }
                return (added, known, importID)
            }
            if !run.quiet {
                run.print("\(name): imported as import \(importID): \(added) expense\(added == 1 ? "" : "s")"
                          + (known > 0 ? "; \(known) already in the store" : ""))
            }
            return .success
        } catch let rollback as Rollback {
            if !run.quiet { run.print("\(name): \(rollback.message)") }
            return .success
        } catch let error as ModelError {
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            return .dataError
        } catch {
            return DashPilotCLI.report(error, console: run.context.console, storePath: run.storePath, file: path)
        }
    }
}
