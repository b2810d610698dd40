import Foundation

/// The trace model's streets (``DeliveryTraceModel``): routes on the grid and the speed limits
/// along them (turns, red lights, stop signs).
enum TraceGrid {
    static let columnSpacing = 200.0, rowSpacing = 100.0

    static func isColumn(_ x: Double) -> Bool { abs(x / columnSpacing - (x / columnSpacing).rounded()) < 1e-9 }

    /// A speed limit at a distance along a route: a turn (slow), or a stop held `dwell` seconds.
    struct Constraint {
        var s: Double
        var v: Double
        var dwell: Int
    }

    struct Path {
        var points: [(x: Double, y: Double)]
        var cumulative: [Double]
        var length: Double { cumulative.last ?? 0 }

        init(_ raw: [(x: Double, y: Double)]) {
            var kept: [(x: Double, y: Double)] = []
            for p in raw {
                if let last = kept.last, abs(last.x - p.x) + abs(last.y - p.y) < 1e-6 { continue }
                if kept.count >= 2 {
                    let a = kept[kept.count - 2], b = kept[kept.count - 1]
                    let cross = (b.x - a.x) * (p.y - b.y) - (b.y - a.y) * (p.x - b.x)
                    let dot = (b.x - a.x) * (p.x - b.x) + (b.y - a.y) * (p.y - b.y)
                    if abs(cross) < 1e-6 && dot > 0 { kept[kept.count - 1] = p; continue }
                }
                kept.append(p)
            }
            points = kept
            cumulative = [0]
            for i in kept.indices.dropFirst() {
                cumulative.append(cumulative[i - 1] + hypot(kept[i].x - kept[i - 1].x, kept[i].y - kept[i - 1].y))
            }
        }

        func locate(_ s: Double, hint: inout Int) -> (x: Double, y: Double) {
            guard points.count > 1 else { return points.first ?? (x: 0, y: 0) }
            while hint < points.count - 2 && cumulative[hint + 1] < s { hint += 1 }
            let a = points[hint], b = points[hint + 1]
            let span = cumulative[hint + 1] - cumulative[hint]
            let f = span > 0 ? min(max((s - cumulative[hint]) / span, 0), 1) : 0
            return (x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
        }
    }

    /// From a point on a street to another: along the first street to a corner, then a staircase
    /// of one to three turns, then along the last street.
    static func route(from p: (x: Double, y: Double), to d: (x: Double, y: Double), rng: inout TraceRandom) -> Path {
        func corner(_ q: (x: Double, y: Double), towards t: (x: Double, y: Double)) -> (x: Double, y: Double) {
            if isColumn(q.x) {
                let r = q.y / rowSpacing
                return (x: q.x, y: (t.y > q.y ? r.rounded(.up) : r.rounded(.down)) * rowSpacing)
            }
            let c = q.x / columnSpacing
            return (x: (t.x > q.x ? c.rounded(.up) : c.rounded(.down)) * columnSpacing, y: q.y)
        }
        let first = corner(p, towards: d), last = corner(d, towards: p)
        var points = [p, first]
        if rng.chance(0.5) {
            let xm = ((first.x + (last.x - first.x) * rng.uniform(0.2, 0.8)) / columnSpacing).rounded() * columnSpacing
            let ym = ((first.y + (last.y - first.y) * rng.uniform(0.2, 0.8)) / rowSpacing).rounded() * rowSpacing
            points += [(x: xm, y: first.y), (x: xm, y: ym), (x: last.x, y: ym)]
        } else if rng.chance(0.5) {
            points.append((x: last.x, y: first.y))
        } else {
            points.append((x: first.x, y: last.y))
        }
        points += [last, d]
        return Path(points)
    }

    static func isArterial(_ x: Double, _ y: Double) -> Bool {
        abs(x / 800 - (x / 800).rounded()) < 1e-9 || abs(y / 400 - (y / 400).rounded()) < 1e-9
    }

    /// Turns slow the car to 3.5-5.5 m/s (a U-turn to 1); a corner or crossing on an arterial is
    /// red 40% of the time (stopped 20-60 s); 8% of other crossings have a stop sign (1-3 s).
    static func constraints(_ path: Path, rng: inout TraceRandom) -> [Constraint] {
        var list: [Constraint] = []
        let points = path.points
        for i in points.indices.dropFirst() {
            let a = points[i - 1], b = points[i]
            let length = path.cumulative[i] - path.cumulative[i - 1]
            let alongColumn = abs(a.x - b.x) < 1e-9
            let spacing = alongColumn ? rowSpacing : columnSpacing
            let from = alongColumn ? a.y : a.x, to = alongColumn ? b.y : b.x
            var k = (min(from, to) / spacing).rounded(.down) + 1
            var crossings: [Double] = []
            while k * spacing < max(from, to) - 1e-6 {
                crossings.append(abs(k * spacing - from))
                k += 1
            }
            for offset in crossings.sorted() where offset > 1e-6 && offset < length - 1e-6 {
                let s = path.cumulative[i - 1] + offset
                let f = offset / length
                let x = a.x + (b.x - a.x) * f, y = a.y + (b.y - a.y) * f
                if isArterial(alongColumn ? 1 : x, alongColumn ? y : 1), rng.chance(0.4) {
                    list.append(Constraint(s: s, v: 0, dwell: rng.int(20, 60)))
                } else if rng.chance(0.08) {
                    list.append(Constraint(s: s, v: 0, dwell: rng.int(1, 3)))
                }
            }
            if i + 1 < points.count {
                let c = points[i + 1]
                let dot = (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y)
                let s = path.cumulative[i]
                if isArterial(b.x, b.y), rng.chance(0.4) {
                    list.append(Constraint(s: s, v: 0, dwell: rng.int(20, 60)))
                } else {
                    list.append(Constraint(s: s, v: dot < 0 ? 1 : rng.uniform(3.5, 5.5), dwell: 0))
                }
            }
        }
        return list.sorted { $0.s < $1.s }
    }
}
