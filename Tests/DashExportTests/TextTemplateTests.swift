import DashModel
@testable import DashExport
@testable import DashReport
import Foundation
import Testing
import TestSupport

/// The text template language (docs/text-templates.md) and the shipped summary template: values,
/// widths, blocks, layout lines, every error with its line, safety of recorded text, 80 columns.
@Suite struct TextTemplateTests {
    // MARK: - A small context

    static let schema = TextTemplateSchema(
        fields: ["name", "count", "zero", "amount", "nothing", "blank", "unit", "long"],
        lists: ["items": TextTemplateSchema(fields: ["name", "qty", "note"]),
                "none": TextTemplateSchema(fields: ["name"])])

    static func context(items: [TextTemplateRecord]? = nil) throws -> TextTemplateContext {
        let record = TextTemplateRecord(
            fields: ["name": .text("outer"), "count": .integer(3), "zero": .integer(0), "amount": .money(try Money(parsing: "12.5")),
                     "nothing": .empty, "blank": .text(""), "unit": .text("mi"), "long": .text("abcdefgh")],
            lists: ["items": items ?? [
                TextTemplateRecord(fields: ["name": .text("first"), "qty": .integer(1), "note": .text("n1")]),
                TextTemplateRecord(fields: ["name": .text("second"), "qty": .integer(0)]),
            ]])
        return TextTemplateContext(schema: schema, record: record)
    }

    static func render(_ source: String, items: [TextTemplateRecord]? = nil) throws -> String {
        try TextTemplate(source, file: "t.txt", schema: schema).render(try context(items: items))
    }

    /// The error a source gives, parsed against the schema.
    static func error(_ source: String) -> TextTemplateError? {
        do {
            _ = try TextTemplate(source, file: "t.txt", schema: schema)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Values

    @Test func fieldsPrintAsCellsDoAndNothingAsADash() throws {
        #expect(try Self.render("{{name}} {{count}} {{zero}} {{amount}} {{nothing}} {{blank}}\n") == "outer 3 0 12.50 - -\n")
        #expect(try Self.render("{{ name }}") == "outer")
        #expect(try Self.render("no tags, no newline") == "no tags, no newline")
        #expect(try Self.render("") == "")
    }

    @Test(arguments: [
        ("[{{name:8}}]", "[   outer]"), ("[{{name:-8}}]", "[outer   ]"), ("[{{name:5}}]", "[outer]"), ("[{{name:-5}}]", "[outer]"),
        ("[{{long:5}}]", "[abcd~]"), ("[{{long:-5}}]", "[abcd~]"), ("[{{long:1}}]", "[~]"), ("[{{nothing:3}}]", "[  -]"),
        ("[{{amount:-7}}]", "[12.50  ]"), ("[{{ long : -4 }}]", "[abc~]"),
    ])
    func widthsAlignBothWaysAndCut(_ source: String, _ expected: String) throws {
        #expect(try Self.render(source) == expected)
    }

    @Test func aLastLeftAlignedColumnLeavesNoTrailingSpaces() throws {
        #expect(try Self.render("{{name:-10}}\n{{unit:-4}}|\n") == "outer\nmi  |\n")
    }

    // MARK: - Blocks

    @Test func eachRepeatsWithTheItemsFieldsFirstThenTheOuterOnes() throws {
        let source = "{{#each items}}{{name}}:{{qty}} {{unit}} {{count}};{{/each}}"
        #expect(try Self.render(source) == "first:1 mi 3;second:0 mi 3;")
        #expect(try Self.render("[{{#each items}}x{{/each}}]", items: []) == "[]")
        #expect(try Self.render("[{{#each none}}x{{/each}}]") == "[]")
        // An item lacking a field its list names prints it as not recorded, without falling back.
        #expect(try Self.render("{{#each items}}{{note}},{{/each}}") == "n1,-,")
    }

    @Test(arguments: [
        ("name", true), ("count", true), ("zero", false), ("amount", true), ("nothing", false), ("blank", false),
        ("items", true), ("none", false),
    ])
    func ifRendersWhatIsPresent(_ name: String, _ present: Bool) throws {
        #expect(try Self.render("<{{#if \(name)}}yes{{/if}}>") == (present ? "<yes>" : "<>"))
    }

    @Test func ifOnAnItemsField() throws {
        #expect(try Self.render("{{#each items}}{{#if qty}}{{name}} has {{qty}}{{/if}}{{/each}}") == "first has 1")
        #expect(try Self.render("{{#each items}}{{#if note}}{{note}}{{/if}}{{/each}}") == "n1")
        let zero = TextTemplateRecord(fields: ["name": .text("z"), "qty": .money(.zero)])
        #expect(try Self.render("{{#each items}}{{#if qty}}{{qty}}{{/if}}{{/each}}", items: [zero]) == "0.00")
    }

    @Test func blocksNest() throws {
        let source = """
        {{#if count}}
        {{#each items}}
        - {{name}}{{#if note}} ({{note}}){{/if}}
          {{#if qty}}
          {{#each items}}{{name}}/{{/each}}
          {{/if}}
        {{/each}}
        {{/if}}
        {{#if zero}}
        never
        {{/if}}
        end
        """
        #expect(try Self.render(source) == "- first (n1)\n  first/second/\n- second\nend")
    }

    @Test func commentsAndBlockOnlyLinesLeaveNoLine() throws {
        let source = """
        {{! a comment on its own line }}
        top
          {{#each items}}   \t
            {{! inside }}
          {{name}}
          {{/each}}
        {{#if zero}}{{/if}}{{! two tags and a comment }}
        inline {{! gone }}stays{{#if count}} here{{/if}}
        {{#if zero}}
        hidden
        {{/if}}
        last

        """
        #expect(try Self.render(source) == "top\n  first\n  second\ninline stays here\nlast\n")
    }

    // MARK: - Errors

    @Test(arguments: [
        ("a\n{{gros}}\n", 2, "unknown field 'gros'"),
        ("{{#each nope}}\n{{/each}}\n", 1, "unknown list 'nope'"),
        ("\n{{#each name}}\n{{/each}}\n", 2, "'name' is a field, not a list"),
        ("x\n\ny {{items}}\n", 3, "'items' is a list, not a field: repeat over it with '{{#each items}}'"),
        ("{{#if ghost}}\n{{/if}}\n", 1, "unknown field 'ghost'"),
        ("{{#each items}}\n{{qty}}\n{{/each}}\n{{qty}}\n", 4, "unknown field 'qty'"),
        ("{{#each items}}\n{{#each items}}\n{{bogus}}\n{{/each}}\n{{/each}}\n", 3, "unknown field 'bogus'"),
        ("a\n{{#if count}}\nx\n", 2, "'{{#if count}}' is never closed (with '{{/if}}')"),
        ("{{#each items}}\n{{#if count}}\n{{/if}}\n", 1, "'{{#each items}}' is never closed (with '{{/each}}')"),
        ("{{#each items}}\n{{#if qty}}\n{{/each}}\n{{/if}}\n", 3, "'{{/each}}' cannot close '{{#if qty}}' opened on line 2"),
        ("x\n{{/if}}\n", 2, "'{{/if}}' closes no block"),
        ("{{name:0}}", 1, "bad width '0' in '{{name:0}}': columns from 1 to 500, with '-' first to align left"),
        ("\n{{name:x}}", 2, "bad width 'x' in '{{name:x}}': columns from 1 to 500, with '-' first to align left"),
        ("{{name:}}", 1, "bad width '' in '{{name:}}': columns from 1 to 500, with '-' first to align left"),
        ("{{name:-}}", 1, "bad width '-' in '{{name:-}}': columns from 1 to 500, with '-' first to align left"),
        ("{{name:501}}", 1, "bad width '501' in '{{name:501}}': columns from 1 to 500, with '-' first to align left"),
        ("{{name:+3}}", 1, "bad width '+3' in '{{name:+3}}': columns from 1 to 500, with '-' first to align left"),
        ("ok\nbad {{name\n{{name}}\n", 2, "unterminated '{{' (a tag ends with '}}' on its own line)"),
        ("{{! never ends\n}}\n", 1, "unterminated '{{' (a tag ends with '}}' on its own line)"),
        ("{{#loop items}}{{/loop}}", 1, "bad tag '{{#loop items}}': a block opens with '{{#each LIST}}' or '{{#if NAME}}'"),
        ("{{#each}}{{/each}}", 1, "bad tag '{{#each}}': a block opens with '{{#each LIST}}' or '{{#if NAME}}'"),
        ("{{#if items}}{{/fi}}", 1, "bad tag '{{/fi}}': a block closes with '{{/each}}' or '{{/if}}'"),
        ("\n\n{{}}", 3, "bad tag '{{}}': a field is '{{NAME}}', '{{NAME:WIDTH}}' or '{{NAME:-WIDTH}}'"),
        ("{{na me}}", 1, "bad tag '{{na me}}': a field is '{{NAME}}', '{{NAME:WIDTH}}' or '{{NAME:-WIDTH}}'"),
    ])
    func errorsSayWhereAndWhat(_ source: String, _ line: Int, _ message: String) {
        #expect(Self.error(source) == TextTemplateError(file: "t.txt", line: line, message: message))
    }

    @Test func anErrorReadsFileLineMessage() throws {
        let source = String(repeating: "text\n", count: 11) + "{{gros}}\n"
        let error = try #require(Self.error(source))
        #expect(error.description == "t.txt:12: unknown field 'gros'")
        do {
            _ = try TextTemplate(source, file: "summary.txt", schema: SummaryText.schema())
            Issue.record("parsed")
        } catch {
            #expect("\(error)" == "summary.txt:12: unknown field 'gros'")
        }
    }

    /// Without a schema the names are checked when the template is rendered, with the same lines.
    @Test func namesAreCheckedAtTheLatestWhenRendered() throws {
        let template = try TextTemplate("fine\n{{#each items}}\n{{name}} {{gros}}\n{{/each}}\n", file: "late.txt")
        #expect(throws: TextTemplateError(file: "late.txt", line: 3, message: "unknown field 'gros'")) {
            try template.render(try Self.context())
        }
        let good = try TextTemplate("{{#each items}}{{name}} {{/each}}", file: "late.txt")
        #expect(try good.render(try Self.context()) == "first second")
    }

    // MARK: - Safety

    @Test func recordedTextCannotBreakTheLayoutOrColourATerminal() throws {
        let controls = ["\u{1B}", "\t", "\r", "\n", "\r\n", "\u{0}", "\u{7F}", "\u{85}", "\u{9B}", "\u{061C}", "\u{200E}", "\u{200F}",
                        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
                        "\u{2028}", "\u{2029}"]
        let schema = TextTemplateSchema(fields: ["platform"], lists: ["expenses": TextTemplateSchema(fields: ["category", "note"])])
        let template = try TextTemplate("{{platform}}|{{#each expenses}}{{category}}|{{note:-6}}|{{/each}}\t(template tab)\n",
                                        schema: schema)
        for control in controls {
            let record = TextTemplateRecord(
                fields: ["platform": .text("Door\(control)Dash")],
                lists: ["expenses": [TextTemplateRecord(fields: ["category": .text("fuel\(control)x"), "note": .text("a\(control)b")])]])
            let spaces = String(repeating: " ", count: control.unicodeScalars.count)
            let out = try template.render(TextTemplateContext(schema: schema, record: record))
            #expect(out == "Door\(spaces)Dash|fuel\(spaces)x|" + "a\(spaces)b".padding(toLength: 6, withPad: " ", startingAt: 0)
                + "|\t(template tab)\n", "\(control.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(TextTemplate.safe("\u{1B}[31mred\u{1B}[0m") == " [31mred [0m")
        #expect(TextTemplate.safe("plain café ✓") == "plain café ✓")
    }

    // MARK: - The shipped summary

    static let chicago = TimeZone(identifier: "America/Chicago") ?? .gmt
    static let hour: Int64 = 3_600_000

    static func at(_ local: String) throws -> Instant { try TimeText.instant(local, zone: chicago) }
    static func money(_ text: String) throws -> Money { try Money(parsing: text) }

    static func facts(_ id: Int64, _ start: String, hours: Int64?, earnings: String? = nil, tips: String? = nil,
                      fuel: Bool = false, meters: Double? = nil, deliveries: Int = 0, outsideTips: String = "0") throws -> ShiftFacts {
        let begin = try at(start)
        let shift = try Shift(id: id, start: begin, end: hours.map { begin.adding(milliseconds: $0 * hour) },
                              earnings: try earnings.map { try PaidAmount(try money($0), tips: try tips.map { try money($0) }) },
                              fuel: fuel ? try FuelAssumption(milesPerGallon: try money("25"), pricePerGallon: try money("3.459")) : nil)
        return ShiftFacts(shift: shift, isPaused: false, pauses: [], offers: deliveries + 1, deliveries: deliveries, cancelledDeliveries: 0,
                          outsideTips: try money(outsideTips), meters: meters)
    }

    static func delivery(_ id: Int64, shift: Int64, at local: String, platform: String?) throws -> DeliveryRecord {
        let accepted = try at(local)
        let delivery = try Delivery(id: id, shiftID: shift, offerID: id, acceptedAt: accepted, deliveredAt: accepted.adding(milliseconds: 1_800_000))
        return DeliveryRecord(delivery: delivery, platform: platform, pickupPlace: nil, outsideTips: .zero)
    }

    /// November: a shift with everything and one past midnight without a route; December: a
    /// shift without earnings or route; January: nothing but an active shift (0.00 earned).
    static func sample(distance: DistanceUnit = .mi) throws -> ExportData {
        let facts = [
            try facts(1, "2026-11-02T09:00", hours: 8, earnings: "123.45", tips: "20.00", fuel: true, meters: 160_934.4, deliveries: 2,
                      outsideTips: "4.00"),
            try facts(2, "2026-11-20T21:30", hours: 4, earnings: "60.00", fuel: true),
            try facts(3, "2026-12-05T10:00", hours: 3),
            try facts(4, "2027-01-05T10:00", hours: nil),
        ]
        let expenses = [
            try Expense(id: 1, occurredAt: try at("2026-11-03T08:00"), amount: try money("40.00"), category: "fuel", note: "fill\u{2028}up"),
            try Expense(id: 2, occurredAt: try at("2026-12-03T08:00"), amount: try money("7.50"), category: "parking", note: nil),
        ]
        let deliveries = [
            try delivery(1, shift: 1, at: "2026-11-02T10:00", platform: "Door\u{1B}[2JDash"),
            try delivery(2, shift: 1, at: "2026-11-02T11:00", platform: "Uber\u{202E}Eats\r\nX"),
        ]
        let request = ReportRequest(from: try Day(parsing: "2026-11-01"), to: try Day(parsing: "2027-02-01"), unit: .month, zone: chicago,
                                    distanceUnit: distance, rates: try MileageRateTable.builtIn("us-irs-business"))
        let report = try Report(request: request, facts: facts, expenses: expenses)
        return ExportData(report: report, deliveries: deliveries, expenses: expenses)
    }

    static func summary(_ data: ExportData) throws -> String {
        let template = try TextTemplate(BuiltInReportTemplates.summary, file: "summary.txt", schema: SummaryText.schema(data.report.request.distanceUnit))
        return try SummaryText.render(data, template: template)
    }

    static func expectWithinEightyColumns(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "\(line.count): \(line)", sourceLocation: sourceLocation)
            #expect(!line.hasSuffix(" "), "trailing space: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func theShippedSummaryRendersAHandBuiltExport() throws {
        let text = try Self.summary(try Self.sample())
        Self.expectWithinEightyColumns(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "DashPilot summary: 2026-11-01 to 2027-01-31, by month")
        #expect(lines.contains("Time zone: America/Chicago"))
        #expect(lines.contains("period     shifts  worked h     miles      gross   expenses        net  per hour"))
        #expect(lines.contains("2026-11         2     12.00    100.00     183.45      40.00     147.45     15.29"))
        // December: a shift without earnings or route is "-", never 0.00.
        #expect(lines.contains("2026-12         1      3.00         -          -       7.50          -         -"))
        // January: no completed shift earned 0.00; the rates have no hours to divide.
        #expect(lines.contains("2027-01         0      0.00      0.00       0.00       0.00       0.00         -"))
        #expect(lines.contains("TOTAL           3     15.00    100.00     183.45      47.50     139.95     15.29"))
        #expect(lines.contains("  shifts without earnings (not counted as 0.00)            1"))
        #expect(lines.contains("  shifts without a recorded route                          2"))
        #expect(lines.contains("  shifts without a fuel assumption                         1"))
        #expect(!text.contains("mileage rates lack"))
        #expect(lines.contains("Fuel: two views side by side, never both subtracted"))
        #expect(lines.contains("  fuel expenses recorded (within expenses)             40.00"))
        #expect(lines.contains("  platform tips (within gross)                         20.00"))
        #expect(lines.contains("  outside tips (added to net)                           4.00"))
        #expect(lines.contains("  gross per mi                                          1.23"))
        #expect(lines.contains("  parking                                               7.50"))
        #expect(lines.contains("date        start  end         miles  purpose"))
        // Recorded platform names cannot move the cursor or reverse the line.
        #expect(lines.contains("2026-11-02  09:00  17:00      100.00  delivery driving (Door [2JDash, Uber Eats~"))
        #expect(lines.contains("2026-11-20  21:30  01:30+1         -  delivery driving"))
        #expect(lines.contains("total                         100.00"))
        #expect(lines.contains("Standard-mileage deduction estimate                    72.50"))
        #expect(lines.contains("  rates: us-irs-business"))
        #expect(lines.contains("  shift 4        active    started 2027-01-05T10:00:00-06:00"))
        #expect(!text.unicodeScalars.contains { TextTemplate.isUnsafe($0) && $0 != "\n" })
        #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"))
    }

    @Test func theShippedSummaryFitsEightyColumnsWithBigFiguresAndServesKilometres() throws {
        var facts: [ShiftFacts] = []
        for day in 0..<360 {
            let date = try Day(parsing: "2026-01-01").adding(days: Int64(day))
            facts.append(try Self.facts(Int64(day + 1_000_000), "\(date)T08:00", hours: 11, earnings: "345.67", tips: "45.00",
                                        fuel: true, meters: 400_000, deliveries: 40, outsideTips: "12.00"))
        }
        let expenses = try (1...9).map { n in
            try Expense(id: Int64(n), occurredAt: try Self.at("2026-06-0\(n)T08:00"), amount: try Self.money("12345.6\(n)"),
                        category: ["fuel", "maintenance", "insurance", "phone", "parking", "tolls", "supplies", "fees", "a-very-long-category-name-of-forty-chars"][n - 1],
                        note: nil)
        }
        let platforms = (1...8).map { "A Platform With A Long Name \($0)" }
        let deliveries = try platforms.enumerated().map { index, name in
            try Self.delivery(Int64(index + 1), shift: 1_000_000, at: "2026-01-01T0\(index + 1):00", platform: name)
        }
        let zone = TimeZone(identifier: "America/Argentina/ComodRivadavia") ?? Self.chicago
        for unit in [DistanceUnit.mi, .km] {
            let request = ReportRequest(from: try Day(parsing: "2026-01-01"), to: try Day(parsing: "2027-01-01"), unit: .month, zone: zone,
                                        distanceUnit: unit, rates: try MileageRateTable.builtIn("us-irs-business"))
            let data = ExportData(report: try Report(request: request, facts: facts, expenses: expenses), deliveries: deliveries, expenses: expenses)
            let text = try Self.summary(data)
            Self.expectWithinEightyColumns(text)
            #expect(text.contains(unit == .mi ? "     miles      gross" : "        km      gross"))
            #expect(text.contains("~\n"))  // the long purpose was cut
        }
    }

    @Test func theSchemaIsTheContextsAndNamesTheDistanceByItsUnit() throws {
        for unit in [DistanceUnit.mi, .km] {
            let data = try Self.sample(distance: unit)
            #expect(SummaryText.schema(unit) == SummaryText.context(data).schema)
        }
        let miles = SummaryText.schema(.mi), km = SummaryText.schema(.km)
        #expect(miles.fields.isSuperset(of: ["from", "to", "last_day", "zone", "period", "shifts", "active_shifts", "miles", "earnings_per_mile",
                                             "shifts_without_route", "standard_mileage_deduction", "mileage_rates", "fuel_expenses"]))
        #expect(km.fields.contains("km") && km.fields.contains("earnings_per_km") && !km.fields.contains("miles"))
        #expect(miles.lists["periods"]?.fields.isSuperset(of: ["label", "period_start", "period_end", "gross_earnings", "miles"]) == true)
        #expect(miles.lists["mileage_log"]?.fields.isSuperset(of: ["date", "shift_id", "started_at", "ended_at", "miles", "purpose"]) == true)
        #expect(miles.lists["expenses_by_category"]?.fields == ["category", "amount"])
        #expect(miles.lists["active_shifts"]?.fields == ["shift_id", "started_at", "state"])
        // A km report refuses a template that names miles, at the line that does.
        let template = try TextTemplate("ok\n{{miles}}\n", file: "mine.txt", schema: miles)
        #expect(throws: TextTemplateError(file: "mine.txt", line: 2, message: "unknown field 'miles'")) {
            try SummaryText.render(try Self.sample(distance: .km), template: template)
        }
    }

    /// The example of docs/text-templates.md, over the sample above.
    @Test func theDocumentedExample() throws {
        let source = """
        {{! one line per period, then the total }}
        period        gross      net
        {{#each periods}}
        {{label:-10}} {{gross_earnings:8}} {{net_after_expenses:8}}
        {{/each}}
        TOTAL      {{gross_earnings:8}} {{net_after_expenses:8}}
        {{#if shifts_without_earnings}}
        shifts without earnings: {{shifts_without_earnings}} (not counted as 0.00)
        {{/if}}

        """
        let template = try TextTemplate(source, file: "example.txt", schema: SummaryText.schema())
        #expect(try SummaryText.render(try Self.sample(), template: template) == """
        period        gross      net
        2026-11      183.45   147.45
        2026-12           -        -
        2027-01        0.00     0.00
        TOTAL        183.45   139.95
        shifts without earnings: 1 (not counted as 0.00)

        """)
    }

    @Test func theBuiltInSummaryIsTheShippedFile() throws {
        let path = Fixtures.packageRoot + "/Templates/reports/summary.txt"
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(BuiltInReportTemplates.summary.utf8) == Array(data))
    }
}
