/// One shift to generate: when, how long, in which app's style, into which file.
struct ShiftPlan {
    var fileName: String
    var chicagoDay: Int
    var startSecondOfDay: Int
    var durationS: Int
    var style: Style
    var pauses: Int
    var anomalies: AnomalyPlan
    var seed: UInt64

    var startMs: Int64 {
        Civil.utcSeconds(chicagoDay: chicagoDay, secondOfDay: startSecondOfDay) * 1000
    }

    var offsetSeconds: Int {
        Civil.chicagoOffset(utcSeconds: Civil.utcSeconds(chicagoDay: chicagoDay, secondOfDay: startSecondOfDay))
    }
}

enum Planner {
    /// Three or four shifts a week on distinct days (lunch, dinner or late evening), each
    /// between `hours.lowerBound` and `hours.upperBound` long, ending before midnight. Each file
    /// carries 1-4 repeated or stale times, 0-2 jumps and 1-3 very inaccurate fixes; most have a
    /// logging pause or two.
    static func weeks(_ count: Int, firstDay: Int, hours: ClosedRange<Double>, style: Style?, seed: UInt64) -> [ShiftPlan] {
        var rng = Rng(seed: Rng.derive(seed, 2))
        var plans: [ShiftPlan] = []
        // Pauses follow a fixed pattern (so every sample set has shifts with one, two and three
        // segments), started at a seeded point; the styles rotate with period 3, so the two mix.
        let pausePattern = [1, 2, 0, 1]
        let pausePhase = rng.int(0, pausePattern.count - 1)
        for week in 0..<count {
            let n = rng.int(3, 4)
            var days = Array(0..<7)
            var chosen: [Int] = []
            for _ in 0..<n {
                let i = rng.int(0, days.count - 1)
                chosen.append(days.remove(at: i))
            }
            for d in chosen.sorted() {
                let day = firstDay + week * 7 + d
                let kind = rng.weighted([0.3, 0.5, 0.2])
                let (label, earliest, latest): (String, Int, Int) =
                    switch kind {
                    case 0: ("lunch", 10 * 3600 + 40 * 60, 11 * 3600 + 30 * 60)
                    case 1: ("dinner", 16 * 3600 + 30 * 60, 17 * 3600 + 40 * 60)
                    default: ("late", 19 * 3600 + 50 * 60, 20 * 3600 + 40 * 60)
                    }
                let start = rng.int(earliest, latest)
                var duration = Int((rng.uniform(hours.lowerBound, hours.upperBound) * 3600).rounded())
                duration = min(duration, 23 * 3600 + 55 * 60 - start)
                let equal = rng.int(0, 2)
                let earlier = max(rng.int(0, 2), equal == 0 ? 1 : 0)
                let jumps = rng.weighted([0.3, 0.5, 0.2])
                let inaccurate = rng.int(1, 3)
                let index = plans.count
                plans.append(
                    ShiftPlan(
                        fileName: "\(Civil.isoDate(day))-\(label).gpx", chicagoDay: day, startSecondOfDay: start, durationS: duration,
                        style: style ?? Style.allCases[index % Style.allCases.count], pauses: pausePattern[(index + pausePhase) % pausePattern.count],
                        anomalies: .fixed(timeEqual: equal, timeEarlier: earlier, jumps: jumps, inaccurate: inaccurate),
                        seed: Rng.derive(seed, 1000 + UInt64(index))))
            }
        }
        return plans
    }

    /// `count` long weekday shifts (10:00 local) from `firstDay` on, for benchmarks: logged
    /// without pauses, so an 8-hour shift is exactly 28,800 fixes.
    static func longShifts(_ count: Int, firstDay: Int, durationS: Int, style: Style?, seed: UInt64) -> [ShiftPlan] {
        var plans: [ShiftPlan] = []
        var day = firstDay
        while plans.count < count {
            let weekday = Civil.weekday(day)
            if weekday != 0 && weekday != 6 {
                let index = plans.count
                let name = count == 1 ? "" : "\(Civil.isoDate(day))-day.gpx"
                plans.append(
                    ShiftPlan(
                        fileName: name, chicagoDay: day, startSecondOfDay: 10 * 3600, durationS: durationS,
                        style: style ?? Style.allCases[index % Style.allCases.count], pauses: 0, anomalies: .perHour,
                        seed: Rng.derive(seed, 50_000 + UInt64(index))))
            }
            day += 1
        }
        return plans
    }
}
