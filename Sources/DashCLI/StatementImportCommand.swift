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
            OptionHelp(name: "template", value: "T", help: "A shipped template (shift-log, delivery-log, uber-payments, uber-trips, uber-driver-payments, uber-driver-trips; docs/templates.md) or a template file's path."),
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
                throw UsageError(message: "missing required option --template",
                                 hint: "shipped: \(StatementTemplate.builtInJSON.keys.sorted().joined(separator: ", "))")
            }
            let template = try loadTemplate(templateName, run: run)
            let zone = try run.importZone(template: template.timeZone, timesCarryOffsets: template.timesCarryOffsets)
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
            return try StatementTemplate.parse(try templateBytes(name), file: name)
        } catch let error as TemplateError {
            throw CommandFailure(message: "\(error)", status: .dataError)
        }
    }

    /// A template file's bytes: a regular file of at most 1 MiB (a FIFO named by mistake would
    /// block the import for ever); missing or unreadable is exit 66.
    static func templateBytes(_ path: String) throws -> [UInt8] {
        do { return try CSVFileStream.contents(path, limit: 1 << 20) } catch {
            throw CommandFailure(message: "\(path): cannot read the template: \(error)", status: .noInput)
        }
    }

    private struct Rollback: Error {
        let message: String
        /// The file's skipped rows are worth listing (they are all it had, or a dry run).
        var listSkips = false
    }
    private struct Refused: Error { let problems: [RowProblem] }

    struct Counts {
        var created = 0, earningsSet = 0, unchanged = 0, replaced = 0, deliveries = 0
        var lines = 0, tripsUpdated = 0, timesSet = 0, deliveryPayReplaced = 0
        var added: Int { created + earningsSet + replaced + deliveries + lines + timesSet + deliveryPayReplaced }
        var text: String {
            var parts: [String] = []
            if created > 0 { parts.append("\(created) shift\(created == 1 ? "" : "s") created") }
            if deliveries > 0 { parts.append("\(deliveries) deliver\(deliveries == 1 ? "y" : "ies") added") }
            if lines > 0 { parts.append("\(lines) money line\(lines == 1 ? "" : "s")") }
            if tripsUpdated > 0 { parts.append("\(tripsUpdated) earlier trip\(tripsUpdated == 1 ? "" : "s") updated") }
            if timesSet > 0 { parts.append("times given to \(timesSet) trip\(timesSet == 1 ? "" : "s") made from money lines") }
            if deliveryPayReplaced > 0 { parts.append("pay replaced on \(deliveryPayReplaced) deliver\(deliveryPayReplaced == 1 ? "y" : "ies")") }
            if earningsSet > 0 { parts.append("earnings recorded on \(earningsSet) shift\(earningsSet == 1 ? "" : "s")") }
            if replaced > 0 { parts.append("earnings replaced on \(replaced) shift\(replaced == 1 ? "" : "s")") }
            if unchanged > 0 { parts.append("\(unchanged) row\(unchanged == 1 ? "" : "s") already recorded") }
            return parts.joined(separator: "; ")
        }
    }

    static func importOne(_ path: String, template: StatementTemplate, zone: TimeZone, store: Store, run: Invocation) -> ExitCode {
        let name = (path as NSString).lastPathComponent
        // The file is read in chunks; only its rows, as parsed values, are held while they are written.
        let read: (reader: ShiftRowReader, sha: String?)
        do { read = try readRows(path, template: template, zone: zone) } catch {
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            return .noInput
        }
        var reader = read.reader
        let (rows, skipped, problems) = reader.finish()
        let deliveries = reader.deliveries
        func refuse(_ problems: [RowProblem]) -> ExitCode {
            for problem in problems { run.context.console.err("dashpilot: error: \(path):\(problem)\n") }
            run.context.console.err("dashpilot: \(path): nothing imported\n")
            return .dataError
        }
        // No digest only when the reading stopped at a problem: the file is refused.
        guard problems.isEmpty, let sha = read.sha else { return refuse(problems) }
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
                switch template.kind {
                case .deliveries:
                    try addDeliveries(deliveries, store: store, importID: importID, createShifts: run.arguments.has("create-shifts"),
                                      replace: replace, counts: &counts, conflicts: &conflicts)
                case .moneyLines:
                    try addMoneyLines(reader.moneyLines, store: store, importID: importID, createShifts: run.arguments.has("create-shifts"),
                                      replace: replace, counts: &counts, conflicts: &conflicts)
                case .shifts: break
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
                if counts.added == 0 {
                    throw Rollback(message: counts.unchanged > 0 ? "everything in it is already recorded; nothing added"
                                                                 : "nothing in it to record (\(skipped.count) row\(skipped.count == 1 ? "" : "s") skipped); nothing added",
                                   listSkips: counts.unchanged == 0)
                }
                try store.finishImport(importID, sha256: sha, contentSha256: nil, summary: counts.text)
                if run.arguments.has("dry-run") { throw Rollback(message: "dry run, nothing written: would record " + counts.text, listSkips: true) }
                return (counts, importID)
            }
            if !run.quiet {
                run.print("\(name): imported as import \(importID) (\(template.name)): \(counts.text)")
                for skip in skipped { run.print("  skipped line \(skip.line): \(skip.reason)") }
            }
            return .success
        } catch let rollback as Rollback {
            if !run.quiet {
                run.print("\(name): \(rollback.message)")
                if rollback.listSkips { for skip in skipped { run.print("  skipped line \(skip.line): \(skip.reason)") } }
            }
            return .success
        } catch let refused as Refused {
            return refuse(refused.problems)
        } catch let error as ModelError {
            run.context.console.err("dashpilot: error: \(path): \(error)\ndashpilot: \(path): nothing imported\n")
            return .dataError
        } catch {
            return DashPilotCLI.report(error, console: run.context.console, storePath: run.storePath, file: path)
        }
    }

    /// The file read through the template (not yet finished) in chunks, and the SHA-256 of its
    /// bytes, computed meanwhile on another thread (nil when the reader stopped at a problem
    /// before the end: the file is refused, and the rest of it is not read).
    static func readRows(_ path: String, template: StatementTemplate, zone: TimeZone) throws(CSVFileError) -> (reader: ShiftRowReader, sha: String?) {
        var reader = ShiftRowReader(template: template, zone: zone)
        let sha = try CSVFileStream.read(path) { chunk in
            reader.feed(chunk)
            return !reader.stopped
        }
        return (reader, sha)
    }

    static func describe(_ paid: PaidAmount) -> String {
        paid.amount.formatted() + (paid.tips.map { " (tips \($0.formatted()))" } ?? "")
    }

    /// How long after a shift's end a trip's first money line may be recorded and still belong
    /// to it: Uber records a trip's payment seconds to minutes after the drop-off.
    static let moneyLineGrace: Int64 = 15 * 60 * 1000

    /// A gap longer than this between delivery rows no shift holds starts another created shift.
    static let createdShiftGap: Int64 = 60 * 60 * 1000

    /// Something of a file to put on a shift: a delivery row, or a trip's money lines (at the
    /// first line's time).
    struct Placeable {
        let line: Int
        let accepted: Instant
        let delivered: Instant
    }

    /// The shift that holds each item's acceptance ([start, end) of a completed shift, from the
    /// start of an active one), with that shift's end. Items no shift holds are listed, or with
    /// `--create-shifts` grouped into new completed shifts: items in time order, a new shift when
    /// the next acceptance comes more than an hour after the last delivery, each shift from its
    /// first acceptance to its last delivery.
    ///
    /// With a `grace`, an item within that long after a completed shift's end, which no shift
    /// holds, goes to that shift (a payment is recorded moments after the drop-off that ended
    /// the shift); the caller places it at the shift's end.
    static func place(_ items: [Placeable], store: Store, importID: Int64, createShifts: Bool, grace: Int64 = 0,
                      counts: inout Counts, conflicts: inout [RowProblem]) throws -> [(shift: Int64, end: Instant?)?] {
        // Every shift's span once, sorted by start: an item is placed by a binary search, not a query.
        let spans = try store.shifts().map { (id: $0.id, start: $0.start, end: $0.end) }
        func covering(_ instant: Instant) -> (id: Int64, start: Instant, end: Instant?)? {
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].start <= instant { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let candidate = spans[low - 1]
            guard let end = candidate.end else { return candidate }
            return instant.millisecondsSinceEpoch < end.millisecondsSinceEpoch + grace ? candidate : nil
        }
        var placement: [(shift: Int64, end: Instant?)?] = items.map { item in covering(item.accepted).map { ($0.id, $0.end) } }
        let uncovered = items.indices.filter { placement[$0] == nil }
        guard !uncovered.isEmpty else { return placement }
        guard createShifts else {
            for index in uncovered {
                conflicts.append(RowProblem(line: items[index].line, column: nil, message: """
                    no shift holds this delivery (accepted \(items[index].accepted)); record the shift, or pass --create-shifts
                    """))
            }
            return placement
        }
        var groups: [(items: [Int], lastDelivered: Instant)] = []
        for index in uncovered.sorted(by: { (items[$0].accepted, items[$0].line) < (items[$1].accepted, items[$1].line) }) {
            let item = items[index]
            if let last = groups.last, item.accepted.millisecondsSinceEpoch - last.lastDelivered.millisecondsSinceEpoch <= createdShiftGap {
                groups[groups.count - 1].items.append(index)
                groups[groups.count - 1].lastDelivered = max(last.lastDelivered, item.delivered)
            } else {
                groups.append(([index], item.delivered))
            }
        }
        for group in groups {
            guard let first = group.items.first.map({ items[$0].accepted }), let lastAccepted = group.items.map({ items[$0].accepted }).max()
            else { continue }
            let end = max(group.lastDelivered, lastAccepted.adding(milliseconds: 1000))
            do {
                let id = try store.createCompletedShift(start: first, end: end, importID: importID)
                counts.created += 1
                for index in group.items { placement[index] = (id, end) }
            } catch let error as ModelError {
                for index in group.items {
                    conflicts.append(RowProblem(line: items[index].line, column: nil, message: "a shift for it cannot be made: \(error)"))
                }
            }
        }
        return placement
    }

    /// Puts delivery rows on the shifts that hold their acceptance, each as an offer of one
    /// delivery with its own pay. A row the template keys by the platform's trip id is that trip:
    /// found again, the same figures change nothing, other figures are refused naming both (a
    /// recorded pay is replaced only with `--replace`), and a trip first made from money lines
    /// takes the row's times. A row keyed by its content is added unless the store already holds
    /// it as often as this file does (overlapping statements give the union).
    static func addDeliveries(_ rows: [DeliveryRow], store: Store, importID: Int64, createShifts: Bool, replace: Bool,
                              counts: inout Counts, conflicts: inout [RowProblem]) throws {
        // Rows still to place, by index (the rows themselves are not copied).
        var pending: [Int] = []
        var tripLine: [RecordKey: Int] = [:]
        var stored = try RecordKeyCounts(store: store, table: .delivery, expectedKeys: rows.count)
        for (index, row) in rows.enumerated() {
            guard row.keyIsDeclared else {
                pending.append(index)
                continue
            }
            if let first = tripLine[row.recordKey] {
                conflicts.append(RowProblem(line: row.line, column: "trip", message: "the same trip as line \(first); a trip is one row"))
                continue
            }
            tripLine[row.recordKey] = row.line
            guard try stored.count(row.recordKey) > 0, let existing = try store.delivery(recordKey: row.recordKey) else {
                pending.append(index)
                continue
            }
            try reconcile(row, with: existing, store: store, replace: replace, counts: &counts, conflicts: &conflicts)
        }
        let placement = try place(pending.map { Placeable(line: rows[$0].line, accepted: rows[$0].accepted, delivered: rows[$0].delivered) }, store: store,
                                  importID: importID, createShifts: createShifts, counts: &counts, conflicts: &conflicts)
        // Per content key the store already holds: how many rows of this file had it so far.
        var inFile: [RecordKey: Int] = [:]
        var places: [String: Int64] = [:]
        try store.withDeliveryBatch(importID: importID) { writer in
            for (index, rowIndex) in pending.enumerated() {
                guard let (shiftID, end) = placement[index] else { continue }
                let row = rows[rowIndex]
                if !row.keyIsDeclared, case let inStore = try stored.count(row.recordKey), inStore > 0 {
                    let seen = inFile[row.recordKey, default: 0] + 1
                    inFile[row.recordKey] = seen
                    guard seen > inStore else {
                        counts.unchanged += 1
                        continue
                    }
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

    /// A trip row whose trip the store already holds (from an earlier statement, or its money lines).
    static func reconcile(_ row: DeliveryRow, with existing: Delivery, store: Store, replace: Bool,
                          counts: inout Counts, conflicts: inout [RowProblem]) throws {
        let lines = try store.deliveryLineCount(deliveryID: existing.id)
        var changed = false
        if existing.acceptedAt != row.accepted || existing.deliveredAt != row.delivered {
            // A trip first made from its money lines sits at its first line's time until a trips
            // file gives its own.
            if lines > 0, existing.deliveredAt == existing.acceptedAt {
                do {
                    try store.setDeliveryTimes(existing.id, accepted: row.accepted, delivered: row.delivered)
                    counts.timesSet += 1
                    changed = true
                } catch let error as ModelError {
                    conflicts.append(RowProblem(line: row.line, column: "accepted", message: "delivery \(existing.id) of this trip: \(error)"))
                    return
                }
            } else {
                conflicts.append(RowProblem(line: row.line, column: "accepted", message: """
                    delivery \(existing.id) of this trip is recorded from \(existing.acceptedAt) to \(existing.deliveredAt.map { "\($0)" } ?? "-"); \
                    the statement says \(row.accepted) to \(row.delivered)
                    """))
                return
            }
        }
        if let own = row.own, own != existing.ownAmount {
            let recorded = existing.ownAmount.map(describe) ?? "no pay recorded"
            if lines > 0 {
                conflicts.append(RowProblem(line: row.line, column: "pay", message: """
                    delivery \(existing.id) of this trip has pay \(recorded) from its statement lines; the statement says \(describe(own))
                    """))
                return
            }
            guard replace else {
                conflicts.append(RowProblem(line: row.line, column: "pay", message: """
                    delivery \(existing.id) of this trip has \(recorded); the statement says \(describe(own)) (pass --replace to take the statement's)
                    """))
                return
            }
            try store.setImportedDeliveryAmount(existing.id, own)
            counts.deliveryPayReplaced += 1
            changed = true
        }
        if !changed { counts.unchanged += 1 }
    }

    /// Puts money lines on their trips' deliveries. A line the store already holds (by its id,
    /// or by its content as often as this file has it) is not added again; a trip the store
    /// holds gains the new lines (a late tip); a new trip becomes a delivery on the shift that
    /// holds its first line's time, accepted and delivered then (a trips file gives it its own
    /// times). The delivery's own amount is the sum of its lines, never a share of anything.
    static func addMoneyLines(_ lines: [MoneyLineRow], store: Store, importID: Int64, createShifts: Bool, replace: Bool,
                              counts: inout Counts, conflicts: inout [RowProblem]) throws {
        var groups: [(key: RecordKey, lines: [MoneyLineRow])] = []
        var groupIndex: [RecordKey: Int] = [:]
        var idLine: [RecordKey: Int] = [:]
        var stored = try RecordKeyCounts(store: store, table: .deliveryLine, expectedKeys: lines.count)
        // Per line key the store already holds: how many lines of this file had it so far.
        var inFile: [RecordKey: Int] = [:]
        for line in lines {
            if line.keyIsDeclared {
                if let first = idLine[line.recordKey] {
                    conflicts.append(RowProblem(line: line.line, column: "line", message: "the same money line as line \(first)"))
                    continue
                }
                idLine[line.recordKey] = line.line
            }
            let inStore = try stored.count(line.recordKey)
            let seen = inFile[line.recordKey, default: 0] + 1
            if inStore > 0 { inFile[line.recordKey] = seen }
            guard seen > inStore else {
                counts.unchanged += 1
                continue
            }
            if let index = groupIndex[line.tripKey] { groups[index].lines.append(line) } else {
                groupIndex[line.tripKey] = groups.count
                groups.append((line.tripKey, [line]))
            }
        }
        var fresh: [(key: RecordKey, lines: [MoneyLineRow], first: Instant)] = []
        for group in groups {
            guard let existing = try store.delivery(recordKey: group.key) else {
                fresh.append((group.key, group.lines, group.lines.map(\.at).min() ?? group.lines[0].at))
                continue
            }
            if let own = existing.ownAmount, try store.deliveryLineCount(deliveryID: existing.id) == 0, !replace {
                var sum = Money.zero, tips: Money?
                for line in group.lines {
                    sum = (try? sum.adding(line.amount)) ?? sum
                    if let lineTips = line.tips { tips = (try? (tips ?? .zero).adding(lineTips)) ?? tips }
                }
                conflicts.append(RowProblem(line: group.lines[0].line, column: "amount", message: """
                    delivery \(existing.id) of this trip has pay \(describe(own)) recorded without statement lines; \
                    the statement's lines for it add up to \(sum.formatted())\(tips.map { " (tips \($0.formatted()))" } ?? "") \
                    (pass --replace to take the lines')
                    """))
                continue
            }
            do {
                try store.addDeliveryLines(group.lines.map { ($0.recordKey, $0.at, $0.amount, $0.tips) }, to: existing.id, importID: importID)
                counts.lines += group.lines.count
                counts.tripsUpdated += 1
            } catch let error as ModelError {
                conflicts.append(RowProblem(line: group.lines[0].line, column: "amount", message: "delivery \(existing.id) of this trip: \(error)"))
            }
        }
        let placement = try place(fresh.map { Placeable(line: $0.lines[0].line, accepted: $0.first, delivered: $0.first) }, store: store,
                                  importID: importID, createShifts: createShifts, grace: moneyLineGrace, counts: &counts, conflicts: &conflicts)
        try store.withDeliveryBatch(importID: importID) { writer in
            for (index, group) in fresh.enumerated() {
                guard let (shiftID, end) = placement[index] else { continue }
                // Within the grace after its shift's end: at the last instant of the shift.
                let at = end.map { group.first < $0 ? group.first : $0.adding(milliseconds: -1) } ?? group.first
                do {
                    let id = try writer.add(shiftID: shiftID, acceptedAt: at, deliveredAt: at, own: nil,
                                            platform: group.lines[0].platform, pickupPlaceID: nil, recordKey: group.key)
                    // The delivery is written before its lines, which refer to it.
                    try writer.flush()
                    try store.addDeliveryLines(group.lines.map { ($0.recordKey, $0.at, $0.amount, $0.tips) }, to: id, importID: importID)
                    counts.deliveries += 1
                    counts.lines += group.lines.count
                } catch let error as ModelError {
                    conflicts.append(RowProblem(line: group.lines[0].line, column: "amount", message: "\(error) (the trip's lines, shift \(shiftID))"))
                }
            }
        }
    }
}
