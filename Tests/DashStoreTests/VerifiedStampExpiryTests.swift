import DashStore
import Foundation
import Testing
import TestSupport

/// When the stamp beside a store is trusted (Sources/DashStore/VerifiedStamp.swift): only for the
/// file state it describes, before it expires, and only as written whole.
@Suite struct VerifiedStampExpiryTests {
    let folder: TemporaryDirectory
    let store: String
    let state: VerifiedStamp.FileState
    /// The store's first 100 bytes (this test holds no connection to it, so reading it is safe).
    let header: [UInt8]

    init() throws {
        folder = try TemporaryDirectory("DashPilotStampExpiry")
        store = folder.path("s.sqlite")
        do { _ = try Store.open(at: store, create: true) }
        header = try #require(FileManager.default.contents(atPath: store)).prefix(100).map { $0 }
        state = try #require(VerifiedStamp.currentState(ofStore: store, header: header))
    }

    func stamp(at fullCheck: Int64, sessions: Int) -> VerifiedStamp {
        let stamp = VerifiedStamp(file: state, fullCheckAt: fullCheck, sessionsSince: sessions)
        stamp.write(store: store)
        return stamp
    }

    @Test func trustedOnlyBeforeItsAgeAndSessionBounds() {
        let now: Int64 = 1_796_000_000
        #expect(VerifiedStamp.trusted(store: store, header: header, now: now) == nil, "no stamp")
        let fresh = stamp(at: now - 86_400, sessions: 5)
        #expect(VerifiedStamp.trusted(store: store, header: header, now: now) == fresh)
        _ = stamp(at: now - VerifiedStamp.maximumAge, sessions: 0)
        #expect(VerifiedStamp.trusted(store: store, header: header, now: now) == nil, "thirty days old")
        _ = stamp(at: now - 60, sessions: VerifiedStamp.maximumSessions)
        #expect(VerifiedStamp.trusted(store: store, header: header, now: now) == nil, "a hundred sessions since the full check")
        _ = stamp(at: now + 3_600, sessions: 0)
        #expect(VerifiedStamp.trusted(store: store, header: header, now: now) == nil, "a clock set back before the full check")
    }

    @Test func anEditedOrTornStampIsNone() throws {
        let now: Int64 = 1_796_000_000
        _ = stamp(at: now, sessions: 0)
        let path = VerifiedStamp.path(forStore: store)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(VerifiedStamp.trusted(store: store, header: header, now: now) != nil)
        try text.replacingOccurrences(of: "sessions-since 0", with: "sessions-since 1").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(VerifiedStamp.read(store: store) == nil, "the sum no longer matches")
        try String(text.prefix(text.count / 2)).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(VerifiedStamp.read(store: store) == nil, "torn")
    }

    @Test func anotherFileStateIsNotTrusted() throws {
        let now: Int64 = 1_796_000_000
        var other = state
        other.changed = "1.0"
        VerifiedStamp(file: other, fullCheckAt: now, sessionsSince: 0).write(store: store)
        #expect(VerifiedStamp.trusted(store: store, header: header, now: now) == nil)
        // A log with anything in it beside the store: its frames are not in the stamp.
        _ = stamp(at: now, sessions: 0)
        try Data([1]).write(to: URL(fileURLWithPath: store + "-wal"))
        #expect(VerifiedStamp.trusted(store: store, header: header, now: now) == nil)
    }
}
