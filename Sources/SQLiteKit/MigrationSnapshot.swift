/// A plan's end state frozen as one script: the `sql` of every object a store made by replaying
/// every step holds, in the order SQLite lists them (`sqlite_schema` by rowid, which is a valid
/// order to create them in and the order triggers on one table fire in), each table's rows right
/// after it (before any trigger on it exists, so none fires), and `sqlite_sequence` last.
///
/// A new, empty store is made from it in one statement list instead of replaying the steps
/// (``Migrator/migrate(_:upTo:)``); an existing store only ever moves by steps. It is used only
/// while it describes the plan exactly: the plan's step count and a digest of every step's id and
/// SQL, so a step appended or edited without the snapshot being regenerated makes the plan
/// replay its steps again, never a store that differs from them.
public struct MigrationSnapshot: Sendable, Equatable {
    /// The version a store made from it has: the plan's step count when it was taken.
    public let version: Int
    /// ``digest(of:)`` of the steps it was taken from.
    public let stepsDigest: String
    /// The script (``script(of:)``).
    public let sql: String

    public init(version: Int, stepsDigest: String, sql: String) {
        self.version = version
        self.stepsDigest = stepsDigest
        self.sql = sql
    }

    /// FNV-1a (64 bits) over every step's id and SQL, each ended by a NUL: a fingerprint of the
    /// history, not a security measure (a changed step only has to be told from the old one).
    public static func digest(of steps: [Migration]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for step in steps {
            for text in [step.id, step.sql] {
                for byte in text.utf8 {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
                hash = (hash ^ 0) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The script that makes an empty store equal to `connection`'s main database: its objects
    /// and rows. Refuses an internal table it cannot re-create (`sqlite_stat1`, left by ANALYZE);
    /// `sqlite_sequence` is made by SQLite with the first AUTOINCREMENT table and filled last.
    public static func script(of connection: Connection) throws -> String {
        var script = ""
        var wroteRows = false
        let objects = try connection.query("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")
        for object in objects {
            let type = object[0].string ?? "", name = object[1].string ?? "", sql = object[2].string ?? ""
            if name.hasPrefix("sqlite_") {
                guard name == "sqlite_sequence" else {
                    throw SQLiteError(code: 1, message: "a snapshot cannot re-create SQLite's internal table \(name)")
                }
                continue
            }
            script += "-- \(type) \(name)\n\(sql);\n"
            if type == "table" {
                let rows = try insertStatements(for: name, in: connection)
                wroteRows = wroteRows || !rows.isEmpty
                script += rows
            }
            script += "\n"
        }
        let sequence = try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_sequence'")?.int64 ?? 0
        if sequence > 0 {
            let counters = try connection.query("SELECT quote(name), quote(seq) FROM sqlite_sequence ORDER BY rowid")
            // Explicit ids written above advanced the counters; the source's own values replace them.
            if wroteRows || !counters.isEmpty {
                script += "-- AUTOINCREMENT counters\nDELETE FROM sqlite_sequence;\n"
                for counter in counters {
                    script += "INSERT INTO sqlite_sequence (name, seq) VALUES (\(counter[0].string ?? "NULL"), \(counter[1].string ?? "NULL"));\n"
                }
            }
        }
        return script
    }

    /// One INSERT per row of `table`, with its rowid when the rowid is not one of its columns
    /// (a table WITHOUT ROWID has none): the rows as they are, in the table's own order.
    private static func insertStatements(for table: String, in connection: Connection) throws -> String {
        let quoted = identifier(table)
        let columns = try connection.query("SELECT name, type, pk FROM pragma_table_info(?1)", [.text(table)])
        var names = columns.compactMap { $0[0].string }.map(identifier)
        let keys = columns.filter { ($0[2].int64 ?? 0) > 0 }
        let withoutRowid = try connection.scalar("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?1", [.text(table)])?.int64 == 1
        let aliasesRowid = keys.count == 1 && keys[0][1].string?.uppercased() == "INTEGER"
        if !withoutRowid, !aliasesRowid { names.insert("rowid", at: 0) }
        let values = names.map { "quote(\($0))" }.joined(separator: " || ', ' || ")
        var statements = ""
        for row in try connection.query("SELECT \(values) FROM \(quoted)") {
            statements += "INSERT INTO \(quoted) (\(names.joined(separator: ", "))) VALUES (\(row[0].string ?? ""));\n"
        }
        return statements
    }

    /// `name` as an SQL identifier: in double quotes, a quote in it doubled.
    private static func identifier(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
