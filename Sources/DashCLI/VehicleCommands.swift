import DashModel
import DashStore

/// `vehicle set|show` (the fuel default new shifts take as their own snapshot), `vehicle odometer`
/// (the odometer per year) and `shift miles` (the driver's own miles for a shift). docs/cli.md
/// "vehicle", "vehicle odometer" and "shift miles".
enum VehicleCommands {
    static let set = CommandSpec(
        path: ["vehicle", "set"], abstract: "Set or clear the fuel assumption new shifts take.",
        usage: "vehicle set --mpg N --price P | vehicle set --clear",
        options: [
            OptionHelp(name: "mpg", value: "N", help: "Fuel economy in miles per gallon, more than 0 (27.5)."),
            OptionHelp(name: "price", value: "P", help: "Price of a gallon, 0 or more (3.459)."),
            OptionHelp(name: "clear", value: nil, help: "Stop seeding: shifts created afterwards get no assumption."),
        ],
        discussion: """
            Every shift created afterwards (by 'shift add', by ending an active shift, or by an import)
            gets this pair as its own snapshot. Changing or clearing it re-costs no existing shift;
            'shift fuel' still sets or clears one shift's pair.
            """,
        store: .create,
        run: { run in
            _ = try run.arguments.positionals([])
            if run.arguments.has("clear") {
                guard try run.arguments.value("mpg") == nil, try run.arguments.value("price") == nil else {
                    throw UsageError(message: "--clear takes no --mpg or --price")
                }
                let was = try run.store.clearVehicleDefault()
                if !run.quiet {
                    run.print(was.map { "cleared the fuel default (was \(text($0.fuel))); new shifts get no fuel assumption" }
                              ?? "no fuel default was set")
                }
                return .success
            }
            let mpg = try run.money(try run.arguments.required("mpg"), what: "--mpg")
            let price = try run.money(try run.arguments.required("price"), what: "--price")
            let fuel = try FuelAssumption(milesPerGallon: mpg, pricePerGallon: price)
            let was = try run.store.setVehicleDefault(fuel, at: run.now)
            let before = was.flatMap { $0.fuel == fuel ? nil : " (was \(text($0.fuel)))" } ?? ""
            if !run.quiet { run.print("fuel default: \(text(fuel))\(before); shifts created from now on take it, no existing shift changes") }
            return .success
        })

    static let show = CommandSpec(
        path: ["vehicle", "show"], abstract: "Show the fuel default and the odometer years recorded.",
        usage: "vehicle show",
        store: .existing,
        run: { run in
            _ = try run.arguments.positionals([])
            if let current = try run.store.vehicleDefault() {
                run.print("fuel default: \(text(current.fuel)), set \(TimeText.local(current.setAt, zone: run.zone))")
            } else {
                run.print("fuel default: none (new shifts get no fuel assumption; 'vehicle set --mpg N --price P' sets one)")
            }
            let years = try run.store.odometerYears()
            run.print(years.isEmpty ? "odometer years: none recorded ('vehicle odometer --year Y --start N' records one)"
                      : "odometer years: " + years.map { "\($0.year) (\(text($0)))" }.joined(separator: "; "))
            return .success
        })

    static let miles = CommandSpec(
        path: ["shift", "miles"], abstract: "Record or clear the miles you drove on a completed shift.",
        usage: "shift miles ID --odometer START END | shift miles ID --miles N | shift miles ID --clear",
        arguments: [("ID", "The shift.")],
        options: [
            OptionHelp(name: "odometer", value: nil, help: "Then the odometer's START and END readings, to a tenth."),
            OptionHelp(name: "miles", value: "N", help: "Miles driven, to a tenth (12.4), when you have no readings."),
            OptionHelp(name: "clear", value: nil, help: "Forget the recorded miles: back to the route's, or none."),
        ],
        discussion: """
            Your figure counts instead of the measured route in 'shift show', reports and exports,
            which say so (miles_source: recorded, route or none). The readings are kept as given
            and appear in the mileage log.
            """,
        store: .existing,
        run: { run in
            let odometer = run.arguments.has("odometer"), clear = run.arguments.has("clear")
            let figure = try run.arguments.value("miles")
            guard [odometer, clear, figure != nil].filter({ $0 }).count == 1 else {
                throw UsageError(message: "give exactly one of --odometer START END, --miles N or --clear")
            }
            let words = try run.arguments.positionals(odometer ? ["ID", "START", "END"] : ["ID"])
            let id = try run.id(words[0], what: "ID")
            let miles: RecordedMiles?
            if odometer {
                miles = try RecordedMiles(odometerStart: try tenths(words[1], what: "START"), end: try tenths(words[2], what: "END"))
            } else if let figure {
                miles = try RecordedMiles(tenths: try tenths(figure, what: "--miles"))
            } else {
                miles = nil
            }
            let was = try run.store.setRecordedMiles(id, miles)
            let before = was.flatMap { $0 == miles ? nil : " (was \(text($0)))" } ?? ""
            if !run.quiet {
                run.print(miles.map { "shift \(id): \(text($0)), recorded\(before)" } ?? "cleared the recorded miles of shift \(id)\(before)")
            }
            return .success
        })

    static let odometer = CommandSpec(
        path: ["vehicle", "odometer"], abstract: "Record or show the odometer at a year's start and end.",
        usage: "vehicle odometer --year Y [--start N] [--end N] | vehicle odometer --year Y --clear",
        options: [
            OptionHelp(name: "year", value: "Y", help: "The calendar year (2026)."),
            OptionHelp(name: "start", value: "N", help: "The odometer on the year's first day, in miles to a tenth (41250.0)."),
            OptionHelp(name: "end", value: "N", help: "The odometer at the year's end, or the latest reading during it (63980.4)."),
            OptionHelp(name: "clear", value: nil, help: "Forget the year's readings."),
        ],
        discussion: """
            The year's total miles (end minus start) give the business-use share the actual-expense
            method needs. The end may be given later: '--year Y --end N' alone adds it to the start
            already recorded; '--start N' alone changes the start and keeps the end. With --year
            alone, shows the year. A reading replaced is printed as it was.
            """,
        store: .create,
        run: { run in
            _ = try run.arguments.positionals([])
            let year = try TaxPaidCommand.year(try run.arguments.required("year"), option: "--year")
            let start = try run.arguments.value("start").map { try tenths($0, what: "--start") }
            let end = try run.arguments.value("end").map { try tenths($0, what: "--end") }
            if run.arguments.has("clear") {
                guard start == nil, end == nil else { throw UsageError(message: "--clear takes no --start or --end") }
                run.access = .existing
                let was = try run.store.clearOdometerYear(year)
                if !run.quiet {
                    run.print(was.map { "cleared the odometer of \(year) (was \(text($0)))" } ?? "no odometer was recorded for \(year)")
                }
                return .success
            }
            guard start != nil || end != nil else {
                run.access = .existing
                run.print(try run.store.odometerYear(year).map { "odometer \(year): \(text($0))" }
                          ?? "odometer \(year): none recorded ('vehicle odometer --year \(year) --start N' records it)")
                return .success
            }
            // Judged before the store is opened, so a refusal makes no store file.
            if let start { _ = try OdometerYear(year: year, startTenths: start, endTenths: end) }
            if start == nil {
                // The end alone joins a start already recorded: without one, a usage mistake, said before any store is made.
                run.access = .existing
                guard try run.store.odometerYear(year) != nil else {
                    throw UsageError(message: "no odometer start is recorded for \(year); give --start with --end")
                }
            }
            let (now, was) = try run.store.setOdometerYear(year, startTenths: start, endTenths: end)
            if !run.quiet { run.print("odometer \(year): \(text(now)), recorded" + replaced(was, by: now)) }
            return .success
        })

    /// `start 41250.0, end 63980.4: 22730.4 miles in the year`, or with no end yet.
    static func text(_ year: OdometerYear) -> String {
        "start \(RecordedMiles.text(year.startTenths)), "
            + (year.endTenths.map { "end \(RecordedMiles.text($0)): \(RecordedMiles.text($0 - year.startTenths)) miles in the year" }
               ?? "no end reading yet")
    }

    /// ` (the start was 41000.0; the end was 60000.0)`: each reading replaced by another; empty when none was.
    static func replaced(_ was: OdometerYear?, by now: OdometerYear) -> String {
        guard let was else { return "" }
        var parts: [String] = []
        if was.startTenths != now.startTenths { parts.append("the start was \(RecordedMiles.text(was.startTenths))") }
        if let end = was.endTenths, end != now.endTenths { parts.append("the end was \(RecordedMiles.text(end))") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    static func text(_ fuel: FuelAssumption) -> String { "\(fuel.milesPerGallon) mpg at \(fuel.pricePerGallon) per gallon" }

    /// `41.2 miles (odometer 12345.6 to 12386.8)` or `41.2 miles`.
    static func text(_ miles: RecordedMiles) -> String {
        RecordedMiles.text(miles.tenths) + " miles"
            + (miles.odometer.map { " (odometer \(RecordedMiles.text($0.start)) to \(RecordedMiles.text($0.end)))" } ?? "")
    }

    /// A reading or figure in tenths of a mile: a plain decimal with at most one place.
    static func tenths(_ text: String, what: String) throws -> Int64 {
        let value: Money
        do { value = try Money(parsing: text) } catch { throw UsageError(message: "\(what): \(error)") }
        guard value.units % (Money.scale / 10) == 0 else {
            throw UsageError(message: "\(what) has more than one decimal place (miles are recorded to a tenth)")
        }
        return value.units / (Money.scale / 10)
    }
}
