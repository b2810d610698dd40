import DashModel
import Foundation
import SQLiteKit

extension Store {
    /// What a report needs of each shift that started in [from, to) (either bound open), oldest
    /// first. Each shift's route is measured by one streamed scan of its samples (never a year
    /// of samples in memory); everything else comes from small indexed queries.
    public func shiftFacts(from: Instant? = nil, to: Instant? = nil) throws -> [ShiftFacts] {
        try read {
            var partial: [(shift: Shift, pauses: [ShiftPause], work: Row?, tips: Int64, hasRoute: Bool, money: [PlatformMoney], payments: Bool,
                           sessions: [CaptureSession], recorded: RecordedMiles?, platform: PlatformDistance?)] = []
            for shift in try shifts(from: from, to: to) {
                let work = try connection.query("""
                    SELECT count(DISTINCT offerId), count(*), count(cancelledAtMs) FROM delivery WHERE shiftId = ?1
                    """, [.integer(shift.id)]).first
                let tips = try Store.exactSum(connection.query("""
                    SELECT t.deliveryId, t.id, t.amountE4 FROM deliveryTip t JOIN delivery d ON d.id = t.deliveryId WHERE d.shiftId = ?1
                    """, [.integer(shift.id)]), table: "deliveryTip", of: "the outside tips of shift \(shift.id)").units
                let hasRoute = try connection.scalar("SELECT EXISTS (SELECT 1 FROM routeSample WHERE shiftId = ?1)", [.integer(shift.id)])?.int64 == 1
                partial.append((shift, try pauses(of: shift.id), work, tips, hasRoute, try platformMoney(of: shift),
                                try !hasRoute && timedByPaymentsOnly(shift.id), hasRoute ? try captureSessions(of: shift.id) : [],
                                try recordedMiles(of: shift.id), try platformDistance(of: shift.id)))
            }
            // The routes' stored figures (RouteFigures.swift); a route without one is read once,
            // in time order, and measured on the second core.
            let routed = partial.filter(\.hasRoute).map(\.shift.id)
            let measures = Dictionary(uniqueKeysWithValues: zip(routed, try routeFigures(shiftIDs: routed)))
            let measured = measures.mapValues(\.meters)
            let methods = Dictionary(uniqueKeysWithValues: try routed.map { ($0, try measureMethods(of: $0).map(\.method)) })
            return partial.map { p in
                var facts = ShiftFacts(shift: p.shift, isPaused: !p.shift.isCompleted && p.pauses.contains { $0.end == nil }, pauses: p.pauses,
                           offers: Int(p.work?[0].int64 ?? 0), deliveries: Int(p.work?[1].int64 ?? 0),
                           cancelledDeliveries: Int(p.work?[2].int64 ?? 0), outsideTips: Money(units: p.tips), meters: measured[p.shift.id],
                           money: p.money)
                facts.timedByPaymentsOnly = p.payments
                facts.platformMiles = measures[p.shift.id].flatMap { $0.split.hasTrips ? $0.split : nil }
                facts.unlogged = p.hasRoute ? LoggingGaps.unlogged(p.sessions, from: p.shift.start, to: p.shift.end) : nil
                facts.recordedMiles = p.recorded
                facts.platformDistance = p.platform
                facts.measureMethods = methods[p.shift.id] ?? []
                return facts
            }
        }
    }
}

extension Store {
    /// Whether shift `id` was made by an import from money lines alone: no capture session, no
    /// statement shift row, and every delivery a trip known only from its lines (sitting at its
    /// first line's instant). A shift the driver entered is never so.
    func timedByPaymentsOnly(_ id: Int64) throws -> Bool {
        try connection.scalar("""
            SELECT 1 FROM shift s WHERE s.id = ?1 AND s.importId IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM captureSession c WHERE c.shiftId = s.id)
              AND NOT EXISTS (SELECT 1 FROM shiftEarning e WHERE e.shiftId = s.id)
              AND EXISTS (SELECT 1 FROM delivery d WHERE d.shiftId = s.id)
              AND NOT EXISTS (SELECT 1 FROM delivery d WHERE d.shiftId = s.id
                              AND (d.deliveredAtMs IS NOT d.acceptedAtMs OR NOT EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = d.id)))
            """, [.integer(id)]) != nil
    }
}

extension Store {
    /// The first and last instants the record holds a shift start, an expense or other income
    /// at; nil when it holds none (a report with no span asked covers this).
    public func recordedSpan() throws -> (first: Instant, last: Instant)? {
        let row = try connection.query("""
            SELECT min(at), max(at) FROM (SELECT startedAtMs AS at FROM shift UNION ALL SELECT occurredAtMs FROM expense
                                   UNION ALL SELECT occurredAtMs FROM otherIncome)
            """).first
        guard let first = row?[0].int64, let last = row?[1].int64 else { return nil }
        return (Instant(millisecondsSinceEpoch: first), Instant(millisecondsSinceEpoch: last))
    }
}

extension Store {
    /// The deliveries of the shifts that started in [from, to), in the shifts' order and then
    /// by acceptance, with their platform, pickup place and outside tips.
    public func deliveryRecords(from: Instant? = nil, to: Instant? = nil) throws -> [DeliveryRecord] {
        let columns = Delivery.columns.split(separator: ",").map { "d." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")
        let span = "WHERE s.startedAtMs >= coalesce(?1, s.startedAtMs) AND s.startedAtMs < coalesce(?2, s.startedAtMs + 1)"
        // Each delivery's outside tips, added up here: SQLite's sum() fails with no record named
        // when it overflows (a store holding amounts beyond Money.largestRecordable).
        var tips: [Int64: [Row]] = [:]
        for row in try connection.query("""
            SELECT t.deliveryId, t.id, t.amountE4 FROM deliveryTip t JOIN delivery d ON d.id = t.deliveryId JOIN shift s ON s.id = d.shiftId
            \(span)
            """, [.instant(from), .instant(to)]) {
            tips[row.int("deliveryId"), default: []].append(row)
        }
        return try connection.query("""
            SELECT \(columns), o.platform AS platform, p.name AS pickupName,
                   (SELECT -sum(l.amountE4) FROM deliveryLine l WHERE l.deliveryId = d.id AND l.kind = 'fee') AS feeLines
            FROM delivery d JOIN shift s ON s.id = d.shiftId JOIN offer o ON o.id = d.offerId
            LEFT JOIN pickupPlace p ON p.id = d.pickupPlaceId
            \(span)
            ORDER BY s.startedAtMs, s.id, d.acceptedAtMs, d.id
            """, [.instant(from), .instant(to)]).map { row in
            let delivery = try Delivery(row: row)
            let outside = try Store.exactSum(tips[delivery.id] ?? [], table: "deliveryTip", of: "the outside tips of delivery \(delivery.id)")
            let fees = row.money("feeLines") ?? delivery.fees
            return DeliveryRecord(delivery: delivery, platform: row["platform"].string, pickupPlace: row["pickupName"].string, outsideTips: outside,
                                  fees: fees)
        }
    }
}

extension Store {
    /// The exact sum of rows whose columns 1 and 2 (from 0) are an id and an amount in
    /// ten-thousandths; when it does not fit, `MoneyError.sumTooLarge` naming the rows beyond
    /// the bound.
    static func exactSum(_ rows: [Row], table: String, of sum: String) throws(MoneyError) -> Money {
        var total = Money.zero
        for row in rows {
            do { total = try total.adding(Money(units: row[2].int64 ?? 0)) } catch {
                let beyond = rows.filter { !Money(units: $0[2].int64 ?? 0).isRecordable }.compactMap { $0[1].int64 }
                throw .sumTooLarge(sum: sum, records: [table: beyond])
            }
        }
        return total
    }
}
