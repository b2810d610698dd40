import DashModel
import DashReport
import DashStore
import Foundation

enum StoreCommands {
    static let info = CommandSpec(
        path: ["store", "info"], abstract: "Show the store's path, schema version and row counts.",
        usage: "store info", store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let store = try run.store
            run.print("store:   \(run.storePath)")
            run.print("schema:  version \(store.version) (this build writes version \(Schema.currentVersion))")
            let table = TextTable(headers: ["TABLE", "ROWS"], rightAligned: [1],
                                  rows: try store.counts().tables.map { [$0.name, String($0.rows)] })
            run.print()
            run.context.console.out(table.render())
            return .success
        })

    static let migrate = CommandSpec(
        path: ["store", "migrate"], abstract: "Bring the store to this build's schema, after a backup copy.",
        usage: "store migrate",
        discussion: """
            Every command migrates an older store when it opens it; this one does only that and
            says what it did. Before migrating, a copy of the store is written beside it
            (STORE.vN.bak, mode 0600). A store written by a newer dashpilot is refused.
            """,
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let store = try run.store
            let migration = store.migration
            if migration.appliedSteps.isEmpty {
                run.print("the store is at schema version \(store.version); nothing to migrate")
            } else {
                run.print("migrated from schema version \(migration.fromVersion) to \(migration.toVersion):")
                for step in migration.appliedSteps { run.print("  \(step)") }
                if let backup = migration.backupPath { run.print("backup: \(backup)") }
            }
            return .success
        })

    static let check = CommandSpec(
        path: ["check"], abstract: "List structural faults and run SQLite's integrity check.",
        usage: "check",
        discussion: """
            Faults are things the record's rules say should not be: an active delivery or an open
            pause on an ended shift, route samples outside their shift, an offer with no deliveries,
            and anything SQLite's integrity or foreign-key checks report. Exit status 0 when the
            store is clean, 1 when anything was found. Two figures for the same money that
            differ (a statement's shift total and its trips' pay, your figure and an imported
            one) are listed as notes, with both figures and which counts; they do not fail it.
            """,
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let faults = try run.store.structuralFaults()
            let notes = try earningsNotes(run.store)
            if faults.isEmpty {
                run.print("no structural faults; SQLite integrity check: ok")
            } else {
                run.print("the store \(run.storePath): \(faults.count) structural fault\(faults.count == 1 ? "" : "s"):")
                for fault in faults { run.print("  \(fault)") }
            }
            if !notes.isEmpty {
                run.print("note: \(notes.count) shift figure\(notes.count == 1 ? "" : "s") that another figure for the same money contradicts:")
                for note in notes { run.print("  \(note.text)") }
            }
            return faults.isEmpty ? .success : .failure
        })

    /// The earnings notes of every shift (docs/report.md): read from the money figures only,
    /// never the routes. A shift whose figures do not add up is the report's to name.
    static func earningsNotes(_ store: Store) throws -> [EarningsNote] {
        try store.shifts().flatMap { shift in
            (try? CountedMoney(shiftID: shift.id, money: try store.platformMoney(of: shift)))?.notes ?? []
        }
    }
}
