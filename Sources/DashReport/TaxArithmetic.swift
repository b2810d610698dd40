import DashModel

/// The tax summary's arithmetic: exact products and shares of amounts, rounded once to the
/// cent, half away from zero (as the forms round), in 128 bits so no product overflows.
public enum TaxArithmetic {
    /// Units of money in a cent.
    static let cent = Money.scale / 100

    /// `amount x numerator / denominator`, rounded to the cent; nil when the denominator is not
    /// positive or the result would not fit.
    public static func cents(_ amount: Money, times numerator: Int64, over denominator: Int64) -> Money? {
        guard denominator > 0, numerator >= 0 else { return nil }
        // amount x numerator / (denominator x cent) cents.
        let product = amount.units.magnitude.multipliedFullWidth(by: UInt64(numerator))
        let divisor = UInt64(denominator).multipliedReportingOverflow(by: UInt64(cent))
        guard !divisor.overflow, product.high < divisor.partialValue else { return nil }
        let (quotient, remainder) = divisor.partialValue.dividingFullWidth(product)
        let rounded = remainder >= divisor.partialValue - remainder ? quotient + 1 : quotient
        guard rounded <= UInt64(Int64.max / cent) else { return nil }
        let units = Int64(rounded) * cent
        return Money(units: amount.isNegative ? -units : units)
    }

    /// `amount x rate` (a rate such as 0.9235, itself a Money of ten-thousandths), to the cent.
    public static func cents(_ amount: Money, rate: Money) -> Money? {
        cents(amount, times: rate.units, over: Money.scale)
    }

    /// `miles x rate` for a distance in hundredths of a mile, to the cent.
    public static func cents(hundredthsOfMile: Int64, at perMile: Money) -> Money? {
        cents(perMile, times: hundredthsOfMile, over: 100)
    }

    /// The amount rounded to the cent.
    public static func cents(_ amount: Money) -> Money? { cents(amount, times: 1, over: 1) }
}
