import DashModel
import SQLiteKit

// MARK: - Reading shifts

extension Store {
    /// The shift with `id`, or nil.
    public func shift(_ id: Int64) throws -> Shift? {
        try connection.query("SELECT \(Shift.columns) FROM shift WHERE id = ?1", [.integer(id)]).first.map(Shift.init(row:))
    }

    /// The shift with `id`, or `ModelError.notFound`.
    public func requireShift(_ id: Int64) throws -> Shift {
        guard let shift = try shift(id) else { throw ModelError.notFound(what: "shift", id: id) }
        return shift
    }

    /// Shifts that started in [from, to), oldest first; either bound may be open.
    public func shifts(from: Instant? = nil, to: Instant? = nil) throws -> [Shift] {
        try connection.query("""
            SELECT \(Shift.columns) FROM shift
            WHERE startedAtMs >= coalesce(?1, startedAtMs) AND startedAtMs < coalesce(?2, startedAtMs + 1)
            ORDER BY startedAtMs, id
            """, [.instant(from), .instant(to)]).map(Shift.init(row:))
    }

    /// The shift's pauses, in time order.
    public func pauses(of shiftID: Int64) throws -> [ShiftPause] {
        try spans(in: "shiftPause", of: shiftID).map { ShiftPause(id: $0.id, shiftID: shiftID, start: $0.start, end: $0.end) }
    }

    /// The shift's parked stretches, in time order.
    public func suspensions(of shiftID: Int64) throws -> [RouteSuspension] {
        try spans(in: "routeSuspension", of: shiftID).map { RouteSuspension(id: $0.id, shiftID: shiftID, start: $0.start, end: $0.end) }
    }

    /// Rows of the two span tables, which share their shape.
    private func spans(in table: String, of shiftID: Int64) throws -> [(id: Int64, start: Instant, end: Instant?)] {
        try connection.query("SELECT id, startedAtMs, endedAtMs FROM \(table) WHERE shiftId = ?1 ORDER BY startedAtMs, id",
                             [.integer(shiftID)]).map { ($0.int("id"), $0.instant("startedAtMs"), $0.optionalInstant("endedAtMs")) }
    }

    /// The active shift (no end), if any.
    public func activeShift() throws -> Shift? {
        try connection.query("SELECT \(Shift.columns) FROM shift WHERE endedAtMs IS NULL ORDER BY startedAtMs DESC LIMIT 1")
            .first.map(Shift.init(row:))
    }

    /// The derived state: completed, paused (an open pause), or active.
    public func state(of shift: Shift) throws -> ShiftState {
        if shift.isCompleted { return .completed }
        let open = try connection.scalar("SELECT count(*) FROM shiftPause WHERE shiftId = ?1 AND endedAtMs IS NULL", [.integer(shift.id)])
        return (open?.int64 ?? 0) > 0 ? .paused : .active
    }

    /// Refuses [start, end) (end nil: open-ended) when it overlaps a shift other than `except`.
    func checkNoOverlap(start: Instant, end: Instant?, except: Int64? = nil) throws {
        // Stored shifts never overlap, so a span can meet only the last other shift starting
        // before it and those starting within it: two index probes (a scan of every earlier
        // shift grew an import with the square of the store, docs/performance.md).
        let other = try connection.scalar("""
            SELECT id FROM (
                SELECT * FROM (SELECT id, startedAtMs, endedAtMs FROM shift WHERE startedAtMs < ?1 AND id <> coalesce(?3, -1)
                               ORDER BY startedAtMs DESC LIMIT 1)
                WHERE coalesce(endedAtMs, 9223372036854775807) > ?1
                UNION ALL
                SELECT * FROM (SELECT id, startedAtMs, endedAtMs FROM shift
                               WHERE startedAtMs >= ?1 AND startedAtMs < coalesce(?2, 9223372036854775807) AND id <> coalesce(?3, -1)
                               ORDER BY startedAtMs LIMIT 1))
            ORDER BY startedAtMs LIMIT 1
            """, [.instant(start), .instant(end), .int(except)])
        if let id = other?.int64 { throw ModelError.overlappingShift(existing: id) }
    }
}

// MARK: - Shift lifecycle

extension Store {
    /// Records a completed shift [start, end) with its pauses, in one transaction. Refuses an end
    /// not after the start, a pause outside the shift, and an overlap with another shift.
    @discardableResult
    public func createCompletedShift(start: Instant, end: Instant, pauses: [Interval] = [], importID: Int64? = nil) throws -> Int64 {
        let shift = try Shift(id: 0, start: start, end: end)
        for pause in pauses { try shift.checkWithin(from: pause.start, to: pause.end, what: "a pause") }
        return try write {
            try checkNoOverlap(start: start, end: end)
            try connection.run("INSERT INTO shift (startedAtMs, endedAtMs, importId) VALUES (?1, ?2, ?3)",
                               [.instant(start), .instant(end), .int(importID)])
            let id = connection.lastInsertRowID
            for pause in pauses {
                try connection.run("INSERT INTO shiftPause (shiftId, startedAtMs, endedAtMs) VALUES (?1, ?2, ?3)",
                                   [.integer(id), .instant(pause.start), .instant(pause.end)])
            }
            // The vehicle's fuel default, as this shift's own snapshot (VehicleDefaults.swift).
            try seedFuel(id)
            return id
        }
    }

    /// Starts a shift at `instant`. Refuses while another shift is active or would overlap.
    @discardableResult
    public func startShift(at instant: Instant) throws -> Int64 {
        try write {
            try checkNoOverlap(start: instant, end: nil)
            try connection.run("INSERT INTO shift (startedAtMs) VALUES (?1)", [.instant(instant)])
            return connection.lastInsertRowID
        }
    }

    /// Ends an active shift. An open pause or parked stretch ends with it; an active delivery
    /// refuses the end (deliver or cancel it first), so no end leaves a structural fault.
    public func endShift(_ id: Int64, at instant: Instant) throws {
        try write {
            var shift = try requireShift(id)
            try shift.end(at: instant)
            let lastStart = try connection.scalar("""
                SELECT max(m) FROM (SELECT max(coalesce(endedAtMs, startedAtMs)) AS m FROM shiftPause WHERE shiftId = ?1
                                    UNION ALL SELECT max(coalesce(endedAtMs, startedAtMs)) FROM routeSuspension WHERE shiftId = ?1)
                """, [.integer(id)])?.int64
            if let lastStart, lastStart > instant.millisecondsSinceEpoch {
                throw ModelError.outsideShift(what: "a pause or parked stretch")
            }
            if let active = try connection.scalar("""
                SELECT id FROM delivery WHERE shiftId = ?1 AND deliveredAtMs IS NULL AND cancelledAtMs IS NULL LIMIT 1
                """, [.integer(id)])?.int64 {
                throw ModelError.activeDelivery(active)
            }
            // Nothing recorded on the shift may fall after its end: accepted deliveries (half-open:
            // not at the end), their later events, and route positions.
            let lastEvent = try connection.scalar("""
                SELECT max(max(acceptedAtMs + 1, coalesce(arrivedAtPickupAtMs, 0), coalesce(pickedUpAtMs, 0),
                               coalesce(deliveredAtMs, 0), coalesce(cancelledAtMs, 0)))
                FROM delivery WHERE shiftId = ?1
                """, [.integer(id)])?.int64
            if let lastEvent, lastEvent > instant.millisecondsSinceEpoch { throw ModelError.outsideShift(what: "a delivery's events") }
            let lastSample = try connection.scalar("SELECT max(recordedAtMs) FROM routeSample WHERE shiftId = ?1", [.integer(id)])?.int64
            if let lastSample, lastSample > instant.millisecondsSinceEpoch { throw ModelError.outsideShift(what: "a route position") }
            try checkNoOverlap(start: shift.start, end: instant, except: id)
            try connection.run("UPDATE shiftPause SET endedAtMs = ?2 WHERE shiftId = ?1 AND endedAtMs IS NULL", [.integer(id), .instant(instant)])
            try connection.run("UPDATE routeSuspension SET endedAtMs = ?2 WHERE shiftId = ?1 AND endedAtMs IS NULL", [.integer(id), .instant(instant)])
            try connection.run("UPDATE shift SET endedAtMs = ?2 WHERE id = ?1", [.integer(id), .instant(shift.end)])
            // An active shift may hold no fuel pair (schema v1): it takes the default in force when it ends.
            try seedFuel(id)
        }
    }

    /// Pauses an active shift at `instant`.
    public func pause(_ shiftID: Int64, at instant: Instant) throws {
        try openSpan(table: "shiftPause", shiftID: shiftID, at: instant, already: .alreadyPaused, what: "a pause")
    }

    /// Resumes a paused shift at `instant`.
    public func resume(_ shiftID: Int64, at instant: Instant) throws {
        try closeSpan(table: "shiftPause", shiftID: shiftID, at: instant, notOpen: .notPaused)
    }

    /// Records the vehicle parked at `instant`.
    public func park(_ shiftID: Int64, at instant: Instant) throws {
        try openSpan(table: "routeSuspension", shiftID: shiftID, at: instant, already: .alreadyParked, what: "a parked stretch")
    }

    /// Records driving again at `instant`.
    public func drive(_ shiftID: Int64, at instant: Instant) throws {
        try closeSpan(table: "routeSuspension", shiftID: shiftID, at: instant, notOpen: .notParked)
    }

    private func openSpan(table: String, shiftID: Int64, at instant: Instant, already: ModelError, what: String) throws {
        try write {
            let shift = try requireShift(shiftID)
            guard !shift.isCompleted else { throw ModelError.shiftNotActive }
            guard instant >= shift.start else { throw ModelError.outsideShift(what: what) }
            let open = try connection.scalar("SELECT count(*) FROM \(table) WHERE shiftId = ?1 AND endedAtMs IS NULL", [.integer(shiftID)])
            if (open?.int64 ?? 0) > 0 { throw already }
            let latest = try connection.scalar("SELECT max(endedAtMs) FROM \(table) WHERE shiftId = ?1", [.integer(shiftID)])?.int64
            if let latest, latest > instant.millisecondsSinceEpoch { throw ModelError.endsBeforeStart(start: Instant(millisecondsSinceEpoch: latest), end: instant) }
            try connection.run("INSERT INTO \(table) (shiftId, startedAtMs) VALUES (?1, ?2)", [.integer(shiftID), .instant(instant)])
        }
    }

    private func closeSpan(table: String, shiftID: Int64, at instant: Instant, notOpen: ModelError) throws {
        try write {
            let shift = try requireShift(shiftID)
            guard !shift.isCompleted else { throw ModelError.shiftNotActive }
            guard let row = try connection.query("SELECT id, startedAtMs FROM \(table) WHERE shiftId = ?1 AND endedAtMs IS NULL",
                                                 [.integer(shiftID)]).first
            else { throw notOpen }
            guard instant >= row.instant("startedAtMs") else { throw ModelError.endsBeforeStart(start: row.instant("startedAtMs"), end: instant) }
            try connection.run("UPDATE \(table) SET endedAtMs = ?2 WHERE id = ?1", [.integer(row.int("id")), .instant(instant)])
        }
    }
}

// MARK: - Earnings and fuel

extension Store {
    /// Records gross earnings (and the platform-reported tips within them) on a completed shift.
    public func setEarnings(_ shiftID: Int64, _ paid: PaidAmount) throws {
        try write {
            var shift = try requireShift(shiftID)
            try shift.setEarnings(paid)
            try connection.run("UPDATE shift SET grossEarningsE4 = ?2, platformTipsE4 = ?3, earningsImportId = NULL WHERE id = ?1",
                               [.integer(shiftID), .money(paid.amount), .money(paid.tips)])
        }
    }

    /// Clears recorded earnings back to "not recorded" (nil, not zero).
    public func clearEarnings(_ shiftID: Int64) throws {
        try write {
            _ = try requireShift(shiftID)
            try connection.run("UPDATE shift SET grossEarningsE4 = NULL, platformTipsE4 = NULL, earningsImportId = NULL WHERE id = ?1",
                               [.integer(shiftID)])
        }
    }

    /// Records the fuel assumption on a completed shift; both halves were validated by
    /// `FuelAssumption` before this writes either.
    public func setFuel(_ shiftID: Int64, _ fuel: FuelAssumption) throws {
        try write {
            var shift = try requireShift(shiftID)
            try shift.setFuel(fuel)
            try connection.run("UPDATE shift SET fuelMpgE4 = ?2, fuelPricePerGallonE4 = ?3\(typedFuel) WHERE id = ?1",
                               [.integer(shiftID), .money(fuel.milesPerGallon), .money(fuel.pricePerGallon)])
        }
    }

    /// A pair set or cleared by hand is the driver's, not seeded (schema v10; nothing before it).
    private var typedFuel: String { version >= 10 ? ", fuelSeeded = 0" : "" }

    /// Clears the fuel assumption.
    public func clearFuel(_ shiftID: Int64) throws {
        try write {
            _ = try requireShift(shiftID)
            try connection.run("UPDATE shift SET fuelMpgE4 = NULL, fuelPricePerGallonE4 = NULL\(typedFuel) WHERE id = ?1", [.integer(shiftID)])
        }
    }
}
