/// A calendar date with no zone and no time: the day a payment was made. DashModel's own,
/// because `Day` (Sources/DashReport/Day.swift) lives in DashReport, which DashModel cannot
/// import; `dayNumber` is the same count of days since 1970-01-01 that `Day.number` is, so
/// `Day(number: date.dayNumber)` is the report's day.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Refuses an impossible date (February 30) or a year outside 1 to 9999.
    public init(year: Int, month: Int, day: Int) throws(ModelError) {
        _ = try CivilTime(year: year, month: month, day: day)
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2026-04-14`, range-checked (``TimeText/date(_:)``).
    public init(parsing text: String) throws(ModelError) {
        let civil = try TimeText.date(text)
        self = try CivilDate(year: civil.year, month: civil.month, day: civil.day)
    }

    /// Days since 1970-01-01 (as `Day.number`).
    public var dayNumber: Int64 { CivilTime.days(year: year, month: month, day: day) }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// `2026-04-14`: the form the store keeps and every output prints.
    public var description: String {
        let y = String(year), m = String(month), d = String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + (m.count < 2 ? "0" : "") + m + "-" + (d.count < 2 ? "0" : "") + d
    }
}

/// An estimated-tax payment the driver made (schema v12, docs/cli.md "tax paid"): when it was
/// paid, the tax year it counts toward (a January payment is usually last year's fourth
/// quarter), and how much, exact. Entered by hand, held by no import.
public struct TaxPayment: Hashable, Sendable {
    public static let maxNoteLength = 200
    /// The tax years a payment may count toward: the range the schema's CHECK allows.
    public static let taxYears = 1900...9999

    public let id: Int64
    public let paidOn: CivilDate
    /// The year the payment counts toward, within ``taxYears``.
    public let taxYear: Int
    /// More than 0.
    public let amount: Money
    public let note: String?

    public init(id: Int64, paidOn: CivilDate, taxYear: Int, amount: Money, note: String?) throws(ModelError) {
        guard Self.taxYears.contains(taxYear) else { throw .badText(field: "the tax year", reason: "must lie between 1900 and 9999") }
        guard !amount.isNegative else { throw .negativeAmount(field: "a tax payment") }
        guard amount.units > 0 else { throw .badText(field: "a tax payment", reason: "must be more than 0") }
        self.id = id
        self.paidOn = paidOn
        self.taxYear = taxYear
        self.amount = amount
        self.note = try note.map { (text: String) throws(ModelError) -> String in
            try PlainText.validated(text, field: "the note", maxLength: TaxPayment.maxNoteLength)
        }
    }
}
