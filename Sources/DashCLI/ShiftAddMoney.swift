import DashModel
import DashStore

/// `shift add`'s `--earnings A [--tips T] [--platform NAME]`: the driver's figure recorded with
/// the shift, in its transaction, as `shift earnings` records it. A shift has no platform of
/// its own (docs/record.md, "Money": every amount keeps its platform), so `--platform` names
/// the platform of `--earnings` and is refused without it.
struct ShiftAddMoney {
    static let options = [
        OptionHelp(name: "earnings", value: "A", help: "Your gross earnings for it, as 'shift earnings' records them."),
        OptionHelp(name: "tips", value: "T", help: "The part of --earnings the platform reported as tips."),
        OptionHelp(name: "platform", value: "NAME", help: "The platform --earnings is for; without it, the whole shift."),
        OptionHelp(name: "allow-future", value: nil, help: "Accept an end after now."),
    ]

    let paid: PaidAmount?
    let platform: String?

    init(_ run: Invocation) throws {
        let gross = try run.arguments.value("earnings").map { try run.money($0, what: "--earnings") }
        let tips = try run.arguments.value("tips").map { try run.money($0, what: "--tips") }
        platform = try run.arguments.value("platform")
        guard let gross else {
            guard tips == nil, platform == nil else {
                throw UsageError(message: "--tips and --platform describe --earnings; give --earnings too",
                                 hint: "a shift has no platform of its own: the platform is its money's")
            }
            paid = nil
            return
        }
        paid = try PaidAmount(gross, tips: tips)  // a negative amount or tips above it: the record's refusal, exit 65
        if let platform {
            do { _ = try PlainText.validated(platform, field: "--platform", maxLength: 100) } catch { throw UsageError(message: "\(error)") }
        }
    }

    /// Makes the shift with `create` and records the figure on it, one transaction.
    func record(on create: () throws -> Int64, run: Invocation) throws -> Int64 {
        let store = try run.store
        return try store.write {
            let id = try create()
            if let paid {
                if let platform { try store.setTypedEarnings(id, platform: platform, paid) } else { try store.setEarnings(id, paid) }
            }
            return id
        }
    }

    /// `: earnings 88.20 (tips not reported) for DoorDash`, or nothing.
    var said: String {
        guard let paid else { return "" }
        return ": earnings \(ShiftCommands.earningsText(paid))" + (platform.map { " for \($0)" } ?? " for the whole shift")
    }
}

extension ShiftAddMoney {
    /// `shift earnings`' hint (issue 27, item 3: a typed 51.47 took a shift's Uber gross from
    /// 207.25, 12 trips, to 51.47 in silence): when the figure replaces the gross of the shift's
    /// trips or statement rows for its platform (or, with no platform, for the whole shift) and
    /// differs from it, a note says what it replaced and where money on no shift goes.
    static func noteReplaced(_ run: Invocation, shiftID: Int64, platform: String?, typed: Money) throws {
        guard !run.quiet else { return }
        let store = try run.store
        let shift = try store.requireShift(shiftID)
        guard let facts = try store.shiftFacts(from: shift.start, to: shift.start.adding(milliseconds: 1)).first(where: { $0.shift.id == shiftID })
        else { return }
        let key = platform.map(PlatformMoney.key)
        let replaced = facts.money.filter { $0.source != .typed && $0.hasGross && (key == nil || $0.platformKey == key) }
        var gross = Money.zero
        for money in replaced {
            // Amounts beyond any sum are `check`'s to name; the hint is then left out.
            guard let sum = try? gross.adding(money.gross) else { return }
            gross = sum
        }
        guard !replaced.isEmpty, gross != typed else { return }
        let trips = replaced.reduce(0) { $0 + $1.trips }
        run.note("your figure replaces " + (platform.map { "the shift's \($0) gross" } ?? "the shift's gross") + " of \(gross.formatted())"
                 + (trips > 0 ? " (\(trips) trip\(trips == 1 ? "" : "s"))" : "") + " in every report and tax figure; "
                 + "money that belongs to no shift (a quest, an incentive) goes in with 'income add'")
    }
}
