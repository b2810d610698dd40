import DashImport
import DashModel
import DashStore

/// The records of a file the store already holds (docs/record.md, "Any order, exact undo"):
/// the n-th row of a file with a key the store holds k times is held (n <= k) or new (n > k);
/// a held row is recorded as held by this import too, so undoing the import that added it
/// leaves it while this one still states it.
struct HeldRecords {
    let store: Store
    let importID: Int64
    let entity: HeldEntity
    private var seen: [RecordKey: Int] = [:]
    private(set) var held = 0

    init(store: Store, importID: Int64, entity: HeldEntity) {
        self.store = store
        self.importID = importID
        self.entity = entity
    }

    /// Records that this import holds the stored row that matches the file's next row with `key`;
    /// returns that row's id (nil: the store holds fewer).
    @discardableResult
    mutating func hold(_ key: RecordKey) throws -> Int64? {
        let occurrence = seen[key, default: 0]
        seen[key] = occurrence + 1
        let ids = try store.rowIDs(entity, recordKey: key)
        guard occurrence < ids.count else { return nil }
        try store.hold(entity, rowID: ids[occurrence], importID: importID)
        held += 1
        return ids[occurrence]
    }

    /// Brings an earlier build's key of the same record to the folded one (docs/templates.md).
    static func upgrade(_ store: Store, _ table: RecordKeyCounts.Table, _ pairs: [(legacy: RecordKey?, key: RecordKey)]) throws {
        guard try store.mayHoldLegacyRecordKeys() else { return }
        for pair in pairs {
            if let legacy = pair.legacy { try store.upgradeRecordKey(table, from: legacy, to: pair.key) }
        }
    }
}
