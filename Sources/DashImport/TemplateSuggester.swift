/// Drafts a template from a file's sample (`dashpilot template suggest`, docs/templates.md, "A
/// template from any CSV"): the kind (given, or guessed from the columns), the columns mapped by
/// name (``HeaderMatching``), the rows a template would skip (``RuleInference``), the patterns
/// that read every sampled date and time (``TimePatternInference``), the decimal mark and where
/// the tips stand (``MoneyInference``). What it could not decide is said in the draft's notes,
/// needs and blockers, never guessed silently.
public enum TemplateSuggester {
    /// A file it cannot draft from: no kind given and none the columns have, or a header wider
    /// than any statement.
    public struct Unguessable: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The most columns a header may have: real statements have fewer than 100. Matching costs
    /// about 0.2 ms a column (every field's names against every header), so an 80,000-column
    /// header took 14.8 s (issue 26); this bounds it to a fraction of a second.
    public static let maxColumns = 1_000

    public static func suggest(_ sample: CSVSample, fileName: String, kind given: DraftKind?, platform: String?) throws(Unguessable) -> TemplateDraft {
        let header = sample.header
        guard header.count <= maxColumns else {
            throw Unguessable(description: """
                the header has \(header.count) columns; template suggest reads files of at most \(maxColumns) (a statement has fewer \
                than 100): is it a statement, and is its delimiter one of , ; tab |?
                """)
        }
        guard let kind = given ?? HeaderMatching.guessKind(header) else {
            throw Unguessable(description: """
                cannot tell what a row is from the header: no trip, time and amount columns (moneyLines), no accepted and \
                delivered (deliveries), no start and end (shifts), no date and amount (expenses); pass --kind
                """)
        }
        var draft = TemplateDraft(name: templateName(fileName), description: "Drafted by dashpilot template suggest from \(fileName); check it before use.",
                                  kind: kind, platform: platform, delimiter: sample.delimiterName, encoding: sample.encoding, decimalMark: .point)
        var mapped = HeaderMatching.match(header, kind: kind)
        if given == nil {
            draft.notes.append("kind: \(kind.rawValue), guessed from the columns \(kind.required.joined(separator: ", ")) (--kind chooses another)")
        }
        draft.notes.append("read the header and \(sample.rows.count) rows\(sample.truncated ? " (the first \(sample.rows.count) of the file)" : "")")
        var rows = sample.rows
        func cells(_ field: String, _ rows: [CSVRecord]) -> [String] { column(field, rows, mapped) }
        var skip: [RuleInference.DraftRule] = []
        if let (rule, lines) = RuleInference.totals(rows, mapped: mapped) {
            if kind == .expenses {
                draft.blockers.append("line \(lines.map(String.init).joined(separator: ", ")) looks like a totals row, and an expenses template cannot skip rows: delete it from the file")
            } else {
                skip.append(rule)
                draft.notes.append("skip: line \(lines.map(String.init).joined(separator: ", ")) is a totals row (\(rule.field) is '\(rule.values.joined(separator: "' or '"))')")
            }
            rows.removeAll { lines.contains($0.line) }
        }
        if kind != .expenses, mapped["status"] != nil {
            if let rule = RuleInference.status(cells("status", rows)) {
                skip.append(rule)
                let kept = rows.filter { rule.values.contains(RuleInference.normal(cells("status", [$0])[0])) }
                draft.notes.append("skip: \(Self.rows(rows.count - kept.count)) whose status is not '\(rule.values.joined(separator: "' or '"))'")
                rows = kept
            } else {
                mapped["status"] = nil
            }
        }
        if kind == .moneyLines {
            let before = mapped
            rows = moneyLineRules(&draft, &mapped, &skip, rows: rows, cells: { column($0, $1, before) })
        }
        draft.skip = skip
        let beforeTimes = mapped, kept = rows
        readTimes(&draft, &mapped, kind: kind, cells: { column($0, kept, beforeTimes) })
        localZ(&draft, kind: kind, headers: kind.timeFields.compactMap { mapped[$0].map { header[$0] } })
        if kind == .moneyLines, mapped["trip"] == nil, mapped["time"] != nil {
            draft.tripFrom = "time"
            draft.notes.append("tripFrom: time (no column gives a trip id: the lines of one time are one trip, as in Uber's payments download)")
        }
        let afterTimes = mapped
        readMoney(&draft, kind: kind, mapped: mapped, cells: { column($0, kept, afterTimes) })
        readDistance(&draft, &mapped, header: header, cells: { column($0, kept, afterTimes) })
        draft.columns = kind.fields.compactMap { field in mapped[field].map { (field, ExpenseTemplate.normalizedHeader(header[$0])) } }
        for field in kind.required where mapped[field] == nil && !(field == "date" && draft.timeFormat != nil) {
            draft.blockers.append("no column could be mapped to \(field) (a required column): add \"\(field)\": [\"<header>\"] to columns")
        }
        needs(&draft, kind: kind, mapped: mapped)
        let unmapped = header.indices.filter { !mapped.values.contains($0) }
        if !unmapped.isEmpty {
            // By position, never by text: a file with no header row has a row of names and
            // addresses where the header should be (issue 26, item 7).
            let personal = unmapped.filter { HeaderMatching.looksPersonal(header[$0]) }
            draft.notes.append("not mapped (never read): \(columns(unmapped)) of \(header.count)"
                               + (personal.isEmpty ? "" : " (\(columns(personal)) \(personal.count == 1 ? "looks" : "look") personal)"))
        }
        return draft
    }

    /// `column 3`, `columns 1, 2 and 4`, `columns 1, 2, 3, 4, 5, 6, 7, 8 and 990 more` (1-based).
    static func columns(_ indices: [Int]) -> String {
        let shown = 8
        let numbers = indices.prefix(shown).map { String($0 + 1) }
        let more = indices.count - numbers.count
        let list = more > 0 ? numbers.joined(separator: ", ") + " and \(more) more" : CellShape.list(numbers)
        return (indices.count == 1 ? "column " : "columns ") + list
    }

    /// The cells of `field`'s column in `rows` (none when it is not mapped).
    static func column(_ field: String, _ rows: [CSVRecord], _ mapped: [String: Int]) -> [String] {
        guard let column = mapped[field] else { return [] }
        return rows.map { column < $0.fields.count ? $0.fields[column] : "" }
    }

    /// The money-line rules: tips, kinds and payouts by the category and description columns;
    /// a rule column no rule reads is dropped (a template refuses it). The rows left after the
    /// payout skips.
    static func moneyLineRules(_ draft: inout TemplateDraft, _ mapped: inout [String: Int], _ skip: inout [RuleInference.DraftRule],
                               rows: [CSVRecord], cells: (String, [CSVRecord]) -> [String]) -> [CSVRecord] {
        let ruled = ["category", "description"].filter { mapped[$0] != nil }
        let found = RuleInference.moneyLines(ruled.map { ($0, cells($0, rows)) })
        draft.tipsWhen = found.tipsWhen
        draft.kindWhen = found.kindWhen
        skip += found.skip
        if found.unwritten > 0 {
            draft.notes.append("\(found.unwritten) sampled cells of \(ruled.joined(separator: " or ")) name a kind of money in words the draft cannot write without quoting the cell: add rules for them")
        }
        let used = Set(skip.map(\.field) + [found.tipsWhen?.field].compactMap { $0 } + found.kindWhen.values.map(\.field))
        for field in ruled where !used.contains(field) { mapped[field] = nil }
        let payouts = found.skip
        let kept = rows.filter { row in
            !payouts.contains { rule in rule.values.contains { value in
                let cell = RuleInference.normal(cells(rule.field, [row])[0])
                return value.hasSuffix("*") ? cell.hasPrefix(value.dropLast()) : cell == value
            } }
        }
        if kept.count < rows.count { draft.notes.append("skip: \(Self.rows(rows.count - kept.count)) that are payouts or transfers") }
        return kept
    }

    /// `timeFormat` and `dateFormat`: the first patterns that read every sampled cell.
    static func readTimes(_ draft: inout TemplateDraft, _ mapped: inout [String: Int], kind: DraftKind, cells: (String) -> [String]) {
        func ambiguous(_ found: TimePatternInference.Found, _ what: String) {
            if found.dayFirstAlsoReads {
                draft.notes.append("\(what): every sampled date reads month first and day first alike; the draft reads '\(found.pattern)' (month first): check")
            }
        }
        if kind == .expenses {
            let dates = cells("date")
            if let found = TimePatternInference.infer(dates, shape: .dateOnly) ?? TimePatternInference.infer(dates, shape: .dateAndTime) {
                if found.pattern != "yyyy-MM-dd" { draft.dateFormat = found.pattern }
                ambiguous(found, "date")
            } else if mapped["date"] != nil {
                draft.blockers.append("no date pattern reads every sampled cell of date: set dateFormat")
            }
            return
        }
        let timeCells = kind.timeFields.flatMap(cells)
        guard !timeCells.isEmpty else { return }
        guard let found = TimePatternInference.infer(timeCells, shape: .timeOnly) ?? TimePatternInference.infer(timeCells, shape: .dateAndTime) else {
            draft.blockers.append("no date or time pattern reads every sampled cell of \(kind.timeFields.joined(separator: " and ")): set timeFormat")
            return
        }
        draft.timeFormat = found.pattern
        ambiguous(found, kind.timeFields.joined(separator: " and "))
        guard let pattern = try? StatementTimePattern(found.pattern), !pattern.hasDate else {
            mapped["date"] = nil
            return
        }
        draft.endMayBeNextDay = kind != .moneyLines
        guard mapped["date"] != nil else {
            draft.blockers.append("the times carry no date, and no column could be mapped to date: add \"date\" to columns and set dateFormat")
            return
        }
        if let date = TimePatternInference.infer(cells("date"), shape: .dateOnly) {
            draft.dateFormat = date.pattern
            ambiguous(date, "date")
        } else {
            draft.blockers.append("no date pattern reads every sampled cell of date: set dateFormat")
        }
    }

    /// Times whose headers say they are local but whose cells end in `Z` (Uber's 2025 personal
    /// data download writes local wall times so): read as local times in the import's zone,
    /// with a note, rather than as UTC. A `Z` under headers that do not say local stays UTC.
    static func localZ(_ draft: inout TemplateDraft, kind: DraftKind, headers: [String]) {
        guard let pattern = draft.timeFormat, pattern.hasSuffix("'Z'"), !headers.isEmpty,
              headers.allSatisfy({ HeaderMatching.words($0).contains("local") }) else { return }
        draft.ignoreZoneDesignator = true
        draft.notes.append("ignoreZoneDesignator: the time columns say local but their cells end in Z: read as local wall times (pass --tz); remove it if they are UTC")
    }

    /// `decimalMark` and `tipsAre`.
    static func readMoney(_ draft: inout TemplateDraft, kind: DraftKind, mapped: [String: Int], cells: (String) -> [String]) {
        let moneyFields = kind.moneyFields.filter { mapped[$0] != nil }
        let (mark, unreadable) = MoneyInference.decimalMark(moneyFields.flatMap(cells))
        draft.decimalMark = mark
        if unreadable > 0 {
            draft.blockers.append("\(unreadable) sampled cells of \(moneyFields.joined(separator: ", ")) are not amounts under either decimal mark")
        }
        guard kind != .expenses else { return }
        if mapped["tips"] != nil, let payField = kind.payField {
            let pay = mapped[payField] == nil ? cells("tips").map { _ in nil as String? } : cells(payField).map { $0 as String? }
            let (placement, evidence) = MoneyInference.tipsAre(pay: pay.map { $0?.isEmpty == true ? nil : $0 }, tips: cells("tips").map { $0 }, mark: mark)
            draft.tipsAre = placement
            draft.notes.append(placement == .within
                ? "tipsAre: within (the \(payField) column includes the tips): no sampled tip is above its row's \(payField) (\(Self.rows(evidence)) with both); make it \"onTop\" if your tips are added to it"
                : "tipsAre: onTop (the tips are added to the \(payField) column): a sampled row has tips above its \(payField), or tips with none")
        } else if draft.tipsWhen != nil {
            draft.tipsAre = .onTop
        }
    }

    /// What the import must be told that the file does not say.
    static func needs(_ draft: inout TemplateDraft, kind: DraftKind, mapped: [String: Int]) {
        let offsets = !draft.ignoreZoneDesignator && (draft.timeFormat.flatMap { try? StatementTimePattern($0) }?.hasOffset ?? false)
        if !offsets { draft.needs.append("--tz ZONE (the file's \(kind == .expenses ? "dates" : "times") carry no offset; or add \"timeZone\" to the draft)") }
        if kind != .expenses, mapped["platform"] == nil, draft.platform == nil {
            draft.needs.append("--platform NAME (no column names the platform; or give template suggest --platform NAME)")
        }
    }

    /// `1 sampled row`, `2 sampled rows`.
    static func rows(_ count: Int) -> String { "\(count) sampled row" + (count == 1 ? "" : "s") }

    /// A template name from a file name: lower-case letters, digits and `-`.
    static func templateName(_ fileName: String) -> String {
        let base = fileName.hasSuffix(".csv") || fileName.hasSuffix(".CSV") ? String(fileName.dropLast(4)) : fileName
        var name = ""
        for character in base.lowercased() {
            let keep = character.isASCII && (character.isLetter || character.isNumber)
            if keep { name.append(character) } else if !name.isEmpty, name.last != "-" { name.append("-") }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "drafted" : "drafted-" + name
    }
}

import Foundation
