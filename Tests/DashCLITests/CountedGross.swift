import DashModel
import DashReport
import DashStore
import Foundation

extension CLIStore {
    /// Each shift's gross as the report counts it (docs/report.md), oldest first; nil: none recorded.
    func grosses() throws -> [String?] {
        let store = try Store.open(at: path, create: false)
        return try store.shifts().map { shift in try CountedMoney(shiftID: shift.id, money: try store.platformMoney(of: shift)).gross?.description }
    }

    /// Each shift's platform tips as the report counts them, oldest first.
    func countedTips() throws -> [String?] {
        let store = try Store.open(at: path, create: false)
        return try store.shifts().map { shift in try CountedMoney(shiftID: shift.id, money: try store.platformMoney(of: shift)).tips?.description }
    }
}
