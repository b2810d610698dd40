import DashModel
import DashStore
import Foundation

/// `shift edit ID [--start T] [--end T] [--platform P] [--allow-future]` (docs/cli.md "shift
/// edit"): a completed shift's times corrected in place, its route, pauses and deliveries kept;
/// `--platform` names the platform of the one figure the driver typed on it.
enum ShiftEditCommand {
    static let spec = CommandSpec(
        path: ["shift", "edit"], abstract: "Correct a completed shift's times or your figure's platform.",
        usage: """
            shift edit ID [--start TIME] [--end TIME] [--platform NAME]
                   [--allow-future]
            """,
        arguments: [("ID", "The shift, as 'dashpilot shifts' lists it.")],
        options: [
            OptionHelp(name: "start", value: "TIME", help: "Its new start."),
            OptionHelp(name: "end", value: "TIME", help: "Its new end; after the start."),
            OptionHelp(name: "platform", value: "NAME", help: "The platform of the earnings you typed on it ('shift earnings'): a shift has no platform of its own."),
            OptionHelp(name: "allow-future", value: nil, help: "Accept an end after now."),
        ],
        discussion: """
            Its route, pauses, parked stretches and deliveries stay on it; an edit that would
            leave any of them outside the new times is refused, naming how many and the first.
            A shift an import made is refused: its times are its evidence's, and the next import
            or undo sets them again. Prints the times as they were.
            """,
        store: .existing,
        run: run)

    static func run(_ run: Invocation) throws -> ExitCode {
        let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
        let newStart = try run.arguments.value("start").map { try run.instant($0, option: "--start") }
        let newEnd = try run.arguments.value("end").map { try run.instant($0, option: "--end") }
        let platform = try run.arguments.value("platform")
        guard newStart != nil || newEnd != nil || platform != nil else {
            throw UsageError(message: "give --start, --end or --platform")
        }
        if let newEnd { try requireNotFuture(newEnd, run: run) }
        let store = try run.store
        var lines: [String] = []
        try store.write {
            let shift = try store.requireShift(id)
            if newStart != nil || newEnd != nil {
                guard let end = shift.end else { throw refusal(.active(shiftID: id)) }
                let start = newStart ?? shift.start, until = newEnd ?? end
                guard until > start else {
                    throw CommandFailure(message: "the end (\(run.local(until))) is not after the start (\(run.local(start))); nothing was written",
                                         status: .dataError)
                }
                do { try store.retimeShift(id, start: start, end: until) } catch let error as ShiftEditRefusal {
                    throw refusal(error)
                } catch let misfit as ShiftEditMisfit {
                    throw CommandFailure(message: text(misfit, run: run) + "; nothing was written", status: .dataError)
                } catch ModelError.overlappingShift(let other) {
                    let them = try store.requireShift(other)
                    throw CommandFailure(message: "shift \(id) at \(span(start, until, run: run)) would overlap shift \(other) "
                                         + "(\(span(them.start, them.end ?? run.now, run: run))); shifts cannot overlap; nothing was written",
                                         status: .dataError)
                }
                lines.append(change(id, from: (shift.start, end), to: (start, until), run: run))
            }
            if let platform {
                do {
                    if let (figure, was) = try store.setTypedFigurePlatform(id, to: platform) {
                        let whose = switch was { case .wholeShift: "the whole shift"; case let .platform(name): name }
                        lines.append("shift \(id): your earnings \(ShiftCommands.earningsText(figure)) are for \(platform) (was \(whose))")
                    } else {
                        lines.append("shift \(id): your earnings were already for \(platform)")
                    }
                } catch let error as ShiftPlatformRefusal {
                    throw platformRefusal(error, platform: platform)
                }
            }
        }
        if !run.quiet { for line in lines { run.print(line) } }
        return .success
    }

    /// `shift 12: 2026-11-02 10:30-14:15 -> 10:00-14:15 (was 10:30)`: the new date only when
    /// it is another, the `was` naming what changed.
    static func change(_ id: Int64, from old: (Instant, Instant), to new: (Instant, Instant), run: Invocation) -> String {
        let before = span(old.0, old.1, run: run)
        guard old != new else { return "shift \(id): \(before), unchanged" }
        let sameDay = dayText(old.0, run: run) == dayText(new.0, run: run)
        let after = sameDay ? run.clock(new.0) + "-" + run.clock(new.1, after: new.0) : span(new.0, new.1, run: run)
        let was: String
        if old.0 != new.0, old.1 != new.1 {
            was = run.clock(old.0) + "-" + run.clock(old.1, after: old.0)
        } else if old.0 != new.0 {
            was = sameDay ? run.clock(old.0) : run.local(old.0)
        } else {
            was = run.clock(old.1, after: old.0)
        }
        return "shift \(id): \(before) -> \(after) (was \(was))"
    }

    /// `2026-11-02 10:30-14:15` (the end `+1` on the next local day).
    static func span(_ start: Instant, _ end: Instant, run: Invocation) -> String {
        dayText(start, run: run) + " " + run.clock(start) + "-" + run.clock(end, after: start)
    }

    static func dayText(_ instant: Instant, run: Invocation) -> String {
        let civil = TimeText.civil(instant, zone: run.zone)
        return String(format: "%04d-%02d-%02d", civil.year, civil.month, civil.day)
    }

    /// `3 deliveries and 412 route positions fall outside 10:00-12:00; the first at 12:14`.
    static func text(_ misfit: ShiftEditMisfit, run: Invocation) -> String {
        func count(_ n: Int, _ one: String, _ many: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? one : many)" }
        let parts = [count(misfit.deliveries, "delivery", "deliveries"), count(misfit.routePositions, "route position", "route positions"),
                     count(misfit.pauses, "pause", "pauses"), count(misfit.parkedStretches, "parked stretch", "parked stretches")].compactMap { $0 }
        let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
        let total = misfit.deliveries + misfit.routePositions + misfit.pauses + misfit.parkedStretches
        let span = run.clock(misfit.span.start) + "-" + run.clock(misfit.span.end, after: misfit.span.start)
        return "shift \(misfit.shiftID): \(list) \(total == 1 ? "falls" : "fall") outside \(span); the first at \(run.clock(misfit.first))"
    }

    static func refusal(_ refusal: ShiftEditRefusal) -> CommandFailure {
        switch refusal {
        case let .active(id):
            return CommandFailure(message: "shift \(id) is active: 'shift edit' corrects a completed shift; nothing was written", status: .dataError)
        case let .madeByImport(id, importID, fileName):
            return CommandFailure(message: "shift \(id) was made by import \(importID) (\(fileName)): its times are its evidence's, from the first "
                                  + "to the last, and the next import or undo sets them again; nothing was written "
                                  + "(docs/record.md, \"Evidence and shifts\")", status: .dataError)
        }
    }

    static func platformRefusal(_ refusal: ShiftPlatformRefusal, platform: String) -> CommandFailure {
        switch refusal {
        case let .noTypedFigure(id):
            return CommandFailure(message: "shift \(id) holds no earnings you typed for --platform to name (a shift has no platform of its own); "
                                  + "'shift earnings \(id) AMOUNT --platform \(platform)' records one; nothing was written", status: .dataError)
        case let .severalTypedFigures(id, names):
            return CommandFailure(message: "shift \(id) holds your figures for \(names.joined(separator: ", ")): give each its platform with "
                                  + "'shift earnings \(id) AMOUNT --platform NAME'; nothing was written", status: .dataError)
        }
    }

    /// A time after now (the clock read once, `Invocation.now`) is refused without
    /// `--allow-future`: a usage mistake (exit 64), named in local time.
    static func requireNotFuture(_ end: Instant, run: Invocation) throws {
        guard end > run.now, !run.arguments.has("allow-future") else { return }
        throw UsageError(message: "--end \(run.local(end)) (\(run.zone.identifier)) is after now (\(run.local(run.now))); nothing was written",
                         hint: "a shift that ends in the future needs --allow-future")
    }
}
