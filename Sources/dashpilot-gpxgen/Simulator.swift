import Foundation

/// Why a fix is in the file: a normal fix, or one of the rejectable kinds an importer must catch.
enum FixKind: UInt8 {
    case normal
    /// Same timestamp as the fix before it (a second fix delivered for the same instant).
    case timeEqual
    /// Timestamp earlier than the fix before it (a stale fix delivered again, 2-3 s late).
    case timeEarlier
    /// Several kilometres off for one fix, then back (a multipath or cell-tower glitch).
    case jump
    /// Accuracy 150 m, placed up to ~120 m off.
    case inaccurate
}

/// One logged position as a phone app would write it.
struct Fix {
    var timeMs: Int64
    var lat: Double
    var lon: Double
    var ele: Double
    /// Reported speed, m/s.
    var speed: Double
    /// Reported bearing, degrees clockwise from north.
    var course: Double
    /// Horizontal accuracy radius in metres (what Android reports).
    var accuracy: Double
    /// Horizontal dilution of precision (unitless, what NMEA reports).
    var hdop: Double
    var sat: Int
    var kind: FixKind
    /// The first fix of a track segment (the first of the file, or the first after a pause).
    var newSegment: Bool
}

/// A marker the driver dropped: no names, no addresses, just "Pickup 3" and the like.
struct Waypoint {
    var timeMs: Int64
    var lat: Double
    var lon: Double
    var ele: Double
    var name: String
    var group: String
}

/// What went into a file: the README's table and the OpenTracks track statistics.
struct Counts {
    var points = 0
    var segments = 0
    var waypoints = 0
    var timeEqual = 0
    var timeEarlier = 0
    var jumps = 0
    var inaccurate = 0
    var deliveries = 0
    /// True distance travelled (driving and walking), metres.
    var distance = 0.0
    var movingSeconds = 0
    var maxSpeed = 0.0
    var pauseSeconds = 0
}

/// How the rejectable fixes are spread over a shift.
enum AnomalyPlan {
    /// Exact numbers for the whole shift, at random times.
    case fixed(timeEqual: Int, timeEarlier: Int, jumps: Int, inaccurate: Int)
    /// A few per hour, for as long as the shift lasts (benchmarks, endless files).
    case perHour
}

struct SimOptions {
    var startMs: Int64
    /// Seconds of wall time from the first fix to the end of logging; nil: never ends.
    var durationS: Int?
    /// Logging pauses (each starts a new track segment).
    var pauses: Int
    var anomalies: AnomalyPlan
    /// Keep the markers (off for endless files, whose memory must stay bounded).
    var keepWaypoints = true
}

/// The places of the city that stay put from shift to shift: restaurants cluster on arterials
/// in a few busy neighbourhoods.
struct City {
    var restaurants: [StreetPoint]

    init(seed: UInt64) {
        var rng = Rng(seed: seed)
        var sites: [StreetPoint] = []
        let hubs = 5
        for _ in 0..<hubs {
            let centre = Vec(x: rng.uniform(Grid.xMin + 600, Grid.xMax - 200), y: rng.uniform(Grid.yMin + 600, Grid.yMax - 600))
            for _ in 0..<rng.int(6, 9) {
                let p = centre + Vec(x: rng.normal() * 450, y: rng.normal() * 450)
                sites.append(StreetPoint.snap(p, northSouth: rng.chance(0.5), arterial: true))
            }
        }
        restaurants = sites
    }
}

/// Simulates one driver's shift second by second and hands out fixes one at a time, so an
/// endless shift can be streamed to disk without holding it in memory.
struct ShiftSimulator {
    private enum Step {
        case wait(Int)
        case drive(StreetPoint)
        case walk(Vec, Int)
        case stay(Int, indoor: Bool)
        case maybePause
        case mark(String, group: String)
    }

    private enum Environment {
        case street
        case indoor
    }

    private var rng: Rng
    private let city: City
    private let options: SimOptions
    private(set) var counts = Counts()
    private(set) var waypoints: [Waypoint] = []

    /// Seconds since the first fix.
    private var t = 0
    private var steps: [Step] = []
    private var stepIndex = 0
    private var current: Step?
    private var left = 0

    // Where things are.
    private var car: StreetPoint
    private var pos: Vec
    private var speed = 0.0
    private var heading: Double
    private var environment = Environment.street
    private var driving = false

    // The drive in progress.
    private var route: Route?
    private var s = 0.0
    private var v = 0.0
    private var nextConstraint = 0
    private var dwell = 0
    private var leg = 0
    private var driveSeconds = 0

    // The walk in progress.
    private var walkFrom = Vec(x: 0, y: 0)
    private var walkTo = Vec(x: 0, y: 0)
    private var walkTotal = 1
    private var walkDone = 0

    // The driver and the traffic.
    private let pace: Double
    private var traffic = 1.0
    private var deliveryNumber = 0
    private var pausesTaken = 0

    // The receiver: correlated noise, accuracy, clock.
    private var noiseX = 0.0
    private var noiseY = 0.0
    private var noiseZ = 0.0
    private var accuracyWobble = 0.0
    private let fractionMs: Int64
    private var pendingNewSegment = true
    private var segmentStart = 0
    private var lastAnomaly = -1000
    private var recent: [Fix] = []

    // The rejectable fixes still to place.
    private var anomalyQueue: [(at: Int, kind: FixKind)] = []
    private var anomalyIndex = 0
    private var anomalyWindowEnd = 0

    init(seed: UInt64, city: City, options: SimOptions) {
        var rng = Rng(seed: seed)
        self.city = city
        self.options = options
        let start = Vec(x: rng.uniform(Grid.xMin + 300, Grid.xMax - 300), y: rng.uniform(Grid.yMin + 300, Grid.yMax - 300))
        car = StreetPoint.snap(start, northSouth: rng.chance(0.5), arterial: false)
        pos = car.pos
        heading = rng.uniform(0, 360)
        pace = rng.uniform(0.92, 1.05)
        fractionMs = Int64(rng.int(40, 900))
        self.rng = rng
        if case .fixed(let equal, let earlier, let jumps, let inaccurate) = options.anomalies {
            planFixedAnomalies(equal: equal, earlier: earlier, jumps: jumps, inaccurate: inaccurate)
        }
    }

    // MARK: - The fix stream

    /// The next fix, or nil when the shift is over.
    mutating func next() -> Fix? {
        while true {
            if let end = options.durationS, t >= end { return nil }
            if current == nil && !startNextStep() { continue }
            let fix = makeFix()
            advance()
            t += 1
            return fix
        }
    }

    /// Starts the next step that takes time. Returns false when it handled an instant step (a
    /// marker, a pause) and the caller should look again.
    private mutating func startNextStep() -> Bool {
        if stepIndex >= steps.count {
            steps.removeAll(keepingCapacity: true)
            stepIndex = 0
            planDelivery()
        }
        let step = steps[stepIndex]
        stepIndex += 1
        switch step {
        case .mark(let name, let group):
            if options.keepWaypoints, let last = recent.last {
                waypoints.append(
                    Waypoint(
                        timeMs: last.timeMs + Int64(rng.int(150, 850)), lat: last.lat, lon: last.lon, ele: last.ele, name: name,
                        group: group))
                counts.waypoints += 1
            }
            return false
        case .maybePause:
            takePauseIfDue()
            return false
        case .wait(let n):
            left = n
            speed = 0
            driving = false
        case .stay(let n, let indoor):
            left = n
            speed = 0
            driving = false
            environment = indoor ? .indoor : .street
        case .walk(let to, let n):
            walkFrom = pos
            walkTo = to
            walkTotal = max(n, 1)
            walkDone = 0
            driving = false
            environment = .street
        case .drive(let destination):
            route = Router.plan(from: car, to: destination, driverPace: pace, rng: &rng)
            car = destination
            s = 0
            v = 0
            nextConstraint = 0
            dwell = 0
            leg = 0
            driveSeconds = 0
            driving = true
            environment = .street
        }
        current = step
        return true
    }

    /// Moves the world on by one second.
    private mutating func advance() {
        guard let step = current else { return }
        switch step {
        case .wait, .stay:
            left -= 1
            if left <= 0 { finishStep() }
        case .walk:
            walkDone += 1
            let f = Double(walkDone) / Double(walkTotal)
            let next = walkFrom + (walkTo - walkFrom) * min(f, 1)
            counts.distance += (next - pos).length
            speed = (next - pos).length
            if speed > 0.1 { heading = bearing(next - pos) }
            pos = next
            if walkDone >= walkTotal {
                speed = 0
                finishStep()
            }
        case .drive:
            driveOneSecond()
        case .mark, .maybePause:
            finishStep()
        }
    }

    private mutating func finishStep() {
        current = nil
        driving = false
    }

    private mutating func driveOneSecond() {
        guard let route else {
            finishStep()
            return
        }
        driveSeconds += 1
        let constraints = route.constraints
        if dwell > 0 {
            dwell -= 1
            speed = 0
            if dwell == 0 && nextConstraint >= constraints.count { arrive() }
            return
        }
        if nextConstraint >= constraints.count || driveSeconds > 4 * 3600 {
            arrive()
            return
        }
        traffic = 0.985 * traffic + 0.015 * 1.0 + 0.012 * rng.normal()
        traffic = min(max(traffic, 0.65), 1.08)
        let limit = route.limit(leg: leg) * traffic
        let brake = 2.2
        // The fastest speed at the end of this second from which the car can still slow to each
        // coming constraint's speed at `brake`: vNew^2 <= c.v^2 + 2 brake (d - (v + vNew) / 2).
        var allowed = Double.infinity
        var j = nextConstraint
        while j < constraints.count && j < nextConstraint + 5 {
            let c = constraints[j]
            let k = c.v * c.v + 2 * brake * max(c.s - s - 0.3, 0) - brake * v
            let cap = k <= 0 ? 0 : (-brake + (brake * brake + 4 * k).squareRoot()) / 2
            allowed = min(allowed, max(cap, c.v))
            j += 1
        }
        let accel = 2.3 * max(0.3, 1 - v / 17)
        var vNew = min(v + accel, limit, allowed)
        vNew = max(vNew, v - 5.0, 0)
        let target = s + 0.5 * (v + vNew)
        var stopped = false
        while nextConstraint < constraints.count {
            let c = constraints[nextConstraint]
            if c.v == 0 {
                if target >= c.s - 0.8 || (c.s - s < 4 && vNew < 1.0) {
                    counts.distance += max(c.s - s, 0)
                    s = c.s
                    v = 0
                    dwell = c.dwell
                    nextConstraint += 1
                    stopped = true
                }
                break
            } else if c.s <= target {
                nextConstraint += 1
            } else {
                break
            }
        }
        if !stopped {
            counts.distance += target - s
            s = target
            v = vNew
        }
        let (p, h) = route.locate(s, hint: &leg)
        pos = p
        if v > 0.5 { heading = h }
        speed = v
        if stopped && nextConstraint >= constraints.count && dwell == 0 { arrive() }
    }

    private mutating func arrive() {
        pos = car.pos
        speed = 0
        v = 0
        route = nil
        finishStep()
    }

    // MARK: - Planning the work

    private mutating func planDelivery() {
        deliveryNumber += 1
        counts.deliveries = deliveryNumber
        let n = deliveryNumber
        if n == 1 {
            steps.append(.wait(rng.int(20, 150)))
        } else if rng.chance(0.55) {
            steps.append(.wait(rng.int(45, 360)))
        }
        let restaurant = pickRestaurant()
        steps.append(.drive(restaurant))
        if rng.chance(0.45) { steps.append(.mark("Pickup \(n)", group: "Pickups")) }
        if rng.chance(0.75) {
            appendWalk(at: restaurant, distance: rng.uniform(12, 35), stay: rng.int(120, 480), indoor: true)
        } else {
            steps.append(.wait(rng.int(150, 480)))
        }
        let dropoff = pickDropoff(near: restaurant)
        steps.append(.drive(dropoff))
        if rng.chance(0.45) { steps.append(.mark("Drop-off \(n)", group: "Drop-offs")) }
        if rng.chance(0.85) {
            appendWalk(at: dropoff, distance: rng.uniform(10, 45), stay: rng.int(15, 90), indoor: false)
        } else {
            steps.append(.wait(rng.int(20, 60)))
        }
        steps.append(.maybePause)
    }

    private mutating func appendWalk(at place: StreetPoint, distance: Double, stay: Int, indoor: Bool) {
        let door = place.pos + place.across(side: rng.chance(0.5)) * distance + Vec(x: rng.normal() * 3, y: rng.normal() * 3)
        let seconds = Int((distance / rng.uniform(1.2, 1.5)).rounded(.up))
        steps.append(.wait(rng.int(4, 20)))
        steps.append(.walk(door, seconds))
        steps.append(.stay(stay, indoor: indoor))
        steps.append(.walk(place.pos, seconds))
        steps.append(.wait(rng.int(5, 30)))
    }

    private mutating func pickRestaurant() -> StreetPoint {
        let here = car.pos
        let weights = city.restaurants.map { site -> Double in
            let d = (site.pos - here).length
            return d < 150 ? 0.05 : 1 / ((1 + d / 900) * (1 + d / 900))
        }
        let i = rng.weighted(weights)
        return city.restaurants.isEmpty ? car : city.restaurants[i]
    }

    private mutating func pickDropoff(near restaurant: StreetPoint) -> StreetPoint {
        let d = rng.uniform(700, 4200)
        let angle = rng.uniform(0, 2 * Double.pi)
        let p = restaurant.pos + Vec(x: d * cos(angle), y: d * sin(angle))
        return StreetPoint.snap(p, northSouth: rng.chance(0.5), arterial: rng.chance(0.2))
    }

    /// A break with the logger off: taken after a drop-off once its share of the shift has
    /// passed. Half the time the driver has moved the car before logging again.
    private mutating func takePauseIfDue() {
        guard pausesTaken < options.pauses, let end = options.durationS else { return }
        let due = end * (pausesTaken + 1) / (options.pauses + 1) - 900
        let length = rng.int(6 * 60, 20 * 60)
        guard t >= due, end - t > length + 10 * 60 else { return }
        pausesTaken += 1
        t += length
        counts.pauseSeconds += length
        pendingNewSegment = true
        if rng.chance(0.5) {
            let d = rng.uniform(200, 900)
            let angle = rng.uniform(0, 2 * Double.pi)
            car = StreetPoint.snap(car.pos + Vec(x: d * cos(angle), y: d * sin(angle)), northSouth: rng.chance(0.5), arterial: nil)
        }
        pos = car.pos
        speed = 0
        environment = .street
    }

    // MARK: - The receiver

    private mutating func makeFix() -> Fix {
        let downtown = Grid.isDowntown(pos)
        let sigma: Double
        let baseAccuracy: Double
        switch environment {
        case .indoor:
            sigma = 9
            baseAccuracy = 18
        case .street:
            sigma = downtown ? 5.5 : 2.4
            baseAccuracy = downtown ? 8.5 : 3.9
        }
        let rho = 0.96
        let kick = (1 - rho * rho).squareRoot()
        noiseX = rho * noiseX + sigma * kick * rng.normal()
        noiseY = rho * noiseY + sigma * kick * rng.normal()
        noiseZ = 0.98 * noiseZ + 3.5 * 0.199 * rng.normal()
        accuracyWobble = 0.95 * accuracyWobble + 0.312 * rng.normal()
        let accuracy = max(1.5, baseAccuracy * (1 + 0.22 * accuracyWobble))
        let observed = pos + Vec(x: noiseX, y: noiseY)
        let terrain = 181.5 + 2.5 * sin(pos.x / 900) + 1.8 * cos(pos.y / 1300)
        var reportedSpeed = 0.0
        if speed > 0.05 { reportedSpeed = max(0, speed + 0.12 * rng.normal()) }
        let hdop = min(max(accuracy / 4.3 + 0.05 * rng.normal(), 0.6), 9.9)
        let sat = min(max(Int((14.5 - accuracy / 1.6 + rng.normal()).rounded()), 4), 17)
        var fix = Fix(
            timeMs: options.startMs + Int64(t) * 1000 + fractionMs + Int64(rng.int(0, 4)),
            lat: Grid.lat(observed), lon: Grid.lon(observed), ele: terrain + noiseZ,
            speed: reportedSpeed, course: heading, accuracy: accuracy, hdop: hdop, sat: sat,
            kind: .normal, newSegment: pendingNewSegment)
        if pendingNewSegment {
            pendingNewSegment = false
            segmentStart = t
            recent.removeAll(keepingCapacity: true)
            counts.segments += 1
        }
        if speed > 0.5 { counts.movingSeconds += 1 }
        injectAnomalyIfDue(&fix)
        if fix.kind == .normal { counts.maxSpeed = max(counts.maxSpeed, fix.speed) }
        counts.points += 1
        recent.append(fix)
        if recent.count > 4 { recent.removeFirst() }
        return fix
    }

    // MARK: - Rejectable fixes

    private mutating func planFixedAnomalies(equal: Int, earlier: Int, jumps: Int, inaccurate: Int) {
        let span = max((options.durationS ?? 3600) - 420, 60)
        var list: [(at: Int, kind: FixKind)] = []
        for _ in 0..<equal { list.append((180 + rng.int(0, span), .timeEqual)) }
        for _ in 0..<earlier { list.append((180 + rng.int(0, span), .timeEarlier)) }
        for _ in 0..<jumps { list.append((180 + rng.int(0, span), .jump)) }
        for _ in 0..<inaccurate { list.append((180 + rng.int(0, span), .inaccurate)) }
        anomalyQueue = list.sorted { $0.at < $1.at }
        anomalyWindowEnd = Int.max
    }

    /// A few rejectable fixes in each hour: 0-2 repeated or stale times, 0-1 jumps, 0-2 very
    /// inaccurate fixes.
    private mutating func planNextHour() {
        let start = anomalyWindowEnd
        anomalyWindowEnd += 3600
        var list: [(at: Int, kind: FixKind)] = []
        for _ in 0..<rng.weighted([0.3, 0.45, 0.25]) {
            list.append((start + rng.int(0, 3599), rng.chance(0.5) ? .timeEqual : .timeEarlier))
        }
        if rng.chance(0.5) { list.append((start + rng.int(0, 3599), .jump)) }
        for _ in 0..<rng.weighted([0.3, 0.45, 0.25]) { list.append((start + rng.int(0, 3599), .inaccurate)) }
        anomalyQueue.removeFirst(anomalyIndex)
        anomalyIndex = 0
        anomalyQueue.append(contentsOf: list.sorted { $0.at < $1.at })
    }

    /// Turns this fix into a rejectable one when one is due and the moment is clear: driving,
    /// well inside a segment, well apart from the last one and from the end of the shift.
    private mutating func injectAnomalyIfDue(_ fix: inout Fix) {
        if case .perHour = options.anomalies, t >= anomalyWindowEnd { planNextHour() }
        guard anomalyIndex < anomalyQueue.count, anomalyQueue[anomalyIndex].at <= t else { return }
        guard driving, t - segmentStart >= 30, t - lastAnomaly >= 40, recent.count >= 4 else { return }
        if let end = options.durationS, t > end - 60 { return }
        guard let previous = recent.last else { return }
        let kind = anomalyQueue[anomalyIndex].kind
        anomalyIndex += 1
        lastAnomaly = t
        switch kind {
        case .timeEqual:
            fix.timeMs = previous.timeMs
            counts.timeEqual += 1
        case .timeEarlier:
            let back = rng.int(2, 3)
            let stale = recent[recent.count - back]
            fix = stale
            fix.newSegment = false
            counts.timeEarlier += 1
        case .jump:
            let d = rng.uniform(3000, 9000)
            let angle = rng.uniform(0, 2 * Double.pi)
            let p = pos + Vec(x: noiseX + d * cos(angle), y: noiseY + d * sin(angle))
            fix.lat = Grid.lat(p)
            fix.lon = Grid.lon(p)
            counts.jumps += 1
        case .inaccurate:
            let d = rng.uniform(40, 120)
            let angle = rng.uniform(0, 2 * Double.pi)
            let p = pos + Vec(x: d * cos(angle), y: d * sin(angle))
            fix.lat = Grid.lat(p)
            fix.lon = Grid.lon(p)
            fix.accuracy = 150
            fix.hdop = 30
            fix.sat = rng.int(3, 4)
            counts.inaccurate += 1
        case .normal:
            break
        }
        fix.kind = kind
    }
}
