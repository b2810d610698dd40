import DashImport
import DashModel
import DashStore
import Foundation

/// What to do with an expenses file (the command's options).
public struct ExpenseOptions: Sendable {
    /// Judge everything, roll it back, keep the outcome.
    public var dryRun: Bool
    /// When the import is recorded.
    public var now: Instant

    public init(now: Instant, dryRun: Bool = false) {
        self.now = now
        self.dryRun = dryRun
    }
}

/// What an expenses import did (or, in a dry run, would do).
public struct ExpenseOutcome: Sendable, Equatable {
    /// The file's expenses.
    public var rows = 0
    /// Those added (the rest the store already held).
    public var added = 0
    public var known: Int { rows - added }
    /// Of those, the ones now recorded as held by this import too (it keeps them when the
    /// import that added them is undone).
    public var held = 0

    public init(rows: Int = 0, added: Int = 0) {
        self.rows = rows
        self.added = added
    }

    /// The import's summary: `2 expenses; 1 already in the store`.
    public var text: String {
        guard added > 0 else { return "nothing new; it also states \(held) expense\(held == 1 ? "" : "s") other imports added (kept while it is)" }
        return "\(added) expense\(added == 1 ? "" : "s")" + (known > 0 ? "; \(known) already in the store" : "")
    }
}

/// An expenses file put into the record: the union of what the store and the file hold, by
/// each row's record key. Moved here from the command line
/// (Sources/DashCLI/ExpenseImportCommand.swift) unchanged in its rules.
public enum ExpenseIngest {
    /// Reads `path` through `template` and imports it into `store` as one transaction. Throws
    /// `CSVFileError` when the file cannot be read; bad rows end `.refused`.
    public static func run(_ path: String, template: ExpenseTemplate, zone: TimeZone, store: Store,
                           options: ExpenseOptions) throws -> ImportEnd<ExpenseOutcome> {
        let name = (path as NSString).lastPathComponent
        // In chunks: the file's bytes are never held whole, only its rows as parsed values.
        var reader = ExpenseRowReader(template: template, zone: zone)
        let digest = try CSVFileStream.read(path) { chunk in
            reader.feed(chunk)
            return !reader.stopped
        }
        let (rows, problems) = reader.finish()
        // No digest only when the reading stopped at a problem: the file is refused.
        guard problems.isEmpty, let sha = digest else { return .refused(problems) }
        var outcome = ExpenseOutcome(rows: rows.count)
        return try ImportSession.run(store: store, kind: .expenses, fileName: name, sha256: sha, template: template.name,
                                     at: options.now, dryRun: options.dryRun) { session in
            if let earlier = try session.earlierImport(sha256: sha) { return .duplicate(of: earlier, outcome) }
            // One currency (docs/record.md): the file's (its rows agree; the reader saw to it)
            // must be the store's, and is recorded with the import.
            let currency = rows.lazy.compactMap(\.currency).first ?? template.currency
            if let currency, let known = try store.recordCurrency(), known.code != currency {
                throw ImportRefused(problems: [RowProblem(line: 0, column: "currency", message: """
                    its amounts are in \(currency); the store's are in \(known.code) (import \(known.importID), \(known.fileName)): two currencies never add
                    """)])
            }
            try store.setImportIdentity(session.importID, currency: currency, driver: nil)
            try HeldRecords.upgrade(store, .expense, rows.map { ($0.legacyRecordKey, $0.recordKey) })
            var union = try KeyUnion(store: store, table: .expense, expectedKeys: rows.count)
            var held = HeldRecords(store: store, importID: session.importID, entity: .expense)
            for row in rows {
                guard try union.admits(row.recordKey) else {
                    try held.hold(row.recordKey)
                    continue
                }
                try store.addExpense(at: row.occurredAt, amount: row.amount, category: row.category, note: row.note,
                                     importID: session.importID, recordKey: row.recordKey.hex)
                outcome.added += 1
            }
            outcome.held = held.held
            if outcome.added == 0 {
                // The same records as one earlier import, in other bytes: that import.
                if let earlier = try store.soleImportHeld(by: session.importID) { return .duplicate(of: earlier, outcome) }
                if held.held == 0 { return .nothingAdded(outcome) }
            }
            return .record(outcome, sha256: sha, contentSha256: nil, summary: outcome.text)
        }
    }
}
