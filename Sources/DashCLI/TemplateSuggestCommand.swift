import DashImport
import DashModel
import Foundation

/// `template suggest FILE`: a draft template for a CSV file no shipped template reads
/// (docs/templates.md, "A template from any CSV"). The logic is DashImport's
/// (TemplateSuggester.swift); this reads the file's first bytes and prints.
enum TemplateSuggestCommand {
    static let spec = CommandSpec(
        path: ["template", "suggest"], abstract: "Draft a template from a CSV file's header and first rows.",
        usage: "template suggest FILE [--kind KIND] [--platform NAME]",
        arguments: [("FILE", "A CSV file with a header row: a statement or an expense list.")],
        options: [
            OptionHelp(name: "kind", value: "KIND", help: "What a row is: shifts, deliveries, moneyLines or expenses. Default: guessed from the columns."),
            OptionHelp(name: "platform", value: "NAME", help: "Write this platform into the draft (for a file that names none)."),
        ],
        discussion: """
            Reads the header and the first 200 rows (at most 1 MiB) and prints a template on
            stdout: delimiter, encoding, decimal mark, the date and time patterns that read
            every sampled cell, the columns matched by name, and skip rules for a totals row,
            rows whose status is not completed and payout lines. Notes on stderr say what was
            guessed, which columns were not mapped, and what the import needs (--tz,
            --platform). When the draft cannot import the file (a required column not
            mapped, cells no pattern reads), it is still printed, each reason is an error,
            and the exit status is 65. Save it and pass it to 'import statement --template'
            or 'import expenses --template'.
            """,
        store: .none,
        run: { run in
            let path = try PathArgument.input(try run.arguments.positionals(["FILE"])[0], what: "a CSV file")
            var kind: DraftKind?
            if let text = try run.arguments.value("kind") {
                guard let value = DraftKind(rawValue: text) else {
                    throw UsageError(message: "--kind must be shifts, deliveries, moneyLines or expenses, not '\(text)'")
                }
                kind = value
            }
            var platform: String?
            if let text = try run.arguments.value("platform") {
                do { platform = try PlainText.validated(text, field: "--platform", maxLength: 100) } catch {
                    throw UsageError(message: "\(error)")
                }
            }
            let (prefix, complete) = try readPrefix(path)
            let name = (path as NSString).lastPathComponent
            let draft: TemplateDraft
            do {
                let sample = try CSVSniffer.sample(prefix, complete: complete)
                draft = try TemplateSuggester.suggest(sample, fileName: name, kind: kind, platform: platform)
            } catch let error as CSVSniffError {
                throw CommandFailure(message: "\(path): \(error)", status: .dataError)
            } catch let error as TemplateSuggester.Unguessable {
                throw CommandFailure(message: "\(path): \(error)", status: .dataError)
            }
            run.context.console.out(draft.json)
            for note in draft.notes { run.note("\(name): \(note)") }
            for need in draft.needs { run.note("\(name): to import it, pass \(need)") }
            for blocker in draft.blockers { run.context.console.err("dashpilot: error: \(path): the draft cannot import it: \(blocker)\n") }
            return draft.blockers.isEmpty ? .success : .dataError
        })

    /// The file's first ``CSVSniffer/maxBytes`` bytes, and whether that is the whole file.
    static func readPrefix(_ path: String) throws -> ([UInt8], Bool) {
        var bytes: [UInt8] = []
        do {
            let digest = try CSVFileStream.read(path, chunkSize: 1 << 16) { chunk in
                bytes.append(contentsOf: chunk.prefix(CSVSniffer.maxBytes - bytes.count))
                return bytes.count < CSVSniffer.maxBytes
            }
            return (bytes, digest != nil)
        } catch {
            throw CommandFailure(message: "\(path): cannot read the file: \(error)", status: .noInput)
        }
    }
}
