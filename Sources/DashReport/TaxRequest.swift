import DashModel
import Foundation

/// The vehicle methods a tax summary computes (docs/tax.md, "Car and truck expenses").
public enum TaxMethod: String, Sendable, CaseIterable {
    case standard, actual, both

    public var includesStandard: Bool { self != .actual }
    public var includesActual: Bool { self != .standard }
}

/// An estimated-tax payment the driver recorded (`tax paid`), for the summary.
public struct TaxPaymentFigure: Sendable, Equatable {
    public let paidOn: Day
    public let amount: Money

    public init(paidOn: Day, amount: Money) {
        self.paidOn = paidOn
        self.amount = amount
    }
}

/// What a tax summary is asked for: the year, up to the end of which estimated-tax period (the
/// fourth: the whole year), the method, and the facts beyond the record of shifts and expenses
/// it needs (docs/tax.md).
public struct TaxRequest: Sendable {
    public let period: EstimatedTaxPeriod
    public let method: TaxMethod
    public let zone: TimeZone
    public let mileageRates: MileageRateTable?
    public let selfEmployment: SelfEmploymentTaxTable
    public let categories: ExpenseCategoryMap
    /// Miles the vehicle was driven over the year for every use, in tenths (the odometer's end
    /// minus its start, `vehicle odometer`); nil: not recorded, so no actual method.
    public let vehicleTenths: Int64?
    /// Every payment recorded for the tax year; those after the period's due date do not count
    /// against its estimate.
    public let payments: [TaxPaymentFigure]
    /// The driver's own marginal income-tax rate as a fraction (12% is 0.12); nil: none given,
    /// and no income tax is estimated (never guessed).
    public let incomeTaxRate: Money?
    /// Wages subject to Social Security the driver had from an employer this year (a W-2's box 3):
    /// they use up the wage base first. Zero when not given.
    public let socialSecurityWages: Money

    public init(period: EstimatedTaxPeriod, method: TaxMethod, zone: TimeZone, mileageRates: MileageRateTable?,
                selfEmployment: SelfEmploymentTaxTable, categories: ExpenseCategoryMap, vehicleTenths: Int64? = nil,
                payments: [TaxPaymentFigure] = [], incomeTaxRate: Money? = nil, socialSecurityWages: Money = .zero) {
        self.period = period
        self.method = method
        self.zone = zone
        self.mileageRates = mileageRates
        self.selfEmployment = selfEmployment
        self.categories = categories
        self.vehicleTenths = vehicleTenths
        self.payments = payments
        self.incomeTaxRate = incomeTaxRate
        self.socialSecurityWages = socialSecurityWages
    }

    public var year: Int { period.year }
    /// January 1 to the period's end.
    public var span: Period { period.yearToDate }

    /// The report a summary is made from: the span by month, in miles (the IRS rate is per mile).
    public var reportRequest: ReportRequest {
        var request = ReportRequest(from: span.start, to: span.end, unit: .month, zone: zone, distanceUnit: .mi, rates: mileageRates)
        request.categories = categories
        return request
    }
}
