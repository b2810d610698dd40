/// The vehicle's odometer over one calendar year (schema v12, docs/cli.md "vehicle odometer"):
/// the reading at the start of the year and at its end (or the latest reading so far: the end
/// may come later), in tenths of a mile, exact, as a shift's readings are (``RecordedMiles``).
/// The year's total miles are what the actual-expense method's business-use share divides by.
public struct OdometerYear: Hashable, Sendable {
    /// The calendar years a record may name: the range the schema's CHECK allows.
    public static let years = 1900...9999

    public let year: Int
    /// The reading at the start of the year, tenths of a mile.
    public let startTenths: Int64
    /// The reading at the end of the year (or the latest during it), tenths; nil: not yet given.
    public let endTenths: Int64?

    /// Refuses a year outside ``years``, a negative reading or one past an odometer's digits
    /// (``RecordedMiles/largestTenths``), and an end below the start.
    public init(year: Int, startTenths: Int64, endTenths: Int64? = nil) throws(ModelError) {
        guard Self.years.contains(year) else { throw .badText(field: "the year", reason: "must lie between 1900 and 9999") }
        for reading in [startTenths] + (endTenths.map { [$0] } ?? []) {
            guard reading >= 0 else { throw .negativeAmount(field: "an odometer reading") }
            guard reading <= RecordedMiles.largestTenths else { throw .badText(field: "an odometer reading", reason: "is more than 9999999.9") }
        }
        if let endTenths, endTenths < startTenths {
            throw .badText(field: "the odometer's end-of-year reading", reason: "is below its start-of-year reading")
        }
        self.year = year
        self.startTenths = startTenths
        self.endTenths = endTenths
    }

    /// The year's miles in tenths (end minus start); nil while the end is not known (never 0).
    public var milesTenths: Int64? { endTenths.map { $0 - startTenths } }

    /// The year's miles; nil while the end is not known.
    public var miles: Double? { milesTenths.map { Double($0) / 10 } }
}
