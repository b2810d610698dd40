import SQLiteKit

extension Schema {
    /// A report that reads figures, not samples (issue 18, docs/mileage.md "Stored route
    /// figures"): each shift's measured route (what `Store.routeMeasures` computes: metres, and
    /// the metres by the platforms whose trips were active) is stored once, at the end of the
    /// write that changed one of its inputs, and read by every report, export and tax figure.
    ///
    /// A stored figure is never stale: a trigger on every input (the shift's samples deleted, its capture
    /// sessions' shift and method, its parked stretches, its times, its trips' windows, shifts
    /// and platforms) marks the shifts it touches, OLD and NEW, in `routeFigureStale`, and the
    /// mark deletes their figures in the same statement; the three statements that insert or move
    /// samples mark their shifts themselves, once per statement (a test holds every such
    /// statement in Sources to a mark: RouteFigureMarkTests). `Store.write` measures the marked shifts
    /// again before its transaction commits (RouteFigures.swift). A store migrated from an
    /// earlier version has every routed shift marked: its figures are filled by the next write,
    /// and until then a report measures them from their samples, as before.
    ///
    static let v14 = Migration("0014 stored route figures", """
        -- A shift's route as measured from its samples (metres), and whether it had trips with
        -- times; then the metres while no trip, and while trips of two or more platforms, were
        -- active. Derived: deleted whenever an input changes, filled again in the same write.
        CREATE TABLE shiftRouteFigure (
            shiftId INTEGER PRIMARY KEY REFERENCES shift (id) ON DELETE CASCADE,
            meters REAL NOT NULL CHECK (meters >= 0),
            hasTrips INTEGER NOT NULL CHECK (hasTrips IN (0, 1)),
            betweenTripsM REAL NOT NULL,
            sharedM REAL NOT NULL
        ) STRICT;
        -- Per platform key ('' for a trip naming none): the metres counted while its trips were
        -- active (none: it had trips, no distance) and the spelling that sorts first.
        CREATE TABLE shiftRouteFigurePlatform (
            shiftId INTEGER NOT NULL REFERENCES shiftRouteFigure (shiftId) ON DELETE CASCADE,
            platformKey TEXT NOT NULL CHECK (length(platformKey) <= 100),
            name TEXT CHECK (length(name) BETWEEN 1 AND 100),
            meters REAL,
            PRIMARY KEY (shiftId, platformKey)
        ) STRICT, WITHOUT ROWID;
        -- Shifts whose figure an input changed since it was measured. Marking one deletes its
        -- figure; a mark already there costs one lookup (the route's insert path).
        CREATE TABLE routeFigureStale (shiftId INTEGER PRIMARY KEY) STRICT;
        CREATE TRIGGER routeFigureStaleDeletesFigure AFTER INSERT ON routeFigureStale
        BEGIN DELETE FROM shiftRouteFigure WHERE shiftId = NEW.shiftId; END;

        -- The route's inserts and moves mark their shifts once per statement in the code that
        -- writes them (Store.markRouteFiguresStale: RouteWriter, moveRoute, promoteRouteAside):
        -- a trigger per row cost about 0.2 us a sample each way, 10% of the GPX import's budget.
        -- Deletes are rarer and come from many places: a trigger.
        CREATE TRIGGER routeFigureSampleDelete AFTER DELETE ON routeSample
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;

        CREATE TRIGGER routeFigureSessionInsert AFTER INSERT ON captureSession
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (NEW.shiftId); END;
        CREATE TRIGGER routeFigureSessionDelete AFTER DELETE ON captureSession
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;
        CREATE TRIGGER routeFigureSessionUpdate AFTER UPDATE OF id, shiftId, measureMethod ON captureSession
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId), (NEW.shiftId); END;

        CREATE TRIGGER routeFigureSuspensionInsert AFTER INSERT ON routeSuspension
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (NEW.shiftId); END;
        CREATE TRIGGER routeFigureSuspensionDelete AFTER DELETE ON routeSuspension
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;
        CREATE TRIGGER routeFigureSuspensionUpdate AFTER UPDATE ON routeSuspension
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId), (NEW.shiftId); END;

        CREATE TRIGGER routeFigureShiftTimes AFTER UPDATE OF id, startedAtMs, endedAtMs ON shift
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.id), (NEW.id); END;

        CREATE TRIGGER routeFigureTripInsert AFTER INSERT ON delivery
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (NEW.shiftId); END;
        CREATE TRIGGER routeFigureTripDelete AFTER DELETE ON delivery
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;
        CREATE TRIGGER routeFigureTripUpdate AFTER UPDATE OF shiftId, offerId, acceptedAtMs, deliveredAtMs, cancelledAtMs ON delivery
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId), (NEW.shiftId); END;
        CREATE TRIGGER routeFigureOfferPlatform AFTER UPDATE OF id, platform ON offer
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) SELECT shiftId FROM delivery WHERE offerId IN (OLD.id, NEW.id); END;

        -- Every routed shift of an earlier store: measured by the next write.
        INSERT INTO routeFigureStale (shiftId)
        SELECT s.id FROM shift s WHERE EXISTS (SELECT 1 FROM routeSample r WHERE r.shiftId = s.id);
        """)
}
