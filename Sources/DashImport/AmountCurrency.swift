import DashModel

/// The currency sign or code an amount cell was written with (``AmountText/read(utf8:decimalMark:)``):
/// checked against the row's currency, so `$12.00` in a file of euros is a problem at that cell,
/// never a euro amount.
public enum AmountCurrency: Hashable, Sendable, CustomStringConvertible {
    /// `$`: the sign of the dollar and of the peso currencies.
    case dollar
    /// `£`
    case pound
    /// `€`
    case euro
    /// A code written beside the number (`USD 12`, `12 EUR`): the three codes ``AmountText`` knows.
    case code(String)

    init?(symbolByte byte: UInt8) {
        switch byte {
        case UInt8(ascii: "$"): self = .dollar
        case 0xC2: self = .pound
        case 0xE2: self = .euro
        default: return nil
        }
    }

    init(codeBytes bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        self = .code(String(decoding: bytes[index..<(index + 3)], as: UTF8.self))
    }

    /// The currencies written with `$`: the dollars and the pesos (ISO 4217).
    static let dollarCurrencies: Set<String> = [
        "USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD", "JMD", "BSD", "BBD", "BZD", "BMD", "KYD", "FJD", "LRD", "NAD", "SBD",
        "SRD", "TTD", "XCD", "GYD", "BND", "MXN", "CLP", "COP", "ARS", "CUP", "DOP", "UYU",
    ]
    /// The currencies written with `£`: the pound sterling and the other pounds.
    static let poundCurrencies: Set<String> = ["GBP", "EGP", "FKP", "GIP", "SHP", "SSP", "LBP", "SYP"]

    /// Whether an amount so written can be in `currency` (an upper-case ISO 4217 code).
    public func fits(_ currency: String) -> Bool {
        switch self {
        case .dollar: Self.dollarCurrencies.contains(currency)
        case .pound: Self.poundCurrencies.contains(currency)
        case .euro: currency == "EUR"
        case let .code(code): code == currency
        }
    }

    /// As a message shows it: the sign or code (never anything else of the cell).
    public var description: String {
        switch self {
        case .dollar: "'$'"
        case .pound: "'£'"
        case .euro: "'€'"
        case let .code(code): code
        }
    }
}

extension AmountText {
    /// ``read(utf8:decimalMark:)`` over a `String`.
    public static func read(_ text: String, decimalMark: DecimalMark) throws(AmountError) -> (amount: Money?, currency: AmountCurrency?) {
        var text = text
        let result: Result<(amount: Money?, currency: AmountCurrency?), AmountError> = text.withUTF8 { bytes in
            Result { () throws(AmountError) -> (amount: Money?, currency: AmountCurrency?) in try read(utf8: bytes, decimalMark: decimalMark) }
        }
        return try result.get()
    }
}
