import SQLiteKit

/// The SQLite library this build runs on, for `dashpilot --version`: the layers above
/// DashStore never import SQLiteKit (`make layers`), so they ask here.
public enum SQLiteLibrary {
    /// `sqlite_version()` as the linked library answers it (`3.45.1`), or nil if an in-memory
    /// database cannot even be opened.
    public static func version() -> String? {
        guard let connection = try? Connection(path: ":memory:") else { return nil }
        return (try? connection.scalar("SELECT sqlite_version()"))?.string
    }
}
