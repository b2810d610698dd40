import SQLiteKit

/// The store's schema history: frozen SQL, one step per version, append-only.
///
/// Never edit a step that has shipped: add a new one (and a test that migrates a store written
/// by the historical opener). `Tests/Golden/schema.sql` fails the build when a step is edited.
///
/// Conventions: tables are singular camelCase; instants are `...Ms` INTEGER milliseconds since
/// the Unix epoch, UTC; amounts are `...E4` INTEGER ten-thousandths (12.50 is 125000), exact;
/// every table is STRICT; the model's invariants are backed by CHECK constraints, and the ones
/// that span two tables (a pause within its shift, shifts that do not overlap) by triggers.
/// Every instant lies in years 1 to 9999, the range the model can print and read back. Ids a person sees are
/// AUTOINCREMENT, so a deleted shift's id is never given to another; route samples, never
/// shown and written by the million, have ids only to keep the order they were written in (v13).
public enum Schema {
    /// The migration plan every opener of a current store uses.
    public static let plan = Migrator(steps)

    /// The version this build writes.
    public static var currentVersion: Int { plan.currentVersion }

    /// Every step, oldest first.
    public static let steps: [Migration] = [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19]

    static let v1 = Migration("0001 the record: eleven entities", """
        -- A file that was imported: recognised by its SHA-256, listed, undoable.
        CREATE TABLE importRecord (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL CHECK (kind IN ('gpx', 'statement', 'expenses')),
            fileName TEXT NOT NULL CHECK (length(fileName) > 0),     -- base name only
            sha256 TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
            template TEXT,
            importedAtMs INTEGER NOT NULL CHECK (importedAtMs BETWEEN -62135596800000 AND 253402300799999),
            summary TEXT NOT NULL
        ) STRICT;
        CREATE INDEX importRecordBySha256 ON importRecord (sha256);

        -- A shift. State, durations, distance, rates and estimates are derived, never stored.
        CREATE TABLE shift (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            startedAtMs INTEGER NOT NULL CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
            endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs > startedAtMs),
            grossEarningsE4 INTEGER CHECK (grossEarningsE4 >= 0),
            platformTipsE4 INTEGER CHECK (platformTipsE4 >= 0 AND platformTipsE4 <= grossEarningsE4),
            fuelMpgE4 INTEGER CHECK (fuelMpgE4 > 0),
            fuelPricePerGallonE4 INTEGER CHECK (fuelPricePerGallonE4 >= 0),
            importId INTEGER REFERENCES importRecord (id),
            CHECK (grossEarningsE4 IS NULL OR endedAtMs IS NOT NULL),       -- earnings: completed shifts only
            CHECK (platformTipsE4 IS NULL OR grossEarningsE4 IS NOT NULL),  -- tips are part of gross
            CHECK ((fuelMpgE4 IS NULL) = (fuelPricePerGallonE4 IS NULL)),   -- the assumption is a pair
            CHECK (fuelMpgE4 IS NULL OR endedAtMs IS NOT NULL)              -- fuel: completed shifts only
        ) STRICT;
        CREATE INDEX shiftByStart ON shift (startedAtMs);
        CREATE INDEX shiftByImport ON shift (importId) WHERE importId IS NOT NULL;

        -- Recorded pauses; no end means paused now. Cascades from its shift.
        CREATE TABLE shiftPause (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            shiftId INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
            startedAtMs INTEGER NOT NULL CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
            endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs >= startedAtMs)
        ) STRICT;
        CREATE INDEX shiftPauseByShift ON shiftPause (shiftId, startedAtMs);

        -- Recorded parked stretches: subtracted from no time, excluded from mileage.
        CREATE TABLE routeSuspension (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            shiftId INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
            startedAtMs INTEGER NOT NULL CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
            endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs >= startedAtMs)
        ) STRICT;
        CREATE INDEX routeSuspensionByShift ON routeSuspension (shiftId, startedAtMs);

        -- One accepted piece of work: groups deliveries; no money, duration or distance.
        CREATE TABLE offer (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            acceptedAtMs INTEGER NOT NULL CHECK (acceptedAtMs BETWEEN -62135596800000 AND 253402300799999),
            platform TEXT CHECK (length(platform) BETWEEN 1 AND 100),
            importId INTEGER REFERENCES importRecord (id)
        ) STRICT;
        CREATE INDEX offerByImport ON offer (importId) WHERE importId IS NOT NULL;

        -- A name only, never an address. matchKey is the name lower-cased (Unicode) for lookup.
        CREATE TABLE pickupPlace (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            matchKey TEXT NOT NULL UNIQUE
        ) STRICT;

        -- A drop-off. State is derived from which timestamps exist. Its only money is its own.
        CREATE TABLE delivery (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            shiftId INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
            offerId INTEGER NOT NULL REFERENCES offer (id),
            acceptedAtMs INTEGER NOT NULL CHECK (acceptedAtMs BETWEEN -62135596800000 AND 253402300799999),
            arrivedAtPickupAtMs INTEGER CHECK (arrivedAtPickupAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (arrivedAtPickupAtMs >= acceptedAtMs),
            pickedUpAtMs INTEGER CHECK (pickedUpAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (pickedUpAtMs >= coalesce(arrivedAtPickupAtMs, acceptedAtMs)),
            deliveredAtMs INTEGER CHECK (deliveredAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (deliveredAtMs >= coalesce(pickedUpAtMs, arrivedAtPickupAtMs, acceptedAtMs)),
            cancelledAtMs INTEGER CHECK (cancelledAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (cancelledAtMs >= coalesce(pickedUpAtMs, arrivedAtPickupAtMs, acceptedAtMs)),
            ownAmountE4 INTEGER CHECK (ownAmountE4 >= 0),
            platformTipsE4 INTEGER CHECK (platformTipsE4 >= 0 AND platformTipsE4 <= ownAmountE4),
            pickupPlaceId INTEGER REFERENCES pickupPlace (id) ON DELETE SET NULL,
            importId INTEGER REFERENCES importRecord (id),
            CHECK (deliveredAtMs IS NULL OR cancelledAtMs IS NULL),
            CHECK (platformTipsE4 IS NULL OR ownAmountE4 IS NOT NULL)
        ) STRICT;
        CREATE INDEX deliveryByShift ON delivery (shiftId, acceptedAtMs);
        CREATE INDEX deliveryByOffer ON delivery (offerId);
        CREATE INDEX deliveryByPickupPlace ON delivery (pickupPlaceId) WHERE pickupPlaceId IS NOT NULL;
        CREATE INDEX deliveryByImport ON delivery (importId) WHERE importId IS NOT NULL;

        -- A tip received outside what the platform paid: one row per tip.
        CREATE TABLE deliveryTip (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            deliveryId INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            amountE4 INTEGER NOT NULL CHECK (amountE4 > 0),
            method TEXT NOT NULL CHECK (length(method) BETWEEN 1 AND 40),
            recordedAtMs INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX deliveryTipByDelivery ON deliveryTip (deliveryId);

        -- A cost, related to nothing; in a period by when it was incurred.
        CREATE TABLE expense (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            occurredAtMs INTEGER NOT NULL CHECK (occurredAtMs BETWEEN -62135596800000 AND 253402300799999),
            amountE4 INTEGER NOT NULL CHECK (amountE4 >= 0),
            category TEXT NOT NULL CHECK (length(category) BETWEEN 1 AND 40),
            note TEXT CHECK (length(note) BETWEEN 1 AND 200),
            importId INTEGER REFERENCES importRecord (id)
        ) STRICT;
        CREATE INDEX expenseByTime ON expense (occurredAtMs);
        CREATE INDEX expenseByImport ON expense (importId) WHERE importId IS NOT NULL;

        -- One stretch of recording (a GPX trkseg). No cascade: the route is deleted explicitly.
        CREATE TABLE captureSession (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            shiftId INTEGER NOT NULL REFERENCES shift (id),
            startedAtMs INTEGER NOT NULL CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
            endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs >= startedAtMs),
            source TEXT NOT NULL CHECK (length(source) BETWEEN 1 AND 300),
            importId INTEGER REFERENCES importRecord (id),
            UNIQUE (shiftId, id)
        ) STRICT;
        CREATE INDEX captureSessionByImport ON captureSession (importId) WHERE importId IS NOT NULL;

        -- The route: the only place the shift-route relationship is declared. The composite key
        -- ties a sample to a capture session of the same shift, whose own key ties it to the
        -- shift: one parent lookup per position instead of two. No cascade anywhere on the
        -- route: a shift cannot be deleted while it has sessions, nor a session with samples.
        CREATE TABLE routeSample (
            id INTEGER PRIMARY KEY,
            shiftId INTEGER NOT NULL,
            captureSessionId INTEGER NOT NULL,
            recordedAtMs INTEGER NOT NULL CHECK (recordedAtMs BETWEEN -62135596800000 AND 253402300799999),
            latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL NOT NULL CHECK (longitude >= -180 AND longitude < 180),
            horizontalAccuracyM REAL CHECK (horizontalAccuracyM >= 0),
            FOREIGN KEY (shiftId, captureSessionId) REFERENCES captureSession (shiftId, id)
        ) STRICT;
        CREATE INDEX routeSampleByShiftTime ON routeSample (shiftId, recordedAtMs);

        -- Pauses and parked stretches lie within their shift. An open one on an ended shift is
        -- a structural fault that `check` reports; it is never written directly.
        CREATE TRIGGER shiftPauseWithinShiftInsert BEFORE INSERT ON shiftPause
        WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id = NEW.shiftId AND (NEW.startedAtMs < s.startedAtMs
            OR (s.endedAtMs IS NOT NULL AND (NEW.endedAtMs IS NULL OR NEW.endedAtMs > s.endedAtMs))))
        BEGIN SELECT RAISE(ABORT, 'a pause must lie within its shift'); END;
        CREATE TRIGGER shiftPauseWithinShiftUpdate BEFORE UPDATE ON shiftPause
        WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id = NEW.shiftId AND (NEW.startedAtMs < s.startedAtMs
            OR (s.endedAtMs IS NOT NULL AND (NEW.endedAtMs IS NULL OR NEW.endedAtMs > s.endedAtMs))))
        BEGIN SELECT RAISE(ABORT, 'a pause must lie within its shift'); END;
        CREATE TRIGGER routeSuspensionWithinShiftInsert BEFORE INSERT ON routeSuspension
        WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id = NEW.shiftId AND (NEW.startedAtMs < s.startedAtMs
            OR (s.endedAtMs IS NOT NULL AND (NEW.endedAtMs IS NULL OR NEW.endedAtMs > s.endedAtMs))))
        BEGIN SELECT RAISE(ABORT, 'a parked stretch must lie within its shift'); END;
        CREATE TRIGGER routeSuspensionWithinShiftUpdate BEFORE UPDATE ON routeSuspension
        WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id = NEW.shiftId AND (NEW.startedAtMs < s.startedAtMs
            OR (s.endedAtMs IS NOT NULL AND (NEW.endedAtMs IS NULL OR NEW.endedAtMs > s.endedAtMs))))
        BEGIN SELECT RAISE(ABORT, 'a parked stretch must lie within its shift'); END;
        CREATE TRIGGER shiftTimesKeepSpansInside BEFORE UPDATE OF startedAtMs, endedAtMs ON shift
        WHEN EXISTS (SELECT 1 FROM shiftPause p WHERE p.shiftId = NEW.id AND (p.startedAtMs < NEW.startedAtMs
                OR (NEW.endedAtMs IS NOT NULL AND (p.startedAtMs > NEW.endedAtMs OR p.endedAtMs > NEW.endedAtMs))))
          OR EXISTS (SELECT 1 FROM routeSuspension r WHERE r.shiftId = NEW.id AND (r.startedAtMs < NEW.startedAtMs
                OR (NEW.endedAtMs IS NOT NULL AND (r.startedAtMs > NEW.endedAtMs OR r.endedAtMs > NEW.endedAtMs))))
        BEGIN SELECT RAISE(ABORT, 'pauses and parked stretches must lie within their shift'); END;

        -- Shifts do not overlap: one person works one shift at a time (an active one reaches on).
        CREATE TRIGGER shiftNoOverlapInsert BEFORE INSERT ON shift
        WHEN EXISTS (SELECT 1 FROM shift s WHERE s.startedAtMs < coalesce(NEW.endedAtMs, 253402300799999)
                     AND coalesce(s.endedAtMs, 253402300799999) > NEW.startedAtMs)
        BEGIN SELECT RAISE(ABORT, 'shifts cannot overlap'); END;
        CREATE TRIGGER shiftNoOverlapUpdate BEFORE UPDATE OF startedAtMs, endedAtMs ON shift
        WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id <> NEW.id AND s.startedAtMs < coalesce(NEW.endedAtMs, 253402300799999)
                     AND coalesce(s.endedAtMs, 253402300799999) > NEW.startedAtMs)
        BEGIN SELECT RAISE(ABORT, 'shifts cannot overlap'); END;

        -- All deliveries of one offer belong to one shift.
        CREATE TRIGGER deliveryOfferOnOneShiftInsert BEFORE INSERT ON delivery
        WHEN EXISTS (SELECT 1 FROM delivery d WHERE d.offerId = NEW.offerId AND d.shiftId <> NEW.shiftId)
        BEGIN SELECT RAISE(ABORT, 'all deliveries of an offer belong to one shift'); END;
        CREATE TRIGGER deliveryOfferOnOneShiftUpdate BEFORE UPDATE OF shiftId, offerId ON delivery
        WHEN EXISTS (SELECT 1 FROM delivery d WHERE d.offerId = NEW.offerId AND d.shiftId <> NEW.shiftId AND d.id <> NEW.id)
        BEGIN SELECT RAISE(ABORT, 'all deliveries of an offer belong to one shift'); END;
        """)

    /// GPX import (issue 3): a re-export of the same points (other whitespace, offsets, attribute
    /// order) has other bytes but the same content; its fingerprint is kept to recognise it.
    static let v2 = Migration("0002 importRecord.contentSha256", """
        -- SHA-256 of what a file says (its points, in order), beside the SHA-256 of its bytes.
        ALTER TABLE importRecord ADD COLUMN contentSha256 TEXT
            CHECK (contentSha256 IS NULL OR (length(contentSha256) = 64 AND contentSha256 NOT GLOB '*[^0-9a-f]*'));
        CREATE INDEX importRecordByContent ON importRecord (contentSha256) WHERE contentSha256 IS NOT NULL;
        """)

    /// CSV imports (issue 4): an expense row is recognised across files by a key made of what
    /// it says, so overlapping files give the union and identical rows in one file stay two.
    static let v3 = Migration("0003 expense.recordKey", """
        -- SHA-256 of the row's content (when, amount, category, note); NULL for expenses typed by hand.
        ALTER TABLE expense ADD COLUMN recordKey TEXT
            CHECK (recordKey IS NULL OR (length(recordKey) = 64 AND recordKey NOT GLOB '*[^0-9a-f]*'));
        CREATE INDEX expenseByRecordKey ON expense (recordKey) WHERE recordKey IS NOT NULL;
        """)

    /// Statement import (issue 4): which import recorded a shift's earnings, so undoing it
    /// clears them (and only them).
    static let v4 = Migration("0004 shift.earningsImportId", """
        ALTER TABLE shift ADD COLUMN earningsImportId INTEGER REFERENCES importRecord (id);
        CREATE INDEX shiftByEarningsImport ON shift (earningsImportId) WHERE earningsImportId IS NOT NULL;
        """)

    /// Delivery-row statements (issue 4): a delivery row is recognised across statements by a
    /// key made of what it says, as expenses are.
    static let v5 = Migration("0005 delivery.recordKey", """
        ALTER TABLE delivery ADD COLUMN recordKey TEXT
            CHECK (recordKey IS NULL OR (length(recordKey) = 64 AND recordKey NOT GLOB '*[^0-9a-f]*'));
        CREATE INDEX deliveryByRecordKey ON delivery (recordKey) WHERE recordKey IS NOT NULL;
        """)

    /// Money-line statements (issue 4, Uber's payments file): one row per money movement, several
    /// per trip, some arriving in a later file (a late tip). Each line is kept with its key, so a
    /// line is counted once however many files hold it, and the trip's delivery's own amount is
    /// the sum of its lines. The store's line functions write the sums once per change (a
    /// trigger per line would check every running sum against the delivery's CHECKs: a fee
    /// listed before its fare would be refused); `check` reports a delivery that disagrees.
    static let v6 = Migration("0006 deliveryLine", """
        -- One money line of a statement, on the delivery (trip) it belongs to. Amounts may be
        -- negative (a fee, a reversal); the delivery's own amount and platform tips are the sums
        -- of its lines (tips NULL when no line gives any), written with the lines.
        CREATE TABLE deliveryLine (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            deliveryId INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            importId INTEGER NOT NULL REFERENCES importRecord (id),
            recordKey TEXT NOT NULL CHECK (length(recordKey) = 64 AND recordKey NOT GLOB '*[^0-9a-f]*'),
            occurredAtMs INTEGER NOT NULL CHECK (occurredAtMs BETWEEN -62135596800000 AND 253402300799999),
            amountE4 INTEGER NOT NULL,
            tipsE4 INTEGER
        ) STRICT;
        CREATE INDEX deliveryLineByDelivery ON deliveryLine (deliveryId);
        CREATE INDEX deliveryLineByRecordKey ON deliveryLine (recordKey);
        CREATE INDEX deliveryLineByImport ON deliveryLine (importId);

        CREATE TRIGGER deliveryLineFixed BEFORE UPDATE ON deliveryLine
        BEGIN SELECT RAISE(ABORT, 'a money line is never changed: undo its import'); END;
        """)

    /// One record from many files (issue 13, docs/record.md): a statement's shift total keeps
    /// its platform and the span of its row, and the driver may give a figure per platform; a
    /// money line keeps its kind; a row that several imports hold stays until all are undone.
    static let v7 = Migration("0007 money by platform and kind; rows held by several imports", """
        -- One platform's figure for the work of one shift: a statement's shift row (importId and
        -- the row's span set; no gross when the row gives none: it is still evidence of work)
        -- or the driver's own figure for one platform (importId NULL). The
        -- driver's figure for the whole shift stays on shift.grossEarningsE4. platformKey is the
        -- platform folded (letter case and blanks ignored): the platform the figure is for.
        CREATE TABLE shiftEarning (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            shiftId INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
            platform TEXT CHECK (length(platform) BETWEEN 1 AND 100),
            platformKey TEXT CHECK (length(platformKey) BETWEEN 1 AND 400),
            startedAtMs INTEGER CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
            endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs > startedAtMs),
            grossE4 INTEGER,
            tipsE4 INTEGER CHECK (tipsE4 IS NULL OR grossE4 IS NOT NULL),
            feesE4 INTEGER CHECK (feesE4 >= 0),
            importId INTEGER REFERENCES importRecord (id),
            recordKey TEXT CHECK (recordKey IS NULL OR (length(recordKey) = 64 AND recordKey NOT GLOB '*[^0-9a-f]*')),
            -- A later statement's figure that replaced this one (`--replace`): this one is not
            -- counted until that import is undone, when it counts again.
            replacedById INTEGER REFERENCES shiftEarning (id) ON DELETE SET NULL,
            CHECK ((platform IS NULL) = (platformKey IS NULL)),
            CHECK ((startedAtMs IS NULL) = (endedAtMs IS NULL)),
            CHECK (importId IS NOT NULL OR (platform IS NOT NULL AND startedAtMs IS NULL AND grossE4 IS NOT NULL)),
            CHECK (importId IS NULL OR (startedAtMs IS NOT NULL AND recordKey IS NOT NULL))
        ) STRICT;
        CREATE INDEX shiftEarningByShift ON shiftEarning (shiftId, platformKey);
        CREATE INDEX shiftEarningByImport ON shiftEarning (importId) WHERE importId IS NOT NULL;
        CREATE INDEX shiftEarningByRecordKey ON shiftEarning (recordKey) WHERE recordKey IS NOT NULL;
        CREATE UNIQUE INDEX shiftEarningTypedOnce ON shiftEarning (shiftId, platformKey) WHERE importId IS NULL;
        CREATE INDEX shiftEarningByReplacement ON shiftEarning (replacedById) WHERE replacedById IS NOT NULL;

        -- What earlier builds kept on the shift itself becomes a statement row: a statement's
        -- earnings (no platform: those builds did not keep it), and the span of a shift a shift
        -- row made with nothing else on it, so the planner knows the work it stands for.
        INSERT INTO shiftEarning (shiftId, startedAtMs, endedAtMs, grossE4, tipsE4, importId, recordKey)
        SELECT s.id, s.startedAtMs, s.endedAtMs,
               CASE WHEN s.earningsImportId IS NOT NULL THEN s.grossEarningsE4 END,
               CASE WHEN s.earningsImportId IS NOT NULL THEN s.platformTipsE4 END,
               coalesce(s.earningsImportId, s.importId), lower(hex(randomblob(32)))
        FROM shift s
        WHERE s.endedAtMs IS NOT NULL AND (s.earningsImportId IS NOT NULL
            OR (s.importId IS NOT NULL AND NOT EXISTS (SELECT 1 FROM delivery d WHERE d.shiftId = s.id)
                AND NOT EXISTS (SELECT 1 FROM captureSession c WHERE c.shiftId = s.id)));
        UPDATE shift SET grossEarningsE4 = NULL, platformTipsE4 = NULL, earningsImportId = NULL WHERE earningsImportId IS NOT NULL;

        -- What a money line is: pay, tip, incentive, fee (kept by the platform) or adjustment.
        -- Lines of earlier builds were not told apart: pay (their tips stay in tipsE4).
        ALTER TABLE deliveryLine ADD COLUMN kind TEXT NOT NULL DEFAULT 'pay'
            CHECK (kind IN ('pay', 'tip', 'incentive', 'fee', 'adjustment'));

        -- The imports that hold a row besides the one in its importId (a later file stating the
        -- same record). Undoing an import hands each row it holds with others to the oldest of
        -- them; a row no import holds any more goes.
        CREATE TABLE importHolding (
            entity TEXT NOT NULL CHECK (entity IN ('delivery', 'deliveryLine', 'expense', 'shiftEarning')),
            rowId INTEGER NOT NULL,
            importId INTEGER NOT NULL REFERENCES importRecord (id),
            PRIMARY KEY (entity, rowId, importId)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX importHoldingByImport ON importHolding (importId);

        -- A money line still never changes, but which import holds it may (an undo hands it on).
        DROP TRIGGER deliveryLineFixed;
        CREATE TRIGGER deliveryLineFixed BEFORE UPDATE OF deliveryId, recordKey, occurredAtMs, amountE4, tipsE4, kind ON deliveryLine
        BEGIN SELECT RAISE(ABORT, 'a money line is never changed: undo its import'); END;

        -- One driver, one currency (docs/record.md): what each statement said of both. The
        -- store's currency is its imports' (all equal: another is refused); a platform's driver
        -- is the one its imports name, kept only as the SHA-256 of the id folded (never the id).
        -- Kept on the import, so undoing the last import naming one forgets it.
        ALTER TABLE importRecord ADD COLUMN currency TEXT CHECK (currency IS NULL OR (length(currency) = 3 AND currency NOT GLOB '*[^A-Z]*'));
        ALTER TABLE importRecord ADD COLUMN driverPlatformKey TEXT CHECK (length(driverPlatformKey) BETWEEN 1 AND 400);
        ALTER TABLE importRecord ADD COLUMN driverDigest TEXT
            CHECK (driverDigest IS NULL OR (length(driverDigest) = 64 AND driverDigest NOT GLOB '*[^0-9a-f]*'))
            CHECK ((driverDigest IS NULL) = (driverPlatformKey IS NULL));
        CREATE INDEX importRecordByDriverPlatform ON importRecord (driverPlatformKey) WHERE driverPlatformKey IS NOT NULL;

        -- The import's split gap (template splitGapMinutes or --split-gap; NULL: 60 minutes):
        -- evidence further apart than it starts another shift (docs/record.md).
        ALTER TABLE importRecord ADD COLUMN splitGapMs INTEGER CHECK (splitGapMs BETWEEN 1000 AND 57600000);

        -- Record keys are made of text folded (letter case and blanks ignored) from this version
        -- on; a store of an earlier build holds keys of text as written. Its one row says so, and
        -- an import then brings each stored key it meets to the folded form first.
        CREATE TABLE legacyRecordKeys (since INTEGER NOT NULL) STRICT;
        INSERT INTO legacyRecordKeys (since) SELECT 6 WHERE EXISTS (SELECT 1 FROM delivery WHERE recordKey IS NOT NULL)
            OR EXISTS (SELECT 1 FROM deliveryLine) OR EXISTS (SELECT 1 FROM expense WHERE recordKey IS NOT NULL);

        -- Shifts do not overlap, checked in O(log n): as stored shifts never overlap, a new span
        -- can meet only a shift starting within it or the last one starting before it (v1's
        -- triggers scanned every earlier shift: a 20,000-row shift log took 80 s).
        DROP TRIGGER shiftNoOverlapInsert;
        DROP TRIGGER shiftNoOverlapUpdate;
        CREATE TRIGGER shiftNoOverlapInsert BEFORE INSERT ON shift
        WHEN EXISTS (SELECT 1 FROM shift s WHERE s.startedAtMs >= NEW.startedAtMs
                     AND s.startedAtMs < coalesce(NEW.endedAtMs, 253402300799999))
          OR coalesce((SELECT coalesce(s.endedAtMs, 253402300799999) FROM shift s WHERE s.startedAtMs < NEW.startedAtMs
                       ORDER BY s.startedAtMs DESC LIMIT 1), -62135596800000) > NEW.startedAtMs
        BEGIN SELECT RAISE(ABORT, 'shifts cannot overlap'); END;
        CREATE TRIGGER shiftNoOverlapUpdate BEFORE UPDATE OF startedAtMs, endedAtMs ON shift
        WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id <> NEW.id AND s.startedAtMs >= NEW.startedAtMs
                     AND s.startedAtMs < coalesce(NEW.endedAtMs, 253402300799999))
          OR coalesce((SELECT coalesce(s.endedAtMs, 253402300799999) FROM shift s WHERE s.id <> NEW.id AND s.startedAtMs < NEW.startedAtMs
                       ORDER BY s.startedAtMs DESC LIMIT 1), -62135596800000) > NEW.startedAtMs
        BEGIN SELECT RAISE(ABORT, 'shifts cannot overlap'); END;
        """)

    /// A trip's money lines may sum below zero (a reversal imported before its fare, a fee
    /// above the fare, an undo that leaves a reversal alone): the record must not depend on
    /// the order of files (docs/record.md). v1's CHECKs kept every delivery's own amount at zero
    /// or more; SQLite cannot drop a CHECK, so the table is rebuilt. The rule stays for every
    /// delivery without lines (a trigger: a CHECK cannot see another table). Also: a delivery
    /// row's fees (what the platform kept, apart from its gross), and the figures a `--replace`
    /// put aside, so undoing that import brings them back.
    static let v8 = Migration("0008 signed trip sums; a trip row's fees; replaced trip figures", """
        CREATE TABLE deliveryV8 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            shiftId INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
            offerId INTEGER NOT NULL REFERENCES offer (id),
            acceptedAtMs INTEGER NOT NULL CHECK (acceptedAtMs BETWEEN -62135596800000 AND 253402300799999),
            arrivedAtPickupAtMs INTEGER CHECK (arrivedAtPickupAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (arrivedAtPickupAtMs >= acceptedAtMs),
            pickedUpAtMs INTEGER CHECK (pickedUpAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (pickedUpAtMs >= coalesce(arrivedAtPickupAtMs, acceptedAtMs)),
            deliveredAtMs INTEGER CHECK (deliveredAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (deliveredAtMs >= coalesce(pickedUpAtMs, arrivedAtPickupAtMs, acceptedAtMs)),
            cancelledAtMs INTEGER CHECK (cancelledAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (cancelledAtMs >= coalesce(pickedUpAtMs, arrivedAtPickupAtMs, acceptedAtMs)),
            ownAmountE4 INTEGER,
            platformTipsE4 INTEGER,
            pickupPlaceId INTEGER REFERENCES pickupPlace (id) ON DELETE SET NULL,
            importId INTEGER REFERENCES importRecord (id),
            recordKey TEXT CHECK (recordKey IS NULL OR (length(recordKey) = 64 AND recordKey NOT GLOB '*[^0-9a-f]*')),
            feesE4 INTEGER CHECK (feesE4 >= 0),
            CHECK (deliveredAtMs IS NULL OR cancelledAtMs IS NULL),
            CHECK (platformTipsE4 IS NULL OR ownAmountE4 IS NOT NULL)
        ) STRICT;
        INSERT INTO deliveryV8 (id, shiftId, offerId, acceptedAtMs, arrivedAtPickupAtMs, pickedUpAtMs, deliveredAtMs, cancelledAtMs,
                                ownAmountE4, platformTipsE4, pickupPlaceId, importId, recordKey)
        SELECT id, shiftId, offerId, acceptedAtMs, arrivedAtPickupAtMs, pickedUpAtMs, deliveredAtMs, cancelledAtMs,
               ownAmountE4, platformTipsE4, pickupPlaceId, importId, recordKey FROM delivery;
        -- The id sequence goes with the old table: kept, so a deleted delivery's id is never
        -- given to another.
        CREATE TEMP TABLE deliverySequenceV8 AS SELECT seq FROM sqlite_sequence WHERE name = 'delivery';
        DROP TABLE delivery;
        ALTER TABLE deliveryV8 RENAME TO delivery;
        UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM temp.deliverySequenceV8)) WHERE name = 'delivery'
            AND EXISTS (SELECT 1 FROM temp.deliverySequenceV8);
        INSERT INTO sqlite_sequence (name, seq) SELECT 'delivery', seq FROM temp.deliverySequenceV8
            WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'delivery');
        DROP TABLE temp.deliverySequenceV8;
        CREATE INDEX deliveryByShift ON delivery (shiftId, acceptedAtMs);
        CREATE INDEX deliveryByOffer ON delivery (offerId);
        CREATE INDEX deliveryByPickupPlace ON delivery (pickupPlaceId) WHERE pickupPlaceId IS NOT NULL;
        CREATE INDEX deliveryByImport ON delivery (importId) WHERE importId IS NOT NULL;
        CREATE INDEX deliveryByRecordKey ON delivery (recordKey) WHERE recordKey IS NOT NULL;
        CREATE TRIGGER deliveryOfferOnOneShiftInsert BEFORE INSERT ON delivery
        WHEN EXISTS (SELECT 1 FROM delivery d WHERE d.offerId = NEW.offerId AND d.shiftId <> NEW.shiftId)
        BEGIN SELECT RAISE(ABORT, 'all deliveries of an offer belong to one shift'); END;
        CREATE TRIGGER deliveryOfferOnOneShiftUpdate BEFORE UPDATE OF shiftId, offerId ON delivery
        WHEN EXISTS (SELECT 1 FROM delivery d WHERE d.offerId = NEW.offerId AND d.shiftId <> NEW.shiftId AND d.id <> NEW.id)
        BEGIN SELECT RAISE(ABORT, 'all deliveries of an offer belong to one shift'); END;

        -- A delivery's own amount is never negative and holds its tips, unless it is the sum
        -- of its money lines (those sums are written after the lines).
        CREATE TRIGGER deliveryAmountInsert BEFORE INSERT ON delivery
        WHEN NEW.ownAmountE4 < 0 OR NEW.platformTipsE4 < 0 OR NEW.platformTipsE4 > NEW.ownAmountE4
        BEGIN SELECT RAISE(ABORT, 'a delivery''s own amount is never negative and holds its tips'); END;
        CREATE TRIGGER deliveryAmountUpdate BEFORE UPDATE OF ownAmountE4, platformTipsE4 ON delivery
        WHEN (NEW.ownAmountE4 < 0 OR NEW.platformTipsE4 < 0 OR NEW.platformTipsE4 > NEW.ownAmountE4)
             AND NOT EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = NEW.id)
        BEGIN SELECT RAISE(ABORT, 'a delivery''s own amount is never negative and holds its tips'); END;

        -- A trip's figures that a later statement replaced (`--replace`): replacedByImportId's
        -- figure is the delivery's until that import is undone, when these come back. Several
        -- replacements of one trip stack in id order. figureOfImportId: the import whose
        -- figures these were (undone, they are forgotten).
        CREATE TABLE deliveryReplaced (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            deliveryId INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            replacedByImportId INTEGER NOT NULL REFERENCES importRecord (id),
            figureOfImportId INTEGER REFERENCES importRecord (id),
            ownAmountE4 INTEGER,
            platformTipsE4 INTEGER,
            feesE4 INTEGER
        ) STRICT;
        CREATE INDEX deliveryReplacedByDelivery ON deliveryReplaced (deliveryId);
        CREATE INDEX deliveryReplacedByImport ON deliveryReplaced (replacedByImportId);
        CREATE INDEX deliveryReplacedByFigureImport ON deliveryReplaced (figureOfImportId) WHERE figureOfImportId IS NOT NULL;
        """)

    /// Two imports' positions at one instant (issue 13, docs/gpx.md "Into the record"): the route
    /// keeps the best by a rule independent of import order, and every other import's position
    /// there is kept aside, so undoing the one kept brings back the best remaining.
    static let v9 = Migration("0009 route positions kept aside", """
        -- A position an import gave at an instant where the route (routeSample) keeps another
        -- import's: the more accurate (a known accuracy beats none), then the smaller latitude,
        -- longitude, then the import's content SHA-256 (identical positions are one). It belongs
        -- to a capture session of its import (and so to that session's shift, and moves with it);
        -- undoing the import whose position is kept promotes the best one aside at that instant.
        -- No cascade, as on the route: a session is deleted after its positions.
        CREATE TABLE routeSampleAside (
            id INTEGER PRIMARY KEY,
            captureSessionId INTEGER NOT NULL REFERENCES captureSession (id),
            recordedAtMs INTEGER NOT NULL CHECK (recordedAtMs BETWEEN -62135596800000 AND 253402300799999),
            latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL NOT NULL CHECK (longitude >= -180 AND longitude < 180),
            horizontalAccuracyM REAL CHECK (horizontalAccuracyM >= 0)
        ) STRICT;
        CREATE INDEX routeSampleAsideByTime ON routeSampleAside (recordedAtMs);
        CREATE INDEX routeSampleAsideBySession ON routeSampleAside (captureSessionId, recordedAtMs);
        """)

    /// Vehicle defaults and the driver's own miles (issue 15, docs/cli.md "vehicle", docs/report.md
    /// "Miles"): the fuel pair a new shift takes as its own snapshot, which shift carries a pair
    /// seeded from it (so an import may still join or undo that shift: a seeded pair is not what
    /// the driver entered on it), and the miles the driver recorded (odometer readings or a
    /// figure) in tenths of a mile, exact.
    static let v10 = Migration("0010 vehicle fuel default; a seeded fuel pair; the driver's recorded miles", """
        -- At most one row: the fuel pair every shift created afterwards takes as its own; none: no seeding.
        CREATE TABLE vehicleDefault (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            fuelMpgE4 INTEGER NOT NULL CHECK (fuelMpgE4 > 0),
            fuelPricePerGallonE4 INTEGER NOT NULL CHECK (fuelPricePerGallonE4 >= 0),
            setAtMs INTEGER NOT NULL CHECK (setAtMs BETWEEN -62135596800000 AND 253402300799999)
        ) STRICT;
        -- 1: the shift's fuel pair was seeded when the shift was made (from vehicleDefault, or from
        -- the made shift it was split from); 0: typed with 'shift fuel', or none.
        ALTER TABLE shift ADD COLUMN fuelSeeded INTEGER NOT NULL DEFAULT 0
            CHECK (fuelSeeded IN (0, 1)) CHECK (fuelSeeded = 0 OR fuelMpgE4 IS NOT NULL);
        -- The driver's miles for the shift, tenths of a mile: a figure alone, or odometer readings
        -- at the start and the end (kept, and the figure is their difference). Completed shifts only.
        ALTER TABLE shift ADD COLUMN recordedMilesE1 INTEGER
            CHECK (recordedMilesE1 >= 0) CHECK (recordedMilesE1 IS NULL OR endedAtMs IS NOT NULL);
        ALTER TABLE shift ADD COLUMN odometerStartE1 INTEGER
            CHECK (odometerStartE1 >= 0) CHECK (odometerStartE1 IS NULL OR recordedMilesE1 IS NOT NULL);
        ALTER TABLE shift ADD COLUMN odometerEndE1 INTEGER
            CHECK ((odometerEndE1 IS NULL) = (odometerStartE1 IS NULL))
            CHECK (odometerEndE1 IS NULL OR odometerEndE1 - odometerStartE1 = recordedMilesE1);
        """)

    /// History does not move (issue 15, docs/mileage.md): each capture session records the method
    /// that measures it. Every session of an earlier store was measured by the one method those
    /// builds had, so it keeps it until `shift remeasure`; a later build's new method never
    /// changes a mileage log already handed in.
    static let v11 = Migration("0011 the method each capture session is measured by", """
        ALTER TABLE captureSession ADD COLUMN measureMethod TEXT NOT NULL DEFAULT 'geodesic-1'
            CHECK (length(measureMethod) BETWEEN 1 AND 40 AND measureMethod NOT GLOB '*[^a-z0-9-]*');
        """)

    /// The two figures the tax summary needs that no import brings (issue 16, docs/cli.md
    /// "vehicle odometer" and "tax paid"): the odometer at the start and end of each year, in
    /// tenths of a mile as a shift's readings are (v10), for the business-use share of the
    /// actual-expense method; and the estimated-tax payments already made, exact. Both are
    /// entered by hand, as `vehicle set` is: no import holds them, so no undo touches them.
    static let v12 = Migration("0012 the odometer per year; estimated-tax payments", """
        -- One row a calendar year: the reading at its start, and at its end (or the latest during
        -- it; none yet: the end is given later). Tenths of a mile.
        CREATE TABLE vehicleOdometerYear (
            year INTEGER PRIMARY KEY CHECK (year BETWEEN 1900 AND 9999),
            startE1 INTEGER NOT NULL CHECK (startE1 >= 0),
            endE1 INTEGER CHECK (endE1 IS NULL OR endE1 >= startE1)
        ) STRICT;
        -- A payment of estimated tax: the civil date it was paid ('YYYY-MM-DD', a real date), the
        -- tax year it counts toward (a January payment is often last year's), more than 0. Its id
        -- is one a person types ('tax paid --delete'): AUTOINCREMENT, never given again.
        CREATE TABLE taxPayment (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            paidOn TEXT NOT NULL CHECK (paidOn GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(julianday(paidOn)) IS paidOn),
            taxYear INTEGER NOT NULL CHECK (taxYear BETWEEN 1900 AND 9999),
            amountE4 INTEGER NOT NULL CHECK (amountE4 > 0),
            note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 200)
        ) STRICT;
        CREATE INDEX taxPaymentByYear ON taxPayment (taxYear, paidOn, id);
        """)

    /// Evidence found by its shift and its time (issue 18, docs/performance.md "The doubling
    /// series"): an import parks its evidence on one shift and places it island by island, each
    /// island reading the parked rows that start in it, and the active shift is found among the
    /// shifts with no end. Without these the read walked every
    /// parked session or statement row once per island: a shift log's import, or a GPX file of
    /// many tracks, grew with the square of its rows.
    static let v13 = Migration("0013 capture sessions and statement rows by shift and time", """
        CREATE INDEX captureSessionByShiftStart ON captureSession (shiftId, startedAtMs);
        CREATE INDEX shiftEarningByShiftStart ON shiftEarning (shiftId, startedAtMs) WHERE startedAtMs IS NOT NULL;
        -- The active shift (at most one) without walking every completed one.
        CREATE INDEX shiftActive ON shift (startedAtMs) WHERE endedAtMs IS NULL;
        """)

    /// The route stored in the order it is read (issue 18; written as v13 beside v13's indexes and
    /// v14's figures, merged after them): a shift's samples in time order,
    /// then in the order they were written, as one stretch of the table (WITHOUT ROWID, keyed
    /// by shift, time and id). Every read of the route is a shift's samples ordered by
    /// (recordedAtMs, id), which was v1's index and a row lookup per sample; it is now the
    /// table's own order, and an insert writes one b-tree instead of two. The id stays, as the
    /// order of writing: one instant holds several samples (a same-second burst keeps its fixes
    /// in file order, docs/gpx.md; sessions of one file may overlap), and the mileage meter
    /// reads them in that order. With no rowid to give it, the next id is kept in
    /// routeSampleSequence (as sqlite_sequence keeps AUTOINCREMENT's). The rows are copied in
    /// key order (the v1 index's order), so the copy needs no sort.
    static let v15 = Migration("0015 the route clustered by shift and time", """
        CREATE TABLE routeSampleV15 (
            id INTEGER NOT NULL,
            shiftId INTEGER NOT NULL,
            captureSessionId INTEGER NOT NULL,
            recordedAtMs INTEGER NOT NULL CHECK (recordedAtMs BETWEEN -62135596800000 AND 253402300799999),
            latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL NOT NULL CHECK (longitude >= -180 AND longitude < 180),
            horizontalAccuracyM REAL CHECK (horizontalAccuracyM >= 0),
            PRIMARY KEY (shiftId, recordedAtMs, id),
            FOREIGN KEY (shiftId, captureSessionId) REFERENCES captureSession (shiftId, id)
        ) STRICT, WITHOUT ROWID;
        INSERT INTO routeSampleV15 (id, shiftId, captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM)
        SELECT id, shiftId, captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM
        FROM routeSample INDEXED BY routeSampleByShiftTime ORDER BY shiftId, recordedAtMs, id;

        -- The id the next route sample is written with: above every id the route has held since
        -- (a rowid was the largest plus one; this never goes back, which orders the same). No
        -- row until a sample is written (a store that holds nothing has no row in any table):
        -- the next is then the largest id plus one.
        CREATE TABLE routeSampleSequence (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            next INTEGER NOT NULL CHECK (next >= 1)
        ) STRICT;
        INSERT INTO routeSampleSequence (id, next) SELECT 1, id + 1 FROM routeSample ORDER BY id DESC LIMIT 1;

        DROP TABLE routeSample;
        ALTER TABLE routeSampleV15 RENAME TO routeSample;

        -- v14's trigger on the route went with the old table (RouteFigureSchema.swift).
        CREATE TRIGGER routeFigureSampleDelete AFTER DELETE ON routeSample
        BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;
        """)
}
