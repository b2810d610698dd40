@testable import DashCLI
import Foundation
import Testing
import TestSupport

/// The progress bar fits the terminal: each redraw is one line shorter than the width, drawn
/// over the last with `\r` and clear-to-end, never wrapping (issue 17: at 50 columns it wrapped
/// and left about 70 lines behind).
@Suite struct ProgressWidthTests {
    @Test(arguments: [1, 5, 12, 20, 24, 30, 40, 50, 60, 80, 120, 300])
    func theLineIsShorterThanTheWidth(_ columns: Int) {
        for percent in [0, 7, 45, 100] {
            let line = Progress.line(name: "2026-11-05-a-very-long-file-name-of-a-dinner-shift.gpx", percent: percent, megabytes: 1234, columns: columns)
            #expect(line.count <= max(0, columns - 1), "\(columns): \(line)")
            if columns >= 30 { #expect(line.hasSuffix("\(percent)% of 1234 MB")) }
        }
        #expect(Progress.line(name: "big.gpx", percent: 45, megabytes: 9, columns: 80) == "big.gpx [#############-----------------] 45% of 9 MB")
    }

    @Test func aNameOutsidePrintableASCIIShowsAsQuestionMarks() {
        let line = Progress.line(name: "é\nx.gpx", percent: 1, megabytes: 9, columns: 80)
        #expect(line.hasPrefix("??x.gpx ["), "\(line)")
    }

    /// A 9 MB import on a pseudo-terminal `columns` wide: every redraw fits.
    func screen(columns: Int, environment: [String] = []) throws -> String {
        let store = try CLIStore()
        let (path, _) = try GPXImportProgressTests.bigFile(in: store)
        let words = ["/usr/bin/env"] + environment + [ProcessHarness.dashpilot, "--store", store.path, "--tz", "America/Chicago",
                                                      "import", "gpx", path]
        let result = try PseudoTerminal.run(words, columns: columns, output: store.folder.path("pty"))
        #expect(result.status == 0, "\(result.screen)")
        return result.screen
    }

    @Test(arguments: [50, 30, 132])
    func onATerminalEveryRedrawFitsItsWidth(_ columns: Int) throws {
        let screen = try screen(columns: columns)
        let redraws = screen.components(separatedBy: "\r").filter { $0.contains("% of ") }
        #expect(redraws.count > 2, "\(screen)")
        for redraw in redraws {
            #expect(redraw.hasSuffix("\u{1B}[K"), "\(redraw)")
            let text = redraw.replacingOccurrences(of: "\u{1B}[K", with: "")
            #expect(text.count <= columns - 1 && !text.contains("\n"), "\(columns) columns: '\(text)'")
        }
        // Every redraw on the one line, cleared at the end; after it, only the summary.
        let cleared = try #require(screen.range(of: "\r\u{1B}[K", options: .backwards))
        #expect(!screen[..<cleared.lowerBound].contains("\n"), "the bar wrapped or left a line: \(screen)")
        #expect(!screen[cleared.upperBound...].contains("% of "))
    }

    /// A terminal that does not say its width: $COLUMNS.
    @Test func columnsIsTheFallback() throws {
        let screen = try screen(columns: 0, environment: ["COLUMNS=40"])
        let redraws = screen.components(separatedBy: "\r").filter { $0.contains("% of ") }
        #expect(!redraws.isEmpty)
        for redraw in redraws { #expect(redraw.replacingOccurrences(of: "\u{1B}[K", with: "").count <= 39, "\(redraw)") }
    }
}
