// Target `amount`: the statement amount grammar (Sources/DashImport/AmountText.swift) and the
// plain decimal of the command line (Sources/DashModel/Money.swift `Money(parsing:)`).
//
// Input: the cell, as it is (no selector). It is read under both decimal marks, as a String and
// as raw bytes (which need not be UTF-8), and as a plain decimal. Checked: an amount read prints
// and reads back as itself; a plain decimal `Money(parsing:)` accepts is the same amount to
// `AmountText` under a decimal point (the statement grammar is a superset of the plain one),
// within `Money.largestRecordable`, past which AmountText refuses a cell.

import DashImport
import DashModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAmount(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = String(decoding: input.bytes, as: UTF8.self)

    for mark in DecimalMark.allCases {
        let fromBytes: Result<Money?, AmountError> = Result { () throws(AmountError) in try AmountText.parse(utf8: input.bytes, decimalMark: mark) }
        let fromText: Result<Money?, AmountError> = Result { () throws(AmountError) in try AmountText.parse(text, decimalMark: mark) }
        if case .failure(let error) = fromText { _ = error.description }
        if case .failure(let error) = fromBytes { _ = error.description }
        // Valid UTF-8 is the same bytes either way.
        if Array(text.utf8).elementsEqual(input.bytes) {
            invariant(fromBytes == fromText, "bytes and String disagree under \(mark): \(fromBytes) vs \(fromText)")
        }
        if case .success(let money?) = fromText {
            _ = money.formatted()
            _ = money.formatted(places: 0)
            // Printed and read back: the same amount.
            let printed = money.description
            let back = mark == .point ? printed : printed.replacingOccurrences(of: ".", with: ",")
            invariant((try? AmountText.parse(back, decimalMark: mark)) == money, "\(printed) does not read back under \(mark)")
            invariant((try? Money(parsing: printed)) == money, "Money(parsing: \(printed)) is not \(money)")
        }
    }

    switch Result(catching: { () throws(MoneyError) in try Money(parsing: text) }) {
    case .success(let money):
        _ = money.formatted(places: 3)
        invariant((try? Money(parsing: money.description)) == money, "\(money) does not read back")
        // Within the limit of one recorded amount, which AmountText refuses past.
        if money.units.magnitude <= Money.largestRecordable.units.magnitude {
            invariant((try? AmountText.parse(text, decimalMark: .point)) == money,
                      "Money(parsing:) reads '\(text)' as \(money), AmountText under a decimal point does not")
        }
    case .failure(let error):
        _ = error.description
    }
    return 0
}
