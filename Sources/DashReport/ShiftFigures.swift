import DashModel
import Foundation

/// Kilometres or miles: how distances and per-distance rates are shown.
public enum DistanceUnit: String, Sendable {
    case mi, km

    public func amount(meters: Double) -> Double { self == .mi ? MileageMeter.miles(meters) : meters / 1000 }
}

/// One shift's figures, derived from its facts when asked (nothing of this is stored).
public struct ShiftFigures: Sendable {
    public let facts: ShiftFacts
    /// The local date it started on, in the report's zone: the period it belongs to.
    public let startDay: Day
    public var shift: Shift { facts.shift }
    public var isCompleted: Bool { facts.shift.isCompleted }
    public var state: ShiftState { isCompleted ? .completed : (facts.isPaused ? .paused : .active) }
    /// End minus start, as lived (a DST night's shift counts the hours that passed); nil while active.
    public let elapsed: Int64?
    /// The union of its pauses clipped to the shift; nil while active.
    public let paused: Int64?
    public var worked: Int64? { elapsed.flatMap { elapsed in paused.map { elapsed - $0 } } }
    /// Miles the route recorded; nil when it has no route.
    public var miles: Double? { facts.distanceMiles }
    /// Fuel for its miles at its own assumption: miles / mpg x price; nil without both.
    public let estimatedFuel: Money?
    /// Its distance to the hundredth of a mile and of a kilometre, as the mileage log prints it
    /// (issue 16): the log's total, the tax summary's business miles and every standard-mileage
    /// amount are made of these (docs/mileage.md). Nil without miles.
    public let hundredthsOfMile: Int64?
    public let hundredthsOfKilometre: Int64?
    /// The rate in force on its start date, when it has miles and the table one for that date.
    public let mileageRate: MileageRateTable.Rate?
    /// The standard-mileage value of its miles (to the hundredth) at the rate of its start
    /// date, to the cent; nil without miles or without a rate for that date. A period's value
    /// is its miles by rate times the rate, rounded once (``PeriodFigures``).
    public let mileageDeduction: Money?
    /// It has miles but the rate table has no rate for its date.
    public let lacksMileageRate: Bool
    /// Its money as counted (``CountedMoney``); nil when its figures do not add up (amounts
    /// beyond any recordable one): the report then refuses, naming the shift.
    public let counted: CountedMoney?

    public init(_ facts: ShiftFacts, zone: TimeZone, rates: MileageRateTable?) {
        self.facts = facts
        startDay = Day(facts.shift.start, in: zone)
        if let end = facts.shift.end, let span = try? Interval(start: facts.shift.start, end: end) {
            elapsed = span.durationMilliseconds
            paused = Durations.unionMilliseconds(
                of: facts.pauses.compactMap { try? Interval(start: $0.start, end: $0.end ?? end) }, clippedTo: span)
        } else {
            elapsed = nil
            paused = nil
        }
        let miles = facts.distanceMiles
        if let miles, let fuel = facts.shift.fuel, fuel.milesPerGallon.units > 0 {
            // miles / (mpg units / 10^4) gallons at price units a gallon.
            estimatedFuel = Rates.money(units: miles * Double(fuel.pricePerGallon.units) * Double(Money.scale)
                                                / Double(fuel.milesPerGallon.units))
        } else {
            estimatedFuel = nil
        }
        let meters = facts.distanceMeters
        hundredthsOfMile = meters.map { Self.hundredths($0, .mi) }
        hundredthsOfKilometre = meters.map { Self.hundredths($0, .km) }
        let rate = rates?.rate(on: startDay)
        mileageRate = miles == nil ? nil : rate
        mileageDeduction = hundredthsOfMile.flatMap { miles in rate.flatMap { TaxArithmetic.cents(hundredthsOfMile: miles, at: $0.perMile) } }
        lacksMileageRate = miles != nil && rates != nil && rate == nil
        counted = try? CountedMoney(shiftID: facts.shift.id, money: facts.moneyFigures)
    }

    /// The shift's gross (docs/report.md): per platform the driver's figure, else the
    /// statements' shift totals, else the trips' pay; a figure for the whole shift counts alone
    /// unless a platform's own outranks it (``CountedMoney``); never a total and its trips both.
    /// Nil when nothing is recorded.
    public var gross: Money? { counted?.gross }

    /// The platform tips within ``gross``, from the figures counted; nil when none gives them.
    public var platformTips: Money? { counted?.tips }

    /// Fees and commissions the platforms kept (apart from gross), from the figures counted;
    /// nil when none gives them.
    public var fees: Money? { counted?.fees }

    /// Gross minus the fuel estimate, when it has both.
    public var estimatedNetAfterFuel: Money? {
        guard let gross, let estimatedFuel else { return nil }
        return try? gross.subtracting(estimatedFuel)
    }

    /// A distance to the hundredth of `unit`, as the mileage log prints it: the one rounding rule.
    public static func hundredths(_ meters: Double, _ unit: DistanceUnit) -> Int64 { Int64((unit.amount(meters: meters) * 100).rounded()) }

    /// Gross per worked hour, when it has both and worked some time.
    public var perWorkedHour: Money? {
        guard let gross, let worked, worked > 0 else { return nil }
        return Rates.perHour(gross, milliseconds: worked)
    }

    /// Gross per mile (or km), when it has both and drove some distance.
    public func perDistance(_ unit: DistanceUnit) -> Money? {
        guard let gross, let meters = facts.distanceMeters else { return nil }
        return Rates.perDistance(gross, distance: unit.amount(meters: meters))
    }
}

/// Rates of money over time and distance, rounded once, half away from zero, to the cent
/// they are printed with (rounding to 0.0001 first and to the cent when printing would round
/// 9.50495 up to 9.51).
public enum Rates {
    /// Units of money in a cent.
    static let cent = Money.scale / 100

    public static func perHour(_ amount: Money, milliseconds: Int64) -> Money? {
        guard milliseconds > 0 else { return nil }
        // amount x 3,600,000 / (ms x 100) cents, exactly, in 128 bits.
        let product = amount.units.magnitude.multipliedFullWidth(by: 3_600_000)
        let divisor = UInt64(milliseconds).multipliedReportingOverflow(by: UInt64(cent))
        // A quotient that would not fit 64 bits (an absurd amount over a millisecond): no rate.
        guard !divisor.overflow, product.high < divisor.partialValue else { return nil }
        let (quotient, remainder) = divisor.partialValue.dividingFullWidth(product)
        guard quotient < UInt64(Int64.max) / UInt64(cent) - 1 else { return nil }
        let cents = remainder >= divisor.partialValue - remainder ? quotient + 1 : quotient
        return Money(units: (amount.isNegative ? -Int64(cents) : Int64(cents)) * cent)
    }

    public static func perDistance(_ amount: Money, distance: Double) -> Money? {
        guard distance > 0, distance.isFinite else { return nil }
        return money(units: (Double(amount.units) / distance / Double(cent)).rounded() * Double(cent))
    }

    /// Money from a computed number of units (an estimate from a measured distance), rounded;
    /// nil when it is not a finite amount the money type holds.
    public static func money(units: Double) -> Money? {
        let rounded = units.rounded()
        guard rounded.isFinite, abs(rounded) < 9.0e18 else { return nil }
        return Money(units: Int64(rounded))
    }
}
