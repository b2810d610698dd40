import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation
import Testing
import TestSupport

/// A store in memory, files in a temporary folder, Chicago time: the import policy without argv.
final class IngestBench {
    let folder: TemporaryDirectory
    let store: Store
    let zone: TimeZone
    // After every row the tests write (2026-2027): a row after now is refused (issue 27).
    let now = Instant(millisecondsSinceEpoch: 1_830_000_000_000)

    /// `onDisk`: a store file in the folder (real SQLite on disk), else in memory.
    init(onDisk: Bool = false) throws {
        folder = try TemporaryDirectory("DashIngestTests")
        store = onDisk ? try Store.open(at: folder.path("store.sqlite"), create: true) : try Store.inMemory()
        zone = try #require(TimeZone(identifier: "America/Chicago"))
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func at(_ text: String) throws -> Instant { try TimeText.instant(text, zone: zone) }

    @discardableResult
    func shift(_ start: String, _ end: String) throws -> Int64 {
        try store.createCompletedShift(start: try at(start), end: try at(end))
    }

    func template(_ name: String) throws -> StatementTemplate { try #require(try StatementTemplate.builtIn(name)) }

    func statement(_ name: String, _ text: String, template: StatementTemplate, replace: Bool = false, createShifts: Bool = false,
                   dryRun: Bool = false) throws -> ImportEnd<StatementOutcome> {
        try StatementIngest.run(try file(name, text), template: template, zone: zone, store: store,
                                options: StatementOptions(now: now, replace: replace, createShifts: createShifts, dryRun: dryRun))
    }

    func expenses(_ name: String, _ text: String, template: ExpenseTemplate? = nil, dryRun: Bool = false) throws -> ImportEnd<ExpenseOutcome> {
        try ExpenseIngest.run(try file(name, text), template: try template ?? ExpenseTemplate.builtIn(), zone: zone, store: store,
                              options: ExpenseOptions(now: now, dryRun: dryRun))
    }

    func gpx(_ name: String, _ text: String, dryRun: Bool = false) throws -> ImportEnd<GPXImportOutcome> {
        try GPXIngest.run(try file(name, text), store: store, options: GPXOptions(now: now, dryRun: dryRun))
    }

    /// A GPX track of points a minute apart from `start` (UTC, `2026-11-05T22:10:00Z`), a few
    /// metres apart.
    static func track(_ start: String, minutes: Int) -> String {
        let formatter = ISO8601DateFormatter()
        let first = formatter.date(from: start) ?? Date(timeIntervalSince1970: 0)
        var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        for minute in 0...minutes {
            let time = formatter.string(from: first.addingTimeInterval(Double(minute) * 60))
            text += "<trkpt lat=\"\(41.88 + Double(minute) * 0.0005)\" lon=\"-87.63\"><time>\(time)</time></trkpt>"
        }
        return text + "</trkseg></trk></gpx>\n"
    }
}

extension ImportEnd {
    var importID: Int64? {
        if case .recorded(let id, _) = self { return id }
        return nil
    }

    var problems: [RowProblem] {
        if case .refused(let problems) = self { return problems }
        return []
    }

    var isDryRun: Bool {
        if case .dryRun = self { return true }
        return false
    }

    var isNothingAdded: Bool {
        if case .nothingAdded = self { return true }
        return false
    }

    var duplicateOf: ImportRecord? {
        if case .duplicate(let earlier, _) = self { return earlier }
        return nil
    }
}
