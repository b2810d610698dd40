// Target `template`: the template decoders, Sources/DashImport/StatementTemplate.swift
// `StatementTemplate.parse(_:file:)` and Sources/DashImport/ExpenseTemplate.swift
// `ExpenseTemplate.parse(_:file:)`, then a small file read with the template when it parses.
//
// Input: the template's JSON, optionally followed by a NUL byte and a CSV file (a NUL cannot
// appear in JSON text, so the split is unambiguous). Without a file, a header of the first name
// the template gives each column is read, so every parsed template is used at least once.

import DashImport
import DashModel
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let split = input.bytes.firstIndex(of: 0) ?? input.bytes.count
    let json = Array(input.bytes[..<split])
    let csv: [UInt8]? = split < input.bytes.count ? Array(input.bytes[(split + 1)...]) : nil
    let zone = fuzzZone(UInt8(truncatingIfNeeded: size))

    do {
        let template = try StatementTemplate.parse(json, file: "fuzz.json")
        _ = template.requiredFields
        _ = template.timesCarryOffsets
        let bytes = csv ?? Array((template.columns.values.compactMap(\.first).joined(separator: ",") + "\n").utf8)
        var reader = ShiftRowReader(template: template, zone: template.timeZone ?? zone)
        bytes.withUnsafeBytes { reader.feed($0) }
        let (_, _, problems) = reader.finish()
        _ = problems.map(\.description)
    } catch let error as TemplateError {
        _ = error.description
    } catch {
        fatalError("StatementTemplate.parse threw something else than TemplateError: \(error)")
    }

    do {
        let template = try ExpenseTemplate.parse(json, file: "fuzz.json")
        let bytes = csv ?? Array((template.columns.values.compactMap(\.first).joined(separator: ",") + "\n").utf8)
        var reader = ExpenseRowReader(template: template, zone: template.timeZone ?? zone)
        bytes.withUnsafeBytes { reader.feed($0) }
        let (_, problems) = reader.finish()
        _ = problems.map(\.description)
    } catch let error as TemplateError {
        _ = error.description
    } catch {
        fatalError("ExpenseTemplate.parse threw something else than TemplateError: \(error)")
    }
    return 0
}
