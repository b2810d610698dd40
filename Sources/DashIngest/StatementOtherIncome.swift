import DashImport
import DashModel
import DashStore

extension StatementIngest {
    /// Puts a file's trip-less money lines (a quest, a referral bonus, a support credit) in the
    /// record as income on no shift (docs/record.md, "Income on no shift"): each keeps its
    /// platform, kind and this import; a line another import holds is held by this one too, and
    /// two equal lines of one file are two. A line of 0.00 adds nothing and is only accounted.
    static func addOtherIncome(_ lines: [TriplessLine], store: Store, importID: Int64, platform: String?,
                               counts: inout Counts, conflicts: inout [RowProblem]) throws {
        var inputs: [OtherIncomeInput] = []
        for line in lines where line.amount != .zero {
            guard let name = line.platform ?? platform else {
                conflicts.append(lineWithoutPlatform(line.line))
                continue
            }
            inputs.append(OtherIncomeInput(occurredAt: line.at, amount: line.amount, platform: name, kind: line.kind, recordKey: line.recordKey))
        }
        guard conflicts.isEmpty, !inputs.isEmpty else { return }
        do {
            let (added, held) = try store.addOtherIncome(inputs, importID: importID)
            counts.otherIncome += added
            counts.unchanged += held
        } catch let error as ModelError {
            conflicts.append(RowProblem(line: lines.first?.line ?? 0, column: "amount", message: "\(error)"))
        }
    }
}
