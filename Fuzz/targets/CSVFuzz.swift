// Target `csv`: the streaming CSV reader (Sources/DashImport/CSVReader.swift).
//
// Input: byte 0 picks the dialect (delimiter, encoding, a small record limit or the default),
// byte 1 the chunk size; the rest is the file. The file is read twice, whole through
// `CSVReader.records(in:)` and in chunks through `feed`/`finish`, and the two must agree: the
// reader promises that how bytes are cut into chunks never changes the records or the problems.

import DashImport
import Foundation

private let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let selector = input.byte(0)
    let delimiter = delimiters[Int(selector & 3)]
    let encoding = CSVTextEncoding.allCases[Int((selector >> 2) & 3) % CSVTextEncoding.allCases.count]
    let maxRecordBytes = selector & 0x10 != 0 ? 16 + Int(selector >> 5) * 8 : CSVDialect.defaultMaxRecordBytes
    guard let dialect = CSVDialect(delimiter: delimiter, encoding: encoding, maxRecordBytes: maxRecordBytes) else {
        fatalError("a usual delimiter was refused")
    }
    let file = input.rest(from: 2)

    // Whole.
    var wholeRecords: [CSVRecord] = []
    var wholeProblems: [CSVProblem] = []
    do {
        wholeRecords = try CSVReader.records(in: Array(file), dialect: dialect)
    } catch {
        wholeProblems = error.problems
    }

    // In chunks, as the importers read.
    var reader = CSVReader(dialect: dialect)
    var records: [CSVRecord] = []
    forEachChunk(file, size: chunkSize(input.byte(1), count: file.count)) { chunk in
        reader.feed(chunk) { records.append($0) }
    }
    var problems: [CSVProblem] = []
    do {
        try reader.finish { records.append($0) }
    } catch let error as CSVReadError {
        problems = error.problems
        _ = error.description
    } catch {
        fatalError("finish threw something else than CSVReadError: \(error)")
    }

    invariant(problems == wholeProblems, "chunked problems \(problems) differ from whole \(wholeProblems)")
    if problems.isEmpty {
        invariant(records == wholeRecords, "chunked records differ from whole: \(records) vs \(wholeRecords)")
        // Every record has the header's number of fields, and lines only go forward.
        if let first = records.first {
            for record in records {
                invariant(record.fields.count == first.fields.count, "a record of \(record.fields.count) fields passed, header has \(first.fields.count)")
            }
        }
        invariant(zip(records, records.dropFirst()).allSatisfy { $0.line < $1.line }, "record lines do not increase")
    }
    invariant(problems.count <= CSVReader.maxProblems, "more than maxProblems problems")
    return 0
}
