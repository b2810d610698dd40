import DashModel
import SQLiteKit

extension Store {
    /// Every figure recorded for a shift's money, per platform and source (docs/report.md):
    /// the driver's figure for the whole shift (or a statement total of an earlier build, which
    /// kept no platform), the driver's and the statements' figures per platform (a replaced
    /// one left out), and its trips' pay per platform. Platform names that differ only in
    /// letter case are one, shown as the spelling that sorts first. A trip's pay is its own
    /// figure, or the sum of its money lines by kind: fee lines are the fees the platform kept,
    /// apart from gross. Trips without pay are counted but add no money (never 0.00).
    public func platformMoney(of shift: Shift) throws -> [PlatformMoney] {
        var money: [PlatformMoney] = []
        // The shift's own figure is yours: schema v7 moved earlier builds' statement figures
        // into statement rows, and no import writes it any more.
        if let earnings = shift.earnings {
            money.append(PlatformMoney(platform: nil, source: .typed, gross: earnings.amount, tips: earnings.tips))
        }
        var names: [String: String] = [:]
        func shown(_ name: String?) -> String? {
            guard let name else { return nil }
            let key = PlatformMoney.key(name)
            if let known = names[key], known <= name { return known }
            names[key] = name
            return name
        }
        // Statement totals and the driver's per-platform figures, summed per platform and source.
        var figures: [String: (source: PlatformMoney.Source, gross: Money, tips: Money?, fees: Money?)] = [:]
        for earning in try shiftEarnings(of: shift.id) where earning.replacedByID == nil {
            guard let gross = earning.gross else { continue }
            let platform = earning.platform
            let source: PlatformMoney.Source = earning.importID == nil ? .typed : .statementTotal
            let key = "\(source.rawValue)\u{0}\(platform.map(PlatformMoney.key) ?? "")"
            _ = shown(platform)
            var entry = figures[key] ?? (source, .zero, nil, nil)
            entry.gross = try entry.gross.adding(gross)
            if let tips = earning.tips { entry.tips = try (entry.tips ?? .zero).adding(tips) }
            if let fees = earning.fees { entry.fees = try (entry.fees ?? .zero).adding(fees) }
            figures[key] = entry
        }
        for (key, entry) in figures.sorted(by: { $0.key < $1.key }) {
            let platformKey = String(key.split(separator: "\u{0}", maxSplits: 1).last ?? "")
            money.append(PlatformMoney(platform: platformKey.isEmpty ? nil : names[platformKey], source: entry.source, gross: entry.gross, tips: entry.tips, fees: entry.fees))
        }
        money += try tripsMoney(of: shift.id, shown: shown)
        return money
    }

    /// The shift's trips' pay per platform (see ``platformMoney(of:)``).
    private func tripsMoney(of shiftID: Int64, shown: (String?) -> String?) throws -> [PlatformMoney] {
        // Per delivery: its own amount and tips, its fee lines' sum (negative in the file) and
        // a statement row's fees (what the platform kept, apart from the row's own amount).
        let rows = try connection.query("""
            SELECT o.platform, d.id, d.ownAmountE4, d.platformTipsE4, d.feesE4,
                   (SELECT sum(l.amountE4) FROM deliveryLine l WHERE l.deliveryId = d.id AND l.kind = 'fee') AS feeLines
            FROM delivery d JOIN offer o ON o.id = d.offerId WHERE d.shiftId = ?1 ORDER BY d.id
            """, [.integer(shiftID)])
        var byPlatform: [String: (name: String?, gross: Money?, tips: Money?, fees: Money?, trips: Int)] = [:]
        let subject = "the trips' pay of shift \(shiftID)"
        for row in rows {
            let name = shown(row[0].string)
            let key = name.map(PlatformMoney.key) ?? ""
            var entry = byPlatform[key] ?? (name, nil, nil, nil, 0)
            if let name, let known = entry.name, name < known { entry.name = name }
            entry.trips += 1
            do {
                if let own = row[2].int64 {
                    // Fee lines are within the sum of lines; gross is the rest, the fees apart.
                    let feeLines = Money(units: row["feeLines"].int64 ?? 0)
                    entry.gross = try (entry.gross ?? .zero).adding(Money(units: own).subtracting(feeLines))
                    if row["feeLines"].int64 != nil { entry.fees = try (entry.fees ?? .zero).subtracting(feeLines) }
                }
                if let fees = row["feesE4"].int64 { entry.fees = try (entry.fees ?? .zero).adding(Money(units: fees)) }
                if let tips = row[3].int64 { entry.tips = try (entry.tips ?? .zero).adding(Money(units: tips)) }
            } catch {
                throw MoneyError.sumTooLarge(sum: subject, records: ["delivery": [row[1].int64 ?? 0]])
            }
            byPlatform[key] = entry
        }
        return byPlatform.sorted { $0.key < $1.key }.map { _, entry in
            PlatformMoney(platform: entry.name, source: .trips, gross: entry.gross ?? .zero, tips: entry.tips, fees: entry.fees, trips: entry.trips,
                          hasGross: entry.gross != nil)
        }
    }
}
