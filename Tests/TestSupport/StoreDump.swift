import DashStore
import SQLiteKit

/// One value as text: NULL, integers and reals as SQLite prints them, text quoted, blobs in hex.
public func render(_ value: SQLValue) -> String {
    switch value {
    case .null: "NULL"
    case .integer(let v): String(v)
    case .real(let v): "\(v)r"
    case .text(let v): "'\(v)'"
    case .blob(let v): "x'" + v.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() + "'"
    }
}

/// Every row of every table in ``Store/tableNames``, ordered by its first columns (the id, where
/// it has one; importHolding's key otherwise), one line per row: the
/// whole record. Two dumps are equal exactly when no table changed. `only` narrows a table to
/// the rows a WHERE clause selects.
public func dumpRecord(_ store: Store, only: [String: String] = [:]) throws -> [String] {
    var lines: [String] = []
    for table in Store.tableNames {
        let filter = only[table].map { " WHERE \($0)" } ?? ""
        for row in try store.connection.query("SELECT * FROM \(table)\(filter) ORDER BY 1, 2, 3") {
            lines.append("\(table): " + zip(row.columns, row.values).map { "\($0)=\(render($1))" }.joined(separator: ", "))
        }
    }
    return lines
}
