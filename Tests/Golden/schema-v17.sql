-- The schema at version 17. Written once, when the step is added; never regenerated.

-- index captureSessionByImport
CREATE INDEX captureSessionByImport ON captureSession (importId) WHERE importId IS NOT NULL;

-- index captureSessionByShiftStart
CREATE INDEX captureSessionByShiftStart ON captureSession (shiftId, startedAtMs);

-- index deliveryByImport
CREATE INDEX deliveryByImport ON delivery (importId) WHERE importId IS NOT NULL;

-- index deliveryByOffer
CREATE INDEX deliveryByOffer ON delivery (offerId);

-- index deliveryByPickupPlace
CREATE INDEX deliveryByPickupPlace ON delivery (pickupPlaceId) WHERE pickupPlaceId IS NOT NULL;

-- index deliveryByRecordKey
CREATE INDEX deliveryByRecordKey ON delivery (recordKey) WHERE recordKey IS NOT NULL;

-- index deliveryByShift
CREATE INDEX deliveryByShift ON delivery (shiftId, acceptedAtMs);

-- index deliveryDistanceByImport
CREATE INDEX deliveryDistanceByImport ON deliveryDistance (importId);

-- index deliveryLineByDelivery
CREATE INDEX deliveryLineByDelivery ON deliveryLine (deliveryId);

-- index deliveryLineByImport
CREATE INDEX deliveryLineByImport ON deliveryLine (importId);

-- index deliveryLineByRecordKey
CREATE INDEX deliveryLineByRecordKey ON deliveryLine (recordKey);

-- index deliveryReplacedByDelivery
CREATE INDEX deliveryReplacedByDelivery ON deliveryReplaced (deliveryId);

-- index deliveryReplacedByFigureImport
CREATE INDEX deliveryReplacedByFigureImport ON deliveryReplaced (figureOfImportId) WHERE figureOfImportId IS NOT NULL;

-- index deliveryReplacedByImport
CREATE INDEX deliveryReplacedByImport ON deliveryReplaced (replacedByImportId);

-- index deliveryTipByDelivery
CREATE INDEX deliveryTipByDelivery ON deliveryTip (deliveryId);

-- index expenseByImport
CREATE INDEX expenseByImport ON expense (importId) WHERE importId IS NOT NULL;

-- index expenseByRecordKey
CREATE INDEX expenseByRecordKey ON expense (recordKey) WHERE recordKey IS NOT NULL;

-- index expenseByTime
CREATE INDEX expenseByTime ON expense (occurredAtMs);

-- index importHoldingByImport
CREATE INDEX importHoldingByImport ON importHolding (importId);

-- index importRecordByContent
CREATE INDEX importRecordByContent ON importRecord (contentSha256) WHERE contentSha256 IS NOT NULL;

-- index importRecordByDriverPlatform
CREATE INDEX importRecordByDriverPlatform ON importRecord (driverPlatformKey) WHERE driverPlatformKey IS NOT NULL;

-- index importRecordBySha256
CREATE INDEX importRecordBySha256 ON importRecord (sha256);

-- index offerByImport
CREATE INDEX offerByImport ON offer (importId) WHERE importId IS NOT NULL;

-- index otherIncomeByImport
CREATE INDEX otherIncomeByImport ON otherIncome (importId) WHERE importId IS NOT NULL;

-- index otherIncomeByRecordKey
CREATE INDEX otherIncomeByRecordKey ON otherIncome (recordKey) WHERE recordKey IS NOT NULL;

-- index otherIncomeByTime
CREATE INDEX otherIncomeByTime ON otherIncome (occurredAtMs);

-- index routeSampleAsideBySession
CREATE INDEX routeSampleAsideBySession ON routeSampleAside (captureSessionId, recordedAtMs);

-- index routeSampleAsideByTime
CREATE INDEX routeSampleAsideByTime ON routeSampleAside (recordedAtMs);

-- index routeSuspensionByShift
CREATE INDEX routeSuspensionByShift ON routeSuspension (shiftId, startedAtMs);

-- index shiftActive
CREATE INDEX shiftActive ON shift (startedAtMs) WHERE endedAtMs IS NULL;

-- index shiftByEarningsImport
CREATE INDEX shiftByEarningsImport ON shift (earningsImportId) WHERE earningsImportId IS NOT NULL;

-- index shiftByImport
CREATE INDEX shiftByImport ON shift (importId) WHERE importId IS NOT NULL;

-- index shiftByStart
CREATE INDEX shiftByStart ON shift (startedAtMs);

-- index shiftEarningByImport
CREATE INDEX shiftEarningByImport ON shiftEarning (importId) WHERE importId IS NOT NULL;

-- index shiftEarningByRecordKey
CREATE INDEX shiftEarningByRecordKey ON shiftEarning (recordKey) WHERE recordKey IS NOT NULL;

-- index shiftEarningByReplacement
CREATE INDEX shiftEarningByReplacement ON shiftEarning (replacedById) WHERE replacedById IS NOT NULL;

-- index shiftEarningByShift
CREATE INDEX shiftEarningByShift ON shiftEarning (shiftId, platformKey);

-- index shiftEarningByShiftStart
CREATE INDEX shiftEarningByShiftStart ON shiftEarning (shiftId, startedAtMs) WHERE startedAtMs IS NOT NULL;

-- index shiftEarningTypedOnce
CREATE UNIQUE INDEX shiftEarningTypedOnce ON shiftEarning (shiftId, platformKey) WHERE importId IS NULL;

-- index shiftPauseByShift
CREATE INDEX shiftPauseByShift ON shiftPause (shiftId, startedAtMs);

-- index taxPaymentByYear
CREATE INDEX taxPaymentByYear ON taxPayment (taxYear, paidOn, id);

-- table captureSession
CREATE TABLE captureSession (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shiftId INTEGER NOT NULL REFERENCES shift (id),
    startedAtMs INTEGER NOT NULL CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
    endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs >= startedAtMs),
    source TEXT NOT NULL CHECK (length(source) BETWEEN 1 AND 300),
    importId INTEGER REFERENCES importRecord (id), measureMethod TEXT NOT NULL DEFAULT 'geodesic-1'
    CHECK (length(measureMethod) BETWEEN 1 AND 40 AND measureMethod NOT GLOB '*[^a-z0-9-]*'),
    UNIQUE (shiftId, id)
) STRICT;

-- table delivery
CREATE TABLE "delivery" (
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

-- table deliveryDistance
CREATE TABLE deliveryDistance (
    deliveryId INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
    importId INTEGER NOT NULL REFERENCES importRecord (id),
    distanceMm INTEGER NOT NULL CHECK (distanceMm BETWEEN 0 AND 1609344000),
    PRIMARY KEY (deliveryId, importId)
) STRICT, WITHOUT ROWID;

-- table deliveryLine
CREATE TABLE deliveryLine (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    deliveryId INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
    importId INTEGER NOT NULL REFERENCES importRecord (id),
    recordKey TEXT NOT NULL CHECK (length(recordKey) = 64 AND recordKey NOT GLOB '*[^0-9a-f]*'),
    occurredAtMs INTEGER NOT NULL CHECK (occurredAtMs BETWEEN -62135596800000 AND 253402300799999),
    amountE4 INTEGER NOT NULL,
    tipsE4 INTEGER
, kind TEXT NOT NULL DEFAULT 'pay'
    CHECK (kind IN ('pay', 'tip', 'incentive', 'fee', 'adjustment'))) STRICT;

-- table deliveryReplaced
CREATE TABLE deliveryReplaced (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    deliveryId INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
    replacedByImportId INTEGER NOT NULL REFERENCES importRecord (id),
    figureOfImportId INTEGER REFERENCES importRecord (id),
    ownAmountE4 INTEGER,
    platformTipsE4 INTEGER,
    feesE4 INTEGER
) STRICT;

-- table deliveryTip
CREATE TABLE deliveryTip (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    deliveryId INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
    amountE4 INTEGER NOT NULL CHECK (amountE4 > 0),
    method TEXT NOT NULL CHECK (length(method) BETWEEN 1 AND 40),
    recordedAtMs INTEGER NOT NULL
) STRICT;

-- table expense
CREATE TABLE expense (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    occurredAtMs INTEGER NOT NULL CHECK (occurredAtMs BETWEEN -62135596800000 AND 253402300799999),
    amountE4 INTEGER NOT NULL CHECK (amountE4 >= 0),
    category TEXT NOT NULL CHECK (length(category) BETWEEN 1 AND 40),
    note TEXT CHECK (length(note) BETWEEN 1 AND 200),
    importId INTEGER REFERENCES importRecord (id)
, recordKey TEXT
    CHECK (recordKey IS NULL OR (length(recordKey) = 64 AND recordKey NOT GLOB '*[^0-9a-f]*'))) STRICT;

-- table importHolding
CREATE TABLE "importHolding" (
    entity TEXT NOT NULL CHECK (entity IN ('delivery', 'deliveryLine', 'expense', 'shiftEarning', 'otherIncome')),
    rowId INTEGER NOT NULL,
    importId INTEGER NOT NULL REFERENCES importRecord (id),
    PRIMARY KEY (entity, rowId, importId)
) STRICT, WITHOUT ROWID;

-- table importRecord
CREATE TABLE importRecord (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('gpx', 'statement', 'expenses')),
    fileName TEXT NOT NULL CHECK (length(fileName) > 0),     -- base name only
    sha256 TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
    template TEXT,
    importedAtMs INTEGER NOT NULL CHECK (importedAtMs BETWEEN -62135596800000 AND 253402300799999),
    summary TEXT NOT NULL
, contentSha256 TEXT
    CHECK (contentSha256 IS NULL OR (length(contentSha256) = 64 AND contentSha256 NOT GLOB '*[^0-9a-f]*')), currency TEXT CHECK (currency IS NULL OR (length(currency) = 3 AND currency NOT GLOB '*[^A-Z]*')), driverPlatformKey TEXT CHECK (length(driverPlatformKey) BETWEEN 1 AND 400), driverDigest TEXT
    CHECK (driverDigest IS NULL OR (length(driverDigest) = 64 AND driverDigest NOT GLOB '*[^0-9a-f]*'))
    CHECK ((driverDigest IS NULL) = (driverPlatformKey IS NULL)), splitGapMs INTEGER CHECK (splitGapMs BETWEEN 1000 AND 57600000)) STRICT;

-- table legacyRecordKeys
CREATE TABLE legacyRecordKeys (since INTEGER NOT NULL) STRICT;

-- table offer
CREATE TABLE offer (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    acceptedAtMs INTEGER NOT NULL CHECK (acceptedAtMs BETWEEN -62135596800000 AND 253402300799999),
    platform TEXT CHECK (length(platform) BETWEEN 1 AND 100),
    importId INTEGER REFERENCES importRecord (id)
) STRICT;

-- table otherIncome
CREATE TABLE otherIncome (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    occurredAtMs INTEGER NOT NULL CHECK (occurredAtMs BETWEEN -62135596800000 AND 253402300799999),
    amountE4 INTEGER NOT NULL CHECK (amountE4 <> 0 AND amountE4 BETWEEN -100000000000 AND 100000000000),
    platform TEXT NOT NULL CHECK (length(platform) BETWEEN 1 AND 100),
    platformKey TEXT NOT NULL CHECK (length(platformKey) BETWEEN 1 AND 400),
    kind TEXT NOT NULL CHECK (kind IN ('incentive', 'quest', 'referral', 'adjustment', 'other')),
    note TEXT CHECK (length(note) BETWEEN 1 AND 200),
    importId INTEGER REFERENCES importRecord (id),
    recordKey TEXT CHECK (recordKey IS NULL OR (length(recordKey) = 64 AND recordKey NOT GLOB '*[^0-9a-f]*')),
    CHECK ((importId IS NULL) = (recordKey IS NULL))
) STRICT;

-- table pickupPlace
CREATE TABLE pickupPlace (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    matchKey TEXT NOT NULL UNIQUE
) STRICT;

-- table routeFigureStale
CREATE TABLE routeFigureStale (shiftId INTEGER PRIMARY KEY) STRICT;

-- table routeSample
CREATE TABLE "routeSample" (
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

-- table routeSampleAside
CREATE TABLE routeSampleAside (
    id INTEGER PRIMARY KEY,
    captureSessionId INTEGER NOT NULL REFERENCES captureSession (id),
    recordedAtMs INTEGER NOT NULL CHECK (recordedAtMs BETWEEN -62135596800000 AND 253402300799999),
    latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude REAL NOT NULL CHECK (longitude >= -180 AND longitude < 180),
    horizontalAccuracyM REAL CHECK (horizontalAccuracyM >= 0)
) STRICT;

-- table routeSampleSequence
CREATE TABLE routeSampleSequence (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    next INTEGER NOT NULL CHECK (next >= 1)
) STRICT;

-- table routeSuspension
CREATE TABLE routeSuspension (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shiftId INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
    startedAtMs INTEGER NOT NULL CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
    endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs >= startedAtMs)
) STRICT;

-- table shift
CREATE TABLE shift (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    startedAtMs INTEGER NOT NULL CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
    endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs > startedAtMs),
    grossEarningsE4 INTEGER CHECK (grossEarningsE4 >= 0),
    platformTipsE4 INTEGER CHECK (platformTipsE4 >= 0 AND platformTipsE4 <= grossEarningsE4),
    fuelMpgE4 INTEGER CHECK (fuelMpgE4 > 0),
    fuelPricePerGallonE4 INTEGER CHECK (fuelPricePerGallonE4 >= 0),
    importId INTEGER REFERENCES importRecord (id), earningsImportId INTEGER REFERENCES importRecord (id), fuelSeeded INTEGER NOT NULL DEFAULT 0
    CHECK (fuelSeeded IN (0, 1)) CHECK (fuelSeeded = 0 OR fuelMpgE4 IS NOT NULL), recordedMilesE1 INTEGER
    CHECK (recordedMilesE1 >= 0) CHECK (recordedMilesE1 IS NULL OR endedAtMs IS NOT NULL), odometerStartE1 INTEGER
    CHECK (odometerStartE1 >= 0) CHECK (odometerStartE1 IS NULL OR recordedMilesE1 IS NOT NULL), odometerEndE1 INTEGER
    CHECK ((odometerEndE1 IS NULL) = (odometerStartE1 IS NULL))
    CHECK (odometerEndE1 IS NULL OR odometerEndE1 - odometerStartE1 = recordedMilesE1),
    CHECK (grossEarningsE4 IS NULL OR endedAtMs IS NOT NULL),       -- earnings: completed shifts only
    CHECK (platformTipsE4 IS NULL OR grossEarningsE4 IS NOT NULL),  -- tips are part of gross
    CHECK ((fuelMpgE4 IS NULL) = (fuelPricePerGallonE4 IS NULL)),   -- the assumption is a pair
    CHECK (fuelMpgE4 IS NULL OR endedAtMs IS NOT NULL)              -- fuel: completed shifts only
) STRICT;

-- table shiftEarning
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

-- table shiftPause
CREATE TABLE shiftPause (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    shiftId INTEGER NOT NULL REFERENCES shift (id) ON DELETE CASCADE,
    startedAtMs INTEGER NOT NULL CHECK (startedAtMs BETWEEN -62135596800000 AND 253402300799999),
    endedAtMs INTEGER CHECK (endedAtMs BETWEEN -62135596800000 AND 253402300799999) CHECK (endedAtMs >= startedAtMs)
) STRICT;

-- table shiftRouteFigure
CREATE TABLE shiftRouteFigure (
    shiftId INTEGER PRIMARY KEY REFERENCES shift (id) ON DELETE CASCADE,
    meters REAL NOT NULL CHECK (meters >= 0),
    hasTrips INTEGER NOT NULL CHECK (hasTrips IN (0, 1)),
    betweenTripsM REAL NOT NULL,
    sharedM REAL NOT NULL
) STRICT;

-- table shiftRouteFigurePlatform
CREATE TABLE shiftRouteFigurePlatform (
    shiftId INTEGER NOT NULL REFERENCES shiftRouteFigure (shiftId) ON DELETE CASCADE,
    platformKey TEXT NOT NULL CHECK (length(platformKey) <= 100),
    name TEXT CHECK (length(name) BETWEEN 1 AND 100),
    meters REAL,
    PRIMARY KEY (shiftId, platformKey)
) STRICT, WITHOUT ROWID;

-- table sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- table taxPayment
CREATE TABLE taxPayment (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    paidOn TEXT NOT NULL CHECK (paidOn GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(julianday(paidOn)) IS paidOn),
    taxYear INTEGER NOT NULL CHECK (taxYear BETWEEN 1900 AND 9999),
    amountE4 INTEGER NOT NULL CHECK (amountE4 > 0),
    note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 200)
) STRICT;

-- table vehicleDefault
CREATE TABLE vehicleDefault (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    fuelMpgE4 INTEGER NOT NULL CHECK (fuelMpgE4 > 0),
    fuelPricePerGallonE4 INTEGER NOT NULL CHECK (fuelPricePerGallonE4 >= 0),
    setAtMs INTEGER NOT NULL CHECK (setAtMs BETWEEN -62135596800000 AND 253402300799999)
) STRICT;

-- table vehicleOdometerYear
CREATE TABLE vehicleOdometerYear (
    year INTEGER PRIMARY KEY CHECK (year BETWEEN 1900 AND 9999),
    startE1 INTEGER NOT NULL CHECK (startE1 >= 0),
    endE1 INTEGER CHECK (endE1 IS NULL OR endE1 >= startE1)
) STRICT;

-- trigger deliveryAmountInsert
CREATE TRIGGER deliveryAmountInsert BEFORE INSERT ON delivery
WHEN NEW.ownAmountE4 < 0 OR NEW.platformTipsE4 < 0 OR NEW.platformTipsE4 > NEW.ownAmountE4
BEGIN SELECT RAISE(ABORT, 'a delivery''s own amount is never negative and holds its tips'); END;

-- trigger deliveryAmountUpdate
CREATE TRIGGER deliveryAmountUpdate BEFORE UPDATE OF ownAmountE4, platformTipsE4 ON delivery
WHEN (NEW.ownAmountE4 < 0 OR NEW.platformTipsE4 < 0 OR NEW.platformTipsE4 > NEW.ownAmountE4)
     AND NOT EXISTS (SELECT 1 FROM deliveryLine l WHERE l.deliveryId = NEW.id)
BEGIN SELECT RAISE(ABORT, 'a delivery''s own amount is never negative and holds its tips'); END;

-- trigger deliveryLineFixed
CREATE TRIGGER deliveryLineFixed BEFORE UPDATE OF deliveryId, recordKey, occurredAtMs, amountE4, tipsE4, kind ON deliveryLine
BEGIN SELECT RAISE(ABORT, 'a money line is never changed: undo its import'); END;

-- trigger deliveryOfferOnOneShiftInsert
CREATE TRIGGER deliveryOfferOnOneShiftInsert BEFORE INSERT ON delivery
WHEN EXISTS (SELECT 1 FROM delivery d WHERE d.offerId = NEW.offerId AND d.shiftId <> NEW.shiftId)
BEGIN SELECT RAISE(ABORT, 'all deliveries of an offer belong to one shift'); END;

-- trigger deliveryOfferOnOneShiftUpdate
CREATE TRIGGER deliveryOfferOnOneShiftUpdate BEFORE UPDATE OF shiftId, offerId ON delivery
WHEN EXISTS (SELECT 1 FROM delivery d WHERE d.offerId = NEW.offerId AND d.shiftId <> NEW.shiftId AND d.id <> NEW.id)
BEGIN SELECT RAISE(ABORT, 'all deliveries of an offer belong to one shift'); END;

-- trigger routeFigureOfferPlatform
CREATE TRIGGER routeFigureOfferPlatform AFTER UPDATE OF id, platform ON offer
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) SELECT shiftId FROM delivery WHERE offerId IN (OLD.id, NEW.id); END;

-- trigger routeFigureSampleDelete
CREATE TRIGGER routeFigureSampleDelete AFTER DELETE ON routeSample
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;

-- trigger routeFigureSessionDelete
CREATE TRIGGER routeFigureSessionDelete AFTER DELETE ON captureSession
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;

-- trigger routeFigureSessionInsert
CREATE TRIGGER routeFigureSessionInsert AFTER INSERT ON captureSession
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (NEW.shiftId); END;

-- trigger routeFigureSessionUpdate
CREATE TRIGGER routeFigureSessionUpdate AFTER UPDATE OF id, shiftId, measureMethod ON captureSession
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId), (NEW.shiftId); END;

-- trigger routeFigureShiftTimes
CREATE TRIGGER routeFigureShiftTimes AFTER UPDATE OF id, startedAtMs, endedAtMs ON shift
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.id), (NEW.id); END;

-- trigger routeFigureStaleDeletesFigure
CREATE TRIGGER routeFigureStaleDeletesFigure AFTER INSERT ON routeFigureStale
BEGIN DELETE FROM shiftRouteFigure WHERE shiftId = NEW.shiftId; END;

-- trigger routeFigureSuspensionDelete
CREATE TRIGGER routeFigureSuspensionDelete AFTER DELETE ON routeSuspension
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;

-- trigger routeFigureSuspensionInsert
CREATE TRIGGER routeFigureSuspensionInsert AFTER INSERT ON routeSuspension
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (NEW.shiftId); END;

-- trigger routeFigureSuspensionUpdate
CREATE TRIGGER routeFigureSuspensionUpdate AFTER UPDATE ON routeSuspension
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId), (NEW.shiftId); END;

-- trigger routeFigureTripDelete
CREATE TRIGGER routeFigureTripDelete AFTER DELETE ON delivery
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId); END;

-- trigger routeFigureTripInsert
CREATE TRIGGER routeFigureTripInsert AFTER INSERT ON delivery
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (NEW.shiftId); END;

-- trigger routeFigureTripUpdate
CREATE TRIGGER routeFigureTripUpdate AFTER UPDATE OF shiftId, offerId, acceptedAtMs, deliveredAtMs, cancelledAtMs ON delivery
BEGIN INSERT OR IGNORE INTO routeFigureStale (shiftId) VALUES (OLD.shiftId), (NEW.shiftId); END;

-- trigger routeSuspensionWithinShiftInsert
CREATE TRIGGER routeSuspensionWithinShiftInsert BEFORE INSERT ON routeSuspension
WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id = NEW.shiftId AND (NEW.startedAtMs < s.startedAtMs
    OR (s.endedAtMs IS NOT NULL AND (NEW.endedAtMs IS NULL OR NEW.endedAtMs > s.endedAtMs))))
BEGIN SELECT RAISE(ABORT, 'a parked stretch must lie within its shift'); END;

-- trigger routeSuspensionWithinShiftUpdate
CREATE TRIGGER routeSuspensionWithinShiftUpdate BEFORE UPDATE ON routeSuspension
WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id = NEW.shiftId AND (NEW.startedAtMs < s.startedAtMs
    OR (s.endedAtMs IS NOT NULL AND (NEW.endedAtMs IS NULL OR NEW.endedAtMs > s.endedAtMs))))
BEGIN SELECT RAISE(ABORT, 'a parked stretch must lie within its shift'); END;

-- trigger shiftNoOverlapInsert
CREATE TRIGGER shiftNoOverlapInsert BEFORE INSERT ON shift
WHEN EXISTS (SELECT 1 FROM shift s WHERE s.startedAtMs >= NEW.startedAtMs
             AND s.startedAtMs < coalesce(NEW.endedAtMs, 253402300799999))
  OR coalesce((SELECT coalesce(s.endedAtMs, 253402300799999) FROM shift s WHERE s.startedAtMs < NEW.startedAtMs
               ORDER BY s.startedAtMs DESC LIMIT 1), -62135596800000) > NEW.startedAtMs
BEGIN SELECT RAISE(ABORT, 'shifts cannot overlap'); END;

-- trigger shiftNoOverlapUpdate
CREATE TRIGGER shiftNoOverlapUpdate BEFORE UPDATE OF startedAtMs, endedAtMs ON shift
WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id <> NEW.id AND s.startedAtMs >= NEW.startedAtMs
             AND s.startedAtMs < coalesce(NEW.endedAtMs, 253402300799999))
  OR coalesce((SELECT coalesce(s.endedAtMs, 253402300799999) FROM shift s WHERE s.id <> NEW.id AND s.startedAtMs < NEW.startedAtMs
               ORDER BY s.startedAtMs DESC LIMIT 1), -62135596800000) > NEW.startedAtMs
BEGIN SELECT RAISE(ABORT, 'shifts cannot overlap'); END;

-- trigger shiftPauseWithinShiftInsert
CREATE TRIGGER shiftPauseWithinShiftInsert BEFORE INSERT ON shiftPause
WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id = NEW.shiftId AND (NEW.startedAtMs < s.startedAtMs
    OR (s.endedAtMs IS NOT NULL AND (NEW.endedAtMs IS NULL OR NEW.endedAtMs > s.endedAtMs))))
BEGIN SELECT RAISE(ABORT, 'a pause must lie within its shift'); END;

-- trigger shiftPauseWithinShiftUpdate
CREATE TRIGGER shiftPauseWithinShiftUpdate BEFORE UPDATE ON shiftPause
WHEN EXISTS (SELECT 1 FROM shift s WHERE s.id = NEW.shiftId AND (NEW.startedAtMs < s.startedAtMs
    OR (s.endedAtMs IS NOT NULL AND (NEW.endedAtMs IS NULL OR NEW.endedAtMs > s.endedAtMs))))
BEGIN SELECT RAISE(ABORT, 'a pause must lie within its shift'); END;

-- trigger shiftTimesKeepSpansInside
CREATE TRIGGER shiftTimesKeepSpansInside BEFORE UPDATE OF startedAtMs, endedAtMs ON shift
WHEN EXISTS (SELECT 1 FROM shiftPause p WHERE p.shiftId = NEW.id AND (p.startedAtMs < NEW.startedAtMs
        OR (NEW.endedAtMs IS NOT NULL AND (p.startedAtMs > NEW.endedAtMs OR p.endedAtMs > NEW.endedAtMs))))
  OR EXISTS (SELECT 1 FROM routeSuspension r WHERE r.shiftId = NEW.id AND (r.startedAtMs < NEW.startedAtMs
        OR (NEW.endedAtMs IS NOT NULL AND (r.startedAtMs > NEW.endedAtMs OR r.endedAtMs > NEW.endedAtMs))))
BEGIN SELECT RAISE(ABORT, 'pauses and parked stretches must lie within their shift'); END;
