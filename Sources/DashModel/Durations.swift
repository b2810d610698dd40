/// Time arithmetic over spans of a shift.
public enum Durations {
    /// The length of the union of `spans` clipped to `window`, in milliseconds: overlapping
    /// pauses count once, and the part of a pause outside its shift counts not at all.
    public static func unionMilliseconds(of spans: [Interval], clippedTo window: Interval) -> Int64 {
        let clipped = spans.compactMap { span -> (Instant, Instant)? in
            let start = max(span.start, window.start)
            let end = min(span.end, window.end)
            return start < end ? (start, end) : nil
        }.sorted { $0.0 < $1.0 }
        var total: Int64 = 0
        var current: (Instant, Instant)?
        for span in clipped {
            if let open = current, span.0 <= open.1 {
                current = (open.0, max(open.1, span.1))
            } else {
                if let open = current { total += open.0.milliseconds(to: open.1) }
                current = span
            }
        }
        if let open = current { total += open.0.milliseconds(to: open.1) }
        return total
    }

    /// Milliseconds as decimal hours with two places, rounded half up: 30 minutes is `0.50`.
    public static func hoursText(_ milliseconds: Int64) -> String {
        let hundredths = (milliseconds.magnitude * 100 + 1_800_000) / 3_600_000
        let text = String(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
        return (milliseconds < 0 && hundredths != 0 ? "-" : "") + text
    }
}
