import Foundation

/// A plane vector in metres: x east, y north of the grid's centre.
struct Vec {
    var x: Double
    var y: Double

    static func + (a: Vec, b: Vec) -> Vec { Vec(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Vec, b: Vec) -> Vec { Vec(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Vec, k: Double) -> Vec { Vec(x: a.x * k, y: a.y * k) }
    var length: Double { (x * x + y * y).squareRoot() }
}

/// Chicago's street grid, roughly: State and Madison (41.8781 N, 87.6298 W) is the origin,
/// north-south streets every 1/8 mile, east-west streets every 1/16 mile. Every fourth
/// north-south street and every eighth east-west street (the half-mile lines) is an arterial.
enum Grid {
    static let lat0 = 41.8781
    static let lon0 = -87.6298
    /// Metres between neighbouring north-south streets (1/8 mile).
    static let dx = 201.168
    /// Metres between neighbouring east-west streets (1/16 mile).
    static let dy = 100.584

    static let metersPerDegLat: Double = {
        let phi = lat0 * Double.pi / 180
        return 111_132.954 - 559.822 * cos(2 * phi) + 1.175 * cos(4 * phi)
    }()
    static let metersPerDegLon: Double = {
        let phi = lat0 * Double.pi / 180
        return 111_412.84 * cos(phi) - 93.5 * cos(3 * phi)
    }()

    /// The driver's working area: west of the lake, from about 35th Street to Fullerton.
    static let xMin = -6400.0
    static let xMax = -300.0
    static let yMin = -4500.0
    static let yMax = 6000.0

    static func lat(_ p: Vec) -> Double { lat0 + p.y / metersPerDegLat }
    static func lon(_ p: Vec) -> Double { lon0 + p.x / metersPerDegLon }

    static func isArterialColumn(_ c: Int) -> Bool { c % 4 == 0 }
    static func isArterialRow(_ r: Int) -> Bool { r % 8 == 0 }

    /// The Loop and its surroundings, where tall buildings make fixes worse.
    static func isDowntown(_ p: Vec) -> Bool {
        p.x > -1800 && p.y > -1500 && p.y < 1800
    }

    static func clampToZone(_ p: Vec) -> Vec {
        Vec(x: min(max(p.x, xMin), xMax), y: min(max(p.y, yMin), yMax))
    }

    /// A fixed pseudo-random number in [0, 1) for an intersection: which corners have signals or
    /// stop signs is part of the city, not of a shift.
    static func nodeHash(_ c: Int, _ r: Int, _ salt: UInt64) -> Double {
        var state = UInt64(bitPattern: Int64(c)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(r)) &* 0xC2B2_AE3D_27D4_EB4F ^ salt
        return Double(Rng.splitMix(&state) >> 11) * 0x1.0p-53
    }

    enum Control {
        case none
        case stopSign
        case signal
    }

    /// What a driver arriving along `alongColumn` (a north-south street if true) meets at a corner.
    static func control(column c: Int, row r: Int, alongColumn: Bool) -> Control {
        let colArt = isArterialColumn(c)
        let rowArt = isArterialRow(r)
        let h = nodeHash(c, r, 0x5EED_C0DE)
        if colArt && rowArt { return .signal }
        if colArt || rowArt {
            if h < 0.3 { return .signal }
            let onArterial = alongColumn ? colArt : rowArt
            return onArterial ? .none : .stopSign
        }
        return h < 0.5 ? .stopSign : .none
    }
}

/// A place on a street, between two corners: restaurants, doors, parking spots.
struct StreetPoint {
    /// True: on a north-south street (`line` is its column); false: east-west (`line` is a row).
    var northSouth: Bool
    var line: Int
    /// Metres along the street from the origin (y for a north-south street, x for east-west).
    var along: Double

    var pos: Vec {
        northSouth ? Vec(x: Double(line) * Grid.dx, y: along) : Vec(x: along, y: Double(line) * Grid.dy)
    }

    /// The nearest street point to `p`, on an arterial or on a side street as asked, kept at least
    /// 15 % of a block from either corner.
    static func snap(_ p: Vec, northSouth: Bool, arterial: Bool?) -> StreetPoint {
        let q = Grid.clampToZone(p)
        if northSouth {
            var c = Int((q.x / Grid.dx).rounded())
            if let arterial {
                c = adjust(c, arterial: arterial, isArterial: Grid.isArterialColumn)
            }
            let along = keepOffCorner(q.y, spacing: Grid.dy)
            return StreetPoint(northSouth: true, line: c, along: along)
        } else {
            var r = Int((q.y / Grid.dy).rounded())
            if let arterial {
                r = adjust(r, arterial: arterial, isArterial: Grid.isArterialRow)
            }
            let along = keepOffCorner(q.x, spacing: Grid.dx)
            return StreetPoint(northSouth: false, line: r, along: along)
        }
    }

    private static func adjust(_ i: Int, arterial: Bool, isArterial: (Int) -> Bool) -> Int {
        if isArterial(i) == arterial { return i }
        for d in 1...8 {
            if isArterial(i - d) == arterial { return i - d }
            if isArterial(i + d) == arterial { return i + d }
        }
        return i
    }

    private static func keepOffCorner(_ v: Double, spacing: Double) -> Double {
        let base = (v / spacing).rounded(.down)
        var frac = v / spacing - base
        frac = min(max(frac, 0.15), 0.85)
        return (base + frac) * spacing
    }

    /// The two corners bounding this point's block, as (column, row).
    var corners: ((Int, Int), (Int, Int)) {
        if northSouth {
            let low = Int((along / Grid.dy).rounded(.down))
            return ((line, low), (line, low + 1))
        } else {
            let low = Int((along / Grid.dx).rounded(.down))
            return ((low, line), (low + 1, line))
        }
    }

    /// A unit vector across the street, towards the side where the doors are.
    func across(side: Bool) -> Vec {
        let s = side ? 1.0 : -1.0
        return northSouth ? Vec(x: s, y: 0) : Vec(x: 0, y: s)
    }
}

func nodePos(_ n: (Int, Int)) -> Vec {
    Vec(x: Double(n.0) * Grid.dx, y: Double(n.1) * Grid.dy)
}

/// One stop or slow-down along a route: the speed the car must be at, at arc length `s`, and how
/// long it then stands (red light, stop sign, the destination).
struct Constraint {
    var s: Double
    var v: Double
    var dwell: Int
}

/// A drive along the grid: vertices, per-leg speed limits, and the stops and turns on the way.
struct Route {
    var points: [Vec]
    var cumulative: [Double]
    var limits: [Double]
    var constraints: [Constraint]
    var total: Double

    /// Position and heading (degrees clockwise from north) at arc length `s`; `hint` is the leg
    /// index found last time (routes are walked forwards).
    func locate(_ s: Double, hint: inout Int) -> (Vec, Double) {
        if points.count < 2 { return (points.first ?? Vec(x: 0, y: 0), 0) }
        while hint < points.count - 2 && cumulative[hint + 1] <= s { hint += 1 }
        let a = points[hint]
        let b = points[hint + 1]
        let legLength = cumulative[hint + 1] - cumulative[hint]
        let f = legLength > 0 ? min(max((s - cumulative[hint]) / legLength, 0), 1) : 1
        let p = a + (b - a) * f
        let heading = bearing(b - a)
        return (p, heading)
    }

    /// The speed limit of leg `leg`, m/s.
    func limit(leg: Int) -> Double {
        limits.isEmpty ? 8 : limits[min(leg, limits.count - 1)]
    }
}

/// Degrees clockwise from north, in [0, 360).
func bearing(_ d: Vec) -> Double {
    var b = atan2(d.x, d.y) * 180 / Double.pi
    if b < 0 { b += 360 }
    return b
}

enum Router {
    /// Plans a drive from one street point to another along the grid: out of the block towards
    /// the destination, usually along a half-mile arterial, into the destination's block.
    static func plan(from a: StreetPoint, to b: StreetPoint, driverPace: Double, rng: inout Rng) -> Route {
        var raw: [Vec] = [a.pos]
        let sameStreet = a.northSouth == b.northSouth && a.line == b.line
        if !sameStreet {
            let exitNode = towards(a, b.pos)
            let entryNode = towards(b, a.pos)
            raw.append(nodePos(exitNode))
            for n in gridPath(exitNode, entryNode, rng: &rng) { raw.append(nodePos(n)) }
            raw.append(nodePos(entryNode))
        }
        raw.append(b.pos)
        let points = simplify(raw)
        return build(points, driverPace: driverPace, rng: &rng)
    }

    /// The corner of `p`'s block on the side facing `target`.
    private static func towards(_ p: StreetPoint, _ target: Vec) -> (Int, Int) {
        let (low, high) = p.corners
        if p.northSouth {
            return target.y > p.along ? high : low
        } else {
            return target.x > p.along ? high : low
        }
    }

    /// Interior corners between two corners (both excluded).
    private static func gridPath(_ n1: (Int, Int), _ n2: (Int, Int), rng: inout Rng) -> [(Int, Int)] {
        let (c1, r1) = n1
        let (c2, r2) = n2
        if c1 == c2 || r1 == r2 { return [] }
        let rows = Array(min(r1, r2)...max(r1, r2)).filter { Grid.isArterialRow($0) }
        let cols = Array(min(c1, c2)...max(c1, c2)).filter { Grid.isArterialColumn($0) }
        let midRow = Double(r1 + r2) / 2
        let midCol = Double(c1 + c2) / 2
        var weights: [Double] = [rows.isEmpty ? 0 : 0.38, cols.isEmpty ? 0 : 0.38, 0.12, 0.12]
        if weights.reduce(0, +) <= 0 { weights = [0, 0, 0.5, 0.5] }
        switch rng.weighted(weights) {
        case 0:
            let r = rows.min { abs(Double($0) - midRow) < abs(Double($1) - midRow) } ?? r1
            return [(c1, r), (c2, r)]
        case 1:
            let c = cols.min { abs(Double($0) - midCol) < abs(Double($1) - midCol) } ?? c1
            return [(c, r1), (c, r2)]
        case 2:
            return [(c2, r1)]
        default:
            return [(c1, r2)]
        }
    }

    /// Drops repeated vertices and vertices in the middle of a straight run.
    private static func simplify(_ raw: [Vec]) -> [Vec] {
        var pts: [Vec] = []
        for p in raw {
            if let last = pts.last, (p - last).length < 0.01 { continue }
            pts.append(p)
        }
        var i = 1
        while i < pts.count - 1 {
            let d1 = pts[i] - pts[i - 1]
            let d2 = pts[i + 1] - pts[i]
            let cross = d1.x * d2.y - d1.y * d2.x
            let dot = d1.x * d2.x + d1.y * d2.y
            if abs(cross) < 1e-6 * d1.length * d2.length && dot > 0 {
                pts.remove(at: i)
            } else {
                i += 1
            }
        }
        return pts
    }

    private static func build(_ pts: [Vec], driverPace: Double, rng: inout Rng) -> Route {
        var cumulative: [Double] = [0]
        var limits: [Double] = []
        var constraints: [Constraint] = []
        for i in 0..<(max(pts.count, 1) - 1) {
            let a = pts[i]
            let b = pts[i + 1]
            let length = (b - a).length
            let start = cumulative[i]
            cumulative.append(start + length)
            let vertical = abs(a.x - b.x) < 0.01
            let lineIndex = vertical ? Int((a.x / Grid.dx).rounded()) : Int((a.y / Grid.dy).rounded())
            let arterial = vertical ? Grid.isArterialColumn(lineIndex) : Grid.isArterialRow(lineIndex)
            let mile = vertical ? lineIndex % 8 == 0 : lineIndex % 16 == 0
            var limit = mile ? 14.2 : (arterial ? 12.8 : 9.0)
            limit *= driverPace * rng.uniform(0.9, 1.05)
            if Grid.isDowntown(a) { limit *= 0.75 }
            limits.append(min(limit, 15))
            // Corners crossed in the middle of this leg.
            if vertical {
                let lo = min(a.y, b.y)
                let hi = max(a.y, b.y)
                var r = Int((lo / Grid.dy).rounded(.down))
                while Double(r) * Grid.dy <= hi {
                    let y = Double(r) * Grid.dy
                    if y > lo + 0.5 && y < hi - 0.5 {
                        let s = start + abs(y - a.y)
                        addCrossing(&constraints, s: s, control: Grid.control(column: lineIndex, row: r, alongColumn: true), rng: &rng)
                    }
                    r += 1
                }
            } else {
                let lo = min(a.x, b.x)
                let hi = max(a.x, b.x)
                var c = Int((lo / Grid.dx).rounded(.down))
                while Double(c) * Grid.dx <= hi {
                    let x = Double(c) * Grid.dx
                    if x > lo + 0.5 && x < hi - 0.5 {
                        let s = start + abs(x - a.x)
                        addCrossing(&constraints, s: s, control: Grid.control(column: c, row: lineIndex, alongColumn: false), rng: &rng)
                    }
                    c += 1
                }
            }
            // The turn at the end of this leg (not at the destination).
            if i + 1 < pts.count - 1 {
                let c = pts[i + 2] - b
                let d = b - a
                let dot = (c.x * d.x + c.y * d.y) / max(c.length * d.length, 1e-9)
                let turnSpeed = dot < -0.5 ? 1.5 : rng.uniform(3.8, 5.6)
                let node = (Int((b.x / Grid.dx).rounded()), Int((b.y / Grid.dy).rounded()))
                let onGrid = abs(Double(node.0) * Grid.dx - b.x) < 0.5 && abs(Double(node.1) * Grid.dy - b.y) < 0.5
                let control = onGrid ? Grid.control(column: node.0, row: node.1, alongColumn: vertical) : .none
                let s = cumulative[i + 1]
                switch control {
                case .signal where rng.chance(0.45):
                    constraints.append(Constraint(s: s, v: 0, dwell: rng.int(6, 50)))
                case .stopSign:
                    constraints.append(Constraint(s: s, v: 0, dwell: rng.int(1, 3)))
                default:
                    constraints.append(Constraint(s: s, v: turnSpeed, dwell: 0))
                }
            }
        }
        let total = cumulative.last ?? 0
        constraints.append(Constraint(s: total, v: 0, dwell: 0))
        constraints.sort { $0.s < $1.s }
        return Route(points: pts, cumulative: cumulative, limits: limits, constraints: constraints, total: total)
    }

    private static func addCrossing(_ list: inout [Constraint], s: Double, control: Grid.Control, rng: inout Rng) {
        switch control {
        case .none:
            break
        case .stopSign:
            list.append(Constraint(s: s, v: 0, dwell: rng.int(0, 2)))
        case .signal:
            let roll = rng.unit()
            if roll < 0.4 {
                list.append(Constraint(s: s, v: 0, dwell: rng.int(5, 55)))
            } else if roll < 0.5 {
                // Changing to green as the car arrives: a slow roll through.
                list.append(Constraint(s: s, v: rng.uniform(2, 5), dwell: 0))
            }
        }
    }
}
