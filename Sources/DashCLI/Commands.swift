/// Every command, in the order the overview lists them.
enum Commands {
    static let all: [CommandSpec] = [
        ShiftCommands.list, ShiftCommands.show, ShiftCommands.add, ShiftEditCommand.spec, ShiftCommands.earnings, ShiftCommands.fuel, VehicleCommands.miles, RemeasureCommand.spec,
        ShiftCommands.delete, VehicleCommands.set, VehicleCommands.show, VehicleCommands.odometer, ImportCommands.gpx, StatementImportCommand.spec, ExpenseImportCommand.spec, TemplateSuggestCommand.spec, ImportCommands.list, ImportCommands.listAlias, ImportCommands.show, ImportCommands.undo, DeliveryCommands.add, DeliveryCommands.delete, TipCommands.add, ExpenseCommands.add, ExpenseCommands.list, ExpenseCommands.delete,
        IncomeCommands.add, IncomeCommands.list, IncomeCommands.delete,
        ReportCommand.spec, TaxCommand.spec, TaxCommand.reconcile, TaxPaidCommand.spec, ExportCommand.spec, StoreCommands.check, StoreCommands.info, StoreCommands.migrate,
        Version.spec, CompletionCommand.spec, ManPage.spec,
        ConfigCommands.show, ConfigCommands.set, ConfigCommands.unset,
    ]
}

/// Left-aligned text columns and right-aligned number columns, two spaces apart.
struct TextTable {
    var headers: [String]
    /// Which columns are right-aligned (numbers).
    var rightAligned: Set<Int>
    var rows: [[String]] = []

    func render() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[index] - cell.count))
                parts.append(rightAligned.contains(index) ? pad + cell : cell + pad)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text + "\n"
        }
        return line(headers) + rows.map(line).joined()
    }
}
