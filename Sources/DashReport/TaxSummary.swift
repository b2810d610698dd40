import DashModel
import Foundation

/// A Schedule C-shaped summary of a tax year, or of the year to the end of an estimated-tax
/// period (docs/tax.md): gross receipts per platform with the fees they withheld and the tips
/// apart, car and truck expenses under the standard and the actual method, the other expenses
/// by line through the category map, net profit, self-employment tax, and the estimated payment
/// due. Pure: the same record and request give the same summary.
public struct TaxSummary: Sendable {
    public let request: TaxRequest
    /// The record over the span by month: where every figure below comes from.
    public let report: Report
    public var total: PeriodFigures { report.total }
    /// Gross counted by platform, with fees and tips (the report's per-platform rule).
    public var platforms: [PlatformFigures] { report.total.platformRows }
    /// Line 1: the gross counted (platform fees included, tips included) plus tips paid outside
    /// the platforms plus other income on no shift (issue 27); nil when the span's shifts have
    /// no earnings recorded.
    public let grossReceipts: Money?
    public let expenses: TaxExpenses
    public let mileage: TaxMileage
    /// The business miles of the whole calendar year recorded so far (every completed shift of
    /// the year, also those after the period's end): the business-use share is a yearly ratio.
    public let yearBusinessHundredths: Int64
    /// The year's business miles over the vehicle's miles for every use (both in hundredths);
    /// nil without the year's odometer.
    public let businessShare: (business: Int64, vehicle: Int64)?
    /// Why there is no actual-method figure, when there is none.
    public let actualUnavailable: String?
    /// Why there is no standard-method figure (no rate table, or no rate for the shifts' dates).
    public let standardUnavailable: String?
    public let standard: TaxMethodFigures?
    public let actual: TaxMethodFigures?
    /// Tips received in the span: within the platforms' pay and outside it; nil when no shift's
    /// money reports tips and none was paid outside (not recorded is not 0.00).
    public let tips: Money?
    public let paid: Money
    /// Vehicle costs recorded, which the standard rate covers (not deducted under it).
    public let vehicleCosts: Money

    /// `facts`: at least the whole tax year's shifts (the business-use share is the year's);
    /// those outside the span count only toward that share. `otherIncome` outside the span is
    /// left out, as expenses are.
    public init(request: TaxRequest, facts: [ShiftFacts], expenses: [Expense], otherIncome: [OtherIncome] = []) throws(MoneyError) {
        self.request = request
        let report = try Report(request: request.reportRequest, facts: facts, expenses: expenses, otherIncome: otherIncome)
        self.report = report
        let span = request.span
        let counted = expenses.filter { span.contains(Day($0.occurredAt, in: request.zone)) }
        self.expenses = try TaxExpenses(counted, map: request.categories)
        mileage = try TaxMileage(shifts: report.shifts, rates: request.mileageRates)
        let total = report.total
        grossReceipts = try total.gross.map { (gross: Money) throws(MoneyError) -> Money in
            try gross.adding(total.outsideTips).adding(total.otherIncomeSum)
        }
        tips = total.platformTips == nil && total.outsideTips == .zero ? nil : try (total.platformTips ?? .zero).adding(total.outsideTips)
        var costs = Money.zero
        for group in self.expenses.groups where group.entry.vehicle { costs = try costs.adding(group.amount) }
        vehicleCosts = costs
        yearBusinessHundredths = Self.businessHundredths(of: facts, year: request.year, zone: request.zone)
        let due = request.period.dueDate
        var paid = Money.zero
        for payment in request.payments where payment.paidOn <= due { paid = try paid.adding(payment.amount) }
        self.paid = paid

        var share: (business: Int64, vehicle: Int64)?
        var unavailable: String?
        if let tenths = request.vehicleTenths {
            if tenths <= 0 {
                unavailable = "the odometer recorded for \(request.year) shows no miles driven"
            } else if yearBusinessHundredths > tenths * 10 {
                unavailable = "the record's business miles for \(request.year) (\(Self.miles(yearBusinessHundredths))) exceed the odometer's \(Self.miles(tenths * 10)): check the readings"
            } else {
                share = (yearBusinessHundredths, tenths * 10)
            }
        } else {
            unavailable = "the actual method needs the vehicle's total miles for \(request.year): record them with `vehicle odometer --year \(request.year) --start N --end N`"
        }
        businessShare = share
        actualUnavailable = unavailable
        standardUnavailable = mileage.deduction != nil ? nil : mileage.tableName == nil
            ? "the standard method needs a mileage rate table (--mileage-rates)"
            : "the rate table (\(mileage.tableName ?? "")) has no rate for the dates of the shifts with miles"

        guard let grossReceipts else {
            standard = nil
            actual = nil
            return
        }
        let common = try Self.commonLines(expenses: self.expenses, fees: total.fees)
        if request.method.includesStandard, standardUnavailable == nil {
            let car = try Self.standardCarLine(mileage)
            standard = try TaxMethodFigures(method: .standard, lines: car + common, grossReceipts: grossReceipts, request: request, paid: paid)
        } else {
            standard = nil
        }
        if request.method.includesActual, let share {
            let vehicle = try Self.actualVehicleLines(expenses: self.expenses, share: share)
            actual = try TaxMethodFigures(method: .actual, lines: vehicle + common, grossReceipts: grossReceipts, request: request, paid: paid)
        } else {
            actual = nil
        }
    }

    /// `1234.56`: hundredths of a mile as printed.
    static func miles(_ hundredths: Int64) -> String { Money(units: hundredths * 100).formatted() }

    /// The business share as a percentage to two places (`37.52%`).
    public var businessSharePercent: String? {
        guard let share = businessShare, let value = TaxArithmetic.cents(Money(100), times: share.business, over: share.vehicle) else { return nil }
        return value.formatted() + "%"
    }

    /// Lines both methods share: platform fees and fee expenses (line 10); every expense that
    /// is not a vehicle cost, parking and tolls (line 9) among them, at 100%.
    static func commonLines(expenses: TaxExpenses, fees: Money?) throws(MoneyError) -> [ScheduleCLine] {
        var parts: [String: (name: String, parts: [ScheduleCLine.Part])] = [:]
        if let fees, fees != .zero { parts["10"] = ("Commissions and fees", [.init(label: "fees the platforms withheld", amount: fees)]) }
        for group in expenses.groups where !group.entry.vehicle && group.entry.deductible {
            var line = parts[group.entry.line] ?? (group.entry.lineName, [])
            line.parts.append(.init(label: "\(group.entry.category) (\(group.count) \(group.count == 1 ? "expense" : "expenses"))", amount: group.amount))
            parts[group.entry.line] = line
        }
        return try parts.map { (key, value) throws(MoneyError) -> ScheduleCLine in try ScheduleCLine(line: key, name: value.name, parts: value.parts) }
    }

    /// Line 9 under the standard method: the miles at the rates (parking and tolls are common
    /// lines, merged with it here so line 9 is one figure).
    static func standardCarLine(_ mileage: TaxMileage) throws(MoneyError) -> [ScheduleCLine] {
        var parts = mileage.rows.map { row in
            // Miles that are only the trips' platform-reported distance say so on the line (issue
            // 27; the notes say what they leave out).
            let what = row.platformHundredths == 0 ? "business miles"
                : row.platformHundredths == row.hundredths ? "on-trip miles reported by \(mileage.platformReporters)"
                : "business miles (\(Self.miles(row.platformHundredths)) on-trip, reported by \(mileage.platformReporters))"
            return ScheduleCLine.Part(label: "\(Self.miles(row.hundredths)) \(what) at \(row.rate.perMile) from \(row.rate.from)", amount: row.value)
        }
        if parts.isEmpty { parts = [.init(label: "no business miles valued", amount: .zero)] }
        return [try ScheduleCLine(line: "9", name: "Car and truck expenses", parts: parts)]
    }

    /// The vehicle costs at the business share, on their lines (9, or 20a for a lease).
    static func actualVehicleLines(expenses: TaxExpenses, share: (business: Int64, vehicle: Int64)) throws(MoneyError) -> [ScheduleCLine] {
        var parts: [String: (name: String, parts: [ScheduleCLine.Part])] = [:]
        for group in expenses.groups where group.entry.vehicle && group.entry.deductible {
            guard let amount = TaxArithmetic.cents(group.amount, times: share.business, over: share.vehicle) else { throw .overflow }
            var line = parts[group.entry.line] ?? (group.entry.lineName, [])
            line.parts.append(.init(label: "\(group.entry.category) \(group.amount.formatted()) x business share", amount: amount))
            parts[group.entry.line] = line
        }
        if parts["9"] == nil { parts["9"] = ("Car and truck expenses", [.init(label: "no vehicle costs recorded", amount: .zero)]) }
        return try parts.map { (key, value) throws(MoneyError) -> ScheduleCLine in try ScheduleCLine(line: key, name: value.name, parts: value.parts) }
    }

    /// The methods computed, standard first.
    public var methods: [TaxMethodFigures] { [standard, actual].compactMap { $0 } }

    /// Hundredths of a mile over the completed shifts that started in `year` (local dates).
    static func businessHundredths(of facts: [ShiftFacts], year: Int, zone: TimeZone) -> Int64 {
        var sum: Int64 = 0
        for fact in facts where fact.shift.isCompleted && Day(fact.shift.start, in: zone).year == year {
            sum += fact.distanceMeters.map { ShiftFigures.hundredths($0, .mi) } ?? 0
        }
        return sum
    }
}
