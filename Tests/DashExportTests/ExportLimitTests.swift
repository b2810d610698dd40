import DashModel
@testable import DashExport
@testable import DashReport
import Foundation
import Testing
import TestSupport

/// Limits a reviewer found missing: a template cannot nest without bound or render without
/// bound, and the workbook's space estimate covers notes that grow when escaped.
@Suite struct ExportLimitTests {
    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "{{#if from}}", count: 10_000) + "x" + String(repeating: "{{/if}}", count: 10_000)
        #expect(throws: TextTemplateError.self) { try TextTemplate(deep, file: "deep.txt", schema: SummaryText.schema()) }
        let fine = String(repeating: "{{#if from}}", count: TextTemplate.maxDepth) + "x" + String(repeating: "{{/if}}", count: TextTemplate.maxDepth)
        #expect(throws: Never.self) { try TextTemplate(fine, file: "fine.txt", schema: SummaryText.schema()) }
    }

    /// Loops within loops stop at the output limit with an error, instead of running for ever.
    @Test func runawayOutputIsRefused() throws {
        let data = try XLSXTests.sample()
        let loops = String(repeating: "{{#each periods}}", count: 14) + String(repeating: "x", count: 4_096)
            + String(repeating: "{{/each}}", count: 14)
        let template = try TextTemplate(loops, file: "loops.txt", schema: SummaryText.schema())
        #expect(throws: TextTemplateError.self) { try SummaryText.render(data, template: template) }
    }

    /// 300 expenses whose notes are all ampersands (each escapes to five bytes): each sheet's
    /// estimate is at or above the sheet's real size, read back from the zip, and close to it
    /// (the precheck must not refuse exports that fit: issue 12 found it asking 55 times the
    /// workbook's size).
    @Test func theSpaceEstimateCoversEscapedTextAndStaysClose() throws {
        let base = try XLSXTests.sample()
        let expenses = try (1...300).map { n in
            try Expense(id: Int64(n), occurredAt: Instant(millisecondsSinceEpoch: 1_794_000_000_000 + Int64(n) * 60_000), amount: Money(n),
                        category: "fuel", note: String(repeating: "&", count: 199))
        }
        let data = ExportData(report: base.report, deliveries: base.deliveries, expenses: expenses)
        let folder = try TemporaryDirectory()
        let path = folder.path("book.xlsx")
        try XLSXExport.write(data, to: path)
        let sizes = try Self.sheetSizes(path)
        let estimates = XLSXSpace.sheetBytes(data)
        try #require(sizes.count == estimates.count)
        #expect(sizes[6] > 300 * 199 * 5, "the notes alone escape to this much (the Expenses sheet, after Summary, Charts, Periods, Shifts, Platforms, Deliveries)")
        for (size, estimate) in zip(sizes, estimates) {
            #expect(estimate >= size, "estimated \(estimate), written \(size)")
            #expect(estimate <= size + size / 4 + UInt64(XLSXSpace.sheetMarkup), "estimated \(estimate), written \(size)")
        }
    }

    /// The unzipped size of each `xl/worksheets/sheetN.xml`, in sheet order (python's zipfile).
    static func sheetSizes(_ path: String) throws -> [UInt64] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: XLSXTests.python)
        process.arguments = ["-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            n = sorted(int(i.filename[19:-4]) for i in z.infolist() if i.filename.startswith('xl/worksheets/sheet'))
            print(' '.join(str(z.getinfo('xl/worksheets/sheet%d.xml' % k).file_size) for k in n))
            """, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: " ").compactMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
