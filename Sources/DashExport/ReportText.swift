import Foundation
import DashModel
import DashReport

/// The report as text for a terminal or a cron mail: a table with a row per period and a totals
/// row, aligned, within 80 columns, then the figures the table has no room for and the counts of
/// what was missing, each said in words. Nothing here computes a figure; it prints the report's.
public enum ReportText {
    public static let width = 80

    public static func render(_ report: Report) -> String {
        let request = report.request
        let distanceWord = request.distanceUnit == .mi ? "MILES" : "KM"
        // Other income on no shift is a column of its own, beside the shifts' gross, only when
        // the span has some (issue 27): NET includes it, GROSS and PER HOUR do not.
        let other = report.total.otherIncome != nil
        let header = ["PERIOD", "SHIFTS", "WORKED H", distanceWord, "GROSS"] + (other ? ["OTHER"] : []) + ["EXPENSES", "NET", "PER HOUR"]
        func cells(_ label: String, _ f: PeriodFigures) -> [String] {
            [label, String(f.shifts), Durations.hoursText(f.worked), text(.distance(f.distance(request.distanceUnit))),
             text(.money(f.gross))] + (other ? [text(.money(f.otherIncome))] : [])
                + [f.expenses.formatted(), text(.money(f.netAfterExpenses)), text(.money(f.earningsPerWorkedHour))]
        }
        var rows = report.rows.map { cells(label($0.period, unit: request.unit), $0.figures) }
        if report.rows.count > 1 { rows.append(cells("TOTAL", report.total)) }
        var out = wrapped(title(report))
        out += table(header: header, rows: rows, leftAligned: [0], ruleBeforeLast: report.rows.count > 1)
        out += platformSummary(report)
        out += "\n" + notes(report)
        return out + earningsNotes(report)
    }

    /// `report.shifts` as a table, one shift a line.
    public static func renderShifts(_ report: Report) -> String {
        let request = report.request
        let header = ["ID", "STARTED", "ENDED", "WORKED H", request.distanceUnit == .mi ? "MILES" : "KM", "GROSS", "FUEL", "PER HOUR"]
        let rows: [[String]] = report.shifts.map { s in
            let start = TimeText.civil(s.shift.start, zone: request.zone)
            let started = String(format: "%@ %02d:%02d", s.startDay.description, start.hour, start.minute)
            var ended = s.state.rawValue
            if let end = s.shift.end {
                let civil = TimeText.civil(end, zone: request.zone)
                let days = Day(end, in: request.zone).number - s.startDay.number
                ended = String(format: "%02d:%02d", civil.hour, civil.minute) + (days > 0 ? "+\(days)" : "")
            }
            return [String(s.shift.id), started, ended, text(.hours(s.worked)), text(.distance(s.facts.distanceMeters.map(request.distanceUnit.amount(meters:)))),
                    text(.money(s.gross)), text(.money(s.estimatedFuel)), text(.money(s.perWorkedHour))]
        }
        var out = wrapped(title(report) + ", shift by shift")
        out += rows.isEmpty ? "no shifts started in this span\n" : table(header: header, rows: rows, leftAligned: [1, 2], ruleBeforeLast: false)
        return out
    }

    static func text(_ cell: Cell) -> String { CellText.plain(cell) ?? "-" }

    static func title(_ report: Report) -> String {
        let request = report.request
        let last = request.to.adding(days: -1)
        let span = request.from == last ? request.from.description : "\(request.from) to \(last)"
        return "DashPilot report, \(span) (\(request.zone.identifier)), by \(request.unit.rawValue.replacingOccurrences(of: "-", with: " "))"
    }

    /// A whole period by its own name (`2026-11`, `2026Q4`, `2026-TQ4`, `2026`, `2026-W45`); a
    /// clipped one by its first day.
    static func label(_ period: Period, unit: PeriodUnit) -> String {
        guard Period.containing(period.start, unit: unit) == period else { return period.start.description }
        let (year, month, _) = period.start.parts
        switch unit {
        case .day: return period.start.description
        case .week:
            let (weekYear, week) = period.start.isoWeek
            return period.start.isoWeekday == 1 ? String(format: "%04d-W%02d", weekYear, week) : period.start.description
        case .month: return String(format: "%04d-%02d", year, month)
        case .quarter: return String(format: "%04dQ%d", year, (month - 1) / 3 + 1)
        case .taxQuarter: return String(format: "%04d-TQ%d", year, [1: 1, 4: 2, 6: 3, 9: 4][month] ?? 0)
        case .year: return String(format: "%04d", year)
        }
    }

    /// Columns sized to their widest cell, two spaces apart (one when two would pass 80
    /// columns); numbers right-aligned.
    static func table(header: [String], rows: [[String]], leftAligned: Set<Int>, ruleBeforeLast: Bool) -> String {
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) } }
        let gap = widths.reduce(0, +) + 2 * (widths.count - 1) > width ? " " : "  "
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: max(0, widths[index] - cell.count))
                return leftAligned.contains(index) ? cell + pad : pad + cell
            }.joined(separator: gap).replacingTrailingSpaces()
        }
        var out = line(header) + "\n"
        for (index, row) in rows.enumerated() {
            if ruleBeforeLast, index == rows.count - 1 { out += String(repeating: "-", count: widths.reduce(0, +) + gap.count * (widths.count - 1)) + "\n" }
            out += line(row) + "\n"
        }
        return out
    }

    /// What the table has no room for, over the whole span, each a sentence wrapped to 80 columns.
    static func notes(_ report: Report) -> String {
        let t = report.total
        let unit = report.request.distanceUnit
        let word = unit == .mi ? "mile" : "km"
        var lines: [String] = []
        var missing: [String] = []
        if t.shiftsWithoutEarnings > 0 { missing.append(count(t.shiftsWithoutEarnings, "shift") + " without earnings (not counted as 0.00)") }
        if t.shiftsWithoutFuelAssumption > 0 { missing.append(count(t.shiftsWithoutFuelAssumption, "shift") + " without a fuel assumption") }
        if t.shiftsWithoutRoute > 0 { missing.append(count(t.shiftsWithoutRoute, "shift") + " without a recorded route") }
        if t.shiftsWithoutMileageRate > 0 { missing.append(count(t.shiftsWithoutMileageRate, "shift") + " on dates the mileage rate table lacks") }
        if t.shiftsTimedByPayments > 0 {
            missing.append(count(t.shiftsTimedByPayments, "shift") + " timed only by payment lines (their \(Durations.hoursText(t.workedTimedByPayments)) h "
                + "are the payments' span, not time worked: give their times or a track)")
        }
        lines.append("Missing: " + (missing.isEmpty ? "nothing." : missing.joined(separator: "; ") + "."))
        lines.append("Work: \(count(t.offers, "offer")), \(count(t.deliveries, "delivery", plural: "deliveries")) (\(t.cancelledDeliveries) cancelled); "
            + "\(Durations.hoursText(t.elapsed)) h elapsed, \(Durations.hoursText(t.paused)) h paused.")
        lines.append("Tips: \(text(.money(t.platformTips))) reported by platforms (within gross), \(t.outsideTips.formatted()) outside them (in net).")
        if let fees = t.fees, t.shiftsReportingFees > 0 {
            lines.append("Fees: \(fees.formatted()) kept by platforms (apart from gross, taken off the net).")
        }
        if let other = t.otherIncome {
            lines.append("Other income: \(other.formatted()) on no shift (\(count(t.otherIncomeRows, "row")): incentives, quests, referrals, adjustments), "
                + "added to the net, not to GROSS or the rates (OTHER above).")
        }
        var fuel = "Fuel: estimated \(text(.money(t.estimatedFuel)))"
        if t.shiftsWithNetAfterFuel > 0 {
            fuel += "; gross minus that estimate \(t.netAfterFuelSum.formatted()) over the \(count(t.shiftsWithNetAfterFuel, "shift")) with both"
        }
        fuel += ". Fuel expenses recorded: \((t.expensesByCategory["fuel"] ?? .zero).formatted()) (a second view; never both subtracted)."
        lines.append(fuel)
        lines.append("Per \(word): \(text(.money(t.earningsPerDistance(unit)))) over the shifts with earnings and a route.")
        if t.shiftsOnPlatformDistance > 0 {
            lines.append("Miles: those of \(count(t.shiftsOnPlatformDistance, "shift")) with no route or recorded miles are "
                + PlatformDistance.note(PlatformDistance.reporters(t.platformDistanceReporters)) + ".")
        }
        if t.shiftsWithPlatformMiles > 0 {
            var sentence = "Distance: ON TRIPS above is driven while a platform's trip was active; "
                + "\(CellText.twoPlaces(unit.amount(meters: t.metersBetweenTrips))) \(unit == .mi ? "miles" : "km") between trips, not attributed"
            if t.metersSharedByPlatforms > 0 {
                sentence += "; \(CellText.twoPlaces(unit.amount(meters: t.metersSharedByPlatforms))) while trips of two platforms overlapped, shared equally"
            }
            lines.append(sentence + ".")
        }
        if let rates = report.request.rates {
            lines.append("Standard mileage deduction estimate (\(rates.name)): \(text(.money(t.mileageDeduction)))"
                + " for \(CellText.twoPlaces(Double(t.mileageDeductionHundredths) / 100)) miles (the mileage log's: each shift to the hundredth)"
                + (t.shiftsWithoutMileageRate > 0 ? " (\(count(t.shiftsWithoutMileageRate, "shift")) on dates the table lacks left out)." : "."))
        }
        let categories = t.expensesByCategory.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.formatted())" }
        lines.append("Expenses by category: " + (categories.isEmpty ? "none." : categories.joined(separator: ", ") + "."))
        let active = report.shifts.filter { !$0.isCompleted }
        if !active.isEmpty {
            lines.append("Active, not counted until ended: " + active.map { s in
                let civil = TimeText.civil(s.shift.start, zone: report.request.zone)
                return "shift \(s.shift.id) (\(s.state.rawValue), started \(s.startDay) " + String(format: "%02d:%02d", civil.hour, civil.minute) + ")"
            }.joined(separator: ", ") + ".")
        }
        return lines.map(wrapped).joined()
    }

    static func count(_ n: Int, _ noun: String, plural: String? = nil) -> String { "\(n) " + (n == 1 ? noun : plural ?? noun + "s") }

    /// Words wrapped at 80 columns, continuation lines indented by two.
    /// Each line of `text` wrapped on its own (a table's lines are within the width already).
    static func wrappedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.count > width ? wrapped(String($0)) : $0 + "\n" }.joined()
    }

    static func wrapped(_ sentence: String) -> String {
        var out = "", line = ""
        for word in sentence.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                out += line + "\n"
                line = "  " + word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return out + line + "\n"
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
