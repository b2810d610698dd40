import DashImport
import DashModel
import DashStore

extension StatementIngest {
    /// Puts money lines on their trips' deliveries. A line the store already holds (by its id,
    /// or by its content as often as this file has it) is not added again; a trip the store
    /// holds gains the new lines (a late tip); a new trip becomes a delivery on the shift that
    /// holds its first line's time, accepted and delivered then (a trips file gives it its own
    /// times). The delivery's own amount is the sum of its lines, never a share of anything.
    static func addMoneyLines(_ lines: [MoneyLineRow], store: Store, parking: EvidenceParking, platform: String?, replace: Bool,
                              counts: inout Counts, conflicts: inout [RowProblem], touched: inout [Interval]) throws {
        let importID = parking.importID
        var groups: [(key: RecordKey, lines: [MoneyLineRow])] = []
        var groupIndex: [RecordKey: Int] = [:]
        var idLine: [RecordKey: Int] = [:]
        try HeldRecords.upgrade(store, .deliveryLine, lines.map { ($0.legacyRecordKey, $0.recordKey) })
        try HeldRecords.upgrade(store, .delivery, lines.map { ($0.legacyTripKey, $0.tripKey) })
        var stored = try KeyUnion(store: store, table: .deliveryLine, expectedKeys: lines.count)
        var held = HeldRecords(store: store, importID: importID, entity: .deliveryLine)
        for line in lines {
            if line.keyIsDeclared {
                if let first = idLine[line.recordKey] {
                    conflicts.append(RowProblem(line: line.line, column: "line", message: "the same money line as line \(first)"))
                    continue
                }
                idLine[line.recordKey] = line.line
            }
            guard try stored.admits(line.recordKey) else {
                counts.unchanged += 1
                try held.hold(line.recordKey)
                continue
            }
            if line.platform ?? platform == nil {
                conflicts.append(lineWithoutPlatform(line.line))
                continue
            }
            if let index = groupIndex[line.tripKey] { groups[index].lines.append(line) } else {
                groupIndex[line.tripKey] = groups.count
                groups.append((line.tripKey, [line]))
            }
        }
        var fresh: [(key: RecordKey, lines: [MoneyLineRow], first: Instant)] = []
        for group in groups {
            guard let existing = try store.delivery(recordKey: group.key) else {
                fresh.append((group.key, group.lines, group.lines.map(\.at).min() ?? group.lines[0].at))
                continue
            }
            if let own = existing.ownAmount, try store.deliveryLineCount(deliveryID: existing.id) == 0, !replace {
                var sum = Money.zero, tips: Money?
                for line in group.lines {
                    sum = (try? sum.adding(line.amount)) ?? sum
                    if let lineTips = line.tips { tips = (try? (tips ?? .zero).adding(lineTips)) ?? tips }
                }
                conflicts.append(RowProblem(line: group.lines[0].line, column: "amount", message: """
                    delivery \(existing.id) of this trip has pay \(describe(own)) recorded without statement lines; \
                    the statement's lines for it add up to \(sum.formatted())\(tips.map { " (tips \($0.formatted()))" } ?? "") \
                    (pass --replace to take the lines')
                    """))
                continue
            }
            do {
                try store.addDeliveryLines(group.lines.map { ($0.recordKey, $0.at, $0.amount, $0.tips, $0.kind) }, to: existing.id, importID: importID)
                counts.lines += group.lines.count
                counts.tripsUpdated += 1
                // A late line may move a trip known only from its lines: plan around it again.
                if let first = group.lines.map(\.at).min(), let last = group.lines.map(\.at).max() {
                    touched.append(try Interval(start: min(first, existing.acceptedAt), end: max(last, existing.acceptedAt)))
                }
            } catch let error as ModelError {
                conflicts.append(RowProblem(line: group.lines[0].line, column: "amount", message: "delivery \(existing.id) of this trip: \(error)"))
            }
        }
        let placement = try place(fresh.map { Placeable(line: $0.lines[0].line, accepted: $0.first, delivered: $0.first) }, parking: parking)
        try store.withDeliveryBatch(importID: importID) { writer in
            for (index, group) in fresh.enumerated() {
                guard let (shiftID, end) = placement[index] else { continue }
                // At its first line's time until the planner places it (docs/shifts-from-evidence.md).
                _ = end
                let at = group.first
                do {
                    let id = try writer.add(shiftID: shiftID, acceptedAt: at, deliveredAt: at, own: nil,
                                            platform: group.lines[0].platform ?? platform, pickupPlaceID: nil, recordKey: group.key)
                    // The delivery is written before its lines, which refer to it.
                    try writer.flush()
                    try store.addDeliveryLines(group.lines.map { ($0.recordKey, $0.at, $0.amount, $0.tips, $0.kind) }, to: id, importID: importID)
                    counts.deliveries += 1
                    counts.lines += group.lines.count
                } catch let error as ModelError {
                    conflicts.append(RowProblem(line: group.lines[0].line, column: "amount", message: "\(error) (the trip's lines, shift \(shiftID))"))
                }
            }
        }
    }

    /// A money line (on a trip or on none) whose platform neither the file nor the template nor
    /// `--platform` names: refused at its line.
    static func lineWithoutPlatform(_ line: Int) -> RowProblem {
        RowProblem(line: line, column: "platform", message: """
            the line names no platform (docs/record.md: every amount keeps its platform); give the template a platform or pass --platform NAME
            """)
    }
}
