import Foundation
import Testing
import TestSupport

/// `make test-slow` (issue 16): a year of shifts exported through the real binary prints, through
/// LibreOffice, in the pages this test states (the issue saw 34 pages for 54 shifts: portrait,
/// cut across pages, no repeated header). Needs `soffice`, `pdfinfo` and `pdftotext` (make
/// deps-slow installs libreoffice-calc-nogui and poppler-utils).
@Suite(.enabled(if: FaultTools.slow, "make test-slow (DASHPILOT_SLOW_TESTS=1)"))
struct WorkbookPagesSlowTests {
    /// 250 shifts of 2026 (none on Sundays, nor on the Saturdays of every third ISO week), each on
    /// DoorDash or Uber Eats with its own gross and tips: a shift-log statement, made the same way
    /// every run.
    static func yearStatement() -> String {
        var rows = ["Date,Start,End,Platform,Earnings,Tips"]
        var day = 0
        while rows.count <= 250 {
            let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400)  // 2026-01-01 UTC
            day += 1
            var utc = Calendar(identifier: .iso8601)
            utc.timeZone = TimeZone(identifier: "UTC") ?? .gmt
            let parts = utc.dateComponents([.year, .month, .day, .weekday, .weekOfYear], from: date)
            guard let year = parts.year, let month = parts.month, let dom = parts.day, let weekday = parts.weekday, let week = parts.weekOfYear else { continue }
            if weekday == 1 || (weekday == 7 && week % 3 == 0) { continue }
            let n = rows.count - 1
            let gross = 4_000 + (n * 37) % 55 * 100 + (n * 13) % 100
            let tips = (n * 7) % 20 * 100 + (n * 29) % 100
            rows.append(String(format: "%04d-%02d-%02d,%d:00,%d:30,%@,%d.%02d,%d.%02d", year, month, dom, 10 + n % 3, 14 + n % 4,
                               n % 2 == 1 ? "DoorDash" : "Uber Eats", gross / 100, gross % 100, tips / 100, tips % 100))
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The pages LibreOffice prints, by the sheet each page header names (in page order).
    ///
    /// Letter landscape is 11 x 8.5 in; libxlsxwriter's margins (0.7 in left and right, 0.75 in
    /// top and bottom) leave 9.6 x 7 in. Each sheet is scaled to its width (fit to one page wide,
    /// any height), so its rows a page grow as its columns widen; the header row repeats on each:
    /// - Summary: 29 rows, two columns: 1 page at 100%.
    /// - Charts: three charts of 346 px (18 rows each) at rows 2, 22 and 42, not scaled (720 px
    ///   is narrower than the page): 59 rows at about 33 a page: 2 pages.
    /// - Periods: 12 months and a three-line header: 1 page. Platforms: 22 rows (two platforms a
    ///   month): 1 page. Deliveries and Expenses: a header only (a shift-log statement records no
    ///   trips, and there are no expenses): 1 page each.
    /// - Shifts: 23 columns scaled to about a third: measured 125 rows a page: 250 rows: 2 pages.
    /// - Mileage log: 11 columns, the purpose the widest: measured 74 rows a page: 250 rows, a
    ///   blank and 2 total rows: 4 pages (the fourth holds the last 30 rows and the totals).
    /// - Other income (issue 27): a header, no rows: 1 page.
    /// - The tax summary's five sheets (issue 16, docs/tax.md): Tax summary (23 rows), Tax
    ///   platforms (3), Tax mileage (2), Tax expenses (a header: no expenses) and Tax notes (about
    ///   ten sentences wrapped in a 60-character column): 1 page each.
    static let expectedPages = ["Summary": 1, "Charts": 2, "Periods": 1, "Shifts": 2, "Platforms": 1, "Deliveries": 1, "Expenses": 1, "Other income": 1, "Mileage log": 4,
                                "Tax summary": 1, "Tax platforms": 1, "Tax mileage": 1, "Tax expenses": 1, "Tax notes": 1]

    @Test func aYearOfShiftsPrintsInTheStatedPages() throws {
        guard let soffice = Self.tool("soffice"), let pdfinfo = Self.tool("pdfinfo"), let pdftotext = Self.tool("pdftotext") else {
            Issue.record("soffice, pdfinfo or pdftotext is missing: make deps-slow installs libreoffice-calc-nogui and poppler-utils")
            return
        }
        let folder = try TemporaryDirectory("WorkbookPagesSlowTests")
        let store = folder.path("year.sqlite")
        try Self.yearStatement().write(toFile: folder.path("year.csv"), atomically: true, encoding: .utf8)
        let dashpilot = [FaultTools.binary, "--store", store, "--tz", "America/Chicago", "--quiet"]
        let imported = try ProcessHarness.run(dashpilot + ["import", "statement", folder.path("year.csv"), "--template", "shift-log"], output: folder.path("import"))
        try #require(imported.status == 0, "\(imported.stderr)")
        let book = folder.path("year.xlsx")
        let exported = try ProcessHarness.run(dashpilot + ["export", "--range", "2026", "--period", "month", "--format", "xlsx", "--out", book],
                                              output: folder.path("export"))
        try #require(exported.status == 0, "\(exported.stderr)")
        // A private profile and HOME: parallel runs never share LibreOffice's user folder.
        let converted = try ProcessHarness.run(["/usr/bin/env", "HOME=" + folder.path("home"), soffice, "-env:UserInstallation=file://" + folder.path("profile"),
                                                "--headless", "--convert-to", "pdf", "--outdir", folder.path("pdf"), book], output: folder.path("soffice"))
        let pdf = folder.path("pdf/year.pdf")
        try #require(converted.status == 0 && FileManager.default.fileExists(atPath: pdf), "\(converted.stderr)")
        let info = try ProcessHarness.run([pdfinfo, pdf], output: folder.path("pdfinfo"))
        let pages = info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") }
        #expect(pages == Self.expectedPages.values.reduce(0, +), "pdfinfo: \(info.stdout)")
        #expect(info.stdout.contains("792 x 612 pts (letter)"), "landscape letter: \(info.stdout)")
        // Each page's header: DashPilot, the sheet, the span; its footer Page N of M.
        let text = try ProcessHarness.run([pdftotext, "-layout", pdf, "-"], output: folder.path("pdftotext")).stdout
        let pageTexts = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        var sheets: [String: Int] = [:]
        for (index, page) in pageTexts.enumerated() {
            let lines = page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(lines.last == "Page \(index + 1) of \(pageTexts.count)", "page \(index + 1)")
            // The page header's line (a chart's axis labels may share its height, so its line).
            let header = lines.first { $0.hasPrefix("DashPilot") } ?? ""
            let sheet = Self.expectedPages.keys.first { header.contains($0) } ?? "a page without its header"
            sheets[sheet, default: 0] += 1
            // The repeated header row: every page of a table starts with its human headers.
            if sheet == "Shifts" || sheet == "Mileage log" { #expect(page.contains("Started") && page.contains("Ended"), "page \(index + 1)") }
        }
        #expect(sheets == Self.expectedPages)
    }
}
