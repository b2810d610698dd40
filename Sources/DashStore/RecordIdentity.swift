import DashModel
import SQLiteKit

/// One driver, one currency (docs/record.md): what the store's imports said of both (schema
/// v7, kept on each import record, so an undo of the last import naming one forgets it).
extension Store {
    /// The store's currency (its imports' ISO 4217 code) and the oldest import naming it; nil
    /// when no import named one.
    public func recordCurrency() throws -> (code: String, importID: Int64, fileName: String)? {
        guard let row = try connection.query("""
            SELECT currency, id, fileName FROM importRecord WHERE currency IS NOT NULL ORDER BY id LIMIT 1
            """).first, let code = row["currency"].string else { return nil }
        return (code, row.int("id"), row["fileName"].string ?? "")
    }

    /// The driver a platform's imports named (the SHA-256 of the folded id, never the id) and
    /// the oldest import naming them; nil when none did.
    public func recordDriver(platformKey: String) throws -> (digest: String, importID: Int64, fileName: String)? {
        guard let row = try connection.query("""
            SELECT driverDigest, id, fileName FROM importRecord WHERE driverPlatformKey = ?1 ORDER BY id LIMIT 1
            """, [.text(platformKey)]).first, let digest = row["driverDigest"].string else { return nil }
        return (digest, row.int("id"), row["fileName"].string ?? "")
    }

    /// Records what an import said of the currency and the driver (either may be nil).
    public func setImportIdentity(_ importID: Int64, currency: String?, driver: (platformKey: String, digest: String)?) throws {
        try write {
            try connection.run("UPDATE importRecord SET currency = ?2, driverPlatformKey = ?3, driverDigest = ?4 WHERE id = ?1",
                               [.integer(importID), .string(currency), .string(driver?.platformKey), .string(driver?.digest)])
        }
    }
}

extension Store {
    /// Records the split gap an import was read with (nil: the default, 60 minutes).
    public func setImportSplitGap(_ importID: Int64, milliseconds: Int64?) throws {
        try write { try connection.run("UPDATE importRecord SET splitGapMs = ?2 WHERE id = ?1", [.integer(importID), .int(milliseconds)]) }
    }
}
