import DashImport
import DashModel
import DashStore
import Foundation

enum StatementImportCommand {
    static let spec = CommandSpec(
        path: ["import", "statement"], abstract: "Import earnings statements from CSV files.",
        usage: "import statement FILE... --template T [--dry-run] [--replace]\n       [--create-shifts]",
        arguments: [("FILE", "CSV statements in the template's shape.")],
        options: [
            OptionHelp(name: "template", value: "T", help: "A template: 'shift-log' (docs/templates.md), or the path of a template file."),
            OptionHelp(name: "dry-run", value: nil, help: "Read and check everything, print the summary, write nothing."),
            OptionHelp(name: "replace", value: nil, help: "Let the statement replace earnings already recorded differently."),
            OptionHelp(name: "create-shifts", value: nil, help: "Make shifts for delivery rows no shift holds (see docs/templates.md)."),
        ],
        discussion: """
            A shift row matches the shift it overlaps (from a GPX track, say) or creates a completed
            one. Its earnings are the statement's figures for that shift, never divided from
            anything. Earnings already recorded differently are not overwritten: the file is
            refused naming both figures, unless --replace. A delivery row goes to the shift whose
            span holds its acceptance, with its own pay and an offer; rows no shift holds are
            listed and the file refused unless --create-shifts. Each file is one transaction;
            every bad row is listed and nothing of the file is written. The same rows again
            change nothing; two identical rows in one file are two deliveries.
            """,
        store: .create,
        run: { run in
            let files = run.arguments.positionals
            guard !files.isEmpty else { throw UsageError(message: "missing FILE") }
            guard let templateName = try run.arguments.value("template") else {
                throw UsageError(message: "missing required option --template", hint: "the shipped one is 'shift-log'")
            }
            let template = try loadTemplate(templateName, run: run)
            let zone = try run.importZone(template: template.timeZone)
            let store = try run.importStore()
            return run.importEach(files) { importOne($0, template: template, zone: zone, store: store, run: run) }
        })

    static func loadTemplate(_ name: String, run: Invocation) throws -> StatementTemplate {
        if let builtIn = try StatementTemplate.builtIn(name) { return builtIn }
        guard name.contains("/") || name.hasSuffix(".json") else {
            throw UsageError(message: "unknown statement template '\(name)'",
                             hint: "shipped: \(StatementTemplate.builtInJSON.keys.sorted().joined(separator: ", ")); or the path of a template file")
        }
        do {
            return try StatementTemplate.parse(try run.templateFile(name), file: name)
        } catch let error as TemplateError {
            throw CommandFailure(message: "\(error)", status: .dataError)
        }
    }

    private struct Rollback: Error { let message: String }
    private struct Refused: Error { let problems: [RowProblem] }

    struct Counts {
        var created = 0, earningsSet = 0, unchanged = 0, replaced = 0, deliveries = 0
        var text: String {
            var parts: [String] = []
            if created > 0 { parts.append("\(created) shift\(created == 1 ? "" : "s") created") }
            if deliveries > 0 { parts.append("\(deliveries) deliver\(deliveries == 1 ? "y" : "ies") added") }
            if earningsSet > 0 { parts.append("earnings recorded on \(earningsSet) shift\(earningsSet == 1 ? "" : "s")") }
            if replaced > 0 { parts.append("earnings replaced on \(replaced) shift\(replaced == 1 ? "" : "s")") }
            if unchanged > 0 { parts.append("\(unchanged) row\(unchanged == 1 ? "" : "s") already recorded") }
            return parts.joined(separator: "; ")
        }
    }

    static func importOne(_ path: String, template: StatementTemplate, zone: TimeZone, store: Store, run: Invocation) -> ExitCode {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            run.context.console.err("dashpilot: error: \(path): cannot read the file\ndashpilot: \(path): nothing imported\n")
            return .noInput
        }
        let bytes = Array(data)
        var reader = ShiftRowReader(template: template, zone: zone)
        // In chunks, so the reader's records for one chunk are all it holds at a time.
        bytes.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count {
                let end = min(all.count, offset + (1 << 18))
                reader.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                offset = end
            }
        }
        let (rows, skipped, problems) = reader.finish()
        let deliveries = reader.deliveries
        func refuse(_ problems: [RowProblem]) -> ExitCode {
            for problem in problems { run.context.console.err("dashpilot: error: \(path):\(problem)\n") }
            run.context.console.err("dashpilot: \(path): nothing imported\n")
            return .dataError
        }
        guard problems.isEmpty else { return refuse(problems) }
        let sha = SHA256.hex(bytes)
        let replace = run.arguments.has("replace")
        do {
            let (counts, importID): (Counts, Int64) = try store.write {
                let importID = try store.beginImport(kind: .statement, fileName: name, sha256: sha, template: template.name, at: run.now)
                if let earlier = try store.earlierImport(kind: .statement, sha256: sha, contentSha256: nil, except: importID) {
                    throw Rollback(message: "already imported as import \(earlier.id) (\(earlier.fileName)); nothing added")
                }
                var counts = Counts()
                var conflicts: [RowProblem] = []
                // The line of this file that gave each shift its figures: a second row on the same
                // shift is refused (never summed, never one overwriting the other).
                var earningsLine: [Int64: Int] = [:]
                if template.kind == .deliveries {
                    try addDeliveries(deliveries, store: store, importID: importID, createShifts: run.arguments.has("create-shifts"),
                                      counts: &counts, conflicts: &conflicts)
                }
                for row in rows {
                    let overlapping = try store.shiftsOverlapping(start: row.span.start, end: row.span.end)
                    let shift: Shift
                    switch overlapping.count {
                    case 0:
                        shift = try store.requireShift(try store.createCompletedShift(start: row.span.start, end: row.span.end, importID: importID))
                        counts.created += 1
                    case 1:
                        shift = overlapping[0]
                    default:
                        conflicts.append(RowProblem(line: row.line, column: nil, message: """
                            the row overlaps shifts \(overlapping.map { String($0.id) }.joined(separator: " and ")); which one it means is not clear
                            """))
                        continue
                    }
                    guard let earnings = row.earnings else { continue }
                    if let first = earningsLine[shift.id] {
                        conflicts.append(RowProblem(line: row.line, column: nil, message: """
                            this row and line \(first) both give earnings for shift \(shift.id); a statement gives one figure per shift
                            """))
                        continue
                    }
                    earningsLine[shift.id] = row.line
                    guard shift.isCompleted else {
                        conflicts.append(RowProblem(line: row.line, column: nil, message: "shift \(shift.id) is still active; end it first"))
                        continue
                    }
                    if let recorded = shift.earnings {
                        if recorded == earnings {
                            counts.unchanged += 1
                            continue
                        }
                        guard replace else {
                            conflicts.append(RowProblem(line: row.line, column: "gross", message: """
                                shift \(shift.id) already has earnings \(describe(recorded)); the statement says \(describe(earnings)) \
                                (pass --replace to take the statement's)
                                """))
                            continue
                        }
                        counts.replaced += 1
                    } else {
                        counts.earningsSet += 1
                    }
                    try store.setImportedEarnings(shift.id, earnings, importID: importID)
                }
                if !conflicts.isEmpty { throw Refused(problems: conflicts) }
                if counts.created + counts.earningsSet + counts.replaced + counts.deliveries == 0 {
                    throw Rollback(message: "everything in it is already recorded; nothing added")
                }
                try store.finishImport(importID, sha256: sha, contentSha256: nil, summary: counts.text)
                if run.arguments.has("dry-run") { throw Rollback(message: "dry run, nothing written: would record " + counts.text) }
                return (counts, importID)
            }
            if !run.quiet {
                run.print("\(name): imported as import \(importID) (\(template.name)): \(counts.text)")
                for skip in skipped { run.print("  skipped line \(skip.line): \(skip.reason)") }
            }
            return .success
        } catch let rollback as Rollback {
            if !run.quiet { run.print("\(name): \(rollback.message)") }
            return .success
        } catch let refused as Refused {
            return refuse(refused.problems)
        } catch let error as ModelError {
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            return .dataError
        } catch {
            return DashPilotCLI.report(error, console: run.context.console)
        }
    }

    static func describe(_ paid: PaidAmount) -> String {
        paid.amount.formatted() + (paid.tips.map { " (tips \($0.formatted()))" } ?? "")
    }

    /// A gap longer than this between delivery rows no shift holds starts another created shift.
    static let createdShiftGap: Int64 = 60 * 60 * 1000

    /// Puts delivery rows on the shifts that hold their acceptance ([start, end) of a completed
    /// shift, from the start of an active one). Rows no shift holds are listed, or with
    /// `--create-shifts` grouped into new completed shifts: rows in time order, a new shift when
    /// the next acceptance comes more than an hour after the last delivery, each shift from its
    /// first acceptance to its last delivery. A row whose content the store already holds as
    /// often as this file does is not added again (overlapping statements give the union).
    static func addDeliveries(_ rows: [DeliveryRow], store: Store, importID: Int64, createShifts: Bool,
                              counts: inout Counts, conflicts: inout [RowProblem]) throws {
        // Every shift's span once, sorted by start: a row is placed by a binary search, not a query.
        var spans = try store.shifts().map { (id: $0.id, start: $0.start, end: $0.end) }
        func covering(_ instant: Instant) -> (id: Int64, start: Instant, end: Instant?)? {
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].start <= instant { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let candidate = spans[low - 1]
            return candidate.end.map { instant < $0 } ?? true ? candidate : nil
        }
        // Per row (by index, so no row is copied): its shift and that shift's end.
        var placement: [(shift: Int64, end: Instant?)?] = rows.map { row in covering(row.accepted).map { ($0.id, $0.end) } }
        let uncovered = rows.indices.filter { placement[$0] == nil }.map { rows[$0] }
        if !uncovered.isEmpty {
            guard createShifts else {
                for row in uncovered {
                    conflicts.append(RowProblem(line: row.line, column: nil, message: """
                        no shift holds this delivery (accepted \(row.accepted)); record the shift, or pass --create-shifts
                        """))
                }
                return
            }
            var groups: [(rows: [DeliveryRow], lastDelivered: Instant)] = []
            for row in uncovered.sorted(by: { ($0.accepted, $0.line) < ($1.accepted, $1.line) }) {
                if let last = groups.last, row.accepted.millisecondsSinceEpoch - last.lastDelivered.millisecondsSinceEpoch <= createdShiftGap {
                    groups[groups.count - 1].rows.append(row)
                    groups[groups.count - 1].lastDelivered = max(last.lastDelivered, row.delivered)
                } else {
                    groups.append(([row], row.delivered))
                }
            }
            for group in groups {
                guard let first = group.rows.first?.accepted, let lastAccepted = group.rows.map(\.accepted).max() else { continue }
                let end = max(group.lastDelivered, lastAccepted.adding(milliseconds: 1000))
                do {
                    let id = try store.createCompletedShift(start: first, end: end, importID: importID)
                    counts.created += 1
                    spans.append((id, first, end))
                    for row in group.rows { placement[row.index] = (id, end) }
                } catch let error as ModelError {
                    for row in group.rows { conflicts.append(RowProblem(line: row.line, column: nil, message: "a shift for it cannot be made: \(error)")) }
                }
            }
        }
        let writer = try DeliveryBatchWriter(store: store, importID: importID)
        defer { writer.finish() }
        var inStore: [String: Int] = [:]
        var inFile: [String: Int] = [:]
        var places: [String: Int64] = [:]
        for (index, row) in rows.enumerated() {
            guard let (shiftID, end) = placement[index] else { continue }
            if inStore[row.recordKey] == nil { inStore[row.recordKey] = try store.deliveryCount(recordKey: row.recordKey) }
            inFile[row.recordKey, default: 0] += 1
            guard inFile[row.recordKey, default: 0] > inStore[row.recordKey, default: 0] else {
                counts.unchanged += 1
                continue
            }
            if let end, row.delivered > end {
                conflicts.append(RowProblem(line: row.line, column: "delivered", message: "it was delivered after its shift \(shiftID) ended (\(end))"))
                continue
            }
            do {
                var place: Int64?
                if let name = row.pickup {
                    if let known = places[name] { place = known } else {
                        let id = try store.pickupPlace(named: name).id
                        places[name] = id
                        place = id
                    }
                }
                try writer.add(shiftID: shiftID, acceptedAt: row.accepted, deliveredAt: row.delivered, own: row.own, platform: row.platform,
                               pickupPlaceID: place, recordKey: row.recordKey)
                counts.deliveries += 1
            } catch let error as ModelError {
                conflicts.append(RowProblem(line: row.line, column: nil, message: "\(error) (shift \(shiftID))"))
            }
        }
    }
}
