import DashModel
import DashStore

/// The multiset union of what the store holds and what a file holds, by record key: a key the
/// store holds k times and the file n times admits n - k of the file's rows (overlapping
/// statements give the union; two identical rows in one file are two).
public struct KeyUnion {
    private var stored: RecordKeyCounts
    /// Per key the store already holds: how many rows of this file had it so far.
    private var inFile: [RecordKey: Int] = [:]

    public init(store: Store, table: RecordKeyCounts.Table, expectedKeys: Int) throws {
        stored = try RecordKeyCounts(store: store, table: table, expectedKeys: expectedKeys)
    }

    /// How many rows the store held with `key` before the import began.
    public mutating func inStore(_ key: RecordKey) throws -> Int { try stored.count(key) }

    /// Whether the file's next row with `key` is one the store does not already hold.
    public mutating func admits(_ key: RecordKey) throws -> Bool {
        let inStore = try stored.count(key)
        guard inStore > 0 else { return true }
        let seen = inFile[key, default: 0] + 1
        inFile[key] = seen
        return seen > inStore
    }
}
