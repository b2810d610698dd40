import DashModel
import SQLiteKit

extension Store {
    /// Every figure recorded for a shift's money, per platform and source (docs/report.md):
    /// the shift's own figure (typed by the driver, or a statement's shift total) and its trips'
    /// pay per platform. Platform names that differ only in letter case are one, shown as the
    /// spelling that sorts first; trips without pay are counted but add no money (a trip
    /// without pay is never 0.00: a platform whose trips have none has no trips figure).
    public func platformMoney(of shift: Shift) throws -> [PlatformMoney] {
        var money: [PlatformMoney] = []
        if let earnings = shift.earnings {
            let imported = try connection.scalar("SELECT earningsImportId FROM shift WHERE id = ?1", [.integer(shift.id)])?.int64 != nil
            money.append(PlatformMoney(platform: nil, source: imported ? .statementTotal : .typed, gross: earnings.amount, tips: earnings.tips))
        }
        var byPlatform: [String?: (name: String?, pay: [Row], tips: [Row], trips: Int)] = [:]
        for row in try connection.query("""
            SELECT o.platform, d.id, d.ownAmountE4, d.platformTipsE4 FROM delivery d JOIN offer o ON o.id = d.offerId
            WHERE d.shiftId = ?1 ORDER BY d.id
            """, [.integer(shift.id)]) {
            let name = row[0].string
            let key = name.map(PlatformMoney.key)
            var entry = byPlatform[key] ?? (name, [], [], 0)
            if let name, let shown = entry.name, name < shown { entry.name = name }
            entry.trips += 1
            if row[2].int64 != nil { entry.pay.append(row) }
            if row[3].int64 != nil { entry.tips.append(Row(columns: [], values: [row[0], row[1], row[3]])) }
            byPlatform[key] = entry
        }
        for entry in byPlatform.values.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) where !entry.pay.isEmpty {
            let subject = "the trips' pay of shift \(shift.id)"
            money.append(PlatformMoney(
                platform: entry.name, source: .trips, gross: try Store.exactSum(entry.pay, table: "delivery", of: subject),
                tips: entry.tips.isEmpty ? nil : try Store.exactSum(entry.tips, table: "delivery", of: "the trips' tips of shift \(shift.id)"),
                trips: entry.trips))
        }
        return money
    }
}
