/// The one sweep the shift planner clusters with (docs/shifts-from-evidence.md, "The sweep"):
/// spans sorted by start, each with its split gap; two spans are linked when the time between them
/// is at most the larger of their gaps, and a cluster is a connected set of linked spans.

/// A span in the sweep: a piece of evidence, or a driver's shift (gap 0: it links only through the
/// evidence's own gap). `end` is `Int64.max` for an active driver's shift.
struct SweepNode {
    let start: Int64
    let end: Int64
    let gap: Int64
    /// What the node stands for, to the caller (an index into its own array).
    let ref: Int
}

/// A cluster: nodes `first...last` of the sorted array (the sweep's clusters are always
/// contiguous in it), their hull, how far they reach forward (max end + gap) and back
/// (min start - gap).
struct SweepCluster {
    var first: Int
    var last: Int
    var start: Int64
    var end: Int64
    var reach: Int64
    var back: Int64

    /// Whether a point at `t` with gap `gap` is within the larger gap of some node, and how far it
    /// is from the hull (0 inside).
    func distance(toPoint t: Int64, gap: Int64) -> Int64? {
        if t >= start && t <= end { return 0 }
        if t > end { return t <= reach || t.minusSaturating(gap) <= end ? t.minusSaturating(end) : nil }
        return t >= back || t.plusSaturating(gap) >= start ? start.minusSaturating(t) : nil
    }
}

enum EvidenceSweep {
    /// Clusters of `nodes`, which must be sorted by start. O(n): each node is pushed once and each
    /// cluster popped at most once.
    ///
    /// Why a stack: a new node (starting no earlier than any before it) links to a cluster only if
    /// it links to the newest one (an older cluster ended before the newest began, and whatever
    /// reached past that end would have linked the two); after a merge the merged cluster may link
    /// to the next older one through the new node's larger gap, so the loop pops again.
    static func clusters(_ nodes: [SweepNode]) -> [SweepCluster] {
        var stack: [SweepCluster] = []
        for (index, node) in nodes.enumerated() {
            var merged = SweepCluster(
                first: index, last: index, start: node.start, end: node.end,
                reach: node.end.plusSaturating(node.gap), back: node.start.minusSaturating(node.gap))
            while let top = stack.last, node.start <= top.reach || node.start.minusSaturating(node.gap) <= top.end {
                stack.removeLast()
                merged = SweepCluster(
                    first: top.first, last: merged.last, start: min(top.start, merged.start),
                    end: max(top.end, merged.end), reach: max(top.reach, merged.reach), back: min(top.back, merged.back))
            }
            stack.append(merged)
        }
        return stack
    }
}

extension Int64 {
    /// Addition that stops at the ends of Int64 (an active shift ends at `Int64.max`).
    func plusSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    func minusSaturating(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other > 0 ? .min : .max) : difference
    }
}
