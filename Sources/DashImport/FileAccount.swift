import DashModel

/// A row the template does not record, with why, what it is, and the money it holds (issue 27:
/// nothing in a money file is skipped silently).
public struct SkippedRow: Sendable, Equatable {
    public let line: Int
    /// Why, in the template's words (`category starts with 'payout'`).
    public let reason: String
    /// What the row is, as the accounting names it (``FileAccount/Class``).
    public let account: FileAccount.Class
    /// The row's amount as the file writes it (its amount, pay or gross cell), nil when it has none.
    public let amount: Money?

    public init(line: Int, reason: String, account: FileAccount.Class, amount: Money?) {
        self.line = line
        self.reason = reason
        self.account = account
        self.amount = amount
    }
}

/// Where every amount of a statement went (docs/record.md, "Every amount is accounted for"): the
/// file's total, as the file signs its amounts, is the sum of its classes to the cent: income on
/// trips or shifts, income on no trip, the fees the platform kept (negative, as a payments file
/// writes them), and each class of what is not income (payouts, transfers, cash collected, a
/// totals row, another driver's rows). Rows recorded by an earlier import count in their class:
/// the record holds them once.
public struct FileAccount: Sendable, Equatable {
    /// What an amount is. Income classes first; a template's skip rule names its own (`"as"`).
    public struct Class: Sendable, Hashable, Comparable {
        public let name: String
        /// Income of the business (counted in gross receipts) rather than money that is not.
        public let isIncome: Bool
        let order: Int
        /// A class a template's skip rule names (`"as"`): said beside a skipped row, whose reason
        /// names only the cell (the built-in classes' reasons already say what they are).
        public let isNamedByTemplate: Bool

        public init(notIncome name: String) {
            self.name = name
            isIncome = false
            order = 10
            isNamedByTemplate = true
        }

        private init(builtIn name: String) {
            self.name = name
            isIncome = false
            order = 10
            isNamedByTemplate = false
        }

        private init(income name: String, order: Int) {
            self.name = name
            isIncome = true
            self.order = order
            isNamedByTemplate = false
        }

        public static let onTrips = Class(income: "income on trips", order: 0)
        public static let onShifts = Class(income: "income on shifts", order: 1)
        public static let otherIncome = Class(income: "income on no trip", order: 2)
        /// Counted apart from income: what the platform kept (deducted on Schedule C line 10).
        public static let fees = Class(fee: "fees the platform kept")
        public static let repeatedHeader = Class(builtIn: "repeated headers")
        public static let anotherDriver = Class(builtIn: "another driver's rows")
        public static let noAmount = Class(builtIn: "rows with no amount")
        /// Trips cancelled before pickup (`cancelledWhen`): no trip driven, no money in a trips file.
        public static let cancelledTrips = Class(builtIn: "trips cancelled before pickup")
        /// A skip rule that names no class (`"as"`): its column says which.
        public static func skippedBy(_ column: String) -> Class { Class(builtIn: "rows skipped by their \(column)") }

        private init(fee name: String) {
            self.name = name
            isIncome = false
            order = 3
            isNamedByTemplate = false
        }

        public static func < (lhs: Class, rhs: Class) -> Bool { (lhs.order, lhs.name) < (rhs.order, rhs.name) }
    }

    /// One class: its amount (signed as the file writes it) and how many rows or lines hold it.
    public struct Entry: Sendable, Equatable {
        public let account: Class
        public var amount: Money
        public var rows: Int
        /// How many of the rows hold an amount (a payout whose money lies in a column the
        /// template does not read holds none).
        public var withAmount: Int
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Adds `amount` (nil: a row with no money, counted) to `account`.
    public mutating func add(_ account: Class, _ amount: Money?, rows: Int = 1) {
        let units = amount?.units ?? 0
        if let index = entries.firstIndex(where: { $0.account == account }) {
            entries[index].amount = Money(units: entries[index].amount.units &+ units)
            entries[index].rows += rows
            if amount != nil { entries[index].withAmount += rows }
        } else {
            entries.append(Entry(account: account, amount: Money(units: units), rows: rows, withAmount: amount == nil ? 0 : rows))
            entries.sort { $0.account < $1.account }
        }
    }

    /// The file's total: every class summed, as the file signs its amounts.
    public var total: Money { Money(units: entries.reduce(Int64(0)) { $0 &+ $1.amount.units }) }

    /// The amount of one class (zero when the file has none of it).
    public func amount(of account: Class) -> Money { entries.first { $0.account == account }?.amount ?? .zero }

    /// The accounting of what a reader read: its rows by kind, and what it skipped. Trip-less
    /// lines are income on no trip.
    public static func of(_ reader: ShiftRowReader, skipped: [SkippedRow]) -> FileAccount {
        var account = FileAccount()
        for row in reader.rows {
            if let gross = row.amounts.gross { account.add(.onShifts, gross) }
            if let fees = row.amounts.fees { account.add(.fees, Money(units: -fees.units)) }
        }
        for row in reader.deliveries {
            if let gross = row.amounts.gross { account.add(.onTrips, gross) }
            if let fees = row.amounts.fees { account.add(.fees, Money(units: -fees.units)) }
        }
        for line in reader.moneyLines { account.add(line.kind == .fee ? .fees : .onTrips, line.amount) }
        for line in reader.triplessLines { account.add(.otherIncome, line.amount) }
        for row in skipped { account.add(row.account, row.amount) }
        return account
    }
}

extension ShiftRowReader {
    /// A skipped row's money as the file writes it: its amount (a money line, with `onTop` its
    /// tips), pay (a delivery) or gross (a shift) cell; nil when blank or not an amount (a
    /// skipped row's cells are not judged: it is not recorded).
    func skippedAmount(_ record: CSVRecord) -> Money? {
        let column: StatementTemplate.Field = switch template.kind {
        case .moneyLines: .amount
        case .deliveries: .pay
        case .shifts: .gross
        }
        func read(_ field: StatementTemplate.Field) -> Money? {
            let text = cell(record, field)
            guard !text.isEmpty else { return nil }
            return try? AmountText.read(text, decimalMark: template.decimalMark).amount
        }
        guard let main = read(column) else { return template.tipsAre == .onTop ? read(.tips) : nil }
        guard template.tipsAre == .onTop, let tips = read(.tips) else { return main }
        return Money(units: main.units &+ tips.units)
    }
}
