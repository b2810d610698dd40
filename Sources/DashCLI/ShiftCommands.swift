import DashModel
import DashReport
import DashStore
import Foundation

enum ShiftCommands {
    static let list = CommandSpec(
        path: ["shifts"], abstract: "List shifts, oldest first.",
        usage: "shifts [--from DATE] [--to DATE]",
        options: [
            OptionHelp(name: "from", value: "DATE", help: "Only shifts that started on or after this local date (YYYY-MM-DD)."),
            OptionHelp(name: "to", value: "DATE", help: "Only shifts that started before this local date (exclusive)."),
        ],
        discussion: "Times are local in --tz. Hours are decimal: 8.50 is eight and a half hours. Miles are measured from the recorded route, or are the ones you recorded with 'shift miles' (marked r), or else the on-trip distance a platform's trips file reports (marked p: driving between trips not included); '-' means none.",
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            let from = try run.arguments.value("from").map { try run.startOfDay($0, option: "from") }
            let to = try run.arguments.value("to").map { try run.startOfDay($0, option: "to") }
            let store = try run.store
            var table = TextTable(headers: ["ID", "START", "END", "STATE", "WORKED", "PAUSED", "MILES", "EARNINGS", "TIPS", "FUEL"],
                                  rightAligned: [0, 4, 5, 6, 7, 8])
            var fromTrips = false, typedMiles = false, reportedBy = Set<String>()
            for shift in try store.shifts(from: from, to: to) {
                let times = try ShiftTimes(shift: shift, store: store, now: run.now)
                // The gross the report counts (docs/report.md), marked when it is not your own
                // figure but a statement's or the trips' (so the two are never taken for one another).
                let counted = try CountedMoney(shiftID: shift.id, money: try store.platformMoney(of: shift))
                let imported = counted.shares.contains { $0.source != nil && $0.source != .typed }
                let mark = imported ? "*" : ""
                fromTrips = fromTrips || (imported && counted.gross != nil)
                let earnings = counted.gross.map { $0.formatted() + mark } ?? "-", tips = counted.tips.map { $0.formatted() + mark } ?? "-"
                table.rows.append([
                    String(shift.id), run.local(shift.start), shift.end.map { run.clock($0, after: shift.start) } ?? "-",
                    try store.state(of: shift).rawValue,
                    Durations.hoursText(times.worked), Durations.hoursText(times.paused),
                    try milesCell(shift.id, store: store, marked: &typedMiles, reported: &reportedBy),
                    earnings, tips,
                    shift.fuel.map { "\($0.milesPerGallon) mpg @ \($0.pricePerGallon)" } ?? "-",
                ])
            }
            if table.rows.isEmpty {
                if !run.quiet { run.print("no shifts") }
            } else {
                run.context.console.out(table.render())
                if fromTrips { run.print("* from imported statements or trips, not a figure you typed (docs/report.md says which counts)") }
                if typedMiles { run.print("r miles you recorded ('shift miles'), not the measured route") }
                if !reportedBy.isEmpty {
                    run.print("p " + PlatformDistance.note(PlatformDistance.reporters(reportedBy)) + " (no route, no miles of yours)")
                }
            }
            return .success
        })

    static let show = CommandSpec(
        path: ["shift", "show"], abstract: "Show one shift in full.",
        usage: "shift show ID", arguments: [("ID", "The shift's id, as 'dashpilot shifts' lists it.")],
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            let store = try run.store
            let shift = try store.requireShift(id)
            let times = try ShiftTimes(shift: shift, store: store, now: run.now)
            run.print("shift \(shift.id)")
            run.print("  start:     \(TimeText.local(shift.start, zone: run.zone))")
            run.print("  end:       \(shift.end.map { TimeText.local($0, zone: run.zone) } ?? "- (active)")")
            run.print("  state:     \(try store.state(of: shift).rawValue)")
            run.print("  hours:     \(Durations.hoursText(times.elapsed)) elapsed, \(Durations.hoursText(times.paused)) paused, \(Durations.hoursText(times.worked)) worked")
            // What counts (docs/report.md), and each platform's share with where it comes from.
            let counted = try CountedMoney(shiftID: shift.id, money: try store.platformMoney(of: shift))
            let own = counted.shares.count == 1 && counted.shares.first?.platform == nil && counted.shares.first?.source == .typed
            if own || counted.gross == nil {
                run.print("  earnings:  \(earningsText(shift.earnings))")
            } else {
                run.print("  earnings:  \(earningsText(counted.gross.flatMap { try? PaidAmount($0, tips: counted.tips) }))")
            }
            if !own {
                for share in counted.shares where share.gross != nil || share.trips > 0 {
                    let source = share.source.map { " (\($0 == .typed ? "your figure" : $0.rawValue))" } ?? ""
                    run.print("    \(share.platform ?? "no platform"): \(share.gross?.formatted() ?? "-")\(source)"
                              + (share.trips > 0 ? ", \(share.trips) trip\(share.trips == 1 ? "" : "s")" : ""))
                }
            }
            for note in counted.notes { run.print("  note:      \(note.text)") }
            let seeded = try store.fuelIsSeeded(id) ? " (seeded when the shift was made)" : ""
            run.print("  fuel:      \(shift.fuel.map { "\($0.milesPerGallon) mpg at \($0.pricePerGallon) per gallon" + seeded } ?? "no assumption recorded")")
            let sessions = try store.captureSessions(of: id)
            let samples = try store.routeSampleCount(shiftID: id)
            run.print("  route:     \(samples) positions in \(sessions.count) capture session\(sessions.count == 1 ? "" : "s")")
            let measure = samples == 0 ? nil : try store.routeMeasures(shiftIDs: [id]).first
            let measured = measure.map { String(format: "%.2f", MileageMeter.miles($0.meters)) }
            // The trips' platform-reported distance (docs/mileage.md): the miles only without
            // your figure and a route, and never added to either.
            let reported = try store.platformDistance(of: id)
            let aside = reported.map { "; not counted: its trips' \(milesText($0)) on-trip miles reported by \($0.reporters)" } ?? ""
            if let typed = try store.recordedMiles(of: id) {
                run.print("  miles:     \(VehicleCommands.text(typed)), yours (they count, not the route)"
                          + (measured.map { "; the route recorded \($0)" } ?? "") + aside)
            } else if let measured {
                run.print("  miles:     \(measured) recorded" + aside)
            } else if let reported {
                run.print("  miles:     \(milesText(reported)) on \(reported.trips) trip\(reported.trips == 1 ? "" : "s") (platform): "
                          + PlatformDistance.note(reported.reporters) + "; no route or miles of yours")
            } else {
                run.print("  miles:     no route recorded")
            }
            if let stops = measure?.stops, !stops.isEmpty {
                // Inferred parked stretches (docs/mileage.md): not a pause, still working time.
                let parked = stops.reduce(Int64(0)) { $0 + $1.end.millisecondsSinceEpoch - $1.start.millisecondsSinceEpoch }
                run.print("  stops:     \(stops.count) inferred from the route, \(parked / 60_000) min parked (still working time)")
            }
            if let gaps = LoggingGaps.unlogged(sessions, from: shift.start, to: shift.end), gaps > 0 {
                run.print("  unlogged:  \(Durations.hoursText(gaps)) h between route segments (the logger was off; still working time)")
            }
            for pause in try store.pauses(of: id) {
                run.print("  pause:     \(run.clock(pause.start))-\(pause.end.map(run.clock) ?? "now")")
            }
            for stretch in try store.suspensions(of: id) {
                run.print("  parked:    \(run.clock(stretch.start))-\(stretch.end.map(run.clock) ?? "now")")
            }
            let deliveries = try store.deliveries(of: id)
            run.print("  deliveries: \(deliveries.count)")
            for delivery in deliveries {
                run.print("    \(delivery.id): \(delivery.state.rawValue), accepted \(run.clock(delivery.acceptedAt)), "
                          + amountsText(delivery.ownAmount, outsideTips: try store.tips(of: delivery.id)))
            }
            return .success
        })

    static let add = CommandSpec(
        path: ["shift", "add"], abstract: "Record a completed shift by hand.",
        usage: """
            shift add --start TIME --end TIME [--pause FROM/TO ...]
                   [--earnings A [--tips T] [--platform NAME]] [--allow-future]
            """,
        options: [
            OptionHelp(name: "start", value: "TIME", help: "When the shift started."),
            OptionHelp(name: "end", value: "TIME", help: "When it ended; after the start."),
            OptionHelp(name: "pause", value: "FROM/TO", help: "A pause within the shift; repeat for more.", repeatable: true),
        ] + ShiftAddMoney.options,
        discussion: """
            TIME is ISO 8601: 2026-11-02T09:00 (local in --tz), or with Z or an offset
            (2026-11-02T14:00Z, 2026-11-02T09:00-05:00). A pause's ends may be bare times of day
            (12:30/13:00) on the shift's start date. A local time that a daylight-saving change
            skips or repeats is refused: give an offset. A shift may not overlap another.
            An end after now needs --allow-future. --earnings records your figure as
            'shift earnings' does, for --platform's work or the whole shift.
            """,
        store: .create,
        run: { run in
            _ = try run.arguments.positionals([])
            let start = try run.instant(try run.arguments.required("start"), option: "--start")
            let end = try run.instant(try run.arguments.required("end"), option: "--end")
            let pauses = try run.arguments.all("pause").map { try pauseSpan($0, shiftStart: start, run: run) }
            let money = try ShiftAddMoney(run)
            try ShiftEditCommand.requireNotFuture(end, run: run)
            let id = try money.record(on: { try run.store.createCompletedShift(start: start, end: end, pauses: pauses) }, run: run)
            if !run.quiet { run.print("added shift \(id)" + money.said) }
            return .success
        })

    static let earnings = CommandSpec(
        path: ["shift", "earnings"], abstract: "Record or clear a completed shift's gross earnings.",
        usage: "shift earnings ID AMOUNT [--tips T] [--platform NAME]\n       shift earnings ID --clear [--platform NAME]",
        arguments: [("ID", "The shift."), ("AMOUNT", "Gross earnings, a plain decimal such as 142.50 (0 is a recorded zero).")],
        options: [
            OptionHelp(name: "tips", value: "AMOUNT", help: "The part of the gross that the platform reported as tips."),
            OptionHelp(name: "clear", value: nil, help: "Forget the recorded earnings: back to 'not recorded', not zero."),
            OptionHelp(name: "platform", value: "NAME", help: "Your figure for one platform's work on the shift (docs/record.md); without it, for the whole shift."),
        ],
        discussion: """
            Your figure replaces the shift's gross for that platform (or, without --platform, for
            the whole shift) in every report and tax figure: its trips' pay and a statement's shift
            total then no longer count. Money that belongs to no shift (a quest, an incentive, a
            referral bonus, a support credit) goes in with 'income add', never here.
            """,
        store: .existing,
        run: { run in
            if run.arguments.has("clear") {
                guard try run.arguments.value("tips") == nil else { throw UsageError(message: "--clear takes no amount and no --tips") }
                let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
                if let platform = try run.arguments.value("platform") {
                    let was = try run.store.setTypedEarnings(id, platform: platform, nil)
                    if !run.quiet { run.print("cleared your \(platform) earnings of shift \(id)" + (was.map { " (was \(earningsText($0)))" } ?? "")) }
                    return .success
                }
                let was = try run.store.requireShift(id).earnings
                try run.store.clearEarnings(id)
                if !run.quiet { run.print("cleared the earnings of shift \(id)" + (was.map { " (was \(earningsText($0)))" } ?? "")) }
                return .success
            }
            let words = try run.arguments.positionals(["ID", "AMOUNT"])
            let id = try run.id(words[0], what: "ID")
            let gross = try run.money(words[1], what: "AMOUNT")
            let tips = try run.arguments.value("tips").map { try run.money($0, what: "--tips") }
            let paid = try PaidAmount(gross, tips: tips)
            let was: PaidAmount?
            let label: String
            if let platform = try run.arguments.value("platform") {
                was = try run.store.setTypedEarnings(id, platform: platform, paid)
                label = "\(platform) earnings"
            } else {
                was = try run.store.requireShift(id).earnings
                try run.store.setEarnings(id, paid)
                label = "earnings"
            }
            // A figure that replaces another says what it was: nothing changes silently.
            let before = was.flatMap { $0 == paid ? nil : " (was \($0.amount.formatted())\($0.tips.map { ", tips \($0.formatted())" } ?? ""))" } ?? ""
            if !run.quiet { run.print("shift \(id): \(label) \(earningsText(paid))\(before)") }
            try ShiftAddMoney.noteReplaced(run, shiftID: id, platform: try run.arguments.value("platform"), typed: paid.amount)
            return .success
        })

    static let fuel = CommandSpec(
        path: ["shift", "fuel"], abstract: "Record or clear a completed shift's fuel assumption.",
        usage: "shift fuel ID --mpg N --price P | shift fuel ID --clear",
        arguments: [("ID", "The shift.")],
        options: [
            OptionHelp(name: "mpg", value: "N", help: "Fuel economy in miles per gallon, more than 0 (27.5)."),
            OptionHelp(name: "price", value: "P", help: "Price of a gallon, 0 or more (3.459)."),
            OptionHelp(name: "clear", value: nil, help: "Forget the assumption."),
        ],
        discussion: "The assumption is stored on this shift only: a later one re-costs no earlier shift.",
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            if run.arguments.has("clear") {
                guard try run.arguments.value("mpg") == nil, try run.arguments.value("price") == nil else {
                    throw UsageError(message: "--clear takes no --mpg or --price")
                }
                let was = try run.store.requireShift(id).fuel
                try run.store.clearFuel(id)
                if !run.quiet { run.print("cleared the fuel assumption of shift \(id)" + (was.map { " (was \(VehicleCommands.text($0)))" } ?? "")) }
                return .success
            }
            let mpg = try run.money(try run.arguments.required("mpg"), what: "--mpg")
            let price = try run.money(try run.arguments.required("price"), what: "--price")
            let assumption = try FuelAssumption(milesPerGallon: mpg, pricePerGallon: price)
            let was = try run.store.requireShift(id).fuel
            try run.store.setFuel(id, assumption)
            // A pair that replaces another says what it was, as 'vehicle set' does.
            let before = was.flatMap { $0 == assumption ? nil : " (was \(VehicleCommands.text($0)))" } ?? ""
            if !run.quiet { run.print("shift \(id): fuel \(mpg) mpg at \(price) per gallon\(before)") }
            return .success
        })

    static let delete = CommandSpec(
        path: ["shift", "delete"], abstract: "Delete a completed shift and everything recorded on it.",
        usage: "shift delete ID [--yes]",
        arguments: [("ID", "The shift.")],
        options: [OptionHelp(name: "yes", value: nil, help: "Do not ask; required when standard input is not a terminal.")],
        discussion: """
            Names every amount recorded on the shift, its deliveries and their tips, then asks.
            Pickup places and expenses are kept. All of it goes in one transaction, or none.
            """,
        store: .existing,
        run: { run in
            let id = try run.id(try run.arguments.positionals(["ID"])[0], what: "ID")
            let store = try run.store
            let preview = try store.deletionPreview(id)
            let confirmed = run.arguments.has("yes")
            if !confirmed || !run.quiet { describe(preview, run: run) }
            if !confirmed {
                guard run.context.console.stdinIsTerminal else {
                    throw CommandFailure(message: "not deleting without confirmation: standard input is not a terminal; pass --yes")
                }
                run.context.console.out("Delete shift \(id) and everything listed above? [y/N] ")
                let answer = run.context.console.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
                guard answer == "y" || answer == "yes" else {
                    run.print("not deleted")
                    return .failure
                }
            }
            try store.deleteCompletedShift(id, expected: preview)
            if !run.quiet { run.print("deleted shift \(id)") }
            return .success
        })

    /// The MILES cell of `shifts`: your recorded figure (marked r), else the route's, else the
    /// trips' platform-reported distance (marked p), else `-`.
    static func milesCell(_ id: Int64, store: Store, marked: inout Bool, reported: inout Set<String>) throws -> String {
        if let typed = try store.recordedMiles(of: id) {
            marked = true
            return RecordedMiles.text(typed.tenths) + "0r"
        }
        if try store.routeSampleCount(shiftID: id) > 0 { return String(format: "%.2f", MileageMeter.miles(try store.routeFigureMeters(shiftID: id))) }
        guard let platform = try store.platformDistance(of: id) else { return "-" }
        reported.formUnion(platform.names.values)
        if platform.names.isEmpty { reported.insert("the platform") }
        return milesText(platform) + "p"
    }

    /// A platform-reported distance in miles, two places (`12.34`).
    static func milesText(_ distance: PlatformDistance) -> String { String(format: "%.2f", MileageMeter.miles(distance.meters)) }

    static func describe(_ preview: ShiftDeletion, run: Invocation) {
        let shift = preview.shift
        run.print("shift \(shift.id): \(TimeText.local(shift.start, zone: run.zone)) to \(shift.end.map { TimeText.local($0, zone: run.zone) } ?? "-")")
        run.print("  earnings: \(earningsText(shift.earnings))")
        if let fuel = shift.fuel { run.print("  fuel assumption: \(fuel.milesPerGallon) mpg at \(fuel.pricePerGallon) per gallon") }
        run.print("  route: \(preview.routeSamples) positions in \(preview.captureSessions) capture session\(preview.captureSessions == 1 ? "" : "s")")
        run.print("  pauses: \(preview.pauses), parked stretches: \(preview.suspensions)")
        run.print("  deliveries: \(preview.deliveries.count), offers removed with them: \(preview.offers)")
        for delivery in preview.deliveries {
            run.print("    delivery \(delivery.deliveryID): " + amountsText(delivery.ownAmount, outsideTips: delivery.outsideTips))
        }
    }

    /// Every amount recorded on a delivery: `own amount 8.50 (platform tips 2.00); outside tips
    /// 5.00 cash`. The one place `shift show` and the delete confirmation name them.
    static func amountsText(_ own: PaidAmount?, outsideTips: [DeliveryTip]) -> String {
        var text = "own amount " + (own.map { earningsText($0) } ?? "not recorded")
        if !outsideTips.isEmpty {
            text += "; outside tips " + outsideTips.map { "\($0.amount.formatted()) \($0.method.rawValue)" }.joined(separator: ", ")
        }
        return text
    }

    /// `142.50 (platform tips 31.00)`, `142.50 (tips not reported)`, or `not recorded`.
    static func earningsText(_ paid: PaidAmount?) -> String {
        guard let paid else { return "not recorded" }
        return paid.amount.formatted() + (paid.tips.map { " (platform tips \($0.formatted()))" } ?? " (tips not reported)")
    }

    /// `FROM/TO`: each a full time, or a bare `HH:MM`. A bare FROM is on the shift's local start
    /// date, or the next date when that is before the shift starts; a bare TO is on FROM's local
    /// date, or the next one when that is before FROM. Dates move by the calendar, not by 24
    /// hours, and a bare time a DST change skips or repeats is refused like any local time.
    static func pauseSpan(_ text: String, shiftStart: Instant, run: Invocation) throws -> Interval {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { throw UsageError(message: "--pause '\(text)' is not FROM/TO") }
        func isBare(_ part: String) -> Bool { part.count == 5 && part.dropFirst(2).first == ":" }
        /// The bare time `part` on the local date of `anchor`, moved a date on while before `notBefore`.
        func bare(_ part: String, anchor: Instant, notBefore: Instant) throws -> Instant {
            let day = TimeText.civil(anchor, zone: run.zone)
            var days = CivilTime.days(year: day.year, month: day.month, day: day.day)
            for _ in 0..<2 {
                let date = CivilTime.civil(fromDays: days)
                let full = String(format: "%04d-%02d-%02dT", date.year, date.month, date.day) + part
                let instant = try run.instant(full, option: "--pause")
                if instant >= notBefore { return instant }
                days += 1
            }
            throw UsageError(message: "--pause '\(text)': \(part) does not fall within the shift")
        }
        let from = isBare(parts[0]) ? try bare(parts[0], anchor: shiftStart, notBefore: shiftStart)
                                    : try run.instant(parts[0], option: "--pause")
        let to = isBare(parts[1]) ? try bare(parts[1], anchor: from, notBefore: from)
                                  : try run.instant(parts[1], option: "--pause")
        do { return try Interval(start: from, end: to) } catch { throw UsageError(message: "--pause '\(text)': \(error)") }
    }
}

/// A shift's elapsed, paused and worked time in milliseconds (an active shift up to now).
struct ShiftTimes {
    let elapsed: Int64
    let paused: Int64
    var worked: Int64 { elapsed - paused }

    init(shift: Shift, store: Store, now: Instant) throws {
        let span = shift.span(now: now)
        elapsed = span.durationMilliseconds
        let pauses = try store.pauses(of: shift.id).compactMap { pause in
            try? Interval(start: pause.start, end: pause.end ?? span.end)
        }
        paused = Durations.unionMilliseconds(of: pauses, clippedTo: span)
    }
}
