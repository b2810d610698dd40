/// Time a shift's logger was off (issue 15, docs/mileage.md "Logging gaps"): the stretches
/// between its route's segments (capture sessions) that no segment covers, within the shift.
/// They stay working time unless the driver records a pause: a gap says the phone did not log,
/// not that the driver stopped.
public enum LoggingGaps {
    /// Milliseconds inside the span from the first segment's start to the last one's end that
    /// no segment covers, clipped to the shift [`from`, `to`]; nil when there is no segment.
    /// Segments in any order; an open one (no end) as ending at its start.
    public static func unlogged(_ sessions: [CaptureSession], from: Instant, to: Instant?) -> Int64? {
        let low = from.millisecondsSinceEpoch, high = to?.millisecondsSinceEpoch ?? Int64.max
        let spans = sessions.map { s -> (Int64, Int64) in
            let start = s.startedAt.millisecondsSinceEpoch
            return (max(start, low), min(max(s.endedAt?.millisecondsSinceEpoch ?? start, start), high))
        }.filter { $0.0 <= $0.1 }.sorted { $0 < $1 }
        guard var reach = spans.first?.1 else { return sessions.isEmpty ? nil : 0 }
        var gaps: Int64 = 0
        for (start, end) in spans.dropFirst() {
            if start > reach { gaps += start - reach }
            reach = max(reach, end)
        }
        return gaps
    }
}
