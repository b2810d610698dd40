/// Where evidence near the driver's shifts goes (docs/record.md, "Evidence and shifts": evidence
/// within the gap of a shift you entered goes on it, near two to the nearer; your times never
/// move), and how much of it lies outside those times.

/// A driver's shift in the planner's terms: milliseconds, an active one ending at `Int64.max`.
struct DriverSpan: Hashable {
    let id: Int64
    let start: Int64
    let end: Int64

    init(_ shift: DriverShiftSpan) {
        id = shift.id
        start = shift.start.millisecondsSinceEpoch
        end = max(start, shift.end?.millisecondsSinceEpoch ?? .max)
    }

    /// Time between [s, e] and this span (0 when they touch or overlap).
    func distance(_ s: Int64, _ e: Int64) -> Int64 {
        max(0, start.minusSaturating(e), s.minusSaturating(end))
    }

    /// Length of [s, e] within this span.
    func overlap(_ s: Int64, _ e: Int64) -> Int64 { max(0, min(e, end).minusSaturating(max(s, start))) }

    /// True when [s, e) shares time with this span (half-open, as `Interval.overlaps`).
    func overlaps(_ s: Int64, _ e: Int64) -> Bool { s < end && start < e }
}

enum DriverShiftPlacement {
    /// The driver's shift (an index into `drivers`, sorted by start, not overlapping each other as
    /// the store keeps them) nearest [s, e] among `candidates` (indices, ascending). Ties: the
    /// larger overlap, then the earlier shift. O(log k) plus the shifts [s, e] overlaps.
    static func nearest(to s: Int64, _ e: Int64, among candidates: [Int], of drivers: [DriverSpan]) -> Int? {
        guard !candidates.isEmpty else { return nil }
        // The first candidate ending at or after s; every earlier one ends before s.
        var low = 0, high = candidates.count
        while low < high {
            let mid = (low + high) / 2
            if drivers[candidates[mid]].end < s { low = mid + 1 } else { high = mid }
        }
        var best: Int?
        var position = max(0, low - 1)
        while position < candidates.count {
            let index = candidates[position]
            let driver = drivers[index]
            if best.map({ isBetter(driver, than: drivers[$0], for: s, e) }) ?? true { best = index }
            position += 1
            if driver.start > e { break }
        }
        return best
    }

    private static func isBetter(_ a: DriverSpan, than b: DriverSpan, for s: Int64, _ e: Int64) -> Bool {
        let da = a.distance(s, e), db = b.distance(s, e)
        if da != db { return da < db }
        let oa = a.overlap(s, e), ob = b.overlap(s, e)
        if oa != ob { return oa > ob }
        return a.start != b.start ? a.start < b.start : a.id < b.id
    }

    /// The driver's shifts (indices into `drivers`) a shift row [s, e) overlaps, at most two.
    static func overlapped(by s: Int64, _ e: Int64, in drivers: [DriverSpan]) -> [Int] {
        var low = 0, high = drivers.count
        while low < high {
            let mid = (low + high) / 2
            if drivers[mid].end <= s { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        var index = low
        while index < drivers.count, drivers[index].start < e, found.count < 2 {
            if drivers[index].overlaps(s, e) { found.append(index) }
            index += 1
        }
        return found
    }

    /// A piece placed on [start, end]: how much of it lies outside, and how far it reaches beyond.
    static func placed(_ piece: EvidencePiece, on start: Int64, _ end: Int64) -> PlacedEvidence {
        let s = piece.start.millisecondsSinceEpoch, e = piece.end.millisecondsSinceEpoch
        let before = max(0, min(e, start).minusSaturating(s))
        let after = max(0, e.minusSaturating(max(s, end)))
        let beyond = max(0, start.minusSaturating(s), e.minusSaturating(end))
        return PlacedEvidence(id: piece.id, kind: piece.kind, outsideMilliseconds: before.plusSaturating(after), beyondMilliseconds: beyond)
    }

    /// The length of the union of the parts of `pieces` outside [start, end].
    static func outsideUnion(of pieces: [EvidencePiece], outside start: Int64, _ end: Int64) -> Int64 {
        var parts: [(Int64, Int64)] = []
        for piece in pieces {
            let s = piece.start.millisecondsSinceEpoch, e = piece.end.millisecondsSinceEpoch
            if s < start { parts.append((s, min(e, start))) }
            if e > end { parts.append((max(s, end), e)) }
        }
        parts.sort { $0.0 < $1.0 }
        var total: Int64 = 0
        var open: (Int64, Int64)?
        for part in parts {
            if let current = open, part.0 <= current.1 {
                open = (current.0, max(current.1, part.1))
            } else {
                if let current = open { total = total.plusSaturating(current.1.minusSaturating(current.0)) }
                open = part
            }
        }
        if let current = open { total = total.plusSaturating(current.1.minusSaturating(current.0)) }
        return total
    }
}
