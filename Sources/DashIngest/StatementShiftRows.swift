import Foundation
import DashImport
import DashModel
import DashStore

extension StatementIngest {
    /// Shift rows (docs/record.md, "Money"): each is one platform's figure for the work of its
    /// span, kept with its platform, its kinds and its import, and evidence of work the planner
    /// places (on the driver's shift within the gap, else on the shift its evidence makes). A row
    /// the store already holds (the same record from another file) is held by this import too.
    /// Two rows of this file for one platform that overlap in time are refused: one platform's
    /// overlapping rows are one piece of work.
    static func addShiftRows(_ rows: [ShiftRow], store: Store, parking: EvidenceParking, platform: String?,
                             counts: inout Counts, conflicts: inout [RowProblem]) throws -> [(id: Int64, line: Int)] {
        var added: [(id: Int64, line: Int)] = []
        var byPlatform: [String: [(span: Interval, line: Int)]] = [:]
        for row in rows {
            let name = row.platform ?? platform
            if name == nil, row.earnings != nil {
                conflicts.append(RowProblem(line: row.line, column: "platform", message: """
                    the row gives earnings but names no platform (docs/record.md: every amount keeps its platform); \
                    map a platform column, give the template a platform, or pass --platform NAME
                    """))
                continue
            }
            let platformKey = name.map(PlatformMoney.key) ?? ""
            if let other = byPlatform[platformKey, default: []].first(where: { $0.span.overlaps(row.span) }) {
                conflicts.append(RowProblem(line: row.line, column: nil, message: """
                    this row and line \(other.line) both give \(name ?? "the") figures for overlapping times; a statement gives one figure per stretch
                    """))
                continue
            }
            byPlatform[platformKey, default: []].append((row.span, row.line))
            let key = shiftRowKey(row, platformKey: platformKey)
            if let existing = try store.shiftEarning(recordKey: key) {
                try store.hold(.shiftEarning, rowID: existing.id, importID: parking.importID)
                counts.unchanged += 1
                continue
            }
            added.append((try store.addImportedShiftEarning(
                shiftID: try parking.shift(), platform: name, span: row.span, gross: row.earnings?.amount, tips: row.earnings?.tips,
                fees: row.amounts.fees, recordKey: key, importID: parking.importID), row.line))
            if row.earnings != nil { counts.earningsSet += 1 }
        }
        return added
    }

    /// The record key of a shift row: what it says, its platform folded.
    static func shiftRowKey(_ row: ShiftRow, platformKey: String) -> RecordKey {
        SHA256.recordKey(["shift-row", platformKey, String(row.span.start.millisecondsSinceEpoch), String(row.span.end.millisecondsSinceEpoch),
                          row.earnings?.amount.units.description ?? "", row.earnings?.tips?.units.description ?? "",
                          row.amounts.fees?.units.description ?? ""])
    }

    /// Once the shifts are planned: a new row and another import's row for the same platform on
    /// one shift, overlapping in time, are one piece of work stated twice. The same figure: the
    /// new row is the old one (held, not added). Another figure: refused naming both, unless
    /// `replace`, when the new one counts and the old one comes back if this import is undone.
    static func reconcileShiftRows(_ added: [(id: Int64, line: Int)], store: Store, importID: Int64, replace: Bool, zone: TimeZone,
                                   counts: inout Counts, conflicts: inout [RowProblem]) throws {
        // Times in a message as the statement gives them: local, with the offset.
        func shown(_ instant: Instant) -> String { TimeText.local(instant, zone: zone) }
        for (id, line) in added {
            guard let new = try store.shiftEarningRow(id), let span = new.span else { continue }
            let others = try store.shiftEarnings(of: new.shiftID).filter {
                $0.id != id && $0.importID != nil && $0.importID != importID && $0.replacedByID == nil
                    && $0.platform.map(PlatformMoney.key) == new.platform.map(PlatformMoney.key) && ($0.span?.overlaps(span) ?? false)
            }
            for old in others {
                if old.gross == new.gross, old.tips == new.tips {
                    try store.deleteShiftEarning(id)
                    try store.hold(.shiftEarning, rowID: old.id, importID: importID)
                    counts.earningsSet -= new.gross == nil ? 0 : 1
                    counts.unchanged += 1
                    break
                }
                guard replace else {
                    conflicts.append(RowProblem(line: line, column: "gross", message: """
                        shift \(new.shiftID) already has \(new.platform ?? "its") earnings \(text(old)) from import \(old.importID ?? 0) \
                        for \(old.span.map { "\(shown($0.start)) to \(shown($0.end))" } ?? "it"); the statement says \(text(new)) for \(shown(span.start)) to \(shown(span.end)) \
                        (pass --replace to take the statement's)
                        """))
                    continue
                }
                try store.markShiftEarning(old.id, replacedBy: id)
                counts.replaced += 1
                counts.earningsSet -= 1
            }
        }
    }

    static func text(_ earning: ShiftEarning) -> String {
        (earning.gross?.formatted() ?? "not recorded") + (earning.tips.map { " (tips \($0.formatted()))" } ?? "")
    }
}
