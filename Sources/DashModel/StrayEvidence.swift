/// Stray fixes (docs/record.md: "a track point more than the gap from every other point of its
/// file is a stray fix, rejected and counted"): a single-point track session whose nearest other
/// evidence of the same import is more than the split gap away. Evidence of another import never
/// rescues a stray, and an identical copy of the point (same kind, same instant) is not "other"
/// evidence, so a duplicate changes nothing.
enum StrayEvidence {
    private struct Shape: Hashable {
        let kind: EvidenceKind
        let start: Int64
        let end: Int64
    }

    /// The ids of the stray pieces among `pieces`. O(n log n).
    static func strays(among pieces: [EvidencePiece]) -> Set<EvidenceID> {
        var byImport: [ImportKey: [EvidencePiece]] = [:]
        for piece in pieces { byImport[piece.importKey, default: []].append(piece) }
        var result: Set<EvidenceID> = []
        for (_, group) in byImport where group.contains(where: isPoint) {
            result.formUnion(strays(inOneImport: group))
        }
        return result
    }

    private static func isPoint(_ piece: EvidencePiece) -> Bool { piece.kind == .trackSession && piece.start == piece.end }

    private static func strays(inOneImport group: [EvidencePiece]) -> [EvidenceID] {
        var gapOfShape: [Shape: Int64] = [:]
        for piece in group {
            let shape = Shape(kind: piece.kind, start: piece.start.millisecondsSinceEpoch, end: piece.end.millisecondsSinceEpoch)
            gapOfShape[shape] = max(gapOfShape[shape] ?? 0, piece.splitGapMilliseconds)
        }
        let shapes = gapOfShape.keys.sorted { a, b in
            a.start != b.start ? a.start < b.start : a.end != b.end ? a.end < b.end : a.kind < b.kind
        }
        var strayShapes: Set<Shape> = []
        var latestEnd = Int64.min  // the latest end among shapes before the current one
        for (index, shape) in shapes.enumerated() {
            defer { latestEnd = max(latestEnd, shape.end) }
            guard shape.kind == .trackSession, shape.start == shape.end, let gap = gapOfShape[shape] else { continue }
            // Shapes before start no later (nearest: the latest end); shapes after start no
            // earlier (nearest: the next start).
            let before = index > 0 ? max(0, shape.start.minusSaturating(latestEnd)) : Int64.max
            let after = index + 1 < shapes.count ? shapes[index + 1].start.minusSaturating(shape.start) : Int64.max
            if min(before, after) > gap { strayShapes.insert(shape) }
        }
        return group.filter {
            strayShapes.contains(Shape(kind: $0.kind, start: $0.start.millisecondsSinceEpoch, end: $0.end.millisecondsSinceEpoch))
        }.map(\.id)
    }
}
