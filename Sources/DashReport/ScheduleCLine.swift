import DashModel

/// One Schedule C expense line of a method's figures: its number, its name, the amount, and
/// what it is made of (each part named, so a figure can be traced to its sources).
public struct ScheduleCLine: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public let label: String
        public let amount: Money
    }

    public let line: String
    public let name: String
    public let parts: [Part]
    public let amount: Money

    init(line: String, name: String, parts: [Part]) throws(MoneyError) {
        self.line = line
        self.name = name
        self.parts = parts
        var sum = Money.zero
        for part in parts { sum = try sum.adding(part.amount) }
        amount = sum
    }

    /// Form order: 9 before 10, 20a before 22, 27a last.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        func key(_ line: String) -> (Int, String) {
            let digits = line.prefix { $0.isNumber }
            return (Int(digits) ?? Int.max, String(line.dropFirst(digits.count)))
        }
        return key(a) < key(b)
    }
}
