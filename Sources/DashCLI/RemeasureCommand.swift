import DashModel
import DashStore

/// `shift remeasure ID|--all`: moves shifts' routes to the current measuring method and says the
/// miles before and after (docs/mileage.md, "History does not move"). Nothing else ever changes
/// a shift's measured miles.
enum RemeasureCommand {
    static let spec = CommandSpec(
        path: ["shift", "remeasure"], abstract: "Measure a shift's route by the current method.",
        usage: "shift remeasure ID | shift remeasure --all",
        arguments: [("ID", "The shift (or --all: every shift measured by an earlier method).")],
        options: [OptionHelp(name: "all", value: nil, help: "Every shift whose route an earlier method measures.")],
        discussion: """
            Each capture session keeps the method that measured it, so a mileage log does not change \
            when a later build measures differently. This moves the shift's sessions to the current \
            method (\(MeasureMethod.current.rawValue)) in one transaction and prints the miles by the \
            old methods and by the new one.
            """,
        store: .existing,
        run: { run in
            let all = run.arguments.has("all")
            let words = try run.arguments.positionals(all ? [] : ["ID"])
            let store = try run.store
            let ids = all ? try store.shiftsToRemeasure() : [try run.id(words[0], what: "ID")]
            if all, ids.isEmpty, !run.quiet { run.print("every shift is measured by the current method (\(MeasureMethod.current.rawValue))") }
            for id in ids {
                let done = try store.remeasure(id)
                guard !run.quiet else { continue }
                let before = String(format: "%.2f", MileageMeter.miles(done.before)), after = String(format: "%.2f", MileageMeter.miles(done.after))
                run.print(done.sessionsMoved == 0
                    ? "shift \(id): already measured by \(MeasureMethod.current.rawValue): \(after) miles"
                    : "shift \(id): \(before) miles before, \(after) miles by \(MeasureMethod.current.rawValue) (\(done.sessionsMoved) capture session\(done.sessionsMoved == 1 ? "" : "s") moved)")
            }
            return .success
        })
}
