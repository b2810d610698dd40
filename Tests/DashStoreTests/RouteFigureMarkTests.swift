import Foundation
import Testing

/// The route's inserts and moves mark their shifts' figures stale in code, not by a trigger per
/// row (RouteFigureSchema.swift): so every statement in Sources that inserts into or updates
/// routeSample must be matched by a call of `markRouteFiguresStale` in its file. A new writer that
/// forgets fails here (and `check` would find its figures differ).
@Suite("route figure marks")
struct RouteFigureMarkTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test("every statement writing routeSample is beside a mark")
    func everyWriterMarks() throws {
        let writes = try NSRegularExpression(pattern: "(INSERT INTO routeSample \\(|UPDATE routeSample SET)")
        var writers = 0
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            // Frozen migration SQL, and the bench's floor (raw inserts into a store of its own).
            guard !url.lastPathComponent.hasPrefix("Schema"), !url.path.contains("/dashpilot-bench/") else { continue }
            // Each file that writes the route marks at least once per statement that does.
            let found = writes.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
            guard found > 0 else { continue }
            writers += found
            let marks = text.components(separatedBy: "try markRouteFiguresStale(").count - 1
                + text.components(separatedBy: "try store.markRouteFiguresStale(").count - 1
            #expect(marks >= found, "\(url.lastPathComponent): \(found) statements write routeSample, \(marks) mark their shifts")
        }
        #expect(writers >= 3, "found \(writers) statements writing routeSample")
    }
}
