import DashImport
import DashModel
import DashStore

/// What an ingest decided about one file, inside its session: record it, or roll it back.
public enum ImportVerdict<Outcome> {
    /// Something was added: the import is recorded with these digests and its summary.
    case record(Outcome, sha256: String, contentSha256: String?, summary: String)
    /// The file, or its content, was imported before (``ImportSession/earlierImport(sha256:contentSha256:)``).
    case duplicate(of: ImportRecord, Outcome)
    /// Nothing to add: no import is recorded.
    case nothingAdded(Outcome)
}

/// How one file's import ended. Only `.recorded` left anything in the store.
public enum ImportEnd<Outcome> {
    case recorded(importID: Int64, Outcome)
    /// The import would have been recorded; everything was rolled back, the outcome kept.
    case dryRun(Outcome)
    case duplicate(of: ImportRecord, Outcome)
    case nothingAdded(Outcome)
    /// Bad rows or rows that conflict with the record: nothing of the file was written.
    case refused([RowProblem])

    /// The outcome, unless the file was refused.
    public var outcome: Outcome? {
        switch self {
        case .recorded(_, let outcome), .dryRun(let outcome), .duplicate(_, let outcome), .nothingAdded(let outcome): outcome
        case .refused: nil
        }
    }
}

/// Thrown inside a session by an ingest whose rows conflict with the record: the session rolls
/// back and ends `.refused`.
public struct ImportRefused: Error, Sendable {
    public let problems: [RowProblem]
    public init(problems: [RowProblem]) { self.problems = problems }
}

/// One file's import as one transaction: the import record begun, earlier imports found, the
/// ingest's verdict applied (recorded, or rolled back keeping what was learned: a duplicate,
/// nothing to add, a dry run), written once for every kind of file.
public struct ImportSession {
    public let store: Store
    public let importID: Int64
    public let kind: ImportRecord.Kind

    /// The earlier import of the same bytes (`sha256`) or the same content (`contentSha256`), if any.
    public func earlierImport(sha256: String, contentSha256: String? = nil) throws -> ImportRecord? {
        try store.earlierImport(kind: kind, sha256: sha256, contentSha256: contentSha256, except: importID)
    }

    /// Runs `body` in one write transaction after beginning the import record (with `sha256`,
    /// or a placeholder until the file is read). A verdict other than `.record`, a dry run, and
    /// an ``ImportRefused`` roll everything back; any other error rolls back and is thrown.
    public static func run<Outcome>(store: Store, kind: ImportRecord.Kind, fileName: String, sha256: String?, template: String?,
                                    at now: Instant, dryRun: Bool,
                                    _ body: (ImportSession) throws -> ImportVerdict<Outcome>) throws -> ImportEnd<Outcome> {
        var ended: ImportEnd<Outcome>?
        do {
            return try store.write {
                let importID = try store.beginImport(kind: kind, fileName: fileName, sha256: sha256 ?? String(repeating: "0", count: 64),
                                                     template: template, at: now)
                switch try body(ImportSession(store: store, importID: importID, kind: kind)) {
                case let .record(outcome, sha256, contentSha256, summary):
                    try store.finishImport(importID, sha256: sha256, contentSha256: contentSha256, summary: summary)
                    guard !dryRun else {
                        ended = .dryRun(outcome)
                        throw RolledBack()
                    }
                    return .recorded(importID: importID, outcome)
                case let .duplicate(earlier, outcome):
                    ended = .duplicate(of: earlier, outcome)
                    throw RolledBack()
                case .nothingAdded(let outcome):
                    // Nothing added: not recorded (an empty import would only clutter the list,
                    // and its fingerprint would match every other such file).
                    ended = .nothingAdded(outcome)
                    throw RolledBack()
                }
            }
        } catch is RolledBack {
            guard let ended else { throw RolledBack() }
            return ended
        } catch let refused as ImportRefused {
            return .refused(refused.problems)
        }
    }

    private struct RolledBack: Error {}
}
