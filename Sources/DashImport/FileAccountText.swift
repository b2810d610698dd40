import DashModel

/// A file's accounting as the store keeps it with its import (`importRecord.account`), and read
/// back for `imports show`: one class a line, `class<TAB>income|fee|other<TAB>units<TAB>rows`,
/// then one skipped row a line, `skip<TAB>line<TAB>class<TAB>units or -`. Text of this build's
/// own making (class names are the template's `"as"`, checked plain text without tabs).
public struct StoredAccount: Sendable, Equatable {
    public var account: FileAccount
    /// The skipped rows kept (the first ``keptSkips``), and how many there were in all.
    public var skipped: [SkippedRow]
    public var skippedCount: Int

    /// A fleet file can hold 100,000 other drivers' rows: the first thousand are kept, all counted.
    public static let keptSkips = 1_000

    public init(account: FileAccount, skipped: [SkippedRow]) {
        self.account = account
        self.skipped = Array(skipped.prefix(Self.keptSkips))
        skippedCount = skipped.count
    }

    public var text: String {
        var lines: [String] = []
        for entry in account.entries {
            let tag = entry.account.isIncome ? "income" : entry.account == .fees ? "fee" : "other"
            lines.append(["class", Self.clean(entry.account.name), tag, entry.withAmount == 0 ? "-" : String(entry.amount.units),
                          String(entry.rows)].joined(separator: "\t"))
        }
        for row in skipped {
            lines.append(["skip", String(row.line), Self.clean(row.account.name), row.amount.map { String($0.units) } ?? "-"].joined(separator: "\t"))
        }
        lines.append("skipped\t\(skippedCount)")
        return lines.joined(separator: "\n")
    }

    /// Reads `text` back; nil when it is not this shape (a store edited by hand).
    public static func parse(_ text: String) -> StoredAccount? {
        var account = FileAccount()
        var skipped: [SkippedRow] = []
        var count = 0
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("class", 5):
                let units = fields[3] == "-" ? nil : Int64(fields[3])
                guard fields[3] == "-" || units != nil, let rows = Int(fields[4]) else { return nil }
                let kind: FileAccount.Class
                switch fields[2] {
                case "income": guard let known = FileAccount.Class.income(named: fields[1]) else { return nil }
                    kind = known
                case "fee": kind = .fees
                default: kind = FileAccount.Class.builtIn(named: fields[1]) ?? FileAccount.Class(notIncome: fields[1])
                }
                account.add(kind, units.map(Money.init(units:)), rows: rows)
            case ("skip", 4):
                guard let number = Int(fields[1]) else { return nil }
                let units = fields[3] == "-" ? nil : Int64(fields[3])
                if fields[3] != "-" && units == nil { return nil }
                let kind = FileAccount.Class.builtIn(named: fields[2]) ?? FileAccount.Class(notIncome: fields[2])
                skipped.append(SkippedRow(line: number, reason: "", account: kind, amount: units.map(Money.init(units:))))
            case ("skipped", 2):
                guard let total = Int(fields[1]) else { return nil }
                count = total
            default: return nil
            }
        }
        var stored = StoredAccount(account: account, skipped: skipped)
        stored.skippedCount = max(count, skipped.count)
        return stored
    }

    private static func clean(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" ? " " : $0 })
    }
}

extension FileAccount.Class {
    /// The built-in class of what is not income named `name`, if it is one.
    static func builtIn(named name: String) -> FileAccount.Class? {
        [FileAccount.Class.repeatedHeader, .anotherDriver, .noAmount, .cancelledTrips].first { $0.name == name }
    }

    /// The income class of `name` (the three this build writes).
    static func income(named name: String) -> FileAccount.Class? {
        [FileAccount.Class.onTrips, .onShifts, .otherIncome].first { $0.name == name }
    }
}
