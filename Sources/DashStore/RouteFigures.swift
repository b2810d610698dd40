import DashModel
import SQLiteKit

/// What a report needs of a shift's measured route (issue 18, "A report that reads figures, not
/// samples"): the metres and the split by platform that ``Store/routeMeasures(shiftIDs:)``
/// computes, stored per shift (schema v14, RouteFigureSchema.swift) or measured now. The stops
/// vehicle-1 infers are not kept: `shift show` measures its one shift.
public struct RouteFigure: Sendable {
    public let meters: Double
    public let split: PlatformMilesSplit

    init(_ measure: RouteMeasure) {
        meters = measure.meters
        split = measure.split
    }

    init(meters: Double, split: PlatformMilesSplit) {
        self.meters = meters
        self.split = split
    }

    /// The same figures, to the bit (the split's public figures; its cursor is not a figure).
    public func sameFigures(as other: RouteFigure) -> Bool {
        meters.bitPattern == other.meters.bitPattern && split.hasTrips == other.split.hasTrips
            && split.betweenTrips.bitPattern == other.split.betweenTrips.bitPattern
            && split.shared.bitPattern == other.split.shared.bitPattern
            && split.names == other.split.names && split.meters.mapValues(\.bitPattern) == other.split.meters.mapValues(\.bitPattern)
    }

    /// Every figure a finite number: SQLite keeps no NaN (it reads back as NULL), so a figure
    /// that is not finite is not stored and the report measures that shift.
    var isStorable: Bool {
        meters.isFinite && split.betweenTrips.isFinite && split.shared.isFinite && split.meters.values.allSatisfy(\.isFinite)
    }
}

extension Store {
    /// Each shift's route figure, in the order given: the stored one, else measured from its
    /// samples now (a store migrated from v12 before its next write; a shift whose route could
    /// not be stored). A shift without samples measures 0, as ``routeMeasures(shiftIDs:)``.
    public func routeFigures(shiftIDs: [Int64]) throws -> [RouteFigure] {
        var found: [Int64: RouteFigure] = [:]
        if try hasRouteFigureTables() {
            for id in shiftIDs { found[id] = try storedRouteFigure(id) }
        }
        let missing = shiftIDs.filter { found[$0] == nil }
        for (id, measure) in zip(missing, try routeMeasures(shiftIDs: missing)) { found[id] = RouteFigure(measure) }
        return shiftIDs.map { found[$0] ?? RouteFigure(meters: 0, split: PlatformMilesSplit(trips: [])) }
    }

    /// The shift's recorded metres as a report counts them (``routeFigures(shiftIDs:)``).
    public func routeFigureMeters(shiftID: Int64) throws -> Double {
        try routeFigures(shiftIDs: [shiftID]).first?.meters ?? 0
    }

    /// The figure stored for shift `id`, if any.
    func storedRouteFigure(_ id: Int64) throws -> RouteFigure? {
        guard let row = try connection.query("""
            SELECT meters, hasTrips, betweenTripsM, sharedM FROM shiftRouteFigure WHERE shiftId = ?1
            """, [.integer(id)]).first, let meters = row[0].double else { return nil }
        var split: [String: Double] = [:], names: [String: String] = [:]
        for platform in try connection.query("SELECT platformKey, name, meters FROM shiftRouteFigurePlatform WHERE shiftId = ?1",
                                             [.integer(id)]) {
            let key = platform[0].string ?? ""
            if let name = platform[1].string { names[key] = name }
            if let value = platform[2].double { split[key] = value }
        }
        return RouteFigure(meters: meters, split: PlatformMilesSplit(meters: split, names: names, betweenTrips: row[2].double ?? 0,
                                                                      shared: row[3].double ?? 0, hadTrips: row[1].int64 == 1))
    }

    /// Marks the shifts whose samples a statement inserted or moved (the schema's triggers mark
    /// every other input): their figures go now and are measured again at the end of the write.
    /// Every statement that inserts into or updates routeSample calls this in the same write.
    func markRouteFiguresStale(_ shiftIDs: [Int64]) throws {
        guard try hasRouteFigureTables() else { return }
        for id in Set(shiftIDs).sorted() {
            try connection.run("INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (?1)", [.integer(id)])
        }
    }

    /// Whether the store has the tables of schema v14 (a store opened at an earlier version by
    /// the historical opener has not).
    func hasRouteFigureTables() throws -> Bool {
        if routeFigureTablesSeen { return true }
        routeFigureTablesSeen = try connection.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'routeFigureStale'") != nil
        return routeFigureTablesSeen
    }

    /// Measures again every shift an input changed (marked in routeFigureStale by the schema's
    /// triggers) and stores its figure: ``write(_:)`` calls this at its outermost level, inside
    /// the transaction, so a committed store holds no figure older than its inputs. Each marked
    /// route is read once (an 8-hour import: its 28,800 samples, once, at the end). A shift whose
    /// route cannot be measured (an unknown method: damage a report refuses) gets no figure.
    func fillStaleRouteFigures() throws {
        guard try hasRouteFigureTables(),
              try connection.scalar("SELECT 1 FROM routeFigureStale LIMIT 1") != nil else { return }
        let routed = try connection.query("""
            SELECT f.shiftId FROM routeFigureStale f JOIN shift s ON s.id = f.shiftId
            WHERE EXISTS (SELECT 1 FROM routeSample r WHERE r.shiftId = f.shiftId) ORDER BY f.shiftId
            """).map { $0.int("shiftId") }
        var measured: [(Int64, RouteFigure)] = []
        do {
            measured = zip(routed, try routeMeasures(shiftIDs: routed).map(RouteFigure.init)).map { ($0, $1) }
        } catch is CorruptRecordError {
            for id in routed {
                if let measure = try? routeMeasures(shiftIDs: [id]).first { measured.append((id, RouteFigure(measure))) }
            }
        }
        // The marks go before the figures come: a figure is never stored beside its shift's mark.
        try connection.run("DELETE FROM routeFigureStale")
        for (id, figure) in measured where figure.isStorable { try storeRouteFigure(id, figure) }
    }

    private func storeRouteFigure(_ id: Int64, _ figure: RouteFigure) throws {
        let split = figure.split
        try connection.run("INSERT INTO shiftRouteFigure (shiftId, meters, hasTrips, betweenTripsM, sharedM) VALUES (?1, ?2, ?3, ?4, ?5)",
                           [.integer(id), .real(figure.meters), .integer(split.hasTrips ? 1 : 0), .real(split.betweenTrips), .real(split.shared)])
        for key in Set(split.meters.keys).union(split.names.keys).sorted() {
            try connection.run("INSERT INTO shiftRouteFigurePlatform (shiftId, platformKey, name, meters) VALUES (?1, ?2, ?3, ?4)",
                               [.integer(id), .text(key), split.names[key].map { .text($0) } ?? .null, split.meters[key].map { .real($0) } ?? .null])
        }
    }

    /// The shifts whose stored figure is not what their route measures now (`check`: damage,
    /// since every report reads the stored one).
    public func staleRouteFigures() throws -> [Int64] {
        guard try hasRouteFigureTables() else { return [] }
        let ids = try connection.query("SELECT shiftId FROM shiftRouteFigure ORDER BY shiftId").map { $0.int("shiftId") }
        var differing: [Int64] = []
        for (id, fresh) in zip(ids, try routeMeasures(shiftIDs: ids).map(RouteFigure.init)) {
            guard let stored = try storedRouteFigure(id), stored.sameFigures(as: fresh) else {
                differing.append(id)
                continue
            }
        }
        return differing
    }
}
