import DashModel

/// Two figures for the same money that differ (docs/record.md, "Money"): a shift total and its
/// trips, or the driver's figure and an imported one. Both are given, and which counts; in
/// `check` it is a note (exit 0): a dash total above its trips is normal (peak pay sits in it).
public struct EarningsNote: Sendable, Equatable {
    /// One side of the comparison.
    public struct Side: Sendable, Equatable {
        /// `your figure`, `the statement total`, `the trips' pay`, `the platforms' own figures`.
        public let label: String
        /// Nil for the sum of several platforms' figures.
        public let source: PlatformMoney.Source?
        /// The platform the figure is for; nil: the whole shift (or several platforms).
        public let platform: String?
        public let gross: Money
        /// For the sum of several platforms' figures, each of them.
        public let parts: [Side]

        init(label: String, source: PlatformMoney.Source?, platform: String?, gross: Money, parts: [Side] = []) {
            self.label = label
            self.source = source
            self.platform = platform
            self.gross = gross
            self.parts = parts
        }

        init(_ figure: Bucket.Figure, platform: String?) {
            self.init(label: Side.label(figure.source), source: figure.source, platform: platform, gross: figure.gross)
        }

        static func label(_ source: PlatformMoney.Source) -> String {
            switch source {
            case .typed: "your figure"
            case .statementTotal: "the statement total"
            case .trips: "the trips' pay"
            }
        }

        /// `the statement total 50.00`, `the trips' pay 12.25 (DoorDash)`, or a sum with its parts.
        var text: String {
            var text = "\(label) \(gross.formatted())"
            if !parts.isEmpty {
                text += " (" + parts.map { "\($0.platform ?? "no platform"): \($0.label) \($0.gross.formatted())" }.joined(separator: ", ") + ")"
            }
            return text
        }
    }

    public let shiftID: Int64
    /// The platform both figures are for; nil: the whole shift.
    public let platform: String?
    public let counted: Side
    public let other: Side

    /// `shift 3, DoorDash: the statement total 50.00 counts; the trips' pay is 45.00.`
    public var text: String {
        let scope = platform.map { "shift \(shiftID), \($0)" } ?? "shift \(shiftID), whole shift"
        return "\(scope): \(counted.text) counts, not \(other.text)."
    }

    /// Every note over `facts`, in their order (the store gives start order): what `check`
    /// prints. A shift whose figures do not add up (beyond any recordable amount) is left out;
    /// the report names it.
    public static func of(_ facts: [ShiftFacts]) -> [EarningsNote] {
        facts.flatMap { (try? CountedMoney(shiftID: $0.shift.id, money: $0.moneyFigures))?.notes ?? [] }
    }
}

extension ShiftFacts {
    /// `money`, or for facts built without it (by a caller predating it) the same figures from
    /// the shift's own figure and its deliveries' pay, as the store reads them: the shift's
    /// figure for the whole shift (counted as a statement total: it wins over trips either way)
    /// and the trips' pay with no platform.
    public var moneyFigures: [PlatformMoney] {
        guard money.isEmpty else { return money }
        var figures: [PlatformMoney] = []
        if let earnings = shift.earnings {
            figures.append(PlatformMoney(platform: nil, source: .statementTotal, gross: earnings.amount, tips: earnings.tips))
        }
        if let pay = deliveriesPay {
            figures.append(PlatformMoney(platform: nil, source: .trips, gross: pay, tips: deliveriesPlatformTips, trips: deliveries))
        }
        return figures
    }
}
