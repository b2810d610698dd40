import SQLiteKit

extension Schema {
    /// Income of the business that belongs to no shift (issue 27, docs/record.md "Money"): a
    /// quest, an incentive, a referral bonus, a support credit, an adjustment taking money back.
    /// A record of its own, like an expense: placed in a period by its instant, typed by hand
    /// or added by an import (then with the row's record key, so the same row in another file
    /// is held by that import too and stays until every import holding it is undone). The
    /// rows several imports hold gain this entity: SQLite cannot widen a CHECK, so
    /// `importHolding` is rebuilt with its rows.
    ///
    /// Written on its own branch as "0017" beside another step's "0016": the two are numbered
    /// in the order they are merged; the step touches no table but these two.
    static let v17 = Migration("0017 other income", """
        -- Income on no shift. amountE4 is never 0 (a sum of nothing records nothing) and may be
        -- below 0 (an adjustment taking money back); within Money.largestRecordable either way.
        -- platformKey is the platform folded (letter case and blanks ignored), as
        -- shiftEarning.platformKey. A row an import added has its import and its record key
        -- (SHA-256 of the row's content); a typed row has neither.
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
        CREATE INDEX otherIncomeByTime ON otherIncome (occurredAtMs);
        CREATE INDEX otherIncomeByImport ON otherIncome (importId) WHERE importId IS NOT NULL;
        CREATE INDEX otherIncomeByRecordKey ON otherIncome (recordKey) WHERE recordKey IS NOT NULL;

        -- v7's importHolding, its entity admitting otherIncome; its rows kept as they were.
        CREATE TABLE importHoldingV17 (
            entity TEXT NOT NULL CHECK (entity IN ('delivery', 'deliveryLine', 'expense', 'shiftEarning', 'otherIncome')),
            rowId INTEGER NOT NULL,
            importId INTEGER NOT NULL REFERENCES importRecord (id),
            PRIMARY KEY (entity, rowId, importId)
        ) STRICT, WITHOUT ROWID;
        INSERT INTO importHoldingV17 (entity, rowId, importId) SELECT entity, rowId, importId FROM importHolding;
        DROP TABLE importHolding;
        ALTER TABLE importHoldingV17 RENAME TO importHolding;
        CREATE INDEX importHoldingByImport ON importHolding (importId);
        """)
}
