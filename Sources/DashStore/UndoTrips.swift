import DashModel
import SQLiteKit

/// Undoing an import's trips and money lines (docs/record.md, "Any order, exact undo"), within
/// ``Store/undoImport(_:dryRun:)``'s transaction.
extension Store {
    /// Takes import `id`'s money lines off every trip and leaves each trip as the other files
    /// alone would have made it: a trip it made that another file's lines are also on passes to
    /// the oldest of them (with its offer); every trip it touched gets the sum of the lines left;
    /// a trip only its lines time now goes back to its first line's instant. `timedByIt`: the
    /// trips it held and gave times to (read before its holdings were handed over). Returns
    /// the lines removed, the trips passed on, and the span the re-timed trips touch.
    func undoTripLines(of id: Int64, timedByIt: [Int64]) throws -> (lines: Int, handed: Int, retimed: ClosedRange<Int64>?) {
        let key: [SQLValue] = [.integer(id)]
        // A trip it made from its money lines that another statement's lines are also on
        // stays, as that statement alone would have made it: it passes to the oldest of them.
        let handed = try connection.query("""
            SELECT d.id, (SELECT min(l.importId) FROM deliveryLine l WHERE l.deliveryId = d.id AND l.importId <> ?1) AS heir
            FROM delivery d WHERE d.importId = ?1 AND EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = d.id AND l.importId <> ?1)
            """, key)
        for row in handed {
            let heir: [SQLValue] = [row["heir"]]
            try connection.run("UPDATE delivery SET importId = ?2 WHERE id = ?1", [.integer(row.int("id"))] + heir)
        }
        // An offer whose deliveries stay passes with them.
        try connection.run("""
            UPDATE offer SET importId = (SELECT min(d.importId) FROM delivery d WHERE d.offerId = offer.id AND d.importId <> ?1)
            WHERE importId = ?1 AND EXISTS (SELECT 1 FROM delivery d WHERE d.offerId = offer.id AND d.importId <> ?1)
            """, key)
        // Its money lines leave first; each delivery it did not add gets the sums of the lines
        // left (none: not recorded), below zero as they may be (a reversal without its fare).
        let touched = try connection.query("""
            SELECT d.id FROM delivery d WHERE coalesce(d.importId, -1) <> ?1
              AND EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = d.id AND l.importId = ?1)
            ORDER BY d.id
            """, key)
        let lines = try connection.run("DELETE FROM deliveryLine WHERE importId = ?1", key)
        for row in touched { try writeLineSums(row.int("id")) }
        let retimed = try retimeByLines(timedByIt + handed.map { $0.int("id") })
        return (lines, handed.count, retimed)
    }

    /// Trips (deliveries of one offer) that, with the import `leaving` gone, only their money
    /// lines time: the import holding each is one with lines on it, and no other holds it. Each
    /// goes back to its first line's instant, as a trip known only from its lines sits
    /// (docs/record.md), on the shift it is on, which so keeps its id (``retimeDelivery(_:accepted:delivered:)``);
    /// returns the span the moves touch, for the planner.
    private func retimeByLines(_ deliveries: [Int64]) throws -> ClosedRange<Int64>? {
        var span: ClosedRange<Int64>?
        for deliveryID in Set(deliveries).sorted() {
            guard let row = try connection.query("""
                SELECT d.acceptedAtMs, coalesce(d.deliveredAtMs, d.acceptedAtMs) AS endMs,
                       (SELECT min(l.occurredAtMs) FROM deliveryLine l WHERE l.deliveryId = d.id) AS firstLine
                FROM delivery d WHERE d.id = ?1
                  AND EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = d.id AND l.importId = d.importId)
                  AND NOT EXISTS (SELECT 1 FROM importHolding h WHERE h.entity = 'delivery' AND h.rowId = d.id)
                  AND (SELECT count(*) FROM delivery o WHERE o.offerId = d.offerId) = 1
                """, [.integer(deliveryID)]).first, let first = row["firstLine"].int64 else { continue }
            let accepted = row.int("acceptedAtMs"), end = row.int("endMs")
            guard accepted != first || end != first else { continue }
            let at = Instant(millisecondsSinceEpoch: first)
            try retimeDelivery(deliveryID, accepted: at, delivered: at)
            let low = min(accepted, first), high = max(end, first)
            span = span.map { min($0.lowerBound, low)...max($0.upperBound, high) } ?? low...high
        }
        return span
    }
}
