import DashModel
import DashReport
import DashStore

/// `delivery add` and `delivery delete` (docs/cli.md "delivery add"): a finished delivery typed
/// on a completed shift, so an outside tip (`tip add`) can go on hand-entered work. Its pay is
/// its own; a shift's figure is never divided among deliveries (docs/report.md, "Which figure
/// counts": a typed figure or a statement total for its platform counts instead of its pay).
enum DeliveryCommands {
    static let add = CommandSpec(
        path: ["delivery", "add"], abstract: "Record a finished delivery on a completed shift by hand.",
        usage: """
            delivery add --shift ID --accepted TIME --delivered TIME
                   [--pay A [--tips T]] [--platform NAME]
            """,
        options: [
            OptionHelp(name: "shift", value: "ID", help: "The completed shift it was part of."),
            OptionHelp(name: "accepted", value: "TIME", help: "When it was accepted: within the shift."),
            OptionHelp(name: "delivered", value: "TIME", help: "When it was delivered: after it was accepted, by the shift's end."),
            OptionHelp(name: "pay", value: "A", help: "What the platform paid for this delivery alone (8.50)."),
            OptionHelp(name: "tips", value: "T", help: "The part of --pay the platform reported as tips."),
            OptionHelp(name: "platform", value: "NAME", help: "The platform it was for."),
        ],
        discussion: """
            TIME as for 'shift add'; a bare time of day (12:30) is on the shift's start date, or the
            next one when that is before the shift starts. Where your figure or a statement total
            for its platform counts ('shift earnings'), its pay is listed but not added again.
            Prints the delivery's id, for 'tip add'.
            """,
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let shiftID = try run.id(try run.arguments.required("shift"), what: "--shift")
            let pay = try run.arguments.value("pay").map { try run.money($0, what: "--pay") }
            let tips = try run.arguments.value("tips").map { try run.money($0, what: "--tips") }
            guard tips == nil || pay != nil else { throw UsageError(message: "--tips is the part of --pay that was tips; give --pay too") }
            let paid = try pay.map { try PaidAmount($0, tips: tips, field: "the pay") }
            let platform = try run.arguments.value("platform")
            let store = try run.store
            let shift = try store.requireShift(shiftID)
            guard let end = shift.end else {
                throw CommandFailure(message: "shift \(shiftID) is active: 'delivery add' records work on a completed shift; nothing was written",
                                     status: .dataError)
            }
            let accepted = try time("accepted", after: shift.start, run: run)
            let delivered = try time("delivered", after: accepted, run: run)
            let within = ShiftEditCommand.span(shift.start, end, run: run)
            guard delivered > accepted else {
                throw CommandFailure(message: "--delivered (\(run.local(delivered))) is not after --accepted (\(run.local(accepted))); "
                                     + "nothing was written", status: .dataError)
            }
            guard accepted >= shift.start, accepted < end, delivered <= end else {
                throw CommandFailure(message: "the delivery (\(run.clock(accepted, after: shift.start))-\(run.clock(delivered, after: shift.start))) "
                                     + "falls outside shift \(shiftID) (\(within)); nothing was written", status: .dataError)
            }
            let id = try store.addHandEnteredDelivery(shiftID: shiftID, accepted: accepted, delivered: delivered, pay: paid, platform: platform)
            if !run.quiet {
                run.print("added delivery \(id) to shift \(shiftID): accepted \(run.clock(accepted)), delivered \(run.clock(delivered, after: accepted)), "
                          + "pay " + (paid.map(ShiftCommands.earningsText) ?? "not recorded") + (platform.map { ", \($0)" } ?? ""))
                if paid != nil, let note = try countedInstead(shiftID: shiftID, platform: platform, store: store) { run.print(note) }
            }
            return .success
        })

    static let delete = CommandSpec(
        path: ["delivery", "delete"], abstract: "Delete a delivery you typed, with its outside tips.",
        usage: "delivery delete ID", arguments: [("ID", "The delivery, as 'shift show' lists it.")],
        discussion: "A delivery an import gave is refused: 'imports undo' removes it with its file.",
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            let removed: RemovedDelivery
            do { removed = try run.store.deleteHandEnteredDelivery(id) } catch let refusal as ImportedDeliveryRefusal {
                throw CommandFailure(message: "delivery \(id) came from import \(refusal.importID) (\(refusal.fileName)); "
                                     + "'imports undo \(refusal.importID)' removes it with its file; nothing was written", status: .dataError)
            }
            if !run.quiet {
                run.print("deleted delivery \(id) of shift \(removed.delivery.shiftID): "
                          + ShiftCommands.amountsText(removed.delivery.ownAmount, outsideTips: removed.outsideTips))
            }
            return .success
        })

    /// `--accepted`/`--delivered`: a full time, or a bare `HH:MM` on `anchor`'s local date (the
    /// next date when that is before it), as `shift add --pause` reads one.
    static func time(_ option: String, after anchor: Instant, run: Invocation) throws -> Instant {
        let text = try run.arguments.required(option)
        guard text.count == 5, text.dropFirst(2).first == ":" else { return try run.instant(text, option: "--" + option) }
        let day = TimeText.civil(anchor, zone: run.zone)
        var days = CivilTime.days(year: day.year, month: day.month, day: day.day)
        for _ in 0..<2 {
            let date = CivilTime.civil(fromDays: days)
            let instant = try run.instant(String(format: "%04d-%02d-%02dT", date.year, date.month, date.day) + text, option: "--" + option)
            if instant >= anchor { return instant }
            days += 1
        }
        throw UsageError(message: "--\(option) \(text) is not within a day of \(run.local(anchor))")
    }

    /// The note when another figure counts for the delivery's platform instead of its trips'
    /// pay: `note: your figure for shift 4 (88.20) counts; this delivery's pay is not added to it`.
    static func countedInstead(shiftID: Int64, platform: String?, store: Store) throws -> String? {
        let shift = try store.requireShift(shiftID)
        let counted = try CountedMoney(shiftID: shiftID, money: try store.platformMoney(of: shift))
        let key = platform.map(PlatformMoney.key)
        let share = counted.shares.first { $0.key == key && $0.source != nil && $0.source != .trips }
            ?? counted.shares.first { $0.key == nil && $0.source != nil && $0.source != .trips && $0.gross != nil }
        guard let share, let source = share.source, let gross = share.gross else { return nil }
        let whose = source == .typed ? "your figure" : "the \(source.rawValue)"
        let what = share.platform.map { "for \($0)" } ?? "for the whole shift"
        return "note: \(whose) \(what) (\(gross.formatted())) counts; this delivery's pay is listed, not added to it (docs/report.md)"
    }
}
