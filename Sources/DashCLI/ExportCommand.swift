import DashExport
import DashModel
import DashReport
import DashStore
import Foundation

enum ExportCommand {

    static let spec = CommandSpec(
        path: ["export"], abstract: "Write CSV files, an XLSX workbook or a text summary.",
        usage: """
            export --format F --out PATH [--table T] [--template PATH]
                   [--force] [--range EXPR] [--from DATE] [--to DATE] [--period P]
                   [--strict] ...
            """,
        options: [
            OptionHelp(name: "format", value: "F", help: "csv (a folder of the report's seven tables and the tax summary's five, or one table's file), xlsx (a workbook) or text (a summary)."),
            OptionHelp(name: "out", value: "PATH", help: "Where: a folder for csv (created if its parent exists), or a file; '-' writes text to stdout."),
            OptionHelp(name: "table", value: "T", help: "With --format csv and a file: periods, shifts, platforms, deliveries, expenses, other_income, mileage_log, tax_summary, tax_platforms, tax_mileage, tax_expenses or tax_notes (else taken from the file's name)."),
            OptionHelp(name: "template", value: "PATH", help: "With --format text: a template of your own (docs/text-templates.md); default Templates/reports/summary.txt."),
            OptionHelp(name: "force", value: nil, help: "Replace files that already exist (otherwise the export refuses)."),
        ] + ReportCommand.spec.options.filter { !["format", "shifts", "platforms"].contains($0.name) },
        discussion: """
            Exports what 'dashpilot report' computes for the same options, and the deliveries,
            expenses, other income and mileage log of that span (docs/export.md). Files are written to a
            temporary name in the target folder and renamed, so a failed or killed run leaves
            any earlier file as it was. An existing file is replaced only with --force. The same
            store and arguments give byte-identical files. With --quiet nothing is printed on
            success; a failure is one line on stderr and a non-zero exit.
            """,
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            guard let format = try run.arguments.value("format") else { throw UsageError(message: "missing required option --format", hint: "csv, xlsx or text") }
            guard ["csv", "xlsx", "text"].contains(format) else { throw UsageError(message: "--format must be csv, xlsx or text, not '\(format)'") }
            guard let outText = try run.arguments.value("out") else { throw UsageError(message: "missing required option --out") }
            // One stream (a text summary, one CSV table) may go to standard output; a folder of
            // tables or a workbook (a zip file) may not (PathArgument).
            let table = try run.arguments.value("table")
            let out = try PathArgument.output(outText, option: "--out", stream: format == "text" || (format == "csv" && table != nil),
                                              why: format == "xlsx" ? "a workbook is a file, not a stream"
                                                  : "standard output takes one table: pass --table T, or name a folder")
            if try run.arguments.value("table") != nil, format != "csv" { throw UsageError(message: "--table is for --format csv") }
            if try run.arguments.value("template") != nil, format != "text" { throw UsageError(message: "--template is for --format text") }
            let data = try exportData(run)
            let holdsRecords = !data.report.shifts.isEmpty || !data.expenses.isEmpty || !data.otherIncome.isEmpty
            if let status = try EmptySpan.check(run, request: data.report.request, holdsRecords: holdsRecords) { return status }
            let template = format == "text" ? try summaryTemplate(run, unit: data.report.request.distanceUnit) : nil
            let force = run.arguments.has("force")
            var files = AtomicFiles()
            do {
                let written: [String]
                switch format {
                case "csv":
                    guard case .file(let out) = out else {
                        try writeTable(data, table: table, run: run)
                        return .success
                    }
                    written = try writeCSV(data, out: out, table: table, force: force, files: &files)
                case "xlsx":
                    guard case .file(let out) = out else { throw InternalError(message: "a workbook to standard output") }
                    let target = try target(out, force: force)
                    let temporary = files.temporaryPath(for: target)
                    // libxlsxwriter's own stderr lines are dropped in the dashpilot process
                    // only: in a test runner stderr is shared by every thread.
                    let quiet = CommandLine.arguments.first.map { PathParts.name(of: $0) } == "dashpilot"
                    do { try XLSXExport.write(data, to: temporary, quiet: quiet) } catch {
                        // Named by the file the user asked for, not the temporary one.
                        throw CommandFailure(message: "\(target): the workbook could not be written: "
                                                 + "\(error)".replacingOccurrences(of: temporary, with: target) + "; the earlier file is as it was",
                                             status: .failure)
                    }
                    written = [target]
                default:
                    guard let template else { throw InternalError(message: "no text template") }
                    let text: String
                    do { text = try SummaryText.render(data, template: template) } catch {
                        throw CommandFailure(message: "\(error)", status: .dataError)
                    }
                    guard case .file(let out) = out else {
                        run.context.console.out(text)
                        return .success
                    }
                    let target = try target(out, force: force)
                    try files.write(Array(text.utf8), to: target)
                    written = [target]
                }
                try files.commit()
                if !run.quiet { run.print("wrote " + written.joined(separator: ", ")) }
                return .success
            } catch let failure as AtomicFiles.Failure {
                files.discard()
                throw CommandFailure(message: "\(failure); any earlier file is as it was", status: .failure)
            } catch {
                files.discard()
                throw error
            }
        })

    /// The report and the rows behind it, read in one snapshot.
    static func exportData(_ run: Invocation) throws -> ExportData {
        let request = try ReportCommand.makeRequest(run)
        let tax = try taxRequest(for: request, run)
        let store = try run.store
        let currency = try store.recordCurrency()?.code
        return try store.read {
            // One read over the report's span and the tax year's: each keeps its own shifts.
            let (reportFrom, reportTo) = request.instants
            // The tax summary's business-use share is the whole year's: its facts are the year's.
            let year = try tax.map { try TaxCommand.yearSpan($0.year) }
            let from = min(reportFrom, year?.start.start(in: run.zone) ?? reportFrom)
            let to = max(reportTo, year?.end.start(in: run.zone) ?? reportTo)
            do {
                let facts = try store.shiftFacts(from: from, to: to)
                let expenses = try store.expenses(from: from, to: to)
                let otherIncome = try store.otherIncome(from: from, to: to)
                let report = try Report(request: request, facts: facts, expenses: expenses, otherIncome: otherIncome)
                var data = ExportData(report: report, deliveries: try store.deliveryRecords(from: reportFrom, to: reportTo),
                                      expenses: expenses.filter { reportFrom <= $0.occurredAt && $0.occurredAt < reportTo },
                                      otherIncome: otherIncome.filter { reportFrom <= $0.occurredAt && $0.occurredAt < reportTo })
                data.tax = try tax.map { (tax: TaxRequest) throws(MoneyError) -> TaxSummary in
                    try TaxSummary(request: tax, facts: facts, expenses: expenses, otherIncome: otherIncome)
                }
                data.currencyCode = currency
                data.vehicleYearMiles = yearMiles(request, tax)
                return data
            } catch let error as MoneyError {
                throw CommandFailure(message: "\(error)", status: .dataError)
            }
        }
    }

    /// `--template PATH`, else the shipped summary; every name checked against the fields a
    /// summary offers before anything is read or written.
    static func summaryTemplate(_ run: Invocation, unit: DistanceUnit) throws -> TextTemplate {
        let path = try run.arguments.value("template")
        var text = BuiltInReportTemplates.summary
        if let path {
            guard let read = String(bytes: try run.templateFile(path, option: "--template"), encoding: .utf8) else {
                throw CommandFailure(message: "\(path): the template is not UTF-8 text", status: .dataError)
            }
            text = read
        }
        do { return try TextTemplate(text, file: path ?? "summary.txt", schema: SummaryText.schema(unit)) } catch {
            throw CommandFailure(message: "\(error)", status: .dataError)
        }
    }

    /// The file to write, checked by ``PathArgument/outputFile(_:force:option:)``: refused when
    /// it names a folder, when its folder is missing, when it is a dangling link, or when it
    /// exists without --force; a link to a file gives the file it names.
    static func target(_ path: String, force: Bool) throws -> String {
        try PathArgument.outputFile(path, force: force)
    }

    /// One CSV table to standard output (`--out - --table T`).
    static func writeTable(_ data: ExportData, table: String?, run: Invocation) throws {
        guard let table, let chosen = data.tables.first(where: { $0.name == table }) else {
            throw UsageError(message: "which table goes to standard output? pass --table", hint: data.tables.map(\.name).joined(separator: ", "))
        }
        run.context.console.out(CSVText.render(chosen))
    }

    /// The tables into a folder, or one table into a file.
    static func writeCSV(_ data: ExportData, out: String, table: String?, force: Bool, files: inout AtomicFiles) throws -> [String] {
        let tables = Dictionary(uniqueKeysWithValues: data.tables.map { ($0.name, $0) })
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory)
        if out.hasSuffix(".csv"), !(exists && isDirectory.boolValue) {
            let name = table ?? String(PathParts.name(of: out).dropLast(4))
            guard let chosen = tables[name] else {
                throw UsageError(message: "which table goes in \(out)? pass --table", hint: data.tables.map(\.name).joined(separator: ", "))
            }
            let target = try target(out, force: force)
            try files.write(Array(CSVText.render(chosen).utf8), to: target)
            return [target]
        }
        if table != nil { throw UsageError(message: "--table needs --out to name a .csv file") }
        if !exists {
            try PathArgument.newFolder(out, option: "--out")
            do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700]) } catch {
                throw CommandFailure(message: "\(PathArgument.display(out)): cannot create the folder", status: .failure)
            }
        } else if !isDirectory.boolValue {
            throw CommandFailure(message: "\(PathArgument.display(out)) is a file; --format csv writes a folder (or name a .csv file and --table)", status: .failure)
        }
        // Every target checked before anything is written.
        let names = data.tables.map(\.name)
        let targets = try names.map { try target(PathParts.join(out, $0 + ".csv"), force: force) }
        for (name, path) in zip(names, targets) {
            guard let table = tables[name] else { continue }
            try files.write(Array(CSVText.render(table).utf8), to: path)
        }
        return targets
    }
}
