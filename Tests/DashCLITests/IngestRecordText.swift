import DashModel
import DashStore
import Foundation
import TestSupport

/// The readable text of a command's result and of what a store holds, for the ingest goldens
/// (SampleIngestGoldenTests.swift): local times in Chicago, no database ids where the record
/// can be shown without them, no temporary paths.
extension CLIStore {
    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt

    /// A command's exit status, stdout and stderr, each output line indented.
    static func shown(_ result: CLIResult) -> String {
        func block(_ name: String, _ text: String) -> String {
            let cleaned = text.replacingOccurrences(of: Fixtures.packageRoot + "/", with: "")
            let lines = cleaned.split(separator: "\n", omittingEmptySubsequences: false).dropLast(cleaned.hasSuffix("\n") ? 1 : 0)
            return cleaned.isEmpty ? "\(name): (none)\n" : "\(name):\n" + lines.map { "  \($0)\n" }.joined()
        }
        return "exit: \(result.status.rawValue)\n" + block("stdout", result.stdout) + block("stderr", result.stderr)
    }

    /// Shifts, deliveries, money lines, expenses and the month's per-platform table.
    func recordText(listShifts: Bool) throws -> String {
        let store = try Store.open(at: path, create: true)
        let shifts = try store.shifts()
        let grosses = try grosses(), tips = try countedTips()
        var text = "\n== shifts (local start - end, counted gross, counted platform tips, deliveries): \(shifts.count)\n"
        var deliveries: [String] = []
        for (index, shift) in shifts.enumerated() {
            let held = try store.deliveries(of: shift.id)
            let end = shift.end.map { Self.local($0) } ?? "active"
            text += "  \(Self.local(shift.start)) - \(end)  gross \(grosses[index] ?? "-")  tips \(tips[index] ?? "-")  deliveries \(held.count)\n"
            for delivery in held {
                let platform = try store.offer(delivery.offerID)?.platform ?? "no platform"
                let pay = delivery.ownAmount.map { "pay \($0.amount) tips \($0.tips?.description ?? "-")" } ?? "pay not recorded"
                let delivered = delivery.deliveredAt.map { Self.local($0) } ?? delivery.state.rawValue
                let lines = try store.deliveryLineCount(deliveryID: delivery.id)
                deliveries.append("  shift \(index + 1): \(Self.local(delivery.acceptedAt)) - \(delivered)  \(platform)  \(pay)  money lines \(lines)\n")
            }
        }
        text += "\n== deliveries: \(deliveries.count)\n" + deliveries.joined()
        let lines = try store.connection.scalar("SELECT count(*) FROM deliveryLine")?.int64 ?? -1
        text += "\n== money lines: \(lines)\n"
        let expenses = try store.expenses()
        text += "\n== expenses: \(expenses.count)\n"
        for expense in expenses {
            text += "  \(Self.local(expense.occurredAt))  \(expense.amount)  \(expense.category)  \(expense.note ?? "-")\n"
        }
        text += "\n== report --range 2026-11 --platforms\n" + Self.shown(run("report", "--range", "2026-11", "--platforms"))
        if listShifts { text += "\n== shifts\n" + Self.shown(run("shifts")) }
        return text
    }

    static func local(_ instant: Instant) -> String { TimeText.local(instant, zone: chicago) }
}
