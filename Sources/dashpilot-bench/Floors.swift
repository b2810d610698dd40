import DashModel
import DashStore
import Foundation
import SQLiteKit

// The machine's floors that issue 18 prints beside its goals, measured in the same run.

/// Removes a bench store and the files beside it (its log, index and first-write stamp).
func removeStoreFiles(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-verified"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// The positions a store's route holds, in its order: the rows an import of one file wrote.
func storedPositions(_ path: String) throws -> [(at: Int64, latitude: Double, longitude: Double, accuracy: Double?)] {
    let connection = try Connection(path: path, mode: .readOnly)
    return try connection.query("SELECT recordedAtMs, latitude, longitude, horizontalAccuracyM FROM routeSample ORDER BY shiftId, recordedAtMs")
        .map { ($0[0].int64 ?? 0, $0[1].double ?? 0, $0[2].double ?? 0, $0[3].double) }
}

/// SQLite's insert rate of `rows` into a fresh store's routeSample (its table, key, foreign key
/// and checks as the schema has them), with one prepared statement in one transaction, commit
/// (synchronous=FULL) included: what an import could reach if reading, parsing and filtering
/// cost nothing. Returns the seconds.
func sqliteInsertFloor(_ rows: [(at: Int64, latitude: Double, longitude: Double, accuracy: Double?)], store path: String) throws -> Double {
    removeStoreFiles(path)
    let store = try Store.open(at: path, create: true)
    let first = Instant(millisecondsSinceEpoch: rows.first?.at ?? 0)
    let last = Instant(millisecondsSinceEpoch: (rows.last?.at ?? 0) + 1000)
    let shift = try store.write { try store.createCompletedShift(start: first, end: last) }
    try store.write { try store.beginCapture(shiftID: shift, startedAt: first, source: "floor").finish() }
    let session = try store.connection.scalar("SELECT max(id) FROM captureSession")?.int64 ?? 0
    let clock = ContinuousClock()
    let t0 = clock.now
    try store.connection.execute("BEGIN IMMEDIATE")
    let insert = try store.connection.prepare("""
        INSERT INTO routeSample (shiftId, captureSessionId, recordedAtMs, latitude, longitude, horizontalAccuracyM, id)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """)
    try insert.bind(shift, at: 1)
    try insert.bind(session, at: 2)
    // Ids in writing order, as the route's own writer gives them (schema v15's key part).
    var id: Int64 = 1
    for row in rows {
        try insert.bind(id, at: 7)
        id += 1
        try insert.bind(row.at, at: 3)
        try insert.bind(row.latitude, at: 4)
        try insert.bind(row.longitude, at: 5)
        try insert.bind(row.accuracy, at: 6)
        try insert.execute()
    }
    insert.finalize()
    try store.connection.execute("COMMIT")
    return seconds(clock.now - t0)
}

/// hledger's rules for the delivery-log CSV of group 6: every row a transaction of its pay.
let hledgerRules = """
    skip 1
    fields date, accepted, delivered, platform, pay, tips, pickup
    currency $
    description %platform delivery %accepted to %delivered
    amount1 %pay
    account1 assets:receivable:%platform
    account2 income:deliveries

    """

/// Python's csv module reading a file whole: prints its seconds.
let pythonCSVScript = "import csv,sys,time\nt=time.time()\nn=sum(1 for _ in csv.reader(open(sys.argv[1], newline='')))\nprint(time.time()-t)"

/// gpxpy parsing a file: prints points/s, or `none` when gpxpy is not installed.
let gpxpyScript = "import sys,time\ntry:\n import gpxpy\nexcept ImportError:\n print('none'); sys.exit()\nt=time.time()\ng=gpxpy.parse(open(sys.argv[1]))\nn=sum(len(s.points) for k in g.tracks for s in k.segments)\nprint(n/(time.time()-t))"

func ratioText(_ value: Double) -> String { String(format: "%.2f", value) }
func rate(_ value: Double) -> String { String(format: "%.0fk/s", value / 1000) }

/// SQLite's cost of inserting the rows a statement import wrote (its import record, shifts,
/// pickup places, offers and deliveries, copied from `source`) into a fresh store, in one
/// transaction with the schema's checks, triggers, foreign keys and indexes, commit included:
/// what the import could reach if reading, judging and planning cost nothing. Returns the seconds.
func sqliteStatementFloor(from source: String, store path: String,
                          tables: [String] = ["importRecord", "shift", "pickupPlace", "offer", "delivery"]) throws -> Double {
    removeStoreFiles(path)
    let store = try Store.open(at: path, create: true)
    // A first write verifies the store (the full checks), outside the timed part.
    try store.write { try store.connection.execute("DELETE FROM routeFigureStale") }
    let connection = store.connection
    try connection.execute("ATTACH DATABASE '\(source.replacingOccurrences(of: "'", with: "''"))' AS source")
    let clock = ContinuousClock()
    let t0 = clock.now
    try connection.execute("BEGIN IMMEDIATE")
    for table in tables {
        try connection.execute("INSERT INTO main.\(table) SELECT * FROM source.\(table)")
    }
    try connection.execute("COMMIT")
    let elapsed = seconds(clock.now - t0)
    try connection.execute("DETACH DATABASE source")
    return elapsed
}
