import Foundation
import Testing

/// Where the package's files are, found from this source file's own path.
public enum Fixtures {
    /// The package root: the folder holding `Package.swift`.
    public static let packageRoot: String = {
        // This file is <root>/Tests/TestSupport/Golden.swift.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `Tests/Golden/<name>` under the package root.
    public static func goldenPath(_ name: String) -> String { "\(packageRoot)/Tests/Golden/\(name)" }
}

/// Compares `actual` with the golden file `Tests/Golden/<name>`.
///
/// With `UPDATE_GOLDEN=1` in the environment the file is (re)written instead and the test passes:
/// review the change with `git diff` before committing it. A missing golden file is a failure
/// that says how to create it.
public func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = Fixtures.goldenPath(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not write golden file \(path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: path), let expected = String(data: data, encoding: .utf8) else {
        Issue.record("no golden file \(path); run the tests with UPDATE_GOLDEN=1 to create it, then review it",
                     sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        Issue.record("""
            \(name) differs from its golden file (\(path)); if the change is intended, rerun with UPDATE_GOLDEN=1 \
            and review the diff.
            \(firstDifference(expected: expected, actual: actual))
            """, sourceLocation: sourceLocation)
    }
}

/// The first line where the two texts differ, for a readable failure.
private func firstDifference(expected: String, actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(e.count, a.count) {
        let left = index < e.count ? String(e[index]) : "<end of file>"
        let right = index < a.count ? String(a[index]) : "<end of text>"
        if left != right { return "line \(index + 1):\n  golden: \(left)\n  actual: \(right)" }
    }
    return "(they differ only in line endings)"
}
