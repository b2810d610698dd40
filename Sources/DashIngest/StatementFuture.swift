import DashImport
import DashModel
import Foundation

/// Rows dated after now are refused, as `shift add` refuses an end after now (issue 27): a year
/// typo (2027 for 2026) would otherwise move money into next year's tax with exit 0. The driver
/// who means it passes `--allow-future`. The instant judged is the row's last one: a shift row's
/// end, a delivery's drop-off, a money line's time.
enum StatementFuture {
    /// One problem a row whose last instant is after `now`, naming its line and column and the
    /// local time (never the cell's text).
    static func problems(rows: [ShiftRow], deliveries: [DeliveryRow], lines: [MoneyLineRow], tripless: [TriplessLine], now: Instant,
                         zone: TimeZone) -> [RowProblem] {
        var found: [(line: Int, column: String, at: Instant)] = []
        for row in rows where row.span.end > now { found.append((row.line, "end", row.span.end)) }
        for row in deliveries where row.delivered > now { found.append((row.line, "delivered", row.delivered)) }
        for line in lines where line.at > now { found.append((line.line, "time", line.at)) }
        for line in tripless where line.at > now { found.append((line.line, "time", line.at)) }
        let nowText = TimeText.local(now, zone: zone)
        return found.sorted { $0.line < $1.line }.map { entry in
            RowProblem(line: entry.line, column: entry.column, message: """
                \(TimeText.local(entry.at, zone: zone)) is after now (\(nowText)); a row in the future is refused \
                (pass --allow-future to take it)
                """)
        }
    }
}
