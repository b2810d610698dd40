import DashImport
import DashModel
import DashStore

extension StatementIngest {
    /// How long after a shift's end a trip's first money line may be recorded and still belong
    /// to it: Uber records a trip's payment seconds to minutes after the drop-off.
    static let moneyLineGrace: Int64 = 15 * 60 * 1000

    /// A gap longer than this between delivery rows no shift holds starts another created shift.
    static let createdShiftGap: Int64 = 60 * 60 * 1000

    /// Something of a file to put on a shift: a delivery row, or a trip's money lines (at the
    /// first line's time).
    struct Placeable {
        let line: Int
        let accepted: Instant
        let delivered: Instant
    }

    /// The shift that holds each item's acceptance ([start, end) of a completed shift, from the
    /// start of an active one), with that shift's end. Items no shift holds are listed, or with
    /// `--create-shifts` grouped into new completed shifts: items in time order, a new shift when
    /// the next acceptance comes more than an hour after the last delivery, each shift from its
    /// first acceptance to its last delivery.
    ///
    /// With a `grace`, an item within that long after a completed shift's end, which no shift
    /// holds, goes to that shift (a payment is recorded moments after the drop-off that ended
    /// the shift); the caller places it at the shift's end.
    static func place(_ items: [Placeable], store: Store, importID: Int64, createShifts: Bool, grace: Int64 = 0,
                      counts: inout Counts, conflicts: inout [RowProblem]) throws -> [(shift: Int64, end: Instant?)?] {
        // Every shift's span once, sorted by start: an item is placed by a binary search, not a query.
        let spans = try store.shifts().map { (id: $0.id, start: $0.start, end: $0.end) }
        func covering(_ instant: Instant) -> (id: Int64, start: Instant, end: Instant?)? {
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].start <= instant { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let candidate = spans[low - 1]
            guard let end = candidate.end else { return candidate }
            return instant.millisecondsSinceEpoch < end.millisecondsSinceEpoch + grace ? candidate : nil
        }
        var placement: [(shift: Int64, end: Instant?)?] = items.map { item in covering(item.accepted).map { ($0.id, $0.end) } }
        let uncovered = items.indices.filter { placement[$0] == nil }
        guard !uncovered.isEmpty else { return placement }
        guard createShifts else {
            for index in uncovered {
                conflicts.append(RowProblem(line: items[index].line, column: nil, message: """
                    no shift holds this delivery (accepted \(items[index].accepted)); record the shift, or pass --create-shifts
                    """))
            }
            return placement
        }
        var groups: [(items: [Int], lastDelivered: Instant)] = []
        for index in uncovered.sorted(by: { (items[$0].accepted, items[$0].line) < (items[$1].accepted, items[$1].line) }) {
            let item = items[index]
            if let last = groups.last, item.accepted.millisecondsSinceEpoch - last.lastDelivered.millisecondsSinceEpoch <= createdShiftGap {
                groups[groups.count - 1].items.append(index)
                groups[groups.count - 1].lastDelivered = max(last.lastDelivered, item.delivered)
            } else {
                groups.append(([index], item.delivered))
            }
        }
        for group in groups {
            guard let first = group.items.first.map({ items[$0].accepted }), let lastAccepted = group.items.map({ items[$0].accepted }).max()
            else { continue }
            let end = max(group.lastDelivered, lastAccepted.adding(milliseconds: 1000))
            do {
                let id = try store.createCompletedShift(start: first, end: end, importID: importID)
                counts.created += 1
                for index in group.items { placement[index] = (id, end) }
            } catch let error as ModelError {
                for index in group.items {
                    conflicts.append(RowProblem(line: items[index].line, column: nil, message: "a shift for it cannot be made: \(error)"))
                }
            }
        }
        return placement
    }
}
