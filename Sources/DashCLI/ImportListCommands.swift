import DashModel
import DashStore

extension ImportCommands {
    static let list = CommandSpec(
        path: ["imports"], abstract: "List imported files.", usage: "imports [list]", discussion: listDiscussion, store: .existing,
        run: { run in try listImports(run) })

    static let listAlias = CommandSpec(
        path: ["imports", "list"], abstract: "List imported files (the same as 'imports').", usage: "imports list",
        discussion: listDiscussion, store: .existing, run: { run in try listImports(run) })

    static let listDiscussion = """
        ADDED is what each import added. Its shifts are the ones the record holds now,
        each counted once, under the oldest import whose evidence it holds: a file
        that only gave another file's trips their times made none, and a shift a
        later file joined to an older one is counted there.
        """

    static func listImports(_ run: Invocation) throws -> ExitCode {
        _ = try run.arguments.positionals([])
        let records = try run.store.imports()
        if records.isEmpty {
            if !run.quiet { run.print("no imports") }
            return .success
        }
        let made = try run.store.madeShiftsByImport()
        var table = TextTable(headers: ["ID", "IMPORTED", "KIND", "FILE", "ADDED"], rightAligned: [0])
        for record in records {
            table.rows.append([String(record.id), run.local(record.importedAt), record.kind.rawValue, record.fileName,
                               addedNow(record, madeShifts: made[record.id] ?? [])])
        }
        run.context.console.out(table.render())
        return .success
    }

    static let undo = CommandSpec(
        path: ["imports", "undo"], abstract: "Remove exactly what one import added.",
        usage: "imports undo ID [--dry-run]", arguments: [("ID", "The import, as 'dashpilot imports' lists it.")],
        options: [OptionHelp(name: "dry-run", value: nil, help: "Say what the undo would remove and keep; change nothing.")],
        discussion: """
            Removes what the import added, in one transaction, as if it had never been
            imported: a row another import also holds stays (held by that one), a shift it
            made that another import's rows are on stays (fitted to them), and a figure it
            replaced counts again. Refused when a shift it created has since had something
            you entered recorded on it.
            """,
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            let dryRun = run.arguments.has("dry-run")
            let undone = try run.store.undoImport(id, dryRun: dryRun)
            if !run.quiet {
                run.print("\(dryRun ? "dry run, nothing changed: undoing" : "undid") import \(id) (\(undone.record.fileName))"
                          + (dryRun ? " would have " : ": ") + undoSummary(undone))
            }
            return .success
        })
}

/// An import's stored summary with its shifts as the record holds them now: the made shifts
/// counted under it (`Store.madeShiftsByImport`), in place of the count or ids it stored when
/// it was imported, which later imports may have joined or undone (issue 27, item 5: a trips
/// file that re-timed a payments file's 6 shifts was listed with "6 shifts created" of its own).
func addedNow(_ record: ImportRecord, madeShifts: [Int64]) -> String {
    var parts = record.summary.components(separatedBy: "; ").filter { !$0.isEmpty && !isShiftsPart($0) }
    if !madeShifts.isEmpty {
        let one = madeShifts.count == 1
        parts.insert(record.kind == .gpx ? (one ? "new shift " : "new shifts ") + madeShifts.map(String.init).joined(separator: ", ")
                                         : "\(madeShifts.count) shift\(one ? "" : "s") created", at: 0)
    }
    return parts.joined(separator: "; ")
}

/// The part of a stored summary naming the shifts an import made: "3 shifts created"
/// (StatementIngest.Counts) or "new shifts 4, 5" (GPXIngest.addedText).
private func isShiftsPart(_ part: String) -> Bool {
    let words = part.split(separator: " ")
    if words.count == 3, Int(words[0]) != nil, words[1] == "shift" || words[1] == "shifts", words[2] == "created" { return true }
    guard words.count >= 3, words[0] == "new", words[1] == "shift" || words[1] == "shifts" else { return false }
    return words.dropFirst(2).allSatisfy { Int($0.hasSuffix(",") ? $0.dropLast() : $0) != nil }
}

/// What an undo removed, every kind it touched and only those (issue 13, item 5: undoing a
/// delivery log said "removed 0 shifts, 0 capture sessions, 0 route samples").
func undoSummary(_ undone: ImportUndo) -> String {
    func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
    let parts = [(undone.shifts, "shift", "shifts"), (undone.captureSessions, "capture session", "capture sessions"),
                 (undone.routeSamples, "route sample", "route samples"), (undone.deliveries, "delivery", "deliveries"),
                 (undone.moneyLines, "money line", "money lines"), (undone.expenses, "expense", "expenses"),
                 (undone.otherIncome, "row of other income", "rows of other income"),
                 (undone.figuresRemoved, "statement figure", "statement figures")]
        .filter { $0.0 > 0 }.map { count($0.0, $0.1, $0.2) }
    var text = parts.isEmpty ? "removed nothing" : "removed " + parts.joined(separator: ", ")
    if undone.earningsCleared > 0 { text += "; earnings back to not recorded on \(count(undone.earningsCleared, "shift", "shifts"))" }
    if undone.rowsKept > 0 { text += "; kept \(count(undone.rowsKept, "record", "records")) another import also holds" }
    if undone.shiftsKept > 0 { text += "; kept \(count(undone.shiftsKept, "shift", "shifts")) another import's records are on" }
    if undone.routeSamplesRestored > 0 {
        text += "; \(count(undone.routeSamplesRestored, "route position", "route positions")) of other imports at its instants back on the route"
    }
    if undone.figuresRestored > 0 { text += "; \(count(undone.figuresRestored, "figure", "figures")) it had replaced count again" }
    if undone.tripFiguresRestored > 0 {
        text += "; \(count(undone.tripFiguresRestored, "trip", "trips")) whose pay it had replaced have their own again"
    }
    return text
}
