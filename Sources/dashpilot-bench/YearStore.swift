import DashModel
import DashStore
import Foundation

/// Writes a year into `store` in-process, as group 7 measures it: 250 eight-hour shifts with
/// 1 Hz routes (7.2 million samples) from `newYear`, a pause each, 20 deliveries each (5,000),
/// earnings on 9 shifts in 10, fuel on 3 in 4, 300 expenses.
func buildYear(_ store: Store, newYear: Instant) throws {
    for index in 0..<250 {
        let start = newYear.adding(milliseconds: Int64(index * 365 / 250) * 86_400_000)
        let positions = try route(start: start)
        try store.write {
            let id = try store.createCompletedShift(start: start, end: start.adding(milliseconds: Int64(positionsPerShift) * 1000),
                                                    pauses: [try Interval(start: start.adding(milliseconds: 4 * 3_600_000),
                                                                          end: start.adding(milliseconds: 4 * 3_600_000 + 1_800_000))])
            let writer = try store.beginCapture(shiftID: id, startedAt: start, source: "bench")
            var offset = 0
            while offset < positions.count {
                try writer.append(positions[offset..<min(offset + batch, positions.count)])
                offset += batch
            }
            writer.finish()
            for n in 0..<20 {
                let accepted = start.adding(milliseconds: Int64(n) * 1_400_000 + 60_000)
                try store.acceptOffer(shiftID: id, at: accepted, platform: n % 3 == 0 ? "Uber" : "DoorDash",
                                      deliveries: [NewDelivery(deliveredAt: accepted.adding(milliseconds: 1_200_000),
                                                               ownAmount: try PaidAmount(Money(units: Int64(50_000 + n * 1_000)),
                                                                                         tips: Money(units: 20_000)))])
            }
            if index % 10 != 0 {
                try store.setEarnings(id, try PaidAmount(Money(units: Int64(1_500_000 + index * 1_234)), tips: Money(units: 400_000)))
            }
            if index % 4 != 0 {
                try store.setFuel(id, try FuelAssumption(milesPerGallon: Money(units: 275_000), pricePerGallon: Money(units: 34_590)))
            }
        }
    }
    try store.write {
        for n in 0..<300 {
            _ = try store.addExpense(at: newYear.adding(milliseconds: Int64(n) * 105_000_000), amount: Money(units: Int64(10_000 + n * 137)),
                                     category: ["fuel", "parking", "tolls", "phone", "supplies"][n % 5])
        }
    }
}

/// 14:00 UTC on January 1 of `year` (morning in Chicago), the first shift's start.
func newYearInstant(_ year: Int) -> Instant {
    Instant(secondsSinceEpoch: CivilTime.days(year: year, month: 1, day: 1) * 86_400 + 14 * 3_600)
}

/// The year store of groups 7 and 8 (2026), built when it is not there yet (each group runs alone).
func yearStore() throws -> (path: String, built: Double?) {
    let path = folder + "/report-year.sqlite"
    if FileManager.default.fileExists(atPath: path) { return (path, nil) }
    let clock = ContinuousClock()
    let began = clock.now
    do { try buildYear(try Store.open(at: path, create: true), newYear: newYearInstant(2026)) }
    return (path, seconds(clock.now - began))
}

/// A launch's seconds, its peak noted for the summary.
func timed(_ label: String, _ executable: String, _ arguments: [String]) throws -> Double {
    let run = try launch(executable, arguments)
    notePeak(label, run.peakKiB)
    return run.seconds
}
