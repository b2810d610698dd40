import DashModel
import DashStore
import Foundation
import SQLiteKit
import Testing
import TestSupport

/// `Store.retimeShift` (Sources/DashStore/ShiftEdit.swift): a completed shift's times changed in
/// one transaction, everything on it kept, or refused with nothing written.
@Suite struct ShiftEditStoreTests {
    /// Seeded: shift A (minutes 0-120, its records within 0-110) and B (180-300, records
    /// within 180-299) of ``Record`` take random times that still hold everything on them, and
    /// back: the record is what it was. Times that cut into them are refused, changing nothing.
    @Test(arguments: [UInt64(1), 2, 3, 17, 2026])
    func editingAndEditingBackGivesTheSameRecord(seed: UInt64) throws {
        let record = try Record(store: try Store.inMemory())
        let store = record.store
        let original = try dumpRecord(store)
        var random = SplitMix64(state: seed)
        func pick(_ range: ClosedRange<Int64>) -> Int64 { range.lowerBound + Int64(random.next() % UInt64(range.count)) }
        for _ in 0..<20 {
            let (id, starts, ends, old): (Int64, ClosedRange<Int64>, ClosedRange<Int64>, (Int64, Int64)) =
                random.next() % 2 == 0 ? (record.a, -120...0, 110...179, (0, 120)) : (record.b, 121...180, 300...400, (180, 300))
            let start = pick(starts), end = pick(ends)
            let was = try store.retimeShift(id, start: minute(start), end: minute(end))
            #expect(was.start == minute(old.0) && was.end == minute(old.1))
            #expect(try store.routeSampleCount(shiftID: id) == (id == record.a ? 600 : 120))
            try store.retimeShift(id, start: minute(old.0), end: minute(old.1))
            #expect(try dumpRecord(store) == original)
            // A start after A's first record, or an end before B's last delivery event: refused.
            let cut = id == record.a ? (pick(1...50), Int64(120)) : (Int64(180), pick(231...298))
            let before = try dumpRecord(store)
            #expect(throws: ShiftEditMisfit.self) { try store.retimeShift(id, start: minute(cut.0), end: minute(cut.1)) }
            #expect(try dumpRecord(store) == before)
        }
    }

    @Test func whatWouldNotFitIsCountedWithTheFirstOfIt() throws {
        let record = try Record(store: try Store.inMemory())
        let store = record.store
        // A's records after minute 60: both deliveries of the first offer end at 70 and 80, the
        // cancelled one is accepted at 90; positions from 60 on (the second session's 300, one at 60 kept).
        do {
            try store.retimeShift(record.a, start: minute(0), end: minute(60))
            Issue.record("the edit was not refused")
        } catch let misfit as ShiftEditMisfit {
            #expect(misfit.deliveries == 3)
            #expect(misfit.routePositions == 299)
            #expect(misfit.pauses == 0 && misfit.parkedStretches == 0)
            #expect(misfit.first == minute(50))
        }
        try expectRefused(ModelError.overlappingShift(existing: record.b), in: store) {
            try store.retimeShift(record.a, start: minute(0), end: minute(200))
        }
        try expectRefused(ModelError.endsBeforeStart(start: minute(130), end: minute(120)), in: store) {
            try store.retimeShift(record.a, start: minute(130), end: minute(120))
        }
    }

    @Test func anActiveShiftAndAShiftAnImportMadeAreRefused() throws {
        let record = try Record(store: try Store.inMemory(), withActiveShift: true)
        let store = record.store
        let active = try #require(record.active)
        try expectRefused(ShiftEditRefusal.active(shiftID: active), in: store) {
            try store.retimeShift(active, start: minute(350), end: minute(400))
        }
        let importID = try store.beginImport(kind: .gpx, fileName: "made.gpx", sha256: String(repeating: "a", count: 64), template: nil,
                                             at: minute(1000))
        let made = try store.createCompletedShift(start: minute(-2000), end: minute(-1900), importID: importID)
        try expectRefused(ShiftEditRefusal.madeByImport(shiftID: made, importID: importID, fileName: "made.gpx"), in: store) {
            try store.retimeShift(made, start: minute(-2010), end: minute(-1900))
        }
    }

    @Test func thePlatformOfYourOneFigureMovesAndSeveralAreRefused() throws {
        let store = try Store.inMemory()
        let id = try store.createCompletedShift(start: minute(0), end: minute(60))
        try expectRefused(ShiftPlatformRefusal.noTypedFigure(shiftID: id), in: store) { try store.setTypedFigurePlatform(id, to: "DoorDash") }
        try store.setEarnings(id, try paid("50", tips: "5"))
        let first = try store.setTypedFigurePlatform(id, to: "DoorDash")
        #expect(first?.was == .wholeShift)
        #expect(try store.requireShift(id).earnings == nil)
        #expect(try store.shiftEarnings(of: id).map { [$0.platform, $0.gross?.formatted(), $0.tips?.formatted()] } == [["DoorDash", "50.00", "5.00"]])
        #expect(try store.setTypedFigurePlatform(id, to: "DoorDash") == nil)
        #expect(try store.setTypedFigurePlatform(id, to: "Uber")?.was == .platform("DoorDash"))
        try store.setEarnings(id, try paid("10"))
        try expectRefused(ShiftPlatformRefusal.severalTypedFigures(shiftID: id, names: ["the whole shift", "Uber"]), in: store) {
            try store.setTypedFigurePlatform(id, to: "Grubhub")
        }
    }
}
