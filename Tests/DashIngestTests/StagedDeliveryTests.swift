import DashImport
import DashIngest
import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing

/// A delivery file's rows are numbered and judged as they are read, and each is written once,
/// onto the shift its island's plan gives it (Sources/DashStore/StagedDeliveries.swift), never
/// written on the parked shift and moved.
@Suite("staged deliveries")
struct StagedDeliveryTests {
    static let header = "Date,Accepted,Delivered,Platform,Pay,Tips,Pickup\n"

    @Test("a file out of time order: ids in the file's order, each row once on the shift its times say")
    func outOfOrderFile() throws {
        let bench = try IngestBench()
        let driver = try bench.shift("2026-11-06T11:00", "2026-11-06T14:00")
        // Three days, the file not in time order; the middle day inside the driver's shift.
        let text = Self.header
            + "2026-11-07,18:10,18:30,DoorDash,5.00,,Taco\n"
            + "2026-11-05,17:00,17:20,DoorDash,6.00,,Pho\n"
            + "2026-11-06,12:00,12:15,DoorDash,7.00,1.00,Taco\n"
            + "2026-11-05,16:30,16:50,DoorDash,8.00,,Pho\n"
            + "2026-11-07,18:40,19:00,DoorDash,9.00,,Pho\n"
        let end = try bench.statement("d.csv", text, template: try bench.template("delivery-log"))
        #expect(end.outcome?.counts.deliveries == 5)
        let rows = try bench.store.connection.query("""
            SELECT d.id, d.offerId, d.shiftId, d.ownAmountE4, o.acceptedAtMs = d.acceptedAtMs FROM delivery d JOIN offer o ON o.id = d.offerId ORDER BY d.id
            """)
        // Ids follow the file's lines: its pay in file order.
        #expect(rows.map { $0[3].int64 } == [50_000, 60_000, 70_000, 80_000, 90_000])
        #expect(rows.map { $0[0].int64 } == [1, 2, 3, 4, 5])
        #expect(rows.map { $0[1].int64 } == [1, 2, 3, 4, 5])
        #expect(rows.allSatisfy { $0[4].int64 == 1 })
        let shifts = try bench.store.shifts()
        #expect(shifts.count == 3)
        #expect(shifts.allSatisfy { $0.id > 0 }, "no parked shift is left")
        // Day 1's two rows on one made shift, day 2's on the driver's, day 3's two on another.
        let byShift = Dictionary(grouping: rows, by: { $0[2].int64 ?? 0 }).mapValues { $0.map { $0[0].int64 ?? 0 }.sorted() }
        #expect(byShift[driver] == [3])
        #expect(Set(byShift.values) == [[2, 4], [3], [1, 5]])
        #expect(try bench.store.structuralFaults().isEmpty)
    }

    @Test("a plan refused on a later island writes nothing, though earlier islands' rows were written")
    func laterIslandRefused() throws {
        let bench = try IngestBench()
        var text = Self.header + "2026-11-05,17:00,17:20,DoorDash,6.00,,Pho\n"
        // Two days on, deliveries every 50 minutes for 17 hours: one made shift longer than 16 h.
        let start = try bench.at("2026-11-07T04:00")
        let zone = bench.zone
        for step in 0..<21 {
            let accepted = Instant(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64(step) * 50 * 60_000)
            let local = TimeText.local(accepted, zone: zone)
            let date = String(local.prefix(10)), time = String(local.dropFirst(11).prefix(5))
            text += "\(date),\(time),\(time),DoorDash,3.00,,Pho\n"
        }
        let end = try bench.statement("d.csv", text, template: try bench.template("delivery-log"))
        guard case .refused(let problems) = end else {
            Issue.record("a 17-hour made shift was accepted: \(end)")
            return
        }
        #expect(problems.contains { $0.message.contains("more than 16 h") }, "\(problems)")
        #expect(try bench.store.connection.scalar("SELECT count(*) FROM delivery")?.int64 == 0)
        #expect(try bench.store.connection.scalar("SELECT count(*) FROM offer")?.int64 == 0)
        #expect(try bench.store.shifts().isEmpty)
        #expect(try bench.store.connection.scalar("SELECT count(*) FROM importRecord")?.int64 == 0)
    }
}

@Suite("staged deliveries, the ledger")
struct StagedDeliveriesLedgerTests {
    @Test("a staged delivery the planner never places is refused at the end, not lost")
    func unplacedIsRefused() throws {
        var written: [StagedDeliveries.Placement] = []
        let spans: [(accepted: Int64, end: Int64)] = [(2_000, 2_500), (1_000, 1_200)]
        let staged = StagedDeliveries(parkedShiftID: -1, importID: 1, firstID: 10, count: 2, times: { spans[$0] }, write: { written += $0 })
        #expect(staged.pendingCount == 2)
        let error = #expect(throws: StagedDeliveriesUnplaced.self) { try staged.finish() }
        #expect(error?.count == 2 && error?.importID == 1)
        #expect(written.isEmpty)
    }
}
