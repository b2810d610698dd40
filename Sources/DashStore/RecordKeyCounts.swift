import DashModel
import SQLiteKit

/// How many rows of a table the store holds with each record key, for an import that asks once
/// per key. When the store's keyed rows are few beside the file's (an empty store and a year's
/// log; a year of deliveries and a weekly statement) they are read in one pass over the key
/// index; otherwise each key is looked up as it is asked for.
public struct RecordKeyCounts {
    public enum Table: String, Sendable {
        case delivery, deliveryLine, expense, otherIncome
    }

    /// Read every stored key at once when the store holds at most this many keyed rows per key
    /// the import may ask for (and always when it holds at most `alwaysLoad`).
    static let loadRatio = 4
    static let alwaysLoad = 20_000

    private let store: Store
    private let table: Table
    /// Every stored key with its count, when read at once.
    private let loaded: [RecordKey: Int]?
    /// Otherwise the keys looked up so far, with their counts before the import wrote any.
    private var looked: [RecordKey: Int] = [:]

    /// `expectedKeys`: about how many distinct keys the import will ask for. `loadLimit`
    /// replaces the rule above (tests of both paths).
    public init(store: Store, table: Table, expectedKeys: Int, loadLimit: Int? = nil) throws {
        self.store = store
        self.table = table
        let stored = Int(try store.connection.scalar("SELECT count(*) FROM \(table.rawValue) WHERE recordKey IS NOT NULL")?.int64 ?? 0)
        guard stored <= loadLimit ?? max(Self.alwaysLoad, expectedKeys * Self.loadRatio) else {
            loaded = nil
            return
        }
        var counts: [RecordKey: Int] = [:]
        counts.reserveCapacity(stored)
        for row in try store.connection.query("SELECT recordKey, count(*) FROM \(table.rawValue) WHERE recordKey IS NOT NULL GROUP BY recordKey") {
            guard let key = row[0].string.flatMap(RecordKey.init(hex:)), let count = row[1].int64 else { continue }
            counts[key] = Int(count)
        }
        loaded = counts
    }

    /// Whether the keys were read at once.
    public var isLoaded: Bool { loaded != nil }

    /// How many rows carried `key` before the import began, however many it has written since
    /// (a key is looked up once; a second row with it gets the first answer).
    public mutating func count(_ key: RecordKey) throws -> Int {
        if let loaded { return loaded[key] ?? 0 }
        if let known = looked[key] { return known }
        let count = Int(try store.connection.scalar("SELECT count(*) FROM \(table.rawValue) WHERE recordKey = ?1", [.text(key.hex)])?.int64 ?? 0)
        looked[key] = count
        return count
    }
}
