import DashImport
import DashModel
import DashStore

/// One driver, one currency (docs/record.md): what a statement says of both is checked against
/// what the store's imports said, and recorded with the import; the split gap it was read with
/// is recorded too. A file in another currency than the store's, or of another driver of a
/// platform than the store's, is refused naming what differs (a driver by shape, never its id).
enum StatementIdentity {
    static func check(reader: ShiftRowReader, rows: [ShiftRow], template: StatementTemplate, options: StatementOptions,
                      store: Store, importID: Int64) throws {
        let currency = rows.lazy.compactMap(\.currency).first ?? reader.deliveries.lazy.compactMap(\.currency).first
            ?? reader.moneyLines.lazy.compactMap(\.currency).first ?? template.currency
        let driver = rows.lazy.compactMap(\.driver).first ?? reader.deliveries.lazy.compactMap(\.driver).first
            ?? reader.moneyLines.lazy.compactMap(\.driver).first
        var problems: [RowProblem] = []
        if let currency, let known = try store.recordCurrency(), known.code != currency {
            problems.append(RowProblem(line: 0, column: "currency", message: """
                its amounts are in \(currency); the store's are in \(known.code) (import \(known.importID), \(known.fileName)): two currencies never add
                """))
        }
        var identity: (platformKey: String, digest: String)?
        if let driver {
            let platform = template.platform ?? options.platform ?? rows.lazy.compactMap(\.platform).first
                ?? reader.deliveries.lazy.compactMap(\.platform).first ?? reader.moneyLines.lazy.compactMap(\.platform).first
            let platformKey = PlatformMoney.key(platform ?? "")
            var digest = SHA256()
            digest.update(Array(PlatformMoney.key(driver).utf8))
            let hex = digest.finalizeHex()
            if let known = try store.recordDriver(platformKey: platformKey.isEmpty ? "-" : platformKey), known.digest != hex {
                problems.append(RowProblem(line: 0, column: "driver", message: """
                    it is another driver's (\(driver.count) characters) than the \(platform ?? "platform")'s driver of import \(known.importID) \
                    (\(known.fileName)); a store holds one person's record (pass --driver ID to keep one driver's rows)
                    """))
            }
            identity = (platformKey.isEmpty ? "-" : platformKey, hex)
        }
        if !problems.isEmpty { throw ImportRefused(problems: problems) }
        try store.setImportIdentity(importID, currency: currency, driver: identity)
        // `--split-gap` wins over the template's `splitGapMinutes`.
        if let gap = options.splitGapMilliseconds ?? template.splitGapMinutes.map({ Int64($0) * 60_000 }) {
            try store.setImportSplitGap(importID, milliseconds: gap)
        }
    }
}
