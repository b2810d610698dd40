import DashModel
import DashStore

extension ImportCommands {
    static let list = CommandSpec(
        path: ["imports"], abstract: "List imported files.", usage: "imports [list]", store: .existing,
        run: { run in try listImports(run) })

    static let listAlias = CommandSpec(
        path: ["imports", "list"], abstract: "List imported files (the same as 'imports').", usage: "imports list", store: .existing,
        run: { run in try listImports(run) })

    static func listImports(_ run: Invocation) throws -> ExitCode {
        _ = try run.arguments.positionals([])
        let records = try run.store.imports()
        if records.isEmpty {
            if !run.quiet { run.print("no imports") }
            return .success
        }
        var table = TextTable(headers: ["ID", "IMPORTED", "KIND", "FILE", "ADDED"], rightAligned: [0])
        for record in records {
            table.rows.append([String(record.id), run.local(record.importedAt), record.kind.rawValue, record.fileName, record.summary])
        }
        run.context.console.out(table.render())
        return .success
    }

    static let undo = CommandSpec(
        path: ["imports", "undo"], abstract: "Remove exactly what one import added.",
        usage: "imports undo ID", arguments: [("ID", "The import, as 'dashpilot imports' lists it.")],
        discussion: """
            Removes the route samples, capture sessions and shifts the import added, in one
            transaction. Refused when a shift it created has since had something else recorded.
            """,
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            let undone = try run.store.undoImport(id)
            if !run.quiet {
                run.print("undid import \(id) (\(undone.record.fileName)): " + undoSummary(undone))
            }
            return .success
        })
}

/// What an undo removed, every kind it touched and only those (issue 13, item 5: undoing a
/// delivery log said "removed 0 shifts, 0 capture sessions, 0 route samples").
func undoSummary(_ undone: ImportUndo) -> String {
    func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
    let parts = [(undone.shifts, "shift", "shifts"), (undone.captureSessions, "capture session", "capture sessions"),
                 (undone.routeSamples, "route sample", "route samples"), (undone.deliveries, "delivery", "deliveries"),
                 (undone.moneyLines, "money line", "money lines"), (undone.expenses, "expense", "expenses")]
        .filter { $0.0 > 0 }.map { count($0.0, $0.1, $0.2) }
    var text = parts.isEmpty ? "removed nothing" : "removed " + parts.joined(separator: ", ")
    if undone.earningsCleared > 0 { text += "; earnings back to not recorded on \(count(undone.earningsCleared, "shift", "shifts"))" }
    return text
}

